#pragma once
// Lowering an RL program (with its plan) to one LLVM function of type NativeRobbie.

#include <string>

#include <llvm/IR/Function.h>
#include <llvm/IR/Module.h>

#include "chronon/compiler/robbie_ir.h"
#include "robbie_plan.h"

namespace chronon::jit::detail {

/// Adds the function `name` for `program` to `module`, following `plan` (which must have no problem).
/// Returns the function; the caller verifies and optimises it.
llvm::Function* lowerRobbie(llvm::Module& module, const robbie::Program& program, const RobbiePlan& plan,
                            const std::string& name);

}  // namespace chronon::jit::detail
