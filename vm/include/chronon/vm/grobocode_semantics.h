#pragma once
// Grobocode's pure words (those the word table flags kPure: numbers, comparisons, logic, vectors;
// specs/grobots-language.md §1.4-§1.6) and its machine words (control flow, the return stack,
// memory, stop and sync: isMachineWord), each written once in grobocode_semantics.def, and its
// stack shuffles (§2.1), each its table row's effect (Shuffle, stdlib/stack_effect.h). This header
// makes each entry a function in chronon::grobocode::semantics, gives executors the compile-time
// view Word<Prim::Name> and the run-time table of every pure word, and checks the entries against
// the word table.
//
// An executor gets the words' case labels or table rows by defining GROBOCODE_INLINE_WORD and
// GROBOCODE_CALLED_WORD (and GROBOCODE_SHUFFLE_WORD for the shuffles) and including the .def, as
// this header does.

#include <array>
#include <cstdint>

#include "chronon/stdlib/grobocode_words.h"
#include "chronon/stdlib/grobots_number.h"
#include "chronon/stdlib/grobots_number_ops.h"
#include "chronon/stdlib/word_lists.h"

namespace chronon::grobocode {

namespace semantics {

namespace g = grobots;
namespace ops = grobots::ops;

/// Stores a called word's result in `out` (a vector as x then y, rect-to-polar's radius below its
/// angle). Returns true.
inline bool put(g::ValueMachine&, g::Fixed r, g::Fixed* out) {
  out[0] = r;
  return true;
}
inline bool put(g::ValueMachine&, g::FixedVector r, g::Fixed* out) {
  out[0] = r.x;
  out[1] = r.y;
  return true;
}
inline bool put(g::ValueMachine&, g::FixedPolar r, g::Fixed* out) {
  out[0] = r.radius;
  out[1] = r.angle;
  return true;
}
/// A checked result: stores its value, or returns false with its error in `m.error`.
template <class T>
bool put(g::ValueMachine& m, g::Checked<T> r, g::Fixed* out) {
  if (!r) {
    m.error = r.error();
    return false;
  }
  return put(m, r.value(), out);
}

/// The vector whose x is in[0] and y in[1].
inline g::FixedVector vec(const g::Fixed* in) { return g::FixedVector{in[0], in[1]}; }

// Each entry as a function of the same name: semantics::<Name>(m, in, out).
#define GROBOCODE_INLINE_WORD(Name, ...) \
  template <class M>                     \
  bool Name([[maybe_unused]] M& m, [[maybe_unused]] const typename M::Cell* in, typename M::Cell* out) __VA_ARGS__
#define GROBOCODE_CALLED_WORD(Name, ...) \
  inline bool Name([[maybe_unused]] g::ValueMachine& m, const g::Fixed* in, g::Fixed* out) __VA_ARGS__
#include "chronon/vm/grobocode_semantics.def"
#undef GROBOCODE_CALLED_WORD
#undef GROBOCODE_INLINE_WORD

}  // namespace semantics

/// The compile-time view of a pure word: Word<Prim::Name>::apply(m, in, out) runs its entry on
/// machine `m`; kInline tells whether the entry is written over any machine (native code computes
/// it inline) or on values only (native code calls it). Defined for the kPure words only.
template <Prim P>
struct Word;

// One specialization per entry; apply is a template for both kinds, and a called entry's only
// compiles for grobots::ValueMachine, the one machine its executors give it.
#define CHRONON_GROBOCODE_WORD(Name, isInline)                                   \
  template <>                                                                    \
  struct Word<Prim::Name> {                                                      \
    static constexpr bool kInline = isInline;                                    \
    template <class M>                                                           \
    static bool apply(M& m, const typename M::Cell* in, typename M::Cell* out) { \
      return semantics::Name(m, in, out);                                        \
    }                                                                            \
  };
#define GROBOCODE_INLINE_WORD(Name, ...) CHRONON_GROBOCODE_WORD(Name, true)
#define GROBOCODE_CALLED_WORD(Name, ...) CHRONON_GROBOCODE_WORD(Name, false)
#include "chronon/vm/grobocode_semantics.def"
#undef GROBOCODE_CALLED_WORD
#undef GROBOCODE_INLINE_WORD
#undef CHRONON_GROBOCODE_WORD

/// The cells a primitive pops and pushes, from its effect in the word table.
constexpr int32_t popsOf(Prim p) { return kPrimitives[static_cast<size_t>(p)].parsed.popCells(); }
constexpr int32_t pushesOf(Prim p) { return kPrimitives[static_cast<size_t>(p)].parsed.pushCells(); }

/// A pure word on values: reads the cells it pops from `in` (deepest first) and writes the cells it
/// pushes to `out` (deepest first). Returns true, or false with `error` set to the number error the
/// word raises (kOverflow, kDivisionByZero, ...); `out` is then unspecified. Never touches anything
/// else, so running it twice gives the same result.
using PureFunction = bool (*)(const grobots::Fixed* in, grobots::Fixed* out, grobots::NumberError& error);

/// Word<P> on values as a PureFunction.
template <Prim P>
bool onValues(const grobots::Fixed* in, grobots::Fixed* out, grobots::NumberError& error) {
  grobots::ValueMachine m;
  if (Word<P>::apply(m, in, out)) [[likely]]
    return true;
  error = m.error;
  return false;
}

/// One pure word, as executors that choose at run time see it.
struct PureWord {
  Prim prim;              ///< The word.
  int32_t pops;           ///< Cells it pops (its effect's popCells()).
  int32_t pushes;         ///< Cells it pushes (its effect's pushCells()).
  PureFunction function;  ///< What it computes, on values.
  bool inlined;           ///< Word<prim>::kInline: native code computes it inline.
  const char* name;       ///< Its entry's name in grobocode_semantics.def (its Prim's name).
};

/// Every pure word, in the word table's order.
inline constexpr std::array kPureWords{
#define GROBOCODE_INLINE_WORD(Name, ...)                                                                           \
  PureWord{Prim::Name, popsOf(Prim::Name), pushesOf(Prim::Name), &onValues<Prim::Name>, Word<Prim::Name>::kInline, \
           #Name},
#define GROBOCODE_CALLED_WORD(Name, ...) GROBOCODE_INLINE_WORD(Name)
#include "chronon/vm/grobocode_semantics.def"
#undef GROBOCODE_CALLED_WORD
#undef GROBOCODE_INLINE_WORD
};

namespace detail {
#define GROBOCODE_INLINE_WORD(Name, ...) Prim::Name,
#define GROBOCODE_CALLED_WORD(Name, ...) Prim::Name,
inline constexpr Prim kSemanticsListed[] = {
#include "chronon/vm/grobocode_semantics.def"
};
#undef GROBOCODE_CALLED_WORD
#undef GROBOCODE_INLINE_WORD
}  // namespace detail

// A word that the table flags kPure without an entry, or an entry for any other word, fails here.
static_assert(listsExactly(
                  detail::kSemanticsListed, kPrimitives, [](const PrimitiveInfo& p) { return p.prim; },
                  [](const PrimitiveInfo& p) { return p.has(kPure); }),
              "grobocode_semantics.def and the word table's kPure flags name different words");
// Every pure word has a fixed effect that fits the executors' scratch cells.
static_assert(
    [] {
      for (const PureWord& w : kPureWords)
        if (kPrimitives[static_cast<size_t>(w.prim)].parsed.variable || w.pops > kMaxEffectItems * 2 ||
            w.pushes > kMaxEffectItems * 2)
          return false;
      return true;
    }(),
    "a pure word has a variable effect or more cells than kMaxEffectItems allows");

namespace detail {
#define GROBOCODE_SHUFFLE_WORD(Name) Prim::Name,
#define GROBOCODE_INLINE_WORD(Name, ...)
#define GROBOCODE_CALLED_WORD(Name, ...)
inline constexpr Prim kShufflesListed[] = {
#include "chronon/vm/grobocode_semantics.def"
};
#undef GROBOCODE_CALLED_WORD
#undef GROBOCODE_INLINE_WORD
#undef GROBOCODE_SHUFFLE_WORD
}  // namespace detail

// A stack word whose effect reads as a shuffle without an entry, or an entry for any other word,
// fails here.
static_assert(listsExactly(
                  detail::kShufflesListed, kPrimitives, [](const PrimitiveInfo& p) { return p.prim; },
                  [](const PrimitiveInfo& p) { return shuffleOf(p).valid; }),
              "grobocode_semantics.def's shuffles and the word table's shuffle effects name different words");

/// The flags a machine word (GROBOCODE_MACHINE_WORD) may have: what it does touches only the
/// brain's stacks, program counter, memory, status or budget.
inline constexpr uint32_t kMachineWordFlags =
    kStack | kReturnStack | kBranch | kTerminator | kCall | kConditional | kVector | kMemory | kSuspend | kStopsBrain;

/// Whether `word` is a machine word: a primitive with a fixed effect whose flags are all of
/// kMachineWordFlags and whose effect is not a shuffle. Every other primitive is pure, a shuffle, a
/// host call, a periodic sensor, or a word only the general path runs (dropn, pick, random, print,
/// send, die, end...).
constexpr bool isMachineWord(const PrimitiveInfo& word) {
  return (word.flags & ~kMachineWordFlags) == 0 && !word.parsed.variable && !shuffleOf(word).valid;
}

namespace semantics {

// Each machine word's entry as a function of the same name in semantics::machine:
// semantics::machine::<Name>(m, in, out), over any machine with the operations the .def lists.
namespace machine {
#define GROBOCODE_INLINE_WORD(Name, ...)
#define GROBOCODE_CALLED_WORD(Name, ...)
#define GROBOCODE_MACHINE_WORD(Name, ...)                                       \
  template <class M>                                                            \
  bool Name([[maybe_unused]] M& m, [[maybe_unused]] const typename M::Cell* in, \
            [[maybe_unused]] typename M::Cell* out) {                           \
    using Index [[maybe_unused]] = typename M::Index;                           \
    __VA_ARGS__                                                                 \
  }
#include "chronon/vm/grobocode_semantics.def"
#undef GROBOCODE_MACHINE_WORD
#undef GROBOCODE_CALLED_WORD
#undef GROBOCODE_INLINE_WORD
}  // namespace machine

}  // namespace semantics

/// The compile-time view of a machine word: MachineWord<Prim::Name>::apply(m, in, out) runs its
/// entry on machine `m`, with `in` the kPops cells the executor popped (deepest first) and `out`
/// the kPushes cells it pushes after. Defined for the machine words only.
template <Prim P>
struct MachineWord;

#define GROBOCODE_INLINE_WORD(Name, ...)
#define GROBOCODE_CALLED_WORD(Name, ...)
#define GROBOCODE_MACHINE_WORD(Name, ...)                                        \
  template <>                                                                    \
  struct MachineWord<Prim::Name> {                                               \
    static constexpr int32_t kPops = popsOf(Prim::Name);                         \
    static constexpr int32_t kPushes = pushesOf(Prim::Name);                     \
    template <class M>                                                           \
    static bool apply(M& m, const typename M::Cell* in, typename M::Cell* out) { \
      return semantics::machine::Name(m, in, out);                               \
    }                                                                            \
  };
#include "chronon/vm/grobocode_semantics.def"
#undef GROBOCODE_MACHINE_WORD
#undef GROBOCODE_CALLED_WORD
#undef GROBOCODE_INLINE_WORD

namespace detail {
#define GROBOCODE_INLINE_WORD(Name, ...)
#define GROBOCODE_CALLED_WORD(Name, ...)
#define GROBOCODE_MACHINE_WORD(Name, ...) Prim::Name,
inline constexpr Prim kMachineWordsListed[] = {
#include "chronon/vm/grobocode_semantics.def"
};
#undef GROBOCODE_MACHINE_WORD
#undef GROBOCODE_CALLED_WORD
#undef GROBOCODE_INLINE_WORD
}  // namespace detail

// A machine word (isMachineWord) without an entry, or an entry for any other word, fails here.
static_assert(listsExactly(
                  detail::kMachineWordsListed, kPrimitives, [](const PrimitiveInfo& p) { return p.prim; },
                  [](const PrimitiveInfo& p) { return isMachineWord(p); }),
              "grobocode_semantics.def's machine words and the word table's flags name different words");
// Executors keep a machine word's cells in fixed arrays of its effect's size.
static_assert(
    [] {
      for (const PrimitiveInfo& p : kPrimitives)
        if (isMachineWord(p) && (p.parsed.popCells() > 3 || p.parsed.pushCells() > 2)) return false;
      return true;
    }(),
    "a machine word pops more than three cells or pushes more than two");

/// The pure word `prim`, or nullptr when `prim` is not one.
const PureWord* findPure(Prim prim);

}  // namespace chronon::grobocode
