#pragma once
// The one table of entry points that the JIT's library, chronon-jit.so, hands the program that
// loads it (jit.h; the loader is vm/jit/loader/jit_loader.cpp). The library exports a single symbol,
// kBackendSymbol, a function returning this table; everything else it defines stays inside it.

#include <cstdint>
#include <memory>
#include <string>

#include "chronon/jit/grobocode_jit.h"
#include "chronon/jit/jit.h"
#include "chronon/jit/robbie_jit.h"
#include "chronon/jit/robotalk_jit.h"

namespace chronon::jit::detail {

/// The name of the library's entry point: `extern "C" const Backend* chrononJitBackend()`.
inline constexpr char kBackendSymbol[] = "chrononJitBackend";

/// Bumped whenever the table below or the meaning of an entry changes.
inline constexpr uint64_t kBackendVersion = 1;

/// A fingerprint of what program and library must agree on: the table's version and the sizes of
/// the types that cross between them. Both compute it from the same headers, so a library left over
/// from a build whose types differ is refused instead of misreading them.
inline constexpr uint64_t kBackendSignature = [] {
  const uint64_t sizes[] = {kBackendVersion,
                            sizeof(JitOptions),
                            sizeof(JitStats),
                            sizeof(CompileRecord),
                            sizeof(ObjectCacheCounts),
                            sizeof(grobocode::Program),
                            sizeof(grobocode::MachineState),
                            sizeof(robotalk::Bytecode),
                            sizeof(robotalk::MachineState),
                            sizeof(robotalk::RunResult),
                            sizeof(robbie::Program),
                            sizeof(robbie::MachineState),
                            sizeof(std::string)};
  uint64_t h = 14695981039346656037ULL;
  for (const uint64_t size : sizes) h = (h ^ size) * 1099511628211ULL;
  return h;
}();

/// The library's entry points; each does what the function of jit.h, grobocode_jit.h,
/// robotalk_jit.h or robbie_jit.h with the same name documents.
struct Backend {
  uint64_t signature;  ///< kBackendSignature of the build that made the library.
  bool (*initializeNativeTarget)(std::string& reason);
  std::string (*objectCacheFolder)();
  bool (*setObjectCacheFolder)(const std::string& folder);
  ObjectCacheCounts (*objectCacheCounts)();
  std::unique_ptr<GrobocodeJit> (*createGrobocodeJit)(std::string& reason, const JitOptions& options);
  std::unique_ptr<RoboTalkJit> (*createRoboTalkJit)(std::string& reason, const JitOptions& options);
  std::unique_ptr<RobbieJit> (*createRobbieJit)(std::string& reason, const JitOptions& options);
  uint64_t (*brainHash)(const grobocode::Program& brain);
  uint64_t (*roboTalkProgramHash)(const robotalk::Bytecode& code);
  uint64_t (*robbieProgramHash)(const robbie::Program& program);
};

/// The library's side: native-target set-up (once per process) and the engines' factories.
bool initializeNativeTarget(std::string& reason);
std::unique_ptr<GrobocodeJit> createGrobocodeJit(std::string& reason, const JitOptions& options);
std::unique_ptr<RoboTalkJit> createRoboTalkJit(std::string& reason, const JitOptions& options);
std::unique_ptr<RobbieJit> createRobbieJit(std::string& reason, const JitOptions& options);
uint64_t brainHash(const grobocode::Program& brain);
uint64_t roboTalkProgramHash(const robotalk::Bytecode& code);
uint64_t robbieProgramHash(const robbie::Program& program);

}  // namespace chronon::jit::detail
