#pragma once
// The plan of an RL program for the JIT: the expression stack's depth and slot types at every
// reachable instruction, the check points (instruction 0 and the targets of backward jumps, where
// the stack is always empty), and the most instructions that can run from each instruction before
// the next check point. No LLVM here.

#include <cstdint>
#include <string>
#include <vector>

#include "chronon/compiler/robbie_ir.h"

namespace chronon::jit::detail {

/// What one pass over an RL program found.
struct RobbiePlan {
  /// Per instruction: true when execution from instruction 0 can reach it.
  std::vector<bool> reached;
  /// Per reached instruction: the types on the expression stack before it runs, bottom first.
  std::vector<std::vector<robbie::ValueType>> stack;
  /// Per instruction: a check point, that is instruction 0 or a reached target of a backward jump.
  /// Every loop passes one, the stack is empty at each, and native code enters and leaves only there
  /// (or at a stop, a runtime error, or a jump out of the code).
  std::vector<bool> check;
  /// Per reached instruction: the most instructions (this one included) that can run from it until
  /// the next check point, a stop, or a jump out of the code. Native code passes a check point only
  /// when the budget covers its cost, so it never has to stop between two.
  std::vector<int64_t> cost;
  /// The deepest expression stack anywhere.
  int32_t maxDepth = 0;
  /// The number of check points, the native entry points.
  int32_t entries = 0;
  /// Why the program cannot be compiled ("" when it can): an operand of the wrong type, stacks that
  /// disagree where paths meet, a backward jump inside an expression, a bad index.
  std::string problem;
};

/// Plans `program` (robbie_ir.h). Linear in its length; never recursive.
RobbiePlan planRobbie(const robbie::Program& program);

}  // namespace chronon::jit::detail
