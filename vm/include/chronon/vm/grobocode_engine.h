#pragma once
// The seam between the worlds and the two backends (DESIGN.md "Two backends, one behaviour"): a
// Engine runs a Grobocode brain for a budget of cycles. The interpreter is the default; the JIT
// (vm/jit, chronon::jit::GrobocodeJit) is another implementation that the command line creates and
// passes down, so arena/ never sees LLVM.

#include <cstdint>
#include <string_view>

#include "chronon/compiler/grobocode.h"
#include "chronon/vm/grobocode_brain.h"
#include "chronon/vm/grobocode_host.h"

namespace chronon::grobocode {

/// Runs brains. Every implementation has exactly the interpreter's observable behaviour (the same
/// state after every call, the same host calls in the same order). Implementations are safe to use
/// from several threads at once, each thread with its own states and hosts.
class Engine {
 public:
  virtual ~Engine() = default;

  /// Runs `state` as grobocode::run does (grobocode_interpreter.h): while the status is kOk and
  /// state.remaining > 0, one cycle per instruction, stopping at `sync`, an error, `stop` or `die`.
  /// Returns the instructions executed.
  virtual int32_t run(MachineState& state, const Program& brain, Host& host) = 0;

  /// The engine's short name for notes and statistics ("interp", "jit").
  virtual std::string_view name() const = 0;

  /// One frame's Think (specs/grobots-language.md §5.2 item 2): `run`, then grobocode::endThink.
  /// Returns the instructions executed.
  int32_t think(MachineState& state, const Program& brain, Host& host, int32_t processor);
};

/// The interpreter as a Engine (a process-wide instance; it holds no state).
Engine& interpreterEngine();

}  // namespace chronon::grobocode
