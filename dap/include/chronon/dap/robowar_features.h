#pragma once
// The debug adapter's features for RoboWar battles: RoboWarDebuggee, the Debuggee (debuggee.h) of a
// launched battle over the RoboWar debugging session of arena/ (robowar_debug.h). No I/O and no
// protocol state: each method takes a request's arguments and returns its response body (clangd
// style). The other games have their own (robbie_features.h, grobots_features.h), and all three take
// the client's breakpoints as breakpoint_requests.h holds them. Each method that takes arguments
// throws RequestError for arguments it cannot use.

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "chronon/arena/robowar_battle.h"
#include "chronon/arena/robowar_debug.h"
#include "chronon/compiler/robotalk_assembler.h"
#include "chronon/dap/breakpoint_requests.h"
#include "chronon/dap/debuggee.h"

namespace chronon::dap {

/// One robot of the battle as the adapter shows it.
struct RoboWarDebugRobot {
  std::string path;                   ///< The file, made absolute (the stack frames' source path).
  robotalk::LoadedRobot loaded;       ///< Its text and compiled program.
  std::vector<std::string> words;     ///< Per address, the disassembler's text of the word ("JUMP", "hunt").
  std::map<int, std::string> labels;  ///< Label names by address (the disassembler's choice).
  std::string threadName;             ///< "dodger (robot 0)".
};

/// A launched RoboWar battle under the debugger: the robots (program first, then the opponents) and
/// the session over them. Threads are the robots in entry order, id = robot index + 1; thread 0, in
/// the requests that name a thread to step or pause, stands for the program (robot 0).
class RoboWarDebuggee final : public Debuggee {
 public:
  /// Loads the robots a RoboWar launch request names and sets up the session: `program` (a robot
  /// file), `opponents` (a list of robot files, may be absent), `seed` (integer, default 1) and
  /// `maxChronons` (integer 1-1000000, default 1500). Robots naming the same `#!!team` are teammates,
  /// as in `chronon battle`. Throws RequestError naming the file and its first error when a robot
  /// does not load, or when an argument is missing or of the wrong type.
  static std::unique_ptr<RoboWarDebuggee> launch(const nlohmann::json& arguments);

  /// "the battle has ended".
  std::string endedMessage() const override { return "the battle has ended"; }

  // The rest of Debuggee (CHRONON_DAP_DEBUGGEE_METHODS, documented there), for a battle:
  // - paused: True while the battle is paused at an instruction.
  // - ended: True once the battle has run to its end.
  // - setStopOnErrors: Whether run-time errors stop the battle before the failing instruction.
  // - threadIds: Every robot's thread before the start, the robots alive at the pause, none after the end.
  // - checkThread: Throws RequestError unless `threadId` is 0 or a robot's thread.
  // - stepForward: Runs the battle forward for `command` (continue; next: over a call or, with granularity
  //   "instruction", one instruction; stepIn: to the next line or instruction; stepOut: out of the innermost call, else
  //   out of the robot's turn) for the robot of `threadId`. Returns true when paused. Throws RequestError for an
  //   unknown thread.
  // - stepBack: Steps the robot of `threadId` back one instruction. Returns true when paused.
  // - reverseContinue: Runs back to the previous breakpoint hit (or the robot's first instruction). Returns true when
  //   paused.
  // - applyBreakpoints: Resolves every requested breakpoint against the robots, installs the result in the session, and
  //   returns each breakpoint's DAP Breakpoint object by id (verified, the line used, a message when unverified). A
  //   source breakpoint applies to every robot loaded from that file, a function breakpoint to every robot whose
  //   program has the label, a data breakpoint to the "ROBOT:VARIABLE" its dataId names; a condition that does not
  //   parse leaves its breakpoint unverified.
  // - threads: The threads response body: one thread per robot, id = robot index + 1; while paused, only the robots
  //   alive at that moment (a robot's death ends its thread).
  // - stackTrace: The stackTrace response body for arguments {threadId, startFrame?, levels?}: the robot's frame at its
  //   pc (label+offset and the instruction, source line and column), then one frame per return address of CALL, IF or
  //   IFE found on its data stack, top first. Throws when not paused or the thread is unknown.
  // - scopes: The scopes response body for arguments {frameId}: Data stack, Registers and Hardware of the frame's
  //   robot. Throws when not paused or the frame is unknown.
  // - variables: The variables response body for arguments {variablesReference, start?, count?}: the data stack top
  //   first, the letter registers, pc, the VSTORE vector and interrupt state, or the robot's hardware at the paused
  //   moment. Throws when not paused or the reference is unknown.
  // - evaluate: The evaluate response body for arguments {expression, frameId?, context?}: the value of a register
  //   (A-Z), a hardware name of the Hardware scope, `pc`, `chronon` or `stack`, of the frame's robot (the paused robot
  //   without a frame); anything else (but in a hover) is RoboTalk run on a copy of that robot's brain
  //   (arena::robowar::DebugSession::evaluate): the copy's data stack, top first. Throws when not paused, or for what
  //   cannot be evaluated.
  // - setVariable: The setVariable response body for arguments {variablesReference, name, value} of the paused robot:
  //   a data stack cell (by depth), a variable A-W or Z of the Registers scope, or a vector cell, set to a 16-bit
  //   integer or a quoted register (`aim'`) before the paused instruction (arena::robowar::DebugSession::setValue).
  //   Throws for another robot, the Hardware scope, pc or interrupts, or a value that is no cell.
  // - dataBreakpointInfo: The dataBreakpointInfo response body for arguments {name, variablesReference?, frameId?}: a
  //   user variable (A-W, Z) of the Registers scope, or named alone (of the frame's robot, else the paused robot), can
  //   be watched for writes (dataId "ROBOT:VARIABLE"); anything else answers dataId null with the reason as
  //   description.
  // - disassemble: The disassemble response body for arguments {memoryReference, offset?, instructionOffset?,
  //   instructionCount, resolveSymbols?}: `instructionCount` instructions of the robot the reference names (a frame's
  //   instructionPointerReference), each with its address, its word as object code, the disassembler's text, the label
  //   at it as symbol, and its source line; addresses outside the program get placeholder entries, as the protocol
  //   asks. Throws for a malformed reference.
  // - exceptionInfo: The exceptionInfo response body for the current pause. Throws unless paused at a run-time error.
  // - stopped: The stopped event body for the session's current pause: its reason, the paused robot's thread, where it
  //   is ("chronon 12, dodger (robot 0) at hunt+2"), the breakpoints hit, and the message of a run-time error or a
  //   watch's change.
  // - pause: The stopped event body `pause` answers for thread `threadId` (0: robot 0): reason pause, that thread, and
  //   where that robot is ("chronon 12, spinner (robot 1) at search+2").
  // - replay: The `chronon/replay` response body: `replay`, the battle's replay as `chronon battle --replay` writes it
  //   (JSON lines, uncompressed; the battle is the one being debugged, recorded at the first request that asks for it
  //   and kept), `moment`, the paused chronon (the viewer's t; the end after the battle), and `select`, the paused
  //   robot's entity id (robot index + 1, the thread id). Without `withReplay` (the request's argument `replay: false`)
  //   only `moment` and `select` are sent: a client that has the replay follows the stops without receiving it again.
  // - endOutput: The output event body at the end: the result as `chronon battle` prints it, and as its --json prints
  //   it as data.
  CHRONON_DAP_DEBUGGEE_METHODS

  /// 0: a battle always ends well.
  int exitCode() const override { return 0; }

 private:
  RoboWarDebuggee() = default;

  // The session, or RequestError when it is not paused.
  const arena::robowar::DebugSession& pausedSession() const;
  // The robot index of a thread id (robot + 1); RequestError for any other id.
  int robotOfThread(int64_t threadId) const;
  // The robot a step or pause request names: thread 0 stands for the program (robot 0).
  int steppedRobot(int64_t threadId) const { return robotOfThread(threadId == 0 ? 1 : threadId); }
  // The robot a request's frameId names, or the paused robot without one.
  int robotOfFrame(const nlohmann::json& arguments) const;
  // A stack frame at `address` of robot `robotIndex`'s program, `level` frames from the top.
  nlohmann::json frameAt(int robotIndex, int level, int address, const std::string& name) const;

  std::vector<std::unique_ptr<RoboWarDebugRobot>> robots_;
  uint64_t seed_ = 1;
  arena::robowar::Rules rules_;
  std::string replay_;  // The battle's replay once a client asked for it (chronon/replay).
  // Last, so that it goes before the robots whose programs and texts it points into.
  std::unique_ptr<arena::robowar::DebugSession> session_;
};

}  // namespace chronon::dap
