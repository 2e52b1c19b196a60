#include "chronon/vm/grobocode_pure.h"

#include <array>
#include <cstddef>
#include <iterator>

namespace chronon::grobocode {

namespace {

namespace g = grobots;
using g::Checked;
using g::Fixed;
using g::FixedPolar;
using g::FixedVector;
using g::NumberError;

// Writes a result to `out` (a vector as x then y); a checked result may instead record its error.
bool put(Fixed r, Fixed* out, NumberError&) {
  out[0] = r;
  return true;
}
bool put(FixedVector r, Fixed* out, NumberError&) {
  out[0] = r.x;
  out[1] = r.y;
  return true;
}
// rect-to-polar leaves the radius below the angle.
bool put(FixedPolar r, Fixed* out, NumberError&) {
  out[0] = r.radius;
  out[1] = r.angle;
  return true;
}
template <class T>
bool put(Checked<T> r, Fixed* out, NumberError& error) {
  if (!r) {
    error = r.error();
    return false;
  }
  return put(r.value(), out, error);
}

FixedVector vec(const Fixed* in) { return FixedVector{in[0], in[1]}; }

// The inputs are indexed as the effects list them, deepest first: `vs*` ( v s -- v ) reads the
// vector from in[0..1] and the scalar from in[2].
constexpr std::array kPureTable{
    PureWord{Prim::Reciprocal, 1, 1,
             [](const Fixed* in, Fixed* out, NumberError& e) { return put(g::reciprocal(in[0]), out, e); }},
    PureWord{Prim::Mod, 2, 1,
             [](const Fixed* in, Fixed* out, NumberError& e) { return put(g::mod(in[0], in[1]), out, e); }},
    PureWord{Prim::Rem, 2, 1,
             [](const Fixed* in, Fixed* out, NumberError& e) { return put(g::rem(in[0], in[1]), out, e); }},
    PureWord{Prim::Sqrt, 1, 1, [](const Fixed* in, Fixed* out, NumberError& e) { return put(g::sqrt(in[0]), out, e); }},
    PureWord{Prim::Exponent, 2, 1,
             [](const Fixed* in, Fixed* out, NumberError& e) { return put(g::exponent(in[0], in[1]), out, e); }},
    PureWord{Prim::Floor, 1, 1,
             [](const Fixed* in, Fixed* out, NumberError& e) { return put(g::floor(in[0]), out, e); }},
    PureWord{Prim::Ceiling, 1, 1,
             [](const Fixed* in, Fixed* out, NumberError& e) { return put(g::ceiling(in[0]), out, e); }},
    PureWord{Prim::Round, 1, 1,
             [](const Fixed* in, Fixed* out, NumberError& e) { return put(g::round(in[0]), out, e); }},
    PureWord{Prim::Reorient, 1, 1,
             [](const Fixed* in, Fixed* out, NumberError& e) { return put(g::reorient(in[0]), out, e); }},
    PureWord{Prim::Sin, 1, 1, [](const Fixed* in, Fixed* out, NumberError& e) { return put(g::sin(in[0]), out, e); }},
    PureWord{Prim::Cos, 1, 1, [](const Fixed* in, Fixed* out, NumberError& e) { return put(g::cos(in[0]), out, e); }},
    PureWord{Prim::Tan, 1, 1, [](const Fixed* in, Fixed* out, NumberError& e) { return put(g::tan(in[0]), out, e); }},
    PureWord{Prim::Arcsin, 1, 1,
             [](const Fixed* in, Fixed* out, NumberError& e) { return put(g::arcsin(in[0]), out, e); }},
    PureWord{Prim::Arccos, 1, 1,
             [](const Fixed* in, Fixed* out, NumberError& e) { return put(g::arccos(in[0]), out, e); }},
    PureWord{Prim::Arctan, 1, 1,
             [](const Fixed* in, Fixed* out, NumberError& e) { return put(g::arctan(in[0]), out, e); }},
    PureWord{Prim::RectToPolar, 2, 2,
             [](const Fixed* in, Fixed* out, NumberError& e) { return put(g::rectToPolar(vec(in)), out, e); }},
    PureWord{Prim::PolarToRect, 2, 2,
             [](const Fixed* in, Fixed* out, NumberError& e) {
               return put(g::polarToRect(FixedPolar{in[0], in[1]}), out, e);
             }},
    PureWord{Prim::VsMultiply, 3, 2,
             [](const Fixed* in, Fixed* out, NumberError& e) { return put(g::scale(vec(in), in[2]), out, e); }},
    PureWord{Prim::VsDivide, 3, 2,
             [](const Fixed* in, Fixed* out, NumberError& e) { return put(g::divide(vec(in), in[2]), out, e); }},
    PureWord{Prim::Norm, 2, 1,
             [](const Fixed* in, Fixed* out, NumberError& e) { return put(g::norm(vec(in)), out, e); }},
    PureWord{Prim::Angle, 2, 1,
             [](const Fixed* in, Fixed* out, NumberError& e) { return put(g::angle(vec(in)), out, e); }},
    PureWord{Prim::Dot, 4, 1,
             [](const Fixed* in, Fixed* out, NumberError& e) { return put(g::dot(vec(in), vec(in + 2)), out, e); }},
    PureWord{Prim::Project, 4, 2,
             [](const Fixed* in, Fixed* out, NumberError& e) { return put(g::project(vec(in), vec(in + 2)), out, e); }},
    PureWord{Prim::Cross, 4, 1,
             [](const Fixed* in, Fixed* out, NumberError& e) { return put(g::cross(vec(in), vec(in + 2)), out, e); }},
    PureWord{Prim::Unitize, 2, 2,
             [](const Fixed* in, Fixed* out, NumberError& e) { return put(g::unitize(vec(in)), out, e); }},
    PureWord{
        Prim::RotateTo, 4, 2,
        [](const Fixed* in, Fixed* out, NumberError& e) { return put(g::rotateTo(vec(in), vec(in + 2)), out, e); }},
    PureWord{
        Prim::RotateFrom, 4, 2,
        [](const Fixed* in, Fixed* out, NumberError& e) { return put(g::rotateFrom(vec(in), vec(in + 2)), out, e); }},
    PureWord{Prim::Dist, 4, 1,
             [](const Fixed* in, Fixed* out, NumberError& e) { return put(g::dist(vec(in), vec(in + 2)), out, e); }},
    PureWord{Prim::InRange, 5, 1,
             [](const Fixed* in, Fixed* out, NumberError& e) {
               return put(Fixed::fromBool(g::inRange(vec(in), vec(in + 2), in[4])), out, e);
             }},
};

// The table holds exactly the words of CHRONON_GROBOCODE_PURE_WORDS, in its order.
constexpr bool matchesList() {
#define CHRONON_PURE_PRIM(name) Prim::name,
  constexpr Prim kListed[] = {CHRONON_GROBOCODE_PURE_WORDS(CHRONON_PURE_PRIM)};
#undef CHRONON_PURE_PRIM
  if (std::size(kListed) != kPureTable.size()) return false;
  for (size_t i = 0; i < kPureTable.size(); ++i)
    if (kListed[i] != kPureTable[i].prim) return false;
  return true;
}
static_assert(matchesList(), "kPureTable and CHRONON_GROBOCODE_PURE_WORDS list different words");

// Every entry's cell counts agree with the word table's effect (checked once at compile time).
// (No pointers here: GCC cannot compare them in a constant expression under -fsanitize=undefined.)
constexpr bool matchesEffects() {
  for (const PureWord& w : kPureTable) {
    bool found = false;
    for (const PrimitiveInfo& p : kPrimitives) {
      if (p.prim != w.prim) continue;
      found = true;
      if (p.parsed.variable || p.parsed.popCells() != w.pops || p.parsed.pushCells() != w.pushes) return false;
    }
    if (!found) return false;
  }
  return true;
}
static_assert(matchesEffects(), "a pure word's cells differ from its effect in grobocode_primitives.def");

// Prim values are instruction indices below 4096 (12 bits); a flat index gives O(1) lookup.
const std::array<const PureWord*, 1 << kInstructionIndexBits>& byPrim() {
  static const auto table = [] {
    std::array<const PureWord*, 1 << kInstructionIndexBits> t{};
    for (const PureWord& w : kPureTable) t[static_cast<size_t>(w.prim)] = &w;
    return t;
  }();
  return table;
}

}  // namespace

const PureWord* findPure(Prim prim) {
  const auto index = static_cast<size_t>(prim);
  return index < byPrim().size() ? byPrim()[index] : nullptr;
}

const PureWord* pureWords(int32_t& count) {
  count = static_cast<int32_t>(kPureTable.size());
  return kPureTable.data();
}

}  // namespace chronon::grobocode
