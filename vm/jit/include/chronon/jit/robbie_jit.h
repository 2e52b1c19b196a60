#pragma once
// The JIT as a Robbie Language Engine (DESIGN.md "Two backends, one behaviour"; docs/robbie.md
// "Engines"): each distinct program is compiled once (cached by its content for the life of the
// engine) to one native function that runs from check point to check point (instruction 0 and loop
// heads) while the budget covers the way to the next one, and leaves the rest of the budget to the
// interpreter's single steps, so its behaviour is the interpreter's exactly. Where it cannot compile a program it
// declines, records why, and the interpreter runs it.

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "chronon/jit/grobocode_jit.h"
#include "chronon/vm/robbie_engine.h"

namespace chronon::jit {

/// The RL JIT. Thread-safe: compiles under a lock; compiled code is shared. An interface: its
/// implementation lives in the JIT's library (jit.h), which `create` loads on first use.
class RobbieJit : public robbie::Engine {
 public:
  /// A JIT, or nullptr with `reason` set when the JIT's library cannot be loaded or LLVM cannot
  /// generate native code on this host. Of `options`, `optimization` and `maxInstructions` apply
  /// (longer programs are declined).
  static std::unique_ptr<RobbieJit> create(std::string& reason, const JitOptions& options = {});
  RobbieJit(const RobbieJit&) = delete;
  RobbieJit& operator=(const RobbieJit&) = delete;

  /// Runs exactly as robbie::run (robbie_interpreter.h), natively where it can: the same MachineState
  /// afterwards and the same host calls in the same order.
  void run(robbie::MachineState& state, const robbie::Program& program, robbie::Host& host,
           int64_t budget) override = 0;
  std::string_view name() const override { return "jit"; }

  /// Compiles `program` now (or finds it in the cache) and names it `name` in the statistics. Returns
  /// false when the JIT declined it; `reason` (when given) then says why.
  virtual bool prepare(const robbie::Program& program, std::string_view name, std::string* reason = nullptr) = 0;

  /// A copy of the statistics so far (one record per distinct program; `blocks` counts the native
  /// entry points: instruction 0 and the loop heads).
  virtual JitStats stats() const = 0;

 protected:
  RobbieJit() = default;
};

/// The content hash of an RL program: its operations and operands, constants and register types
/// (everything compiled code depends on; names and source ranges are not). Two programs with equal
/// hashes and equal contents share code.
/// 0 when the JIT's library cannot be loaded (jit.h).
uint64_t programHash(const robbie::Program& program);

}  // namespace chronon::jit
