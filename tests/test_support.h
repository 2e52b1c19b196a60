#pragma once
// Helpers shared by the test files: where ../shared and the source tree are, reading a file, and
// corpus skipping.

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace chronon::test {

/// The ../shared folder beside the repository (test data; never copied into the repository). The
/// environment variable CHRONON_SHARED_DIR overrides it, e.g. to check that corpus tests skip.
inline std::filesystem::path sharedDir() {
  const char* fromEnvironment = std::getenv("CHRONON_SHARED_DIR");
  return fromEnvironment != nullptr ? fromEnvironment : CHRONON_SHARED_DIR;
}
/// The repository root.
inline std::filesystem::path sourceDir() { return CHRONON_SOURCE_DIR; }
/// The built `chronon` executable.
inline std::filesystem::path chrononBinary() { return CHRONON_BINARY; }
/// The bytes of the file at `path`, as they are on disk; "" when it cannot be read.
inline std::string readFile(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream bytes;
  bytes << in.rdbuf();
  return bytes.str();
}
/// How many times the memory a test measures may grow in this build: 1 normally, 4 under
/// AddressSanitizer (bench/asan.sh, the fuzzer build), whose red zones around every allocation and
/// quarantine of freed blocks inflate the resident size.
#if defined(__SANITIZE_ADDRESS__)
inline constexpr long kMemoryFactor = 4;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
inline constexpr long kMemoryFactor = 4;
#else
inline constexpr long kMemoryFactor = 1;
#endif
#else
inline constexpr long kMemoryFactor = 1;
#endif
/// True when the RoboWar corpus is present.
inline bool haveRoboWarCorpus() { return std::filesystem::is_directory(sharedDir() / "corpus" / "robowar"); }

}  // namespace chronon::test

// Skips the rest of a test case, with a message, when ../shared/corpus is absent.
#define CHRONON_REQUIRE_CORPUS()                                                                    \
  do {                                                                                              \
    if (!::chronon::test::haveRoboWarCorpus()) {                                                    \
      WARN("skipped: ../shared/corpus/robowar is absent (" << ::chronon::test::sharedDir() << ")"); \
      return;                                                                                       \
    }                                                                                               \
  } while (false)
