#pragma once
// Reading RoboWar 5 for Windows `.RWR` robot files (specs/robowar.md §9): the hardware header, the
// machine code words, the source text and the lock flag. Every offset is validated; a truncated or
// junk file gives RT501 instead of a crash.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "chronon/compiler/diagnostic.h"
#include "chronon/compiler/robotalk.h"
#include "chronon/stdlib/robowar_hardware.h"

namespace chronon::robotalk {

/// Size of the fixed .RWR header (bytes 0-140) that precedes sounds, icons, code and text.
inline constexpr size_t kRwrHeaderSize = 141;
/// Largest .RWR file read (RoboWar 5 robots are under 1 MB; sounds and icons dominate).
inline constexpr size_t kMaxRwrBytes = 16u * 1024u * 1024u;

/// The contents of an .RWR file that matter to Chronon.
struct RwrFile {
  std::string name;                 ///< The robot's name: the file name without ".RWR".
  robowar::RobotHardware hardware;  ///< Offsets 0-17.
  int turret = 1;                   ///< Offset 8: 1 line, 2 dot, 3 none.
  std::vector<int16_t> code;        ///< Machine code words (END included), from offset 111 to 115.
  std::string source;               ///< Source text (CRLF line ends, MacRoman/CP1252 bytes) to EOF.
  bool locked = false;              ///< Offset 139: the author hid the source.
  bool cRobot = false;              ///< Offset 140: written with the C-to-RoboTalk translator.
};

/// Parses the bytes of an .RWR file named `name` (used as the robot's name and in messages).
/// Returns nullopt with RT501 errors in `diagnostics` when the file is shorter than the header, a
/// start offset is out of range or out of order, the code length is odd, or a hardware value is
/// not one the Hardware Store sells.
std::optional<RwrFile> parseRwr(std::string_view bytes, std::string name, Diagnostics& diagnostics);

/// Reads and parses the .RWR file at `path`. Errors: RT100 unreadable, RT101 larger than
/// kMaxRwrBytes, and those of parseRwr.
std::optional<RwrFile> readRwrFile(const std::string& path, Diagnostics& diagnostics);

/// True when `path` ends in ".rwr" (any case).
bool isRwrPath(std::string_view path);

/// A Program from an .RWR's machine code (Origin::kObjectCode) with its hardware (declared).
Program programFromRwr(const RwrFile& rwr);

}  // namespace chronon::robotalk
