// The end of a battle: survival points, kill credit under the Mac 4.5.2 and Windows 5.16 rules, and
// the public runBattle (specs/robowar.md §8; docs/robowar-arena.md "Scoring").

#include <algorithm>
#include <cstdio>
#include <string>

#include <nlohmann/json.hpp>

#include "chronon/arena/robowar_engine.h"

namespace chronon::arena::robowar {

namespace {

// A dead killer's kill counts when it outlived the kill by this many chronons (Mac 4.5.2), or when
// the kill came at most this many chronons after its death (Windows 5.16).
constexpr int kKillGrace = 20;

}  // namespace

const char* scoringName(Scoring scoring) {
  switch (scoring) {
    case Scoring::kMac452: return "mac452";
    case Scoring::kWin516: return "win516";
  }
  return "mac452";
}

std::optional<Scoring> scoringNamed(std::string_view name) {
  for (const Scoring scoring : {Scoring::kMac452, Scoring::kWin516})
    if (name == scoringName(scoring)) return scoring;
  return std::nullopt;
}

Result Engine::finish() {
  while (step()) {
  }
  Result result;
  result.chronons = chronon_;
  result.timedOut = timedOut_;
  result.robots.resize(robots_.size());
  // Survival: duels 1 point alive; team battles 1 per living robot; groups 3 alive, 2 for the last
  // to die and 1 for the second-last by death chronon.
  const bool group = robots_.size() > 2 && !teamBattle_;
  int lastDeath = -1;
  int secondLastDeath = -1;
  for (const Robot& r : robots_) {
    if (!r.alive) lastDeath = std::max(lastDeath, r.deathChronon);
  }
  for (const Robot& r : robots_) {
    if (!r.alive && r.deathChronon < lastDeath) secondLastDeath = std::max(secondLastDeath, r.deathChronon);
  }
  for (const Robot& r : robots_) {
    Outcome& o = result.robots[static_cast<size_t>(r.index)];
    o.alive = r.alive;
    o.deathChronon = r.deathChronon;
    o.cause = r.cause;
    o.error = r.error;
    o.errorAddress = r.errorAddress;
    o.killer = r.killer;
    o.finalEnergy = r.energy;
    o.finalDamage = r.damage;
    if (group) {
      o.survivalPoints = r.alive ? 3 : r.deathChronon == lastDeath ? 2 : r.deathChronon == secondLastDeath ? 1 : 0;
    } else {
      o.survivalPoints = r.alive ? 1 : 0;
    }
  }
  for (const Kill& k : kills_) {
    const Robot& killer = robots_[static_cast<size_t>(k.killer)];
    if (k.killerOverloaded) continue;
    bool counts = killer.alive;
    if (!counts) {
      switch (rules_.scoring) {
        case Scoring::kMac452: counts = killer.deathChronon - k.chronon >= kKillGrace; break;
        case Scoring::kWin516: counts = k.chronon <= killer.deathChronon + kKillGrace; break;
      }
    }
    if (counts) ++result.robots[static_cast<size_t>(k.killer)].kills;
  }
  for (Outcome& o : result.robots) o.points = o.survivalPoints + (rules_.aggressiveScoring ? o.kills : 0);
  result.events = std::move(events_);
  return result;
}

Result runBattle(const std::vector<Entry>& entries, uint64_t seed, const Rules& rules, bool recordEvents) {
  if (entries.empty()) return Result{};
  Engine engine(entries, seed, rules, recordEvents);
  return engine.finish();
}

std::vector<int> teamsByName(const std::vector<std::string>& names) {
  std::vector<std::string> seen;
  std::vector<int> teams;
  teams.reserve(names.size());
  for (const std::string& name : names) {
    if (name.empty()) {
      teams.push_back(0);
      continue;
    }
    auto it = std::find(seen.begin(), seen.end(), name);
    if (it == seen.end()) it = seen.insert(seen.end(), name);
    teams.push_back(static_cast<int>(it - seen.begin()) + 1);
  }
  return teams;
}

}  // namespace chronon::arena::robowar

namespace chronon::arena::robowar {

const char* eventKindName(Event::Kind kind) {
  switch (kind) {
    case Event::Kind::kShot: return "shot";
    case Event::Kind::kHit: return "hit";
    case Event::Kind::kCollision: return "collision";
    case Event::Kind::kInterrupt: return "interrupt";
    case Event::Kind::kDeath: return "death";
    case Event::Kind::kError: return "error";
  }
  return "?";
}

const char* deathCauseName(DeathCause cause) {
  switch (cause) {
    case DeathCause::kNone: return "alive";
    case DeathCause::kDamage: return "damage";
    case DeathCause::kOverload: return "overload";
    case DeathCause::kBuggy: return "buggy";
  }
  return "?";
}

nlohmann::json outcomeFieldsJson(const Outcome& o) {
  return {{"alive", o.alive},
          {"deathChronon", o.deathChronon},
          {"cause", deathCauseName(o.cause)},
          {"killer", o.killer},
          {"kills", o.kills},
          {"survivalPoints", o.survivalPoints},
          {"points", o.points},
          {"energy", o.finalEnergy},
          {"damage", o.finalDamage}};
}

nlohmann::json resultJson(const Result& result, const std::vector<std::string>& names, uint64_t seed) {
  nlohmann::json robots = nlohmann::json::array();
  for (size_t i = 0; i < result.robots.size(); ++i) {
    const Outcome& o = result.robots[i];
    nlohmann::json r = outcomeFieldsJson(o);
    r["name"] = i < names.size() ? names[i] : std::string();
    if (!o.error.empty()) {
      r["error"] = o.error;
      r["errorAddress"] = o.errorAddress;
    }
    robots.push_back(std::move(r));
  }
  return {{"seed", seed}, {"chronons", result.chronons}, {"timedOut", result.timedOut}, {"robots", std::move(robots)}};
}

std::string formatResult(const Result& result, const std::vector<std::string>& names, uint64_t seed) {
  char line[256];
  std::snprintf(line, sizeof line, "battle: seed %llu, %d chronons%s\n", static_cast<unsigned long long>(seed),
                result.chronons, result.timedOut ? " (timed out)" : "");
  std::string text = line;
  for (size_t i = 0; i < result.robots.size(); ++i) {
    const Outcome& o = result.robots[i];
    const std::string name = i < names.size() ? names[i] : std::string();
    std::snprintf(line, sizeof line, "%d %-24s ", static_cast<int>(i), name.c_str());
    text += line;
    if (o.alive) {
      text += "alive                        ";
    } else {
      std::snprintf(line, sizeof line, "died at chronon %-5d %-8s", o.deathChronon, deathCauseName(o.cause));
      text += line;
    }
    std::snprintf(line, sizeof line, " kills %d points %d energy %d damage %d", o.kills, o.points, o.finalEnergy,
                  o.finalDamage);
    text += line;
    if (!o.error.empty()) text += "  (" + o.error + " at instruction " + std::to_string(o.errorAddress) + ")";
    if (o.killer >= 0) text += "  killed by " + std::to_string(o.killer);
    text += "\n";
  }
  return text;
}

std::string formatEvent(const Event& e) {
  char head[96];
  std::snprintf(head, sizeof head, "%5d %-9s robot %d", e.chronon, eventKindName(e.kind), e.robot);
  std::string line = head;
  if (e.other >= 0) line += " other " + std::to_string(e.other);
  line += " value " + std::to_string(e.value) + " " + e.text;
  return line;
}

}  // namespace chronon::arena::robowar
