#pragma once
// The contract between compiled RL programs and the C++ around them: the context a native program
// function receives, and the C++ functions it calls for strings, the host and runtime errors. No LLVM
// here.

#include <cstdint>
#include <string>
#include <vector>

#include "chronon/compiler/robbie_ir.h"
#include "chronon/vm/robbie_host.h"
#include "chronon/vm/robbie_interpreter.h"

namespace chronon::jit::detail {

/// What a native RL function reads and writes. Every field is 8 bytes, so lowering addresses field
/// `f` as element `f` of an array of 8-byte words (RobbieField).
struct RobbieContext {
  uint64_t* slots;                    ///< Integer, real (bit pattern) and boolean (0 or 1) registers.
  int64_t left;                       ///< Budget left: in on entry, out on return.
  int64_t pc;                         ///< Where to start; out: where the program is.
  int64_t status;                     ///< Out: the RunStatus as a number.
  int64_t error;                      ///< Out: the RuntimeError as a number.
  int64_t errorPc;                    ///< Out: the instruction that raised `error`.
  robbie::MachineState* state;        ///< String registers and, after an error, the spilled stack.
  const robbie::Program* program;     ///< String constants.
  robbie::Host* host;                 ///< The hardware.
  std::vector<std::string>* strings;  ///< The string slots of the expression stack, bottom first.
};

/// The order of RobbieContext's fields, as lowering addresses them.
enum class RobbieField : int {
  kSlots,
  kLeft,
  kPc,
  kStatus,
  kError,
  kErrorPc,
  kState,
  kProgram,
  kHost,
  kStrings,
};

/// A compiled program: runs from the check point context->pc while the budget covers the way to the
/// next check point and the program neither stops nor fails, exactly as robbie::run; returns with the
/// budget left, the pc where the interpreter must go on, and the status (error and errorPc too when
/// it failed). Fields not written are left as they were.
using NativeRobbie = void (*)(RobbieContext*);

/// The kind of a string comparison passed to chronon_rl_compare.
enum class StringCompare : int32_t { kLess, kLessEqual, kGreater, kGreaterEqual, kEqual };

/// The helpers compiled code calls, each with the context first, in one list: the JIT binds each
/// under its own name when it is made, and the lowering declares each with the type of its C++
/// declaration below (CHRONON_JIT_HELPER).
#define CHRONON_RL_HELPERS(X)                                               \
  X(chronon_rl_push_constant) /* Pushes string constant a. */               \
  X(chronon_rl_load)          /* Pushes string register a. */               \
  X(chronon_rl_store)         /* Pops into string register a. */            \
  X(chronon_rl_concat)        /* s s -- s. */                               \
  X(chronon_rl_compare)       /* s s --, returns 0 or 1 (StringCompare). */ \
  X(chronon_rl_spill)         /* Pushes a value of type a, bits b. */       \
  X(chronon_rl_move)          /* host.move(cm, forward). */                 \
  X(chronon_rl_turn)          /* host.turn(degrees, left). */               \
  X(chronon_rl_grab)          /* host.grab(). */                            \
  X(chronon_rl_drop)          /* host.drop(). */                            \
  X(chronon_rl_blocked)       /* host.blocked() as 0 or 1. */               \
  X(chronon_rl_weight)        /* host.weight(). */                          \
  X(chronon_rl_beep)          /* host.beep(ms, hz). */                      \
  X(chronon_rl_pause)         /* host.pause(ms). */

extern "C" {
void chronon_rl_push_constant(RobbieContext* context, int32_t index);
void chronon_rl_load(RobbieContext* context, int32_t index);
void chronon_rl_store(RobbieContext* context, int32_t index);
void chronon_rl_concat(RobbieContext* context);
int32_t chronon_rl_compare(RobbieContext* context, int32_t kind);
/// Appends one expression-stack value to state->stack after a runtime error: an integer, real or
/// boolean from its bits, or for a string the string slot with index `bits` (moved out).
void chronon_rl_spill(RobbieContext* context, int32_t type, int64_t bits);
void chronon_rl_move(RobbieContext* context, int64_t cm, int32_t forward);
void chronon_rl_turn(RobbieContext* context, int64_t degrees, int32_t left);
void chronon_rl_grab(RobbieContext* context);
void chronon_rl_drop(RobbieContext* context);
int32_t chronon_rl_blocked(RobbieContext* context);
int64_t chronon_rl_weight(RobbieContext* context);
void chronon_rl_beep(RobbieContext* context, int64_t ms, int64_t hz);
void chronon_rl_pause(RobbieContext* context, int64_t ms);
}

}  // namespace chronon::jit::detail
