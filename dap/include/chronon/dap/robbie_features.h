#pragma once
// The debug adapter's features for a Robbie Language program (docs/debugging.md "Robbie programs"):
// one thread (Robbie), line breakpoints, the Registers, Expression stack and Hardware scopes over
// the RL debugging session of arena/ (robbie_debug.h); debuggee.cpp routes the adapter's requests
// here. Each function throws RequestError for arguments it cannot use.

#include <map>
#include <memory>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "chronon/arena/robbie_debug.h"
#include "chronon/compiler/robbie.h"
#include "chronon/compiler/source.h"
#include "chronon/dap/breakpoint_requests.h"

namespace chronon::dap {

/// An RL program under the debugger: its text, compiled program, room and session.
struct RobbieDebug {
  std::string path;                                     ///< The program file, made absolute.
  SourceFile file;                                      ///< Its text.
  robbie::CompileResult compiled;                       ///< Its compilation (program present).
  robbie::RoomSpec room;                                ///< The room it runs in.
  std::unique_ptr<robbie::RobbieDebugSession> session;  ///< The run.
  int64_t stepLimit = 0;                                ///< The launch's `steps`.
  std::string roomPath;                                 ///< The room file, or "" for the built-in room.
};

/// Loads the RL program a launch names: `program` (.rl), `room` (a room file, default the built-in
/// room), `steps` (the step limit, 1-1000000000, default 1000000, as `chronon run --steps`); no
/// `opponents`. Throws RequestError with the first error of the program or the room.
std::unique_ptr<RobbieDebug> launchRobbie(const nlohmann::json& arguments);

/// Installs the line breakpoints of the program's file, with their conditions (parseRobbieCondition);
/// function and data breakpoints are not available for RL and come back unverified with a message, as
/// do conditions that do not parse. Returns each DAP Breakpoint by id.
std::map<int, nlohmann::json> applyRobbieBreakpoints(RobbieDebug& robbie, const BreakpointRequests& requests);

/// The threads body: thread 1, "Robbie".
nlohmann::json robbieThreadsBody(const RobbieDebug& robbie);
/// The stackTrace body: one frame at the pc (its operation, line and column).
nlohmann::json robbieStackTraceBody(const RobbieDebug& robbie, const nlohmann::json& arguments);
/// The scopes body: Registers, Expression stack, Hardware.
nlohmann::json robbieScopesBody(const RobbieDebug& robbie, const nlohmann::json& arguments);
/// The variables body of one scope: the declared registers (and repeat counters) with their RL values
/// in the report's format; the expression stack top first; Robbie's position, heading, claw, time and
/// the objects of the room.
nlohmann::json robbieVariablesBody(const RobbieDebug& robbie, const nlohmann::json& arguments);
/// The evaluate body: a register's value, a Hardware name, `pc`, `steps` or `stack`.
nlohmann::json robbieEvaluateBody(const RobbieDebug& robbie, const nlohmann::json& arguments);
/// The stopped event body for the current pause.
nlohmann::json robbieStoppedBody(const RobbieDebug& robbie);
/// The exceptionInfo body at a runtime-error stop.
nlohmann::json robbieExceptionInfoBody(const RobbieDebug& robbie);
/// The disassemble body: the IR around a memory reference (the frame's instructionPointerReference).
nlohmann::json robbieDisassembleBody(const RobbieDebug& robbie, const nlohmann::json& arguments);
/// The `chronon/replay` body for an RL program: the run's replay (as `chronon run --replay` writes
/// it, uncompressed; recorded only when `record`), the moment of the pause (steps executed) and
/// Robbie's entity id.
nlohmann::json robbieReplayBody(const RobbieDebug& robbie, bool record);

/// The output event body at the end: `chronon run`'s output (event log and final report) as text,
/// and as data {end, steps, timeMs, line}.
nlohmann::json robbieEndOutput(const RobbieDebug& robbie);

}  // namespace chronon::dap
