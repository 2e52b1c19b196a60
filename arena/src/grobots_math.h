#pragma once
// Arithmetic of the Grobots world's simulation code (specs/grobots-world.md §0): 20.12 fixed-point
// numbers with operators, so that the world's formulas read like the spec. Products floor and
// quotients truncate exactly as the brain's words do. Where the original's simulation code would
// throw "arithmetic overflow" (it never does for the values a round produces), the result saturates,
// so the world goes on whatever a brain asks for.

#include <cmath>
#include <cstdint>

#include "chronon/stdlib/grobots_number.h"

namespace chronon::arena::gbw {

using ::chronon::grobots::Fixed;
using ::chronon::grobots::FixedVector;

/// The integer `i` as a number (raw i x 4096, wrapping for absurd values).
constexpr Fixed num(int64_t i) { return Fixed::fromRaw(static_cast<int32_t>(i * Fixed::kOneRaw)); }
/// A constant typed as a number in the original: the double truncated to 1/4096 (§15).
constexpr Fixed numD(double d) { return Fixed::fromRaw(static_cast<int32_t>(d * Fixed::kOneRaw)); }
/// Raw fixed-point value as a number.
constexpr Fixed raw(int32_t r) { return Fixed::fromRaw(r); }

inline Fixed saturate(int64_t r) {
  if (r > Fixed::kMaxRaw) return Fixed::fromRaw(Fixed::kMaxRaw);
  if (r < -Fixed::kMaxRaw) return Fixed::fromRaw(-Fixed::kMaxRaw);
  return Fixed::fromRaw(static_cast<int32_t>(r));
}

// The wrapping raw sum, difference and negation of grobots::add, subtract and negate, written here so
// that they inline: unsigned 32-bit arithmetic wraps exactly as those functions' int64 results
// truncated to 32 bits do.
inline Fixed operator+(Fixed a, Fixed b) {
  return Fixed::fromRaw(static_cast<int32_t>(static_cast<uint32_t>(a.raw()) + static_cast<uint32_t>(b.raw())));
}
inline Fixed operator-(Fixed a, Fixed b) {
  return Fixed::fromRaw(static_cast<int32_t>(static_cast<uint32_t>(a.raw()) - static_cast<uint32_t>(b.raw())));
}
inline Fixed operator-(Fixed a) { return Fixed::fromRaw(static_cast<int32_t>(0u - static_cast<uint32_t>(a.raw()))); }
inline Fixed& operator+=(Fixed& a, Fixed b) { return a = a + b; }
inline Fixed& operator-=(Fixed& a, Fixed b) { return a = a - b; }
/// Number x number: floor((a x b) / 4096), saturating instead of the original's overflow error.
inline Fixed operator*(Fixed a, Fixed b) {
  return saturate((static_cast<int64_t>(a.raw()) * b.raw()) >> Fixed::kFractionBits);
}
/// Number / number, truncating; a zero divisor gives 0 (the simulation guards every division).
inline Fixed operator/(Fixed a, Fixed b) {
  if (b.raw() == 0) return Fixed{};
  return saturate((static_cast<int64_t>(a.raw()) * Fixed::kOneRaw) / b.raw());
}
/// A double that is not NaN, truncated toward zero and saturated: the same as clamping it to
/// +-4e18 with std::fmin and std::fmax (library calls), converting to int64 and then `saturate`,
/// since every double at or beyond +-2^31 truncates beyond kMaxRaw and saturates anyway.
inline Fixed saturateDouble(double r) {
  if (r >= 2147483648.0) return Fixed::fromRaw(Fixed::kMaxRaw);
  if (r <= -2147483648.0) return Fixed::fromRaw(-Fixed::kMaxRaw);
  return Fixed::fromRaw(static_cast<int32_t>(r));
}
/// Number x ratio (a C double in the original): raw x d, truncated toward zero.
inline Fixed operator*(Fixed a, double d) {
  const double r = static_cast<double>(a.raw()) * d;
  if (std::isnan(r)) return Fixed{};
  return saturateDouble(r);
}
/// Number / ratio: raw / d, truncated toward zero.
inline Fixed operator/(Fixed a, double d) { return a * (1.0 / d); }
/// Number x integer: raw multiply.
inline Fixed times(Fixed a, int64_t i) { return saturate(static_cast<int64_t>(a.raw()) * i); }

inline double toD(Fixed a) { return a.toDouble(); }
/// A double result converted back to a number, truncating (GBNumber(double)).
inline Fixed fromD(double d) {
  if (std::isnan(d)) return Fixed{};
  return saturateDouble(d * Fixed::kOneRaw);
}
inline Fixed sqrtN(Fixed a) { return a.raw() <= 0 ? Fixed{} : fromD(std::sqrt(toD(a))); }
inline Fixed powN(Fixed a, Fixed b) { return a.raw() <= 0 ? Fixed{} : fromD(std::pow(toD(a), toD(b))); }
inline Fixed minN(Fixed a, Fixed b) { return a < b ? a : b; }
inline Fixed maxN(Fixed a, Fixed b) { return a > b ? a : b; }
inline Fixed absN(Fixed a) { return a.raw() < 0 ? -a : a; }
inline Fixed clampN(Fixed v, Fixed lo, Fixed hi) { return v < lo ? lo : (v > hi ? hi : v); }

inline FixedVector operator+(FixedVector a, FixedVector b) { return {a.x + b.x, a.y + b.y}; }
inline FixedVector operator-(FixedVector a, FixedVector b) { return {a.x - b.x, a.y - b.y}; }
inline FixedVector operator-(FixedVector a) { return {-a.x, -a.y}; }
inline FixedVector& operator+=(FixedVector& a, FixedVector b) { return a = a + b; }
inline FixedVector operator*(FixedVector a, Fixed s) { return {a.x * s, a.y * s}; }
inline FixedVector operator*(FixedVector a, double s) { return {a.x * s, a.y * s}; }
inline FixedVector operator/(FixedVector a, Fixed s) { return {a.x / s, a.y / s}; }
inline bool isZero(FixedVector v) { return v.x.raw() == 0 && v.y.raw() == 0; }
/// Length, computed in double from the components and truncated (GBFinePoint::Norm): always the
/// number fromD(std::hypot(toD(v.x), toD(v.y))), mostly found without calling hypot. With s the
/// exact sum of the squared raw components, hypot's result is √s / 4096 within one ulp (glibc's
/// bound). Below 2^48, a √s that is not an integer lies more than 1 / (2√s + 1) > 2^-25 from every
/// integer, far more than that ulp (under 2^-28 at this scale), so the truncation is ⌊√s⌋, which an
/// integer square root gives exactly. A whole √s is exact only where C guarantees it (a zero
/// component: hypot(x, 0) = |x|); any other square, and any larger s, asks hypot.
inline Fixed length(FixedVector v) {
  const int64_t x = v.x.raw();
  const int64_t y = v.y.raw();
  const uint64_t s = static_cast<uint64_t>(x * x) + static_cast<uint64_t>(y * y);
  if (s < (uint64_t{1} << 48)) {
    // s is exact as a double and the rounded square root is within one of ⌊√s⌋.
    auto k = static_cast<uint64_t>(std::sqrt(static_cast<double>(s)));
    if (k * k > s) {
      --k;
    } else if ((k + 1) * (k + 1) <= s) {
      ++k;
    }
    if (k * k != s || x == 0 || y == 0) return Fixed::fromRaw(static_cast<int32_t>(k));
  }
  return fromD(std::hypot(toD(v.x), toD(v.y)));
}
inline Fixed angleOf(FixedVector v) { return ::chronon::grobots::angle(v); }
/// (r cos t, r sin t) with number x number multiplies (MakePolar, §0). A zero length gives (0, 0)
/// whatever the angle (0 x c floors to 0 for any finite c), so the cosine and sine are skipped then.
/// The truncated cosine and sine come from grobots::cosSin, equal to fromD(std::cos(toD(t))) and
/// fromD(std::sin(toD(t))).
inline FixedVector polar(Fixed r, Fixed t) {
  if (r.raw() == 0) return {};
  const ::chronon::grobots::CosSin cs = ::chronon::grobots::cosSin(t);
  return {r * cs.cos, r * cs.sin};
}
inline FixedVector unit(FixedVector v) { return polar(num(1), angleOf(v)); }
inline Fixed dotN(FixedVector a, FixedVector b) { return a.x * b.x + a.y * b.y; }
/// Squared distance in double, as the original's range tests compute it.
inline double distSquared(FixedVector a, FixedVector b) {
  const double dx = toD(a.x) - toD(b.x);
  const double dy = toD(a.y) - toD(b.y);
  return dx * dx + dy * dy;
}
/// Whether circles (pa, ra) and (pb, rb) touch, as the original's collision test decides it: a
/// bounding-box reject on the raw values first, then the squared distance in double against the
/// summed radius, inclusive.
inline bool circlesTouch(FixedVector pa, Fixed ra, FixedVector pb, Fixed rb) {
  const Fixed reach = ra + rb;
  if (absN(pa.x - pb.x) >= reach || absN(pa.y - pb.y) >= reach) return false;
  const double r = reach.toDouble();
  return distSquared(pa, pb) <= r * r;
}

}  // namespace chronon::arena::gbw
