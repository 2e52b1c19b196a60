#pragma once
// Room files for Robbie the Robot: a plain-text description of Robbie's room (walls, obstacles,
// objects with weights, Robbie's start), one entry a line; the format is documented in docs/robbie.md.
// Parsing lives here, beside the other grammars; arena/robbie_room.h builds the room from a RoomSpec.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "chronon/compiler/diagnostic.h"
#include "chronon/compiler/source.h"

namespace chronon::robbie {

/// Largest room side, in cm (1 km): larger numbers are reported as out of range.
inline constexpr double kMaxRoomSideCm = 100000;
/// Heaviest object a room may hold, in grams (1 tonne).
inline constexpr int64_t kMaxObjectGrams = 1'000'000;
/// Most obstacles plus objects in one room.
inline constexpr size_t kMaxRoomEntries = 10000;

/// An immovable rectangular obstacle, sides parallel to the walls, in cm; x1 < x2 and y1 < y2.
struct RoomObstacle {
  double x1 = 0;
  double y1 = 0;
  double x2 = 0;
  double y2 = 0;
  SourceRange range;  ///< Its line.
};

/// An object lying on the floor.
struct RoomObject {
  std::string name;  ///< Unique within the room: letters, digits, '-' and '_'.
  double x = 0;      ///< Position in cm.
  double y = 0;
  int64_t grams = 0;  ///< Weight in grams.
  SourceRange range;  ///< Its line.
};

/// A room as read from a room file. The room's walls are the rectangle [0, width] x [0, height].
struct RoomSpec {
  double width = 0;    ///< cm, along x.
  double height = 0;   ///< cm, along y.
  double robbieX = 0;  ///< Robbie's start, in cm.
  double robbieY = 0;
  int64_t heading = 0;  ///< Robbie's start heading in degrees, 0 = +x (east), counter-clockwise, 0-359.
  std::vector<RoomObstacle> obstacles;
  std::vector<RoomObject> objects;
};

/// Parses a room file. Returns the room, or nullopt when `diagnostics` got an error (RL780-RL785): a
/// malformed line, a bad or out-of-range number, an unknown entry, a repeated `room`/`robbie` line or
/// object name, Robbie or an object outside the room, Robbie inside an obstacle, too many entries.
/// Without a `robbie` line Robbie starts at the room's centre facing east.
std::optional<RoomSpec> parseRoomFile(const SourceFile& file, Diagnostics& diagnostics);

}  // namespace chronon::robbie
