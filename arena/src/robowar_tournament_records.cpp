// A RoboWar tournament's records (docs/tournament-records.md).

#include "chronon/arena/robowar_tournament_records.h"

#include <filesystem>

#include "chronon/arena/replay.h"
#include "chronon/arena/robowar_replay.h"
#include "chronon/arena/tournament_records.h"
#include "chronon/jsonrpc/json_text.h"

namespace chronon::arena::robowar {

namespace {

std::optional<BoutPhase> phaseFromName(const std::string& name) {
  for (BoutPhase p :
       {BoutPhase::kDuel, BoutPhase::kGroup, BoutPhase::kWinnersDuel, BoutPhase::kWinnersGroup, BoutPhase::kListed}) {
    if (name == phaseName(p)) return p;
  }
  return std::nullopt;
}

std::optional<DeathCause> causeFromName(const std::string& name) {
  for (DeathCause c : {DeathCause::kNone, DeathCause::kDamage, DeathCause::kOverload, DeathCause::kBuggy}) {
    if (name == deathCauseName(c)) return c;
  }
  return std::nullopt;
}
}  // namespace

nlohmann::json planHeader(const Field& field, const TournamentOptions& options, chronon::robowar::Category category) {
  nlohmann::json robots = nlohmann::json::array();
  for (size_t i = 0; i < field.contestants.size(); ++i) {
    const Contestant& c = field.contestants[i];
    nlohmann::json robot =
        records::robotJson(c.name, field.paths[i], i < field.bytes.size() ? field.bytes[i] : std::string());
    robot["team"] = c.team;
    robot["teamName"] = c.teamName;
    robots.push_back(std::move(robot));
  }
  nlohmann::json rejected = nlohmann::json::array();
  for (const Rejection& r : field.rejected) rejected.push_back({{"path", r.path}, {"message", r.message}});
  nlohmann::json header = {{"record", "tournament"},
                           {"format", records::kFormatName},
                           {"version", records::kFormatVersion},
                           {"game", "robowar"},
                           {"chronon", replay::chrononVersion()},
                           {"seed", options.seed},
                           {"duels", options.numDuels},
                           {"groups", options.numGroups},
                           {"groupBouts", options.groupBouts},
                           {"basic", options.basic},
                           {"category", chronon::robowar::categoryName(category)},
                           {"rules", rulesJson(options.rules)},
                           {"listed", field.listed},
                           {"robots", std::move(robots)},
                           {"rejected", std::move(rejected)},
                           {"notes", field.notes}};
  if (field.listed) {
    nlohmann::json combats = nlohmann::json::array();
    for (const ListedCombat& c : field.combats) combats.push_back({{"robots", c.robots}, {"count", c.count}});
    header["combats"] = std::move(combats);
    header["saveFile"] = field.saveFile.string();
  }
  return header;
}

nlohmann::json matchRecord(const Bout& bout, const nlohmann::json& header) {
  nlohmann::json hashes = nlohmann::json::array();
  for (const int r : bout.robots) hashes.push_back(header["robots"][static_cast<size_t>(r)].value("hash", ""));
  return {{"record", "match"},     {"index", bout.index}, {"phase", phaseName(bout.phase)},
          {"robots", bout.robots}, {"seed", bout.seed},   {"hashes", std::move(hashes)}};
}

std::optional<Bout> boutFromRecord(const nlohmann::json& match, size_t contestants, std::string& error) {
  Bout bout;
  const auto phase = phaseFromName(match.value("phase", std::string()));
  const auto robots = match.find("robots");
  const auto seed = match.find("seed");
  if (!records::readInteger(match, "index", bout.index, 0, INT64_MAX) || !phase || robots == match.end() ||
      !robots->is_array() || robots->empty() || robots->size() > static_cast<size_t>(kGroupSize) ||
      seed == match.end() || !seed->is_number_unsigned()) {
    error = "a match record is malformed";
    return std::nullopt;
  }
  bout.phase = *phase;
  bout.seed = seed->get<uint64_t>();
  for (const nlohmann::json& r : *robots) {
    if (!r.is_number_integer() || r.get<int64_t>() < 0 || static_cast<size_t>(r.get<int64_t>()) >= contestants) {
      error = "match " + std::to_string(bout.index) + " names a robot the plan does not have";
      return std::nullopt;
    }
    bout.robots.push_back(r.get<int>());
  }
  return bout;
}

nlohmann::json outcomeJson(const Result& result) {
  nlohmann::json robots = nlohmann::json::array();
  for (const Outcome& o : result.robots) {
    nlohmann::json robot = outcomeFieldsJson(o);
    if (o.cause == DeathCause::kBuggy) {
      robot["error"] = o.error;
      robot["errorAddress"] = o.errorAddress;
    }
    robots.push_back(std::move(robot));
  }
  return {{"chronons", result.chronons}, {"timedOut", result.timedOut}, {"robots", std::move(robots)}};
}

std::optional<Result> outcomeFromJson(const nlohmann::json& outcome, std::string& error) {
  Result result;
  error = "an outcome is malformed";
  const auto robots = outcome.find("robots");
  if (!outcome.is_object() || !records::readInteger(outcome, "chronons", result.chronons, 0, INT32_MAX) ||
      !records::readBoolean(outcome, "timedOut", result.timedOut) || robots == outcome.end() || !robots->is_array() ||
      robots->size() > static_cast<size_t>(kGroupSize))
    return std::nullopt;
  for (const nlohmann::json& r : *robots) {
    Outcome o;
    const auto cause = causeFromName(r.value("cause", std::string()));
    if (!r.is_object() || !cause || !records::readBoolean(r, "alive", o.alive) ||
        !records::readInteger(r, "deathChronon", o.deathChronon, -1, INT32_MAX) ||
        !records::readInteger(r, "killer", o.killer, -1, kGroupSize) ||
        !records::readInteger(r, "kills", o.kills, 0, kGroupSize) ||
        !records::readInteger(r, "survivalPoints", o.survivalPoints, 0, 100) ||
        !records::readInteger(r, "points", o.points, 0, 1000) ||
        !records::readInteger(r, "energy", o.finalEnergy, INT32_MIN, INT32_MAX) ||
        !records::readInteger(r, "damage", o.finalDamage, INT32_MIN, INT32_MAX))
      return std::nullopt;
    o.cause = *cause;
    if (o.cause == DeathCause::kBuggy) {
      if (!r.contains("error") || !r["error"].is_string() ||
          !records::readInteger(r, "errorAddress", o.errorAddress, -1, INT32_MAX))
        return std::nullopt;
      o.error = r["error"].get<std::string>();
    }
    result.robots.push_back(std::move(o));
  }
  error.clear();
  return result;
}

namespace {

// fieldFromPlan, which may throw nlohmann's exceptions on a value of the wrong type.
bool readFieldFromPlan(const nlohmann::json& header, Field& field, TournamentOptions& options, std::string& error) {
  const auto robots = header.find("robots");
  if (header.value("game", std::string()) != "robowar" || robots == header.end() || !robots->is_array()) {
    error = "the plan is not a RoboWar tournament's";
    return false;
  }
  if (!records::readInteger(header, "duels", options.numDuels, 0, 1000) ||
      !records::readInteger(header, "groups", options.numGroups, 0, 1000) ||
      !records::readInteger(header, "groupBouts", options.groupBouts, 1, 1000) ||
      !records::readBoolean(header, "basic", options.basic) || !header.contains("seed") ||
      !header["seed"].is_number_unsigned()) {
    error = "the plan's options are malformed";
    return false;
  }
  options.seed = header["seed"].get<uint64_t>();
  const Rules rules = rulesFromJson(header.value("rules", nlohmann::json::object()));
  options.rules.maxChronons = rules.maxChronons;
  options.rules.moveAndShoot = rules.moveAndShoot;
  options.rules.aggressiveScoring = rules.aggressiveScoring;
  options.rules.scoring = rules.scoring;
  options.rules.officialRules = rules.officialRules;
  // Each robot is compiled from the plan's bytes under its file name alone (which says how to read
  // it), exactly as the tournament compiled it from its file.
  Field loaded;
  for (const nlohmann::json& robot : *robots) {
    std::optional<std::string> bytes = records::robotBytes(robot, error);
    if (!bytes) return false;
    const auto file = robot.find("file");
    std::string name = file != robot.end() && file->is_string()
                           ? std::filesystem::path(file->get<std::string>()).filename().string()
                           : "";
    if (name.empty() || name == "." || name == "..") name = "robot.rtk";
    if (addRobot(loaded, name, std::move(*bytes), chronon::robowar::Category::kUnlimited) < 0) {
      error = "a robot of the plan no longer compiles:\n" + loaded.rejected.back().message;
      return false;
    }
  }
  field = std::move(loaded);
  for (size_t i = 0; i < robots->size(); ++i) {
    const nlohmann::json& robot = (*robots)[i];
    Contestant& c = field.contestants[i];
    c.name = robot.value("name", c.name);
    c.team = robot.value("team", 0);
    c.teamName = robot.value("teamName", std::string());
    field.paths[i] = robot.value("path", field.paths[i]);
  }
  for (const nlohmann::json& r : header.value("rejected", nlohmann::json::array()))
    field.rejected.push_back({r.value("path", std::string()), r.value("message", std::string())});
  field.notes = header.value("notes", std::vector<std::string>());
  field.listed = header.value("listed", false);
  if (field.listed) {
    for (const nlohmann::json& c : header.value("combats", nlohmann::json::array())) {
      ListedCombat combat;
      combat.count = c.value("count", 1);
      combat.robots = c.value("robots", std::vector<int>());
      for (const int r : combat.robots) {
        if (r < 0 || static_cast<size_t>(r) >= field.contestants.size()) {
          error = "a combat of the plan names a robot it does not have";
          return false;
        }
      }
      field.combats.push_back(std::move(combat));
    }
    field.saveFile = header.value("saveFile", std::string());
  }
  return true;
}

}  // namespace

bool fieldFromPlan(const nlohmann::json& header, Field& field, TournamentOptions& options, std::string& error) {
  try {
    return readFieldFromPlan(header, field, options, error);
  } catch (const nlohmann::json::exception& e) {
    error = std::string("the plan is malformed (") + e.what() + ")";
    return false;
  }
}

bool knownResults(const std::map<size_t, const nlohmann::json*>& byIndex, std::map<size_t, Result>& known,
                  std::string& error) {
  for (const auto& [index, record] : byIndex) {
    std::optional<Result> result = outcomeFromJson((*record)["outcome"], error);
    if (!result) {
      error = "the result of match " + std::to_string(index) + ": " + error;
      return false;
    }
    known[index] = std::move(*result);
  }
  return true;
}

std::vector<nlohmann::json> stageMatches(const std::vector<Bout>& bouts, const nlohmann::json& header,
                                         const std::map<size_t, const nlohmann::json*>& byIndex,
                                         std::map<size_t, Result>& known, std::vector<std::string>& notes) {
  std::vector<nlohmann::json> matches;
  for (const Bout& b : bouts) {
    nlohmann::json m = matchRecord(b, header);
    const auto it = byIndex.find(b.index);
    if (it != byIndex.end()) {
      nlohmann::json expected = m;
      expected.erase("record");
      if ((*it->second)["match"] != expected) {
        notes.push_back("the result of match " + std::to_string(b.index) + " answers another match; left out");
        known.erase(b.index);
      }
    }
    matches.push_back(std::move(m));
  }
  return matches;
}

std::optional<std::vector<Bout>> boutsOfMatches(const std::vector<nlohmann::json>& matches, size_t contestants,
                                                const nlohmann::json& header, std::string& error) {
  std::vector<Bout> bouts;
  for (const nlohmann::json& m : matches) {
    std::optional<Bout> bout = boutFromRecord(m, contestants, error);
    if (!bout) return std::nullopt;
    if (matchRecord(*bout, header) != m) {
      error = "match " + std::to_string(bout->index) + " does not match the plan's robots (hashes differ)";
      return std::nullopt;
    }
    bouts.push_back(std::move(*bout));
  }
  return bouts;
}

std::optional<std::vector<Bout>> boutsOfResults(const std::vector<const nlohmann::json*>& results, size_t contestants,
                                                std::string& error) {
  std::vector<Bout> bouts;
  for (const nlohmann::json* r : results) {
    std::optional<Bout> bout = boutFromRecord((*r)["match"], contestants, error);
    if (!bout) return std::nullopt;
    bouts.push_back(std::move(*bout));
  }
  return bouts;
}

std::vector<records::ResultDifference> unconfirmedResults(const std::vector<const nlohmann::json*>& results,
                                                          const std::vector<Bout>& bouts,
                                                          const std::vector<BoutResult>& again,
                                                          const nlohmann::json& header) {
  std::vector<records::ResultDifference> out;
  for (size_t i = 0; i < again.size() && i < results.size() && i < bouts.size(); ++i) {
    const nlohmann::json& recorded = (*results[i])["outcome"];
    nlohmann::json fresh = outcomeJson(again[i].result);
    // A record from elsewhere may lack its hashes (boutFromRecord does not need them): then the
    // plan's robots are not confirmed either.
    nlohmann::json match = (*results[i])["match"];
    const auto hashes = match.find("hashes");
    if (recorded == fresh && hashes != match.end() && *hashes == matchRecord(bouts[i], header)["hashes"]) continue;
    match.erase("hashes");
    out.push_back({jsonrpc::jsonText(match), recorded, std::move(fresh)});
  }
  return out;
}

}  // namespace chronon::arena::robowar
