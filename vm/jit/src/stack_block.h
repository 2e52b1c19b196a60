#pragma once
// The block that the JIT's plans of the stack languages (grobocode_plan.h, robotalk_plan.h) cut and
// the one stack lowering (stack_lowering.h) compiles. No LLVM here.

#include <cstdint>

namespace chronon::jit::detail {

/// A straight-line run of instructions [start, end), entered only at `start`, with the static facts
/// its header checks once for the whole run instead of before each instruction.
struct StackBlock {
  int32_t start = 0;
  int32_t end = 0;
  /// The stack height the compiled instructions need at entry so that none underflows.
  int32_t needBelow = 0;
  /// The most the compiled instructions raise the stack above its entry height.
  int32_t growAbove = 0;
  /// Cycles of every instruction but the last. RoboTalk's run loop checks the budget before each
  /// instruction, so a block fits when cycles + leadCost < budget; Grobocode charges one cycle per
  /// instruction and checks the whole length instead (0 here).
  int32_t leadCost = 0;
  /// Zero-cost compiled instructions (RoboTalk: they count against kFreeInstructionCap).
  int32_t freeCount = 0;
  /// The last instruction is the interpreter's (RoboTalk: robotalk::step runs it); the others are
  /// compiled.
  bool stepsLast = false;
};

}  // namespace chronon::jit::detail
