#pragma once
// `chronon tournament` and its subcommands (plan, play, merge, verify): what the command line says
// (cmd_tournament.cpp, parsed with CLI11) and the parts of the modes that do not depend on the game
// (tournament_support.cpp: the run folder, records from files, progress), which the driver
// (tournament_driver.cpp, tournament_game.h) and `chronon ladder` use. The records themselves are in
// arena/ (tournament_records.h, docs/tournament-records.md).

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "chronon/arena/tournament_records.h"
#include "chronon/arena/tournament_run_folder.h"
#include "engine_option.h"

namespace chronon::cli {

namespace records = chronon::arena::records;

/// What `chronon tournament` was asked to do.
enum class TournamentMode : uint8_t {
  kRun,     ///< Play the tournament (fresh, into --out DIR, or --resume DIR) and print the standings.
  kPlan,    ///< Print the plan (or, with --next, the next stage's matches) as JSON Lines.
  kPlay,    ///< Play a plan's matches (one shard of them) and print their result records.
  kMerge,   ///< Print the standings from a plan and result records played anywhere.
  kVerify,  ///< Play recorded matches again and report every result that differs.
};

/// Everything the command line said, for both games and every mode.
struct TournamentCommand {
  TournamentMode mode = TournamentMode::kRun;
  std::vector<std::string> inputs;  ///< Robots, sides, folders or a list (run and plan).
  std::vector<std::string> files;   ///< Record files (play, merge, verify, plan --next); empty: stdin.
  uint64_t seed = 1;
  int threads = 0;
  // RoboWar.
  int duels = 3;
  int groups = 1;
  int groupBouts = 1;
  int maxChronons = 1500;
  bool basic = false;
  std::string category = "unlimited";
  std::string scoring = "mac452";
  // Grobots.
  int rounds = 10;
  int frames = 18000;
  std::string world = "10x10";
  int sidesPerRound = 10;
  // Output.
  bool json = false;
  bool csv = false;
  std::string logPath;
  std::string replayDir;
  std::string htmlPath;  ///< --html: the standings page to write.
  // Records.
  std::string outDir;     ///< --out: write the plan and the results here while playing.
  std::string resumeDir;  ///< --resume: continue the tournament in this folder.
  std::optional<records::Shard> shard;
  int sample = 0;     ///< verify --sample: results to check (0: all).
  bool next = false;  ///< plan --next.
  EngineChoice engines;
};

/// The engine name a result record carries: "jit" when the JIT runs the robots, else "interpreter".
std::string engineName(const EngineChoice& engines, bool jitCreated);

/// Reads record files (or stdin when `files` is empty) into `set`; a torn last line is an error
/// unless `tornIsError` is false (then it is left out with a note). With a `shard`, match lines of
/// other shards are skipped unread. False after a message.
bool readRecordFiles(const std::vector<std::string>& files, bool tornIsError, records::RecordSet& set,
                     const std::optional<records::Shard>& shard = std::nullopt);

/// Opens the run folder `--resume DIR` names (its notes printed) or makes the one `--out DIR` names,
/// with the plan's `header`; nothing without either. False after a message.
bool openRunFolder(records::RunFolder& folder, const TournamentCommand& command, const nlohmann::json& header);

/// Prints `error` as the command's message when `ok` is false; returns `ok`.
bool reported(bool ok, const std::string& error);

/// records::resultsByIndex, with its error printed as the command's: false after a message.
bool resultsByIndex(const std::vector<nlohmann::json>& results, const std::string& planId,
                    std::map<size_t, const nlohmann::json*>& out);

/// A progress line on stderr when it is a terminal: a bar, matches done of all, the rate of this
/// run and the time left at that rate. Thread-safe; redraws at most ten times a second.
class ProgressLine {
 public:
  /// `known`: matches done before this run started (taken from records), not counted in the rate.
  explicit ProgressLine(size_t known);
  /// True when stderr is a terminal (otherwise update() does nothing).
  bool enabled() const { return enabled_; }
  /// Shows `done` of `total`; the last call (done == total) ends the line.
  void update(size_t done, size_t total);

 private:
  bool enabled_ = false;
  size_t known_ = 0;
  std::chrono::steady_clock::time_point start_;
  std::chrono::steady_clock::time_point lastDraw_;
};

/// Writes one line to stdout at once (a whole line, flushed), from any thread.
void printLine(const std::string& line);

/// Picks the matches `play` runs: those of `set` in `shard` (all without one). Match records whose
/// index repeats are run once.
std::vector<nlohmann::json> shardMatches(const records::RecordSet& set, const std::optional<records::Shard>& shard);

/// Prints what verify found: a paragraph per difference and the count of `checked` results out of
/// `recorded`. Returns the exit status: 1 when a result differs, else 0.
int printDifferences(const std::vector<records::ResultDifference>& differences, size_t checked, size_t recorded);

}  // namespace chronon::cli
