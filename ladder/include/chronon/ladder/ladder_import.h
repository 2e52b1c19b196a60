#pragma once
// Reading duels played elsewhere for `chronon ladder import` (docs/ladder.md): the result records of
// a tournament's files (docs/tournament-records.md) whose matches are duels of robots the ladder has.
// The records come from strangers' machines, so every field is checked before it is used: a
// malformed record is an error naming it, never an exception.

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "chronon/arena/tournament_records.h"
#include "chronon/ladder/ladder.h"

namespace chronon::ladder {

/// The duels read from files of records.
struct ImportedDuels {
  std::vector<DuelResult> duels;  ///< In the order read, each with the ladder's entry ids.
  size_t skipped = 0;             ///< Results of matches of more than two robots (group bouts), left out.
};

/// Adds the duels of one file's records `lines` (read from `name`) to `out`. A plan header
/// (`record` "tournament") must be a RoboWar plan under the default rules, the ladder's. Each result
/// record needs a match with two robot hashes (strings) and an outcome with two robots whose points
/// are integers; both robots must be entries of `ladder` (found by hash). Other records are ignored.
/// Returns false with `error` ("NAME: ...") on the first record that breaks these rules; `out` may
/// then hold some of the file's duels. Never throws on any lines records::parseLines returned.
bool importDuels(const Ladder& ladder, const arena::records::Lines& lines, std::string_view name, ImportedDuels& out,
                 std::string& error);

}  // namespace chronon::ladder
