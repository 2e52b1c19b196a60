#include "chronon/jit/jit.h"

#include <llvm/Config/llvm-config.h>
#include <llvm/Support/TargetSelect.h>

#include <mutex>

#include "object_cache.h"

namespace chronon::jit {

std::string llvmVersion() { return LLVM_VERSION_STRING; }

bool initializeNativeTarget(std::string& reason) {
  static std::once_flag once;
  static bool ok = false;
  std::call_once(once, [] {
    // Each call returns true on failure (LLVM's convention).
    ok = !llvm::InitializeNativeTarget() && !llvm::InitializeNativeTargetAsmPrinter();
  });
  if (!ok) reason = "LLVM has no native target for this host";
  return ok;
}

std::string objectCacheFolder() { return detail::objectCache().folder(); }

bool setObjectCacheFolder(const std::string& folder) { return detail::objectCache().setFolder(folder); }

ObjectCacheCounts objectCacheCounts() {
  const detail::DiskObjectCache& cache = detail::objectCache();
  return ObjectCacheCounts{cache.hits(), cache.writes()};
}

}  // namespace chronon::jit
