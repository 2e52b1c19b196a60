#pragma once
// Reading duels played elsewhere for `chronon ladder import` (docs/ladder.md): the result records of
// a tournament's files (docs/tournament-records.md) whose matches are duels of robots the ladder has.
// The records come from strangers' machines, so every field is checked before it is used: a
// malformed record is an error naming it, never an exception.

#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "chronon/arena/tournament_records.h"
#include "chronon/ladder/ladder.h"

namespace chronon::ladder {

/// What import needs of the ladder's game. Its functions must not throw on any JSON value.
struct ImportGame {
  /// True when a plan header (`record` "tournament") plays the ladder's game under its rules.
  std::function<bool(const nlohmann::json& header)> samePlan;
  std::string rulesText;    ///< The ladder's rules, as the refusal of another plan names them.
  std::string outcomeKey;   ///< The outcome's list of entries: "robots" (RoboWar) or "sides" (Grobots).
  std::string gameName;     ///< "RoboWar" or "Grobots".
  std::string entriesName;  ///< "RoboWar robots" or "Grobots sides".
  std::string entryWord;    ///< "robot" or "side".
  /// The points of a two-entry outcome of the game; nullopt when the outcome is malformed.
  std::function<std::optional<std::pair<int, int>>(const nlohmann::json& outcome)> points;
};

/// A robot's integer points in an outcome entry (`{"points": N, ...}`) that fit an int; nullopt for
/// anything else. For ImportGame::points.
std::optional<int> integerPoints(const nlohmann::json& entry);

/// RoboWar's part of import: plans of RoboWar under the default rules (the ladder's), outcomes whose
/// `robots` carry integer points.
ImportGame roboWarImport();

/// Grobots' part of import for `ladder`: plans of Grobots in the ladder's world, outcomes whose two
/// `sides` score as grobotsPoints (grobots_ladder.h).
ImportGame grobotsImport(const Ladder& ladder);

/// The part of the game `ladder` plays.
ImportGame importGameOf(const Ladder& ladder);

/// The duels read from files of records.
struct ImportedDuels {
  std::vector<DuelResult> duels;  ///< In the order read, each with the ladder's entry ids.
  size_t skipped = 0;             ///< Results of matches of more than two robots (group bouts), left out.
};

/// Adds the duels of one file's records `lines` (read from `name`) to `out`. A plan header
/// (`record` "tournament") must play `game` under the ladder's rules. Each result record needs a
/// match with robot hashes (strings) and an outcome of `game` (its `outcomeKey` list); results of
/// more than two entries are counted in `skipped`; a duel's points come from `game.points`, and both
/// entries must be in `ladder` (found by hash). Other records are ignored. Returns false with `error`
/// ("NAME: ...") on the first record that breaks these rules; `out` may then hold some of the file's
/// duels. Never throws on any lines records::parseLines returned.
bool importDuels(const Ladder& ladder, const ImportGame& game, const arena::records::Lines& lines,
                 std::string_view name, ImportedDuels& out, std::string& error);

}  // namespace chronon::ladder
