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

/// The pure primitives, each named as its Prim, in the table's order. The interpreter's and the JIT
/// planner's switches over every Prim expand it into their case labels; grobocode_pure.cpp checks
/// that the table holds exactly these words.
#define CHRONON_GROBOCODE_PURE_WORDS(X) \
  X(Reciprocal)                         \
  X(Mod)                                \
  X(Rem)                                \
  X(Sqrt)                               \
  X(Exponent)                           \
  X(Floor)                              \
  X(Ceiling)                            \
  X(Round)                              \
  X(Reorient)                           \
  X(Sin)                                \
  X(Cos)                                \
  X(Tan)                                \
  X(Arcsin)                             \
  X(Arccos)                             \
  X(Arctan)                             \
  X(RectToPolar)                        \
  X(PolarToRect)                        \
  X(VsMultiply)                         \
  X(VsDivide)                           \
  X(Norm)                               \
  X(Angle)                              \
  X(Dot)                                \
  X(Project)                            \
  X(Cross)                              \
  X(Unitize)                            \
  X(RotateTo)                           \
  X(RotateFrom)                         \
  X(Dist)                               \
  X(InRange)

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
