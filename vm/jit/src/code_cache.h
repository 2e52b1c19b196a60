#pragma once
// The compile cache the three JITs share: one entry per distinct program or brain, found by a
// content key (hash plus a full compare), compiled once (under a lock, or queued for the background
// thread), with the statistics `--stats` prints, and the counts that decide when a program is
// compiled (or compiled again at level 2). No LLVM here.

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

#include "chronon/jit/grobocode_jit.h"
#include "llvm_support.h"

namespace chronon::jit::detail {

/// Most instructions (or cycles) one robot holds back from a shared count (firstToReach).
inline constexpr int64_t kCountBatch = 1 << 14;

/// Adds `executed` instructions (or cycles) to a program's count `shared` through `uncounted`, a
/// count kept apart by one robot (a Grobocode MachineState's engine memo) or by one thread's copy of
/// a RoboTalk program (its Bytecode's memo), until `queued` is set; true for exactly one caller, the
/// one that finds the count at `threshold` or past it first and sets `queued`: it queues the compile.
/// Every worker thread adds to the one count, and an atomic add to a line that other cores write
/// costs more than a Grobots Think or a RoboWar turn, so each adds in batches: of at most
/// kCountBatch and at most a 64th of the threshold. A threshold of a few hundred (the tests') thus
/// still holds exactly for one robot, and 64 holding back a batch each delay the compile by at most
/// the threshold again. A count decides only when a program is compiled, never what it does.
inline bool firstToReach(std::atomic<bool>& queued, std::atomic<int64_t>& shared, int64_t& uncounted, int64_t executed,
                         int64_t threshold) {
  if (queued.load(std::memory_order_relaxed)) return false;
  uncounted += executed;
  if (uncounted < std::min(kCountBatch, threshold / 64)) return false;
  const int64_t batch = uncounted;
  uncounted = 0;
  return shared.fetch_add(batch, std::memory_order_relaxed) + batch >= threshold && !queued.exchange(true);
}

/// Entries of type `Entry`, which must have a `key` member (a std::vector of integers) and a
/// `function` member (nullptr when the JIT declined the program, or has not compiled it yet).
template <typename Entry>
class CodeCache {
 public:
  /// The entry whose key equals `key`. A new one is made and `compile(Entry&, CompileRecord&)` fills
  /// it (under the lock, so each program compiles once) and returns true; its record, named `name`,
  /// with `instructions` and the wall time, goes into the statistics. A `compile` that only queues
  /// the entry for later returns false, and whoever compiles it adds the record with `addRecord`.
  template <typename Compile>
  Entry* find(decltype(Entry::key) key, std::string_view name, int32_t instructions, Compile&& compile) {
    const uint64_t hash = hashWords(key);
    const std::lock_guard<std::mutex> lock(mutex_);
    for (auto [it, end] = entries_.equal_range(hash); it != end; ++it) {
      if (it->second->key == key) {
        ++stats_.cacheHits;
        return it->second.get();
      }
    }
    CompileRecord record;
    record.name = std::string(name);
    record.hash = hash;
    record.instructions = instructions;
    const auto start = std::chrono::steady_clock::now();
    auto entry = std::make_unique<Entry>();
    entry->key = std::move(key);
    if (!compile(*entry, record)) return entries_.emplace(hash, std::move(entry))->second.get();
    record.compiled = entry->function != nullptr;
    record.milliseconds = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    stats_.totalMilliseconds += record.milliseconds;
    stats_.records.push_back(std::move(record));
    return entries_.emplace(hash, std::move(entry))->second.get();
  }

  /// Compiles, on the background thread, an entry `find` queued (or one queued again for a level 2
  /// recompile): `compile(CompileRecord&)` returns its function, nullptr when declined. The timed
  /// record goes into the statistics. `Entry` also needs `name` and `note` members. A failed
  /// recompile keeps the code that works; robots running the old code finish their call in it
  /// (compiled code is never freed while the JIT lives).
  template <typename Compile>
  void compileQueued(Entry& entry, int32_t instructions, int optimization, Compile&& compile) {
    CompileRecord record;
    record.name = entry.name;
    record.hash = hashWords(entry.key);
    record.instructions = instructions;
    const auto start = std::chrono::steady_clock::now();
    const auto function = compile(record);
    record.milliseconds = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    record.compiled = function != nullptr;
    if (function != nullptr || optimization < 2) {
      // The note is written before the release store that publishes the function.
      if (optimization < 2) entry.note = record.note;
      entry.function.store(function, std::memory_order_release);
    }
    addRecord(std::move(record));
  }

  /// Adds the record of an entry compiled after `find` queued it.
  void addRecord(CompileRecord record) {
    const std::lock_guard<std::mutex> lock(mutex_);
    stats_.totalMilliseconds += record.milliseconds;
    stats_.records.push_back(std::move(record));
  }

  /// A copy of the statistics so far.
  JitStats stats() const {
    const std::lock_guard<std::mutex> lock(mutex_);
    return stats_;
  }

 private:
  mutable std::mutex mutex_;
  std::multimap<uint64_t, std::unique_ptr<Entry>> entries_;
  JitStats stats_;
};

}  // namespace chronon::jit::detail
