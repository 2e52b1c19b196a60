#include "chronon/arena/robowar_replay.h"

#include <algorithm>
#include <array>
#include <optional>
#include <string>

#include "chronon/arena/robowar_engine.h"

namespace chronon::arena::robowar {

namespace {

// Entity ids: robots are 1-6 (entry index + 1); shots follow, numbered by their launch serial.
constexpr uint32_t kShotIdBase = kMaxRobots;

constexpr int kRobotKind = 0;
constexpr int kShotKind = 1;

std::vector<replay::Kind> kinds() {
  return {
      {"robot",
       {"side", "x", "y", "aim", "look", "scan", "speedX", "speedY", "energy", "damage", "shield", "alive", "stunned"},
       std::vector<int32_t>(13, 1)},
      // Shots fly on fractional pixels; a quarter pixel keeps their paths smooth in the viewer.
      {"shot", {"type", "owner", "x", "y", "energy", "radius", "target"}, {1, 1, 4, 4, 1, 1, 1}}};
}

nlohmann::json hardwareJson(const chronon::robowar::RobotHardware& h) {
  return {{"energy", h.energyMax},
          {"damage", h.damageMax},
          {"shield", h.shieldMax},
          {"cpu", h.cpu},
          {"bullets", static_cast<int>(h.bullets)},
          {"missiles", h.missiles},
          {"tacNukes", h.tacNukes},
          {"hellbores", h.hellbores},
          {"mines", h.mines},
          {"stunners", h.stunners},
          {"drones", h.drones},
          {"lasers", h.lasers},
          {"probes", h.probes},
          {"noNegativeEnergy", h.noNegativeEnergy}};
}

}  // namespace

nlohmann::json rulesJson(const Rules& rules) {
  return {{"maxChronons", rules.maxChronons},
          {"moveAndShoot", rules.moveAndShoot},
          {"aggressiveScoring", rules.aggressiveScoring},
          {"scoring", scoringName(rules.scoring)},
          {"officialRules", rules.officialRules}};
}

Rules rulesFromJson(const nlohmann::json& options) {
  Rules rules;
  if (!options.is_object()) return rules;
  const auto number = options.find("maxChronons");
  if (number != options.end() && number->is_number_integer())
    rules.maxChronons = static_cast<int>(std::clamp<int64_t>(number->get<int64_t>(), 1, 1000000));
  const auto flag = [&](const char* key, bool& out) {
    const auto it = options.find(key);
    if (it != options.end() && it->is_boolean()) out = it->get<bool>();
  };
  flag("moveAndShoot", rules.moveAndShoot);
  flag("aggressiveScoring", rules.aggressiveScoring);
  flag("officialRules", rules.officialRules);
  const auto scoring = options.find("scoring");
  if (scoring != options.end() && scoring->is_string())
    rules.scoring = scoringNamed(scoring->get<std::string>()).value_or(Scoring::kMac452);
  return rules;
}

Result recordBattle(const std::vector<Entry>& entries, const std::vector<replay::Entrant>& entrants, uint64_t seed,
                    const Rules& rules, std::string_view engineName, const replay::LineSink& sink) {
  Engine engine(entries, seed, rules, true);
  replay::Writer writer(sink, kinds());
  std::vector<replay::Kind> kindList = kinds();
  nlohmann::json header = replay::baseHeader("robowar", "chronon", seed, engineName, entrants);
  header["options"] = rulesJson(rules);
  header["world"] = {{"width", kArenaSize}, {"height", kArenaSize}, {"robotRadius", kRobotRadius}};
  header["kinds"] = replay::kindsJson(kindList);
  nlohmann::json shotTypes = nlohmann::json::array();
  for (const ShotKindInfo& k : kShotKindInfo) shotTypes.push_back(k.name);
  header["shotTypes"] = std::move(shotTypes);
  // Instruction ranges are offsets into the source text; an .RWR file has none.
  std::vector<std::optional<SourceFile>> sources;
  for (size_t i = 0; i < engine.robots().size(); ++i) {
    const Robot& r = engine.robots()[i];
    if (i < header["entrants"].size()) {
      header["entrants"][i]["team"] = r.team;
      header["entrants"][i]["hardware"] = hardwareJson(r.hardware);
    }
    sources.emplace_back();
    if (i < entrants.size() && header["entrants"][i].contains("source"))
      sources.back().emplace(entrants[i].path, entrants[i].bytes);
  }
  writer.header(header);

  size_t eventsDone = 0;
  const auto recordMoment = [&] {
    writer.beginMoment(engine.chronon());
    for (const Robot& r : engine.robots()) {
      const std::array<int64_t, 13> v{r.index,  r.x,      r.y,      r.aim,    r.look,          r.scan,   r.speedX,
                                      r.speedY, r.energy, r.damage, r.shield, r.alive ? 1 : 0, r.stunned};
      writer.entity(static_cast<uint32_t>(r.index) + 1, kRobotKind, v);
    }
    for (const Shot& s : engine.shots()) {
      if (s.gone) continue;
      const std::array<int64_t, 7> v{static_cast<int>(s.kind),
                                     s.owner,
                                     replay::Writer::scaled(s.x, 4),
                                     replay::Writer::scaled(s.y, 4),
                                     s.energy,
                                     s.radius,
                                     s.target};
      writer.entity(kShotIdBase + s.serial, kShotKind, v);
    }
    const std::vector<Event>& events = engine.events();
    for (; eventsDone < events.size(); ++eventsDone) {
      const Event& e = events[eventsDone];
      writer.event(eventKindName(e.kind), e.robot >= 0 ? static_cast<uint32_t>(e.robot) + 1 : 0, formatEvent(e),
                   e.other >= 0 ? static_cast<uint32_t>(e.other) + 1 : 0);
    }
    for (size_t i = 0; i < engine.robots().size(); ++i) {
      const Robot& r = engine.robots()[i];
      const robotalk::MachineState& b = r.brain;
      nlohmann::json state = {{"pc", b.pc}};
      const std::vector<robotalk::Instruction>& code =
          r.program != nullptr ? r.program->code : std::vector<robotalk::Instruction>{};
      if (sources[i] && b.pc >= 0 && static_cast<size_t>(b.pc) < code.size())
        state["line"] = sources[i]->lineColumn(code[static_cast<size_t>(b.pc)].range.begin).line;
      nlohmann::json stack = nlohmann::json::array();
      for (int k = 0; k < b.sp; ++k) stack.push_back(b.stack[static_cast<size_t>(k)]);
      state["ds"] = std::move(stack);
      nlohmann::json vars = nlohmann::json::object();
      for (int k = 0; k < 26; ++k) {
        // X and Y are the arena's registers, shown with the robot's position instead.
        if (k == 'X' - 'A' || k == 'Y' - 'A') continue;
        vars[std::string(1, static_cast<char>('A' + k))] = b.letters[static_cast<size_t>(k)];
      }
      state["vars"] = std::move(vars);
      state["status"] = b.failed ? std::string(b.error) : std::string(r.alive ? "ok" : "dead");
      writer.brain(static_cast<uint32_t>(i) + 1, state);
    }
    writer.endMoment();
  };
  recordMoment();
  bool more = true;
  while (more) {
    more = engine.step();
    recordMoment();
  }
  Result result = engine.finish();
  std::vector<std::string> names;
  for (const replay::Entrant& e : entrants) names.push_back(e.name);
  writer.end(resultJson(result, names, seed));
  return result;
}

}  // namespace chronon::arena::robowar
