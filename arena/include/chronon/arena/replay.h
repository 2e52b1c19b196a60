#pragma once
// Replay files (docs/replay-format.md): the game-independent part. A Writer turns the states a
// recorder hands it, moment by moment, into the format's JSON lines (new, changed and gone entities,
// events, brain deltas, statistics) and compresses them with zlib; a reader inflates a file with size
// limits and checks its header. The per-game recorders (robowar_replay.h, grobots_replay.h,
// robbie_replay.h) say what each game records.

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include <nlohmann/json.hpp>

namespace chronon::arena::replay {

/// The version of the replay format this build writes and reads.
inline constexpr int kFormatVersion = 1;
/// Largest replay file a reader accepts, in bytes (docs/replay-format.md, "Limits").
inline constexpr uint64_t kMaxFileBytes = uint64_t{1} << 30;
/// Largest inflated text a reader accepts, in bytes.
inline constexpr uint64_t kMaxTextBytes = uint64_t{4} << 30;
/// Longest line a reader accepts, in bytes.
inline constexpr uint64_t kMaxLineBytes = uint64_t{64} << 20;
/// Deepest nesting of arrays and objects a reader accepts in one line. Chronon writes at most 5; a
/// header nested a hundred thousand levels deep overflowed the stack when it was copied or printed
/// (found by the fuzz targets, docs/robustness.md).
inline constexpr size_t kMaxNestingDepth = 64;

/// The Chronon version written into replay headers (the CMake project's version).
std::string chrononVersion();

/// "fnv1a64:" and 16 hex digits of the 64-bit FNV-1a hash of `bytes`: a robot's content hash.
std::string contentHash(std::string_view bytes);

/// One file a battle was run from, as the header records it.
struct Entrant {
  std::string name;   ///< The name the game gives it (robot name, side name, program name).
  std::string path;   ///< Where it was read from; the header keeps the file name alone.
  std::string bytes;  ///< The file's bytes.
};

/// The header object common to every game: format, version, Chronon version, game, unit, seed (a
/// RoboWar seed is unsigned 64-bit, a Grobots world seed signed 32-bit), engine, options, world and entrants (name,
/// file, hash, source or sourceBase64). Recorders add the game's own keys (kinds, shotTypes, entrant extras) to what
/// this returns.
nlohmann::json baseHeader(std::string_view game, std::string_view unit, const nlohmann::json& seed,
                          std::string_view engine, const std::vector<Entrant>& entrants);

/// A kind of entity: its name and its fields, each an integer that is the real value times `scale`.
struct Kind {
  std::string name;
  std::vector<std::string> fields;
  std::vector<int32_t> scale;  ///< One per field.
};

/// The kinds as the header's `kinds` array.
nlohmann::json kindsJson(std::span<const Kind> kinds);

/// Receives a replay's text, one complete line (without its newline) at a time.
using LineSink = std::function<void(std::string_view line)>;

/// Writes the moments of a replay. A recorder calls header() once, then for each moment
/// beginMoment(t), entity() for every entity that exists at that moment (the writer works out which are
/// new, changed and gone), any event(), brain() and stat(), and endMoment(); end() writes the end line.
class Writer {
 public:
  /// Writes through `sink`; `kinds` are the kinds the moments use (their index is the kind number).
  Writer(LineSink sink, std::vector<Kind> kinds);

  /// Writes the header line.
  void header(const nlohmann::json& header);
  /// Starts moment `t` (chronon, frame or step; increasing).
  void beginMoment(int64_t t);
  /// Reports that entity `id` (> 0) of kind `kind` exists now with `values` (one per field, already
  /// scaled to integers). New ids go to `new`, changed fields to `upd`.
  void entity(uint32_t id, int kind, std::span<const int64_t> values);
  /// Adds an event: `kind` as the format names it, the entity it concerns (0: none), the text, and
  /// optionally the other entity.
  void event(std::string_view kind, uint32_t id, std::string_view text, uint32_t other = 0);
  /// Records entity `id`'s brain; only what differs from its previous record is written (`vars` key by
  /// key). `complete` writes the whole state (a robot's first record is always complete).
  void brain(uint32_t id, const nlohmann::json& state, bool complete = false);
  /// Sets the moment's `stat` value.
  void stat(nlohmann::json value);
  /// Ends the moment: entities not reported since beginMoment() are gone; writes the moment's line.
  void endMoment();
  /// Writes the end line `{"end": result}` (result gets `t`, the last moment).
  void end(nlohmann::json result);

  /// Scales a real value to a field's integer (round half away from zero).
  static int64_t scaled(double value, int32_t scale);

 private:
  struct Known {
    int kind = 0;
    std::vector<int64_t> values;
    bool seen = false;
  };
  LineSink sink_;
  std::vector<Kind> kinds_;
  std::unordered_map<uint32_t, Known> entities_;
  std::vector<uint32_t> order_;  ///< Known ids in the order they appeared, for a stable `del` order.
  std::map<uint32_t, nlohmann::json> brains_;
  int64_t t_ = -1;
  nlohmann::json moment_;
  std::string newText_;  ///< The moment's `new` records, comma-separated.
  std::string updText_;  ///< The moment's `upd` records, comma-separated.
};

/// Compresses text to a gzip stream (RFC 1952) in memory.
class GzipBuffer {
 public:
  GzipBuffer();
  ~GzipBuffer();
  GzipBuffer(const GzipBuffer&) = delete;
  GzipBuffer& operator=(const GzipBuffer&) = delete;
  /// Appends `line` and a newline.
  void addLine(std::string_view line);
  /// Finishes the stream and returns the compressed bytes.
  std::string finish();

 private:
  void deflateSome(std::string_view data, bool last);
  struct State;
  State* state_;
  std::string pending_;  ///< Lines not yet handed to zlib.
  std::string out_;
};

/// A replay read back: the header, every moment line as written, and the end line when present.
struct File {
  nlohmann::json header;
  std::vector<std::string> moments;   ///< Lines after the header, the end line excluded.
  std::optional<nlohmann::json> end;  ///< The end line's object; missing when the file is truncated.
  std::string warning;                ///< Why the file is incomplete, empty when it is whole.
};

/// Inflates `bytes` (gzip, or plain text starting with '{') into lines, within the format's limits.
/// Returns the lines, or an error message in `error`.
std::optional<std::vector<std::string>> readLines(std::string_view bytes, std::string& error);

/// Reads and checks a replay held in `bytes`: the header's format, version and game; lines that are
/// JSON nested at most kMaxNestingDepth deep; moments in increasing order. Truncation (a cut gzip
/// stream, no end line) is not an error: the file is returned with `warning` set. Returns nullopt
/// with a message in `error` for anything else.
std::optional<File> parse(std::string_view bytes, std::string& error);

/// Reads the file at `path` (at most kMaxFileBytes) and parses it; errors name the file.
std::optional<File> readFile(const std::string& path, std::string& error);

/// The outcome of comparing a replay with the lines of a fresh run of its battle.
struct Comparison {
  bool same = false;       ///< Every recorded line equals the fresh run's.
  int64_t moments = 0;     ///< Moments compared.
  std::string difference;  ///< The first difference, described for a person; empty when same.
};

/// Compares `recorded` with `rerun` (every line a recorder wrote for the same inputs, header first):
/// the headers without their `chronon` and `engine` keys, then each moment line and the end line.
Comparison compare(const File& recorded, const std::vector<std::string>& rerun);

/// `text` with &, <, > and " written as HTML entities, for the pages that carry a replay or
/// standings (the viewer page, tournament and ladder standings).
std::string htmlEscape(std::string_view text);

/// Base64 (RFC 4648, with padding) of `bytes`, for embedding a replay in a page.
std::string base64(std::string_view bytes);
/// Decodes base64; nullopt on a character outside the alphabet.
std::optional<std::string> unbase64(std::string_view text);

/// The string at `key` of the JSON object `object`, or "" when `object` is not an object or the value
/// is absent or not a string. Replay headers come from files anybody can write, and
/// nlohmann::json::value throws on a value of another type.
std::string stringField(const nlohmann::json& object, const char* key);

/// The entrants' names in a replay's `header` joined with " vs " (the viewer page's title); "?" for
/// an entrant without a name, "" when the header lists no entrants.
std::string entrantTitle(const nlohmann::json& header);

/// The entrants' files a replay's `header` holds, in order, as `chronon replay verify` loads them
/// again: `name` the entrant's name ("" when absent), `path` its file name with no folder (it keeps
/// its extension, which says how to read the file; "entrant" when the header's is unusable), `bytes`
/// its source (`source`, or `sourceBase64` decoded), checked against its content hash. nullopt with
/// `error` set when the header lists no entrants, or one has no source, a damaged sourceBase64, or
/// bytes that do not match its hash. Any value of the wrong type counts as absent.
std::optional<std::vector<Entrant>> entrantFiles(const nlohmann::json& header, std::string& error);

}  // namespace chronon::arena::replay
