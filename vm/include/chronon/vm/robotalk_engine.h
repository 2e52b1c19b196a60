#pragma once
// The seam between the RoboWar arena and the two RoboTalk backends (DESIGN.md "Two backends, one
// behaviour"): a Engine runs a brain for a cycle budget exactly as robotalk::run does. The
// interpreter is the default; the JIT (vm/jit, chronon::jit::RoboTalkJit) is another implementation
// that the command line creates and hands to the arena, so arena/ never sees LLVM.

#include <string_view>

#include "chronon/vm/robotalk_brain.h"
#include "chronon/vm/robotalk_bytecode.h"
#include "chronon/vm/robotalk_host.h"
#include "chronon/vm/robotalk_interpreter.h"

namespace chronon::robotalk {

/// Runs RoboTalk brains. Every implementation has exactly the interpreter's observable behaviour:
/// the same MachineState after every call, the same RunResult, the same host calls in the same order.
/// Implementations are safe to use from several threads at once, each thread with its own brains
/// and hosts.
class Engine {
 public:
  virtual ~Engine() = default;

  /// Runs `brain` over `code` for `budget` cycles as robotalk::run does (robotalk_interpreter.h, specs/robowar.md
  /// §3.5): stops at the budget, the free-instruction cap, SYNC or a run-time error.
  virtual RunResult run(const Bytecode& code, MachineState& brain, Host& host, int budget) = 0;

  /// The engine's short name for notes and statistics ("interp", "jit").
  virtual std::string_view name() const = 0;
};

/// The interpreter as a Engine (a process-wide instance; it holds no state).
Engine& roboTalkInterpreter();

}  // namespace chronon::robotalk
