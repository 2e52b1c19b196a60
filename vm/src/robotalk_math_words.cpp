// Floating-point RoboTalk words (specs/robowar.md §4; docs/robowar-arena.md "Interpreter").

#include "chronon/vm/robotalk_math_words.h"

#include <array>
#include <cmath>
#include <cstddef>

#include "chronon/stdlib/robotalk_words.h"

namespace chronon::robotalk::detail {

namespace {

constexpr double kPi = 3.14159265358979323846;

// cos(i°) for i = 0..359. SIN and COS read this table rather than calling the library per use,
// as the original does; the values (e.g. cos 60° slightly above one half) decide how products
// truncate, so `60 100 COS` gives 50.
const std::array<double, 360> kCosTable = [] {
  std::array<double, 360> table{};
  for (size_t i = 0; i < table.size(); ++i) table[i] = std::cos(static_cast<double>(i) * kPi / 180.0);
  return table;
}();

// `degrees` reduced to 0..359.
int wrapDegrees(int degrees) {
  const int reduced = degrees % 360;
  return reduced < 0 ? reduced + 360 : reduced;
}

// A finite double truncated toward zero and clipped to the range of RoboTalk values.
int clipToValue(double value) {
  if (!(value < static_cast<double>(robotalk::kMaxLiteral))) return robotalk::kMaxLiteral;
  if (!(value > -static_cast<double>(robotalk::kMaxLiteral))) return -robotalk::kMaxLiteral;
  return static_cast<int>(value);
}

}  // namespace

int sinWord(int degrees, int hyp) {
  // sin a = cos(a - 90°), read from the same table.
  return static_cast<int>(hyp * kCosTable[static_cast<size_t>(wrapDegrees(degrees - 90))]);
}

int cosWord(int degrees, int hyp) {
  return static_cast<int>(hyp * kCosTable[static_cast<size_t>(wrapDegrees(degrees))]);
}

int tanWord(int degrees, int hyp) {
  const double radians = static_cast<double>(wrapDegrees(degrees)) * kPi / 180.0;
  return clipToValue(hyp * std::tan(radians));
}

int arctanWord(int x, int y) {
  // The compass turns clockwise from up while y grows downward, so the angle is atan2(x, -y).
  const double degrees = std::atan2(static_cast<double>(x), static_cast<double>(-y)) * 180.0 / kPi;
  return wrapDegrees(static_cast<int>(std::lround(degrees)));
}

std::optional<int> arccosWord(int hyp, int adj) {
  if (hyp == 0) return std::nullopt;
  const double ratio = static_cast<double>(adj) / static_cast<double>(hyp);
  if (ratio < -1.0 || ratio > 1.0) return std::nullopt;
  return static_cast<int>(std::lround(std::acos(ratio) * 180.0 / kPi));
}

std::optional<int> arcsinWord(int hyp, int opp) {
  if (hyp == 0) return std::nullopt;
  const double ratio = static_cast<double>(opp) / static_cast<double>(hyp);
  if (ratio < -1.0 || ratio > 1.0) return std::nullopt;
  return static_cast<int>(std::lround(std::asin(ratio) * 180.0 / kPi));
}

int distWord(int x, int y) {
  const double squares = static_cast<double>(x) * x + static_cast<double>(y) * y;
  return static_cast<int>(std::sqrt(squares));
}

int sqrtWord(int n) { return static_cast<int>(std::sqrt(static_cast<double>(n))); }

}  // namespace chronon::robotalk::detail
