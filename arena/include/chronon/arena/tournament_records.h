#pragma once
// The records of a tournament (docs/tournament-records.md), common to both games: a plan is a header
// line (the tournament: game, options, every robot with its source and content hash) followed by
// one line per match, and results are one line per played match; all are JSON Lines. Files of
// records are appended one whole line at a time and synced to disk, so a process killed at any
// moment leaves at most a torn last line, which a reader detects and the next run redoes.

#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

namespace chronon::arena::records {

/// The version of the record format this build writes and reads.
inline constexpr int kFormatVersion = 1;
/// The `format` value of a plan's header.
inline constexpr const char* kFormatName = "chronon-tournament";
/// Largest records file a reader accepts, in bytes, so that a wrong file cannot exhaust memory.
inline constexpr uint64_t kMaxFileBytes = uint64_t{1} << 32;
/// Deepest nesting of arrays and objects a record line may have; Chronon's records nest at most 4.
inline constexpr size_t kMaxNestingDepth = 64;

/// Reads key `key` of `object` into `out` when it is an integer in [lo, hi]; false (and `out` left as
/// it was) when it is missing, not an integer or out of range. For the games' record readers.
template <typename T>
bool readInteger(const nlohmann::json& object, const char* key, T& out, int64_t lo, int64_t hi) {
  const auto it = object.find(key);
  if (it == object.end() || !it->is_number_integer()) return false;
  const int64_t value = it->get<int64_t>();
  if (value < lo || value > hi) return false;
  out = static_cast<T>(value);
  return true;
}

/// Reads key `key` of `object` into `out` when it is a number; false when it is missing or not one.
inline bool readNumber(const nlohmann::json& object, const char* key, double& out) {
  const auto it = object.find(key);
  if (it == object.end() || !it->is_number()) return false;
  out = it->get<double>();
  return true;
}

/// Reads key `key` of `object` into `out` when it is a boolean; false when it is missing or not one.
inline bool readBoolean(const nlohmann::json& object, const char* key, bool& out) {
  const auto it = object.find(key);
  if (it == object.end() || !it->is_boolean()) return false;
  out = it->get<bool>();
  return true;
}

/// A robot (or side) as a plan's header carries it: `name`, `path` (as given on the command line),
/// `hash` (replay::contentHash of the bytes) and the bytes as `source` (UTF-8 text) or `sourceBase64`.
nlohmann::json robotJson(std::string_view name, std::string_view path, std::string_view bytes);

/// The bytes of a header's robot, checked against its hash; nullopt with `error` when they are
/// missing, damaged or do not match.
std::optional<std::string> robotBytes(const nlohmann::json& robot, std::string& error);

/// The id of a plan: the content hash of its header line, which every result record repeats so that
/// results of another tournament are never merged by mistake.
std::string planId(const nlohmann::json& header);

/// The records of one file (or stream), line by line.
struct Lines {
  std::vector<nlohmann::json> records;  ///< Every complete line, parsed.
  size_t intactBytes = 0;               ///< Bytes up to the end of the last complete line.
  bool torn = false;                    ///< The text ends in a line without its newline.
};

struct Shard;

/// Which match lines a reader wants: all, or one shard's. Lines of other shards are recognised from
/// their text (a match record's only integer `"index":` key) and skipped before they are parsed, so a
/// job of a plan cut into many shards does not pay for parsing all of it.
struct LineFilter {
  const Shard* shard = nullptr;  ///< Null: every line.
};

/// Parses JSON Lines: each line must be a JSON object. A last line without a newline is torn (a
/// writer was killed mid-line): it is left out and `torn` set. Blank lines are skipped, and so are
/// match lines outside `filter`'s shard. Returns nullopt with `error` ("NAME:LINE: ...") when a
/// complete line is not a JSON object or nests deeper than kMaxNestingDepth.
std::optional<Lines> parseLines(std::string_view text, std::string_view name, std::string& error,
                                const LineFilter& filter = {});

/// Reads and parses the file at `path` (at most kMaxFileBytes); a missing file reads as empty when
/// `missingIsEmpty`. Errors name the file.
std::optional<Lines> readLines(const std::string& path, bool missingIsEmpty, std::string& error,
                               const LineFilter& filter = {});

/// Cuts the file at `path` to its first `size` bytes (dropping a torn last line) and syncs it.
bool truncateFile(const std::string& path, size_t size, std::string& error);

/// An append-only records file whose lines reach the disk before anyone is told they are done. Lines
/// are written whole and synced (fdatasync) by group commit: a thread that appends while another is
/// syncing leaves its line for that thread's next round and goes back to work, so threads finishing
/// matches every fraction of a millisecond do not queue behind a sync of several milliseconds. Safe
/// to call from several threads; every line appended before flush() returns is on disk.
class Appender {
 public:
  Appender() = default;
  ~Appender();
  Appender(const Appender&) = delete;
  Appender& operator=(const Appender&) = delete;
  /// Opens (creating it when missing) `path` for appending; false with `error` on failure.
  bool open(const std::string& path, std::string& error);
  /// Appends `line` and a newline; it is written and synced by this call or by the one syncing now.
  void append(std::string_view line);
  /// Waits until every line appended so far is written and synced; false when a write or a sync failed.
  bool flush();
  /// True once a write or a sync has failed; later lines are dropped.
  bool failed();

 private:
  // Writes and syncs `pending_` until it stays empty; called with `lock` held, returns with it held.
  void drain(std::unique_lock<std::mutex>& lock);
  int fd_ = -1;
  bool failed_ = false;
  bool syncing_ = false;
  std::string pending_;
  std::mutex mutex_;
  std::condition_variable idle_;
};

/// A shard of a plan: the matches whose index modulo `count` is `number - 1` (1 <= number <= count).
/// Taking every count-th match spreads long and short matches evenly over the shards.
struct Shard {
  int number = 1;
  int count = 1;
};

/// Reads "K/N" (1 <= K <= N <= 1000000); nullopt with `error` otherwise.
std::optional<Shard> parseShard(std::string_view text, std::string& error);

/// True when match `index` belongs to `shard`.
bool inShard(size_t index, const Shard& shard);

/// Records gathered from several files by kind: the plan's header (every file that has one must have
/// the same), match records and result records, in the order read.
struct RecordSet {
  std::optional<nlohmann::json> header;
  std::vector<nlohmann::json> matches;
  std::vector<nlohmann::json> results;
};

/// Moves the records of `lines` (read from `name`) into `set` by their `record` key ("tournament",
/// "match", "result"); false with `error` for an unknown kind, a header of another format version, or
/// a header that differs from one already read. A torn last line is reported as an error only when
/// `tornIsError`.
bool addRecords(RecordSet& set, Lines lines, std::string_view name, bool tornIsError, std::string& error);

/// A result record: the plan's id, the match record it answers (without its `record` key), the Chronon
/// version, the engine ("interpreter" or "jit") and the game's outcome.
nlohmann::json resultRecord(const std::string& planId, const nlohmann::json& match, std::string_view engine,
                            const nlohmann::json& outcome);

/// Result records by match index (pointers into `results`), checked: each names the plan `planId`
/// and a match index, and has an outcome; records of the same match must agree on it. False with
/// `error` otherwise.
bool resultsByIndex(const std::vector<nlohmann::json>& results, const std::string& planId,
                    std::map<size_t, const nlohmann::json*>& out, std::string& error);

/// A result record that playing its match again does not confirm (`chronon tournament verify`).
struct ResultDifference {
  std::string match;        ///< The match as messages name it (each game's own words).
  nlohmann::json recorded;  ///< The recorded outcome.
  nlohmann::json again;     ///< The outcome of playing the match again.
};

/// Picks `sample` of `results` (all when sample is 0 or not smaller), spread by a generator seeded
/// with `seed`, in index order. Verifying commands check such a sample of the results they read.
std::vector<const nlohmann::json*> sampleResults(const std::map<size_t, const nlohmann::json*>& results, int sample,
                                                 uint64_t seed);

/// A folder under the system's temporary folder, removed with everything in it at the end of scope.
/// Robots and sides carried in records are written out there to be loaded as files are.
struct TempFolder {
  std::filesystem::path path;  ///< Empty when the folder could not be made.
  /// Makes `PREFIX-XXXXXX` under the temporary folder.
  explicit TempFolder(std::string_view prefix = "chronon-records");
  ~TempFolder();
  TempFolder(const TempFolder&) = delete;
  TempFolder& operator=(const TempFolder&) = delete;
};

}  // namespace chronon::arena::records
