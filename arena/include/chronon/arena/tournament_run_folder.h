#pragma once
// The folder of a tournament played with `--out DIR` or continued with `--resume DIR`
// (docs/tournament-records.md): its plan (`plan.jsonl`: the header, then each stage's matches as it
// is planned) and its results (`results.jsonl`, one line per match as it ends), both appended whole
// and synced, so that a process killed at any moment leaves at most a torn last line.

#include <cstddef>
#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "chronon/arena/tournament_records.h"
#include "chronon/jsonrpc/json_text.h"

namespace chronon::arena::records {

/// The plan file's name in a run folder.
inline constexpr const char* kPlanFile = "plan.jsonl";
/// The results file's name in a run folder.
inline constexpr const char* kResultsFile = "results.jsonl";

/// The plan and results files of one tournament's run folder.
class RunFolder {
 public:
  /// Starts a tournament in `dir` (made when missing) with the plan's `header`. A folder whose plan
  /// holds a whole header already is refused (`--resume` continues it); a plan without one was
  /// killed before it began and is started again. False with `error`.
  bool create(const std::string& dir, const nlohmann::json& header, std::string& error);
  /// Opens the tournament in `dir`: reads its plan and results, and cuts off a torn last line of
  /// either (`notes` says so; that match is played again). False with `error` when the folder holds no
  /// plan, a file cannot be read or repaired, or the records do not belong together.
  bool resume(const std::string& dir, std::vector<std::string>& notes, std::string& error);
  /// The plan's header (after create or resume).
  const nlohmann::json& header() const { return header_; }
  /// The result records read by resume.
  const std::vector<nlohmann::json>& results() const { return results_; }
  /// Appends, in one write, the match records among `matches` that the plan does not hold yet. A plan
  /// that holds another match under the same index is an error (false with `error`).
  bool plan(const std::vector<nlohmann::json>& matches, std::string& error);
  /// Appends a result record (synced by group commit, see Appender); safe from several threads.
  void result(const nlohmann::json& record) { resultFile_.append(jsonrpc::jsonText(record)); }
  /// Waits for every line to reach the disk; false with `error` when a write or a sync failed.
  bool finish(std::string& error);

 private:
  std::string dir_;
  nlohmann::json header_;
  std::map<size_t, nlohmann::json> planned_;
  std::vector<nlohmann::json> results_;
  Appender planFile_;
  Appender resultFile_;
};

}  // namespace chronon::arena::records
