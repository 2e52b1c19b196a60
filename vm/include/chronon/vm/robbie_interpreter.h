#pragma once
// The Robbie Language interpreter: runs the IR (compiler/robbie_ir.h) over a Host, resumably,
// with a step budget so that a runaway loop ends with a clear error instead of a hang.

#include <cstdint>
#include <string>
#include <vector>

#include "chronon/compiler/robbie_ir.h"
#include "chronon/vm/robbie_host.h"

namespace chronon::robbie {

/// Default step limit of `chronon run` for RL programs: IR instructions executed before the run is
/// stopped as a runaway (docs/robbie.md).
inline constexpr int64_t kDefaultStepLimit = 1'000'000;

/// Where a program is.
enum class RunStatus : uint8_t {
  kRunning,  ///< It can go on (the budget ran out, or it has not started).
  kStopped,  ///< It executed `stop`.
  kError,    ///< A runtime error stopped it (see MachineState::error).
};

/// The runtime errors of RL (docs/robbie.md, "Runtime errors").
enum class RuntimeError : uint8_t {
  kNone,
  kDivisionByZero,       ///< `/` with a zero divisor (integer or real).
  kIntegerOverflow,      ///< An integer result outside 64 bits.
  kNegativeArgument,     ///< A negative distance, angle or time at run time.
  kFrequencyOutOfRange,  ///< A beep frequency outside 60-30,000 Hz at run time.
};

/// The message of `error` ("division by zero", ...), "" for kNone.
std::string_view runtimeErrorMessage(RuntimeError error);

/// A program's state: registers, value stack, next instruction, steps taken.
struct MachineState {
  std::vector<Value> registers;  ///< One per Program::registers, starting at their default values.
  std::vector<Value> stack;      ///< The expression stack (empty between commands).
  int32_t pc = 0;                ///< The next instruction.
  int64_t steps = 0;             ///< Instructions executed so far.
  RunStatus status = RunStatus::kRunning;
  RuntimeError error = RuntimeError::kNone;
  int32_t errorPc = -1;  ///< The instruction that raised `error`.
};

/// A fresh state for `program`: registers at their defaults, at instruction 0.
MachineState makeMachineState(const Program& program);

/// Runs `program` from `state` for at most `budget` instructions, calling `host` for the hardware
/// commands. Returns when the program stops, raises a runtime error, or the budget is spent (status
/// kRunning); calling again resumes exactly there.
void run(MachineState& state, const Program& program, Host& host, int64_t budget);

}  // namespace chronon::robbie
