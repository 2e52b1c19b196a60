#pragma once
// A check the Grobocode tests share: two brain states equal in every field, so that the interpreter's
// fast loop, its single steps and the JIT can be compared with one another.

#include <catch2/catch.hpp>

#include <algorithm>

#include "chronon/vm/grobocode_brain.h"

namespace chronon::test {

/// Requires `a` and `b` to agree in every field, stale stack cells included (dropn can re-expose
/// them), and in the first 4096 cells of local memory.
inline void requireSameBrainState(const grobocode::BrainState& a, const grobocode::BrainState& b) {
  REQUIRE(a.pc == b.pc);
  REQUIRE(a.height == b.height);
  REQUIRE(a.stack == b.stack);
  REQUIRE(a.returnHeight == b.returnHeight);
  REQUIRE(a.returnStack == b.returnStack);
  REQUIRE(a.variables == b.variables);
  REQUIRE(a.vectors == b.vectors);
  REQUIRE(a.status == b.status);
  REQUIRE(a.error == b.error);
  REQUIRE(a.errorMessage == b.errorMessage);
  REQUIRE(a.errorPc == b.errorPc);
  REQUIRE(a.lastPrint == b.lastPrint);
  REQUIRE(a.remaining == b.remaining);
  REQUIRE(a.used == b.used);
  REQUIRE(a.memory.size() == b.memory.size());
  bool sameMemory = true;
  const int32_t cells = std::min(a.memory.size(), 4096);
  for (int32_t i = 1; i <= cells; ++i) sameMemory = sameMemory && a.memory.load(i) == b.memory.load(i);
  REQUIRE(sameMemory);
}

}  // namespace chronon::test
