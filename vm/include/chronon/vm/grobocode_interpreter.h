#pragma once
// The Grobocode interpreter: runs a compiled brain (compiler/grobocode.h, the original's 16-bit
// instructions, specs/grobots-language.md §4.4) on a MachineState with the number model's exact
// semantics, §2's primitives, §3.1's hardware rules and §5's execution model and runtime errors.

#include <cstdint>
#include <span>
#include <string>

#include "chronon/compiler/grobocode.h"
#include "chronon/vm/grobocode_brain.h"
#include "chronon/vm/grobocode_host.h"

namespace chronon::grobocode {

/// Executes instructions while the brain's status is OK and state.remaining > 0; each one costs one
/// cycle (§5.2 items 2 and 6): fetch at pc, pc += 1, remaining -= 1, used += 1, execute. `sync` and a
/// firing `periodic-*-sensor` set remaining to 0; a runtime error sets status kError with the
/// original's message (§5.3); `stop` and `die` set kStopped. Resumable: call again after adding cycles.
/// Returns the instructions executed by this call. Behaves exactly as repeated `step`s; it decodes
/// each distinct brain once (kept for the life of the process, shared between threads) and remembers
/// the decoded form in state.interpreterMemo, which is refilled when the brain's address, its tables'
/// storage or their sizes change; a brain must not be rewritten in place, at the same sizes, while a
/// state runs on it.
int32_t run(MachineState& state, const Program& brain, Host& host);

/// Runs as `run`, but executes at most `limit` instructions (none when limit <= 0). The budget is
/// not touched for it: a brain that reads `remaining` sees the same value as under `run`. The JIT
/// (vm/jit) hands the interpreter the instructions up to the end of a block that native code cannot
/// start (a pc inside a block, or a budget or stack too small for the whole block). Returns the
/// instructions executed.
int32_t runUpTo(MachineState& state, const Program& brain, Host& host, int32_t limit);

/// Executes exactly one instruction, one iteration of `run`'s loop, whatever the budget: fetch at
/// pc, pc += 1, remaining -= 1, used += 1, execute; a runtime error sets status kError, the message
/// and errorPc (§5.3); a pc outside the code is the appended `end`'s error with nothing executed.
/// Precondition: status is kOk. The JIT (vm/jit) calls it for every instruction it does not
/// compile, so both engines share one definition of each instruction's behaviour.
void step(MachineState& state, const Program& brain, Host& host);

/// Records the error a host call returned for the instruction `step` has just fetched (at pc - 1,
/// with pc, remaining and used already advanced), exactly as the interpreter does: status kError,
/// `error`, its message (for kNotInteger, naming the first fractional cell of `inputs`, the values
/// the instruction handed the host) and errorPc. For the JIT's direct hardware calls (vm/jit).
void raiseHostError(MachineState& state, RuntimeError error, std::span<const grobots::Fixed> inputs);

/// Executes the host call of a word that is one (CHRONON_GROBOCODE_HOST_CALL_WORDS or
/// CHRONON_GROBOCODE_PERIODIC_SENSORS), its inputs already popped into `inputs` (deepest first) and
/// the state as raiseHostError expects it: calls host.callHardware(prim, inputs, outputs) once and
/// returns true, or returns false after recording the host's error with raiseHostError. The
/// interpreter's fast loop and the JIT's direct call share it; the caller pushes `outputs`.
inline bool callHostWord(MachineState& state, Host& host, Prim prim, std::span<const grobots::Fixed> inputs,
                         std::span<grobots::Fixed> outputs) {
  const RuntimeError error = host.callHardware(prim, inputs, outputs);
  if (error == RuntimeError::kNone) return true;
  raiseHostError(state, error, inputs);
  return false;
}

/// Gives the brain exactly `cycles` cycles (state.remaining = cycles) and runs as `run` above; for a
/// REPL, a debugger or a test that wants a budget without frame bookkeeping. Returns the
/// instructions executed.
int32_t run(MachineState& state, const Program& brain, Host& host, int32_t cycles);

/// One frame's Think (§5.2 item 2): `run`, then host.thought(used), used = 0 and
/// remaining = min(remaining, 0) + processor (instructions per frame, the processor's speed; unused
/// cycles do not carry over). A newborn state has remaining 0, so its first Think runs nothing.
/// Returns the instructions executed.
int32_t think(MachineState& state, const Program& brain, Host& host, int32_t processor);

/// The end of a Think (§5.2 item 2), shared by every engine: host.thought(used), used = 0 and
/// remaining = min(remaining, 0) + processor.
void endThink(MachineState& state, Host& host, int32_t processor);

/// The name of the label nearest before `address` and the offset from it, as "label+offset" (or
/// "label" when the offset is 0), for error reports (§5.3); "start" based when no label precedes it.
std::string describeAddress(const Program& brain, int32_t address);

/// The original's error report (§5.3 item 2): "<side>'s <type> #<id> had error in brain, probably
/// at <label+offset> (line N): <message>", with `'` alone after a name ending in "s".
std::string errorReport(const MachineState& state, const Program& brain, std::string_view side, std::string_view type,
                        int id);

}  // namespace chronon::grobocode
