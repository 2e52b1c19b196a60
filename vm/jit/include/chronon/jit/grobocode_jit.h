#pragma once
// The JIT as a Grobocode Engine (DESIGN.md "Two backends, one behaviour"): each distinct brain
// is compiled once (cached by its content for the life of the engine) to one native function that
// runs whole blocks natively and single-steps through the interpreter wherever the budget, the stack
// or an instruction it does not compile requires it, so its behaviour is the interpreter's exactly.
// Where it cannot compile a brain it declines, records why, and the interpreter runs that brain.

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "chronon/vm/grobocode_engine.h"

namespace chronon::jit {

/// What compiling one distinct brain cost or why it was declined.
struct CompileRecord {
  std::string name;          ///< The name given to `prepare` ("" when compiled on first use).
  uint64_t hash = 0;         ///< The brain's content hash (the cache key).
  int32_t instructions = 0;  ///< Code length.
  int32_t blocks = 0;        ///< Native blocks.
  double milliseconds = 0;   ///< Wall time from plan to callable code.
  int optimization = 1;      ///< The level it was compiled at (2 for a hot brain's second compile).
  bool compiled = false;     ///< False when the JIT declined and the interpreter runs the brain.
  std::string note;          ///< Why it declined (empty when compiled).
};

/// Counters over an engine's life.
struct JitStats {
  std::vector<CompileRecord> records;  ///< One per distinct brain, in compile order.
  int64_t cacheHits = 0;               ///< Lookups of a brain already compiled (new robots of a type).
  double totalMilliseconds = 0;        ///< Sum of the records' compile times.
  int64_t queued = 0;                  ///< Brains still waiting for the background thread.
};

/// Options of the JIT.
struct JitOptions {
  /// LLVM optimisation: 0 = no IR passes, fast code generation; 1 (the default) = a few cheap IR
  /// passes (SROA, early CSE, instcombine, simplifycfg), fast code generation; 2 = the O2 IR pipeline
  /// and default code generation. bench_jit measures each level's compile latency: level 2 produces
  /// faster code but costs about ten times as long to compile.
  int optimization = 1;
  /// Brains longer than this are declined (compile time grows with code length).
  int32_t maxInstructions = 1 << 16;
  /// Compile on a background thread: `prepare` and the first `run` of a new brain (or RoboTalk
  /// program) only queue it, and the interpreter runs it until its native code is ready. Both
  /// engines behave the same, so switching mid-round changes nothing but speed; a tournament never
  /// waits for LLVM. (The Robbie Language JIT ignores it.)
  bool background = false;
  /// With `background`: once a brain's robots have executed this many instructions in native code,
  /// it is compiled again at level 2 on the background thread and the faster code replaces the
  /// first. Level 2 costs about ten times as long to compile, so only brains that run a lot are
  /// worth it. 0 (the default) never recompiles.
  int64_t hotInstructions = 0;
  /// With `background`, Grobocode only: a brain is queued for its first compile once its robots
  /// have executed this many instructions on the interpreter per instruction of the brain, instead
  /// of at once. A compile costs about as much as the interpreter running some ten thousand
  /// instructions per instruction compiled, so on a busy or single core a brain that runs little
  /// is cheaper left to the interpreter. 0 (the default) queues every brain at once.
  int64_t warmInstructionsPerInstruction = 0;
};

/// The warm-up the command line uses for tournaments and battles
/// (JitOptions::warmInstructionsPerInstruction); docs/jit.md gives the measurements behind it.
inline constexpr int64_t kDefaultWarmInstructionsPerInstruction = 30000;

/// The hot-brain threshold the command line uses (JitOptions::hotInstructions): a compute-heavy
/// brain reaches it within a second; the brains of a typical Grobots tournament, which spend their
/// time in hardware words, gain too little from level 2 to repay its compile (docs/jit.md).
inline constexpr int64_t kDefaultHotInstructions = 200'000'000;

/// The Grobocode JIT. Thread-safe: compiles under a lock; compiled code is shared. An interface:
/// its implementation lives in the JIT's library (jit.h), which `create` loads on first use.
class GrobocodeJit : public grobocode::Engine {
 public:
  /// A JIT, or nullptr with `reason` set when the JIT's library cannot be loaded or LLVM cannot
  /// generate native code on this host.
  static std::unique_ptr<GrobocodeJit> create(std::string& reason, const JitOptions& options = {});
  GrobocodeJit(const GrobocodeJit&) = delete;
  GrobocodeJit& operator=(const GrobocodeJit&) = delete;

  /// Runs exactly as grobocode::run (grobocode_interpreter.h), natively where it can. Returns the
  /// instructions executed.
  int32_t run(grobocode::MachineState& state, const grobocode::Program& brain, grobocode::Host& host) override = 0;
  std::string_view name() const override { return "jit"; }

  /// Compiles `brain` now (or finds it in the cache) and names it `name` in the statistics. Returns
  /// false when the JIT declined it (see stats()). With JitOptions::background it only queues the
  /// brain (a copy) and returns true; a decline then shows in stats() once the compile ran.
  virtual bool prepare(const grobocode::Program& brain, std::string_view name) = 0;

  /// Blocks until the background thread has compiled everything queued (at once without one).
  virtual void waitIdle() = 0;

  /// A copy of the statistics so far.
  virtual JitStats stats() const = 0;

 protected:
  GrobocodeJit() = default;
};

/// The content hash of a brain: its instruction words, constants, label addresses and table sizes
/// (everything compiled code depends on). Two brains with equal hashes and equal contents share code.
/// 0 when the JIT's library cannot be loaded (jit.h).
uint64_t brainHash(const grobocode::Program& brain);

}  // namespace chronon::jit
