// The RoboWar debug session's latencies (arena/robowar_debug.h): for every pair of bundled robots, a
// battle run to its end under the debugger against runBattle (the ratio, side by side), and stepBack
// from positions spread over the battle (each answer timed), plus reverseContinue from the end with
// no breakpoint (the whole battle re-run). Prints medians and 90th percentiles.
// usage: bench_debug [ROBOT_FOLDER]   (default: the source tree's stdlib/robowar)

#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

#include "bench_support.h"
#include "chronon/arena/robowar_battle.h"
#include "chronon/arena/robowar_debug.h"
#include "chronon/compiler/robotalk_assembler.h"

namespace fs = std::filesystem;
namespace rw = chronon::arena::robowar;
using chronon::bench::Clock;
using chronon::bench::secondsSince;

int main(int argc, char** argv) {
  const fs::path folder = argc > 1 ? fs::path(argv[1]) : fs::path(CHRONON_BENCH_SOURCE_DIR) / "stdlib" / "robowar";
  std::vector<fs::path> paths;
  for (const auto& e : fs::directory_iterator(folder)) {
    if (e.path().extension() == ".rtk") paths.push_back(e.path());
  }
  std::sort(paths.begin(), paths.end());
  std::vector<chronon::SourceFile> sources;
  std::vector<chronon::robotalk::LoadedRobot> robots;
  sources.reserve(paths.size());
  robots.reserve(paths.size());
  for (const fs::path& p : paths) {
    sources.emplace_back(p.string(), chronon::bench::slurp(p));
    robots.push_back(chronon::robotalk::loadRobotText(sources.back(), {}));
  }
  std::vector<double> plain, debugged, back, reverse;
  size_t battles = 0;
  for (size_t a = 0; a < robots.size(); ++a) {
    for (size_t b = a + 1; b < robots.size(); ++b) {
      if (robots[a].diagnostics.hasErrors() || robots[b].diagnostics.hasErrors()) continue;
      ++battles;
      const std::vector<rw::Entry> entries{{&robots[a].program, 0}, {&robots[b].program, 0}};
      auto start = Clock::now();
      const rw::Result expected = rw::runBattle(entries, 1, {});
      plain.push_back(secondsSince(start));
      rw::DebugSession session({{entries[0], &sources[a]}, {entries[1], &sources[b]}}, 1, {});
      start = Clock::now();
      while (session.stepForward(rw::DebugStep::kContinue, 0)) {
      }
      debugged.push_back(secondsSince(start));
      if (!session.ended() || session.result().chronons != expected.chronons) {
        std::printf("%s vs %s: the debugged battle differs\n", robots[a].program.name.c_str(),
                    robots[b].program.name.c_str());
        return 1;
      }
      start = Clock::now();
      session.reverseContinue(0);
      reverse.push_back(secondsSince(start));
      // stepBack from positions a few chronons apart: a chronon step forward, then a step back.
      for (int i = 0; i < 40 && session.stepForward(rw::DebugStep::kChronon, 0); ++i) {
        start = Clock::now();
        session.stepBack(0);
        back.push_back(secondsSince(start));
        session.stepForward(rw::DebugStep::kChronon, 0);
      }
    }
  }
  const auto us = [](const std::vector<double>& v, double p) { return chronon::bench::percentile(v, p) * 1e6; };
  std::printf("%zu duels of the robots in %s\n", battles, folder.string().c_str());
  std::printf("battle to its end: debugger / runBattle = %.2f (medians %.0f us / %.0f us)\n",
              chronon::bench::median(debugged) / chronon::bench::median(plain), us(debugged, 0.5), us(plain, 0.5));
  std::printf("stepBack (%zu): median %.1f us, p90 %.1f us, max %.1f us\n", back.size(), us(back, 0.5), us(back, 0.9),
              us(back, 1.0));
  std::printf("reverseContinue from the end, no breakpoint (%zu): median %.0f us, p90 %.0f us\n", reverse.size(),
              us(reverse, 0.5), us(reverse, 0.9));
  return 0;
}
