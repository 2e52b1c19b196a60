#pragma once
// What the Grobocode and RoboTalk JITs keep around their compile cache, the two engines that compile
// in tiers: the options, level 1's LLJIT and level 2's, the cache, the background worker, and the
// count that queues a hot program's level 2 recompile. Each engine's Impl derives from it and adds its
// language's keys, compile and run. The Robbie Language JIT compiles once, at its one level and
// without a worker, so it keeps a plain CodeCache.

#include <llvm/ExecutionEngine/Orc/LLJIT.h>

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <utility>

#include "background.h"
#include "chronon/jit/grobocode_jit.h"
#include "code_cache.h"
#include "llvm_support.h"

namespace chronon::jit::detail {

/// The shared part of a tiered engine whose cache entries are `Compiled` (with the members
/// CodeCache asks for, and the mutable atomics `upgradeQueued` and `executed` of the hot count) and
/// whose background jobs are `Job`.
template <typename Compiled, typename Job>
struct TieredEngine {
  /// An engine whose worker hands each queued job to `compileJob` (called on the worker thread).
  explicit TieredEngine(std::function<void(Job&)> compileJob) : worker(std::move(compileJob)) {}
  TieredEngine(const TieredEngine&) = delete;
  TieredEngine& operator=(const TieredEngine&) = delete;

  /// The LLJIT for a compile at `optimization`: level 1's, or level 2's, which `make` (an LLJIT,
  /// or nullptr with the reason set) creates on the first level 2 recompile. nullptr with `note`
  /// set when it cannot be made.
  template <typename Make>
  llvm::orc::LLJIT* jitFor(int optimization, std::string& note, Make make) {
    return jitForLevel(jit, jitO2, options.optimization, optimization, note, make);
  }

  /// Adds `executed` instructions (Grobocode) or cycles (RoboTalk) that `compiled`'s native code ran
  /// in one call to its hot count, through the caller's `uncounted` (firstToReach). True for the one
  /// call that brings the count to JitOptions::hotInstructions: the caller then queues the level 2
  /// recompile. Always false without a background worker, without a threshold, or at level 2 already.
  bool reachesHot(const Compiled& compiled, int64_t& uncounted, int64_t executed) {
    if (!options.background || options.hotInstructions <= 0 || options.optimization >= 2) return false;
    return firstToReach(compiled.upgradeQueued, compiled.executed, uncounted, executed, options.hotInstructions);
  }

  /// A copy of the statistics so far, with the jobs queued or running.
  JitStats stats() const {
    JitStats copy = cache.stats();
    copy.queued = worker.pending();
    return copy;
  }

  JitOptions options;
  std::unique_ptr<llvm::orc::LLJIT> jit;
  /// Level 2's code generation runs with full optimisation, so it has its own LLJIT (jitFor).
  std::unique_ptr<llvm::orc::LLJIT> jitO2;
  CodeCache<Compiled> cache;
  /// Background compilation (JitOptions::background); only the worker compiles then, so LLVM is
  /// never used from two threads. Declared last, so that it stops before the cache goes; an engine
  /// deriving from this one must not keep in members of its own anything its compile reads, since
  /// those go before the worker stops.
  BackgroundWorker<Job> worker;
};

}  // namespace chronon::jit::detail
