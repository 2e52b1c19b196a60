#pragma once
// The debug adapter's features for RoboWar battles, as plain functions over a launched battle (clangd
// style: no I/O, no protocol state): loading the robots a launch names, resolving breakpoints, and
// the bodies of threads, stackTrace, scopes, variables, evaluate and the stopped event. The other
// games have their own (robbie_features.h, grobots_features.h), and all three take the client's
// breakpoints as breakpoint_requests.h holds them; debuggee.h puts them behind one interface. Each
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

namespace chronon::dap {

/// One robot of the battle as the adapter shows it.
struct DebugRobot {
  std::string path;                   ///< The file, made absolute (the stack frames' source path).
  robotalk::LoadedRobot loaded;       ///< Its text and compiled program.
  std::vector<std::string> words;     ///< Per address, the disassembler's text of the word ("JUMP", "hunt").
  std::map<int, std::string> labels;  ///< Label names by address (the disassembler's choice).
  std::string threadName;             ///< "dodger (robot 0)".
};

/// A launched RoboWar battle: the robots (program first, then the opponents) and the session over them.
struct Battle {
  std::vector<std::unique_ptr<DebugRobot>> robots;
  std::unique_ptr<arena::robowar::DebugSession> session;
  uint64_t seed = 1;
  arena::robowar::Rules rules;
  std::string replay;  ///< The battle's replay once a client asked for it (chronon/replay).
};

/// Loads the robots a RoboWar launch request names and sets up the session: `program` (a robot file),
/// `opponents` (a list of robot files, may be absent), `seed` (integer, default 1) and `maxChronons`
/// (integer 1-1000000, default 1500). Robots naming the same `#!!team` are teammates, as in
/// `chronon battle`. Throws RequestError naming the file and its first error when a robot does not
/// load, or when an argument is missing or of the wrong type.
std::unique_ptr<Battle> launchBattle(const nlohmann::json& arguments);

/// Resolves every requested breakpoint against `battle`'s robots, installs the result in the
/// session, and returns each breakpoint's DAP Breakpoint object by id (verified, the line used, a
/// message when unverified). A source breakpoint applies to every robot loaded from that file, a
/// function breakpoint to every robot whose program has the label.
std::map<int, nlohmann::json> applyBreakpoints(Battle& battle, const BreakpointRequests& requests);

/// The dataBreakpointInfo response body for arguments {name, variablesReference?, frameId?}: a user
/// variable (A-W, Z) of the Registers scope, or named alone (of the frame's robot, else the paused
/// robot), can be watched for writes (dataId "ROBOT:VARIABLE"); anything else answers dataId null with
/// the reason as description.
nlohmann::json dataBreakpointInfoBody(const Battle& battle, const nlohmann::json& arguments);

/// The disassemble response body for arguments {memoryReference, offset?, instructionOffset?,
/// instructionCount, resolveSymbols?}: `instructionCount` instructions of the robot the reference
/// names (a frame's instructionPointerReference), each with its address, its word as object code,
/// the disassembler's text, the label at it as symbol, and its source line; addresses outside the
/// program get placeholder entries, as the protocol asks. Throws for a malformed reference.
nlohmann::json disassembleBody(const Battle& battle, const nlohmann::json& arguments);

/// The exceptionInfo response body for the current pause (a run-time error stop).
nlohmann::json exceptionInfoBody(const Battle& battle);

/// The threads response body: one thread per robot, id = robot index + 1; while paused, only the
/// robots alive at that moment (a robot's death ends its thread).
nlohmann::json threadsBody(const Battle& battle);

/// The stackTrace response body for arguments {threadId}: the robot's frame at its pc (label+offset
/// and the instruction, source line and column), then one frame per return address of CALL, IF or IFE
/// found on its data stack, top first. Throws when not paused or the thread is unknown.
nlohmann::json stackTraceBody(const Battle& battle, const nlohmann::json& arguments);

/// The scopes response body for arguments {frameId}: Data stack, Registers and Hardware of the frame's
/// robot.
nlohmann::json scopesBody(const Battle& battle, const nlohmann::json& arguments);

/// The variables response body for arguments {variablesReference}: the data stack top first, the
/// letter registers and interrupt state, or the robot's hardware at the paused moment.
nlohmann::json variablesBody(const Battle& battle, const nlohmann::json& arguments);

/// The evaluate response body for arguments {expression, frameId?}: the value of a register (A-Z), a
/// hardware name of the Hardware scope, `pc`, `chronon` or `stack`, of the frame's robot (the paused
/// robot without a frame). Throws for anything else.
nlohmann::json evaluateBody(const Battle& battle, const nlohmann::json& arguments);

/// The stopped event body `pause` answers for thread `robot` + 1: reason pause, that thread, and a
/// description of where that robot is ("chronon 12, spinner (robot 1) at search+2").
nlohmann::json pauseBody(const Battle& battle, int robot);

/// The stopped event body for the session's current pause.
nlohmann::json stoppedBody(const Battle& battle);

/// The `chronon/replay` response body (a request of Chronon's own, for the battle viewer at the
/// paused moment): `replay`, the battle's replay as `chronon battle --replay` writes it (JSON lines,
/// uncompressed; the battle is the one being debugged, recorded once and kept), `moment`, the paused
/// chronon (the viewer's t; the end after the battle), and `select`, the paused robot's entity id
/// (robot index + 1, the thread id). An RL program gives its run's replay (robbieReplayBody). Without
/// `withReplay` (the request's argument `replay: false`) only `moment` and `select` are sent: a
/// client that has the replay follows the stops without receiving it again.
nlohmann::json replayBody(Battle& battle, bool withReplay);

/// The names of the battle's robots in entry order, for arena::robowar::resultJson and formatResult
/// (the output event at the end carries the result as `chronon battle` prints it and as its --json).
std::vector<std::string> robotNames(const Battle& battle);

}  // namespace chronon::dap
