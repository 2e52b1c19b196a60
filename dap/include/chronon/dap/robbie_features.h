#pragma once
// The debug adapter's features for a Robbie Language program (docs/debugging.md "Robbie programs"):
// RobbieDebuggee, the Debuggee (debuggee.h) of an RL run over the RL debugging session of arena/
// (robbie_debug.h): one thread (Robbie), line breakpoints, the Registers, Expression stack and
// Hardware scopes. Each method that takes arguments throws RequestError for arguments it cannot use.

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "chronon/arena/robbie_debug.h"
#include "chronon/compiler/robbie.h"
#include "chronon/compiler/source.h"
#include "chronon/dap/breakpoint_requests.h"
#include "chronon/dap/debuggee.h"

namespace chronon::dap {

/// An RL program under the debugger: its text, compiled program, room and session. Robbie is the one
/// thread, id 1; thread 0, in the requests that name a thread to step or pause, stands for it too.
class RobbieDebuggee final : public Debuggee {
 public:
  /// Loads the RL program a launch names: `program` (.rl), `room` (a room file, default the built-in
  /// room), `steps` (the step limit, 1-1000000000, default 1000000, as `chronon run --steps`); no
  /// `opponents`. Throws RequestError with the first error of the program or the room, or for an
  /// argument it cannot use.
  static std::unique_ptr<RobbieDebuggee> launch(const nlohmann::json& arguments);

  /// "the program has ended".
  std::string endedMessage() const override { return "the program has ended"; }

  // The rest of Debuggee (CHRONON_DAP_DEBUGGEE_METHODS, documented there), for a run:
  // - paused: True while the run is paused at an instruction.
  // - ended: True once the run has ended (stop, a run-time error or the step limit).
  // - setStopOnErrors: Whether run-time errors stop the run before the failing instruction.
  // - threadIds: Robbie's thread (1) until the end, then none.
  // - checkThread: Throws RequestError unless `threadId` is 0 or 1.
  // - stepForward: Runs forward for `command`: RL has no procedures, so `next` and a line stepIn go to the next line
  //   (with granularity "instruction", and a stepIn without granularity, one instruction), and stepOut to the end of
  //   Robbie's current action. Returns true when paused.
  // - stepBack: Steps back one instruction. Returns true when paused.
  // - reverseContinue: Runs back to the previous breakpoint hit (or the start). Returns true when paused.
  // - applyBreakpoints: Installs the line breakpoints of the program's file, with their conditions
  //   (parseRobbieCondition); function and data breakpoints are not available for RL and come back unverified with a
  //   message, as do conditions that do not parse. Returns each DAP Breakpoint by id.
  // - threads: The threads body: thread 1, "Robbie".
  // - stackTrace: The stackTrace body for arguments {threadId}: one frame at the pc (its operation, line and column).
  //   Throws when not paused or the thread is not 1.
  // - scopes: The scopes body for arguments {frameId}: Registers, Expression stack, Hardware. Throws when not paused or
  //   the frame is not Robbie's.
  // - variables: The variables body of one scope for arguments {variablesReference}: the declared registers (and repeat
  //   counters) with their RL values in the report's format; the expression stack top first; Robbie's position,
  //   heading, claw, time and the objects of the room. Throws when not paused or the reference is unknown.
  // - evaluate: The evaluate body for arguments {expression}: a register's value, a Hardware name, `pc`, `steps` or
  //   `stack`. Throws when not paused or for anything else.
  // - setVariable: The setVariable body for arguments {variablesReference, name, value}: a register (not a repeat
  //   counter) or an expression stack cell (by depth) set to a value as RL writes it (true, 12, 2.5, "text") of its
  //   type, before the paused instruction (robbie::RobbieDebugSession::setValue). Throws for the room's scopes or a
  //   value of another type.
  // - dataBreakpointInfo: dataId null: data breakpoints are for RoboWar robots and Grobots sides.
  // - disassemble: The disassemble body for arguments {memoryReference, offset?, instructionOffset?, instructionCount}:
  //   the IR around the reference (the frame's instructionPointerReference), with placeholders outside the program.
  //   Throws for a malformed reference.
  // - exceptionInfo: The exceptionInfo body at a runtime-error stop. Throws unless paused at one.
  // - stopped: The stopped event body for the current pause: its reason, thread 1, Robbie's line and time, the
  //   breakpoints hit and a run-time error's message.
  // - pause: The stopped event body `pause` answers: reason pause, thread 1, the current pause's description. Throws
  //   RequestError unless `threadId` is 0 or 1.
  // - replay: The `chronon/replay` body: `replay`, the run's replay as `chronon run --replay` writes it (uncompressed;
  //   recorded at the first request that asks for it and kept), `moment`, the pause's moment (steps executed; the run's
  //   steps after the end), and `select`, Robbie's entity id (1). Without `withReplay` only `moment` and `select` are
  //   sent.
  // - endOutput: The output event body at the end: `chronon run`'s output (event log and final report) as text, and as
  //   data {end, steps, timeMs}.
  CHRONON_DAP_DEBUGGEE_METHODS

  /// 0 when the program stopped, 1 after a run-time error or at the step limit (as `chronon run`).
  int exitCode() const override;

 private:
  RobbieDebuggee() = default;

  // The session, or RequestError when it is not paused.
  const robbie::RobbieDebugSession& pausedRun() const;

  std::string path_;                // The program file, made absolute.
  SourceFile file_{"", ""};         // Its text.
  robbie::CompileResult compiled_;  // Its compilation (program present).
  robbie::RoomSpec room_;           // The room it runs in.
  int64_t stepLimit_ = 0;           // The launch's `steps`.
  std::string roomPath_;            // The room file, or "" for the built-in room.
  std::string replay_;              // The run's replay once a client asked for it (chronon/replay).
  // Last, so that it goes before the program it runs.
  std::unique_ptr<robbie::RobbieDebugSession> session_;
};

}  // namespace chronon::dap
