// The Robbie Language under the JIT (issue 8): compile latency of every bundled program
// (stdlib/robbie/*.rl) at optimisation levels 0, 1 and 2, and the interpreter/JIT speed ratio on a
// long-running arithmetic loop and on a loop of room commands.
// Usage: bench_jit_robbie [REPETITIONS]

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "bench_support.h"
#include "chronon/arena/robbie_room.h"
#include "chronon/compiler/robbie.h"
#include "chronon/jit/robbie_jit.h"
#include "chronon/vm/robbie_engine.h"

namespace {

namespace fs = std::filesystem;
namespace rl = chronon::robbie;
using chronon::bench::Clock;
using chronon::bench::median;

using chronon::bench::slurp;

// A host that does nothing, so the loop measures the engine alone.
class NullHost final : public rl::Host {
 public:
  void move(int64_t, bool) override {}
  void turn(int64_t degrees, bool) override { turned += degrees; }
  void grab() override {}
  void drop() override {}
  bool blocked() override { return false; }
  int64_t weight() override { return 0; }
  void beep(int64_t, int64_t) override {}
  void pause(int64_t) override {}
  int64_t turned = 0;
};

// Seconds to run `program` to its end with `engine` (budgets of 1,000,000 steps); steps in `steps`.
double timeRun(const rl::Program& program, rl::Engine& engine, int64_t& steps) {
  NullHost host;
  rl::MachineState state = rl::makeMachineState(program);
  const auto start = Clock::now();
  while (state.status == rl::RunStatus::kRunning) engine.run(state, program, host, 1'000'000);
  steps = state.steps;
  return std::chrono::duration<double>(Clock::now() - start).count();
}

}  // namespace

int main(int argc, char** argv) {
  const int repetitions = argc > 1 ? std::max(1, std::atoi(argv[1])) : 5;
  const fs::path dir = fs::path(CHRONON_BENCH_SOURCE_DIR) / "stdlib" / "robbie";
  std::vector<std::pair<std::string, rl::Program>> programs;
  for (const fs::directory_entry& entry : fs::directory_iterator(dir)) {
    if (entry.path().extension() != ".rl") continue;
    rl::CompileResult result = rl::compile(chronon::SourceFile(entry.path().string(), slurp(entry.path())));
    if (result.program) programs.emplace_back(entry.path().filename().string(), std::move(*result.program));
  }
  std::sort(programs.begin(), programs.end(), [](const auto& a, const auto& b) { return a.first < b.first; });

  std::printf("compile latency of %zu bundled programs, %d repetitions (ms, fresh JIT each time):\n", programs.size(),
              repetitions);
  for (const int level : {0, 1, 2}) {
    std::vector<double> all;
    for (const auto& [name, program] : programs) {
      for (int r = 0; r < repetitions; ++r) {
        std::string reason;
        chronon::jit::JitOptions options;
        options.optimization = level;
        auto jit = chronon::jit::RobbieJit::create(reason, options);
        if (!jit) {
          std::printf("the JIT is not available: %s\n", reason.c_str());
          return 1;
        }
        if (!jit->prepare(program, name, &reason)) std::printf("  %s declined: %s\n", name.c_str(), reason.c_str());
        all.push_back(jit->stats().records.at(0).milliseconds);
      }
    }
    std::printf("  level %d: median %.2f ms, max %.2f ms\n", level, median(all),
                *std::max_element(all.begin(), all.end()));
  }

  const char* loops[] = {
      "start\nregister integer I\nregister integer S\nregister real X\n"
      "while I < 3000000 do\n  set I I + 1\n  set S S + I * 3 / 2 - I\n  set X X + 0.5 * 2.0\nendwhile\nstop\n",
      "start\nregister integer I\nrepeat 2000000 times\n  turn left 1\n  if I < 10 or blocked then\n    set I I + 1\n"
      "  endif\nendrepeat\nstop\n",
  };
  const char* names[] = {"arithmetic loop", "command loop"};
  std::string reason;
  auto jit = chronon::jit::RobbieJit::create(reason);
  if (!jit) return 1;
  for (size_t i = 0; i < 2; ++i) {
    const rl::CompileResult result = rl::compile(chronon::SourceFile("loop.rl", loops[i]));
    if (!result.program) return 1;
    int64_t interpSteps = 0;
    int64_t jitSteps = 0;
    const double interp = timeRun(*result.program, rl::interpreterEngine(), interpSteps);
    const double native = timeRun(*result.program, *jit, jitSteps);
    std::printf("%s: %lld steps; interpreter %.3f s, jit %.3f s (incl. compile), speed ratio %.1fx%s\n", names[i],
                static_cast<long long>(interpSteps), interp, native, interp / native,
                interpSteps == jitSteps ? "" : "  STEPS DIFFER");
  }
  return 0;
}
