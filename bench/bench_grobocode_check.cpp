// Grobocode stack checker throughput, one core: reads, compiles and checks every Grobots side of the
// corpus (../shared/corpus/grobots/*.gb, or the folder given as the first argument) and prints the
// seconds taken by the whole pass, the diagnostics found and the process's peak memory, and the
// checker's work per instruction against its budget. The target is under 2 seconds and under 200 MB.

#include <sys/resource.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

#include "chronon/compiler/grobocode.h"
#include "chronon/compiler/grobocode_checker.h"
#include "chronon/compiler/load.h"

namespace {

constexpr double kTargetSeconds = 2.0;
constexpr double kTargetMegabytes = 200.0;

}  // namespace

int main(int argc, char** argv) {
  namespace fs = std::filesystem;
  const fs::path dir =
      argc > 1 ? fs::path(argv[1]) : fs::path(CHRONON_BENCH_SOURCE_DIR).parent_path() / "shared" / "corpus" / "grobots";
  std::vector<fs::path> paths;
  std::error_code error;
  for (const fs::directory_entry& entry : fs::directory_iterator(dir, error)) {
    if (entry.path().extension() == ".gb") paths.push_back(entry.path());
  }
  if (paths.empty()) {
    std::fprintf(stderr, "bench_grobocode_check: no .gb sides in %s\n", dir.string().c_str());
    return 1;
  }
  std::sort(paths.begin(), paths.end());
  size_t warnings = 0;
  size_t errors = 0;
  size_t loadDiagnostics = 0;
  // The checker's work per side (instruction visits over both phases) against the side's code size,
  // to compare with the work budget (CheckLimits); and the sides it cut short (GB626), if any.
  double mostWork = 0;
  std::string mostWorkSide;
  int incomplete = 0;
  const auto begin = std::chrono::steady_clock::now();
  for (const fs::path& path : paths) {
    chronon::Diagnostics diagnostics;
    const auto file = chronon::loadSourceFile(path.string(), diagnostics);
    if (!file) continue;
    chronon::grobocode::SideResult result = chronon::grobocode::compileSide(*file);
    if (!result.diagnostics.hasErrors() && result.loaded()) {
      chronon::grobocode::CheckStats stats;
      chronon::grobocode::checkSide(*file, result.side, result.diagnostics, {}, &stats);
      size_t instructions = 0;
      for (const chronon::grobocode::Type& type : result.side.types) {
        if (type.brain) instructions += type.brain->instructions.size();
      }
      const double work = static_cast<double>(stats.steps) / static_cast<double>(std::max<size_t>(1, instructions));
      if (work > mostWork) {
        mostWork = work;
        mostWorkSide = path.filename().string();
      }
      incomplete += stats.incompleteBrains;
    }
    for (const chronon::Diagnostic& d : result.diagnostics.all()) {
      // Load errors (GB600-GB615) are the frontend's; only the checker's own codes are counted here.
      const int code = static_cast<int>(d.code);
      if (code < 620 || code > 629) {
        ++loadDiagnostics;
        continue;
      }
      if (d.severity == chronon::Severity::kError) ++errors;
      if (d.severity == chronon::Severity::kWarning) ++warnings;
    }
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  const double megabytes = static_cast<double>(usage.ru_maxrss) / 1024.0;  // ru_maxrss is in KiB on Linux.
  std::printf(
      "grobocode check: %zu sides in %.3f s (target < %.1f s), checker: %zu errors, %zu warnings (plus %zu load "
      "diagnostics), peak %.1f MB "
      "(target < %.0f MB)\n",
      paths.size(), seconds, kTargetSeconds, errors, warnings, loadDiagnostics, megabytes, kTargetMegabytes);
  const chronon::grobocode::CheckLimits limits;
  std::printf(
      "checker work: at most %.1f instruction visits per instruction (%s, both phases; the budget is %d per phase "
      "plus %d per brain), %d brains cut short\n",
      mostWork, mostWorkSide.c_str(), limits.workPerInstruction, limits.baseWork, incomplete);
  return seconds < kTargetSeconds && megabytes < kTargetMegabytes ? 0 : 1;
}
