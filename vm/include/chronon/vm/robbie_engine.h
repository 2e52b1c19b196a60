#pragma once
// The seam between Robbie's room and the two backends (DESIGN.md "Two backends, one behaviour"): an
// Engine runs a Robbie Language program for a budget of steps. The interpreter is the default; the
// JIT (vm/jit, chronon::jit::RobbieJit) is another implementation that the command line creates and
// passes down, so arena/ never sees LLVM.

#include <cstdint>
#include <string_view>

#include "chronon/compiler/robbie_ir.h"
#include "chronon/vm/robbie_host.h"
#include "chronon/vm/robbie_interpreter.h"

namespace chronon::robbie {

/// Runs RL programs. Every implementation has exactly the interpreter's observable behaviour: after
/// each call the same MachineState (registers, expression stack, pc, steps, status, error, errorPc)
/// and the same host calls in the same order (docs/robbie.md, "Engines").
class Engine {
 public:
  virtual ~Engine() = default;

  /// Runs `program` from `state` for at most `budget` instructions, as robbie::run does
  /// (robbie_interpreter.h): returns when the program stops, raises a runtime error, or the budget is
  /// spent (status kRunning); calling again resumes exactly there.
  virtual void run(MachineState& state, const Program& program, Host& host, int64_t budget) = 0;

  /// The engine's short name for notes and statistics ("interp", "jit").
  virtual std::string_view name() const = 0;
};

/// The interpreter as an Engine (a process-wide instance; it holds no state).
Engine& interpreterEngine();

}  // namespace chronon::robbie
