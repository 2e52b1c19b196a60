#pragma once
// The JIT as a Engine (DESIGN.md "Two backends, one behaviour"; issue 5): each distinct
// RoboWar program is compiled once (cached by its content for the life of the engine, e.g. a whole
// tournament) to one native function that runs whole blocks natively and single-steps through the
// interpreter's robotalk::step wherever the budget, the free-instruction cap, the stack or an instruction
// it does not compile requires it, so its behaviour is the interpreter's exactly: the same MachineState,
// the same RunResult, the same host calls. Where it cannot compile a program it declines, records
// why, and the interpreter runs it. The statistics and options are the Grobocode JIT's types.

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "chronon/jit/grobocode_jit.h"
#include "chronon/vm/robotalk_engine.h"

namespace chronon::jit {

/// The hot-program threshold the command line uses for RoboWar tournaments
/// (JitOptions::hotInstructions, counted in cycles, added up in batches of 16384 per thread):
/// robots run 5 to 50 cycles a chronon, so a robot reaches it in a few battles. Level 1's code is
/// spill-heavy, so the level 2 recompile (a median of about 45 ms, on the background thread) should
/// come early: with 2,000,000, the bundled robots' tournament ran most of its native cycles at
/// level 1.
inline constexpr int64_t kDefaultRoboTalkHotCycles = 100'000;

/// The RoboTalk JIT. Thread-safe: compiles under a lock (or, with JitOptions::background, on its one
/// worker thread while the interpreter runs the program); compiled code is shared. An interface: its
/// implementation lives in the JIT's library (jit.h), which `create` loads on first use.
class RoboTalkJit : public robotalk::Engine {
 public:
  /// A JIT, or nullptr with `reason` set when the JIT's library cannot be loaded or LLVM cannot
  /// generate native code on this host.
  static std::unique_ptr<RoboTalkJit> create(std::string& reason, const JitOptions& options = {});
  RoboTalkJit(const RoboTalkJit&) = delete;
  RoboTalkJit& operator=(const RoboTalkJit&) = delete;

  /// Runs exactly as robotalk::run (robotalk_interpreter.h, specs/robowar.md §3.5), natively where it can. The
  /// first call with a Bytecode compiles it (or finds it in the cache) and remembers the result in
  /// Bytecode::memo.
  robotalk::RunResult run(const robotalk::Bytecode& code, robotalk::MachineState& brain, robotalk::Host& host,
                          int budget) override = 0;
  std::string_view name() const override { return "jit"; }

  /// Compiles `code` now (or finds it in the cache; with JitOptions::background, queues it) and names
  /// it `name` in the statistics. Returns false when the JIT declined it (see stats()); `note` then
  /// says why. In the background it returns true: a decline shows in the statistics only.
  virtual bool prepare(const robotalk::Bytecode& code, std::string_view name, std::string* note = nullptr) = 0;

  /// With JitOptions::background: returns once every queued program is compiled (at once otherwise).
  virtual void waitIdle() = 0;

  /// A copy of the statistics so far (CompileRecord::instructions is the program's length).
  virtual JitStats stats() const = 0;

 protected:
  RoboTalkJit() = default;
};

/// The content hash of a decoded program (every cell's kind, operator, cost and value): the cache key.
/// Equal hashes with equal contents share code.
/// 0 when the JIT's library cannot be loaded (jit.h).
uint64_t programHash(const robotalk::Bytecode& code);

}  // namespace chronon::jit
