#pragma once
// The contract between compiled Grobocode brains and the C++ around them: the context a native
// brain function receives, and the one C++ function it calls back. No LLVM here.

#include <cstdint>

#include "chronon/vm/grobocode_brain.h"
#include "chronon/vm/grobocode_host.h"

namespace chronon::jit::detail {

/// What a native brain function reads: pointers into the BrainState (so both engines share one
/// state layout) and what the interpreter needs to single-step. Raw fixed-point cells are int32.
struct NativeContext {
  int32_t* stack;                  ///< BrainState::stack, 100 raw cells.
  int32_t* height;                 ///< BrainState::height.
  int32_t* returnStack;            ///< BrainState::returnStack, 50 addresses.
  int32_t* returnHeight;           ///< BrainState::returnHeight.
  int32_t* pc;                     ///< BrainState::pc.
  int32_t* remaining;              ///< BrainState::remaining.
  int32_t* used;                   ///< BrainState::used.
  int32_t* variables;              ///< BrainState::variables, raw cells.
  int32_t* vectors;                ///< BrainState::vectors, x and y raw cells per vector.
  uint8_t* status;                 ///< BrainState::status (0 = kOk).
  int32_t* memory;                 ///< Local memory's dense cells, or nullptr before its first store.
  int32_t* memorySize;             ///< Cells at `memory` (0 when it is nullptr): addresses 1..size.
  grobocode::BrainState* state;    ///< For single steps.
  const grobocode::Brain* brain;   ///< For single steps.
  grobocode::GrobocodeHost* host;  ///< For single steps.
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
};

/// A compiled brain: runs while the status is kOk and remaining > 0, exactly as grobocode::run.
using NativeBrain = void (*)(NativeContext*);

/// The symbol under which compiled code finds `nativeStep`.
inline constexpr const char* kStepSymbol = "chronon_jit_grobocode_step";

/// One interpreter step (grobocode::step) on the context's state; the native code keeps nothing
/// cached across it but the local memory pointer, which a step can only set (the first store), never
/// move.
extern "C" void chronon_jit_grobocode_step(NativeContext* context);

}  // namespace chronon::jit::detail
