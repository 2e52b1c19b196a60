#pragma once
// RoboWar tournaments with the structure of the latest versions (specs/robowar.md §8): every pair of
// robots duels, random groups of six fight, group scores are normalised to weigh like duel scores,
// and the top six meet again in the Winners' Circle. Also the RoboWar 1.5 "automated combat" lists
// (seeds/robowar-1.5-manual.txt, Part V), where each listed group fights a given number of times.
//
// Every bout's seed is derived from the tournament seed and the bout's index, and results are
// collected by index, so a tournament's output depends only on its inputs, never on the number of
// threads or their timing.

#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "chronon/arena/robowar_battle.h"
#include "chronon/compiler/robotalk.h"

namespace chronon::arena::robowar {

/// A robot entered in a tournament.
struct Contestant {
  std::string name;                            ///< Unique display name (file stem, made unique).
  const robotalk::Program* program = nullptr;  ///< Compiled without errors; not owned.
  int team = 0;                                ///< 0 = no team; equal non-zero numbers are teammates.
  std::string teamName;                        ///< The `#!!team` name, empty without a team.
};

/// The phase a bout belongs to.
enum class BoutPhase : uint8_t {
  kDuel,          ///< Main duels: every pair, numDuels times.
  kGroup,         ///< Main groups of (up to) six.
  kWinnersDuel,   ///< Winners' Circle duels among the top six.
  kWinnersGroup,  ///< Winners' Circle group rounds of the top six.
  kListed,        ///< A combat from a RoboWar 1.5 tournament list.
};

/// The phase's name as printed in logs: "duel", "group", "wc-duel", "wc-group", "listed".
const char* phaseName(BoutPhase phase);

/// One battle of a tournament.
struct Bout {
  size_t index = 0;  ///< Position in the whole tournament, from 0; the seed derives from it.
  BoutPhase phase = BoutPhase::kDuel;
  std::vector<int> robots;  ///< Indices into the contestant list, in entry order.
  uint64_t seed = 0;        ///< `Random::derive(tournamentSeed, index)`.
};

/// A bout and how it ended.
struct BoutResult {
  Bout bout;
  Result result;  ///< Without events.
};

/// Runs one battle; an empty runner means `runBattle`. Tests pass their own to check the arithmetic.
using BattleRunner = std::function<Result(const std::vector<Entry>& entries, uint64_t seed, const Rules& rules)>;

/// Called after each finished battle with the number finished and the number scheduled (both
/// counting the whole tournament so far). Called from worker threads, one call at a time.
using ProgressCallback = std::function<void(size_t done, size_t total)>;

/// How a tournament is played.
struct TournamentOptions {
  int numDuels = 3;    ///< Duels per pair in the main round (>= 0).
  int numGroups = 1;   ///< Group draws per entry: numEntries x numGroups groups (>= 0).
  int groupBouts = 1;  ///< Battles per drawn group (>= 1 when numGroups > 0).
  bool basic = false;  ///< True: no Winners' Circle (the original's "basic" tournament).
  uint64_t seed = 1;   ///< Tournament seed; every bout's seed derives from it.
  int threads = 0;     ///< Worker threads; 0 = all cores.
  Rules rules;         ///< Battle rules; maxChronons is the tournament cap (1500).
};

/// Number of robots in a group and in the Winners' Circle (specs/robowar.md §8).
inline constexpr int kGroupSize = 6;

/// Winners' Circle duels per pair for `numDuels` main duels: 8/3 x numDuels, rounded to nearest
/// (specs/robowar.md §8).
int winnersDuels(int numDuels);
/// Winners' Circle group rounds for `numGroups`: 16 x numGroups (specs/robowar.md §8).
int winnersGroupRounds(int numGroups);

/// The duels among `members` (contestant indices): every pair not on one team, `duelsPerPair` times,
/// pair by pair in index order. Indices and seeds start at `firstIndex` and derive from `seed`.
std::vector<Bout> scheduleDuels(const std::vector<Contestant>& contestants, const std::vector<int>& members,
                                int duelsPerPair, BoutPhase phase, size_t firstIndex, uint64_t seed);

/// `groupCount` random groups of min(6, members) distinct robots drawn from `members`, each fought
/// `groupBouts` times in a row. The draw uses a generator derived from `seed` and `firstIndex`, so it
/// is reproducible. Indices and seeds start at `firstIndex`.
std::vector<Bout> scheduleGroups(const std::vector<int>& members, int groupCount, int groupBouts, BoutPhase phase,
                                 size_t firstIndex, uint64_t seed);

/// Called with each bout as soon as its battle is over, from worker threads, possibly at the same
/// time from several (a callback that writes to disk must not hold the others up for long).
using PlayedCallback = std::function<void(const BoutResult& result)>;

/// Runs `bouts` on a pool of `threads` std::threads (0 = all cores), one battle per task, and returns
/// the results in bout order. `progressBase` is added to the done count reported to `progress`, and
/// `progressTotal` is the total reported; `played`, when set, gets each result as it finishes.
/// Throws nothing; a battle's own failure is its result.
std::vector<BoutResult> runBouts(const std::vector<Contestant>& contestants, const std::vector<Bout>& bouts,
                                 const Rules& rules, int threads, const BattleRunner& runner,
                                 const ProgressCallback& progress = {}, size_t progressBase = 0,
                                 size_t progressTotal = 0, const PlayedCallback& played = {});

/// What a tournament already knows and where its new results go (docs/tournament-records.md). A
/// tournament run with a log takes the results it holds instead of playing those bouts again, shows
/// each stage's bouts (the main round, then the Winners' Circle, whose robots depend on the main
/// round) before playing them, and hands over every result it plays, so that a run killed at any
/// moment can resume and shards played elsewhere can be merged. The standings are the same either way.
struct ResultLog {
  /// Results already known, by bout index; those bouts are not played again.
  std::map<size_t, Result> known;
  /// Called with each stage's bouts, in index order, before any of them is played.
  std::function<void(const std::vector<Bout>& bouts)> planned;
  /// Called with each bout played here (never a known one), from worker threads (see PlayedCallback).
  PlayedCallback played;
  /// False: bouts without a known result are not played; the tournament stops at the first stage
  /// that has any, lists them in `missing` and sets its error.
  bool playMissing = true;
  /// The stage's bouts that have no result, when playMissing is false.
  std::vector<Bout> missing;
};

/// One robot's line of the standings. All scores are points (survival + kills under Rules::scoring).
struct Standing {
  int contestant = 0;  ///< Index into the contestant list.
  std::string name;
  double solo = 0;          ///< Sum of main-duel points.
  double group = 0;         ///< Main-group points x numDuels(N-1) / (2 groupBouts groupsFought).
  double total = 0;         ///< solo + group.
  double winnersSolo = 0;   ///< Winners' Circle duel points, rescaled (0 outside the circle).
  double winnersGroup = 0;  ///< Winners' Circle group points, rescaled (0 outside the circle).
  double finalScore = 0;    ///< total + winnersSolo + winnersGroup.
  bool inWinnersCircle = false;
  int duelsFought = 0;   ///< Main duels fought.
  int groupsFought = 0;  ///< Distinct main groups drawn with this robot.
  int boutsFought = 0;   ///< Battles fought in all phases.
  int wins = 0;          ///< Battles survived in all phases.
  int kills = 0;         ///< Scoring kills in all phases.
};

/// The outcome of a tournament.
struct TournamentReport {
  std::vector<Contestant> contestants;
  std::vector<Standing> standings;  ///< Sorted by final score (descending), then name.
  std::vector<BoutResult> bouts;    ///< Every battle, by index.
  std::vector<std::string> notes;   ///< Remarks such as "fewer than 6 robots: groups use all 4".
  bool winnersCircle = false;       ///< Whether a Winners' Circle was held.
  bool listed = false;              ///< A RoboWar 1.5 list tournament (solo = 2-robot combats).
  TournamentOptions options;
};

/// Computes the main-round standings (solo, group, total) from `results` of a tournament among
/// `contestantCount` robots with `options`: solo = duel points; group = group points x
/// numDuels(N-1) / (2 groupBouts groupsFought), where groupsFought counts the distinct group draws
/// the robot was in (specs/robowar.md §8). Winners' Circle bouts in `results` are ignored here.
std::vector<Standing> scoreMainRound(int contestantCount, const std::vector<BoutResult>& results,
                                     const TournamentOptions& options);

/// Adds the Winners' Circle scores of `results` to `standings` (unsorted, indexed by contestant):
/// duel points are rescaled by numDuels(N-1) / (wcDuels (W-1)) and group points by
/// numDuels(N-1) / (2 wcRounds), so each part averages like its main-round counterpart and the
/// circle weighs about half of a finalist's final score (specs/robowar.md §8). W = finalists.
void scoreWinnersCircle(std::vector<Standing>& standings, const std::vector<int>& finalists,
                        const std::vector<BoutResult>& results, const TournamentOptions& options);

/// The `count` best contestants by total (ties broken by lower index), in that order.
std::vector<int> topContestants(const std::vector<Standing>& standings, int count);

/// Sorts standings by final score, highest first, ties by name.
void sortStandings(std::vector<Standing>& standings);

/// Plays a whole tournament among `contestants` (at least two). Returns the report; `error` gets a
/// message and the report is empty when the options or the field are unusable. With a `log`, known
/// results are taken from it and new ones handed to it (ResultLog); when it does not play missing
/// bouts and some are missing, `error` says how many and the report is incomplete.
TournamentReport runTournament(std::vector<Contestant> contestants, const TournamentOptions& options,
                               const BattleRunner& runner, const ProgressCallback& progress, std::string& error,
                               ResultLog* log = nullptr);

/// One group of a RoboWar 1.5 tournament list: robots (2-6, indices into contestants) and how many
/// times they fight.
struct ListedCombat {
  std::vector<int> robots;
  int count = 1;
};

/// Plays the combats of a RoboWar 1.5 list: each group `count` times. Two-robot combats score as solo
/// points and larger ones as (unnormalised) group points; there is no Winners' Circle.
/// A `log` works as for runTournament.
TournamentReport runListedTournament(std::vector<Contestant> contestants, const std::vector<ListedCombat>& combats,
                                     const TournamentOptions& options, const BattleRunner& runner,
                                     const ProgressCallback& progress, std::string& error, ResultLog* log = nullptr);

}  // namespace chronon::arena::robowar
