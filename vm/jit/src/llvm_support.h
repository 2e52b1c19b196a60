#pragma once
// What the JIT engines (Grobocode, RoboTalk, the Robbie Language) share on the LLVM side: making an
// LLJIT with the C++ helpers compiled code calls, the IR pass pipelines of the optimisation
// levels, turning a lowered module into a callable address, and the content hash of the caches.

#include <llvm/ADT/STLFunctionalExtras.h>
#include <llvm/ExecutionEngine/Orc/LLJIT.h>
#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace chronon::jit::detail {

/// A C++ function compiled code calls: the symbol it is declared under and its address.
struct HostSymbol {
  const char* name;
  llvm::orc::ExecutorAddr address;
};

/// A HostSymbol for `function` under `name`.
template <typename F>
HostSymbol hostSymbol(const char* name, F* function) {
  return HostSymbol{name, llvm::orc::ExecutorAddr::fromPtr(function)};
}

/// An LLJIT whose code generator works at `codeGen` (None: fast instruction selection and register
/// allocation; Less; Default: full), with one target machine for its life and `symbols` defined.
/// Returns nullptr with `reason` set when LLVM cannot make one. Callers compile one module at a time.
std::unique_ptr<llvm::orc::LLJIT> makeLljit(llvm::CodeGenOptLevel codeGen, std::span<const HostSymbol> symbols,
                                            std::string& reason);

/// The code generator level that goes with IR optimisation level `optimization`: Default for 2,
/// None below (its time grows linearly with the code, which matters for long programs).
inline llvm::CodeGenOptLevel codeGenFor(int optimization) {
  return optimization >= 2 ? llvm::CodeGenOptLevel::Default : llvm::CodeGenOptLevel::None;
}

/// Runs the IR passes of `optimization` on `module`: 0 none; 1 SROA, early CSE, instcombine and
/// simplifycfg (what the lowered code needs: locals become registers, per-block arithmetic folds);
/// 2 the O2 pipeline, which costs ten to a hundred times as much.
void optimizeModule(llvm::Module& module, int optimization);

/// Compiles one program into `jit`, the step each engine's compile ends with. With a `programKey`
/// (DiskObjectCache::programKey), an object the cache keeps under that key is linked and its function
/// `kind`_KEY returned, with nothing lowered. Otherwise `lower` adds the function to a new module
/// named `moduleName`, given the module and the name to give it (`kind`_KEY, or `kind` without a
/// key); the function is verified, named after its code when there is no key (`kind`_HASH_oN, the
/// same in every run, so the same code compiled twice is one function), printed when
/// CHRONON_JIT_DUMP asks (=2 before, =1 after the passes), optimised at `optimization` unless the
/// cache holds its object, and added to `jit`. `lower` returns nullptr when an instruction's lowering
/// disagrees with its planned stack effect (an internal error). Returns the function's address, or a
/// null address with `note` saying why.
llvm::orc::ExecutorAddr compileProgram(llvm::orc::LLJIT& jit, std::string_view kind, const char* moduleName,
                                       const std::string& programKey, int optimization, std::string& note,
                                       llvm::function_ref<llvm::Function*(llvm::Module&, const std::string&)> lower);

/// Whether a program of `size` instructions is one a JIT compiles (not empty, at most `maxInstructions`
/// long); false with `note` saying why, naming it `what` ("brain", "program").
bool compilableSize(int64_t size, int64_t maxInstructions, std::string_view what, std::string& note);

/// The LLJIT for a compile at `optimization` by an engine whose `base` LLJIT works at `baseLevel`:
/// `base` itself, or for a level-2 recompile of a hot program under a lower base level, `o2`, which
/// `make` (returning an LLJIT, or nullptr with the reason set) creates on first use. nullptr with
/// `note` set when it cannot be made.
template <typename Make>
llvm::orc::LLJIT* jitForLevel(std::unique_ptr<llvm::orc::LLJIT>& base, std::unique_ptr<llvm::orc::LLJIT>& o2,
                              int baseLevel, int optimization, std::string& note, Make make) {
  if (optimization < 2 || baseLevel >= 2) return base.get();
  if (!o2) o2 = make(note);
  return o2.get();
}

/// FNV-1a (64 bits) over `bytes`.
inline uint64_t fnv1a(std::string_view bytes) {
  uint64_t h = 14695981039346656037ULL;
  for (const char c : bytes) {
    h ^= static_cast<uint8_t>(c);
    h *= 1099511628211ULL;
  }
  return h;
}

/// FNV-1a (64 bits) over the bytes of `words`, little end first: the caches' content hash.
template <typename T>
uint64_t hashWords(const std::vector<T>& words) {
  static_assert(std::is_integral_v<T>);
  uint64_t h = 14695981039346656037ULL;
  for (const T v : words) {
    for (size_t byte = 0; byte < sizeof(T); ++byte) {
      h ^= (static_cast<uint64_t>(static_cast<std::make_unsigned_t<T>>(v)) >> (8 * byte)) & 0xFFU;
      h *= 1099511628211ULL;
    }
  }
  return h;
}

}  // namespace chronon::jit::detail
