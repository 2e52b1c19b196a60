// RoboWar battle throughput, interpreter, one core: full-length duels per second (two bundled robots
// that both survive all 1500 chronons) and six-robot group battles per second, with the ratio of the
// duel rate to the target of 500 duels/s. Run it through bench/run.sh (a Release build).

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "chronon/arena/robowar_battle.h"
#include "chronon/compiler/load.h"
#include "chronon/compiler/robotalk_assembler.h"

namespace {

namespace rw = chronon::arena::robowar;

constexpr double kTargetDuelsPerSecond = 500.0;

std::unique_ptr<chronon::robotalk::Program> compileBundled(const std::filesystem::path& dir, const std::string& name) {
  const std::string path = (dir / (name + ".rtk")).string();
  chronon::Diagnostics diagnostics;
  auto file = chronon::loadSourceFile(path, diagnostics);
  if (!file) {
    std::fprintf(stderr, "bench_robowar: cannot read %s\n", path.c_str());
    return nullptr;
  }
  auto compiled = chronon::robotalk::compile(*file, chronon::robotalk::CompileOptions{});
  if (compiled.diagnostics.hasErrors()) {
    std::fprintf(stderr, "%s", chronon::render(*file, compiled.diagnostics).c_str());
    return nullptr;
  }
  return std::make_unique<chronon::robotalk::Program>(std::move(compiled.program));
}

// Compiles RoboTalk source text written into the benchmark itself.
std::unique_ptr<chronon::robotalk::Program> compileSource(const char* name, const char* text) {
  const chronon::SourceFile file(name, text);
  auto compiled = chronon::robotalk::compile(file, chronon::robotalk::CompileOptions{});
  if (compiled.diagnostics.hasErrors()) {
    std::fprintf(stderr, "%s", chronon::render(file, compiled.diagnostics).c_str());
    return nullptr;
  }
  return std::make_unique<chronon::robotalk::Program>(std::move(compiled.program));
}

const char* const kBusyRobot = R"(#!!hardware energy 100 damage 100 shield 0 cpu 50 bullets rubber
loop:
  aim 7 + 360 mod aim' store
  range a' store
  a 3 * 2 / b' store
  x y dist c' store
  a b + c - drop
  loop jump
)";

struct Rate {
  double perSecond = 0;
  double meanChronons = 0;
  int battles = 0;
};

// Runs battles with seeds 1, 2, ... for at least `seconds` of wall time.
Rate measure(const std::vector<rw::Entry>& entries, double seconds) {
  using Clock = std::chrono::steady_clock;
  const rw::Rules rules;
  Rate rate;
  long chronons = 0;
  const auto start = Clock::now();
  double elapsed = 0;
  while (elapsed < seconds) {
    for (int k = 0; k < 10; ++k) {
      chronons += rw::runBattle(entries, static_cast<uint64_t>(++rate.battles), rules).chronons;
    }
    elapsed = std::chrono::duration<double>(Clock::now() - start).count();
  }
  rate.perSecond = rate.battles / elapsed;
  rate.meanChronons = static_cast<double>(chronons) / rate.battles;
  return rate;
}

}  // namespace

int main(int argc, char** argv) {
  const std::filesystem::path dir = argc > 1 ? std::filesystem::path(argv[1])
                                             : std::filesystem::path(CHRONON_BENCH_SOURCE_DIR) / "stdlib" / "robowar";
  const double seconds = argc > 2 ? std::stod(argv[2]) : 3.0;
  // Two pacifist movers never hit each other, so every duel runs the full 1500 chronons.
  auto mover = compileBundled(dir, "wanderer");
  // A processor-bound robot: 50 instructions every chronon of sensor reads, arithmetic and register
  // writes, never firing, so two of them also last all 1500 chronons (150,000 instructions a duel).
  auto busy = compileSource("busy", kBusyRobot);
  std::vector<std::unique_ptr<chronon::robotalk::Program>> group;
  for (const char* name : {"spinner", "dodger", "missileer", "stunner", "minelayer", "corner-camper"}) {
    group.push_back(compileBundled(dir, name));
    if (!group.back()) return 1;
  }
  if (!mover || !busy) return 1;

  const Rate duels = measure({{mover.get(), 0}, {mover.get(), 0}}, seconds);
  const Rate busyDuels = measure({{busy.get(), 0}, {busy.get(), 0}}, seconds);
  std::vector<rw::Entry> six;
  for (const auto& p : group) six.push_back({p.get(), 0});
  const Rate groups = measure(six, seconds);

  std::printf("robowar benchmark (interpreter, one core)\n");
  std::printf("  duels  wanderer vs wanderer : %9.1f battles/s  (%d battles, mean %.0f chronons)\n", duels.perSecond,
              duels.battles, duels.meanChronons);
  std::printf(
      "  duels  busy cpu-50 robots   : %9.1f battles/s  (%d battles, mean %.0f chronons, %.1f M instructions/s)\n",
      busyDuels.perSecond, busyDuels.battles, busyDuels.meanChronons,
      busyDuels.perSecond * busyDuels.meanChronons * 2 * 50 / 1e6);
  std::printf("  groups of 6 bundled robots  : %9.1f battles/s  (%d battles, mean %.0f chronons)\n", groups.perSecond,
              groups.battles, groups.meanChronons);
  std::printf("  duel rate / target (%.0f/s) : %9.2f (wanderers), %.2f (busy cpu-50)\n", kTargetDuelsPerSecond,
              duels.perSecond / kTargetDuelsPerSecond, busyDuels.perSecond / kTargetDuelsPerSecond);
  if (duels.meanChronons < 1500 || busyDuels.meanChronons < 1500) {
    std::printf("  note: duels averaged fewer than 1500 chronons, so they were not all full length\n");
  }
  return 0;
}
