#pragma once
// Lowering a planned RoboTalk program (robotalk_plan.h) to one LLVM function.

#include <string>

#include "robotalk_plan.h"

namespace llvm {
class Function;
class Module;
}  // namespace llvm

namespace chronon::jit::robotalk_detail {

/// Programs up to this length keep the stack pointer, pc and cycle counters in registers across
/// blocks (written back to the brain only around steps and on return); longer ones keep them in the
/// brain, because the optimiser's and code generator's time on the resulting phis grows much faster
/// than linearly with the number of blocks.
inline constexpr int kRegisterLimit = 1000;

/// Adds to `module` the function `name` of type `i32 (NativeContext*)` (robotalk_native.h) that runs
/// the program of `plan` (code length `size`) exactly as robotalk::run does and returns the robotalk::Stop value:
/// a block runs natively when the budget, the free-instruction cap and the stack bounds cover it;
/// everything else, and every instruction that would fail, goes through one robotalk::step. Returns the
/// function, or nullptr when an instruction's lowering touches cells outside its planned stack
/// effect (an internal error: the caller declines the program rather than run code whose stack
/// checks do not cover it).
llvm::Function* lowerProgram(llvm::Module& module, const Plan& plan, int size, const std::string& name);

}  // namespace chronon::jit::robotalk_detail
