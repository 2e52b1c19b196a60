#pragma once
// One game's part of `chronon tournament` (TournamentGame, implemented by
// tournament_robowar_game.cpp and tournament_grobots_game.cpp) and the one driver of the command's
// modes over it (runTournamentGame, tournament_driver.cpp). The driver owns everything the two games
// share: the run folder of --out and --resume, the records read, the result records written, the
// engine's name in them, the progress line, shards, samples and what plan, merge and verify print.
// A game owns its entrants, its options and the arena calls that plan, play and score its matches.

#include <cstddef>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "chronon/arena/tournament_records.h"
#include "engine_option.h"
#include "tournament_command.h"

namespace chronon::cli {

/// A match played: its match record and its outcome, a result record's `match` and `outcome` keys
/// (the driver adds the plan id, the version and the engine with records::resultRecord). Called from
/// worker threads, possibly from several at once.
using MatchPlayed = std::function<void(const nlohmann::json& match, const nlohmann::json& outcome)>;

/// Matches done of all, for the progress line; called one at a time.
using MatchProgress = std::function<void(size_t done, size_t total)>;

/// What a tournament played with a log is told (TournamentGame::playTournament): the driver's side
/// of arena's robowar::ResultLog and grobots::RoundLog. The known results are the game's
/// (TournamentGame::takeKnownResults).
struct TournamentLog {
  /// False: matches without a known result are not played; the tournament stops at the first stage
  /// that has any and lists them (TournamentPass::missing).
  bool playMissing = true;
  /// Optional: called with each stage's match records, in index order, before any of them is played
  /// (RoboWar's main round, then its Winners' Circle, whose robots depend on the main round).
  std::function<void(const std::vector<nlohmann::json>& matches)> planned;
  /// Optional: called with each match played here, never with a known one.
  MatchPlayed played;
};

/// What one TournamentGame::playTournament found besides the standings it keeps.
struct TournamentPass {
  /// Why the standings cannot be printed (a stage whose matches have no result, or the tournament's
  /// own error); empty when they can.
  std::string error;
  /// When `error` is said: what to do about it (RoboWar: `plan --next` for the Winners' Circle), or
  /// empty.
  std::string nextStep;
  /// With TournamentLog::playMissing false: the match records of the stopping stage's matches that
  /// have no result, in index order.
  std::vector<nlohmann::json> missing;
  /// With a log: the matches of every stage planned. A known result of a larger index answers no
  /// match of this tournament.
  size_t planned = 0;
  /// Remarks on the tournament played ("fewer than 6 robots: ..."), which a run prints.
  std::vector<std::string> notes;
};

/// One game's steps of `chronon tournament`, in the order the driver takes them: load, then for a run
/// or a merge the known results, the engine and the tournament with its standings; for `play` the
/// matches of a plan; for `verify` the matches of results. Messages go to stderr, prefixed
/// "chronon tournament: ", and a step that fails says why before it returns false.
class TournamentGame {
 public:
  virtual ~TournamentGame() = default;

  /// Loads the entrants `command` names with its options and threads, prints those left out, and
  /// makes the plan header. False after a message (no entrant, a file that does not load).
  virtual bool loadFromCommand(const TournamentCommand& command) = 0;
  /// Loads the entrants and options of the plan `header`, each entrant compiled from the bytes the
  /// header holds, to play on `threads` worker threads (0: all cores). False after a message (a
  /// malformed header, an entrant that no longer compiles).
  virtual bool loadFromPlan(const nlohmann::json& header, int threads) = 0;

  /// The plan's header, after a load.
  const nlohmann::json& header() const { return header_; }
  /// The plan's id (records::planId of the header), which every result record repeats.
  const std::string& planId() const { return planId_; }

  /// Takes the results `byIndex` (records::resultsByIndex: each answers this plan) as known outcomes,
  /// which playTournament does not play again, and prints a note for each it leaves out. `byIndex`
  /// points into records the caller keeps until playTournament returns. False after a message (an
  /// outcome that does not read, a round past the plan's end).
  virtual bool takeKnownResults(const std::map<size_t, const nlohmann::json*>& byIndex) = 0;
  /// How many outcomes are known (the progress line's start).
  virtual size_t knownCount() const = 0;
  /// The match records a run folder's plan gets before the engine is made and anything is played:
  /// every round of a Grobots tournament; none for RoboWar, whose stages are planned as the
  /// tournament reaches them (TournamentLog::planned).
  virtual std::vector<nlohmann::json> matchesBeforePlay() const = 0;

  /// Sets up the engine `engines` asks for: the only place a JIT is made.
  virtual void prepareEngine(EngineChoice& engines) = 0;
  /// True when prepareEngine made the JIT that runs this game (results then say "jit").
  virtual bool jitCreated(const EngineChoice& engines) const = 0;

  /// Plays the tournament on the threads of the load. With a `log`, known outcomes are taken rather
  /// than played, each stage and each match played are handed over, and with log->playMissing false
  /// nothing is played; without one (nullptr) every match is played and nothing handed over.
  /// `progress` (optional) gets the matches done. Keeps the standings for printStandings.
  virtual TournamentPass playTournament(TournamentLog* log, const MatchProgress& progress) = 0;
  /// Writes the files `command` asks for of the standings playTournament kept (--replays, --log,
  /// --html; with `afterRun`, a RoboWar 1.5 list's SAVE file, which a merge does not write), then
  /// prints them to stdout as a table, --json or --csv. Returns the exit status: 1 after a message
  /// when a file cannot be written, else 0.
  virtual int printStandings(const TournamentCommand& command, bool afterRun) = 0;

  /// `play`: reads match records, each checked to be the plan's match of its index, and keeps them
  /// for playMatches; nothing is played, so that a bad record never makes the JIT. False after a
  /// message.
  virtual bool readMatches(const std::vector<nlohmann::json>& matches) = 0;
  /// Plays the matches readMatches kept on `threads` worker threads (0: all cores), handing each to
  /// `played` as it ends; `progress` (optional) gets the matches done.
  virtual void playMatches(int threads, const MatchPlayed& played, const MatchProgress& progress) = 0;

  /// `verify`: reads the matches that the result records `results` (records::resultsByIndex checked
  /// them) answer, and keeps them and the records for checkResults. False after a message.
  virtual bool readResults(const std::vector<const nlohmann::json*>& results) = 0;
  /// Plays the matches readResults kept again on `threads` worker threads and returns the results
  /// they do not confirm; `checked` gets the number of matches played.
  virtual std::vector<records::ResultDifference> checkResults(int threads, size_t& checked) = 0;

 protected:
  /// Sets the plan header and its id; each loader calls it.
  void setHeader(nlohmann::json header);

 private:
  nlohmann::json header_;
  std::string planId_;
};

/// The RoboWar part: robots, a folder of them or a RoboWar 1.5 list (tournament_robowar_game.cpp).
std::unique_ptr<TournamentGame> roboWarTournamentGame();
/// The Grobots part: sides or a folder of them (tournament_grobots_game.cpp).
std::unique_ptr<TournamentGame> grobotsTournamentGame();

/// `chronon tournament` in the mode `command` asks for, over `game`: loads it from `set`'s plan header
/// (`set` holds the records read: play, merge, verify, plan --next, or the run folder's plan for
/// --resume), or from the command line when `set` is nullptr, then runs, plans, plays, merges or
/// verifies. Returns the exit status (1 after a message).
int runTournamentGame(TournamentCommand& command, TournamentGame& game, const records::RecordSet* set);

}  // namespace chronon::cli
