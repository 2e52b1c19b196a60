// The bundled Grobots sides in stdlib/grobots/: each loads and checks with no diagnostic at all,
// documents every label with a stack comment, runs every type's brain on the world-less test host
// without a brain error (quiet, and with sensors reporting), and together they cover the six kinds
// of side the library promises (stdlib/grobots/README.md).

#include <catch2/catch.hpp>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "chronon/compiler/grobocode.h"
#include "chronon/compiler/grobocode_checker.h"
#include "chronon/compiler/load.h"
#include "chronon/vm/grobocode_interpreter.h"
#include "chronon/vm/grobocode_test_host.h"
#include "test_support.h"

using namespace chronon;
using namespace chronon::grobocode;
using chronon::grobots::Fixed;

namespace {

// Frames each brain runs; the first frame of a newborn runs nothing (specs/grobots-language.md §5.2).
constexpr int kFrames = 500;

// One bundled side file, read and compiled.
struct LoadedGbSide {
  std::filesystem::path path;
  std::unique_ptr<SourceFile> file;
  SideResult result;
};

std::vector<std::filesystem::path> sidePaths() {
  std::vector<std::filesystem::path> paths;
  const std::filesystem::path dir = test::sourceDir() / "stdlib" / "grobots";
  if (!std::filesystem::is_directory(dir)) return paths;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    if (entry.is_regular_file() && entry.path().extension() == ".gb") paths.push_back(entry.path());
  }
  std::sort(paths.begin(), paths.end());
  return paths;
}

LoadedGbSide loadGbSide(const std::filesystem::path& path) {
  LoadedGbSide side;
  side.path = path;
  Diagnostics readDiagnostics;
  std::optional<SourceFile> file = loadSourceFile(path.string(), readDiagnostics);
  INFO(path.string());
  REQUIRE(file.has_value());
  REQUIRE(readDiagnostics.all().empty());
  side.file = std::make_unique<SourceFile>(std::move(*file));
  side.result = compileSide(*side.file);
  return side;
}

std::vector<LoadedGbSide> loadAll() {
  std::vector<LoadedGbSide> sides;
  for (const auto& path : sidePaths()) sides.push_back(loadGbSide(path));
  return sides;
}

std::string lower(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

// True when some line of `text` defines `label` followed by a stack comment: `name: ;in -- out`.
bool hasStackComment(std::string_view text, const std::string& label) {
  const std::string wanted = lower(label) + ":";
  size_t pos = 0;
  while (pos < text.size()) {
    size_t eol = text.find('\n', pos);
    if (eol == std::string_view::npos) eol = text.size();
    const std::string line = lower(text.substr(pos, eol - pos));
    pos = eol + 1;
    size_t a = line.find_first_not_of(" \t");
    if (a == std::string::npos || line.compare(a, wanted.size(), wanted) != 0) continue;
    const size_t semi = line.find_first_not_of(" \t", a + wanted.size());
    if (semi != std::string::npos && line[semi] == ';' && line.find("--", semi) != std::string::npos) return true;
  }
  return false;
}

// Whether `brain` contains the primitive `prim` anywhere.
bool uses(const Program& brain, Prim prim) {
  return std::any_of(brain.instructions.begin(), brain.instructions.end(), [&](const Instruction& in) {
    return in.type() == static_cast<int>(InstructionType::kPrimitive) && in.index() == static_cast<int>(prim);
  });
}

int32_t processorSpeed(const Type& type) { return hardwareSpec(type).processorSpeed; }
int32_t processorMemory(const Type& type) { return hardwareSpec(type).processorMemory; }

Fixed number(int32_t i) { return Fixed::fromRaw(i * Fixed::kOneRaw); }

// Serves `type` to `host` as a newborn of that type, as `chronon run` does.
void serve(GrobocodeTestHost& host, const Type& type) {
  host.serveType(hardwareSpec(type), type.cost ? type.cost->mass : 0);
}

// Makes the host look like a busy world at `frame`: the clock runs, every sensor swept last frame
// and found an enemy robot, a friend and food, and the battery is 78% full (enough for the sides'
// "full" rules, short of the hive queen's 80% "satisfied" mark).
void makeBusy(GrobocodeTestHost& host, int32_t frame) {
  host.scalars[HwScalar::Time] = number(frame);
  for (HwScalar sensorTime : {HwScalar::RobotSensorTime, HwScalar::FoodSensorTime, HwScalar::ShotSensorTime})
    host.scalars[sensorTime] = number(std::max(frame - 1, 0));
  host.scalars[HwScalar::RobotFound] = number(2);
  host.scalars[HwScalar::NumRobotResults] = number(2);
  host.scalars[HwScalar::RobotSide] = number(2);
  host.vectors[HwVector::RobotPosition] = {number(58), number(53)};
  host.vectors[HwVector::RobotVelocity] = {Fixed::fromRaw(Fixed::kOneRaw / 10), Fixed{}};
  host.scalars[HwScalar::FoodFound] = number(3);
  host.scalars[HwScalar::NumFoodResults] = number(3);
  host.vectors[HwVector::FoodPosition] = {number(44), number(57)};
  const Fixed maxEnergy = host.scalars[HwScalar::MaxEnergy];
  host.scalars[HwScalar::Energy] = Fixed::fromRaw(static_cast<int32_t>(int64_t{maxEnergy.raw()} * 78 / 100));
}

// One type's robot on a shared host.
struct Robot {
  const Type* type;
  MachineState state;
};

// Runs one robot of every type of `side` for kFrames frames on one host (so they share memory and
// messages), serving each robot's type before it thinks; `busy` adds makeBusy. Returns the host.
std::unique_ptr<GrobocodeTestHost> runSide(const LoadedGbSide& side, bool busy) {
  auto host = std::make_unique<GrobocodeTestHost>(7);
  std::vector<Robot> robots;
  for (const Type& type : side.result.side.types) {
    if (type.brain) robots.push_back(Robot{&type, makeBrainState(*type.brain, processorMemory(type))});
  }
  for (int32_t frame = 0; frame < kFrames; ++frame) {
    for (Robot& robot : robots) {
      serve(*host, *robot.type);
      if (busy) makeBusy(*host, frame);
      think(robot.state, *robot.type->brain, *host, processorSpeed(*robot.type));
    }
  }
  for (const Robot& robot : robots) {
    INFO(side.path.filename().string() << " type " << robot.type->name << (busy ? " (busy host)" : " (shared host)"));
    INFO(errorReport(robot.state, *robot.type->brain, side.result.side.name, robot.type->name, 1));
    CHECK(robot.state.status == BrainStatus::kOk);
  }
  return host;
}

bool calls(const GrobocodeTestHost& host, Prim prim) {
  return std::any_of(host.calls.begin(), host.calls.end(), [&](const auto& call) { return call.prim == prim; });
}

}  // namespace

TEST_CASE("bundled Grobots sides load and check with no diagnostics", "[grobots-sides]") {
  const std::vector<LoadedGbSide> sides = loadAll();
  REQUIRE(sides.size() >= 6);
  for (const LoadedGbSide& side : sides) {
    INFO(side.path.filename().string());
    CHECK(side.result.loaded());
    CHECK(render(*side.file, side.result.diagnostics) == "");
    Diagnostics checked;
    checkSide(*side.file, side.result.side, checked);
    CHECK(render(*side.file, checked) == "");
    CHECK(side.result.side.author == "Chronon project");
    CHECK(side.result.side.color.has_value());
    CHECK_FALSE(side.result.side.types.empty());
    for (const Type& type : side.result.side.types) {
      INFO("type " << type.name);
      REQUIRE(type.cost.has_value());
      // Each type must fit the seed budget (5000 - 100 x types, grobots-world.md §12) with room to spare.
      const int64_t cost = type.cost->cost / Fixed::kOneRaw;
      CHECK(cost >= 300);
      CHECK(cost <= 2000);
      CHECK(processorSpeed(type) > 0);
    }
  }
}

TEST_CASE("every label of a bundled side has a stack comment", "[grobots-sides]") {
  for (const LoadedGbSide& side : loadAll()) {
    INFO(side.path.filename().string());
    for (const Type& type : side.result.side.types) {
      if (!type.brain) continue;
      INFO("type " << type.name);
      int commented = 0;
      for (const Label& label : type.brain->labels) {
        if (label.gensym) continue;
        INFO("label " << label.name);
        CHECK(hasStackComment(side.file->text(), label.name));
        ++commented;
      }
      CHECK(commented >= 1);
    }
  }
}

TEST_CASE("every brain of a bundled side runs 500 frames without a brain error", "[grobots-sides]") {
  for (const LoadedGbSide& side : loadAll()) {
    for (const Type& type : side.result.side.types) {
      if (!type.brain) continue;
      INFO(side.path.filename().string() << " type " << type.name);
      GrobocodeTestHost host(1);
      serve(host, type);
      MachineState state = makeBrainState(*type.brain, processorMemory(type));
      int64_t executed = 0;
      for (int frame = 0; frame < kFrames; ++frame) executed += think(state, *type.brain, host, processorSpeed(type));
      INFO(errorReport(state, *type.brain, side.result.side.name, type.name, 1));
      CHECK(state.status == BrainStatus::kOk);
      // The brain really ran: every frame but the newborn one spends cycles.
      CHECK(executed >= kFrames - 1);
    }
  }
}

TEST_CASE("bundled sides run together on a shared host, quiet and busy", "[grobots-sides]") {
  for (const LoadedGbSide& side : loadAll()) {
    runSide(side, false);
    const std::unique_ptr<GrobocodeTestHost> host = runSide(side, true);
    const std::string name = side.path.filename().string();
    INFO(name);
    // With an enemy in sight, each side's weapon is used; the hive keeps its board in shared memory.
    if (name == "algae.gb") CHECK(calls(*host, Prim::Autoconstruct));
    if (name == "fighter.gb") CHECK(calls(*host, Prim::LeadBlaster));
    if (name == "grenadier.gb") CHECK(calls(*host, Prim::LeadGrenade));
    if (name == "guardian.gb") CHECK(calls(*host, Prim::SetForceField));
    if (name == "hive.gb") {
      // Cells 1-2 hold the head queen's position (the host's 50, 50), cell 3 her id, 5 her request.
      CHECK(host->shared[0] == number(50));
      CHECK(host->shared[1] == number(50));
      CHECK(host->shared[2] == number(1));
      CHECK(host->shared[4] == number(1));
      // The worker, hungry queen in hand, turned its syphon to giving.
      CHECK(std::any_of(host->scalarWrites.begin(), host->scalarWrites.end(),
                        [](const auto& write) { return write.hw == HwScalar::SyphonRate && write.value.raw() < 0; }));
    }
  }
}

TEST_CASE("the bundled sides cover the six promised kinds", "[grobots-sides]") {
  bool plant = false, fighter = false, grenadier = false, forceField = false, gatherer = false, talks = false;
  for (const LoadedGbSide& side : loadAll()) {
    for (const Type& type : side.result.side.types) {
      const grobots::HardwareSpec spec = hardwareSpec(type);
      const bool builds = spec.constructor.raw() > 0;
      plant = plant || (spec.solarCells.raw() > 0 && builds);
      gatherer = gatherer || (spec.eater.raw() > 0 && spec.engine.raw() > 0 &&
                              spec.sensor(grobots::SensorKind::kFood).declared && builds);
      fighter = fighter || (spec.blaster.damage.raw() > 0 && spec.sensor(grobots::SensorKind::kRobot).declared);
      grenadier = grenadier || spec.grenades.damage.raw() > 0;
      if (spec.forceField.power.raw() > 0 && type.brain) {
        forceField = forceField || uses(*type.brain, Prim::SetForceField);
      }
      if (type.brain) {
        for (Prim prim : {Prim::Send, Prim::Receive, Prim::Read, Prim::Write, Prim::Vread, Prim::Vwrite})
          talks = talks || uses(*type.brain, prim);
      }
    }
  }
  CHECK(plant);
  CHECK(gatherer);
  CHECK(fighter);
  CHECK(grenadier);
  CHECK(forceField);
  CHECK(talks);
}
