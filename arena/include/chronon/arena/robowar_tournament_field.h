#pragma once
// Assembling a tournament's field from the command line: robot files, a folder of robots, or a
// RoboWar 1.5 tournament list (seeds/robowar-1.5-manual.txt, Part V "automated combat"). Each robot
// is compiled, checked against a hardware category, and given its `#!!team`; robots that fail are
// reported with their diagnostics and left out, and the tournament goes on without them.

#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "chronon/arena/robowar_tournament.h"
#include "chronon/compiler/robotalk.h"
#include "chronon/stdlib/robowar_hardware.h"

namespace chronon::arena::robowar {

/// One group of a tournament list: the robot names as written and how many times they fight.
struct ListGroup {
  int count = 1;                   ///< Times the group fights (the optional count line; default 1).
  std::vector<std::string> names;  ///< 2-6 robot names, one per line, as written (trimmed).
  int line = 0;                    ///< 1-based line of the group's first line, for messages.
};

/// A parsed RoboWar 1.5 tournament list.
struct TournamentList {
  std::string saveFile;  ///< The file named by an optional first line `SAVE name`, or empty.
  std::vector<ListGroup> groups;
};

/// Largest count line accepted in a list, so a typo cannot schedule millions of battles.
inline constexpr int kMaxListCount = 10000;

/// Parses a tournament list (seeds/robowar-1.5-manual.txt lines 576-596): an optional `SAVE filename`
/// first line, then groups separated by blank lines, each an optional count line (a positive whole
/// number) followed by 2-6 robot names, one per line. CR, LF and CRLF line ends are accepted.
/// Returns the list, or nullopt with `error` set to "line N: what is wrong" (a group with fewer than
/// two or more than six robots, a count of 0 or over kMaxListCount, a list with no groups, binary data).
std::optional<TournamentList> parseTournamentList(std::string_view text, std::string& error);

/// True when `path`'s extension is one a robot file has: RoboTalk's in the language registry (.rtk,
/// .txt or .rwr, any case; languageOf).
bool isRobotFileName(const std::filesystem::path& path);

/// True when `path` names a tournament list rather than a robot: its extension is .lst or .list, or
/// its first non-blank line starts with `SAVE ` (any case).
bool looksLikeTournamentList(const std::filesystem::path& path);

/// Finds the robot `name` in `folder` as the original did by name: the name as is, then with .rtk,
/// .txt and .RWR appended, comparing file names case-insensitively (spaces, '-' and '_' match each
/// other, so "Silo IV" finds silo-iv.txt). Returns nullopt when nothing matches.
std::optional<std::filesystem::path> findRobotFile(const std::filesystem::path& folder, std::string_view name);

/// A robot that could not enter: its path and the full message (rendered diagnostics included).
struct Rejection {
  std::string path;
  std::string message;
};

/// The field of a tournament: the compiled programs (owned here, so Contestant pointers stay valid
/// while the Field lives), the contestants, and what was left out.
struct Field {
  std::vector<std::unique_ptr<robotalk::Program>> programs;
  std::vector<Contestant> contestants;
  std::vector<std::string> paths;  ///< Source path of each contestant.
  std::vector<std::string> bytes;  ///< Each contestant's file bytes as they were compiled (a plan records them).
  std::vector<Rejection> rejected;
  bool listed = false;                ///< True when the field came from a tournament list.
  std::vector<ListedCombat> combats;  ///< The list's combats (robots as contestant indices).
  std::filesystem::path saveFile;     ///< The list's SAVE file, resolved against the list's folder.
  std::vector<std::string> notes;     ///< E.g. a combat dropped because its robots were rejected.
};

/// Builds the field from `arguments`: robot files, one folder (every .rtk/.txt/.rwr file in it, sorted
/// by name), or one tournament list. Robots are compiled (RoboTalk sources with the assembler, .RWR
/// files with the .RWR reader); a robot with errors, or whose hardwarePoints exceed `category`'s limit
/// or are not a Hardware Store combination, goes to `Field::rejected`. Returns false with `error` for
/// problems with the arguments themselves (a missing path, a malformed list, a list name with no file).
bool loadField(const std::vector<std::string>& arguments, chronon::robowar::Category category, Field& field,
               std::string& error);

/// Adds the robot file `path` holding `bytes` (already read: from disk, or from a plan) to `field`:
/// loaded as robotalk::loadRobotBytes loads it (the path's extension says whether it is an .RWR
/// file), checked against `category` as loadField checks it, numbered into its `#!!team` (robots of
/// one team name, in any case, share a number; a new name takes the next), and named apart from the
/// field's other contestants. Returns its contestant index, or -1 when it went to `field.rejected`.
int addRobot(Field& field, const std::string& path, std::string bytes, chronon::robowar::Category category);

}  // namespace chronon::arena::robowar
