#pragma once
// Grobocode's pure numeric primitives (specs/grobots-language.md §1.5, §1.6): words whose results
// depend only on the cells they pop, with no brain state, host, memory or random generator involved.
// Each is declared once here with the number function it applies; the interpreter executes them
// through this table, and the JIT calls the same functions directly from native code.

#include <cstdint>

#include "chronon/stdlib/grobocode_words.h"
#include "chronon/stdlib/grobots_number.h"

namespace chronon::grobocode {

/// Applies a pure primitive: reads the cells it pops from `in` (deepest first, as many as its stack
/// effect pops) and writes the cells it pushes to `out` (deepest first). Returns true, or false with
/// `error` set to the number error the word raises (kOverflow, kDivisionByZero, ...); `out` is then
/// unspecified. Never touches anything else, so running it twice gives the same result.
using PureFunction = bool (*)(const grobots::Fixed* in, grobots::Fixed* out, grobots::NumberError& error);

/// One pure primitive.
struct PureWord {
  Prim prim;              ///< The word.
  int32_t pops;           ///< Cells it pops (its effect's popCells()).
  int32_t pushes;         ///< Cells it pushes (its effect's pushCells()).
  PureFunction function;  ///< What it computes.
};

/// The pure primitive `prim`, or nullptr when `prim` is not one (stack words, branches, hardware,
/// memory, random and the words the JIT compiles inline are not in the table).
const PureWord* findPure(Prim prim);

/// Every pure primitive, for tests that check the table against the word table's effects.
/// Returns the table and writes its length to `count`.
const PureWord* pureWords(int32_t& count);

}  // namespace chronon::grobocode
