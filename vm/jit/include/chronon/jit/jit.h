#pragma once
// The native-code backend (LLVM ORC LLJIT), an optional plug-in: every engine it offers
// (grobocode_jit.h, robbie_jit.h) may decline a program, and the interpreter then runs it. This
// header holds what they share: the LLVM version and the one-time native target set-up.

#include <string>

namespace chronon::jit {

/// The LLVM version the JIT was built against, e.g. "19.1.7".
std::string llvmVersion();

/// Initialises LLVM's native target once per process. Returns true when native code generation is
/// available on this machine; false (with `reason` set) when it is not.
bool initializeNativeTarget(std::string& reason);

}  // namespace chronon::jit
