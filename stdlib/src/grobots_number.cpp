#include "chronon/stdlib/grobots_number.h"

#include "chronon/stdlib/grobots_number_ops.h"

#include <cmath>
#include <ctime>
#include <utility>
#include <vector>

namespace chronon::grobots {
namespace {

constexpr int32_t kFractionMask = Fixed::kOneRaw - 1;

// The original keeps raw values in a 32-bit `long` whose overflow wraps in practice; C++20 defines
// the conversion of an out-of-range integer to int32_t as exactly that modular wrap.
constexpr int32_t wrap(int64_t value) { return static_cast<int32_t>(static_cast<uint32_t>(value)); }

// The number made from an integer known to be in range (e.g. a comparison result).
constexpr Fixed fromSmallInteger(int32_t i) { return Fixed::fromRaw(i * Fixed::kOneRaw); }

// C's `%` on raw values held in int64, so that no operand pair can trap (INT32_MIN % -1).
constexpr int32_t cRemainder(int32_t a, int32_t b) { return wrap(static_cast<int64_t>(a) % b); }

// Unary negation as the 32-bit original does it: -(-2^31) wraps to itself.
constexpr int32_t wrapNegate(int32_t a) { return wrap(-static_cast<int64_t>(a)); }

// A checked result of one of ops' functions on the value machine.
template <class F>
Checked<Fixed> onValues(F f) {
  ValueMachine m;
  Fixed out;
  if (!f(m, out)) return m.error;
  return out;
}

// The sum or difference of two checked floor products, as `dot`, `cross` and the rotations need.
Checked<Fixed> combineProducts(Fixed a, Fixed b, Fixed c, Fixed d, bool subtractSecond) {
  return onValues(
      [&](ValueMachine& m, Fixed& out) { return ops::combineProducts(m, a, b, c, d, subtractSecond, out); });
}

}  // namespace

std::string_view message(NumberError error) {
  switch (error) {
    case NumberError::kOverflow: return "arithmetic overflow";
    case NumberError::kDivisionByZero: return "division by zero";
    case NumberError::kImaginaryResult: return "imaginary result";
    case NumberError::kNotAnInteger: return " is not an integer";
  }
  return "unknown number error";
}

std::string notAnIntegerMessage(Fixed value) {
  // A value with fraction bits always prints; the fallback only covers raw -2^31, which is an
  // integer and so never reaches this message in the original.
  return toString(value).valueOr("-524288") + std::string(message(NumberError::kNotAnInteger));
}

Checked<Fixed> Fixed::fromDouble(double d) {
  // Both comparisons are false for NaN, which the original then converts with undefined behaviour;
  // x86 gives the "integer indefinite" value, raw INT32_MIN with 32-bit raw (§1.10).
  if (std::isnan(d)) return fromRaw(std::numeric_limits<int32_t>::min());
  if (d > kMaxInteger || d < -static_cast<double>(kMaxInteger)) return NumberError::kOverflow;
  return fromRaw(static_cast<int32_t>(d * kOneRaw));
}

Fixed add(Fixed a, Fixed b) { return ValueMachine::add(a, b); }

Fixed subtract(Fixed a, Fixed b) { return ValueMachine::sub(a, b); }

Fixed negate(Fixed a) {
  ValueMachine m;
  return ops::negate(m, a);
}

Checked<Fixed> multiply(Fixed a, Fixed b) {
  return onValues([&](ValueMachine& m, Fixed& out) { return ops::multiply(m, a, b, out); });
}

Checked<Fixed> divide(Fixed a, Fixed b) {
  return onValues([&](ValueMachine& m, Fixed& out) { return ops::divide(m, a, b, out); });
}

Checked<Fixed> reciprocal(Fixed a) { return divide(fromSmallInteger(1), a); }

Checked<Fixed> square(Fixed a) { return multiply(a, a); }

Checked<Fixed> mod(Fixed a, Fixed b) {
  const int32_t x = a.raw();
  const int32_t d = b.raw();
  if (d == 0) return NumberError::kDivisionByZero;
  // The original's four cases, each with its 32-bit wrapping negations and sums (§1.4).
  if (d < 0 && x < 0) return Fixed::fromRaw(wrapNegate(cRemainder(wrapNegate(x), wrapNegate(d))));
  if (d > 0 && x < 0) {
    const int32_t r = cRemainder(wrapNegate(x), d);
    return Fixed::fromRaw(r != 0 ? wrap(static_cast<int64_t>(d) - r) : 0);
  }
  if (d < 0) {
    const int32_t r = cRemainder(x, wrapNegate(d));
    return Fixed::fromRaw(r != 0 ? wrap(static_cast<int64_t>(d) + r) : 0);
  }
  return Fixed::fromRaw(cRemainder(x, d));
}

Checked<Fixed> rem(Fixed a, Fixed b) {
  if (b.raw() == 0) return NumberError::kDivisionByZero;
  return Fixed::fromRaw(cRemainder(a.raw(), b.raw()));
}

Fixed min(Fixed a, Fixed b) {
  ValueMachine m;
  return ops::min(m, a, b);
}

Fixed max(Fixed a, Fixed b) {
  ValueMachine m;
  return ops::max(m, a, b);
}

Fixed abs(Fixed a) {
  ValueMachine m;
  return ops::abs(m, a);
}

Fixed signum(Fixed a) {
  ValueMachine m;
  return ops::signum(m, a);
}

Checked<Fixed> multiplyByDouble(Fixed a, double d) {
  const double product = d * a.raw();
  if (std::isnan(product)) return Fixed::fromRaw(std::numeric_limits<int32_t>::min());
  // Truncation toward zero keeps anything above -2^31 - 1 and below 2^31 in range.
  if (!(product > -2147483649.0 && product < 2147483648.0)) return NumberError::kOverflow;
  return Fixed::fromRaw(static_cast<int32_t>(product));
}

Fixed multiplyByInteger(Fixed a, int32_t i) { return Fixed::fromRaw(wrap(static_cast<int64_t>(a.raw()) * i)); }

Checked<Fixed> sqrt(Fixed a) {
  if (a.raw() < 0) return NumberError::kImaginaryResult;
  return Fixed::fromDouble(std::sqrt(a.toDouble()));
}

Checked<Fixed> exponent(Fixed base, Fixed power) {
  return Fixed::fromDouble(std::pow(base.toDouble(), power.toDouble()));
}

Checked<Fixed> sin(Fixed radians) { return Fixed::fromDouble(std::sin(radians.toDouble())); }

Checked<Fixed> cos(Fixed radians) { return Fixed::fromDouble(std::cos(radians.toDouble())); }

const CosSin* detail::cosSinTable() {
  // Built from `cos` and `sin` themselves, so each entry is exactly what they return; a static local
  // is built once even when several worlds start on several threads.
  static const std::vector<CosSin> table = [] {
    std::vector<CosSin> t(2 * static_cast<size_t>(kCosSinReach) + 1);
    for (int32_t r = -kCosSinReach; r <= kCosSinReach; ++r) {
      const Fixed a = Fixed::fromRaw(r);
      t[static_cast<size_t>(r + kCosSinReach)] = {cos(a).value(), sin(a).value()};
    }
    return t;
  }();
  return table.data();
}

Checked<Fixed> tan(Fixed radians) { return Fixed::fromDouble(std::tan(radians.toDouble())); }

Checked<Fixed> arcsin(Fixed a) { return Fixed::fromDouble(std::asin(a.toDouble())); }

Checked<Fixed> arccos(Fixed a) { return Fixed::fromDouble(std::acos(a.toDouble())); }

Checked<Fixed> arctan(Fixed a) { return Fixed::fromDouble(std::atan(a.toDouble())); }

Fixed reorient(Fixed radians) {
  // The offset 12866 is pi's raw minus 1 and the modulus is 2pi, raw 25734 (§1.5); `mod` by a
  // nonzero constant cannot fail.
  const Fixed offset = Fixed::fromRaw(kPi.raw() - 1);
  const Fixed shifted = mod(add(radians, offset), kTwoPi).value();
  return subtract(shifted, offset);
}

Checked<Fixed> floor(Fixed a) { return Fixed::fromInteger(a.raw() >> Fixed::kFractionBits); }

Checked<Fixed> ceiling(Fixed a) {
  const int64_t whole = a.raw() >> Fixed::kFractionBits;
  return Fixed::fromInteger(a.isInteger() ? whole : whole + 1);
}

Checked<Fixed> round(Fixed a) { return floor(add(a, Fixed::fromRaw(Fixed::kOneRaw / 2))); }

FixedVector add(FixedVector a, FixedVector b) { return {add(a.x, b.x), add(a.y, b.y)}; }

FixedVector subtract(FixedVector a, FixedVector b) { return {subtract(a.x, b.x), subtract(a.y, b.y)}; }

FixedVector negate(FixedVector v) { return {negate(v.x), negate(v.y)}; }

Checked<FixedVector> scale(FixedVector v, Fixed s) {
  const Checked<Fixed> x = multiply(v.x, s);
  if (!x) return x.error();
  const Checked<Fixed> y = multiply(v.y, s);
  if (!y) return y.error();
  return FixedVector{x.value(), y.value()};
}

Checked<FixedVector> divide(FixedVector v, Fixed s) {
  const Checked<Fixed> x = divide(v.x, s);
  if (!x) return x.error();
  const Checked<Fixed> y = divide(v.y, s);
  if (!y) return y.error();
  return FixedVector{x.value(), y.value()};
}

Checked<Fixed> norm(FixedVector v) {
  const double x = v.x.toDouble();
  const double y = v.y.toDouble();
  return Fixed::fromDouble(std::sqrt(x * x + y * y));
}

namespace {

// arctan z / z on [0, 1] as a polynomial in z^2 (Abramowitz and Stegun 4.4.49): z times it is
// within 1.4e-8 of arctan z (measured on 10^8 points; the book bounds it by 2e-8).
constexpr double kArctanSeries[] = {1.0,           -0.3333314528, 0.1999355085,  -0.1420889944, 0.1065626393,
                                    -0.0752896400, 0.0429096138,  -0.0161657367, 0.0028662257};

// How far from a whole number the scaled estimate must be for its truncation to be the truncation of
// the exact angle: 2^-12 raw, four times the estimate's worst error of 4096 x 1.4e-8.
constexpr double kTruncationMargin = 1.0 / 4096;

}  // namespace

Fixed angle(FixedVector v) {
  const double x = v.x.toDouble();
  const double y = v.y.toDouble();
  // The number is atan2 truncated to 1/4096. A cheap estimate of atan2, good to 1.4e-8, already
  // decides the truncation unless the scaled angle lies within kTruncationMargin of a whole number
  // (one case in two thousand); then, and on the axes, atan2 itself decides.
  if (x != 0 && y != 0) {
    const double ax = std::fabs(x);
    const double ay = std::fabs(y);
    const bool steep = ay > ax;
    const double z = steep ? ax / ay : ay / ax;
    // Estrin's scheme: pairs of terms, then pairs of pairs, so that the multiplications do not wait
    // on one another as Horner's rule's eight in a row do (the estimate's latency was most of the
    // function's time). Its rounding differs from Horner's by at most 3.3e-16 over the 10^8 points
    // the error bound was measured on, where both stay within 1.36e-8 of arctan.
    const double* const c = kArctanSeries;
    const double w = z * z;
    const double w2 = w * w;
    const double w4 = w2 * w2;
    const double low = (c[0] + c[1] * w) + (c[2] + c[3] * w) * w2;
    const double high = (c[4] + c[5] * w) + (c[6] + c[7] * w) * w2;
    const double series = (low + high * w4) + c[8] * (w4 * w4);
    double a = z * series;
    if (steep) a = M_PI / 2 - a;
    if (x < 0) a = M_PI - a;
    if (y < 0) a = -a;
    const double scaled = a * Fixed::kOneRaw;
    // |scaled| <= 4096 pi, so truncating through an integer is std::trunc exactly.
    const auto whole = static_cast<int32_t>(scaled);
    const double fraction = std::fabs(scaled - static_cast<double>(whole));
    if (fraction > kTruncationMargin && fraction < 1 - kTruncationMargin) return Fixed::fromRaw(whole);
  }
  // atan2 of finite arguments lies in [-pi, pi], always in range.
  return Fixed::fromDouble(std::atan2(y, x)).value();
}

FixedVector unitize(FixedVector v) {
  const Fixed theta = angle(v);
  // Unit length times a truncated cosine or sine: the checked multiply by 1 is exact and in range.
  const Fixed one = fromSmallInteger(1);
  const CosSin cs = cosSin(theta);
  return {multiply(one, cs.cos).value(), multiply(one, cs.sin).value()};
}

Checked<Fixed> dot(FixedVector a, FixedVector b) { return combineProducts(a.x, b.x, a.y, b.y, false); }

Checked<Fixed> cross(FixedVector a, FixedVector b) { return combineProducts(a.x, b.y, b.x, a.y, true); }

Checked<FixedVector> project(FixedVector v, FixedVector onto) {
  const FixedVector u = unitize(onto);
  const Checked<Fixed> length = dot(v, u);
  if (!length) return length.error();
  return scale(u, length.value());
}

Checked<FixedVector> rotateTo(FixedVector v, FixedVector by) {
  const FixedVector u = unitize(by);
  const Checked<Fixed> x = combineProducts(v.x, u.x, v.y, u.y, true);
  if (!x) return x.error();
  const Checked<Fixed> y = combineProducts(v.y, u.x, v.x, u.y, false);
  if (!y) return y.error();
  return FixedVector{x.value(), y.value()};
}

Checked<FixedVector> rotateFrom(FixedVector v, FixedVector by) {
  const FixedVector u = unitize(by);
  const Checked<Fixed> x = combineProducts(v.x, u.x, v.y, u.y, false);
  if (!x) return x.error();
  const Checked<Fixed> y = combineProducts(v.y, u.x, v.x, u.y, true);
  if (!y) return y.error();
  return FixedVector{x.value(), y.value()};
}

Checked<Fixed> dist(FixedVector a, FixedVector b) { return norm(subtract(a, b)); }

bool inRange(FixedVector a, FixedVector b, Fixed range) {
  const FixedVector delta = subtract(a, b);
  const double dx = delta.x.toDouble();
  const double dy = delta.y.toDouble();
  const double r = range.toDouble();
  return dx * dx + dy * dy <= r * r;
}

Checked<FixedPolar> rectToPolar(FixedVector v) {
  const Checked<Fixed> radius = norm(v);
  if (!radius) return radius.error();
  return FixedPolar{radius.value(), angle(v)};
}

Checked<FixedVector> polarToRect(FixedPolar p) {
  // cos and sin of any number lie in [-1, 1], so they never fail.
  const CosSin cs = cosSin(p.angle);
  const Checked<Fixed> x = multiply(p.radius, cs.cos);
  if (!x) return x.error();
  const Checked<Fixed> y = multiply(p.radius, cs.sin);
  if (!y) return y.error();
  return FixedVector{x.value(), y.value()};
}

Checked<Fixed, LiteralError> parseLiteral(std::string_view token) {
  size_t i = 0;
  bool negative = false;
  if (!token.empty() && (token[0] == '+' || token[0] == '-')) {
    negative = token[0] == '-';
    i = 1;
  }
  // Unsigned arithmetic gives the original's silent 32-bit wrap without undefined behaviour.
  uint32_t raw = 0;
  bool anyDigit = false;
  bool seenPoint = false;
  int place = 0;  // Fraction places so far, capped: from the 5th place on, every digit adds 0.
  for (; i < token.size(); ++i) {
    const char c = token[i];
    if (c >= '0' && c <= '9') {
      anyDigit = true;
      const int32_t digitRaw = (c - '0') * Fixed::kOneRaw;
      if (!seenPoint) {
        raw = raw * 10u + static_cast<uint32_t>(digitRaw);
        continue;
      }
      if (place < 5) ++place;
      int32_t part = digitRaw;
      for (int k = 0; k < place; ++k) part /= 10;
      raw += static_cast<uint32_t>(part);
    } else if (c == '.') {
      if (seenPoint) return LiteralError::kSecondPoint;
      seenPoint = true;
    } else if (c == '+' || c == '-') {
      return LiteralError::kMisplacedSign;
    } else {
      return LiteralError::kBadCharacter;
    }
  }
  if (!anyDigit) return LiteralError::kNoDigits;
  if (negative) raw = 0u - raw;
  return Fixed::fromRaw(static_cast<int32_t>(raw));
}

Checked<std::string> toString(Fixed n) {
  const int32_t magnitude = abs(n).raw();
  // Only raw -2^31 keeps a negative magnitude; its integer part -524288 fails the integer check.
  if (magnitude < 0) return NumberError::kOverflow;
  const int64_t whole = magnitude >> Fixed::kFractionBits;
  const int64_t fractionTimes1000 = static_cast<int64_t>(magnitude & kFractionMask) * 1000;
  const int64_t rounded = (fractionTimes1000 + Fixed::kOneRaw / 2) >> Fixed::kFractionBits;
  const int64_t actual = whole * 1000 + rounded;
  std::string text = n.raw() < 0 ? "-" : "";
  text += std::to_string(actual / 1000);
  if (!n.isInteger()) {
    const std::string decimals = std::to_string(actual % 1000);
    text += '.';
    text.append(3 - decimals.size(), '0');
    text += decimals;
  }
  return text;
}

Checked<std::string> toString(FixedVector v) {
  const Checked<std::string> x = toString(v.x);
  if (!x) return x.error();
  const Checked<std::string> y = toString(v.y);
  if (!y) return y.error();
  return "<" + x.value() + ", " + y.value() + ">";
}

RandomState RandomState::seededFromClock() {
  return RandomState(static_cast<int32_t>(static_cast<uint32_t>(std::time(nullptr))));
}

uint32_t RandomState::next() {
  state_ = static_cast<int32_t>(static_cast<uint32_t>(state_) * kMultiplier + kIncrement);
  return static_cast<uint32_t>(state_);
}

int32_t RandomState::intInRange(int32_t lo, int32_t hi) {
  if (lo == hi) return lo;
  if (lo > hi) std::swap(lo, hi);
  const int32_t span = wrap(static_cast<int64_t>(hi) - lo + 1);
  const uint64_t scaled = static_cast<uint64_t>(next()) * static_cast<uint64_t>(static_cast<int64_t>(span));
  return static_cast<int32_t>(static_cast<uint32_t>(lo) + static_cast<uint32_t>(scaled >> 32));
}

Fixed RandomState::random(Fixed lo, Fixed hi) { return Fixed::fromRaw(intInRange(lo.raw(), hi.raw())); }

Fixed RandomState::randomAngle() { return Fixed::fromRaw(intInRange(-(kPi.raw() - 1), kPi.raw())); }

Checked<Fixed> RandomState::randomInt(Fixed lo, Fixed hi) {
  const Checked<Fixed> low = ceiling(lo);
  if (!low) return low.error();
  const Checked<Fixed> high = floor(hi);
  if (!high) return high.error();
  const int32_t drawn =
      intInRange(low.value().raw() >> Fixed::kFractionBits, high.value().raw() >> Fixed::kFractionBits);
  return Fixed::fromInteger(drawn);
}

bool RandomState::randomBool(Fixed probability) { return intInRange(0, Fixed::kOneRaw - 1) < probability.raw(); }

}  // namespace chronon::grobots
