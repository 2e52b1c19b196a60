#pragma once
// Grobots' fixed-point arithmetic (specs/grobots-language.md §1.4) written once over a machine: a
// type that gives 32-bit cells, 64-bit wide values, flags and a handful of machine operations. The
// plain machine below computes on values and is what grobots_number.cpp's add, multiply, divide,
// min, ... are made of; the JIT instantiates the same templates with a machine that emits LLVM IR
// (vm/jit/src/grobocode_lower.cpp), so native code and the interpreters share one definition of
// every rule here, down to the rounding of a product.
//
// A machine M provides:
//   types Cell (a raw 32-bit number), Wide (a 64-bit integer) and Flag (a truth value);
//   Cell cell(int32_t raw); Wide wide(int64_t);
//   Cell add(Cell, Cell), sub(Cell, Cell): 32-bit sums and differences that wrap;
//   Cell bitAnd(Cell, Cell); Cell select(Flag, Cell if true, Cell if false);
//   Wide widen(Cell) (sign-extends), Wide mul(Wide, Wide), Wide shiftRight(Wide, int) (arithmetic),
//   Wide quotient(Wide, Wide) (truncates toward zero; the divisor is nonzero and the quotient fits),
//   Cell narrow(Wide) (keeps the low 32 bits);
//   Flag equal, notEqual, less, greater, lessEqual, greaterEqual of two Cells or two Wides (signed);
//   Flag both(Flag, Flag), either(Flag, Flag), differ(Flag, Flag), negation(Flag);
//   bool require(Flag ok, NumberError error): whether execution goes on. A machine on values returns
//   `ok` (and keeps `error` when it is false); a machine that emits code branches to its failure
//   path and returns true, so the caller's `if (!m.require(...)) return false;` costs nothing there.
//
// Every function here is plain code over plain data (no allocation, no exceptions, no virtual
// calls), so that a compiler can inline it into each executor.

#include <cstdint>

#include "chronon/stdlib/grobots_number.h"
#include "chronon/stdlib/value_machine.h"

namespace chronon::grobots {

/// The machine on values: cells are Fixed numbers, wide values int64_t, flags bool (value_machine.h);
/// `error` holds the NumberError of the last failed `require`.
struct ValueMachine : ValueMachineBase<NumberError> {
  using Cell = Fixed;    ///< A number.
  using Wide = int64_t;  ///< A 64-bit intermediate.

  static constexpr Cell cell(int32_t raw) { return Fixed::fromRaw(raw); }
  static constexpr Wide wide(int64_t value) { return value; }
  // C++20 defines the conversion of an out-of-range integer to int32_t as the modular wrap the
  // original's 32-bit `long` arithmetic gives in practice.
  static constexpr Cell add(Cell a, Cell b) {
    return Fixed::fromRaw(static_cast<int32_t>(static_cast<uint32_t>(a.raw()) + static_cast<uint32_t>(b.raw())));
  }
  static constexpr Cell sub(Cell a, Cell b) {
    return Fixed::fromRaw(static_cast<int32_t>(static_cast<uint32_t>(a.raw()) - static_cast<uint32_t>(b.raw())));
  }
  static constexpr Cell bitAnd(Cell a, Cell b) { return Fixed::fromRaw(a.raw() & b.raw()); }
  static constexpr Wide widen(Cell a) { return a.raw(); }
  static constexpr Wide mul(Wide a, Wide b) { return a * b; }
  // C++20 defines >> of a negative value as an arithmetic shift.
  static constexpr Wide shiftRight(Wide a, int bits) { return a >> bits; }
  static constexpr Wide quotient(Wide a, Wide b) { return a / b; }
  static constexpr Cell narrow(Wide a) { return Fixed::fromRaw(static_cast<int32_t>(a)); }
};

/// The arithmetic of §1.4 over a machine M (see the file comment). Functions that can fail return
/// false when M's `require` says so, leaving `out` unset; the others return their result.
namespace ops {

/// A truth value as a number: 1 (raw 4096) or 0 (§1.1).
template <class M>
typename M::Cell truth(M& m, typename M::Flag f) {
  return m.select(f, m.cell(Fixed::kOneRaw), m.cell(0));
}

/// Whether a number is true: its raw value is nonzero (§1.1).
template <class M>
typename M::Flag isTrue(M& m, typename M::Cell a) {
  return m.notEqual(a, m.cell(0));
}

/// `negate`: raw -a, wrapping (raw -2^31 stays itself).
template <class M>
typename M::Cell negate(M& m, typename M::Cell a) {
  return m.sub(m.cell(0), a);
}

/// `*`: (int64 a x b) >> 12, flooring. Errors: kOverflow beyond +-0x7FFFFFFF raw (raw -2^31 too).
template <class M>
bool multiply(M& m, typename M::Cell a, typename M::Cell b, typename M::Cell& out) {
  const typename M::Wide product = m.shiftRight(m.mul(m.widen(a), m.widen(b)), Fixed::kFractionBits);
  if (!m.require(m.both(m.lessEqual(product, m.wide(Fixed::kMaxRaw)),
                        m.greaterEqual(product, m.wide(-int64_t{Fixed::kMaxRaw}))),
                 NumberError::kOverflow))
    return false;
  out = m.narrow(product);
  return true;
}

/// `/`: (int64 a << 12) / b truncated toward zero; a quotient beyond 32 bits wraps unchecked. The
/// dividend fits in 44 bits, so the 64-bit division cannot overflow. Errors: kDivisionByZero.
template <class M>
bool divide(M& m, typename M::Cell a, typename M::Cell b, typename M::Cell& out) {
  if (!m.require(m.notEqual(b, m.cell(0)), NumberError::kDivisionByZero)) return false;
  out = m.narrow(m.quotient(m.mul(m.widen(a), m.wide(Fixed::kOneRaw)), m.widen(b)));
  return true;
}

/// `min`: the smaller by raw value (the second when they are equal, which is the same number).
template <class M>
typename M::Cell min(M& m, typename M::Cell a, typename M::Cell b) {
  return m.select(m.less(b, a), b, a);
}

/// `max`: the larger by raw value.
template <class M>
typename M::Cell max(M& m, typename M::Cell a, typename M::Cell b) {
  return m.select(m.less(a, b), b, a);
}

/// `abs`: a < 0 ? -a : a on the raw value; raw -2^31 stays itself.
template <class M>
typename M::Cell abs(M& m, typename M::Cell a) {
  return m.select(m.less(a, m.cell(0)), negate(m, a), a);
}

/// `signum`: -1, 0 or 1 as numbers.
template <class M>
typename M::Cell signum(M& m, typename M::Cell a) {
  return m.select(m.greater(a, m.cell(0)), m.cell(Fixed::kOneRaw),
                  m.select(m.less(a, m.cell(0)), m.cell(-Fixed::kOneRaw), m.cell(0)));
}

/// `is-integer`: whether the fraction bits are all zero.
template <class M>
typename M::Flag isInteger(M& m, typename M::Cell a) {
  return m.equal(m.bitAnd(a, m.cell(Fixed::kOneRaw - 1)), m.cell(0));
}

/// a x b + c x d, or a x b - c x d with `subtractSecond`: two checked floor products, the first
/// checked first, then a wrapping sum (`dot`, `cross` and the rotations). Errors: kOverflow.
template <class M>
bool combineProducts(M& m, typename M::Cell a, typename M::Cell b, typename M::Cell c, typename M::Cell d,
                     bool subtractSecond, typename M::Cell& out) {
  typename M::Cell first{};
  typename M::Cell second{};
  if (!multiply(m, a, b, first) || !multiply(m, c, d, second)) return false;
  out = subtractSecond ? m.sub(first, second) : m.add(first, second);
  return true;
}

}  // namespace ops

}  // namespace chronon::grobots
