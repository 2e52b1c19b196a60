#pragma once
// Small helpers the benchmark programs share: reading a file, timing, and summarising timings.

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

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

/// The value at fraction `p` (0-1) of `values` sorted, 0 when there are none.
inline double percentile(std::vector<double> values, double p) {
  if (values.empty()) return 0;
  std::sort(values.begin(), values.end());
  return values[std::min(values.size() - 1, static_cast<size_t>(p * static_cast<double>(values.size())))];
}

/// The middle of `values` (the upper middle of an even count), 0 when there are none.
inline double median(std::vector<double> values) { return percentile(std::move(values), 0.5); }

}  // namespace chronon::bench
