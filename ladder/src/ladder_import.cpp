// Reading duels for `chronon ladder import` (see ladder_import.h).

#include "chronon/ladder/ladder_import.h"

#include <climits>
#include <optional>

#include "chronon/arena/grobots_tournament_records.h"
#include "chronon/arena/robowar_replay.h"
#include "chronon/jsonrpc/json_text.h"
#include "chronon/ladder/grobots_ladder.h"

namespace chronon::ladder {

namespace {

// The string at `key` of `object`, or nullopt when it is absent or not a string.
std::optional<std::string> stringAt(const nlohmann::json& object, const char* key) {
  const auto it = object.find(key);
  if (it == object.end() || !it->is_string()) return std::nullopt;
  return it->get<std::string>();
}

}  // namespace

std::optional<int> integerPoints(const nlohmann::json& entry) {
  if (!entry.is_object()) return std::nullopt;
  const auto it = entry.find("points");
  if (it == entry.end() || !it->is_number_integer()) return std::nullopt;
  if (it->is_number_unsigned()) {
    const auto value = it->get<uint64_t>();
    if (value > static_cast<uint64_t>(INT_MAX)) return std::nullopt;
    return static_cast<int>(value);
  }
  const auto value = it->get<int64_t>();
  if (value < INT_MIN || value > INT_MAX) return std::nullopt;
  return static_cast<int>(value);
}

ImportGame roboWarImport() {
  return ImportGame{[](const nlohmann::json& header) {
                      // Plans come from other machines: a key of another type is another plan, not an exception.
                      const auto game = header.find("game");
                      return game != header.end() && *game == "robowar" &&
                             header.value("rules", nlohmann::json::object()) ==
                                 arena::robowar::rulesJson(arena::robowar::Rules{});
                    },
                    "RoboWar defaults",
                    "robots",
                    "RoboWar",
                    "RoboWar robots",
                    "robot",
                    [](const nlohmann::json& outcome) -> std::optional<std::pair<int, int>> {
                      const auto robots = outcome.find("robots");
                      if (robots == outcome.end() || !robots->is_array() || robots->size() != 2) return std::nullopt;
                      const std::optional<int> a = integerPoints((*robots)[0]);
                      const std::optional<int> b = integerPoints((*robots)[1]);
                      if (!a || !b) return std::nullopt;
                      return std::make_pair(*a, *b);
                    }};
}

ImportGame grobotsImport(const Ladder& ladder) {
  const nlohmann::json world = ladder.rules();
  return ImportGame{
      [world](const nlohmann::json& header) {
        const auto game = header.find("game");
        return game != header.end() && *game == "grobots" && header.value("world", nlohmann::json::object()) == world;
      },
      "Grobots world " + jsonrpc::jsonText(world),
      "sides",
      "Grobots",
      "Grobots sides",
      "side",
      [](const nlohmann::json& outcome) -> std::optional<std::pair<int, int>> {
        std::string error;
        const std::optional<arena::grobots::RoundOutcome> round = arena::grobots::outcomeFromJson(outcome, 2, error);
        if (!round || !round->sides[0].seeded || !round->sides[1].seeded) return std::nullopt;
        return grobotsPoints(*round);
      }};
}

ImportGame importGameOf(const Ladder& ladder) {
  switch (ladder.game()) {
    case GameKind::kRoboWar: return roboWarImport();
    case GameKind::kGrobots: return grobotsImport(ladder);
  }
  return roboWarImport();
}

bool importDuels(const Ladder& ladder, const ImportGame& game, const arena::records::Lines& lines,
                 std::string_view name, ImportedDuels& out, std::string& error) {
  const std::string file(name);
  for (const nlohmann::json& record : lines.records) {
    if (!record.is_object()) continue;
    const std::optional<std::string> kind = stringAt(record, "record");
    if (kind == "tournament") {
      // A plan given beside its results must play under the ladder's rules, or its duels would be
      // rated beside duels of another game.
      if (!game.samePlan(record)) {
        error = file + ": its plan plays other rules than the ladder's (" + game.rulesText + ")";
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
    const nlohmann::json index = match->contains("index") ? (*match)["index"] : nlohmann::json();
    const auto hashes = match->find("hashes");
    if (hashes == match->end() || !hashes->is_array()) {
      error = file + ": the match of a result record has no hashes";
      return false;
    }
    const auto entries = outcome->find(game.outcomeKey);
    if (entries == outcome->end() || !entries->is_array()) {
      error = file + ": match " + jsonrpc::jsonText(index) + " is not a " + game.gameName +
              " result; this ladder plays " + game.entriesName;
      return false;
    }
    // A ladder rates duels; a shard of a whole tournament also holds group bouts, left out here.
    if (hashes->size() != 2 || entries->size() != 2) {
      ++out.skipped;
      continue;
    }
    const std::optional<std::pair<int, int>> points = game.points(*outcome);
    if (!(*hashes)[0].is_string() || !(*hashes)[1].is_string() || !points) {
      error = file + ": the result of match " + jsonrpc::jsonText(index) +
              " is malformed (hashes must be strings, the outcome a " + game.gameName + " duel's)";
      return false;
    }
    const std::optional<Robot> a = ladder.robotByHash((*hashes)[0].get<std::string>());
    const std::optional<Robot> b = ladder.robotByHash((*hashes)[1].get<std::string>());
    if (!a || !b) {
      error = file + ": match " + jsonrpc::jsonText(index) + " names a " + game.entryWord +
              " the ladder does not have (by hash)";
      return false;
    }
    nlohmann::json stored = *match;
    stored["entries"] = {a->id, b->id};
    out.duels.push_back({a->id, b->id, points->first, points->second, stored, record});
  }
  return true;
}

}  // namespace chronon::ladder
