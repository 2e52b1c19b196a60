// A tournament's run folder (tournament_run_folder.h).

#include "chronon/arena/tournament_run_folder.h"

#include <filesystem>
#include <optional>
#include <system_error>

#include "chronon/jsonrpc/json_text.h"

namespace chronon::arena::records {

namespace {

// Reads a records file of a run folder, cutting off a torn last line (with a note).
std::optional<Lines> readRepairing(const std::string& path, std::vector<std::string>& notes, std::string& error) {
  std::optional<Lines> lines = readLines(path, true, error);
  if (!lines || !lines->torn) return lines;
  notes.push_back(path + ": its last line was torn (cut off by a crash); it is removed" +
                  (std::filesystem::path(path).filename() == kResultsFile ? " and its match played again" : ""));
  if (!truncateFile(path, lines->intactBytes, error)) return std::nullopt;
  lines->torn = false;
  return lines;
}

}  // namespace

bool RunFolder::create(const std::string& dir, const nlohmann::json& header, std::string& error) {
  dir_ = dir;
  header_ = header;
  std::error_code ec;
  const std::filesystem::path planPath = std::filesystem::path(dir) / kPlanFile;
  if (std::filesystem::exists(planPath, ec)) {
    // A plan without a whole header line was killed before it began: nothing is lost by starting
    // again.
    const std::optional<Lines> old = readLines(planPath.string(), true, error);
    if (!old || !old->records.empty()) {
      error = dir + " holds a tournament already; --resume " + dir + " continues it";
      return false;
    }
    std::filesystem::remove(planPath, ec);
    std::filesystem::remove(std::filesystem::path(dir) / kResultsFile, ec);
  }
  std::filesystem::create_directories(dir, ec);
  if (!planFile_.open(planPath.string(), error) ||
      !resultFile_.open((std::filesystem::path(dir) / kResultsFile).string(), error))
    return false;
  planFile_.append(jsonrpc::jsonText(header));
  return true;
}

bool RunFolder::resume(const std::string& dir, std::vector<std::string>& notes, std::string& error) {
  dir_ = dir;
  const std::string planPath = (std::filesystem::path(dir) / kPlanFile).string();
  const std::string resultsPath = (std::filesystem::path(dir) / kResultsFile).string();
  std::error_code ec;
  if (!std::filesystem::exists(planPath, ec)) {
    error = dir + " holds no tournament (no " + kPlanFile + ")";
    return false;
  }
  std::optional<Lines> plan = readRepairing(planPath, notes, error);
  std::optional<Lines> results = plan ? readRepairing(resultsPath, notes, error) : std::nullopt;
  RecordSet set;
  if (!plan || !results || !addRecords(set, std::move(*plan), planPath, true, error) ||
      !addRecords(set, std::move(*results), resultsPath, true, error))
    return false;
  if (!set.header) {
    error = planPath + " has no header; start the tournament again";
    return false;
  }
  header_ = *set.header;
  for (const nlohmann::json& m : set.matches) planned_[m.value("index", size_t{0})] = m;
  results_ = std::move(set.results);
  return planFile_.open(planPath, error) && resultFile_.open(resultsPath, error);
}

bool RunFolder::plan(const std::vector<nlohmann::json>& matches, std::string& error) {
  // A stage's new matches go in one append, so they cost one sync, not one each.
  std::string lines;
  for (const nlohmann::json& m : matches) {
    const size_t index = m.value("index", size_t{0});
    const auto it = planned_.find(index);
    if (it == planned_.end()) {
      lines += (lines.empty() ? "" : "\n") + jsonrpc::jsonText(m);
      planned_[index] = m;
    } else if (it->second != m) {
      error =
          dir_ + "/" + kPlanFile + ": match " + std::to_string(index) + " is not the match this tournament plays there";
      return false;
    }
  }
  if (!lines.empty()) planFile_.append(lines);
  return true;
}

bool RunFolder::finish(std::string& error) {
  const bool ok = planFile_.flush() && resultFile_.flush();
  if (!ok) error = "cannot write the records in " + dir_;
  return ok;
}

}  // namespace chronon::arena::records
