// The parts of `chronon tournament` both games share (tournament_command.h): the run folder of --out
// and --resume, records read from files, result checks, shards and samples, and the progress line.

#include <unistd.h>

#include <cstdio>
#include <iostream>
#include <iterator>
#include <mutex>

#include "chronon/jsonrpc/json_text.h"
#include "tournament_command.h"

namespace chronon::cli {

namespace {

std::mutex& stdoutMutex() {
  static std::mutex mutex;
  return mutex;
}

}  // namespace

std::string engineName(const EngineChoice& engines, bool jitCreated) {
  return engines.jitRequested && jitCreated ? "jit" : "interpreter";
}

bool readRecordFiles(const std::vector<std::string>& files, bool tornIsError, records::RecordSet& set,
                     const std::optional<records::Shard>& shard) {
  std::string error;
  records::LineFilter filter;
  if (shard) filter.shard = &*shard;
  const auto add = [&](std::optional<records::Lines> lines, const std::string& name) {
    if (!lines) return false;
    if (lines->torn && !tornIsError)
      std::fprintf(stderr, "chronon tournament: note: %s: its last line is torn and left out\n", name.c_str());
    return records::addRecords(set, std::move(*lines), name, tornIsError, error);
  };
  if (files.empty()) {
    std::string text((std::istreambuf_iterator<char>(std::cin)), std::istreambuf_iterator<char>());
    if (!add(records::parseLines(text, "<stdin>", error, filter), "<stdin>")) {
      std::fprintf(stderr, "chronon tournament: %s\n", error.c_str());
      return false;
    }
  }
  for (const std::string& file : files) {
    if (!add(records::readLines(file, false, error, filter), file)) {
      std::fprintf(stderr, "chronon tournament: %s\n", error.c_str());
      return false;
    }
  }
  if (!set.header) {
    std::fprintf(stderr, "chronon tournament: no plan header among the records (the first line of a plan)\n");
    return false;
  }
  return true;
}

bool reported(bool ok, const std::string& error) {
  if (!ok) std::fprintf(stderr, "chronon tournament: %s\n", error.c_str());
  return ok;
}

bool openRunFolder(records::RunFolder& folder, const TournamentCommand& command, const nlohmann::json& header) {
  std::string error;
  if (!command.resumeDir.empty()) {
    std::vector<std::string> notes;
    const bool opened = folder.resume(command.resumeDir, notes, error);
    for (const std::string& note : notes) std::fprintf(stderr, "chronon tournament: %s\n", note.c_str());
    return reported(opened, error);
  }
  if (command.outDir.empty()) return true;
  return reported(folder.create(command.outDir, header, error), error);
}

bool resultsByIndex(const std::vector<nlohmann::json>& results, const std::string& planId,
                    std::map<size_t, const nlohmann::json*>& out) {
  std::string error;
  return reported(records::resultsByIndex(results, planId, out, error), error);
}

int printDifferences(const std::vector<records::ResultDifference>& differences, size_t checked, size_t recorded) {
  for (const records::ResultDifference& d : differences) {
    std::printf("differs: match %s\n  recorded: %s\n  re-run:   %s\n", d.match.c_str(),
                jsonrpc::jsonText(d.recorded).c_str(), jsonrpc::jsonText(d.again).c_str());
  }
  std::printf("verified %zu of %zu results: %zu differ\n", checked, recorded, differences.size());
  return differences.empty() ? 0 : 1;
}

ProgressLine::ProgressLine(size_t known)
    : enabled_(isatty(STDERR_FILENO) != 0), known_(known), start_(std::chrono::steady_clock::now()) {}

void ProgressLine::update(size_t done, size_t total) {
  if (!enabled_) return;
  const auto now = std::chrono::steady_clock::now();
  if (done < total && now - lastDraw_ < std::chrono::milliseconds(100)) return;
  lastDraw_ = now;
  const double seconds = std::chrono::duration<double>(now - start_).count();
  const size_t fresh = done > known_ ? done - known_ : 0;
  const double rate = seconds > 0 ? static_cast<double>(fresh) / seconds : 0;
  char left[32] = "--:--";
  if (rate > 0 && total >= done) {
    const auto s = static_cast<long>(static_cast<double>(total - done) / rate);
    std::snprintf(left, sizeof left, "%ld:%02ld:%02ld", s / 3600, s / 60 % 60, s % 60);
  }
  const int width = 30;
  const int filled = total == 0 ? width : static_cast<int>(done * width / total);
  std::fprintf(stderr, "\r[%.*s%*s] %zu/%zu matches  %.1f/s  %s left ", filled, "##############################",
               width - filled, "", done, total, rate, left);
  if (done >= total) std::fputc('\n', stderr);
  std::fflush(stderr);
}

void printLine(const std::string& line) {
  const std::lock_guard<std::mutex> hold(stdoutMutex());
  std::fwrite(line.data(), 1, line.size(), stdout);
  std::fputc('\n', stdout);
  std::fflush(stdout);
}

std::vector<nlohmann::json> shardMatches(const records::RecordSet& set, const std::optional<records::Shard>& shard) {
  std::vector<nlohmann::json> out;
  std::set<size_t> seen;
  for (const nlohmann::json& m : set.matches) {
    const size_t index = m.value("index", size_t{0});
    if (shard && !records::inShard(index, *shard)) continue;
    if (seen.insert(index).second) out.push_back(m);
  }
  return out;
}

}  // namespace chronon::cli
