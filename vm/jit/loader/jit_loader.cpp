// The program's side of the JIT (jit.h): finds chronon-jit.so on first use, checks that it comes
// from the same build, and forwards every call to its table of entry points (backend.h). Loading
// the library loads LLVM, which costs a process tens of milliseconds of page faults and static
// constructors; a run that never asks for the JIT never pays them (docs/jit.md "Loading the JIT").

#include <dlfcn.h>

#include <cstdlib>
#include <filesystem>
#include <string>
#include <system_error>
#include <vector>

#include "backend.h"
#include "chronon/stdlib/install_layout.h"

namespace chronon::jit {

namespace {

namespace fs = std::filesystem;

constexpr char kLibraryName[] = "chronon-jit.so";

struct Loaded {
  const detail::Backend* backend = nullptr;
  std::string reason;  ///< Why there is no backend.
};

// Where the library may be: the file CHRONON_JIT_LIBRARY names, or the places of the build tree's and
// the installation's layout (install_layout.h).
std::vector<fs::path> candidates() {
  if (const char* chosen = std::getenv("CHRONON_JIT_LIBRARY"); chosen != nullptr && chosen[0] != '\0') return {chosen};
  return install::candidates(install::Resource::kJitLibrary);
}

Loaded load() {
  Loaded loaded;
  const std::vector<fs::path> paths = candidates();
  std::string looked;
  for (const fs::path& path : paths) {
    looked += (looked.empty() ? "" : " or ") + path.string();
    std::error_code error;
    if (!fs::is_regular_file(path, error)) continue;
    // RTLD_LOCAL keeps LLVM's symbols and the library's copies of the project's libraries to the
    // library; it is never closed (LLVM's static state does not survive unloading).
    void* handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (handle == nullptr) {
      const char* message = dlerror();
      loaded.reason = "cannot load " + path.string() + ": " + (message != nullptr ? message : "unknown error");
      return loaded;
    }
    using Entry = const detail::Backend* (*)();
    auto entry = reinterpret_cast<Entry>(dlsym(handle, detail::kBackendSymbol));
    if (entry == nullptr) {
      loaded.reason = path.string() + " is not Chronon's JIT library (it has no " + detail::kBackendSymbol + ")";
      return loaded;
    }
    const detail::Backend* backend = entry();
    if (backend == nullptr || backend->signature != detail::kBackendSignature) {
      loaded.reason = path.string() + " comes from another build of Chronon; rebuild it with this program";
      return loaded;
    }
    loaded.backend = backend;
    return loaded;
  }
  loaded.reason = looked.empty() ? std::string("the folder of the running program, where ") + kLibraryName +
                                       " should be, is unknown"
                                 : "no " + std::string(kLibraryName) + " at " + looked;
  return loaded;
}

// The backend, loaded once per process; nullptr with `reason` set when it cannot be.
const detail::Backend* backend(std::string& reason) {
  static const Loaded loaded = load();
  if (loaded.backend == nullptr) reason = loaded.reason;
  return loaded.backend;
}

const detail::Backend* backend() {
  std::string ignored;
  return backend(ignored);
}

}  // namespace

std::string llvmVersion() { return CHRONON_LLVM_VERSION_STRING; }

bool initializeNativeTarget(std::string& reason) {
  const detail::Backend* b = backend(reason);
  return b != nullptr && b->initializeNativeTarget(reason);
}

std::string objectCacheFolder() {
  const detail::Backend* b = backend();
  return b != nullptr ? b->objectCacheFolder() : std::string();
}

bool setObjectCacheFolder(const std::string& folder) {
  const detail::Backend* b = backend();
  return b != nullptr && b->setObjectCacheFolder(folder);
}

ObjectCacheCounts objectCacheCounts() {
  const detail::Backend* b = backend();
  return b != nullptr ? b->objectCacheCounts() : ObjectCacheCounts{};
}

std::unique_ptr<GrobocodeJit> GrobocodeJit::create(std::string& reason, const JitOptions& options) {
  const detail::Backend* b = backend(reason);
  return b != nullptr ? b->createGrobocodeJit(reason, options) : nullptr;
}

std::unique_ptr<RoboTalkJit> RoboTalkJit::create(std::string& reason, const JitOptions& options) {
  const detail::Backend* b = backend(reason);
  return b != nullptr ? b->createRoboTalkJit(reason, options) : nullptr;
}

std::unique_ptr<RobbieJit> RobbieJit::create(std::string& reason, const JitOptions& options) {
  const detail::Backend* b = backend(reason);
  return b != nullptr ? b->createRobbieJit(reason, options) : nullptr;
}

// The content hashes need the JIT's library only because the JIT's caches define them; without it
// there is no JIT whose cache they would key, and 0 says so.
uint64_t brainHash(const grobocode::Program& brain) {
  const detail::Backend* b = backend();
  return b != nullptr ? b->brainHash(brain) : 0;
}

uint64_t programHash(const robotalk::Bytecode& code) {
  const detail::Backend* b = backend();
  return b != nullptr ? b->roboTalkProgramHash(code) : 0;
}

uint64_t programHash(const robbie::Program& program) {
  const detail::Backend* b = backend();
  return b != nullptr ? b->robbieProgramHash(program) : 0;
}

}  // namespace chronon::jit
