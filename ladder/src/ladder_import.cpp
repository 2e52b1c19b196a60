// Reading duels for `chronon ladder import` (see ladder_import.h).

#include "chronon/ladder/ladder_import.h"

#include <climits>
#include <optional>

#include "chronon/arena/robowar_replay.h"

namespace chronon::ladder {

namespace {

// The string at `key` of `object`, or nullopt when it is absent or not a string.
std::optional<std::string> stringAt(const nlohmann::json& object, const char* key) {
  const auto it = object.find(key);
  if (it == object.end() || !it->is_string()) return std::nullopt;
  return it->get<std::string>();
}

// A robot's points in an outcome: an integer that fits int, else nullopt.
std::optional<int> pointsOf(const nlohmann::json& robot) {
  if (!robot.is_object()) return std::nullopt;
  const auto it = robot.find("points");
  if (it == robot.end() || !it->is_number_integer()) return std::nullopt;
  if (it->is_number_unsigned()) {
    const auto value = it->get<uint64_t>();
    if (value > static_cast<uint64_t>(INT_MAX)) return std::nullopt;
    return static_cast<int>(value);
  }
  const auto value = it->get<int64_t>();
  if (value < INT_MIN || value > INT_MAX) return std::nullopt;
  return static_cast<int>(value);
}

}  // namespace

bool importDuels(const Ladder& ladder, const arena::records::Lines& lines, std::string_view name, ImportedDuels& out,
                 std::string& error) {
  const std::string file(name);
  for (const nlohmann::json& record : lines.records) {
    if (!record.is_object()) continue;
    const std::optional<std::string> kind = stringAt(record, "record");
    if (kind == "tournament") {
      // A plan given beside its results must play under the ladder's rules, or its duels would be
      // rated beside duels of another game.
      const auto rules = record.find("rules");
      const nlohmann::json defaults = arena::robowar::rulesJson(arena::robowar::Rules{});
      if (stringAt(record, "game") != "robowar" ||
          (rules == record.end() ? nlohmann::json::object() : *rules) != defaults) {
        error = file + ": its plan plays other rules than the ladder's (RoboWar defaults)";
        return false;
      }
      continue;
    }
    if (kind != "result") continue;
    const auto match = record.find("match");
    const auto outcome = record.find("outcome");
    if (match == record.end() || !match->is_object() || outcome == record.end() || !outcome->is_object()) {
      error = file + ": a result record has no match or no outcome object";
      return false;
    }
    const auto hashes = match->find("hashes");
    const auto robots = outcome->find("robots");
    if (hashes == match->end() || !hashes->is_array() || robots == outcome->end() || !robots->is_array()) {
      error = file + ": a result record's match has no hashes or its outcome no robots";
      return false;
    }
    // A ladder rates duels; a shard of a whole tournament also holds group bouts, left out here.
    if (hashes->size() != 2 || robots->size() != 2) {
      ++out.skipped;
      continue;
    }
    const nlohmann::json index = match->contains("index") ? (*match)["index"] : nlohmann::json();
    const std::optional<int> pointsA = pointsOf((*robots)[0]);
    const std::optional<int> pointsB = pointsOf((*robots)[1]);
    if (!(*hashes)[0].is_string() || !(*hashes)[1].is_string() || !pointsA || !pointsB) {
      error =
          file + ": the result of match " + index.dump() + " is malformed (hashes must be strings, points integers)";
      return false;
    }
    const std::optional<Robot> a = ladder.robotByHash((*hashes)[0].get<std::string>());
    const std::optional<Robot> b = ladder.robotByHash((*hashes)[1].get<std::string>());
    if (!a || !b) {
      error = file + ": match " + index.dump() + " names a robot the ladder does not have (by hash)";
      return false;
    }
    nlohmann::json stored = *match;
    stored["entries"] = {a->id, b->id};
    out.duels.push_back({a->id, b->id, *pointsA, *pointsB, stored, record});
  }
  return true;
}

}  // namespace chronon::ladder
