// The word functions native code calls (word_functions.h): each pure word of Grobocode and RoboTalk
// as an extern "C" function over raw cells, made from its one entry in grobocode_semantics.def or
// robotalk_semantics.def and nothing else. This file is compiled twice: by the project's compiler
// into the JIT's library, where each function is what native code calls when it cannot inline the
// word; and by clang-19 into LLVM bitcode (vm/jit/CMakeLists.txt), which the library embeds and
// every compiled program links, so that LLVM inlines the word's body (word_bitcode.cpp). So it
// includes no LLVM header and nothing of the JIT's own.

#include "word_functions.h"

#include <array>
#include <cstddef>

#include "chronon/vm/grobocode_semantics.h"
#include "chronon/vm/robotalk_semantics.h"

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
  if (!grobocode::Word<P>::apply(m, values.data(), results.data())) return 0;
  for (size_t j = 0; j < kPushes; ++j) out[j] = results[j].raw();
  return 1;
}

// RoboTalk's operator O on cells, which are the interpreter's own int16_t.
template <robotalk::Op O>
int32_t roboTalkWord(const int16_t* in, int16_t* out) {
  robotalk::ValueMachine m;
  return robotalk::Word<O>::apply(m, in, out) ? 1 : 0;
}

}  // namespace

}  // namespace chronon::jit::detail

// One function per entry, under the symbol word_functions.h names.
extern "C" {
#define GROBOCODE_INLINE_WORD(Name, ...)                                               \
  int32_t chronon_word_grobocode_##Name(const int32_t* in, int32_t* out) {             \
    return chronon::jit::detail::grobocodeWord<chronon::grobocode::Prim::Name>(in, out); \
  }
#define GROBOCODE_CALLED_WORD(Name, ...) GROBOCODE_INLINE_WORD(Name)
#include "chronon/vm/grobocode_semantics.def"
#undef GROBOCODE_CALLED_WORD
#undef GROBOCODE_INLINE_WORD

#define ROBOTALK_INLINE_WORD(Name, ...)                                               \
  int32_t chronon_word_robotalk_##Name(const int16_t* in, int16_t* out) {             \
    return chronon::jit::detail::roboTalkWord<chronon::robotalk::Op::Name>(in, out); \
  }
#define ROBOTALK_CALLED_WORD(Name, ...) ROBOTALK_INLINE_WORD(Name)
#include "chronon/vm/robotalk_semantics.def"
#undef ROBOTALK_CALLED_WORD
#undef ROBOTALK_INLINE_WORD
}

namespace chronon::jit::detail {

std::span<const WordFunction> wordFunctions() {
  static const WordFunction kFunctions[] = {
#define GROBOCODE_INLINE_WORD(Name, ...) \
  {"chronon_word_grobocode_" #Name, reinterpret_cast<const void*>(&chronon_word_grobocode_##Name)},
#define GROBOCODE_CALLED_WORD(Name, ...) GROBOCODE_INLINE_WORD(Name)
#include "chronon/vm/grobocode_semantics.def"
#undef GROBOCODE_CALLED_WORD
#undef GROBOCODE_INLINE_WORD
#define ROBOTALK_INLINE_WORD(Name, ...) \
  {"chronon_word_robotalk_" #Name, reinterpret_cast<const void*>(&chronon_word_robotalk_##Name)},
#define ROBOTALK_CALLED_WORD(Name, ...) ROBOTALK_INLINE_WORD(Name)
#include "chronon/vm/robotalk_semantics.def"
#undef ROBOTALK_CALLED_WORD
#undef ROBOTALK_INLINE_WORD
  };
  return kFunctions;
}

const char* grobocodeWordSymbol(grobocode::Prim prim) {
  static constexpr auto kSymbols = [] {
    std::array<const char*, grobocode::kPrimitiveCount> symbols{};
#define GROBOCODE_INLINE_WORD(Name, ...) \
  symbols[static_cast<size_t>(grobocode::Prim::Name)] = "chronon_word_grobocode_" #Name;
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
#define ROBOTALK_INLINE_WORD(Name, ...) symbols[roboTalkSlotOf(robotalk::Op::Name)] = "chronon_word_robotalk_" #Name;
#define ROBOTALK_CALLED_WORD(Name, ...) ROBOTALK_INLINE_WORD(Name)
#include "chronon/vm/robotalk_semantics.def"
#undef ROBOTALK_CALLED_WORD
#undef ROBOTALK_INLINE_WORD
    return symbols;
  }();
  return kSymbols[roboTalkSlotOf(op)];
}

}  // namespace chronon::jit::detail
