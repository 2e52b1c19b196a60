// Interpreter vs JIT (issue 5), reported as ratios measured in one run:
//   (a) compute-heavy Grobocode brains (bench/programs: recursive fibonacci, a sieve, a vector-math
//       loop), each counting its repetitions, with gforth-fast on the same fibonacci and sieve as a
//       reference when it is installed;
//   (a') the same three programs in RoboTalk (bench/programs/*.rtk) under the RoboTalk JIT, with
//       gforth-fast on the same fibonacci as a reference, and (a'') again in calls of 5 to 1000
//       cycles, as short as a robot's turns in battle;
//   (b) a RoboWar group tournament of the bundled robots (stdlib/robowar), one thread, five times
//       under each engine, alternating (the median ratio), and (b') one five times as long, where
//       level 2 code runs for most of the tournament;
//   (c) the Grobots top9 tournament (../shared/reference/grobots/top9) for six rounds (by default),
//       three times under each engine, alternating (the median ratio);
// and the JIT's compile latency per brain over the Grobots corpus and per robot over the RoboWar corpus
// at optimisation levels 0, 1 and 2.
// Usage: bench_jit [SHARED_DIR] [SECONDS_PER_MEASUREMENT] [TOP9_ROUNDS] [robotalk|programs]
// (robotalk: only the RoboTalk parts; programs: only (a) and (a')).

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
#include "chronon/arena/grobots_tournament.h"
#include "chronon/arena/robowar_tournament.h"
#include "chronon/compiler/grobocode.h"
#include "chronon/compiler/robotalk_assembler.h"
#include "chronon/compiler/source.h"
#include "chronon/jit/grobocode_jit.h"
#include "chronon/jit/robotalk_jit.h"
#include "chronon/vm/grobocode_engine.h"
#include "chronon/vm/grobocode_interpreter.h"
#include "chronon/vm/grobocode_test_host.h"
#include "chronon/vm/robotalk_engine.h"
#include "chronon/vm/robotalk_interpreter.h"

namespace {

namespace fs = std::filesystem;
namespace gc = chronon::grobocode;
namespace gb = chronon::arena::grobots;
namespace rw = chronon::arena::robowar;
namespace robotalk = chronon::robotalk;
using chronon::bench::Clock;

using chronon::bench::slurp;

using chronon::bench::median;
using chronon::bench::percentile;
using chronon::bench::secondsSince;

// Repetitions per second of a benchmark brain (its `reps` variable) under `engine`, run in chunks of
// 100000 cycles for about `seconds`; 0 when the brain stops (an error), since a rate over the short
// run before it would not compare with the others.
double repsPerSecond(const gc::Program& brain, int32_t memory, gc::Engine& engine, double seconds,
                     gc::MachineState& state) {
  size_t reps = brain.variables.size();
  for (size_t i = 0; i < brain.variables.size(); ++i)
    if (brain.variables[i].name == "reps") reps = i;
  if (reps == brain.variables.size()) return 0;
  gc::GrobocodeTestHost host(1);
  state = gc::makeBrainState(brain, memory);
  const auto start = Clock::now();
  double elapsed = 0;
  while (elapsed < seconds && state.status == gc::BrainStatus::kOk) {
    for (int k = 0; k < 10; ++k) {
      state.remaining = 100000;
      engine.run(state, brain, host);
    }
    elapsed = secondsSince(start);
  }
  if (state.status != gc::BrainStatus::kOk) return 0;
  return state.variables[reps].toDouble() / elapsed;
}

// Seconds gforth-fast takes for `reps` repetitions of program `fs` (its word `bench`), less the
// start-up time of an empty run; a negative value when gforth-fast is not installed.
double gforthSeconds(const fs::path& program, int reps) {
  if (std::system("command -v gforth-fast >/dev/null 2>&1") != 0) return -1;
  const auto run = [&](int n) {
    const std::string command =
        "gforth-fast " + program.string() + " -e '" + std::to_string(n) + " bench bye' >/dev/null 2>&1";
    const auto start = Clock::now();
    if (std::system(command.c_str()) != 0) return -1.0;
    return secondsSince(start);
  };
  const double empty = run(0);
  const double full = run(reps);
  return empty < 0 || full < 0 ? -1 : std::max(1e-9, full - empty);
}

// gforth-fast's repetitions per second on `forth`, timed over as many repetitions as the JIT ran in
// `seconds` at `rate`; -1 when gforth is not installed.
double gforthRate(const fs::path& forth, double rate, double seconds) {
  const int reps = std::max(1, static_cast<int>(rate * seconds));
  const double s = gforthSeconds(forth, reps);
  return s > 0 ? reps / s : -1;
}

// Repetitions per second of one program under the interpreter, the JIT at level 1, at level 2 and
// as the command line runs it.
struct Rates {
  double interp, native, nativeO2, cli;
};

// One row of table (a) or (a'): the rates, their ratios to the interpreter, and gforth-fast's
// (`noForth` in its place when it is < 0), then `tail`.
void printRow(const char* name, const Rates& r, double gforth, const char* noForth, const char* tail) {
  const auto ratio = [&](double x) { return r.interp > 0 ? x / r.interp : 0; };
  std::printf("%-8s %10.1f %10.1f %7.1fx %10.1f %7.1fx %10.1f %7.1fx", name, r.interp, r.native, ratio(r.native),
              r.nativeO2, ratio(r.nativeO2), r.cli, ratio(r.cli));
  if (gforth > 0) {
    std::printf(" %12.1f %9.2fx", gforth, r.cli / gforth);
  } else {
    std::printf(" %12s %10s", noForth, "-");
  }
  std::printf("%s\n", tail);
}

struct Loaded {
  std::unique_ptr<chronon::SourceFile> file;
  gc::SideResult result;
};

Loaded loadSide(const fs::path& path) {
  Loaded l;
  l.file = std::make_unique<chronon::SourceFile>(path.filename().string(), slurp(path));
  l.result = gc::compileSide(*l.file);
  return l;
}

int32_t memoryOf(const gc::Type& type) {
  int32_t memory = 0;
  for (const gc::HardwareItem& item : type.hardware)
    if (item.component == gc::Component::kProcessor && item.arguments.size() > 1) memory = item.arguments[1];
  return memory;
}

// A body for the RoboTalk benchmark programs, which use only user variables.
class IdleHost final : public robotalk::Host {
 public:
  int16_t readRegister(robotalk::MachineState&, chronon::robotalk::Reg) override { return 0; }
  void writeRegister(robotalk::MachineState&, chronon::robotalk::Reg, int16_t) override {}
};

// Repetitions per second of a RoboTalk benchmark program (10000 S + R) under `engine`, run in calls
// of 100000 cycles for about `seconds`; `failed` says whether the brain died (a broken benchmark).
double roboTalkRepsPerSecond(const robotalk::Bytecode& code, robotalk::Engine& engine, double seconds, bool& failed) {
  IdleHost host;
  robotalk::MachineState brain;
  const auto start = Clock::now();
  double elapsed = 0;
  while (elapsed < seconds && !brain.failed) {
    for (int k = 0; k < 10; ++k) engine.run(code, brain, host, 100000);
    elapsed = secondsSince(start);
  }
  failed = brain.failed;
  const auto letter = [&](char c) { return static_cast<double>(brain.letters[static_cast<size_t>(c - 'A')]); };
  return (10000 * letter('S') + letter('R')) / elapsed;
}

// The RoboTalk rows of (a).
void benchRoboTalkPrograms(const fs::path& source, double seconds) {
  std::string reason;
  std::unique_ptr<chronon::jit::RoboTalkJit> jit = chronon::jit::RoboTalkJit::create(reason);
  chronon::jit::JitOptions o2;
  o2.optimization = 2;
  std::unique_ptr<chronon::jit::RoboTalkJit> jitO2 = chronon::jit::RoboTalkJit::create(reason, o2);
  if (!jit || !jitO2) {
    std::printf("(a') skipped: %s\n", reason.c_str());
    return;
  }
  std::printf(
      "\n(a') compute-heavy RoboTalk programs: repetitions per second (jit: level 1; jit-O2: level 2; cli: the\n"
      "     tournament's JIT once warm: level 1 in the background, then level 2 for a hot program)\n");
  std::printf("%-8s %10s %10s %8s %10s %8s %10s %8s %12s %10s\n", "program", "interp", "jit", "jit/int", "jit-O2",
              "O2/int", "cli", "cli/int", "gforth-fast", "cli/gforth");
  for (const char* name : {"fib", "sieve", "vector"}) {
    const fs::path path = source / "bench" / "programs" / (std::string(name) + ".rtk");
    const chronon::robotalk::LoadedRobot robot =
        chronon::robotalk::loadRobot(path.string(), chronon::robotalk::CompileOptions{});
    if (robot.diagnostics.hasErrors()) {
      std::printf("%-10s does not compile\n", name);
      continue;
    }
    const robotalk::Bytecode code = robotalk::decode(robot.program);
    const robotalk::Bytecode codeO2 = robotalk::decode(robot.program);
    jit->prepare(code, name);
    jitO2->prepare(codeO2, name);
    // As `chronon tournament --engine jit` sets it up: warmed up until the program is hot and its
    // level 2 code has replaced the first.
    chronon::jit::JitOptions tiered;
    tiered.background = true;
    tiered.hotInstructions = chronon::jit::kDefaultRoboTalkHotCycles;
    std::unique_ptr<chronon::jit::RoboTalkJit> cliJit = chronon::jit::RoboTalkJit::create(reason, tiered);
    const robotalk::Bytecode codeCli = robotalk::decode(robot.program);
    cliJit->prepare(codeCli, name);
    cliJit->waitIdle();
    {
      IdleHost host;
      robotalk::MachineState brain;
      int64_t cycles = 0;
      for (int k = 0; k < 1000 && cycles <= tiered.hotInstructions && !brain.failed; ++k)
        cycles += cliJit->run(codeCli, brain, host, 100000).cycles;
      cliJit->waitIdle();
    }
    bool failed[4] = {false, false, false, false};
    const double interp = roboTalkRepsPerSecond(code, robotalk::roboTalkInterpreter(), seconds, failed[0]);
    const double native = roboTalkRepsPerSecond(code, *jit, seconds, failed[1]);
    const double nativeO2 = roboTalkRepsPerSecond(codeO2, *jitO2, seconds, failed[2]);
    const double cli = roboTalkRepsPerSecond(codeCli, *cliJit, seconds, failed[3]);
    // Only fibonacci runs the same algorithm in Forth (the Forth sieve goes to 1000).
    const double gforth =
        std::string(name) == "fib" ? gforthRate(source / "bench" / "programs" / "fib.fs", cli, seconds) : -1;
    printRow(name, {interp, native, nativeO2, cli}, gforth, "-",
             failed[0] || failed[1] || failed[2] || failed[3] ? "  (A BRAIN FAILED)" : "");
  }
}

// Cycles per second of a RoboTalk benchmark program under `engine` when every call gets `budget`
// cycles, as a robot in battle gets its processor speed each chronon; run for about `seconds`.
double roboTalkCyclesPerSecond(const robotalk::Bytecode& code, robotalk::Engine& engine, int budget, double seconds) {
  IdleHost host;
  robotalk::MachineState brain;
  const auto start = Clock::now();
  double elapsed = 0;
  int64_t cycles = 0;
  while (elapsed < seconds && !brain.failed) {
    for (int k = 0; k < 1000; ++k) cycles += engine.run(code, brain, host, budget).cycles;
    elapsed = secondsSince(start);
  }
  return static_cast<double>(cycles) / elapsed;
}

// (a'') The RoboTalk rows of (a') again, with calls of a few cycles to a thousand: a robot in battle
// gets 5 to 50 cycles a chronon (its processor speed, specs/robowar.md §7), and every call enters and
// leaves native code once, so this shows from how long a turn native code pays (level 2 code).
void benchRoboTalkTurns(const fs::path& source, double seconds) {
  std::string reason;
  chronon::jit::JitOptions o2;
  o2.optimization = 2;
  std::unique_ptr<chronon::jit::RoboTalkJit> jit = chronon::jit::RoboTalkJit::create(reason, o2);
  if (!jit) {
    std::printf("(a'') skipped: %s\n", reason.c_str());
    return;
  }
  const int budgets[] = {5, 10, 20, 30, 50, 100, 1000};
  std::printf("\n(a'') the same RoboTalk programs in calls of N cycles: level 2 code against the interpreter\n");
  std::printf("%-8s", "program");
  for (const int budget : budgets) std::printf(" %7d", budget);
  std::printf("\n");
  for (const char* name : {"fib", "sieve", "vector"}) {
    const fs::path path = source / "bench" / "programs" / (std::string(name) + ".rtk");
    const chronon::robotalk::LoadedRobot robot =
        chronon::robotalk::loadRobot(path.string(), chronon::robotalk::CompileOptions{});
    if (robot.diagnostics.hasErrors()) continue;
    const robotalk::Bytecode interpreted = robotalk::decode(robot.program);
    const robotalk::Bytecode native = robotalk::decode(robot.program);
    jit->prepare(native, name);
    std::printf("%-8s", name);
    for (const int budget : budgets) {
      const double interp = roboTalkCyclesPerSecond(interpreted, robotalk::roboTalkInterpreter(), budget, seconds / 4);
      const double compiled = roboTalkCyclesPerSecond(native, *jit, budget, seconds / 4);
      std::printf(" %7.2f", compiled / interp);
    }
    std::printf("\n");
  }
}

// Every RoboWar robot under `root` (and its folders) that loads without errors.
std::vector<chronon::robotalk::Program> loadRoboWar(const fs::path& root) {
  std::vector<chronon::robotalk::Program> programs;
  if (!fs::is_directory(root)) return programs;
  std::vector<fs::path> paths;
  for (const auto& entry : fs::recursive_directory_iterator(root)) {
    std::string ext = entry.path().extension().string();
    std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return std::tolower(c); });
    if (entry.is_regular_file() && (ext == ".rtk" || ext == ".txt" || ext == ".rwr")) paths.push_back(entry.path());
  }
  std::sort(paths.begin(), paths.end());
  for (const fs::path& path : paths) {
    chronon::robotalk::LoadedRobot robot = chronon::robotalk::loadRobot(path.string(), {});
    if (!robot.diagnostics.hasErrors()) programs.push_back(std::move(robot.program));
  }
  return programs;
}

// The times of runs that alternate the two engines, and their ratios (interpreter / JIT). This
// machine's timings drift by up to 15% between runs, more than some differences measured, so the
// engines alternate and the median of the ratios is reported.
struct Alternation {
  std::vector<double> interp;
  std::vector<double> jit;
  std::vector<double> ratios;
};

// Plays `runs` rounds of `playInterp` then `playJit`, each returning the seconds its run took;
// false (after `playJit` printed why) when the JIT cannot run, a negative time.
template <typename PlayInterp, typename PlayJit>
bool alternate(int runs, PlayInterp playInterp, PlayJit playJit, Alternation& out) {
  for (int run = 0; run < runs; ++run) {
    const double interp = playInterp();
    const double jit = playJit();
    if (jit < 0) return false;
    out.interp.push_back(interp);
    out.jit.push_back(jit);
    out.ratios.push_back(interp / std::max(jit, 1e-9));
  }
  return true;
}

// "interp median X s, jit median Y s, median ratio Zx (ratios ...)" for `a`.
void printAlternation(const Alternation& a) {
  std::printf("interp median %.2f s, jit median %.2f s, median ratio %.2fx\n    (ratios", median(a.interp),
              median(a.jit), median(a.ratios));
  for (const double r : a.ratios) std::printf(" %.2f", r);
  std::printf(")");
}

// (b) and (b'): a group tournament of the bundled robots under both engines, one thread, with
// `duels` duels per pair and `groups` groups per robot. This machine's timings drift by up to 15%
// between runs, more than the difference measured, so the engines alternate `runs` times and the
// median of the ratios is reported.
void benchRoboWarTournament(const fs::path& source, const char* label, int duels, int groups, int runs) {
  const std::vector<chronon::robotalk::Program> programs = loadRoboWar(source / "stdlib" / "robowar");
  std::vector<rw::Contestant> contestants;
  for (const auto& p : programs) contestants.push_back({p.name, &p, 0, ""});
  if (contestants.size() < 2) {
    std::printf("\n%s skipped: fewer than two bundled robots\n", label);
    return;
  }
  rw::TournamentOptions options;
  options.numDuels = duels;
  options.numGroups = groups;
  options.threads = 1;
  options.seed = 1;
  bool same = true;
  chronon::jit::JitStats compiled;
  rw::TournamentReport a;
  std::string error;
  const auto playInterp = [&] {
    options.rules.engine = nullptr;
    const auto start = Clock::now();
    a = rw::runTournament(contestants, options, {}, {}, error);
    return secondsSince(start);
  };
  const auto playJit = [&] {
    // As `chronon tournament --engine jit` sets it up, afresh for every run: compiled in the
    // background while the interpreter plays, hot programs recompiled at level 2; the time includes
    // all of it.
    chronon::jit::JitOptions tiered;
    tiered.background = true;
    tiered.hotInstructions = chronon::jit::kDefaultRoboTalkHotCycles;
    std::string reason;
    std::unique_ptr<chronon::jit::RoboTalkJit> jit = chronon::jit::RoboTalkJit::create(reason, tiered);
    if (!jit) {
      std::printf("\n%s skipped: %s\n", label, reason.c_str());
      return -1.0;
    }
    const auto start = Clock::now();
    for (const auto& p : programs) jit->prepare(robotalk::decode(p), p.name);
    options.rules.engine = jit.get();
    const rw::TournamentReport b = rw::runTournament(contestants, options, {}, {}, error);
    const double seconds = secondsSince(start);
    compiled = jit->stats();
    same = same && a.standings.size() == b.standings.size() && a.bouts.size() == b.bouts.size();
    for (size_t i = 0; same && i < a.standings.size(); ++i)
      same = a.standings[i].name == b.standings[i].name && a.standings[i].finalScore == b.standings[i].finalScore;
    for (size_t i = 0; same && i < a.bouts.size(); ++i) same = a.bouts[i].result.chronons == b.bouts[i].result.chronons;
    return seconds;
  };
  Alternation times;
  if (!alternate(runs, playInterp, playJit, times)) return;
  std::printf(
      "\n%s RoboWar tournament of the %zu bundled robots (%d duels a pair, %d groups a robot: %zu battles with the "
      "Winners'\n    Circle), 1 thread, %d runs of each engine, alternating: ",
      label, contestants.size(), duels, groups, a.bouts.size(), runs);
  printAlternation(times);
  std::printf(
      ", results %s; in the last run the JIT compiled %zu programs (some again, hot,\n    at level 2) in %.0f ms "
      "on its background thread\n",
      same ? "identical" : "DIFFER", compiled.records.size(), compiled.totalMilliseconds);
}

// (b) and (b'): the bundled robots' tournament at two lengths.
void benchRoboWarTournaments(const fs::path& source) {
  benchRoboWarTournament(source, "(b)", 20, 100, 5);
  benchRoboWarTournament(source, "(b')", 100, 500, 5);
}

// Programs longer than this are not compiled at level 2 in the latency table.
constexpr size_t kLongProgram = 1000;

// Compile latency per distinct RoboWar robot over the corpus and the bundled robots.
void benchRoboTalkCompile(const fs::path& source, const fs::path& shared) {
  std::vector<chronon::robotalk::Program> programs = loadRoboWar(shared / "corpus" / "robowar");
  for (auto& p : loadRoboWar(source / "stdlib" / "robowar")) programs.push_back(std::move(p));
  std::printf(
      "\ncompile latency per distinct RoboWar robot over the corpus and the bundled robots (ms, excluding "
      "the first):\n");
  for (const int level : {0, 1, 2}) {
    chronon::jit::JitOptions options;
    options.optimization = level;
    std::string reason;
    std::unique_ptr<chronon::jit::RoboTalkJit> engine = chronon::jit::RoboTalkJit::create(reason, options);
    if (!engine) return;
    // Level 2 takes seconds per robot beyond a thousand instructions; those are left out there.
    int skipped = 0;
    for (const auto& p : programs) {
      if (level == 2 && p.code.size() > kLongProgram) {
        ++skipped;
        continue;
      }
      engine->prepare(robotalk::decode(p), p.name);
    }
    const chronon::jit::JitStats stats = engine->stats();
    std::vector<double> ms;
    int declined = 0;
    size_t longest = 0;
    for (size_t i = 1; i < stats.records.size(); ++i) {
      ms.push_back(stats.records[i].milliseconds);
      declined += stats.records[i].compiled ? 0 : 1;
      longest = std::max(longest, static_cast<size_t>(stats.records[i].instructions));
    }
    std::printf(
        "  O%d: %zu robots (up to %zu instructions), median %.2f, p90 %.2f, max %.2f, total %.0f ms, %d "
        "declined, %d left out\n",
        level, stats.records.size(), longest, median(ms), percentile(ms, 0.9),
        ms.empty() ? 0 : *std::max_element(ms.begin(), ms.end()), stats.totalMilliseconds, declined, skipped);
  }
}

}  // namespace

// Runs of each engine in (c), alternating as in (b).
constexpr int kTop9Runs = 3;

// (c): the Grobots top9 tournament under both engines, one thread, `rounds` rounds, alternating.
void benchTop9(const fs::path& shared, int rounds) {
  const fs::path top9 = shared / "reference" / "grobots" / "top9";
  if (!fs::is_directory(top9)) {
    std::printf("\n(c) skipped: %s is absent\n", top9.string().c_str());
    return;
  }
  std::vector<Loaded> loaded;
  std::istringstream list(slurp(top9 / "sides.txt"));
  std::string name;
  while (std::getline(list, name)) {
    if (!name.empty()) loaded.push_back(loadSide(shared / "corpus" / "grobots" / name));
  }
  std::vector<const gc::Side*> sides;
  for (const Loaded& l : loaded)
    if (l.result.loaded()) sides.push_back(&l.result.side);
  gb::TournamentOptions options;
  options.rounds = rounds;
  options.threads = 1;
  options.seed = 1;
  bool same = true;
  chronon::jit::JitStats compiled;
  gb::TournamentResult a;
  const auto playInterp = [&] {
    options.world.engine = nullptr;
    const auto start = Clock::now();
    a = gb::runTournament(sides, options);
    return secondsSince(start);
  };
  const auto playJit = [&] {
    // As `chronon tournament --engine jit` does: a fresh JIT that compiles in the background while
    // the interpreter runs each brain, so the time includes every compile.
    chronon::jit::JitOptions background;
    background.background = true;
    background.hotInstructions = chronon::jit::kDefaultHotInstructions;
    std::string reason;
    std::unique_ptr<chronon::jit::GrobocodeJit> jit = chronon::jit::GrobocodeJit::create(reason, background);
    if (!jit) {
      std::printf("\n(c) skipped: %s\n", reason.c_str());
      return -1.0;
    }
    const auto start = Clock::now();
    for (const gc::Side* side : sides)
      for (const gc::Type& type : side->types)
        if (type.brain) jit->prepare(*type.brain, type.name);
    options.world.engine = jit.get();
    const gb::TournamentResult b = gb::runTournament(sides, options);
    const double seconds = secondsSince(start);
    compiled = jit->stats();
    same = same && a.rounds.size() == b.rounds.size();
    for (size_t k = 0; same && k < a.rounds.size(); ++k) {
      same = a.rounds[k].frames == b.rounds[k].frames;
      for (size_t i = 0; same && i < a.rounds[k].sides.size(); ++i)
        same = a.rounds[k].sides[i].fraction == b.rounds[k].sides[i].fraction;
    }
    return seconds;
  };
  Alternation times;
  if (!alternate(kTop9Runs, playInterp, playJit, times)) return;
  std::printf("\n(c) Grobots top9 tournament, %d rounds, 1 thread, %d runs of each engine, alternating:\n    ", rounds,
              kTop9Runs);
  printAlternation(times);
  std::printf(
      ", results %s; in the last run the JIT compiled %zu brains\n    in %.0f ms on its background thread (%lld "
      "still queued at the end)\n",
      same ? "identical" : "DIFFER", compiled.records.size(), compiled.totalMilliseconds,
      static_cast<long long>(compiled.queued));
}

int main(int argc, char** argv) {
  const fs::path source = CHRONON_BENCH_SOURCE_DIR;
  const fs::path shared = argc > 1 ? fs::path(argv[1]) : source / ".." / "shared";
  const double seconds = argc > 2 ? std::atof(argv[2]) : 1.0;
  const int top9Rounds = argc > 3 ? std::atoi(argv[3]) : 6;
  // A fourth argument "robotalk" runs only the RoboTalk measurements, "programs" only (a) and (a').
  const std::string only = argc > 4 ? argv[4] : "";
  if (only == "robotalk") {
    benchRoboTalkPrograms(source, seconds);
    benchRoboTalkTurns(source, seconds);
    benchRoboWarTournaments(source);
    benchRoboTalkCompile(source, shared);
    return 0;
  }

  std::string reason;
  std::unique_ptr<chronon::jit::GrobocodeJit> jit = chronon::jit::GrobocodeJit::create(reason);
  if (!jit) {
    std::printf("skipped: the JIT is not available: %s\n", reason.c_str());
    return 0;
  }

  // The same compute-heavy brains at the full O2 level, which compiles much slower (see the end).
  chronon::jit::JitOptions o2;
  o2.optimization = 2;
  std::unique_ptr<chronon::jit::GrobocodeJit> jitO2 = chronon::jit::GrobocodeJit::create(reason, o2);

  // The command line's configuration: background compiles at level 1, hot brains again at level 2.
  chronon::jit::JitOptions tieredOptions;
  tieredOptions.background = true;
  tieredOptions.hotInstructions = chronon::jit::kDefaultHotInstructions;
  std::unique_ptr<chronon::jit::GrobocodeJit> tiered = chronon::jit::GrobocodeJit::create(reason, tieredOptions);

  std::printf(
      "(a) compute-heavy brains: repetitions per second (jit: level 1; jit-O2: level 2; cli: the command\n"
      "    line's JIT once warm: level 1 in the background, then level 2 for a hot brain)\n");
  std::printf("%-8s %10s %10s %8s %10s %8s %10s %8s %12s %10s\n", "program", "interp", "jit", "jit/int", "jit-O2",
              "O2/int", "cli", "cli/int", "gforth-fast", "cli/gforth");
  for (const char* name : {"fib", "sieve", "vector"}) {
    const Loaded side = loadSide(source / "bench" / "programs" / (std::string(name) + ".gb"));
    if (!side.result.loaded() || side.result.side.types.empty() || !side.result.side.types[0].brain) {
      std::printf("%-10s does not load\n", name);
      continue;
    }
    const gc::Type& type = side.result.side.types[0];
    jit->prepare(*type.brain, name);
    jitO2->prepare(*type.brain, name);
    gc::MachineState interpState;
    gc::MachineState jitState;
    gc::MachineState o2State;
    const double interp = repsPerSecond(*type.brain, memoryOf(type), gc::interpreterEngine(), seconds, interpState);
    const double native = repsPerSecond(*type.brain, memoryOf(type), *jit, seconds, jitState);
    const double nativeO2 = repsPerSecond(*type.brain, memoryOf(type), *jitO2, seconds, o2State);
    // Warm up until the hot brain's level-2 code is in place, then measure.
    gc::MachineState tieredState;
    tiered->prepare(*type.brain, name);
    const auto upgraded = [&] {
      for (const chronon::jit::CompileRecord& r : tiered->stats().records)
        if (r.name == name && r.optimization == 2) return true;
      return false;
    };
    for (int warm = 0; warm < 20 && !upgraded(); ++warm) {
      repsPerSecond(*type.brain, memoryOf(type), *tiered, seconds / 4, tieredState);
      tiered->waitIdle();
    }
    const double cli = repsPerSecond(*type.brain, memoryOf(type), *tiered, seconds, tieredState);
    const fs::path forth = source / "bench" / "programs" / (std::string(name) + ".fs");
    const double gforth = fs::exists(forth) ? gforthRate(forth, cli, seconds) : -1;
    printRow(name, {interp, native, nativeO2, cli}, gforth, fs::exists(forth) ? "(no gforth)" : "-", "");
  }

  benchRoboTalkPrograms(source, seconds);
  benchRoboTalkTurns(source, seconds);
  if (only == "programs") return 0;
  benchRoboWarTournaments(source);

  benchTop9(shared, top9Rounds);

  const fs::path corpus = shared / "corpus" / "grobots";
  if (fs::is_directory(corpus)) {
    std::vector<Loaded> loaded;
    for (const auto& entry : fs::directory_iterator(corpus))
      if (entry.path().extension() == ".gb") loaded.push_back(loadSide(entry.path()));
    std::printf("\ncompile latency per distinct brain over the Grobots corpus (ms, excluding the first):\n");
    for (const int level : {0, 1, 2}) {
      chronon::jit::JitOptions options;
      options.optimization = level;
      std::unique_ptr<chronon::jit::GrobocodeJit> engine = chronon::jit::GrobocodeJit::create(reason, options);
      for (const Loaded& l : loaded) {
        if (!l.result.loaded()) continue;
        for (const gc::Type& t : l.result.side.types)
          if (t.brain) engine->prepare(*t.brain, t.name);
      }
      const chronon::jit::JitStats stats = engine->stats();
      std::vector<double> ms;
      int declined = 0;
      for (size_t i = 1; i < stats.records.size(); ++i) {
        ms.push_back(stats.records[i].milliseconds);
        declined += stats.records[i].compiled ? 0 : 1;
      }
      std::printf("  O%d: %zu brains, median %.2f, p90 %.2f, max %.2f, total %.0f ms, %d declined\n", level,
                  stats.records.size(), median(ms), percentile(ms, 0.9),
                  ms.empty() ? 0 : *std::max_element(ms.begin(), ms.end()), stats.totalMilliseconds, declined);
    }
  }
  benchRoboTalkCompile(source, shared);
  return 0;
}
