#pragma once
// The native-code backend (LLVM ORC LLJIT), an optional plug-in: every engine it offers
// (grobocode_jit.h, robotalk_jit.h, robbie_jit.h) may decline a program, and the interpreter then
// runs it. This header holds what they share: the LLVM version, the one-time native target set-up
// and the object cache.
//
// The engines live in a library of their own, chronon-jit.so, the only code that links LLVM. A
// program loads it the first time it asks for a JIT (or for anything below but llvmVersion), so that
// a run with the interpreter never pays for loading LLVM (docs/jit.md "Loading the JIT"). It is
// looked for in the file CHRONON_JIT_LIBRARY names when that is set, else beside the running
// program, in the folder above it (a build tree) and in the installation's library folder,
// PREFIX/lib/chronon (chronon/stdlib/install_layout.h). When it cannot be loaded, every `create` returns nullptr with
// the reason, and the interpreter runs everything.

#include <cstdint>
#include <string>

namespace chronon::jit {

/// The LLVM version the JIT was built against, e.g. "19.1.7".
std::string llvmVersion();

/// Loads the JIT's library and initialises LLVM's native target, once per process. Returns true when
/// native code generation is available; false (with `reason` set) when the library cannot be loaded
/// or LLVM has no native target for this machine.
bool initializeNativeTarget(std::string& reason);

/// The folder where compiled code is kept between runs (docs/jit.md "The object cache"), or "" when
/// the cache is off. At first use it comes from the environment: CHRONON_JIT_CACHE (a folder, or
/// "off"), else $XDG_CACHE_HOME/chronon/jit, else $HOME/.cache/chronon/jit.
std::string objectCacheFolder();

/// Keeps compiled code in `folder` (created when missing) from now on; "" turns the cache off.
/// Returns false, with the cache off, when the folder cannot be made or the JIT's library cannot be
/// loaded.
bool setObjectCacheFolder(const std::string& folder);

/// Objects this process loaded from the cache instead of compiling them, and objects it wrote there.
struct ObjectCacheCounts {
  int64_t hits = 0;
  int64_t writes = 0;
};
ObjectCacheCounts objectCacheCounts();

}  // namespace chronon::jit
