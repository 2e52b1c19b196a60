#pragma once
// The contract between compiled RoboTalk programs and the C++ around them: the context a native
// program function receives, and the one C++ function it calls back. No LLVM here.

#include <cstdint>

#include "chronon/vm/brain.h"
#include "chronon/vm/bytecode.h"
#include "chronon/vm/host.h"
#include "chronon/vm/interpreter.h"

namespace chronon::jit::robotalk_detail {

/// What a native program function reads: pointers into the Brain and the call's counters (so both
/// engines share one state), the budget, and what vm::step needs to run one instruction.
struct NativeContext {
  int16_t* stack;             ///< Brain::stack, kStackCells cells.
  int32_t* sp;                ///< Brain::sp.
  int32_t* pc;                ///< Brain::pc.
  int16_t* letters;           ///< Brain::letters.
  int16_t* vector;            ///< Brain::vector, kVectorCells cells.
  int32_t* cycles;            ///< RunCounters::cycles.
  int32_t* freeRun;           ///< RunCounters::freeRun.
  int32_t* budget;            ///< The call's budget.
  const vm::Bytecode* code;   ///< For single steps.
  vm::Brain* brain;           ///< For single steps.
  vm::Host* host;             ///< For single steps.
  vm::RunCounters* counters;  ///< For single steps.
};

/// The order of NativeContext's pointer fields, as lowering addresses them (8 bytes each).
enum class ContextField : int {
  kStack,
  kSp,
  kPc,
  kLetters,
  kVector,
  kCycles,
  kFreeRun,
  kBudget,
  kCode,
  kBrain,
  kHost,
  kCounters,
};

/// A compiled program: runs as vm::run does and returns the vm::Stop value.
using NativeProgram = int32_t (*)(NativeContext*);

/// The symbol under which compiled code finds the step function.
inline constexpr const char* kStepSymbol = "chronon_jit_robotalk_step";

/// One vm::step on the context's brain and counters. Returns -1 when the run goes on, else the
/// vm::Stop value to return. The native code keeps nothing cached across it.
extern "C" int32_t chronon_jit_robotalk_step(NativeContext* context);

}  // namespace chronon::jit::robotalk_detail
