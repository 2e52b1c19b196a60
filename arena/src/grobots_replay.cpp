#include "chronon/arena/grobots_replay.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>

#include "chronon/vm/grobocode_interpreter.h"
#include "grobots_objects.h"

namespace chronon::arena::grobots {

namespace {

using gbw::Fixed;

constexpr int kRobotKind = 0;
constexpr int kFoodKind = 1;
constexpr int kShotKind = 2;
constexpr int kAreaKind = 3;
constexpr int kSensorKind = 4;
// Brains are recorded every this many frames (and every frame for watched sides).
constexpr int32_t kBrainEvery = 10;
// Statistics are recorded every this many frames (and at the last).
constexpr int32_t kStatEvery = 10;

// Positions and radii in hundredths of a distance unit, velocities in thousandths: a pixel of the
// viewer is never finer than a hundredth, and a robot's speed is a few tenths of a unit a frame.
std::vector<replay::Kind> kinds() {
  return {{"robot",
           {"side", "type", "num", "x", "y", "radius", "vx", "vy", "energy", "armor", "ctorType", "ctorProgress",
            "shield", "flag"},
           {1, 1, 1, 100, 100, 100, 1000, 1000, 1, 1, 1, 1, 100, 100}},
          {"food", {"x", "y", "radius", "value", "owner"}, {100, 100, 100, 1, 1}},
          {"shot", {"type", "owner", "x", "y", "radius", "vx", "vy", "power"}, {1, 1, 100, 100, 100, 1000, 1000, 10}},
          {"area", {"type", "owner", "x", "y", "radius", "power", "angle"}, {1, 1, 100, 100, 100, 10, 1}},
          {"sensor", {"robot", "sensor", "x", "y", "radius"}, {1, 1, 100, 100, 100}}};
}

// Colours for sides without `#color`, picked to be told apart on a dark background.
constexpr std::array<uint32_t, 12> kPalette{0xe6194b, 0x3cb44b, 0xffe119, 0x4363d8, 0xf58231, 0x911eb4,
                                            0x46f0f0, 0xf032e6, 0xbcf60c, 0xfabebe, 0x008080, 0xe6beff};

std::string colorText(uint32_t rgb) {
  char text[8];
  std::snprintf(text, sizeof text, "#%06x", rgb & 0xFFFFFF);
  return text;
}

int64_t at(Fixed value, int32_t scale) { return replay::Writer::scaled(value.toDouble(), scale); }

// A brain's number as the inspector shows it: the original prints three decimals (ToString(n, 3),
// grobots-language.md §1.8), and the finer digits would only make replays larger.
double shown(Fixed value) { return std::round(value.toDouble() * 1000) / 1000; }

int32_t ownerIndex(const gbw::SideState* side) { return side != nullptr ? side->index : -1; }

}  // namespace

nlohmann::json RoundRecorder::optionsJson(const WorldOptions& options, const std::vector<int32_t>& watch) {
  return {{"width", options.width},         {"height", options.height},         {"frameLimit", options.frameLimit},
          {"seedLimit", options.seedLimit}, {"earlyFrame", options.earlyFrame}, {"watch", watch}};
}

WorldOptions RoundRecorder::optionsFromJson(const nlohmann::json& json, std::vector<int32_t>& watch) {
  WorldOptions options;
  watch.clear();
  if (!json.is_object()) return options;
  const auto number = [&](const char* key, int32_t& out, int64_t low, int64_t high) {
    const auto it = json.find(key);
    if (it != json.end() && it->is_number_integer())
      out = static_cast<int32_t>(std::clamp(it->get<int64_t>(), low, high));
  };
  number("width", options.width, 10, 10000);
  number("height", options.height, 10, 10000);
  number("frameLimit", options.frameLimit, 0, 100000000);
  number("seedLimit", options.seedLimit, 0, 1000);
  number("earlyFrame", options.earlyFrame, 0, 100000000);
  const auto list = json.find("watch");
  if (list != json.end() && list->is_array()) {
    for (const auto& v : *list) {
      if (v.is_number_integer()) watch.push_back(static_cast<int32_t>(v.get<int64_t>()));
    }
  }
  return options;
}

RoundRecorder::RoundRecorder(World& world, const std::vector<replay::Entrant>& entrants, int32_t seed,
                             std::string_view engineName, std::vector<int32_t> watch, const replay::LineSink& sink)
    : world_(world),
      writer_(sink, kinds()),
      watch_(std::move(watch)),
      observer_(std::make_unique<gbw::WorldObserver>()) {
  gbw::WorldState& w = world_.impl_->w;
  w.observer = observer_.get();
  nlohmann::json header = replay::baseHeader("grobots", "frame", seed, engineName, entrants);
  header["options"] = optionsJson(w.options, watch_);
  header["world"] = {{"width", w.options.width}, {"height", w.options.height}};
  std::vector<replay::Kind> kindList = kinds();
  header["kinds"] = replay::kindsJson(kindList);
  header["shotTypes"] = {"", "blast", "grenade", "syphon", "enemy syphon", "force field", "explosion"};
  for (size_t i = 0; i < w.sides.size(); ++i) {
    const gbw::SideState& side = w.sides[i];
    if (i >= header["entrants"].size()) header["entrants"].push_back({{"name", side.name}});
    nlohmann::json& e = header["entrants"][i];
    e["name"] = side.name;
    const uint32_t sideColor = side.side->color ? side.side->color->rgb : kPalette[i % kPalette.size()];
    e["color"] = colorText(sideColor);
    nlohmann::json types = nlohmann::json::array();
    for (const gbw::TypeInfo& t : side.types) {
      types.push_back({{"name", t.type->name},
                       {"color", colorText(t.type->color ? t.type->color->rgb : sideColor)},
                       {"cost", t.cost.toDouble()},
                       {"maxEnergy", t.spec.maxEnergy.toDouble()},
                       {"maxArmor", t.spec.armor.toDouble()}});
    }
    e["types"] = std::move(types);
    sources_.emplace_back(i < entrants.size() ? entrants[i].path : side.name,
                          i < entrants.size() ? entrants[i].bytes : std::string());
  }
  writer_.header(header);
  record();
}

RoundRecorder::~RoundRecorder() {
  gbw::WorldState& w = world_.impl_->w;
  if (w.observer == observer_.get()) w.observer = nullptr;
}

void RoundRecorder::frame(const std::vector<std::string>& messages) {
  pending_ = messages;
  record();
}

void RoundRecorder::record() {
  gbw::WorldState& w = world_.impl_->w;
  writer_.beginMoment(w.frame);
  const bool brainFrame = w.frame % kBrainEvery == 0;
  for (const auto& owned : w.robots) {
    const gbw::Robot& r = *owned;
    if (r.dead) continue;
    const std::array<int64_t, 14> v{r.side->index,
                                    r.typeIndex,
                                    r.id,
                                    at(r.position.x, 100),
                                    at(r.position.y, 100),
                                    at(r.radius, 100),
                                    at(r.velocity.x, 1000),
                                    at(r.velocity.y, 1000),
                                    at(r.energy, 1),
                                    at(r.armor, 1),
                                    r.constructorType,
                                    at(r.constructorProgress, 1),
                                    at(r.activeShield, 100),
                                    at(r.flag, 100)};
    writer_.entity(r.serial, kRobotKind, v);
    if (w.frame > 0 && r.serial > serialsBefore_) {
      writer_.event("birth", r.serial, gbw::robotDescription(r) + " is born");
    }
    const bool watched = std::find(watch_.begin(), watch_.end(), r.side->index) != watch_.end();
    if (r.brain == nullptr || !(brainFrame || watched)) continue;
    const grobocode::MachineState& b = *r.brain;
    const grobocode::Program& brain = *r.type->type->brain;
    nlohmann::json state = {{"pc", b.pc}, {"label", grobocode::describeAddress(brain, b.pc)}};
    const SourceFile& source = sources_[static_cast<size_t>(r.side->index)];
    if (!source.text().empty() && b.pc >= 0 && static_cast<size_t>(b.pc) < brain.instructions.size())
      state["line"] = source.lineColumn(brain.instructions[static_cast<size_t>(b.pc)].range.begin).line;
    nlohmann::json ds = nlohmann::json::array();
    for (int32_t k = 0; k < b.height; ++k) ds.push_back(shown(b.stack[static_cast<size_t>(k)]));
    state["ds"] = std::move(ds);
    nlohmann::json rs = nlohmann::json::array();
    for (int32_t k = 0; k < b.returnHeight; ++k)
      rs.push_back(grobocode::describeAddress(brain, b.returnStack[static_cast<size_t>(k)]));
    state["rs"] = std::move(rs);
    nlohmann::json vars = nlohmann::json::object();
    for (size_t k = 0; k < brain.variables.size() && k < b.variables.size(); ++k)
      vars[brain.variables[k].name] = shown(b.variables[k]);
    for (size_t k = 0; k < brain.vectors.size() && k < b.vectors.size(); ++k)
      vars[brain.vectors[k].name] = {shown(b.vectors[k].x), shown(b.vectors[k].y)};
    state["vars"] = std::move(vars);
    switch (b.status) {
      case grobocode::BrainStatus::kOk: state["status"] = "ok"; break;
      case grobocode::BrainStatus::kStopped: state["status"] = "stopped"; break;
      case grobocode::BrainStatus::kError: state["status"] = b.errorMessage; break;
    }
    writer_.brain(r.serial, state);
  }
  for (const auto& owned : w.foods) {
    const gbw::Food& f = *owned;
    if (f.dead) continue;
    const std::array<int64_t, 5> v{at(f.position.x, 100), at(f.position.y, 100), at(f.radius, 100), at(f.value, 1),
                                   ownerIndex(f.owner)};
    writer_.entity(f.serial, kFoodKind, v);
  }
  for (const auto& owned : w.shots) {
    const gbw::Shot& s = *owned;
    if (s.dead) continue;
    const std::array<int64_t, 8> v{static_cast<int64_t>(s.kind), ownerIndex(s.owner), at(s.position.x, 100),
                                   at(s.position.y, 100),        at(s.radius, 100),   at(s.velocity.x, 1000),
                                   at(s.velocity.y, 1000),       at(s.power, 10)};
    writer_.entity(s.serial, kShotKind, v);
  }
  for (const auto& owned : w.areas) {
    const gbw::Area& a = *owned;
    if (a.dead) continue;
    const std::array<int64_t, 7> v{static_cast<int64_t>(a.kind),
                                   ownerIndex(a.owner),
                                   at(a.position.x, 100),
                                   at(a.position.y, 100),
                                   at(a.radius, 100),
                                   at(a.power, 10),
                                   replay::Writer::scaled(a.pushAngle.toDouble() * 57.29577951308232, 1)};
    writer_.entity(a.serial, kAreaKind, v);
  }
  // Sensor shots live within one frame; their ids count down from the top so that they never meet
  // an object's serial.
  for (const gbw::WorldObserver::SensorSeen& s : observer_->sensorShots) {
    const std::array<int64_t, 5> v{s.robot, s.sensor, at(s.position.x, 100), at(s.position.y, 100), at(s.radius, 100)};
    writer_.entity(nextSensorId_--, kSensorKind, v);
  }
  observer_->sensorShots.clear();
  for (const gbw::WorldObserver::Death& d : observer_->deaths) {
    std::string killer;
    for (const gbw::SideState& s : w.sides) {
      if (s.id == d.lastHit && d.lastHit != 0) killer = s.name;
    }
    writer_.event(killer.empty() ? "death" : "kill", d.robot,
                  killer.empty() ? d.name + " dies" : d.name + " is killed by " + killer);
  }
  observer_->deaths.clear();
  for (const std::string& m : pending_) {
    writer_.event(m.find(" prints: ") != std::string::npos ? "print" : "error", 0, m);
  }
  pending_.clear();
  serialsBefore_ = w.lastSerial;
  if (w.frame % kStatEvery == 0 || w.finished) {
    nlohmann::json stat = nlohmann::json::array();
    for (const gbw::SideState& s : w.sides) stat.push_back({std::llround(s.biomass), s.population});
    writer_.stat(std::move(stat));
  }
  writer_.endMoment();
}

void RoundRecorder::end() {
  const RoundOutcome outcome = world_.outcome();
  nlohmann::json sides = nlohmann::json::array();
  for (const SideRound& s : outcome.sides) {
    sides.push_back({{"seeded", s.seeded}, {"alive", s.alive}, {"fraction", s.fraction}, {"biomass", s.biomass}});
  }
  writer_.end({{"sides", std::move(sides)}, {"frames", outcome.frames}});
}

RoundOutcome recordRound(const std::vector<const grobocode::Side*>& sides, const std::vector<replay::Entrant>& entrants,
                         WorldOptions options, int32_t seed, std::string_view engineName, std::vector<int32_t> watch,
                         const replay::LineSink& sink) {
  options.keepPrints = true;
  World world(sides, options, seed);
  world.startRound();
  RoundRecorder recorder(world, entrants, seed, engineName, std::move(watch), sink);
  while (!world.finished()) {
    world.step();
    recorder.frame(world.takeMessages());
  }
  recorder.end();
  return world.outcome();
}

}  // namespace chronon::arena::grobots
