#pragma once
// What the machines on values share (grobots::ValueMachine in grobots_number_ops.h,
// robotalk::ValueMachine in vm/include/chronon/vm/robotalk_semantics.h): the comparisons, choices
// and truth operations a word's entry uses, and `require`. Each language's machine adds its cells,
// its wide values and their arithmetic. The JIT's IrMachine (vm/jit/src/lowering_base.h) has the same
// operations over LLVM values.

namespace chronon {

/// The operations of a machine on values whose failed `require` keeps an `Error`. A comparison or a
/// choice takes two values of one type (two cells or two wide values): mixing them does not compile.
template <class Error>
struct ValueMachineBase {
  using Flag = bool;  ///< A truth value.
  Error error{};      ///< Set by a failed `require`.

  template <class T>
  static constexpr Flag equal(T a, T b) {
    return a == b;
  }
  template <class T>
  static constexpr Flag notEqual(T a, T b) {
    return a != b;
  }
  template <class T>
  static constexpr Flag less(T a, T b) {
    return a < b;
  }
  template <class T>
  static constexpr Flag greater(T a, T b) {
    return a > b;
  }
  template <class T>
  static constexpr Flag lessEqual(T a, T b) {
    return a <= b;
  }
  template <class T>
  static constexpr Flag greaterEqual(T a, T b) {
    return a >= b;
  }
  /// `a` when `f`, else `b`.
  template <class T>
  static constexpr T select(Flag f, T a, T b) {
    return f ? a : b;
  }
  static constexpr Flag both(Flag a, Flag b) { return a && b; }
  static constexpr Flag either(Flag a, Flag b) { return a || b; }
  static constexpr Flag differ(Flag a, Flag b) { return a != b; }
  static constexpr Flag negation(Flag a) { return !a; }
  /// Whether execution goes on: `ok`, keeping `e` in `error` when it is false.
  constexpr bool require(Flag ok, Error e) {
    if (!ok) [[unlikely]]
      error = e;
    return ok;
  }
};

}  // namespace chronon
