#pragma once
// The contract between compiled RoboTalk programs and the C++ around them: the context a native
// program function receives, and the one C++ function it calls back. No LLVM here.

#include <cstdint>

#include "chronon/vm/robotalk_brain.h"
#include "chronon/vm/robotalk_bytecode.h"
#include "chronon/vm/robotalk_host.h"
#include "chronon/vm/robotalk_interpreter.h"

namespace chronon::jit::robotalk_detail {

/// What a native program function receives: the brain and the call's counters (so both engines
/// share one state), the budget, and what robotalk::step needs to run one instruction. Native code
/// reaches the brain's stack, stack pointer, pc, letters and vector, and the counters' fields, at
/// their offsets in robotalk::MachineState and robotalk::RunCounters (ContextField), so that two registers reach them
/// all.
struct NativeContext {
  robotalk::MachineState* brain;    ///< The robot's brain.
  robotalk::RunCounters* counters;  ///< The call's counters.
  const int32_t* budget;            ///< The call's budget.
  const robotalk::Bytecode* code;   ///< For single steps.
  robotalk::Host* host;             ///< For single steps.
  /// host->directReads as the call began (the host keeps it for the whole call), so that native code
  /// reads those registers where they lie, as the interpreter does, without a call.
  const int* const* directReads;
};

/// The order of NativeContext's pointers, as lowering addresses them (8 bytes each).
enum class ContextSlot : int { kBrain, kCounters, kBudget, kCode, kHost, kDirectReads };

/// The values native code reads and writes: robotalk::MachineState's stack, sp, pc, letters and vector, and
/// robotalk::RunCounters' cycles and freeRun.
enum class ContextField : int {
  kStack,
  kSp,
  kPc,
  kLetters,
  kVector,
  kCycles,
  kFreeRun,
};

/// A compiled program: runs as robotalk::run does and returns the robotalk::Stop value.
using NativeProgram = int32_t (*)(NativeContext*);

/// One robotalk::step on the context's brain and counters. Returns -1 when the run goes on, else the
/// robotalk::Stop value to return. The native code keeps nothing cached across it.
extern "C" int32_t chronon_jit_robotalk_step(NativeContext* context);

/// robotalk::resume on the context's brain and counters up to its budget: the interpreter plays the rest
/// of the call. Returns the robotalk::Stop value to return.
extern "C" int32_t chronon_jit_robotalk_resume(NativeContext* context);

/// robotalk::resumeUntil on the context's brain and counters: the interpreter runs from a pc where no
/// compiled block starts until one does (`leaders`, one byte per instruction). Returns -1 there,
/// else the robotalk::Stop value to return.
extern "C" int32_t chronon_jit_robotalk_until(NativeContext* context, const uint8_t* leaders);

/// robotalk::readHardware of register `reg` by the RECALL at address `at` (brain.sp and brain.pc already
/// as after the pop), for a register that NativeContext::directReads does not hold. Returns the value, or
/// robotalk::kHardwareReadFailed when the host failed it.
extern "C" int32_t chronon_jit_robotalk_read(NativeContext* context, int32_t reg, int32_t at);

/// robotalk::writeHardware of `value` to register `reg` by the STORE at address `at` (brain.sp and
/// brain.pc already as after the pops). Returns 1 when written, 0 when the host failed it; after a
/// write the brain's pc and sp tell whether a RANGE/RADAR handler was entered.
extern "C" int32_t chronon_jit_robotalk_write(NativeContext* context, int32_t reg, int32_t value, int32_t at);

/// The helpers above, in one list: the JIT binds each under its own name when it is made, and the
/// lowering declares each with the type of its C++ declaration (CHRONON_JIT_HELPER).
#define CHRONON_ROBOTALK_JIT_HELPERS(X) \
  X(chronon_jit_robotalk_step)          \
  X(chronon_jit_robotalk_resume)        \
  X(chronon_jit_robotalk_until) X(chronon_jit_robotalk_read) X(chronon_jit_robotalk_write)

}  // namespace chronon::jit::robotalk_detail
