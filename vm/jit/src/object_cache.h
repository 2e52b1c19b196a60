#pragma once
// Compiled code kept on disk between runs (docs/jit.md "The object cache"): LLVM's code generator
// asks the cache before it compiles a module and hands it every object it made. A module's key is a
// SHA-256 of everything its object depends on: the IR as lowered (before the passes), the
// optimisation level, the pass pipelines' version, LLVM's version and the host's triple, CPU and
// features. The same program compiled again by a later run (the next tournament of a tuning loop)
// skips the passes and the code generator.

#include <llvm/ExecutionEngine/ObjectCache.h>
#include <llvm/IR/Module.h>

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <span>
#include <string>
#include <string_view>

namespace chronon::jit::detail {

/// The version of what turns IR into an object besides LLVM itself: optimizeModule's pipelines and
/// codeGenFor's levels. Change it whenever either changes, so that no run loads objects made by the
/// old ones.
inline constexpr int kPipelineVersion = 3;

/// The object cache on disk, one per process (objectCache()). Thread-safe: the JIT's background
/// compiles and the -j workers' compiles may use it at once, and several processes may share a folder
/// (files are written under a temporary name and renamed into place).
class DiskObjectCache : public llvm::ObjectCache {
 public:
  /// The key (64 hex digits) of a module whose lowered IR prints as `ir`, compiled at `optimization`.
  static std::string keyOf(std::string_view ir, int optimization);
  /// The key of a `kind` program ("grobocode") whose object follows from `bytes` alone in this
  /// build: besides what keyOf mixes in, the build ID of the JIT's library, which changes with every
  /// change to the code that lowers programs. Callers pass their key words as they lie in memory
  /// (std::as_bytes), whatever their width; the host's description, which the key includes, fixes
  /// their byte order. No IR is made or printed for it, so a cached program loads at the cost of
  /// reading and linking its object. "" when the library has no build ID; keyOf over the printed IR
  /// is then the only key.
  static std::string programKey(std::string_view kind, std::span<const std::byte> bytes, int optimization);
  /// The object kept under `key`; nullptr when there is none or the file is damaged (it is then
  /// removed). Counts a hit when it returns one.
  std::unique_ptr<llvm::MemoryBuffer> load(const std::string& key);

  /// The folder in use ("" when the cache is off).
  std::string folder() const;
  /// Uses `folder` (created when missing) from now on; "" turns the cache off. Returns false, leaving
  /// the cache off, when the folder cannot be made.
  bool setFolder(const std::string& folder);

  /// True when an object for `key` is on disk (it may still turn out damaged when read).
  bool has(const std::string& key) const;

  /// The object kept for the module, whose identifier is its key; nullptr when there is none or the
  /// file is damaged (it is then removed).
  std::unique_ptr<llvm::MemoryBuffer> getObject(const llvm::Module* module) override;
  /// Keeps `object`, compiled from `module` (identified by its key). Failures to write lose only the
  /// cache entry.
  void notifyObjectCompiled(const llvm::Module* module, llvm::MemoryBufferRef object) override;

  /// Objects loaded from disk and objects written since the process started.
  int64_t hits() const { return hits_.load(); }
  int64_t writes() const { return writes_.load(); }

 private:
  // Removes the oldest objects while the folder holds more than kMaxBytes (checked every few writes).
  void prune(const std::string& folder);

  mutable std::mutex mutex_;
  std::string folder_;
  std::atomic<int64_t> hits_{0};
  std::atomic<int64_t> writes_{0};
};

/// The process's object cache, set up at first use from CHRONON_JIT_CACHE (a folder, or "off") or
/// else $XDG_CACHE_HOME/chronon/jit, or $HOME/.cache/chronon/jit; off when none of them can be made.
DiskObjectCache& objectCache();

}  // namespace chronon::jit::detail
