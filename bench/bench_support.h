#pragma once
// Small helpers the benchmark programs share: reading a file and timing.

#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace chronon::bench {

/// The clock every benchmark times with.
using Clock = std::chrono::steady_clock;

/// The whole content of `path`, or "" when it cannot be read.
inline std::string slurp(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream out;
  out << in.rdbuf();
  return out.str();
}

/// Seconds elapsed since `start`.
inline double secondsSince(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

}  // namespace chronon::bench
