#pragma once
// The debug adapter's features for a Grobots side (docs/debugging.md "Grobots sides"): the side's
// robots as threads that come and go as they are born and die, line and label breakpoints with
// conditions, data breakpoints on a type's variables, the Data stack, Return stack, Variables and
// Hardware scopes, over the Grobots debugging session of arena/ (grobots_debug.h); debuggee.cpp
// routes the adapter's requests here. Each function throws RequestError for arguments it cannot use.
// Thread ids are the robots' serial numbers (their identity for the round).

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

namespace chronon::dap {

/// A Grobots round under the debugger: the debugged side (first) and its opponents, and the session.
struct GrobotsDebug {
  std::vector<std::string> paths;                         ///< Each side's file, made absolute.
  std::vector<std::unique_ptr<SourceFile>> files;         ///< Their texts.
  std::vector<grobocode::SideResult> sides;               ///< Their compilations (all loaded).
  arena::grobots::WorldOptions options;                   ///< The launch's frames and world.
  int32_t seed = 1;                                       ///< The launch's seed.
  std::unique_ptr<arena::grobots::DebugSession> session;  ///< The round.
  /// The round's replay file once a client asked for it (chronon/replay), in the temporary folder;
  /// the debuggee removes it when the session ends.
  std::string replayFile;
};

/// Loads the sides a launch names: `program` (the side to debug), `opponents` (side files, may be
/// absent), `seed` (default 1), `frames` (the frame limit, 1-1000000, default 18000) and `world`
/// ("WxH" in tiles of 10 units, 1-1000 each, default "10x10"), as `chronon battle` takes them. Throws
/// RequestError naming the file and its first error when a side does not load.
std::unique_ptr<GrobotsDebug> launchGrobots(const nlohmann::json& arguments);

/// Resolves the breakpoints against the debugged side's types and installs them: source breakpoints
/// in its file (every type with code on the line), function breakpoints on labels (every type with
/// the label), conditions in the Grobots condition language (docs/debugging.md), data breakpoints on
/// "TYPE:VARIABLE" dataIds. Returns each DAP Breakpoint object by id.
std::map<int, nlohmann::json> applyGrobotsBreakpoints(GrobotsDebug& grobots, const BreakpointRequests& requests);

/// The thread ids (robot serials) of the debugged side's robots alive at the pause, in the world's
/// order; empty before the first stop and after the end.
std::vector<int64_t> grobotsThreadIds(const GrobotsDebug& grobots);
/// True when `threadId` names a robot of the debugged side alive at the pause.
bool isGrobotsThread(const GrobotsDebug& grobots, int64_t threadId);

/// Runs the session forward for `command` (continue, next, stepIn, stepOut) with `granularity`
/// ("instruction" for one VM instruction) for the robot `threadId`. Returns true when paused.
bool grobotsStepForward(GrobotsDebug& grobots, const std::string& command, const std::string& granularity,
                        int64_t threadId);

/// The threads body: one thread per robot of the debugged side alive at the pause, named as the
/// original names robots ("Gatherers' Gatherer #3").
nlohmann::json grobotsThreadsBody(const GrobotsDebug& grobots);
/// The stackTrace body: the robot's frame at its pc (label+offset, the instruction, line), then one
/// frame per return address, innermost first.
nlohmann::json grobotsStackTraceBody(const GrobotsDebug& grobots, const nlohmann::json& arguments);
/// The scopes body: Data stack, Return stack, Variables, Hardware.
nlohmann::json grobotsScopesBody(const GrobotsDebug& grobots, const nlohmann::json& arguments);
/// The variables body of one scope: the data stack top first (numbers in the original's format), the
/// return addresses as labels, the type's variables and vectors, the robot's hardware.
nlohmann::json grobotsVariablesBody(const GrobotsDebug& grobots, const nlohmann::json& arguments);
/// The evaluate body: a variable or vector name, a Hardware name, `pc`, `frame`, `stack` or
/// `return-stack` of the frame's robot (the paused robot without a frame); anything else (but in a
/// hover) is Grobocode run on a copy of that robot's brain at the paused moment
/// (arena::grobots::DebugSession::evaluate): the copy's data stack, top first.
nlohmann::json grobotsEvaluateBody(const GrobotsDebug& grobots, const nlohmann::json& arguments);
/// The dataBreakpointInfo body: a variable of the Variables scope can be watched (dataId
/// "TYPE:VARIABLE", for every robot of the type).
nlohmann::json grobotsDataBreakpointInfoBody(const GrobotsDebug& grobots, const nlohmann::json& arguments);
/// The stopped event body for the current pause.
nlohmann::json grobotsStoppedBody(const GrobotsDebug& grobots);
/// The stopped event body `pause` answers for thread `threadId`.
nlohmann::json grobotsPauseBody(const GrobotsDebug& grobots, int64_t threadId);
/// The exceptionInfo body at a runtime-error stop.
nlohmann::json grobotsExceptionInfoBody(const GrobotsDebug& grobots);
/// The disassemble body: instructions of a robot's brain around a memory reference (a frame's
/// instructionPointerReference), as `chronon disasm` shows them.
nlohmann::json grobotsDisassembleBody(const GrobotsDebug& grobots, const nlohmann::json& arguments);
/// The `chronon/replay` body for a round: `moment`, the paused frame (the round's last frame once it
/// ended), `select`, the paused robot's serial (its thread id and its entity id in the replay), and
/// with `withReplay` `replayFile`: the path of the round's replay, gzip'd as `chronon battle --replay
/// FILE --watch PROGRAM` writes it for the same sides, seed and options, recorded into the temporary
/// folder at the first such request. A full round's replay is tens of megabytes, too much for one
/// protocol message; the adapter runs beside the editor, which reads the file. Throws RequestError
/// when the file cannot be written.
nlohmann::json grobotsReplayBody(GrobotsDebug& grobots, bool withReplay);
/// The output event body at the end: each side's outcome as text and as data.
nlohmann::json grobotsEndOutput(const GrobotsDebug& grobots);

}  // namespace chronon::dap
