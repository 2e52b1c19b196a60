#pragma once
// Grobots tournaments (specs/grobots-world.md §13, §14): many rounds of a set of sides, each round
// seeding up to `seedLimit` of them, and the original's results table averaged over the rounds each
// side played.

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "chronon/arena/grobots_world.h"

namespace chronon::arena::grobots {

/// How to run a tournament.
struct TournamentOptions {
  WorldOptions world;   ///< World size, frame limit and sides per round.
  int32_t rounds = 10;  ///< Rounds to play (>= 1).
  uint64_t seed = 1;    ///< Tournament seed; round k's world seed is derived from it and k.
  int32_t threads = 0;  ///< Worker threads; 0 means all cores. Results never depend on it.
  /// Called after each finished round with (rounds done, rounds in all), from the calling thread
  /// or a worker, never concurrently.
  std::function<void(int32_t, int32_t)> progress;
};

/// One side's line of the results table (grobots-world.md §13), fractions in [0, 1].
struct Standing {
  std::string name;         ///< The side's `#side` name.
  double score = 0;         ///< Mean final biomass fraction.
  double error = 1;         ///< 2 x standard deviation of the per-round fraction / sqrt(rounds - 1).
  double survival = 0;      ///< 1 - sterile rounds / rounds.
  double earlyDeath = 0;    ///< Rounds sterile at the early frame / rounds.
  double lateDeath = 0;     ///< 1 - (rounds - sterile) / (rounds - early deaths).
  double earlyScore = 0;    ///< Mean biomass fraction at the early frame.
  double fraction = 0;      ///< Sum of final fractions / rounds survived.
  double kills = 0;         ///< Mean killed fraction.
  int32_t rounds = 0;       ///< Rounds the side was seeded in.
  int64_t brainErrors = 0;  ///< Brain errors over all rounds.
};

/// A played tournament: per-round outcomes in round order, and the standings in side order.
struct TournamentResult {
  std::vector<RoundOutcome> rounds;  ///< Round k's outcome at index k.
  std::vector<Standing> standings;   ///< One per side, in the order the sides were given.
};

/// The world seed of round `round` (from 0) of a tournament with seed `seed`.
int32_t roundSeed(uint64_t seed, int32_t round);

/// What a tournament already knows and where its new rounds go (docs/tournament-records.md): known
/// rounds are taken instead of being played again, and each round played is handed over as soon as
/// it ends, so that a run killed at any moment can resume and shards played elsewhere can be merged.
struct RoundLog {
  /// Outcomes already known, by round number (from 0); those rounds are not played again.
  std::map<int32_t, RoundOutcome> known;
  /// Called with each round played here (never a known one), from worker threads, possibly from
  /// several at the same time.
  std::function<void(int32_t round, const RoundOutcome& outcome)> played;
  /// False: rounds without a known outcome are not played but listed in `missing`.
  bool playMissing = true;
  /// The rounds without an outcome, when playMissing is false (the result's standings then count
  /// only the known rounds and must not be shown).
  std::vector<int32_t> missing;
};

/// Plays rounds `rounds` (numbers from 0; world seeds from roundSeed) of `sides` on `threads` worker
/// threads (0 = all cores) and returns their outcomes in the order given; `played` (optional) gets
/// each as it ends (from several threads at once), and `progress` (optional), one call at a time,
/// the count done after it.
std::vector<RoundOutcome> runRounds(const std::vector<const grobocode::Side*>& sides, const WorldOptions& world,
                                    uint64_t seed, const std::vector<int32_t>& rounds, int32_t threads,
                                    const std::function<void(int32_t round, const RoundOutcome& outcome)>& played,
                                    const std::function<void(int32_t done)>& progress);

/// A round played by some of a field's sides (a ladder's duel, docs/ladder.md): the world seed and
/// the sides' indices in the field, in the order they enter the world (the outcome lists them so).
struct FieldRound {
  int32_t seed = 0;
  std::vector<int32_t> sides;
};

/// Plays each of `rounds` with only its sides of `field` on `threads` worker threads (0 = all cores)
/// and returns their outcomes in the order given; `played` (optional) gets each one's position in
/// `rounds` and outcome as it ends (from several threads at once), and `progress` (optional), one
/// call at a time, the count done after it. Each round is the round runRound plays for those sides
/// and that seed, whatever the thread count.
std::vector<RoundOutcome> runFieldRounds(const std::vector<const grobocode::Side*>& field, const WorldOptions& world,
                                         const std::vector<FieldRound>& rounds, int32_t threads,
                                         const std::function<void(size_t i, const RoundOutcome& outcome)>& played,
                                         const std::function<void(int32_t done)>& progress);

/// Plays `options.rounds` rounds of `sides` (loaded sides with costs; they must outlive the call),
/// spread over worker threads. Deterministic for a given seed, whatever the thread count. With a
/// `log`, known rounds are taken from it and new ones handed to it (RoundLog).
TournamentResult runTournament(const std::vector<const grobocode::Side*>& sides, const TournamentOptions& options,
                               RoundLog* log = nullptr);

/// The standings from per-round outcomes (§13); `names` gives each side's name.
std::vector<Standing> standings(const std::vector<RoundOutcome>& rounds, const std::vector<std::string>& names);

/// The results table as the original prints it: a header line, then per side, sorted by score
/// (best first): score, error, survival, early death, late death, early score, fraction, kills,
/// rounds and name, tab-separated, fractions as percentages.
std::string formatStandings(const std::vector<Standing>& standings);

/// Reads a results table as the original prints it and as formatStandings writes it: '#' lines
/// are comments; each other line is score, error, survival, early-death, late-death, early-score,
/// fraction, kills (percentages, "%" optional), rounds and name, tab-separated. A header line that
/// starts with "score" is skipped. Lines that do not parse are skipped.
std::vector<Standing> parseStandings(const std::string& text);

/// How one tournament's standings compare with a reference (e.g. the original's, for the same sides).
struct Comparison {
  double spearman = 0;  ///< Spearman rank correlation of score (ties get their mean rank).
  /// Per side matched by name: |score - reference score| / sqrt(error² + reference error²), in the
  /// order of `ours`; -1 when the side is missing from the reference.
  std::vector<double> deviations;
  double worstDeviation = 0;  ///< The largest deviation.
  int32_t matched = 0;        ///< Sides found in both tables.
};

/// Compares `ours` with `reference` by side name (grobots issue: ranks like the original, scores
/// within 2.5 combined errors).
Comparison compareStandings(const std::vector<Standing>& ours, const std::vector<Standing>& reference);

}  // namespace chronon::arena::grobots
