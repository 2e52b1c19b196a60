#pragma once
// The word functions: each pure word of Grobocode (grobocode_semantics.def) and RoboTalk
// (robotalk_semantics.def), and each entry of the Robbie Language (robbie_semantics.def), as one
// extern "C" function on raw cells, which is how native code
// computes a word. word_functions.cpp defines them from the words' entries; the JIT's library holds
// them compiled by the project's compiler, and their LLVM bitcode, compiled by clang-19 from the same
// file, which each compiled program links so that LLVM inlines them (word_bitcode.h). This header
// includes no LLVM header: word_functions.cpp is compiled to bitcode with it.

#include <cstddef>
#include <cstdint>
#include <span>

#include "chronon/compiler/robbie_ir.h"
#include "chronon/stdlib/grobocode_words.h"
#include "chronon/stdlib/robotalk_words.h"

namespace chronon::jit::detail {

/// A Grobocode word function, chronon_word_grobocode_<Name>: reads the raw cells (Fixed::raw) its
/// word pops from `in`, deepest first, and writes those it pushes to `out`. Returns 1, or 0 when the
/// word raises a number error; `out` is then unspecified and native code leaves the word to the
/// interpreter, which runs it again and raises the error.
using GrobocodeWordFunction = int32_t (*)(const int32_t* in, int32_t* out);
/// A RoboTalk word function, chronon_word_robotalk_<Name>: as GrobocodeWordFunction, on the stack's
/// int16_t cells; 0 when the operator kills the robot (a WordError), which the interpreter raises.
using RoboTalkWordFunction = int32_t (*)(const int16_t* in, int16_t* out);

/// A Robbie Language word function, chronon_word_robbie_<Name> (an entry of robbie_semantics.def:
/// a computed operation or a host operation's argument checks): `type` is the robbie::ValueType
/// of its operands (integer, real or boolean), each given by its 64 bits in `in` (an integer as is,
/// a real's bits, a boolean 0 or 1), deepest first; a computed operation writes its result's bits
/// to out[0]. Returns the robbie::RuntimeError the entry raises, kNone (0) when it succeeded.
using RobbieWordFunction = int32_t (*)(int64_t type, const int64_t* in, int64_t* out);

/// A word function's symbol and its address in this library.
struct WordFunction {
  const char* symbol;   ///< chronon_word_<language>_<Name>.
  const void* address;  ///< The function, as the project's compiler compiled it.
};

/// Every word function, Grobocode's, RoboTalk's then Robbie's, each in its .def's order. The JITs bind each
/// symbol to its address, which is what a compiled program calls where it does not inline the word.
std::span<const WordFunction> wordFunctions();

/// The symbol of the word function of Grobocode's pure word `prim` (a kPure primitive); nullptr for
/// any other primitive.
const char* grobocodeWordSymbol(grobocode::Prim prim);

/// RoboTalk operator codes run from the table's first to its last (20000-20164): the slot of `op`.
constexpr size_t roboTalkSlotOf(robotalk::Op op) {
  return static_cast<size_t>(op) - static_cast<size_t>(robotalk::kOperators.front().op);
}
/// One slot per operator code.
inline constexpr size_t kRoboTalkOperatorSlots = roboTalkSlotOf(robotalk::kOperators.back().op) + 1;

/// The symbol of the word function of RoboTalk's pure operator `op` (an entry of
/// robotalk_semantics.def written as ROBOTALK_INLINE_WORD or ROBOTALK_CALLED_WORD); nullptr for any
/// other operator.
const char* roboTalkWordSymbol(robotalk::Op op);

/// The symbol of the word function of Robbie operation `op` (one with a ROBBIE_COMPUTED_OP or
/// ROBBIE_HOST_CHECK entry); nullptr for any other operation.
const char* robbieWordSymbol(robbie::Op op);

}  // namespace chronon::jit::detail
