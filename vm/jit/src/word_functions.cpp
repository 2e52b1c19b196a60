// The word functions native code calls (word_functions.h): each pure word of Grobocode and RoboTalk
// and each computed operation and host check of the Robbie Language as an extern "C" function over
// raw cells, made from its one entry in grobocode_semantics.def, robotalk_semantics.def or
// robbie_semantics.def and nothing else. This file is compiled twice: by the project's compiler
// into the JIT's library, where each function is what native code calls when it cannot inline the
// word; and by clang-19 into LLVM bitcode (vm/jit/CMakeLists.txt), which the library embeds and
// every compiled program links, so that LLVM inlines the word's body (word_bitcode.cpp). So it
// includes no LLVM header and nothing of the JIT's own.

#include "word_functions.h"

#include <array>
#include <bit>
#include <cstddef>
#include <type_traits>

#include "chronon/vm/grobocode_semantics.h"
#include "chronon/vm/robbie_semantics.h"
#include "chronon/vm/robotalk_semantics.h"

// The symbol of language `language`'s word function for entry `Name`, in every table below.
#define CHRONON_WORD_SYMBOL(language, Name) "chronon_word_" #language "_" #Name

namespace chronon::jit::detail {

namespace {

// Grobocode's word P on raw cells: the cells become numbers, the entry runs on values, and its
// results become raw cells again; a copy LLVM removes once the function is inlined.
template <grobocode::Prim P>
int32_t grobocodeWord(const int32_t* in, int32_t* out) {
  constexpr size_t kPops = static_cast<size_t>(grobocode::popsOf(P));
  constexpr size_t kPushes = static_cast<size_t>(grobocode::pushesOf(P));
  std::array<grobots::Fixed, kPops + 1> values{};
  for (size_t i = 0; i < kPops; ++i) values[i] = grobots::Fixed::fromRaw(in[i]);
  std::array<grobots::Fixed, kPushes + 1> results{};
  grobots::ValueMachine m;
  const bool ok = grobocode::Word<P>::apply(m, values.data(), results.data());
  // Written even when the word failed: once inlined, a cell written on some paths only would be
  // carried round the compiled function's loop as a value of every block (SROA).
  for (size_t j = 0; j < kPushes; ++j) out[j] = results[j].raw();
  return ok ? 1 : 0;
}

// RoboTalk's operator O on cells, which are the interpreter's own int16_t.
// RoboTalk's operator O on cells, which are the interpreter's own int16_t. Its results are written
// even when it fails, as grobocodeWord's.
template <robotalk::Op O>
int32_t roboTalkWord(const int16_t* in, int16_t* out) {
  std::array<int16_t, static_cast<size_t>(robotalk::Word<O>::kPushes) + 1> results{};
  robotalk::ValueMachine m;
  const bool ok = robotalk::Word<O>::apply(m, in, results.data());
  for (size_t j = 0; j + 1 < results.size(); ++j) out[j] = results[j];
  return ok ? 1 : 0;
}

// A Robbie Language value of C++ type T from its 64 bits (an integer as is, a real's bits, a
// boolean as 0 or 1), and back.
template <class T>
T fromBits(int64_t bits) {
  if constexpr (std::is_same_v<T, double>) {
    return std::bit_cast<double>(bits);
  } else if constexpr (std::is_same_v<T, bool>) {
    return bits != 0;
  } else {
    return bits;
  }
}
template <class T>
int64_t toBits(T value) {
  if constexpr (std::is_same_v<T, double>) {
    return std::bit_cast<int64_t>(value);
  } else {
    return static_cast<int64_t>(value);
  }
}

// The Robbie Language's operation O on operands of C++ type T, when its entry takes them (slot
// kAny takes any of the three; a string comparison is not an entry's): the operands' bits from
// `in`, the result's (of a computed operation) to `out[0]`. Returns the entry's RuntimeError,
// kNone when it succeeded.
template <robbie::Op O, class T>
int32_t robbieWord(const int64_t* in, int64_t* out) {
  using W = robbie::OpEntry<O>;
  using Operand = robbie::ValueCell<W::kOperand>;
  if constexpr (!std::is_void_v<Operand> && !std::is_same_v<Operand, T>) {
    return static_cast<int32_t>(robbie::RuntimeError::kNone);
  } else {
    std::array<T, static_cast<size_t>(W::kPops)> values{};
    for (size_t k = 0; k < values.size(); ++k) values[k] = fromBits<T>(in[k]);
    robbie::ValueMachine m;
    bool ok = false;
    if constexpr (robbie::hasComputedEntry(robbie::opInfo(O))) {
      using Result =
          std::conditional_t<std::is_void_v<robbie::ValueCell<W::kResult>>, T, robbie::ValueCell<W::kResult>>;
      Result result[1]{};
      ok = W::apply(m, values.data(), result);
      // Written even when the operation failed, as grobocodeWord's results.
      out[0] = toBits(result[0]);
    } else {
      ok = W::check(m, values.data());
    }
    return static_cast<int32_t>(ok ? robbie::RuntimeError::kNone : m.error);
  }
}

// Operation O on operands of `type`, a robbie::ValueType; a string (which no entry takes) is
// kNone, as the lowering never asks for it.
template <robbie::Op O>
int32_t robbieWordOn(int64_t type, const int64_t* in, int64_t* out) {
  switch (static_cast<robbie::ValueType>(type)) {
    case robbie::ValueType::kInteger: return robbieWord<O, int64_t>(in, out);
    case robbie::ValueType::kReal: return robbieWord<O, double>(in, out);
    case robbie::ValueType::kBoolean: return robbieWord<O, bool>(in, out);
    case robbie::ValueType::kString: break;
  }
  return static_cast<int32_t>(robbie::RuntimeError::kNone);
}

}  // namespace

}  // namespace chronon::jit::detail

// One function per entry, under the symbol word_functions.h names.
extern "C" {
#define GROBOCODE_INLINE_WORD(Name, ...)                                                 \
  int32_t chronon_word_grobocode_##Name(const int32_t* in, int32_t* out) {               \
    return chronon::jit::detail::grobocodeWord<chronon::grobocode::Prim::Name>(in, out); \
  }
#define GROBOCODE_CALLED_WORD(Name, ...) GROBOCODE_INLINE_WORD(Name)
#include "chronon/vm/grobocode_semantics.def"
#undef GROBOCODE_CALLED_WORD
#undef GROBOCODE_INLINE_WORD

#define ROBOTALK_INLINE_WORD(Name, ...)                                              \
  int32_t chronon_word_robotalk_##Name(const int16_t* in, int16_t* out) {            \
    return chronon::jit::detail::roboTalkWord<chronon::robotalk::Op::Name>(in, out); \
  }
#define ROBOTALK_CALLED_WORD(Name, ...) ROBOTALK_INLINE_WORD(Name)
#include "chronon/vm/robotalk_semantics.def"
#undef ROBOTALK_CALLED_WORD
#undef ROBOTALK_INLINE_WORD

#define ROBBIE_COMPUTED_OP(Name, ...)                                                    \
  int32_t chronon_word_robbie_##Name(int64_t type, const int64_t* in, int64_t* out) {    \
    return chronon::jit::detail::robbieWordOn<chronon::robbie::Op::Name>(type, in, out); \
  }
#define ROBBIE_HOST_CHECK(Name, ...) ROBBIE_COMPUTED_OP(Name)
#include "chronon/vm/robbie_semantics.def"
#undef ROBBIE_HOST_CHECK
#undef ROBBIE_COMPUTED_OP
}

namespace chronon::jit::detail {

std::span<const WordFunction> wordFunctions() {
  static const WordFunction kFunctions[] = {
#define GROBOCODE_INLINE_WORD(Name, ...) \
  {CHRONON_WORD_SYMBOL(grobocode, Name), reinterpret_cast<const void*>(&chronon_word_grobocode_##Name)},
#define GROBOCODE_CALLED_WORD(Name, ...) GROBOCODE_INLINE_WORD(Name)
#include "chronon/vm/grobocode_semantics.def"
#undef GROBOCODE_CALLED_WORD
#undef GROBOCODE_INLINE_WORD
#define ROBOTALK_INLINE_WORD(Name, ...) \
  {CHRONON_WORD_SYMBOL(robotalk, Name), reinterpret_cast<const void*>(&chronon_word_robotalk_##Name)},
#define ROBOTALK_CALLED_WORD(Name, ...) ROBOTALK_INLINE_WORD(Name)
#include "chronon/vm/robotalk_semantics.def"
#undef ROBOTALK_CALLED_WORD
#undef ROBOTALK_INLINE_WORD
#define ROBBIE_COMPUTED_OP(Name, ...) \
  {CHRONON_WORD_SYMBOL(robbie, Name), reinterpret_cast<const void*>(&chronon_word_robbie_##Name)},
#define ROBBIE_HOST_CHECK(Name, ...) ROBBIE_COMPUTED_OP(Name)
#include "chronon/vm/robbie_semantics.def"
#undef ROBBIE_HOST_CHECK
#undef ROBBIE_COMPUTED_OP
  };
  return kFunctions;
}

const char* grobocodeWordSymbol(grobocode::Prim prim) {
  static constexpr auto kSymbols = [] {
    std::array<const char*, grobocode::kPrimitiveCount> symbols{};
#define GROBOCODE_INLINE_WORD(Name, ...) \
  symbols[static_cast<size_t>(grobocode::Prim::Name)] = CHRONON_WORD_SYMBOL(grobocode, Name);
#define GROBOCODE_CALLED_WORD(Name, ...) GROBOCODE_INLINE_WORD(Name)
#include "chronon/vm/grobocode_semantics.def"
#undef GROBOCODE_CALLED_WORD
#undef GROBOCODE_INLINE_WORD
    return symbols;
  }();
  return kSymbols[static_cast<size_t>(prim)];
}

const char* roboTalkWordSymbol(robotalk::Op op) {
  static constexpr auto kSymbols = [] {
    std::array<const char*, kRoboTalkOperatorSlots> symbols{};
#define ROBOTALK_INLINE_WORD(Name, ...) \
  symbols[roboTalkSlotOf(robotalk::Op::Name)] = CHRONON_WORD_SYMBOL(robotalk, Name);
#define ROBOTALK_CALLED_WORD(Name, ...) ROBOTALK_INLINE_WORD(Name)
#include "chronon/vm/robotalk_semantics.def"
#undef ROBOTALK_CALLED_WORD
#undef ROBOTALK_INLINE_WORD
    return symbols;
  }();
  return kSymbols[roboTalkSlotOf(op)];
}

const char* robbieWordSymbol(robbie::Op op) {
  static constexpr auto kSymbols = [] {
    std::array<const char*, std::size(robbie::kOpTable)> symbols{};
#define ROBBIE_COMPUTED_OP(Name, ...) \
  symbols[static_cast<size_t>(robbie::Op::Name)] = CHRONON_WORD_SYMBOL(robbie, Name);
#define ROBBIE_HOST_CHECK(Name, ...) ROBBIE_COMPUTED_OP(Name)
#include "chronon/vm/robbie_semantics.def"
#undef ROBBIE_HOST_CHECK
#undef ROBBIE_COMPUTED_OP
    return symbols;
  }();
  return kSymbols[static_cast<size_t>(op)];
}

}  // namespace chronon::jit::detail

#undef CHRONON_WORD_SYMBOL
