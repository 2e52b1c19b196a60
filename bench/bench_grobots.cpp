// Grobots world benchmark and reference check: plays each tournament of ../shared/reference/grobots
// (the sides, round count and settings the original used), prints rounds and frames per second,
// and compares the standings with the original's: Spearman rank correlation of score and each
// side's distance from the original's score in combined errors (issue 4 asks for >= 0.85 and
// <= 2.5).
//
// Usage: bench_grobots [SHARED_DIR] [ROUNDS] [THREADS]
//   SHARED_DIR defaults to ../shared beside the source tree; ROUNDS 0 (default) plays the original's
//   round count; THREADS 0 (default) uses every core.

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "bench_support.h"
#include "chronon/arena/grobots_tournament.h"
#include "chronon/compiler/grobocode.h"
#include "chronon/compiler/load.h"

namespace fs = std::filesystem;
namespace gb = chronon::arena::grobots;

namespace {

using chronon::bench::slurp;

int roundsOf(const std::string& run) {
  const size_t at = run.find("rounds=");
  return at == std::string::npos ? 100 : std::atoi(run.c_str() + at + 7);
}

}  // namespace

int main(int argc, char** argv) {
  const fs::path shared = argc > 1 ? fs::path(argv[1]) : fs::path(CHRONON_BENCH_SOURCE_DIR) / ".." / "shared";
  const int roundsOverride = argc > 2 ? std::atoi(argv[2]) : 0;
  const int threads = argc > 3 ? std::atoi(argv[3]) : 0;
  const fs::path sets = shared / "reference" / "grobots";
  if (!fs::is_directory(sets)) {
    std::printf("skipped: %s is absent\n", sets.string().c_str());
    return 0;
  }
  std::vector<fs::path> folders;
  for (const auto& entry : fs::directory_iterator(sets)) {
    if (entry.is_directory()) folders.push_back(entry.path());
  }
  std::sort(folders.begin(), folders.end());
  int failures = 0;
  for (const fs::path& folder : folders) {
    std::vector<std::unique_ptr<chronon::SourceFile>> files;
    std::vector<chronon::grobocode::SideResult> results;
    std::istringstream list(slurp(folder / "sides.txt"));
    std::string name;
    while (std::getline(list, name)) {
      if (name.empty()) continue;
      chronon::Diagnostics d;
      std::optional<chronon::SourceFile> file =
          chronon::loadSourceFile((shared / "corpus" / "grobots" / name).string(), d);
      if (!file) continue;
      files.push_back(std::make_unique<chronon::SourceFile>(std::move(*file)));
      results.push_back(chronon::grobocode::compileSide(*files.back()));
    }
    std::vector<const chronon::grobocode::Side*> sides;
    for (const auto& r : results) {
      if (r.loaded()) sides.push_back(&r.side);
    }
    gb::TournamentOptions options;
    options.rounds = roundsOverride > 0 ? roundsOverride : roundsOf(slurp(folder / "run.txt"));
    options.threads = threads;
    options.seed = 1;
    const auto start = std::chrono::steady_clock::now();
    const gb::TournamentResult result = gb::runTournament(sides, options);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    int64_t frames = 0;
    for (const gb::RoundOutcome& r : result.rounds) frames += r.frames;
    const std::vector<gb::Standing> reference = gb::parseStandings(slurp(folder / "standings.tsv"));
    const gb::Comparison c = gb::compareStandings(result.standings, reference);
    std::printf("%s: %d sides, %d rounds in %.1f s (%.2f rounds/s, %.0f frames/s)\n", folder.filename().c_str(),
                static_cast<int>(sides.size()), options.rounds, seconds, options.rounds / seconds,
                static_cast<double>(frames) / seconds);
    std::printf("  %-24s %8s %8s %8s %8s %9s\n", "side", "score", "error", "orig", "o.error", "deviation");
    for (size_t i = 0; i < result.standings.size(); ++i) {
      const gb::Standing& s = result.standings[i];
      const gb::Standing* ref = nullptr;
      for (const gb::Standing& r : reference) ref = r.name == s.name ? &r : ref;
      std::printf("  %-24s %7.1f%% %7.1f%% %7.1f%% %7.1f%% %9.2f\n", s.name.c_str(), 100 * s.score, 100 * s.error,
                  ref ? 100 * ref->score : -1.0, ref ? 100 * ref->error : -1.0, c.deviations[i]);
    }
    const bool ok = c.spearman >= 0.85 && c.worstDeviation <= 2.5 && c.matched == static_cast<int>(sides.size());
    std::printf("  spearman %.3f (target >= 0.85), worst deviation %.2f combined errors (target <= 2.5): %s\n",
                c.spearman, c.worstDeviation, ok ? "ok" : "NOT MET");
    failures += ok ? 0 : 1;
  }
  return failures == 0 ? 0 : 1;
}
