#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>
#include <iterator>
#include <limits>
#include <string>
#include <string_view>
#include <vector>

#include "chronon/stdlib/grobots_number.h"

using namespace chronon::grobots;

namespace Catch {
// Failures show a number's raw value, the one thing the spec's tables give for every result.
template <>
struct StringMaker<Fixed> {
  static std::string convert(Fixed value) { return "raw " + std::to_string(value.raw()); }
};
template <>
struct StringMaker<FixedVector> {
  static std::string convert(FixedVector v) {
    return "raw (" + std::to_string(v.x.raw()) + ", " + std::to_string(v.y.raw()) + ")";
  }
};
}  // namespace Catch

namespace {

constexpr int32_t kMinRaw = std::numeric_limits<int32_t>::min();

Fixed raw(int32_t r) { return Fixed::fromRaw(r); }

Fixed num(int32_t i) { return Fixed::fromInteger(i).value(); }

// A literal that must parse; the tests below check the spec's raw value of each literal they use.
Fixed lit(std::string_view text) {
  const auto parsed = parseLiteral(text);
  REQUIRE(parsed.ok());
  return parsed.value();
}

// The printed text of a number, or the error's message when printing fails.
std::string printed(Fixed n) {
  const auto text = toString(n);
  return text.ok() ? text.value() : std::string(message(text.error()));
}

}  // namespace

TEST_CASE("B.1: literals parse to the original's raw values and print as it does", "[grobots-number]") {
  struct Row {
    std::string_view token;
    int32_t raw;
    std::string_view prints;
  };
  // specs/grobots-language.md Appendix B.1 (32-bit raw).
  const Row rows[] = {
      {"0.25", 1023, "0.250"},
      {"0.1", 409, "0.100"},
      {"0.5", 2048, "0.500"},
      {"0.05", 204, "0.050"},
      {"0.001", 4, "0.001"},
      {"0.0001", 0, "0"},
      {"0.00009", 0, "0"},
      {"1.9999", 8189, "1.999"},
      {"3.14159", 12866, "3.141"},
      {"-0.5", -2048, "-0.500"},
      {"+7", 28672, "7"},
      {"-.5", -2048, "-0.500"},
      {".5", 2048, "0.500"},
      {"5.", 20480, "5"},
      {"0.75", 3071, "0.750"},
      {"0.3", 1228, "0.300"},
      {"0.7", 2867, "0.700"},
      {"0.9", 3686, "0.900"},
      {"2.6", 10649, "2.600"},
      {"100.125", 410110, "100.125"},
      {"524287", 2147479552, "524287"},
      {"524288", kMinRaw, "arithmetic overflow"},
      {"1000000", -198967296, "-48576"},
      {"2147483", 206155776, "50331"},
      {"99999999", 1578102784, "385279"},
  };
  for (const Row& row : rows) {
    CAPTURE(row.token);
    const auto parsed = parseLiteral(row.token);
    REQUIRE(parsed.ok());
    CHECK(parsed.value().raw() == row.raw);
    CHECK(printed(parsed.value()) == row.prints);
  }
}

TEST_CASE("B.1 and §1.7: junk is not a number, and says why", "[grobots-number]") {
  struct Row {
    std::string_view token;
    LiteralError error;
  };
  const Row rows[] = {
      {"1e3", LiteralError::kBadCharacter},
      {"--1", LiteralError::kMisplacedSign},
      {"1-", LiteralError::kMisplacedSign},
      {"1.2.3", LiteralError::kSecondPoint},
      {".", LiteralError::kNoDigits},
      {"-", LiteralError::kNoDigits},
      {"+", LiteralError::kNoDigits},
      {"", LiteralError::kNoDigits},
      {"-.", LiteralError::kNoDigits},
      {"+-1", LiteralError::kMisplacedSign},
      {"0x10", LiteralError::kBadCharacter},
      {" 1", LiteralError::kBadCharacter},
      {"1 ", LiteralError::kBadCharacter},
      {"..5", LiteralError::kSecondPoint},
      {"1.5e2", LiteralError::kBadCharacter},
      {"pi", LiteralError::kBadCharacter},
      {std::string_view("1\0", 2), LiteralError::kBadCharacter},
  };
  for (const Row& row : rows) {
    CAPTURE(row.token);
    const auto parsed = parseLiteral(row.token);
    REQUIRE_FALSE(parsed.ok());
    CHECK(parsed.error() == row.error);
  }
}

TEST_CASE("§1.7: huge literals wrap, and far fraction digits add nothing", "[grobots-number]") {
  // A million integer digits: raw n x 10 + d x 4096, wrapping, in linear time.
  const std::string nines(1'000'000, '9');
  const auto big = parseLiteral(nines);
  REQUIRE(big.ok());
  // After k nines the raw value is (10^k - 1) x 4096 mod 2^32, which is -4096 (-1.0) once 2^20
  // divides 10^k, i.e. from k = 20 on.
  CHECK(big.value().raw() == -4096);
  CHECK(parseLiteral("-" + nines).value().raw() == 4096);

  // A million fraction digits: only the first four places can add anything.
  const std::string longFraction = "0." + std::string(1'000'000, '9');
  CHECK(parseLiteral(longFraction).value().raw() == 3686 + 368 + 36 + 3);
  CHECK(lit("0.99999999").raw() == lit("0.9999").raw());
  CHECK(lit("0.00009").raw() == 0);
  CHECK(lit("0").raw() == 0);
  CHECK(lit("-0").raw() == 0);
  CHECK(lit("007").raw() == 7 * 4096);
  CHECK(lit("-524287").raw() == -2147479552);
}

TEST_CASE("§1.2: built-in constants", "[grobots-number]") {
  struct Row {
    Fixed value;
    int32_t raw;
    std::string_view prints;
  };
  const Row rows[] = {
      {kPi, 12867, "3.141"}, {kTwoPi, 25734, "6.283"}, {kHalfPi, 6433, "1.571"},
      {kE, 11134, "2.718"},  {kEpsilon, 1, "0.000"},   {kInfinity, 2147483647, "524288.000"},
  };
  for (const Row& row : rows) {
    CAPTURE(row.raw);
    CHECK(row.value.raw() == row.raw);
    CHECK(printed(row.value) == row.prints);
  }
  CHECK(negate(kInfinity).raw() == -0x7FFFFFFF);
  CHECK(Fixed::kMaxInteger == 524287);
}

TEST_CASE("B.2: arithmetic, functions and their errors", "[grobots-number]") {
  struct Row {
    std::string_view expression;
    Checked<Fixed> result;
    std::string_view prints;  // Empty when the row is an error.
  };
  const Fixed one = num(1);
  const Row rows[] = {
      {"1 / 3", divide(one, num(3)), "0.333"},
      {"-1 / 3", divide(num(-1), num(3)), "-0.333"},
      {"epsilon * epsilon", multiply(kEpsilon, kEpsilon), "0"},
      {"-epsilon * epsilon", multiply(negate(kEpsilon), kEpsilon), "-0.000"},
      {"sqrt 2", sqrt(num(2)), "1.414"},
      {"sin 1", sin(one), "0.841"},
      {"sin -1", sin(num(-1)), "-0.841"},
      {"cos pi", cos(kPi), "-1.000"},
      {"2 ^ 10", exponent(num(2), num(10)), "1024"},
      {"-7 mod 3", mod(num(-7), num(3)), "2"},
      {"7 mod -3", mod(num(7), num(-3)), "-2"},
      {"-7 mod -3", mod(num(-7), num(-3)), "-1"},
      {"-7 rem 3", rem(num(-7), num(3)), "-1"},
      {"reorient 4", reorient(num(4)), "-2.283"},
      {"reorient -pi", reorient(negate(kPi)), "3.141"},
      {"reorient pi", reorient(kPi), "3.141"},
      {"round -2.5", round(lit("-2.5")), "-2"},
      {"round 2.5", round(lit("2.5")), "3"},
      {"floor -0.5", floor(lit("-0.5")), "-1"},
      {"ceiling -0.5", ceiling(lit("-0.5")), "0"},
      {"norm (3, 4)", norm({num(3), num(4)}), "5"},
      {"angle (0, 0)", angle({Fixed(), Fixed()}), "0"},
      {"100 x double 0.9", multiplyByDouble(num(100), 0.9), "90"},
      {"0.0005 x integer 7", multiplyByInteger(lit("0.0005"), 7), "0.003"},
  };
  const int32_t expectedRaw[] = {1365,  -1365, 0,     -1,    5792,  3446,  -3446, -4095, 4194304, 8192, -8192,  -4096,
                                 -4096, -9350, 12867, 12867, -8192, 12288, -4096, 0,     20480,   0,    368640, 14};
  static_assert(std::size(expectedRaw) == std::size(rows));
  for (size_t i = 0; i < std::size(rows); ++i) {
    const Row& row = rows[i];
    CAPTURE(row.expression);
    REQUIRE(row.result.ok());
    CHECK(row.result.value().raw() == expectedRaw[i]);
    CHECK(printed(row.result.value()) == row.prints);
  }

  struct ErrorRow {
    std::string_view expression;
    Checked<Fixed> result;
    NumberError error;
  };
  const ErrorRow errors[] = {
      {"1000 * 1000", multiply(num(1000), num(1000)), NumberError::kOverflow},
      {"1 / 0", divide(one, Fixed()), NumberError::kDivisionByZero},
      {"sqrt -1", sqrt(num(-1)), NumberError::kImaginaryResult},
      {"0 ^ -1", exponent(Fixed(), num(-1)), NumberError::kOverflow},
      {"ceiling infinity", ceiling(kInfinity), NumberError::kOverflow},
      {"2 ^ 19", exponent(num(2), num(19)), NumberError::kOverflow},
      {"round infinity", round(kInfinity), NumberError::kOverflow},
  };
  for (const ErrorRow& row : errors) {
    CAPTURE(row.expression);
    REQUIRE_FALSE(row.result.ok());
    CHECK(row.result.error() == row.error);
  }
  CHECK(message(NumberError::kOverflow) == "arithmetic overflow");
  CHECK(message(NumberError::kDivisionByZero) == "division by zero");
  CHECK(message(NumberError::kImaginaryResult) == "imaginary result");
}

TEST_CASE("B.2: NaN and wrapped results are raw -2^31, whose printing overflows", "[grobots-number]") {
  const auto asin2 = arcsin(num(2));
  REQUIRE(asin2.ok());
  CHECK(asin2.value().raw() == kMinRaw);
  const auto negativeRoot = exponent(num(-8), lit("0.5"));
  REQUIRE(negativeRoot.ok());
  CHECK(negativeRoot.value().raw() == kMinRaw);
  CHECK(arccos(num(-2)).value().raw() == kMinRaw);
  const Fixed wrapped = add(kInfinity, kEpsilon);
  CHECK(wrapped.raw() == kMinRaw);
  for (const Fixed n : {asin2.value(), negativeRoot.value(), wrapped}) {
    const auto text = toString(n);
    REQUIRE_FALSE(text.ok());
    CHECK(text.error() == NumberError::kOverflow);
  }
}

TEST_CASE("B.2 and §1.8: printing with three decimals", "[grobots-number]") {
  struct Row {
    int32_t raw;
    std::string_view prints;
  };
  const Row rows[] = {
      {0, "0"},
      {1, "0.000"},
      {-1, "-0.000"},
      {4095, "1.000"},
      {2048, "0.500"},
      {-5120, "-1.250"},
      {503808, "123"},
      {2147483647, "524288.000"},
      {2047, "0.500"},
      {2, "0.000"},
      {6, "0.001"},
      {4096, "1"},
      {-4096, "-1"},
      {-2147479552, "-524287"},
      {-2147483647, "-524288.000"},
      {409, "0.100"},
      {-6, "-0.001"},
      {4096 + 204, "1.050"},
  };
  for (const Row& row : rows) {
    CAPTURE(row.raw);
    CHECK(printed(raw(row.raw)) == row.prints);
  }
  const auto vector = toString(FixedVector{lit("1.5"), num(-2)});
  REQUIRE(vector.ok());
  CHECK(vector.value() == "<1.500, -2>");
  const auto badVector = toString(FixedVector{num(1), raw(kMinRaw)});
  REQUIRE_FALSE(badVector.ok());
  CHECK(badVector.error() == NumberError::kOverflow);
}

TEST_CASE("B.2: vectors", "[grobots-number]") {
  const FixedVector zeroUnit = unitize({Fixed(), Fixed()});
  CHECK(zeroUnit.x.raw() == 4096);
  CHECK(zeroUnit.y.raw() == 0);
  CHECK(printed(zeroUnit.x) == "1");
  const FixedVector threeFour = unitize({num(3), num(4)});
  CHECK(threeFour.x.raw() == 2457);
  CHECK(threeFour.y.raw() == 3276);
  CHECK(printed(threeFour.x) == "0.600");
  CHECK(printed(threeFour.y) == "0.800");
}

TEST_CASE("B.2: the random generator's check values", "[grobots-number]") {
  RandomState seeded(12345);
  std::vector<int32_t> draws;
  for (int i = 0; i < 5; ++i) draws.push_back(seeded.intInRange(0, 99));
  CHECK(draws == std::vector<int32_t>{43, 50, 51, 15, 70});

  RandomState one(1);
  CHECK(one.randomAngle().raw() == -8151);
}

TEST_CASE("§1.9: the random step and IntInRange's corner cases", "[grobots-number]") {
  RandomState generator(0);
  // The first step from 0 is the increment itself; the next is increment x (multiplier + 1).
  CHECK(generator.next() == 662049451u);
  CHECK(generator.next() == static_cast<uint32_t>(662049451ull * 124998725ull + 662049451ull));
  CHECK(RandomState::kMultiplier == 0734652105);

  RandomState a(777);
  RandomState b(777);
  // lo == hi returns lo without advancing the generator.
  CHECK(a.intInRange(5, 5) == 5);
  CHECK(a.state() == 777);
  // lo > hi swaps.
  CHECK(a.intInRange(99, 0) == b.intInRange(0, 99));
  CHECK(a.state() == b.state());

  // A span of 2^32 wraps to 0, so `random` over every raw value gives lo (but still advances).
  const int32_t before = a.state();
  CHECK(a.random(raw(kMinRaw), kInfinity).raw() == kMinRaw);
  CHECK(a.state() != before);

  RandomState angles(42);
  for (int i = 0; i < 2000; ++i) {
    const int32_t r = angles.randomAngle().raw();
    REQUIRE(r >= -12866);
    REQUIRE(r <= 12867);
  }

  RandomState raws(9);
  for (int i = 0; i < 2000; ++i) {
    const int32_t r = raws.random(raw(-3), raw(3)).raw();
    REQUIRE(r >= -3);
    REQUIRE(r <= 3);
  }
}

TEST_CASE("§1.9: random-int and random-bool", "[grobots-number]") {
  RandomState generator(2024);
  for (int i = 0; i < 500; ++i) {
    const auto n = generator.randomInt(lit("0.5"), lit("3.5"));
    REQUIRE(n.ok());
    REQUIRE(n.value().isInteger());
    REQUIRE(n.value() >= num(1));
    REQUIRE(n.value() <= num(3));
  }
  const int32_t before = generator.state();
  const auto bad = generator.randomInt(raw(kMinRaw), Fixed());
  REQUIRE_FALSE(bad.ok());
  CHECK(bad.error() == NumberError::kOverflow);
  CHECK(generator.state() == before);

  int trues = 0;
  for (int i = 0; i < 300; ++i) {
    const int32_t stateBefore = generator.state();
    CHECK(generator.randomBool(num(1)));
    CHECK_FALSE(generator.randomBool(Fixed()));
    CHECK_FALSE(generator.randomBool(num(-1)));
    trues += generator.randomBool(lit("0.5")) ? 1 : 0;
    CHECK(generator.state() != stateBefore);
  }
  CHECK(trues > 100);
  CHECK(trues < 200);
}

TEST_CASE("§1.3: conversions", "[grobots-number]") {
  CHECK(Fixed::fromInteger(524287).value().raw() == 2147479552);
  CHECK(Fixed::fromInteger(-524287).value().raw() == -2147479552);
  CHECK(Fixed::fromInteger(524288).error() == NumberError::kOverflow);
  CHECK(Fixed::fromInteger(-524288).error() == NumberError::kOverflow);
  CHECK(Fixed::fromInteger(std::numeric_limits<int64_t>::min()).error() == NumberError::kOverflow);

  CHECK(Fixed::fromDouble(1.99999).value().raw() == 8191);
  CHECK(Fixed::fromDouble(-1.99999).value().raw() == -8191);
  CHECK(Fixed::fromDouble(524287.0).value().raw() == 2147479552);
  CHECK(Fixed::fromDouble(524287.5).error() == NumberError::kOverflow);
  CHECK(Fixed::fromDouble(-524287.5).error() == NumberError::kOverflow);
  CHECK(Fixed::fromDouble(std::numeric_limits<double>::infinity()).error() == NumberError::kOverflow);
  CHECK(Fixed::fromDouble(-std::numeric_limits<double>::infinity()).error() == NumberError::kOverflow);
  CHECK(Fixed::fromDouble(std::numeric_limits<double>::quiet_NaN()).value().raw() == kMinRaw);

  CHECK(num(-3).toInteger().value() == -3);
  CHECK(lit("2.5").toInteger().error() == NumberError::kNotAnInteger);
  CHECK(kEpsilon.toInteger().error() == NumberError::kNotAnInteger);
  CHECK(notAnIntegerMessage(lit("2.5")) == "2.500 is not an integer");
  CHECK(notAnIntegerMessage(lit("-0.1")) == "-0.100 is not an integer");

  CHECK(Fixed::fromBool(true).raw() == 4096);
  CHECK(Fixed::fromBool(false).raw() == 0);
  CHECK(raw(-1).isTrue());
  CHECK_FALSE(Fixed().isTrue());
  CHECK(num(-7).isInteger());
  CHECK_FALSE(raw(4097).isInteger());

  CHECK(multiplyByDouble(num(10), 0.5).value().raw() == 20480);
  CHECK(multiplyByDouble(raw(-3), 0.5).value().raw() == -1);
  CHECK(multiplyByDouble(kInfinity, 2.0).error() == NumberError::kOverflow);
  CHECK(multiplyByInteger(num(3), -2).raw() == -24576);
}

TEST_CASE("§1.4: wrapping, overflow and division edges", "[grobots-number]") {
  CHECK(subtract(raw(kMinRaw), kEpsilon).raw() == 2147483647);
  CHECK(negate(raw(kMinRaw)).raw() == kMinRaw);
  CHECK(abs(raw(kMinRaw)).raw() == kMinRaw);
  CHECK(abs(num(-2)).raw() == 8192);

  // The product check rejects exactly -2^31 as well as anything beyond +-0x7FFFFFFF.
  CHECK(multiply(kInfinity, num(1)).value() == kInfinity);
  CHECK(multiply(negate(kInfinity), num(1)).value().raw() == -0x7FFFFFFF);
  CHECK(multiply(raw(kMinRaw), num(1)).error() == NumberError::kOverflow);
  CHECK(multiply(num(724), num(724)).value().raw() == 724 * 724 * 4096);
  CHECK(multiply(num(725), num(-725)).error() == NumberError::kOverflow);
  CHECK(square(num(-3)).value() == num(9));
  CHECK(square(num(1000)).error() == NumberError::kOverflow);
  CHECK(multiply(raw(-3), raw(2048)).value().raw() == -2);  // -1.5 floors to -2

  // The quotient is truncated toward zero and wraps unchecked.
  CHECK(divide(raw(-3), num(2)).value().raw() == -1);
  CHECK(divide(kInfinity, kEpsilon).value().raw() == -4096);
  CHECK(divide(raw(kMinRaw), num(-1)).value().raw() == kMinRaw);
  CHECK(reciprocal(num(4)).value().raw() == 1024);
  CHECK(reciprocal(num(3)).value().raw() == 1365);
  CHECK(reciprocal(Fixed()).error() == NumberError::kDivisionByZero);
  CHECK(reciprocal(kEpsilon).value().raw() == 16777216);

  CHECK(mod(num(7), Fixed()).error() == NumberError::kDivisionByZero);
  CHECK(rem(num(7), Fixed()).error() == NumberError::kDivisionByZero);
  CHECK(rem(num(7), num(-3)).value() == num(1));
  CHECK(rem(num(-7), num(-3)).value() == num(-1));
  CHECK(rem(raw(kMinRaw), raw(-1)).value().raw() == 0);
  CHECK(mod(num(7), num(3)).value() == num(1));
  CHECK(mod(num(-6), num(3)).value() == Fixed());
  CHECK(mod(num(6), num(-3)).value() == Fixed());
  CHECK(mod(lit("-5.5"), num(2)).value() == lit("0.5"));
  CHECK(mod(lit("5.5"), num(-2)).value() == lit("-0.5"));
  CHECK(mod(raw(-1), kTwoPi).value().raw() == 25733);

  CHECK(min(num(-1), num(2)) == num(-1));
  CHECK(max(num(-1), num(2)) == num(2));
  CHECK(signum(lit("-0.001")) == num(-1));
  CHECK(signum(Fixed()) == Fixed());
  CHECK(signum(kEpsilon) == num(1));
  CHECK(raw(-1) < Fixed());
  CHECK(kInfinity > num(524287));
}

TEST_CASE("§1.5: rounding and reorient edges", "[grobots-number]") {
  struct Row {
    std::string_view value;
    int32_t floor;
    int32_t ceiling;
    int32_t round;
  };
  const Row rows[] = {
      {"0.5", 0, 1, 1},     {"-0.5", -1, 0, 0}, {"1.5", 1, 2, 2},   {"-1.5", -2, -1, -1}, {"2.4", 2, 3, 2},
      {"-2.4", -3, -2, -2}, {"3", 3, 3, 3},     {"-3", -3, -3, -3}, {"0.001", 0, 1, 0},   {"-0.001", -1, 0, 0},
  };
  for (const Row& row : rows) {
    CAPTURE(row.value);
    const Fixed x = lit(row.value);
    CHECK(floor(x).value() == num(row.floor));
    CHECK(ceiling(x).value() == num(row.ceiling));
    CHECK(round(x).value() == num(row.round));
  }
  CHECK(floor(raw(kMinRaw)).error() == NumberError::kOverflow);
  CHECK(floor(raw(-2147479553)).error() == NumberError::kOverflow);
  CHECK(floor(kInfinity).value() == num(524287));
  CHECK(round(negate(kInfinity)).error() == NumberError::kOverflow);  // -524287.9998 -> -524288
  CHECK(round(raw(-2147481600)).value() == num(-524287));             // -524287.5 rounds up

  CHECK(reorient(raw(-12866)).raw() == -12866);
  CHECK(reorient(raw(-12867)).raw() == 12867);
  CHECK(reorient(raw(12868)).raw() == -12866);
  CHECK(reorient(Fixed()).raw() == 0);
  for (const Fixed x : {kInfinity, raw(kMinRaw), num(1000), num(-1000)}) {
    const int32_t r = reorient(x).raw();
    CHECK(r >= -12866);
    CHECK(r <= 12867);
  }
  CHECK(arctan(num(1)).value().raw() == 3216);  // pi/4 x 4096 = 3216.99, truncated
  CHECK(tan(Fixed()).value() == Fixed());
  CHECK(sqrt(Fixed()).value() == Fixed());
  CHECK(sqrt(kEpsilon).value().raw() == 64);
}

TEST_CASE("§1.6: vector arithmetic", "[grobots-number]") {
  const FixedVector v{num(1), num(2)};
  const FixedVector w{num(3), num(4)};
  CHECK(add(v, w) == FixedVector{num(4), num(6)});
  CHECK(subtract(v, w) == FixedVector{num(-2), num(-2)});
  CHECK(negate(v) == FixedVector{num(-1), num(-2)});
  CHECK(add(FixedVector{kInfinity, Fixed()}, FixedVector{kEpsilon, Fixed()}).x.raw() == kMinRaw);
  CHECK(scale(v, lit("0.5")).value() == FixedVector{lit("0.5"), num(1)});
  CHECK(scale(v, num(400000)).error() == NumberError::kOverflow);
  CHECK(divide(w, num(2)).value() == FixedVector{lit("1.5"), num(2)});
  CHECK(divide(w, Fixed()).error() == NumberError::kDivisionByZero);
  CHECK(dot(v, w).value() == num(11));
  CHECK(dot(v, FixedVector{num(1000), Fixed()}).value() == num(1000));
  CHECK(dot(FixedVector{num(1000), Fixed()}, FixedVector{num(1000), Fixed()}).error() == NumberError::kOverflow);
  CHECK(cross(v, w).value() == num(-2));
  CHECK(dist(FixedVector{num(4), num(6)}, v).value() == num(5));
  CHECK(norm(FixedVector{kInfinity, kInfinity}).error() == NumberError::kOverflow);
  CHECK(norm(FixedVector{num(-3), num(-4)}).value() == num(5));

  // in-range is inclusive, in double, and a negative range acts as its absolute value.
  CHECK(inRange(FixedVector{}, w, num(5)));
  CHECK_FALSE(inRange(FixedVector{}, w, lit("4.999")));
  CHECK(inRange(FixedVector{}, w, num(-5)));
  CHECK(inRange(FixedVector{kInfinity, kInfinity}, FixedVector{kInfinity, kInfinity}, Fixed()));

  // (0, 1) unitizes to the truncated cos and sin of angle raw 6433: (0, 4095).
  const FixedVector up = unitize(FixedVector{Fixed(), num(1)});
  CHECK(angle(FixedVector{Fixed(), num(1)}).raw() == 6433);
  CHECK(up == FixedVector{Fixed(), raw(4095)});
  CHECK(rotateTo(FixedVector{num(1), Fixed()}, FixedVector{Fixed(), num(1)}).value() ==
        FixedVector{Fixed(), raw(4095)});
  CHECK(rotateFrom(FixedVector{Fixed(), num(1)}, FixedVector{Fixed(), num(1)}).value() ==
        FixedVector{raw(4095), Fixed()});
  CHECK(rotateTo(FixedVector{num(300000), Fixed()}, FixedVector{num(1), Fixed()}).value() ==
        FixedVector{num(300000), Fixed()});
  CHECK(project(FixedVector{num(2), num(2)}, FixedVector{num(5), Fixed()}).value() == FixedVector{num(2), Fixed()});
  CHECK(project(FixedVector{kInfinity, Fixed()}, FixedVector{num(1), Fixed()}).value() ==
        FixedVector{kInfinity, Fixed()});

  const auto polar = rectToPolar(w);
  REQUIRE(polar.ok());
  CHECK(polar.value().radius == num(5));
  CHECK(polar.value().angle.raw() == 3798);  // atan2(4, 3) x 4096 = 3798.2
  CHECK(rectToPolar(FixedVector{kInfinity, kInfinity}).error() == NumberError::kOverflow);
  CHECK(polarToRect(FixedPolar{num(2), Fixed()}).value() == FixedVector{num(2), Fixed()});
  CHECK(polarToRect(FixedPolar{num(2), kPi}).value() == FixedVector{raw(-8190), Fixed::fromRaw(0)});
  CHECK(polarToRect(FixedPolar{kInfinity, Fixed()}).value() == FixedVector{kInfinity, Fixed()});
}

TEST_CASE("cosSin's table gives exactly what cos and sin compute", "[grobots-number]") {
  // Every raw angle of the table and a margin past both ends, where cosSin computes instead.
  for (int32_t r = -detail::kCosSinReach - 64; r <= detail::kCosSinReach + 64; ++r) {
    const Fixed a = Fixed::fromRaw(r);
    const CosSin cs = cosSin(a);
    REQUIRE(cs.cos.raw() == cos(a).value().raw());
    REQUIRE(cs.sin.raw() == sin(a).value().raw());
  }
  for (const int32_t r :
       {std::numeric_limits<int32_t>::min(), std::numeric_limits<int32_t>::max(), 1 << 20, -(1 << 24)}) {
    const Fixed a = Fixed::fromRaw(r);
    CHECK(cosSin(a).cos.raw() == cos(a).value().raw());
    CHECK(cosSin(a).sin.raw() == sin(a).value().raw());
  }
}

TEST_CASE("angle is exactly atan2 truncated, though it mostly estimates it", "[grobots-number]") {
  const auto check = [](int32_t x, int32_t y) {
    INFO("raw (" << x << ", " << y << ")");
    const FixedVector v{Fixed::fromRaw(x), Fixed::fromRaw(y)};
    REQUIRE(angle(v).raw() == Fixed::fromDouble(std::atan2(v.y.toDouble(), v.x.toDouble())).value().raw());
  };
  // The axes, the diagonals and the ends of the range, in every quadrant.
  for (const int32_t a : {0, 1, 7, 4096, 123456, INT32_MAX, INT32_MIN}) {
    for (const int32_t b : {0, 1, -1, 4096, -4096, 123456, -123456, INT32_MAX, INT32_MIN}) {
      check(a, b);
      check(b, a);
    }
  }
  // Every direction on a circle of radius 1000 raw, and random vectors at every scale.
  for (int32_t x = -1000; x <= 1000; ++x) {
    const auto y = static_cast<int32_t>(std::sqrt(1000000.0 - static_cast<double>(x) * x));
    check(x, y);
    check(x, -y);
  }
  uint64_t seed = 0x2545F4914F6CDD1Dull;
  const auto next = [&] {
    seed ^= seed << 13;
    seed ^= seed >> 7;
    seed ^= seed << 17;
    return seed;
  };
  for (int i = 0; i < 1000000; ++i) {
    const int shift = static_cast<int>(next() % 32);
    check(static_cast<int32_t>(static_cast<int64_t>(static_cast<int32_t>(next())) >> shift),
          static_cast<int32_t>(static_cast<int64_t>(static_cast<int32_t>(next())) >> shift));
  }
}
