#pragma once
// The resumable RoboTalk interpreter (specs/robowar.md §3.5, §4): runs a brain for a cycle budget,
// stops at the budget, SYNC or an error, and continues exactly there on the next call.

#include <optional>

#include "chronon/vm/robotalk_brain.h"
#include "chronon/vm/robotalk_bytecode.h"
#include "chronon/vm/robotalk_host.h"

namespace chronon::robotalk {

/// Why run() returned.
enum class Stop : uint8_t {
  kBudget,  ///< The cycle budget is spent (or the free-instruction cap was hit).
  kSync,    ///< SYNC ended the robot's chronon.
  kError,   ///< A run-time error; brain.failed, error and errorAddress say which.
};

/// What run() did.
struct RunResult {
  Stop stop = Stop::kBudget;
  int cycles = 0;  ///< Cycles charged.
};

/// Most zero-cost instructions (ICONn, SNDn, PRINT, DEBUG) executed in one call; reaching it counts
/// as a spent budget so that a loop of free instructions cannot hang the battle.
inline constexpr int kFreeInstructionCap = 5000;

/// Runs `brain` over `code` until `budget` cycles (the robot's processor speed) are spent, SYNC,
/// or an error. A brain that already failed does nothing. Register access beyond user variables
/// goes through `host`. Errors use the messages of the original (docs/robowar-arena.md "Run-time error messages"), e.g.
/// "Stack underflow", "Number out of bounds.", "Division by zero", "Jump destination not in program".
RunResult run(const Bytecode& code, MachineState& brain, Host& host, int budget);

/// The counters of one run() call that decide where it ends (specs/robowar.md §3.5).
struct RunCounters {
  int cycles = 0;   ///< Cycles charged so far in this call.
  int freeRun = 0;  ///< Zero-cost instructions executed so far in this call (see kFreeInstructionCap).
};

/// Continues a run() call that has charged `counters` so far: executes instructions exactly as
/// run()'s loop does while counters.cycles < budget, and returns why it stopped (kBudget when the
/// budget is spent or the free-instruction cap is reached). run(code, brain, host, budget) is
/// resume() from zeroed counters. A brain that already failed does nothing and gives kError. The
/// JIT hands the rest of a call to it when its next block does not fit the remaining budget.
Stop resume(const Bytecode& code, MachineState& brain, Host& host, int budget, RunCounters& counters);

/// resume() that also returns, with nullopt, before executing an instruction at an address `a` with
/// leaders[a] != 0, once it has executed at least one instruction. `leaders` has one entry per
/// instruction of `code`. The JIT uses it to leave the interpreter at the start of its next
/// compiled block.
std::optional<Stop> resumeUntil(const Bytecode& code, MachineState& brain, Host& host, int budget,
                                RunCounters& counters, const uint8_t* leaders);

/// What readHardware returns when the host failed the read: outside int16_t.
inline constexpr int32_t kHardwareReadFailed = 0x10000;

/// RECALL of hardware register `reg` (never a user variable) as the interpreter executes it at
/// address `at`: the caller has already popped the quoted code and set brain.sp and brain.pc = at + 1
/// as the interpreter does before the host call. Returns the value read (an int16_t), or
/// kHardwareReadFailed when the host failed the read (brain.failed, with errorAddress = at as for
/// every error of that instruction). A plain int rather than std::optional<int16_t>: GCC builds that
/// optional from two narrow stores and returns it through one wide load, which stalls store
/// forwarding on every call from the JIT's native code (a tenth of a tournament's brain time).
int32_t readHardware(MachineState& brain, Host& host, robotalk::Reg reg, int at);

/// STORE of `value` to hardware register `reg` (never a user variable) as the interpreter executes
/// it at address `at`: the caller has already popped both cells and set brain.sp and brain.pc =
/// at + 1. Returns false when the host failed the write (brain.failed, errorAddress = at). On success
/// the host may have entered a RANGE/RADAR handler: brain.pc and brain.sp then differ from before.
bool writeHardware(MachineState& brain, Host& host, robotalk::Reg reg, int16_t value, int at);

/// Executes the one instruction at brain.pc exactly as one turn of run()'s loop does, charging its
/// cycles and free-instruction count to `counters`: run(code, brain, host, budget) is this step
/// repeated while counters.cycles < budget. The caller checks the budget before each step. Returns
/// the reason run() stops right after this instruction (kSync, kError, or kBudget when the
/// free-instruction cap was reached), or nullopt when run() would go on. A brain that already failed
/// does nothing and gives kError. Engines other than the interpreter (the JIT) delegate to it every
/// instruction they do not run natively, so errors and interrupt entry are the interpreter's own.
std::optional<Stop> step(const Bytecode& code, MachineState& brain, Host& host, RunCounters& counters);

}  // namespace chronon::robotalk
