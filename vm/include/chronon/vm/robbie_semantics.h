#pragma once
// The Robbie Language's computed operations (arithmetic, conversion, comparisons, not) and the
// argument checks of its host operations, each written once in robbie_semantics.def. This header
// gives the machine the entries run on in the interpreter, makes each entry a function
// (OpEntry<Op::Name>::apply or ::check), and checks the entries against the op table's kinds
// (compiler/include/chronon/compiler/robbie_ir.h, kOpTable).
//
// An executor gets the operations' case labels by defining ROBBIE_COMPUTED_OP and ROBBIE_HOST_CHECK
// and including the .def, as this header does.

#include <cstdint>
#include <string_view>
#include <type_traits>

#include "chronon/compiler/robbie_ir.h"
#include "chronon/stdlib/robbie_words.h"
#include "chronon/stdlib/value_machine.h"
#include "chronon/stdlib/word_lists.h"
#include "chronon/vm/robbie_interpreter.h"

namespace chronon::robbie {

/// The machine on values: integers are int64_t, reals double, booleans and flags bool, and the
/// operands of a comparison may also be std::string_view (value_machine.h gives the comparisons);
/// `error` holds the RuntimeError of the last failed `require`. The JIT's machine
/// (vm/jit/src/lowering_base.h, TypedIrMachine) has the same operations.
struct ValueMachine : ValueMachineBase<RuntimeError> {
  using Integer = int64_t;  ///< An integer value.
  using Real = double;      ///< A real value.

  /// An integer result and whether it overflowed 64 bits (`value` is then the wrapped result).
  struct Checked {
    Integer value;
    Flag overflow;
  };

  static constexpr Integer integer(int64_t v) { return v; }
  static constexpr Real real(double v) { return v; }
  static constexpr Real toReal(Integer a) { return static_cast<Real>(a); }
  static constexpr Checked addChecked(Integer a, Integer b) {
    Checked r{};
    r.overflow = __builtin_add_overflow(a, b, &r.value);
    return r;
  }
  static constexpr Checked subChecked(Integer a, Integer b) {
    Checked r{};
    r.overflow = __builtin_sub_overflow(a, b, &r.value);
    return r;
  }
  static constexpr Checked mulChecked(Integer a, Integer b) {
    Checked r{};
    r.overflow = __builtin_mul_overflow(a, b, &r.value);
    return r;
  }
  // Integers reach these only where they cannot overflow (the entries check first).
  template <class T>
  static constexpr T add(T a, T b) {
    return a + b;
  }
  template <class T>
  static constexpr T sub(T a, T b) {
    return a - b;
  }
  template <class T>
  static constexpr T mul(T a, T b) {
    return a * b;
  }
  template <class T>
  static constexpr T quotient(T a, T b) {
    return a / b;
  }
  template <class T>
  static constexpr T negate(T a) {
    return -a;
  }
};

/// What several entries share, over a machine M.
namespace ops {

/// Stores the checked integer result `r` in `out`. Returns true, or false with kIntegerOverflow when
/// it overflowed.
template <class M, class Out>
bool noOverflow(M& m, typename M::Checked r, Out& out) {
  if (!m.require(m.negation(r.overflow), RuntimeError::kIntegerOverflow)) return false;
  out = r.value;
  return true;
}

/// Whether the distance, angle or time `v` may be used: true, or false with kNegativeArgument when
/// it is negative.
template <class M, class In>
bool nonNegative(M& m, In v) {
  return m.require(m.greaterEqual(v, m.integer(0)), RuntimeError::kNegativeArgument);
}

}  // namespace ops

/// Whether `row`'s operation has a ROBBIE_COMPUTED_OP entry: it is kComputed and pops no string
/// slot (kConcat makes a string, which each engine builds itself).
constexpr bool hasComputedEntry(const OpInfo& row) {
  if (row.kind != OpKind::kComputed) return false;
  for (int32_t k = 0; k < row.effect.pops; ++k)
    if (row.effect.popped[k] == Slot::kString) return false;
  return true;
}

/// Whether `row`'s operation has a ROBBIE_HOST_CHECK entry: it is kHost and pops arguments.
constexpr bool hasHostCheck(const OpInfo& row) { return row.kind == OpKind::kHost && row.effect.pops > 0; }

/// The value type an engine gives a cell of slot `S` (i, r, b); void for the other slots.
template <Slot S>
using ValueCell = std::conditional_t<
    S == Slot::kInteger, int64_t,
    std::conditional_t<S == Slot::kReal, double, std::conditional_t<S == Slot::kBoolean, bool, void>>>;

/// The compile-time view of an operation with an entry: its operand count kPops (1 or 2), the slot
/// kOperand all its operands share, and for a computed one the slot kResult of the value it pushes;
/// and its entry, OpEntry<Op::Name>::apply(m, in, out) for a computed operation, ::check(m, in) for a
/// host one. Both take the operands in `in` (deepest first) and return true, or false with the
/// failed `require`'s error in the machine.
template <Op O>
struct OpEntry;

namespace detail {

/// What OpEntry<O> reads from the op table.
template <Op O>
struct EntryShape {
  static constexpr StackEffect kEffect = opInfo(O).effect;
  static constexpr int32_t kPops = kEffect.pops;
  static constexpr Slot kOperand = kEffect.popped[0];
  static constexpr Slot kResult = kEffect.pushed;
  static_assert(kPops >= 1 && (kPops == 1 || kEffect.popped[1] == kOperand),
                "an entry's operands are one or two of one slot");
};

}  // namespace detail

// One specialization per entry.
#define ROBBIE_COMPUTED_OP(Name, ...)                                                                              \
  template <>                                                                                                      \
  struct OpEntry<Op::Name> : detail::EntryShape<Op::Name> {                                                        \
    static_assert(kEffect.pushes == 1, "a computed entry pushes one value");                                       \
    template <class M, class In, class Out>                                                                        \
    static bool apply([[maybe_unused]] M& m, [[maybe_unused]] const In* in, [[maybe_unused]] Out* out) __VA_ARGS__ \
  };
#define ROBBIE_HOST_CHECK(Name, ...)                                   \
  template <>                                                          \
  struct OpEntry<Op::Name> : detail::EntryShape<Op::Name> {            \
    static_assert(kEffect.pushes == 0, "a host check pushes nothing"); \
    template <class M, class In>                                       \
    static bool check([[maybe_unused]] M& m, const In* in) __VA_ARGS__ \
  };
#include "chronon/vm/robbie_semantics.def"
#undef ROBBIE_HOST_CHECK
#undef ROBBIE_COMPUTED_OP

namespace detail {
#define ROBBIE_COMPUTED_OP(Name, ...) Op::Name,
#define ROBBIE_HOST_CHECK(Name, ...)
inline constexpr Op kComputedListed[] = {
#include "chronon/vm/robbie_semantics.def"
};
#undef ROBBIE_HOST_CHECK
#undef ROBBIE_COMPUTED_OP
#define ROBBIE_COMPUTED_OP(Name, ...)
#define ROBBIE_HOST_CHECK(Name, ...) Op::Name,
inline constexpr Op kHostListed[] = {
#include "chronon/vm/robbie_semantics.def"
};
#undef ROBBIE_HOST_CHECK
#undef ROBBIE_COMPUTED_OP
}  // namespace detail

// A computed operation of the table without its entry, or an entry for any other operation (a
// control one, a host one, kConcat), fails here; likewise for the host checks.
static_assert(listsExactly(
                  detail::kComputedListed, kOpTable, [](const OpRow& r) { return r.op; },
                  [](const OpRow& r) { return hasComputedEntry(r.info); }),
              "robbie_semantics.def's ROBBIE_COMPUTED_OP entries and the op table's computed operations differ");
static_assert(listsExactly(
                  detail::kHostListed, kOpTable, [](const OpRow& r) { return r.op; },
                  [](const OpRow& r) { return hasHostCheck(r.info); }),
              "robbie_semantics.def's ROBBIE_HOST_CHECK entries and the op table's host operations with arguments "
              "differ");

}  // namespace chronon::robbie
