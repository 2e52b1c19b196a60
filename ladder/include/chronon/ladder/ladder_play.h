#pragma once
// The ladder's work over its game (ladder_game.h, docs/ladder.md): entering robots, scheduling and
// playing the next duels a batch at a time, planning them for other machines, and playing stored
// duels again. Each returns what happened as plain values; `chronon ladder` (cli/cmd_ladder.cpp)
// prints them. A malformed stored record throws nlohmann::json::exception and a match record that
// is not a duel of its header std::runtime_error; the command line reports either.

#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "chronon/ladder/ladder.h"
#include "chronon/ladder/ladder_game.h"

namespace chronon::ladder {

/// Duels stored per batch by playDuels: a batch is one rating period and one transaction, so a
/// killed run loses at most the batch it was playing.
inline constexpr int kDuelsPerBatch = 100;

/// One entry file as addEntries found it.
struct EntryOutcome {
  std::string path;
  EntryCheck check;  ///< check.name is set when the file entered (or was in the ladder already).
  std::string note;  ///< Ladder::add's note (the same bytes already entered, a new version), or empty.
};

/// What addEntries did.
struct AddReport {
  int added = 0;                    ///< Files entered (or found already entered).
  std::vector<EntryOutcome> files;  ///< Every file looked at, in order.
  bool refused() const;             ///< Whether a file was left out.
};

/// Checks every entry file `inputs` names (the game's entryFiles: files as given, folders expanded)
/// and enters those that load (Ladder::add). False with `error` when the database refuses one: the
/// files before it stay entered, and `report` says which.
bool addEntries(Ladder& ladder, const std::vector<std::string>& inputs, AddReport& report, std::string& error);

/// The next duels as a tournament plan.
struct DuelPlan {
  nlohmann::json header;                             ///< The plan header of the active entries.
  std::vector<nlohmann::json> matches;               ///< The duels' match records, ids and seeds the ladder's.
  std::vector<std::pair<int64_t, int64_t>> entries;  ///< Each duel's two entries (ids).
};

/// The next `count` duels among the active entries (Ladder::schedule) as a plan, for `chronon
/// tournament play` elsewhere and `ladder import`. nullopt with `error` when fewer than two
/// entries are active.
std::optional<DuelPlan> planDuels(const Ladder& ladder, int count, std::string& error);

/// Plays and rates the next `matches` duels, in batches of kDuelsPerBatch, on `threads` workers
/// (0: all cores) with the engines `engines` readies; `progress(done, matches)` after each stored
/// batch. Returns the duels played and stored, or nullopt with `error` (fewer than two active
/// entries, a robot that no longer loads, a database failure; batches stored before it stay).
std::optional<int> playDuels(Ladder& ladder, int matches, int threads, LadderEngines& engines,
                             const std::function<void(int done, int matches)>& progress, std::string& error);

/// A stored duel whose outcome differs when it is played again.
struct DuelDifference {
  int64_t match = 0;        ///< The ladder's match id.
  nlohmann::json recorded;  ///< The stored outcome.
  nlohmann::json again;     ///< The outcome of playing it again.
};

/// What verifyDuels found.
struct VerifyReport {
  size_t checked = 0;  ///< Duels played again.
  size_t stored = 0;   ///< Duels the ladder holds.
  std::vector<DuelDifference> differences;
};

/// Plays stored duels again on the interpreter, all of them or `sample` drawn with `seed`
/// (arena::records::sampleResults), on `threads` workers, and compares each outcome with the
/// stored one. nullopt with `error` when a robot no longer loads.
std::optional<VerifyReport> verifyDuels(const Ladder& ladder, int sample, uint64_t seed, int threads,
                                        std::string& error);

}  // namespace chronon::ladder
