#pragma once
// Lowering a planned Grobocode brain (grobocode_plan.h) to one LLVM function.

#include <string>

#include "grobocode_plan.h"

namespace llvm {
class Function;
class Module;
}  // namespace llvm

namespace chronon::jit::detail {

/// Adds to `module` the function `name` of type `void (NativeContext*)` (grobocode_native.h) that
/// runs the brain of `plan` (code length `size`) with the interpreter's exact behaviour: compiled
/// blocks run natively when the budget covers them and their stack needs hold; everything else, and
/// every instruction that would fail, goes through one interpreter step. Returns the function, or
/// nullptr when an instruction's lowering disagrees with its planned stack effect (an internal error:
/// the caller declines the brain rather than run code whose stack checks do not cover it).
/// `optimization` (1 or 2, as optimizeModule) chooses the form that its pipeline compiles best: at 2
/// the state's counters are kept in registers across blocks and written back only where C++ code runs.
llvm::Function* lowerBrain(llvm::Module& module, const Plan& plan, int32_t size, const std::string& name,
                           int optimization);

}  // namespace chronon::jit::detail
