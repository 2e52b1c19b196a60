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

/// Verifies `function` (the module's one definition, named by its kind, such as "robotalk_program"),
/// renames it after its code and `optimization` (kind_HASH_oN, the same in every run), prints the
/// module when CHRONON_JIT_DUMP asks (=2 before, =1 after the passes), optimises it at
/// `optimization` unless the object cache holds its object (object_cache.h), adds it to `jit` and
/// looks the function up. The same code compiled into `jit` before returns the earlier function.
/// With a `programKey` (DiskObjectCache::programKey) the function keeps the name the caller gave
/// it (programSymbol) and the object is kept under that key, so nothing is printed. Returns the
/// function's address, or a null address with `note` saying why.
llvm::orc::ExecutorAddr finishModule(llvm::orc::LLJIT& jit, std::unique_ptr<llvm::LLVMContext> context,
                                     std::unique_ptr<llvm::Module> module, llvm::Function& function, int optimization,
                                     std::string& note, const std::string& programKey = {});

/// The name of the function compiled under `programKey`: `kind`_KEY.
std::string programSymbol(std::string_view kind, const std::string& programKey);

/// The function `symbol` of the object the cache keeps under `programKey`, linked into `jit` (or
/// found there, when an earlier call linked it). A null address when the cache holds no such object
/// (or a damaged one) or LLVM cannot link it: the caller then compiles.
llvm::orc::ExecutorAddr loadCached(llvm::orc::LLJIT& jit, const std::string& programKey, const std::string& symbol);

/// Compiles one program into `jit`, the step each engine's compile ends with: with a `programKey`,
/// the function `kind`_KEY of the object the cache keeps under that key when it has one (loadCached);
/// else the function `lower` adds to a new module named `moduleName`, given the module and the name
/// to give the function (`kind`_KEY, or `kind` without a key), finished with the IR passes of
/// `optimization` (finishModule). `lower` returns nullptr when an instruction's lowering disagrees
/// with its planned stack effect (an internal error). Returns the function's address, or a null
/// address with `note` saying why.
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
