#pragma once
// The native-code backend (LLVM ORC LLJIT). It is an optional plug-in: every entry point may decline,
// and the interpreter then runs the robot. Lowering brains to native code arrives with the JIT issue;
// until then the backend only reports what LLVM it was built with and whether the host target
// initialises, and declines every program.

#include <string>

namespace chronon::jit {

/// The LLVM version the JIT was built against, e.g. "19.1.7".
std::string llvmVersion();

/// Initialises LLVM's native target once per process. Returns true when native code generation is
/// available on this machine; false (with `reason` set) when it is not.
bool initializeNativeTarget(std::string& reason);

}  // namespace chronon::jit
