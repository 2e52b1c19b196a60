#pragma once
// Compass directions for the RoboWar arena: bearings in whole degrees (0 up, 90 right, y growing
// downwards, as the registers give them) turned into unit vectors, for RANGE's line of sight and a
// shot's heading (specs/robowar.md §7 "Targeting geometry").

#include <array>
#include <cmath>

namespace chronon::arena::robowar {

/// π as the arena's geometry uses it.
inline constexpr double kPi = 3.14159265358979323846;

/// A unit vector in arena coordinates.
struct Direction {
  double x;
  double y;
};

/// The direction of compass bearing `degrees`: (sin r, -cos r) with r = degrees·π/180, computed
/// from exactly that expression.
inline Direction computeCompass(int degrees) {
  const double radians = degrees * kPi / 180.0;
  return {std::sin(radians), -std::cos(radians)};
}

/// Bearings up to this (exclusive) come from a table: AIM + LOOK, each 0-359, reach 718.
inline constexpr int kCompassTable = 720;

/// computeCompass(degrees), bit for bit. Every RANGE read and every shot fired needs one, and the
/// sine and cosine were 6% of a tournament's time; the table holds the very values those calls
/// give, filled once, so results do not change. Bearings outside [0, kCompassTable) are computed.
inline Direction compass(int degrees) {
  static const std::array<Direction, kCompassTable> table = [] {
    std::array<Direction, kCompassTable> t{};
    for (int d = 0; d < kCompassTable; ++d) t[static_cast<size_t>(d)] = computeCompass(d);
    return t;
  }();
  if (degrees < 0 || degrees >= kCompassTable) return computeCompass(degrees);
  return table[static_cast<size_t>(degrees)];
}

}  // namespace chronon::arena::robowar
