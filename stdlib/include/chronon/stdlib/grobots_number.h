#pragma once
// The Grobots number: a 20.12 fixed-point value on 32 bits, with every operation, conversion,
// literal rule, printing rule and the random-number generator exactly as the original computes them
// (specs/grobots-language.md §1, test vectors in its Appendix B.1 and B.2).
//
// Platform choice (specs/grobots-language.md §1.10): the raw value is an int32 and every unchecked
// operation (+, -, negate, the quotient of /, vector add and subtract, literal accumulation) wraps in
// two's complement, as on the original Mac, Win32 and wasm32 builds where `long` is 32 bits. A NaN
// converted to a number gives raw INT32_MIN (the x86 behaviour of the original: `asin 2` and
// `-8 0.5 exponent` give raw -2147483648). Results are therefore the same on every host.
//
// Errors are values: a checked operation returns `Checked<T>`, holding either the result or a
// `NumberError`. Nothing here throws or has undefined behaviour, whatever the input.

#include <compare>
#include <cstdint>
#include <limits>
#include <string>
#include <string_view>
#include <utility>
#include <variant>

namespace chronon::grobots {

/// The runtime errors a number operation can raise (specs/grobots-language.md §5.3). A brain that
/// raises one stops for good; the messages are `message(error)`.
enum class NumberError : uint8_t {
  kOverflow,         ///< "arithmetic overflow": a checked result is out of range (§1.3, §1.4).
  kDivisionByZero,   ///< "division by zero": `/`, `reciprocal`, `mod`, `rem` or `vs/` by 0 (§1.4).
  kImaginaryResult,  ///< "imaginary result": `sqrt` of a negative number (§1.5).
  kNotAnInteger,     ///< "<value> is not an integer": a fraction where an integer is needed (§1.3).
};

/// The original's message for `error`, e.g. "arithmetic overflow". For kNotAnInteger it is the
/// fixed part " is not an integer"; use `notAnIntegerMessage` for the full text with the value.
std::string_view message(NumberError error);

/// Either a value of type T or an error of type E; the result of every operation that can fail.
template <typename T, typename E = NumberError>
class [[nodiscard]] Checked {
 public:
  /// A successful result holding `value`.
  constexpr Checked(T value) : state_(std::in_place_index<0>, std::move(value)) {}  // NOLINT
  /// A failed result holding `error`.
  constexpr Checked(E error) : state_(std::in_place_index<1>, error) {}  // NOLINT

  /// True when this holds a value.
  constexpr bool ok() const { return state_.index() == 0; }
  /// True when this holds a value.
  constexpr explicit operator bool() const { return ok(); }
  /// The value; only meaningful when ok(), otherwise it returns `fallback`.
  constexpr T valueOr(T fallback) const { return ok() ? *std::get_if<0>(&state_) : fallback; }
  /// The value. Precondition: ok(); calling it on an error is a programming bug.
  constexpr const T& value() const { return *std::get_if<0>(&state_); }
  /// The error. Precondition: !ok().
  constexpr E error() const { return *std::get_if<1>(&state_); }

  /// Equal when both hold equal values or both hold the same error.
  bool operator==(const Checked&) const = default;

 private:
  std::variant<T, E> state_;
};

/// A Grobots number: raw int32 with 12 fraction bits, value = raw / 4096
/// (specs/grobots-language.md §1.1). Booleans are raw 4096 (true) and 0 (false); any nonzero raw
/// counts as true.
class Fixed {
 public:
  /// Number of fraction bits (`kNumFractionBits`).
  static constexpr int kFractionBits = 12;
  /// Raw value of 1.0.
  static constexpr int32_t kOneRaw = 1 << kFractionBits;
  /// `kMaxValueRaw`, the largest raw value (0x7FFFFFFF).
  static constexpr int32_t kMaxRaw = std::numeric_limits<int32_t>::max();
  /// `kMaxValue`, the integer limit of the range checks: 524287 (§1.1).
  static constexpr int32_t kMaxInteger = kMaxRaw >> kFractionBits;

  /// Zero.
  constexpr Fixed() = default;

  /// The number whose raw value is `raw` (value raw / 4096). Never fails.
  static constexpr Fixed fromRaw(int32_t raw) {
    Fixed f;
    f.raw_ = raw;
    return f;
  }
  /// Integer to number: raw = i x 4096. Errors: kOverflow when i > 524287 or i < -524287 (so
  /// -524288 is rejected though representable). specs/grobots-language.md §1.3.
  // Defined here so that it inlines: the interpreter converts integers all the time.
  static Checked<Fixed> fromInteger(int64_t i) {
    if (i > kMaxInteger || i < -static_cast<int64_t>(kMaxInteger)) return NumberError::kOverflow;
    return fromRaw(static_cast<int32_t>(i * kOneRaw));
  }
  /// Double to number: raw = d x 4096 truncated toward zero. Errors: kOverflow when d > 524287.0 or
  /// d < -524287.0 (including +-Inf). A NaN is not caught by the original; here it gives raw
  /// INT32_MIN (§1.10). specs/grobots-language.md §1.3.
  static Checked<Fixed> fromDouble(double d);
  /// A boolean as a number: raw 4096 for true, 0 for false (§1.1).
  static constexpr Fixed fromBool(bool b) { return fromRaw(b ? kOneRaw : 0); }

  /// The raw value.
  constexpr int32_t raw() const { return raw_; }
  /// The value as a double, raw / 4096 (exact).
  constexpr double toDouble() const { return static_cast<double>(raw_) / kOneRaw; }
  /// True when the raw value is nonzero (§1.1).
  constexpr bool isTrue() const { return raw_ != 0; }
  /// True when the fraction bits are all zero (`is-integer`, §1.5).
  constexpr bool isInteger() const { return (raw_ & (kOneRaw - 1)) == 0; }
  /// Number to integer (`ToInteger`, used for addresses, counts, indices): raw >> 12. Errors:
  /// kNotAnInteger when any fraction bit is set. specs/grobots-language.md §1.3.
  // Defined here so that it inlines, as fromInteger.
  Checked<int32_t> toInteger() const {
    if (!isInteger()) return NumberError::kNotAnInteger;
    return raw_ >> kFractionBits;
  }

  /// Raw comparison, as `=`, `<`, `>`, ... compare (§1.4).
  constexpr auto operator<=>(const Fixed&) const = default;

 private:
  int32_t raw_ = 0;
};

/// `epsilon`: raw 1 (§1.2).
inline constexpr Fixed kEpsilon = Fixed::fromRaw(1);
/// `infinity`: raw 0x7FFFFFFF, value 524287.99976 (§1.2). There is no negative infinity.
inline constexpr Fixed kInfinity = Fixed::fromRaw(Fixed::kMaxRaw);
/// `pi`: raw 12867, the double 3.14159265358979 x 4096 truncated (§1.2).
inline constexpr Fixed kPi = Fixed::fromRaw(static_cast<int32_t>(3.14159265358979 * Fixed::kOneRaw));
/// `2pi`: raw 25734, pi's raw times 2 (§1.2).
inline constexpr Fixed kTwoPi = Fixed::fromRaw(kPi.raw() * 2);
/// `pi/2`: raw 6433, pi's raw divided by 2 with truncation (§1.2).
inline constexpr Fixed kHalfPi = Fixed::fromRaw(kPi.raw() / 2);
/// `e`: raw 11134, the double 2.71828182846 x 4096 truncated (§1.2).
inline constexpr Fixed kE = Fixed::fromRaw(static_cast<int32_t>(2.71828182846 * Fixed::kOneRaw));

/// The full text of the kNotAnInteger error for `value`: "<value> is not an integer", with the
/// value printed as `toString` does (§5.3).
std::string notAnIntegerMessage(Fixed value);

// Arithmetic, specs/grobots-language.md §1.4. Arguments and results are numbers (raw / 4096).

/// `+`: raw a + b, unchecked, wraps in 32 bits.
Fixed add(Fixed a, Fixed b);
/// `-`: raw a - b, unchecked, wraps in 32 bits.
Fixed subtract(Fixed a, Fixed b);
/// `negate`: raw -a, wraps (raw -2^31 stays -2^31).
Fixed negate(Fixed a);
/// `*`: (int64 a x b) >> 12, an arithmetic shift, so it floors toward -infinity (raw -1 x raw 1 =
/// raw -1). Errors: kOverflow when the result is > 0x7FFFFFFF or < -0x7FFFFFFF (raw -2^31 too).
Checked<Fixed> multiply(Fixed a, Fixed b);
/// `/`: (int64 a << 12) / b, truncated toward zero; a quotient beyond 32 bits wraps unchecked.
/// Errors: kDivisionByZero when b is 0.
Checked<Fixed> divide(Fixed a, Fixed b);
/// `reciprocal`: 1 / a as `divide`. Errors: kDivisionByZero when a is 0.
Checked<Fixed> reciprocal(Fixed a);
/// `square`: a x a as `multiply` (floor; kOverflow as `multiply`).
Checked<Fixed> square(Fixed a);
/// `mod`: floored modulo of the raw values, the result has the divisor's sign or is 0 (-7 3 -> 2,
/// 7 -3 -> -2, -7 -3 -> -1), computed by the original's four cases with 32-bit wrapping negation.
/// Errors: kDivisionByZero when b is 0.
Checked<Fixed> mod(Fixed a, Fixed b);
/// `rem`: C `%` of the raw values, the result has the dividend's sign (-7 3 -> -1). Raw -2^31 rem
/// raw -1, which traps in 32-bit C, gives 0 here. Errors: kDivisionByZero when b is 0.
Checked<Fixed> rem(Fixed a, Fixed b);
/// `min`: the smaller by raw value.
Fixed min(Fixed a, Fixed b);
/// `max`: the larger by raw value.
Fixed max(Fixed a, Fixed b);
/// `abs`: a < 0 ? -a : a on the raw value; raw -2^31 stays -2^31.
Fixed abs(Fixed a);
/// `signum`: -1, 0 or 1 as numbers.
Fixed signum(Fixed a);

/// Number times a C double in simulation code (e.g. `max-energy * .9`): raw = double x raw,
/// truncated toward zero (§1.3). Out-of-range results are undefined in the original; here they give
/// kOverflow, and a NaN gives raw INT32_MIN as in `Fixed::fromDouble`.
Checked<Fixed> multiplyByDouble(Fixed a, double d);
/// Number times a C integer in simulation code: raw = raw x i, wrapping in 32 bits like the
/// original's unchecked 32-bit `long` multiply (number 0.0005 x 7 = raw 14, Appendix B.2).
Fixed multiplyByInteger(Fixed a, int32_t i);

// Functions, specs/grobots-language.md §1.5. Arguments go to double as raw / 4096; results come
// back through `Fixed::fromDouble` (truncation, kOverflow, NaN -> raw INT32_MIN).

/// `sqrt`. Errors: kImaginaryResult when a < 0. `2 sqrt` = raw 5792.
Checked<Fixed> sqrt(Fixed a);
/// `exponent` ( b x -- b^x ): pow(b, x). Errors: kOverflow for an infinite or too-large result
/// (`0 -1 exponent`, `2 19 exponent`). A NaN (`-8 0.5 exponent`) gives raw INT32_MIN, no error.
Checked<Fixed> exponent(Fixed base, Fixed power);
/// A cosine and a sine, each truncated toward zero as `cos` and `sin` give them.
struct CosSin {
  Fixed cos;
  Fixed sin;
};
namespace detail {
/// Raw angles within +-kCosSinReach (a little more than 2 pi) are answered from a table.
inline constexpr int32_t kCosSinReach = 25740;
/// The table of `cosSin` for raw angles -kCosSinReach ... kCosSinReach, built on first use (about
/// 2 ms) from the very `cos` and `sin` results, so that a lookup equals the computation.
const CosSin* cosSinTable();
}  // namespace detail
/// `cos` and `sin` of `radians` together, equal to `cos(radians).value()` and `sin(radians).value()`
/// (neither can fail). Angles from `angle` and the random angles of the world lie in the table, so the
/// world's polar vectors and the brain's `cos` and `sin` cost a lookup instead of two libm calls.
inline CosSin cosSin(Fixed radians);
/// `sin` of radians, truncated toward zero (`1 sin` = raw 3446).
Checked<Fixed> sin(Fixed radians);
/// `cos` of radians, truncated toward zero (`pi cos` = raw -4095).
Checked<Fixed> cos(Fixed radians);
/// `tan` of radians, truncated. Errors: kOverflow if the result is beyond +-524287.
Checked<Fixed> tan(Fixed radians);
/// `arcsin`, in radians. |a| > 1 gives raw INT32_MIN (the original's NaN), no error.
Checked<Fixed> arcsin(Fixed a);
/// `arccos`, in radians. |a| > 1 gives raw INT32_MIN (the original's NaN), no error.
Checked<Fixed> arccos(Fixed a);
/// `arctan`, in radians.
Checked<Fixed> arctan(Fixed a);
/// `reorient`: raw ((a + 12866) mod 25734) - 12866 with wrapping + and - and the floored `mod`; the
/// result lies in raw [-12866, 12867], i.e. (-pi, pi] radians. Never fails.
Fixed reorient(Fixed radians);
/// `floor`: raw >> 12 (toward -infinity), back through `Fixed::fromInteger`. Errors: kOverflow
/// when the floor is -524288.
Checked<Fixed> floor(Fixed a);
/// `ceiling`: (raw >> 12) + 1 when there is a fraction, else raw >> 12, through
/// `Fixed::fromInteger`. Errors: kOverflow (`infinity ceiling` is 524288).
Checked<Fixed> ceiling(Fixed a);
/// `round`: floor(raw a + 2048) with a wrapping add, so halves round up toward +infinity (2.5 -> 3,
/// -2.5 -> -2). Errors: kOverflow as `floor` (`infinity round` wraps to -524288).
Checked<Fixed> round(Fixed a);

// Vector math, specs/grobots-language.md §1.6 (support/GBFinePoint.cpp).

/// A vector: two numbers, x below y on the stack.
struct FixedVector {
  Fixed x;  ///< First component.
  Fixed y;  ///< Second component.
  /// `v=`: both components equal by raw value.
  bool operator==(const FixedVector&) const = default;
};

/// A vector in polar form, as `rect-to-polar` leaves it.
struct FixedPolar {
  Fixed radius;  ///< Length.
  Fixed angle;   ///< Radians, in raw [-12867, 12867] as the truncated atan2 gives it.
  /// Both parts equal by raw value.
  bool operator==(const FixedPolar&) const = default;
};

/// `v+`: per component, raw, wrapping.
FixedVector add(FixedVector a, FixedVector b);
/// `v-`: per component, raw, wrapping.
FixedVector subtract(FixedVector a, FixedVector b);
/// `vnegate`: per component, raw, wrapping.
FixedVector negate(FixedVector v);
/// `vs*` ( x y s -- ): each component times s with the checked floor `multiply`. Errors: kOverflow.
Checked<FixedVector> scale(FixedVector v, Fixed s);
/// `vs/` ( x y s -- ): each component divided by s with the truncating `divide`. Errors:
/// kDivisionByZero when s is 0.
Checked<FixedVector> divide(FixedVector v, Fixed s);
/// `norm`: sqrt(x^2 + y^2) in double, then truncated (`3 4 norm` = 5). Errors: kOverflow when the
/// length exceeds 524287.
Checked<Fixed> norm(FixedVector v);
/// `angle`: atan2(y, x) in double, truncated, in radians (`0 0 angle` = 0). Never fails.
Fixed angle(FixedVector v);
/// `unitize`: (1 x cos t, 1 x sin t) with t the truncated `angle` and cos, sin truncated, so
/// `0 0 unitize` = (1, 0) and `3 4 unitize` = raw (2457, 3276). Never fails.
FixedVector unitize(FixedVector v);
/// `dot`: x1 x2 + y1 y2, two checked floor multiplies then a wrapping add. Errors: kOverflow.
Checked<Fixed> dot(FixedVector a, FixedVector b);
/// `cross`: x1 y2 - x2 y1, two checked floor multiplies then a wrapping subtract. Errors: kOverflow.
Checked<Fixed> cross(FixedVector a, FixedVector b);
/// `project` ( v1 v2 -- p ): u = unitize(v2), p = u vs* (v1 dot u). Errors: kOverflow.
Checked<FixedVector> project(FixedVector v, FixedVector onto);
/// `rotate-to` ( v b -- r ): u = unitize(b), r = (x ux - y uy, y ux + x uy), rotating v by
/// +angle(b), with checked floor multiplies and wrapping sums. Errors: kOverflow.
Checked<FixedVector> rotateTo(FixedVector v, FixedVector by);
/// `rotate-from` ( v b -- r ): u = unitize(b), r = (x ux + y uy, y ux - x uy), rotating v by
/// -angle(b). Errors: kOverflow.
Checked<FixedVector> rotateFrom(FixedVector v, FixedVector by);
/// `dist`: norm(a - b) with the wrapping raw subtraction. Errors: kOverflow as `norm`.
Checked<Fixed> dist(FixedVector a, FixedVector b);
/// `in-range` ( v1 v2 r -- f ): in double, dx^2 + dy^2 <= r^2 (inclusive; a negative r acts as
/// |r|). dx, dy come from the wrapping raw subtraction a - b, as `dist` computes them.
bool inRange(FixedVector a, FixedVector b, Fixed range);
/// `rect-to-polar` ( x y -- r t ): `norm`, then `angle`. Errors: kOverflow as `norm`.
Checked<FixedPolar> rectToPolar(FixedVector v);
/// `polar-to-rect` ( r t -- x y ): x = r x (truncated cos t), y = r x (truncated sin t), with
/// checked floor multiplies. Errors: kOverflow.
Checked<FixedVector> polarToRect(FixedPolar p);

// Literals and printing, specs/grobots-language.md §1.7 and §1.8.

/// Why a token is not a number literal (§1.7 grammar).
enum class LiteralError : uint8_t {
  kNoDigits,       ///< No digit at all: "", "-", ".", "-.".
  kMisplacedSign,  ///< A '+' or '-' anywhere but the first character: "--1", "1-".
  kSecondPoint,    ///< More than one '.': "1.2.3".
  kBadCharacter,   ///< Any other character, including exponents and hex: "1e3", "0x10".
};

/// Parses a Grobocode number literal (`ParseNumber`, §1.7): an optional sign as the first
/// character, decimal digits and at most one '.', with at least one digit. The integer part
/// accumulates as raw n x 10 + d x 4096 wrapping in 32 bits (`524288` is raw -2^31, `1000000` is
/// raw -198967296); each fraction digit's raw d x 4096 is divided by 10 once per place with
/// truncation and added (0.25 is raw 1023, places from the 5th on add 0); a '-' negates the raw
/// value at the end. Any length of input is handled in linear time. Errors: a `LiteralError`.
Checked<Fixed, LiteralError> parseLiteral(std::string_view token);

/// Prints a number as `print` does (`ToString(n, 3, false)`, §1.8): the integer when there are no
/// fraction bits, else three decimals from A x 1000 rounded half up, so raw 1 is "0.000", raw -1
/// is "-0.000", raw 4095 is "1.000" and infinity is "524288.000". Errors: kOverflow for raw -2^31,
/// whose integer part fails the integer check (the print itself crashes the brain).
Checked<std::string> toString(Fixed n);
/// Prints a vector as `vprint` does (§1.8): "<x, y>", e.g. "<1.500, -2>". Errors: as `toString`.
Checked<std::string> toString(FixedVector v);

// Random numbers, specs/grobots-language.md §1.9 (support/GBRandomState.cpp).

/// The Grobots random-number generator. The world owns one, shared by every brain and the
/// simulation; the values a brain draws depend on the global call order.
class RandomState {
 public:
  /// Multiplier of the step, the octal literal 0734652105 in the original.
  static constexpr uint32_t kMultiplier = 124998725;
  /// Increment of the step.
  static constexpr uint32_t kIncrement = 662049451;

  /// A generator whose signed 32-bit state starts at `seed`. The original seeds the world's
  /// generator with `time(0)` (see `seededFromClock`); a fixed seed makes a world reproducible.
  explicit constexpr RandomState(int32_t seed) : state_(seed) {}
  /// A generator seeded with the current `time(0)` truncated to 32 bits, as the original world is.
  static RandomState seededFromClock();

  /// The current state.
  constexpr int32_t state() const { return state_; }
  /// One step: state = state x 124998725 + 662049451 (mod 2^32); returns the new state as unsigned.
  uint32_t next();
  /// `IntInRange(lo, hi)`: lo when lo == hi, without advancing; swaps lo > hi; otherwise
  /// lo + ((uint64 next() x (hi - lo + 1)) >> 32). The span is computed in int32 and wraps (a span
  /// of 2^32 becomes 0, giving lo), is widened with its sign to 64 bits, and the sum wraps in 32
  /// bits. Seed 12345 gives 43, 50, 51, 15, 70 for (0, 99).
  int32_t intInRange(int32_t lo, int32_t hi);
  /// `random` ( lo hi -- r ): `intInRange` over the raw values, both ends included.
  Fixed random(Fixed lo, Fixed hi);
  /// `random-angle`: `intInRange(-12866, 12867)` raw, i.e. (-pi, pi] radians. Seed 1 gives -8151.
  Fixed randomAngle();
  /// `random-int` ( lo hi -- n ): `intInRange(ceiling(lo), floor(hi))` on the integers, using the
  /// checked `ceiling` and `floor` words. Errors: kOverflow from those (before any draw).
  Checked<Fixed> randomInt(Fixed lo, Fixed hi);
  /// `random-bool` ( p -- f ): true iff intInRange(0, 4095) < raw p. Always advances the
  /// generator; p >= 1 is always true, p <= 0 always false.
  bool randomBool(Fixed probability);

 private:
  int32_t state_;
};

inline CosSin cosSin(Fixed radians) {
  const int32_t r = radians.raw();
  if (r >= -detail::kCosSinReach && r <= detail::kCosSinReach) return detail::cosSinTable()[r + detail::kCosSinReach];
  return {cos(radians).value(), sin(radians).value()};
}

}  // namespace chronon::grobots
