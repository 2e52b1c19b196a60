// The RoboWar debug session's latencies (arena/robowar_debug.h): for every pair of bundled robots, a
// battle run to its end under the debugger against runBattle (the ratio, side by side), and stepBack
// from positions spread over the battle (each answer timed), plus reverseContinue from the end with
// no breakpoint (the whole battle re-run). Then the Robbie session (arena/robbie_debug.h): every
// bundled RL program run to its end (step limit 1000000) under the debugger against runInRoom, and 40
// steps back one after the other from the end (each restores a keyframe and re-runs to its target).
// Prints medians and 90th percentiles.
// usage: bench_debug [ROBOT_FOLDER]   (default: the source tree's stdlib/robowar)

#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

#include "bench_support.h"
#include "chronon/arena/robbie_debug.h"
#include "chronon/arena/robbie_run.h"
#include "chronon/arena/robowar_battle.h"
#include "chronon/arena/robowar_debug.h"
#include "chronon/compiler/robbie.h"
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

  const fs::path rlFolder = fs::path(CHRONON_BENCH_SOURCE_DIR) / "stdlib" / "robbie";
  std::vector<fs::path> programs;
  for (const auto& e : fs::directory_iterator(rlFolder)) {
    if (e.path().extension() == ".rl") programs.push_back(e.path());
  }
  std::sort(programs.begin(), programs.end());
  std::vector<double> rlBack;
  for (const fs::path& p : programs) {
    const chronon::SourceFile file(p.string(), chronon::bench::slurp(p));
    const chronon::robbie::CompileResult compiled = chronon::robbie::compile(file);
    if (!compiled.program) continue;
    const chronon::robbie::RoomSpec room = chronon::robbie::defaultRoom();
    const int64_t limit = chronon::robbie::kDefaultStepLimit;
    auto start = Clock::now();
    const chronon::robbie::RobbieRun expected = chronon::robbie::runInRoom(*compiled.program, room, limit);
    const double plainRun = secondsSince(start);
    chronon::robbie::RobbieDebugSession session(*compiled.program, room, limit);
    start = Clock::now();
    while (session.stepForward(chronon::robbie::RobbieStep::kContinue)) {
    }
    const double debuggedRun = secondsSince(start);
    if (!session.ended() || session.result().machine.steps != expected.machine.steps) {
      std::printf("%s: the debugged run differs\n", p.filename().string().c_str());
      return 1;
    }
    std::vector<double> backs;
    for (int i = 0; i < 40; ++i) {
      start = Clock::now();
      session.stepBack();
      backs.push_back(secondsSince(start));
    }
    rlBack.insert(rlBack.end(), backs.begin(), backs.end());
    std::printf(
        "%s: %lld steps; to the end %.1f ms under the debugger, %.1f ms runInRoom; stepBack median %.1f us, "
        "max %.1f us\n",
        p.filename().string().c_str(), static_cast<long long>(expected.machine.steps), debuggedRun * 1e3,
        plainRun * 1e3, us(backs, 0.5), us(backs, 1.0));
  }
  std::printf("RL stepBack (%zu): median %.1f us, p90 %.1f us, max %.1f us\n", rlBack.size(), us(rlBack, 0.5),
              us(rlBack, 0.9), us(rlBack, 1.0));
  return 0;
}
