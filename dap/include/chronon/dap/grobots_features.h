#pragma once
// The debug adapter's features for a Grobots side (docs/debugging.md "Grobots sides"):
// GrobotsDebuggee, the Debuggee (debuggee.h) of a Grobots round over the Grobots debugging session
// of arena/ (grobots_debug.h): the side's robots as threads that come and go as they are born and
// die, line and label breakpoints with conditions, data breakpoints on a type's variables, the Data
// stack, Return stack, Variables and Hardware scopes. Each method that takes arguments throws
// RequestError for arguments it cannot use.

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "chronon/arena/grobots_debug.h"
#include "chronon/compiler/grobocode.h"
#include "chronon/compiler/source.h"
#include "chronon/dap/breakpoint_requests.h"
#include "chronon/dap/debuggee.h"

namespace chronon::dap {

/// A Grobots round under the debugger: the debugged side (first) and its opponents, and the session.
/// Thread ids are the serial numbers of the debugged side's robots (their identity for the round);
/// thread 0, in the requests that name a thread to step or pause, stands for the paused robot (the
/// side's first robot that runs, before the first stop).
class GrobotsDebuggee final : public Debuggee {
 public:
  /// Loads the sides a launch names: `program` (the side to debug), `opponents` (side files, may be
  /// absent), `seed` (default 1), `frames` (the frame limit, 1-1000000, default 18000) and `world`
  /// ("WxH" in tiles of 10 units, 1-1000 each, default "10x10"), as `chronon battle` takes them.
  /// Throws RequestError naming the file and its first error when a side does not load, or for an
  /// argument it cannot use.
  static std::unique_ptr<GrobotsDebuggee> launch(const nlohmann::json& arguments);
  /// Removes the replay file written for the viewer, which belongs to the session.
  ~GrobotsDebuggee() override;
  /// Not copyable: the replay file has one owner, and the session points into the sides.
  GrobotsDebuggee(const GrobotsDebuggee&) = delete;
  GrobotsDebuggee& operator=(const GrobotsDebuggee&) = delete;

  /// "the round has ended".
  std::string endedMessage() const override { return "the round has ended"; }

  // The rest of Debuggee (CHRONON_DAP_DEBUGGEE_METHODS, documented there), for a round:
  // - paused: True while the round is paused at an instruction of one of the side's robots.
  // - ended: True once the round has run to its end.
  // - setStopOnErrors: Whether brain errors stop the round before the failing instruction.
  // - threadIds: The serials of the debugged side's robots alive at the pause, in the world's order; empty before the
  //   first stop and after the end.
  // - checkThread: Throws RequestError unless `threadId` is 0, or names a robot of the debugged side alive at the
  //   pause; before the first stop, when no robot is known yet, every id is taken.
  // - stepForward: Runs the round forward for `command` (continue; next: over a call, or with granularity "instruction"
  //   one VM instruction; stepIn: to the next line or instruction; stepOut: out of the innermost call, at top level to
  //   the robot's next frame) for the robot `threadId`; before the first stop, a step goes to the first robot of the
  //   side that runs. Returns true when paused.
  // - stepBack: Steps the robot of `threadId` back one instruction. Returns true when paused.
  // - reverseContinue: Runs back to the previous breakpoint hit (or the robot's first instruction). Returns true when
  //   paused.
  // - applyBreakpoints: Resolves the breakpoints against the debugged side's types and installs them: source
  //   breakpoints in its file (every type with code on the line), function breakpoints on labels (every type with the
  //   label), conditions in the Grobots condition language (docs/debugging.md), data breakpoints on "TYPE:VARIABLE"
  //   dataIds. Returns each DAP Breakpoint object by id.
  // - threads: The threads body: one thread per robot of the debugged side alive at the pause, named as the original
  //   names robots ("Gatherers' Gatherer #3").
  // - stackTrace: The stackTrace body for arguments {threadId}: the robot's frame at its pc (label+offset, the
  //   instruction, line), then one frame per return address, innermost first. Throws when not paused or the thread is
  //   unknown.
  // - scopes: The scopes body for arguments {frameId}: Data stack, Return stack, Variables, Hardware.
  // - variables: The variables body of one scope for arguments {variablesReference}: the data stack top first (numbers
  //   in the original's format), the return addresses as labels, the type's variables and vectors, the robot's
  //   hardware.
  // - evaluate: The evaluate body for arguments {expression, frameId?, context?}: a variable or vector name, a Hardware
  //   name, `pc`, `frame`, `stack` or `return-stack` of the frame's robot (the paused robot without a frame); anything
  //   else (but in a hover) is Grobocode run on a copy of that robot's brain at the paused moment
  //   (arena::grobots::DebugSession::evaluate): the copy's data stack, top first.
  // - setVariable: The setVariable response body for arguments {variablesReference, name, value} of the paused robot:
  //   a data stack cell (by depth) or a `#var` (a number as Grobocode writes it) or `#vector` ("<x, y>") of the
  //   Variables scope, set before the paused instruction (arena::grobots::DebugSession::setValue). Throws for another
  //   robot, the return stack or hardware, or a value that does not parse.
  // - dataBreakpointInfo: The dataBreakpointInfo body for arguments {name, variablesReference?}: a variable of the
  //   Variables scope can be watched (dataId "TYPE:VARIABLE", for every robot of the type).
  // - disassemble: The disassemble body for arguments {memoryReference, offset?, instructionOffset?, instructionCount}:
  //   instructions of a type's brain around the reference (a frame's instructionPointerReference), as `chronon disasm`
  //   shows them. Throws for a malformed reference or one that names no brain of the side.
  // - exceptionInfo: The exceptionInfo body at a brain-error stop. Throws unless paused at one.
  // - stopped: The stopped event body for the current pause: its reason, the paused robot's thread, the frame and where
  //   the robot is, the breakpoints hit and a brain error's message.
  // - pause: The stopped event body `pause` answers for thread `threadId` (0: the paused robot): reason pause, that
  //   thread, the frame and where that robot is.
  // - replay: The `chronon/replay` body: `moment`, the paused frame (the round's last frame once it ended), `select`,
  //   the paused robot's serial (its thread id and its entity id in the replay), and with `withReplay` `replayFile`:
  //   the path of the round's replay, gzip'd as `chronon battle --replay FILE --watch PROGRAM` writes it for the same
  //   sides, seed and options, recorded into the temporary folder at the first such request. A full round's replay is
  //   tens of megabytes, too much for one protocol message; the adapter runs beside the editor, which reads the file.
  //   Throws RequestError when the file cannot be written.
  // - endOutput: The output event body at the end: each side's outcome as text (`chronon battle`'s results block) and
  //   as data.
  CHRONON_DAP_DEBUGGEE_METHODS

  /// 0: a round always ends well.
  int exitCode() const override { return 0; }

 private:
  GrobotsDebuggee() = default;

  // The session, or RequestError when it is not paused.
  const arena::grobots::DebugSession& pausedRound() const;
  // The robot of a thread, alive at the pause and of the debugged side; RequestError for any other.
  const arena::grobots::DebugRobotState& robotOf(int64_t threadId) const;
  // The robot a frame id or variables reference names (the serial above an index of `perRobot`).
  const arena::grobots::DebugRobotState& robotOfReference(int64_t reference, int64_t perRobot) const;
  // The compiled brain that robot `r` runs.
  const grobocode::Program& brainOf(const arena::grobots::DebugRobotState& r) const;
  // The stack frame `index` of robot `r` at `address` of its brain.
  nlohmann::json frameAt(const arena::grobots::DebugRobotState& r, int64_t index, int32_t address) const;
  // Thread 0 stands for the paused robot.
  int64_t threadOrPaused(int64_t threadId) const;

  std::vector<std::string> paths_;                  // Each side's file, made absolute.
  std::vector<std::unique_ptr<SourceFile>> files_;  // Their texts.
  std::vector<grobocode::SideResult> sides_;        // Their compilations (all loaded).
  arena::grobots::WorldOptions options_;            // The launch's frames and world.
  int32_t seed_ = 1;                                // The launch's seed.
  // The round's replay file once a client asked for it (chronon/replay), in the temporary folder.
  std::string replayFile_;
  // Last, so that it goes before the sides whose brains it runs.
  std::unique_ptr<arena::grobots::DebugSession> session_;
};

}  // namespace chronon::dap
