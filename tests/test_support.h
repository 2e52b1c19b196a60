#pragma once
// Helpers shared by the test files: where ../shared and the source tree are, reading a file,
// capturing standard error, and corpus skipping.

#include <fcntl.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
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
/// What `run()` writes to this process's standard error (file descriptor 2, where the JIT prints
/// the IR CHRONON_JIT_DUMP asks for), captured through a temporary file and returned; the stream
/// is restored afterwards.
template <class F>
std::string captureStandardError(F run) {
  const std::filesystem::path file =
      std::filesystem::temp_directory_path() / ("chronon-stderr-" + std::to_string(::getpid()));
  std::fflush(stderr);
  const int saved = ::dup(2);
  const int to = ::open(file.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
  ::dup2(to, 2);
  ::close(to);
  run();
  std::fflush(stderr);
  ::dup2(saved, 2);
  ::close(saved);
  std::string text = readFile(file);
  std::filesystem::remove(file);
  return text;
}
/// The names after `prefix` of the functions that the IR in `text` calls, each once, sorted:
/// for "chronon_word_grobocode_", the Grobocode words whose word functions compiled code calls.
inline std::set<std::string> calledFunctions(const std::string& text, const std::string& prefix) {
  std::set<std::string> names;
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);) {
    const size_t call = line.find("call ");
    if (call == std::string::npos || line.rfind("declare", 0) == 0) continue;
    const size_t at = line.find("@" + prefix, call);
    if (at == std::string::npos) continue;
    const size_t begin = at + 1 + prefix.size();
    names.insert(line.substr(begin, line.find('(', begin) - begin));
  }
  return names;
}
/// Whether the IR in `text` defines a function whose name starts with `prefix`.
inline bool definesFunction(const std::string& text, const std::string& prefix) {
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);)
    if (line.rfind("define ", 0) == 0 && line.find("@" + prefix) != std::string::npos) return true;
  return false;
}
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
