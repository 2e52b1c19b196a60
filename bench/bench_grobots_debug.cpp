// The Grobots debug session's latencies (arena/grobots_debug.h) on a full round of the top9 sides
// (../shared/reference/grobots/top9): the round run to its end under the debugger against runRound
// (the ratio, side by side), then stepBack from positions spread over the whole round (a jump to a
// frame, one step forward, one step back; each step back timed), and the keyframes' count. Prints
// the median and the 90th percentile of stepBack.
// usage: bench_grobots_debug [SIDES_LIST [POSITIONS]]   (default: top9's sides.txt, 40 positions)

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <memory>
#include <string>
#include <vector>

#include "bench_support.h"
#include "chronon/arena/grobots_debug.h"
#include "chronon/arena/grobots_world.h"
#include "chronon/compiler/grobocode.h"

namespace fs = std::filesystem;
namespace gb = chronon::arena::grobots;
using chronon::bench::Clock;
using chronon::bench::secondsSince;

int main(int argc, char** argv) {
  const fs::path shared = fs::path(CHRONON_BENCH_SOURCE_DIR) / ".." / "shared";
  const fs::path list = argc > 1 ? fs::path(argv[1]) : shared / "reference" / "grobots" / "top9" / "sides.txt";
  const int positions = argc > 2 ? std::max(1, std::atoi(argv[2])) : 40;
  std::ifstream names(list);
  if (!names) {
    std::printf("skipped: %s is absent\n", list.string().c_str());
    return 0;
  }
  std::vector<std::unique_ptr<chronon::SourceFile>> files;
  std::vector<chronon::grobocode::SideResult> results;
  results.reserve(64);
  std::string name;
  while (names >> name) {
    const fs::path path = shared / "corpus" / "grobots" / name;
    files.push_back(std::make_unique<chronon::SourceFile>(path.string(), chronon::bench::slurp(path)));
    results.push_back(chronon::grobocode::compileSide(*files.back()));
  }
  std::vector<const chronon::grobocode::Side*> sides;
  for (const auto& r : results) {
    if (r.loaded()) sides.push_back(&r.side);
  }
  gb::WorldOptions options;
  const int32_t seed = 8;
  auto start = Clock::now();
  const gb::RoundOutcome expected = gb::runRound(sides, options, seed);
  const double plain = secondsSince(start);
  gb::DebugSession session(sides, options, seed);
  start = Clock::now();
  while (session.stepForward(gb::DebugStep::kContinue, 0)) {
  }
  const double debugged = secondsSince(start);
  if (!session.ended() || session.outcome().frames != expected.frames) {
    std::printf("the debugged round differs from runRound\n");
    return 1;
  }
  std::printf(
      "%zu sides, %d frames: the round under the debugger takes %.2fx runRound (%.2f s against %.2f s), "
      "%zu keyframes\n",
      sides.size(), expected.frames, debugged / plain, debugged, plain, session.keyframeCount());
  std::vector<double> back;
  for (int i = 0; i < positions; ++i) {
    // Frames spread over the round, not on keyframe boundaries.
    const int32_t frame =
        1 + static_cast<int32_t>((static_cast<int64_t>(expected.frames - 2) * (2 * i + 1)) / (2 * positions));
    if (!session.goToFrame(frame)) break;
    const uint32_t robot = session.snapshot().position.robot;
    if (!session.stepForward(gb::DebugStep::kInstruction, robot)) break;
    start = Clock::now();
    if (!session.stepBack(robot)) break;
    back.push_back(secondsSince(start));
  }
  std::printf("stepBack over %zu positions: median %.1f ms, p90 %.1f ms\n", back.size(),
              1000 * chronon::bench::median(back), 1000 * chronon::bench::percentile(back, 0.9));
  return 0;
}
