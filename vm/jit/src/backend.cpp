// The JIT library's entry point (backend.h) and its native-target set-up.

#include "backend.h"

#include <llvm/Support/TargetSelect.h>

#include <mutex>

#include "object_cache.h"

namespace chronon::jit::detail {

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

namespace {

const Backend kBackend{
    kBackendSignature,
    &initializeNativeTarget,
    [] { return objectCache().folder(); },
    [](const std::string& folder) { return objectCache().setFolder(folder); },
    [] {
      const DiskObjectCache& cache = objectCache();
      return ObjectCacheCounts{cache.hits(), cache.writes()};
    },
    &createGrobocodeJit,
    &createRoboTalkJit,
    &createRobbieJit,
    &brainHash,
    &roboTalkProgramHash,
    &robbieProgramHash,
};

}  // namespace

}  // namespace chronon::jit::detail

/// The one symbol the library exports (backend.h).
extern "C" [[gnu::visibility("default")]] const chronon::jit::detail::Backend* chrononJitBackend() {
  return &chronon::jit::detail::kBackend;
}
