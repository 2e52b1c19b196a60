#pragma once
// The contract between compiled Grobocode brains and the C++ around them: the context a native
// brain function receives, and the C++ functions it calls back (the interpreter's step, the direct
// hardware calls and the pure words). No LLVM here.

#include <cstddef>
#include <cstdint>

#include "chronon/vm/grobocode_brain.h"
#include "chronon/vm/grobocode_host.h"
#include "chronon/vm/grobocode_semantics.h"

namespace chronon::jit::detail {

/// What a native brain function reads: pointers into the MachineState (so both engines share one
/// state layout) and what the interpreter needs to single-step. Raw fixed-point cells are int32.
struct NativeContext {
  int32_t* stack;                   ///< MachineState::stack, 100 raw cells.
  int32_t* height;                  ///< MachineState::height.
  int32_t* returnStack;             ///< MachineState::returnStack, 50 addresses.
  int32_t* returnHeight;            ///< MachineState::returnHeight.
  int32_t* pc;                      ///< MachineState::pc.
  int32_t* remaining;               ///< MachineState::remaining.
  int32_t* used;                    ///< MachineState::used.
  int32_t* variables;               ///< MachineState::variables, raw cells.
  int32_t* vectors;                 ///< MachineState::vectors, x and y raw cells per vector.
  uint8_t* status;                  ///< MachineState::status (0 = kOk).
  int32_t* memory;                  ///< Local memory's dense cells, or nullptr before its first store.
  int32_t* memorySize;              ///< Cells at `memory` (0 when it is nullptr): addresses 1..size.
  grobocode::MachineState* state;   ///< For single steps.
  const grobocode::Program* brain;  ///< For single steps.
  grobocode::Host* host;            ///< For single steps and direct hardware calls.
  int32_t* shared;                  ///< The side's shared memory (host.sharedMemory()), 1000 raw cells.
};

/// The order of NativeContext's pointer fields, as lowering addresses them (8 bytes each).
enum class ContextField : int {
  kStack,
  kHeight,
  kReturnStack,
  kReturnHeight,
  kPc,
  kRemaining,
  kUsed,
  kVariables,
  kVectors,
  kStatus,
  kMemory,
  kMemorySize,
  kState,
  kBrain,
  kHost,
  kShared,
};

/// A compiled brain: runs while the status is kOk and remaining > 0, exactly as grobocode::run.
using NativeBrain = void (*)(NativeContext*);

/// One interpreter step (grobocode::step) on the context's state; the native code keeps nothing
/// cached across it but the local memory pointer, which a step can only set (the first store), never
/// move.
extern "C" void chronon_jit_grobocode_step(NativeContext* context);

// Direct hardware calls. Native code calls them with the state as the interpreter has it while it
// executes the instruction (pc past it, the budget charged, a written value already popped). On a
// host error they record it as the interpreter does (grobocode::raiseHostError) and report failure;
// native code then returns. Each calls the host exactly once, as the interpreter does.

/// Reads implemented scalar hardware `hw` (an HwScalar). Returns its raw value zero-extended, or -1
/// after recording the host's error.
extern "C" int64_t chronon_jit_grobocode_read(NativeContext* context, int32_t hw);
/// Writes raw `value` to writable scalar hardware `hw`. Returns 0, or 1 after recording an error.
extern "C" int32_t chronon_jit_grobocode_write(NativeContext* context, int32_t hw, int32_t value);
/// Reads implemented vector hardware `hw` (an HwVector) into out[0] (x) and out[1] (y). Returns 0,
/// or 1 after recording an error.
extern "C" int32_t chronon_jit_grobocode_read_vector(NativeContext* context, int32_t hw, int32_t* out);
/// Writes raw (x, y) to writable vector hardware `hw`. Returns 0, or 1 after recording an error.
extern "C" int32_t chronon_jit_grobocode_write_vector(NativeContext* context, int32_t hw, int32_t x, int32_t y);
/// Calls the host for word `prim` (a grobocode::Prim of CHRONON_GROBOCODE_HOST_CALL_WORDS or
/// CHRONON_GROBOCODE_PERIODIC_SENSORS) with the `pops` raw cells at `in`, deepest first, and writes
/// its `pushes` raw results to `out`. Returns 0, or 1 after recording the host's error.
extern "C" int32_t chronon_jit_grobocode_call(NativeContext* context, int32_t prim, const int32_t* in, int32_t pops,
                                              int32_t* out, int32_t pushes);

/// The helpers above, in one list: the JIT binds each under its own name when it is made, and the
/// lowering declares each with the type of its C++ declaration (CHRONON_JIT_HELPER).
#define CHRONON_GROBOCODE_JIT_HELPERS(X) \
  X(chronon_jit_grobocode_step)          \
  X(chronon_jit_grobocode_read)          \
  X(chronon_jit_grobocode_write)         \
  X(chronon_jit_grobocode_read_vector) X(chronon_jit_grobocode_write_vector) X(chronon_jit_grobocode_call)

}  // namespace chronon::jit::detail
