#pragma once
// RoboTalk's pure operators (those the operator table flags kPure: arithmetic, comparisons, logic
// and the floating-point words; specs/robowar.md §3.3, §4) and its machine operators (PRINT, VSTORE,
// VRECALL), each written once in robotalk_semantics.def, and its stack shuffles, each its effect.
// This header gives the machine the entries run on in the interpreter, makes each entry a function
// in chronon::robotalk::semantics, gives executors the compile-time views Word<Op::Name> and
// MachineWord<Op::Name>, and checks the entries against the operator table.
//
// An executor gets the operators' case labels by defining ROBOTALK_INLINE_WORD and
// ROBOTALK_CALLED_WORD (and ROBOTALK_SHUFFLE_WORD, ROBOTALK_MACHINE_WORD for those entries) and
// including the .def, as this header does.

#include <cstdint>
#include <optional>

#include "chronon/stdlib/robotalk_words.h"
#include "chronon/stdlib/value_machine.h"
#include "chronon/stdlib/word_lists.h"
#include "chronon/vm/robotalk_math_words.h"

namespace chronon::robotalk {

/// Why a pure operator kills the robot; the interpreter words each as the original does
/// (docs/robowar-arena.md "Run-time error messages").
enum class WordError : uint8_t {
  kOutOfBounds,     ///< A + - * result outside -19999..19999.
  kDivisionByZero,  ///< `/` by zero.
  kModByZero,       ///< MOD by zero.
  kNegativeRoot,    ///< SQRT of a negative number.
  kBadArccos,       ///< ARCCOS of a ratio outside -1..1 or undefined.
  kBadArcsin,       ///< ARCSIN of a ratio outside -1..1 or undefined.
};

/// The largest magnitude of a + - * result (specs/robowar.md §3.3).
inline constexpr int kMaxValue = kMaxLiteral;

/// The machine on values: cells are the stack's int16_t, wide values int32_t (any sum, difference
/// or product of two cells fits), flags bool (value_machine.h); `error` holds the WordError of the
/// last failed `require`. The JIT's machine (vm/jit/src/lowering_base.h, IrMachine) has the same operations.
struct ValueMachine : ValueMachineBase<WordError> {
  using Cell = int16_t;  ///< A stack cell.
  using Wide = int32_t;  ///< A 32-bit intermediate.

  static constexpr Cell cell(int v) { return static_cast<Cell>(v); }
  static constexpr Wide wide(int v) { return v; }
  static constexpr Wide widen(Cell a) { return a; }
  // C++20 defines the conversion to int16_t as the modular wrap of the original's 16-bit cells.
  static constexpr Cell narrow(Wide a) { return static_cast<Cell>(a); }
  static constexpr Wide add(Wide a, Wide b) { return a + b; }
  static constexpr Wide sub(Wide a, Wide b) { return a - b; }
  static constexpr Wide mul(Wide a, Wide b) { return a * b; }
  static constexpr Wide quotient(Wide a, Wide b) { return a / b; }
  static constexpr Wide remainder(Wide a, Wide b) { return a % b; }
};

/// What several entries share, over a machine M.
namespace ops {

/// A truth value as a cell: 1 or 0.
template <class M>
typename M::Cell truth(M& m, typename M::Flag f) {
  return m.select(f, m.cell(1), m.cell(0));
}

/// Whether a cell is true: nonzero.
template <class M>
typename M::Flag isTrue(M& m, typename M::Cell a) {
  return m.notEqual(a, m.cell(0));
}

/// A + - * result `v` as a cell. Errors: kOutOfBounds outside -19999..19999.
template <class M>
bool bounded(M& m, typename M::Wide v, typename M::Cell& out) {
  if (!m.require(m.both(m.lessEqual(v, m.wide(kMaxValue)), m.greaterEqual(v, m.wide(-kMaxValue))),
                 WordError::kOutOfBounds))
    return false;
  out = m.narrow(v);
  return true;
}

}  // namespace ops

namespace semantics {

// Each entry as a function of the same name: semantics::<Name>(m, in, out).
#define ROBOTALK_INLINE_WORD(Name, ...) \
  template <class M>                    \
  bool Name([[maybe_unused]] M& m, [[maybe_unused]] const typename M::Cell* in, typename M::Cell* out) __VA_ARGS__
#define ROBOTALK_CALLED_WORD(Name, ...) \
  inline bool Name([[maybe_unused]] ValueMachine& m, const int16_t* in, int16_t* out) __VA_ARGS__
#include "chronon/vm/robotalk_semantics.def"
#undef ROBOTALK_CALLED_WORD
#undef ROBOTALK_INLINE_WORD

}  // namespace semantics

/// The compile-time view of a pure operator: Word<Op::Name>::apply(m, in, out) runs its entry on
/// machine `m`; kInline tells whether the entry is written over any machine (native code computes
/// it inline) or on values only; kPops and kPushes are its cells from the operator table.
template <Op O>
struct Word;

/// The operator table's row of `op`, in a constant expression.
constexpr const OperatorInfo& operatorRow(Op op) {
  for (const OperatorInfo& row : kOperators)
    if (row.op == op) return row;
  return kOperators[0];
}

// One specialization per entry; apply is a template for both kinds, and a called entry's only
// compiles for ValueMachine, the one machine its executors give it.
#define CHRONON_ROBOTALK_WORD(Name, isInline)                                    \
  template <>                                                                    \
  struct Word<Op::Name> {                                                        \
    static constexpr bool kInline = isInline;                                    \
    static constexpr int kPops = operatorRow(Op::Name).counts.pops;              \
    static constexpr int kPushes = operatorRow(Op::Name).counts.pushes;          \
    template <class M>                                                           \
    static bool apply(M& m, const typename M::Cell* in, typename M::Cell* out) { \
      return semantics::Name(m, in, out);                                        \
    }                                                                            \
  };
#define ROBOTALK_INLINE_WORD(Name, ...) CHRONON_ROBOTALK_WORD(Name, true)
#define ROBOTALK_CALLED_WORD(Name, ...) CHRONON_ROBOTALK_WORD(Name, false)
#include "chronon/vm/robotalk_semantics.def"
#undef ROBOTALK_CALLED_WORD
#undef ROBOTALK_INLINE_WORD
#undef CHRONON_ROBOTALK_WORD

namespace detail {
#define ROBOTALK_INLINE_WORD(Name, ...) Op::Name,
#define ROBOTALK_CALLED_WORD(Name, ...) Op::Name,
inline constexpr Op kSemanticsListed[] = {
#include "chronon/vm/robotalk_semantics.def"
};
#undef ROBOTALK_CALLED_WORD
#undef ROBOTALK_INLINE_WORD
}  // namespace detail

// An operator the table flags kPure without an entry, or an entry for any other, fails here.
static_assert(listsExactly(
                  detail::kSemanticsListed, kOperators, [](const OperatorInfo& o) { return o.op; },
                  [](const OperatorInfo& o) { return o.has(kPure); }),
              "robotalk_semantics.def and the operator table's kPure flags name different operators");

/// The shuffle operator `op` is: its effect read by parseShuffle when the table flags it kStack
/// without kDynamicEffect; `valid == false` for every other operator.
constexpr Shuffle shuffleOf(const OperatorInfo& row) {
  if (!row.has(kStack) || row.has(kDynamicEffect)) return Shuffle{};
  return parseShuffle(row.effect);
}
/// shuffleOf the row of `op`, in a constant expression.
constexpr Shuffle shuffleOf(Op op) { return shuffleOf(operatorRow(op)); }

namespace detail {
#define ROBOTALK_SHUFFLE_WORD(Name) Op::Name,
#define ROBOTALK_INLINE_WORD(Name, ...)
#define ROBOTALK_CALLED_WORD(Name, ...)
inline constexpr Op kShufflesListed[] = {
#include "chronon/vm/robotalk_semantics.def"
};
#undef ROBOTALK_CALLED_WORD
#undef ROBOTALK_INLINE_WORD
#undef ROBOTALK_SHUFFLE_WORD
}  // namespace detail

// A stack operator whose effect reads as a shuffle without an entry, or an entry for any other
// operator, fails here.
static_assert(listsExactly(
                  detail::kShufflesListed, kOperators, [](const OperatorInfo& o) { return o.op; },
                  [](const OperatorInfo& o) { return shuffleOf(o).valid; }),
              "robotalk_semantics.def's shuffles and the operator table's shuffle effects name different operators");

/// Whether `row` is a machine operator (ROBOTALK_MACHINE_WORD): a fixed effect that moves at least
/// one cell, and no flag but kCosmetic. The operators with no flag but kCosmetic and the effect "--"
/// (NOP, BEEP, the icons and sounds, DEBUG) change nothing the battle sees and need no entry.
constexpr bool isMachineOperator(const OperatorInfo& row) {
  return (row.flags & ~static_cast<uint32_t>(kCosmetic)) == 0 && !row.has(kDynamicEffect) &&
         (row.counts.pops > 0 || row.counts.pushes > 0);
}

namespace semantics::machine {
// Each machine operator's entry as a function of the same name: semantics::machine::<Name>(m, in,
// out), over any machine with the operations the .def lists.
#define ROBOTALK_INLINE_WORD(Name, ...)
#define ROBOTALK_CALLED_WORD(Name, ...)
#define ROBOTALK_MACHINE_WORD(Name, ...)                                        \
  template <class M>                                                            \
  bool Name([[maybe_unused]] M& m, [[maybe_unused]] const typename M::Cell* in, \
            [[maybe_unused]] typename M::Cell* out) __VA_ARGS__
#include "chronon/vm/robotalk_semantics.def"
#undef ROBOTALK_MACHINE_WORD
#undef ROBOTALK_CALLED_WORD
#undef ROBOTALK_INLINE_WORD
}  // namespace semantics::machine

/// The compile-time view of a machine operator: MachineWord<Op::Name>::apply(m, in, out) runs its
/// entry on machine `m`; kPops and kPushes are its cells from the operator table.
template <Op O>
struct MachineWord;

#define ROBOTALK_INLINE_WORD(Name, ...)
#define ROBOTALK_CALLED_WORD(Name, ...)
#define ROBOTALK_MACHINE_WORD(Name, ...)                                         \
  template <>                                                                    \
  struct MachineWord<Op::Name> {                                                 \
    static constexpr int kPops = operatorRow(Op::Name).counts.pops;              \
    static constexpr int kPushes = operatorRow(Op::Name).counts.pushes;          \
    template <class M>                                                           \
    static bool apply(M& m, const typename M::Cell* in, typename M::Cell* out) { \
      return semantics::machine::Name(m, in, out);                               \
    }                                                                            \
  };
#include "chronon/vm/robotalk_semantics.def"
#undef ROBOTALK_MACHINE_WORD
#undef ROBOTALK_CALLED_WORD
#undef ROBOTALK_INLINE_WORD

namespace detail {
#define ROBOTALK_INLINE_WORD(Name, ...)
#define ROBOTALK_CALLED_WORD(Name, ...)
#define ROBOTALK_MACHINE_WORD(Name, ...) Op::Name,
inline constexpr Op kMachineWordsListed[] = {
#include "chronon/vm/robotalk_semantics.def"
};
#undef ROBOTALK_MACHINE_WORD
#undef ROBOTALK_CALLED_WORD
#undef ROBOTALK_INLINE_WORD
}  // namespace detail

// A machine operator (isMachineOperator) without an entry, or an entry for any other operator,
// fails here; so does one that could overflow the stack, which its executors do not check.
static_assert(listsExactly(
                  detail::kMachineWordsListed, kOperators, [](const OperatorInfo& o) { return o.op; },
                  [](const OperatorInfo& o) { return isMachineOperator(o); }),
              "robotalk_semantics.def's machine operators and the operator table's flags name different operators");
static_assert(
    [] {
      for (const OperatorInfo& o : kOperators)
        if (isMachineOperator(o) && o.counts.pushes > o.counts.pops) return false;
      return true;
    }(),
    "a machine operator pushes more cells than it pops");

}  // namespace chronon::robotalk
