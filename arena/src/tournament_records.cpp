// Tournament records common to both games (docs/tournament-records.md).

#include "chronon/arena/tournament_records.h"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <system_error>

#include "chronon/arena/random.h"
#include "chronon/arena/replay.h"
#include "chronon/jsonrpc/json_text.h"
#include "chronon/jsonrpc/transport.h"

namespace chronon::arena::records {

namespace {

std::string systemError() { return std::strerror(errno); }

bool parseNumber(std::string_view text, int& out) {
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
  return ec == std::errc() && end == text.data() + text.size();
}

}  // namespace

nlohmann::json robotJson(std::string_view name, std::string_view path, std::string_view bytes) {
  // The replay header's entrant record already chooses between text and base64; a plan reuses it.
  nlohmann::json robot = replay::baseHeader("", "", 0, "", {{std::string(name), std::string(path), std::string(bytes)}})
                             .at("entrants")
                             .at(0);
  robot["path"] = path;
  return robot;
}

namespace {

// The string at `key` of `object`, or `fallback` when `object` is no object or the value no string.
// Records come from other machines: a field of the wrong type is a malformed record, never an
// exception (json::value throws on one; the fuzz target found it, docs/robustness.md).
std::string stringField(const nlohmann::json& object, const char* key, const std::string& fallback = {}) {
  if (!object.is_object()) return fallback;
  const auto it = object.find(key);
  return it != object.end() && it->is_string() ? it->get<std::string>() : fallback;
}

}  // namespace

std::optional<std::string> robotBytes(const nlohmann::json& robot, std::string& error) {
  if (!robot.is_object()) {
    error = "a robot of the plan is not a JSON object";
    return std::nullopt;
  }
  const std::string name = stringField(robot, "name", "?");
  std::string bytes;
  if (robot.contains("source") && robot["source"].is_string()) {
    bytes = robot["source"].get<std::string>();
  } else if (robot.contains("sourceBase64") && robot["sourceBase64"].is_string()) {
    std::optional<std::string> decoded = replay::unbase64(robot["sourceBase64"].get<std::string>());
    if (!decoded) {
      error = "robot '" + name + "' has a damaged sourceBase64";
      return std::nullopt;
    }
    bytes = std::move(*decoded);
  } else {
    error = "robot '" + name + "' has no source";
    return std::nullopt;
  }
  if (!robot.contains("hash") || !robot["hash"].is_string() ||
      robot["hash"].get<std::string>() != replay::contentHash(bytes)) {
    error = "robot '" + name + "': its source does not match its hash";
    return std::nullopt;
  }
  return bytes;
}

std::string planId(const nlohmann::json& header) { return replay::contentHash(jsonrpc::jsonText(header)); }

namespace {

// True when `line` is a match record of another shard than `filter`'s. Only a line that is clearly
// a match record with one integer index is skipped; anything else is parsed (and checked) as usual.
bool otherShard(std::string_view line, const LineFilter& filter) {
  if (filter.shard == nullptr || line.find("\"record\":\"match\"") == std::string_view::npos) return false;
  const std::string_view key = "\"index\":";
  const size_t at = line.find(key);
  if (at == std::string_view::npos || line.find(key, at + 1) != std::string_view::npos) return false;
  size_t index = 0;
  const char* begin = line.data() + at + key.size();
  const auto [end, ec] = std::from_chars(begin, line.data() + line.size(), index);
  if (ec != std::errc() || end == begin || (*end != ',' && *end != '}')) return false;
  return !inShard(index, *filter.shard);
}

}  // namespace

std::optional<Lines> parseLines(std::string_view text, std::string_view name, std::string& error,
                                const LineFilter& filter) {
  Lines lines;
  size_t start = 0;
  size_t number = 0;
  while (start < text.size()) {
    const size_t end = text.find('\n', start);
    ++number;
    if (end == std::string_view::npos) {
      lines.torn = true;
      break;
    }
    const std::string_view line = text.substr(start, end - start);
    start = end + 1;
    if (line.find_first_not_of(" \t\r") == std::string_view::npos || otherShard(line, filter)) {
      lines.intactBytes = start;
      continue;
    }
    // nlohmann json copies, compares and prints values recursively, so a line nested deeper than
    // any record (a few levels) could overflow the stack of whoever reads it (the fuzz target found
    // it, docs/robustness.md); the check is a linear scan without recursion.
    if (jsonrpc::nestsDeeperThan(line, kMaxNestingDepth)) {
      error = std::string(name) + ":" + std::to_string(number) + ": nests arrays and objects deeper than " +
              std::to_string(kMaxNestingDepth) + " levels";
      return std::nullopt;
    }
    nlohmann::json record = nlohmann::json::parse(line, nullptr, false);
    if (record.is_discarded() || !record.is_object()) {
      error = std::string(name) + ":" + std::to_string(number) + ": not a JSON object";
      return std::nullopt;
    }
    lines.records.push_back(std::move(record));
    lines.intactBytes = start;
  }
  return lines;
}

std::optional<Lines> readLines(const std::string& path, bool missingIsEmpty, std::string& error,
                               const LineFilter& filter) {
  std::error_code ec;
  if (!std::filesystem::exists(path, ec)) {
    if (missingIsEmpty) return Lines{};
    error = path + ": no such file";
    return std::nullopt;
  }
  const uintmax_t size = std::filesystem::file_size(path, ec);
  if (!ec && size > kMaxFileBytes) {
    error = path + ": larger than " + std::to_string(kMaxFileBytes) + " bytes";
    return std::nullopt;
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    error = path + ": cannot be read";
    return std::nullopt;
  }
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  return parseLines(text, path, error, filter);
}

bool truncateFile(const std::string& path, size_t size, std::string& error) {
  const int fd = ::open(path.c_str(), O_WRONLY | O_CLOEXEC);
  if (fd < 0 || ::ftruncate(fd, static_cast<off_t>(size)) != 0 || ::fdatasync(fd) != 0) {
    error = path + ": cannot cut off the torn last line: " + systemError();
    if (fd >= 0) ::close(fd);
    return false;
  }
  ::close(fd);
  return true;
}

Appender::~Appender() {
  if (fd_ >= 0) ::close(fd_);
}

bool Appender::open(const std::string& path, std::string& error) {
  fd_ = ::open(path.c_str(), O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
  if (fd_ < 0) {
    error = path + ": cannot be opened for appending: " + systemError();
    return false;
  }
  return true;
}

void Appender::append(std::string_view line) {
  std::unique_lock<std::mutex> lock(mutex_);
  if (failed_ || fd_ < 0) return;
  pending_.append(line);
  pending_ += '\n';
  if (!syncing_) drain(lock);
}

void Appender::drain(std::unique_lock<std::mutex>& lock) {
  syncing_ = true;
  while (!pending_.empty() && !failed_) {
    std::string text;
    text.swap(pending_);
    lock.unlock();
    // Whole lines only: a process killed during the write leaves a prefix of the last line at most,
    // which a reader sees as torn because its newline is missing.
    size_t written = 0;
    bool ok = true;
    while (ok && written < text.size()) {
      const ssize_t n = ::write(fd_, text.data() + written, text.size() - written);
      if (n < 0 && errno == EINTR) continue;
      ok = n > 0;
      if (ok) written += static_cast<size_t>(n);
    }
    ok = ok && ::fdatasync(fd_) == 0;
    lock.lock();
    if (!ok) failed_ = true;
  }
  syncing_ = false;
  idle_.notify_all();
}

bool Appender::flush() {
  std::unique_lock<std::mutex> lock(mutex_);
  idle_.wait(lock, [&] { return !syncing_; });
  if (!pending_.empty()) drain(lock);
  return !failed_;
}

bool Appender::failed() {
  const std::lock_guard<std::mutex> hold(mutex_);
  return failed_;
}

std::optional<Shard> parseShard(std::string_view text, std::string& error) {
  const size_t slash = text.find('/');
  Shard shard;
  if (slash == std::string_view::npos || !parseNumber(text.substr(0, slash), shard.number) ||
      !parseNumber(text.substr(slash + 1), shard.count) || shard.count < 1 || shard.count > 1000000 ||
      shard.number < 1 || shard.number > shard.count) {
    error = "--shard wants K/N with 1 <= K <= N, got '" + std::string(text) + "'";
    return std::nullopt;
  }
  return shard;
}

bool inShard(size_t index, const Shard& shard) {
  return index % static_cast<size_t>(shard.count) == static_cast<size_t>(shard.number - 1);
}

bool addRecords(RecordSet& set, Lines lines, std::string_view name, bool tornIsError, std::string& error) {
  if (lines.torn && tornIsError) {
    error = std::string(name) + ": the last line is torn (no newline at its end)";
    return false;
  }
  for (nlohmann::json& record : lines.records) {
    const std::string kind = stringField(record, "record");
    if (kind == "tournament") {
      const auto version = record.find("version");
      if (stringField(record, "format") != kFormatName || version == record.end() || !version->is_number_integer() ||
          *version != kFormatVersion) {
        error = std::string(name) + ": not a plan of this version (format " + kFormatName + ", version " +
                std::to_string(kFormatVersion) + ")";
        return false;
      }
      if (set.header && *set.header != record) {
        error = std::string(name) + ": its plan is not the plan read before (another tournament)";
        return false;
      }
      set.header = record;
    } else if (kind == "match") {
      set.matches.push_back(std::move(record));
    } else if (kind == "result") {
      set.results.push_back(std::move(record));
    } else {
      error = std::string(name) + ": a record of unknown kind '" + kind + "'";
      return false;
    }
  }
  return true;
}

nlohmann::json resultRecord(const std::string& planId, const nlohmann::json& match, std::string_view engine,
                            const nlohmann::json& outcome) {
  nlohmann::json m = match;
  m.erase("record");
  return {{"record", "result"}, {"plan", planId},    {"match", std::move(m)}, {"chronon", replay::chrononVersion()},
          {"engine", engine},   {"outcome", outcome}};
}

bool resultsByIndex(const std::vector<nlohmann::json>& results, const std::string& planId,
                    std::map<size_t, const nlohmann::json*>& out, std::string& error) {
  for (const nlohmann::json& r : results) {
    if (r.value("plan", std::string()) != planId) {
      error = "a result record belongs to another plan (plan " + r.value("plan", std::string("?")) + ", not " + planId +
              ")";
      return false;
    }
    const auto match = r.find("match");
    if (match == r.end() || !match->is_object() || !match->contains("index") ||
        !(*match)["index"].is_number_unsigned() || !r.contains("outcome")) {
      error = "a result record has no match index or no outcome";
      return false;
    }
    const size_t index = (*match)["index"].get<size_t>();
    const auto [it, added] = out.emplace(index, &r);
    if (!added && ((*it->second)["outcome"] != r["outcome"] || (*it->second)["match"] != r["match"])) {
      error = "two result records of match " + std::to_string(index) +
              " disagree (chronon tournament verify tells which is right)";
      return false;
    }
  }
  return true;
}

std::vector<const nlohmann::json*> sampleResults(const std::map<size_t, const nlohmann::json*>& results, int sample,
                                                 uint64_t seed) {
  std::vector<const nlohmann::json*> all;
  for (const auto& [index, r] : results) all.push_back(r);
  if (sample <= 0 || static_cast<size_t>(sample) >= all.size()) return all;
  // A partial Fisher-Yates shuffle of the indices picks the sample; sorting keeps index order.
  std::vector<size_t> order(all.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = i;
  Random draw(seed);
  for (size_t i = 0; i < static_cast<size_t>(sample); ++i) {
    const size_t j = i + draw.below(static_cast<uint32_t>(order.size() - i));
    std::swap(order[i], order[j]);
  }
  order.resize(static_cast<size_t>(sample));
  std::sort(order.begin(), order.end());
  std::vector<const nlohmann::json*> out;
  for (const size_t i : order) out.push_back(all[i]);
  return out;
}

TempFolder::TempFolder(std::string_view prefix) {
  std::string pattern = (std::filesystem::temp_directory_path() / (std::string(prefix) + "-XXXXXX")).string();
  if (mkdtemp(pattern.data()) != nullptr) path = pattern;
}

TempFolder::~TempFolder() {
  std::error_code ec;
  if (!path.empty()) std::filesystem::remove_all(path, ec);
}

}  // namespace chronon::arena::records
