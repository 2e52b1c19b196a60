// Differential tests of the RoboTalk JIT (vm/jit, issue 5): the JIT and the interpreter must leave
// the same MachineState, return the same RunResult and make the same host calls for every program, every
// budget and every error, and RoboWar battles must give the same results and event logs.

#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "chronon/arena/robowar_battle.h"
#include "chronon/arena/robowar_tournament.h"
#include "chronon/arena/robowar_tournament_report.h"
#include "chronon/compiler/robotalk_assembler.h"
#include "chronon/jit/jit.h"
#include "chronon/jit/robotalk_jit.h"
#include "chronon/vm/robotalk_engine.h"
#include "chronon/vm/robotalk_interpreter.h"
#include "test_support.h"

#include <unistd.h>

namespace {

using namespace chronon;
using jit::CompileRecord;
using jit::JitOptions;
using jit::JitStats;
using jit::RoboTalkJit;
using robotalk::Reg;
namespace rw = chronon::arena::robowar;

// One JIT for the whole test binary, as a tournament shares one.
RoboTalkJit& theJit() {
  static std::unique_ptr<RoboTalkJit> engine = [] {
    std::string reason;
    auto made = RoboTalkJit::create(reason);
    INFO(reason);
    REQUIRE(made != nullptr);
    return made;
  }();
  return *engine;
}

robotalk::Program compileSource(const std::string& source) {
  SourceFile file("test.rtk", source);
  robotalk::CompileResult result = robotalk::compile(file, robotalk::CompileOptions{});
  INFO(source);
  REQUIRE_FALSE(result.diagnostics.hasErrors());
  return result.program;
}

// A deterministic body: reads give values that depend on the register and the number of calls so
// far, writes are logged, AIM writes enter the RANGE handler when one is set (as the arena's can),
// CHANNEL rejects values outside 1-10 and NEAREST cannot be read. Both engines see the same sequence if they make the
// same calls in the same order.
class LoggingHost final : public robotalk::Host {
 public:
  std::vector<std::string> log;
  int16_t readRegister(robotalk::MachineState& brain, Reg reg) override {
    const auto value = static_cast<int16_t>((static_cast<int>(log.size()) * 37 + static_cast<int>(reg) * 11) % 301);
    log.push_back("read " + std::to_string(static_cast<int>(reg)) + " pc " + std::to_string(brain.pc) + " sp " +
                  std::to_string(brain.sp) + " -> " + std::to_string(value));
    if (reg == Reg::Nearest) {
      robotalk::fail(brain, "NEAREST not here", -1);
      return 0;
    }
    return value;
  }
  void writeRegister(robotalk::MachineState& brain, Reg reg, int16_t value) override {
    log.push_back("write " + std::to_string(static_cast<int>(reg)) + " = " + std::to_string(value) + " pc " +
                  std::to_string(brain.pc) + " sp " + std::to_string(brain.sp));
    if (reg == Reg::Channel && (value < 1 || value > 10)) {
      robotalk::fail(brain, "Invalid channel (1-10)", -1);
      return;
    }
    if (reg == Reg::Aim && brain.interruptsEnabled &&
        brain.interrupts[static_cast<size_t>(robotalk::Interrupt::kRange)].handler >= 0 && value % 3 == 0) {
      robotalk::enterInterrupt(brain, robotalk::Interrupt::kRange);
    }
  }
  void interruptEntered(robotalk::MachineState& brain, robotalk::Interrupt which) override {
    log.push_back("interrupt " + std::to_string(static_cast<int>(which)) + " pc " + std::to_string(brain.pc));
  }
  // With keepDirect(), X, Y and AIM are ints the host keeps (Host::directReads), read without a call,
  // as the arena keeps its robots' registers; the others still go through readRegister.
  std::array<int, 3> kept{};
  std::array<const int*, robotalk::kRegisterCount> table{};
  void keepDirect(int call) {
    // Values on both sides of what int16_t holds, which both engines must clip alike.
    kept = {32767 - 4000 + call * 97, -32768 + 4000 - call * 89, (call * 53) % 360};
    table[static_cast<size_t>(Reg::X)] = &kept[0];
    table[static_cast<size_t>(Reg::Y)] = &kept[1];
    table[static_cast<size_t>(Reg::Aim)] = &kept[2];
    directReads = table.data();
  }
};

std::string describe(const robotalk::MachineState& b) {
  std::ostringstream out;
  out << "pc " << b.pc << " sp " << b.sp << " failed " << b.failed << " error '" << b.error << "' at " << b.errorAddress
      << " ints " << b.interruptsEnabled << " pending " << b.pending << " stack";
  for (int i = 0; i < b.sp; ++i) out << ' ' << b.stack[static_cast<size_t>(i)];
  return out.str();
}

// Runs `code` under both engines call by call with uneven budgets, queueing and servicing edge
// interrupts between calls as the arena does, and checks that everything observable is equal after
// every call. With `direct`, the hosts keep X, Y and AIM as ints (LoggingHost::keepDirect). Returns
// the number of calls made.
int compareStepping(const robotalk::Bytecode& code, int calls, uint32_t seed, bool direct = false) {
  constexpr std::array<int, 12> kBudgets = {1, 2, 3, 5, 7, 11, 13, 4, 17, 30, 50, 1000};
  robotalk::MachineState a;
  robotalk::MachineState b;
  LoggingHost hostA;
  LoggingHost hostB;
  int made = 0;
  for (int call = 0; call < calls; ++call) {
    const int budget = kBudgets[(static_cast<size_t>(call) + seed) % kBudgets.size()];
    if (call % 7 == 3) {
      const auto which = static_cast<robotalk::Interrupt>((call / 7 + seed) % 9);
      robotalk::queueInterrupt(a, which);
      robotalk::queueInterrupt(b, which);
      if (a.interruptsEnabled) robotalk::serviceInterrupts(a);
      if (b.interruptsEnabled) robotalk::serviceInterrupts(b);
    }
    if (direct) {
      hostA.keepDirect(call);
      hostB.keepDirect(call);
    }
    const robotalk::RunResult ra = robotalk::run(code, a, hostA, budget);
    const robotalk::RunResult rb = theJit().run(code, b, hostB, budget);
    ++made;
    INFO("call " << call << " budget " << budget);
    INFO("interp " << describe(a));
    INFO("jit    " << describe(b));
    REQUIRE(static_cast<int>(ra.stop) == static_cast<int>(rb.stop));
    REQUIRE(ra.cycles == rb.cycles);
    REQUIRE(hostA.log == hostB.log);
    REQUIRE(a == b);
    if (a.failed) break;
  }
  return made;
}

// Everything a battle result says, events included, one line per item.
std::string describe(const rw::Result& r) {
  std::ostringstream out;
  out << "chronons " << r.chronons << " timedOut " << r.timedOut << '\n';
  for (const rw::Outcome& o : r.robots) {
    out << "robot alive " << o.alive << " death " << o.deathChronon << " cause " << static_cast<int>(o.cause)
        << " error '" << o.error << "' at " << o.errorAddress << " killer " << o.killer << " kills " << o.kills
        << " points " << o.points << " energy " << o.finalEnergy << " damage " << o.finalDamage << '\n';
  }
  for (const rw::Event& e : r.events) {
    out << e.chronon << ' ' << static_cast<int>(e.kind) << ' ' << e.robot << ' ' << e.other << ' ' << e.value << ' '
        << e.text << '\n';
  }
  return out.str();
}

void compareBattle(const std::vector<rw::Entry>& entries, uint64_t seed) {
  rw::Rules interp;
  rw::Rules native;
  native.engine = &theJit();
  const std::string a = describe(rw::runBattle(entries, seed, interp, true));
  const std::string b = describe(rw::runBattle(entries, seed, native, true));
  INFO("seed " << seed);
  REQUIRE(a == b);
}

std::vector<robotalk::Program> loadAll(const std::vector<std::filesystem::path>& paths) {
  std::vector<robotalk::Program> programs;
  for (const auto& path : paths) {
    robotalk::LoadedRobot robot = robotalk::loadRobot(path.string(), robotalk::CompileOptions{});
    if (!robot.diagnostics.hasErrors()) programs.push_back(std::move(robot.program));
  }
  return programs;
}

std::vector<std::filesystem::path> filesUnder(const std::filesystem::path& root) {
  std::vector<std::filesystem::path> paths;
  if (!std::filesystem::is_directory(root)) return paths;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(root)) {
    if (!entry.is_regular_file()) continue;
    std::string ext = entry.path().extension().string();
    std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return std::tolower(c); });
    if (ext == ".rtk" || ext == ".txt" || ext == ".rwr") paths.push_back(entry.path());
  }
  std::sort(paths.begin(), paths.end());
  return paths;
}

std::vector<robotalk::Program> bundledRobots() { return loadAll(filesUnder(test::sourceDir() / "stdlib" / "robowar")); }

bool fullRun() {
  const char* full = std::getenv("CHRONON_JIT_FULL");
  return full != nullptr && std::string(full) == "1";
}

// A JIT as a tournament's, compiling in the background, whose programs are hot after a few battles
// so that level 2 code replaces level 1 during the tournaments.
std::unique_ptr<RoboTalkJit> tieredJit() {
  std::string reason;
  JitOptions options;
  options.background = true;
  options.hotInstructions = 20000;
  return RoboTalkJit::create(reason, options);
}

// How many level 2 recompiles in `stats` have more blocks than their program's level 1 compile: the
// block starts planProgram took from where level 1's calls began inside blocks.
size_t splitRecompiles(const JitStats& stats) {
  std::map<std::string, int> firstBlocks;
  for (const CompileRecord& r : stats.records) {
    if (r.optimization == 1) firstBlocks[r.name] = r.blocks;
  }
  size_t split = 0;
  for (const CompileRecord& r : stats.records) {
    if (r.optimization == 2 && r.blocks > firstBlocks[r.name]) ++split;
  }
  return split;
}

}  // namespace

TEST_CASE("RoboTalk JIT compiles the bundled robots and reports it", "[jit][robotalk]") {
  const std::vector<robotalk::Program> robots = bundledRobots();
  REQUIRE(robots.size() >= 8);
  for (const robotalk::Program& p : robots) {
    const robotalk::Bytecode code = robotalk::decode(p);
    std::string note;
    INFO(p.name << ": " << note);
    CHECK(theJit().prepare(code, p.name, &note));
  }
  const jit::JitStats stats = theJit().stats();
  CHECK(stats.records.size() >= robots.size());
  for (const jit::CompileRecord& r : stats.records) {
    CHECK(r.blocks > 0);
    CHECK(r.milliseconds > 0);
  }
}

TEST_CASE("RoboTalk JIT caches compiled code per distinct program", "[jit][robotalk]") {
  const robotalk::Program p = compileSource("start: 1 2 + drop start jump");
  const robotalk::Bytecode one = robotalk::decode(p);
  const robotalk::Bytecode two = robotalk::decode(p);
  REQUIRE(theJit().prepare(one, "cache-one"));
  const int64_t hits = theJit().stats().cacheHits;
  const size_t records = theJit().stats().records.size();
  REQUIRE(theJit().prepare(two, "cache-two"));
  CHECK(theJit().stats().cacheHits == hits + 1);
  CHECK(theJit().stats().records.size() == records);
  CHECK(jit::programHash(one) == jit::programHash(two));
  CHECK(jit::programHash(one) != jit::programHash(robotalk::decode(compileSource("start: 1 3 + drop start jump"))));
}

TEST_CASE("RoboTalk JIT matches the interpreter on compute loops with every budget", "[jit][robotalk]") {
  const std::vector<std::string> sources = {
      // Recursive fibonacci through CALL and computed returns.
      "start: 10 fib call drop start jump\n"
      "fib: swap dup 2 < base ifg dup 1 - fib call swap 2 - fib call + swap jump\n"
      "base: swap jump",
      // A sieve in the VSTORE vector.
      "2 i' store\n"
      "outer: i 100 > done ifg i vrecall 0 = mark ifg next jump\n"
      "mark: i i * j' store\n"
      "inner: j 100 > next ifg 1 j vstore j i + j' store inner jump\n"
      "next: i 1 + i' store outer jump\n"
      "done: 0 c' store 2 k' store\n"
      "count: k 100 > fin ifg k vrecall 0 = c + c' store k 1 + k' store count jump\n"
      "fin: c print drop sync fin jump",
      // Vector arithmetic with every inline word.
      "0 n' store\n"
      "loop: n 7 * 13 mod n 3 - max n 5 / min abs chs not n and n or n xor dup n vstore n vrecall - drop\n"
      "n 1 + n' store n 100 < loop ifg\n"
      "n 1 > p q ife p: q: drop n x y ifeg x: y: sync 0 n' store loop jump",
      // VSTORE and VRECALL out of range (ignored, 0) and at both ends (robotalk_semantics.def).
      "loop: 42 101 vstore 101 vrecall -1 vrecall + 7 -3 vstore -3 vrecall + n 100 vstore 100 vrecall +\n"
      "n 0 vstore 0 vrecall + 32767 vrecall + drop n 1 + n' store n 30 < loop ifg sync 0 n' store loop jump",
      // Interrupts, hardware reads and writes, and a RANGE handler entered by an AIM write.
      "hit range' setint 100 range' setparam inton\n"
      "loop: aim 3 + aim' store speedx 1 + drop sync loop jump\n"
      "hit: 5 drop rti",
      // A RANGE handler that is the instruction after the AIM write entering it: only the return
      // address it pushed tells the entry from going on (the stack fills until it overflows).
      "hit range' setint inton\n"
      "loop: aim 3 + aim' store\n"
      "hit: speedx drop 7 8 + drop loop jump",
      // Hardware accesses through computed codes, and a handler entered at a computed address.
      "aim' a' store range' b' store h 0 + range' setint inton\n"
      "loop: a recall 2 + a store b recall drop loop jump\n"
      "h: 9 drop rti",
      // Free instructions (cost 0) in a long loop: the free-instruction cap ends the call.
      "1 loop: icon1 snd2 icon3 print icon1 snd2 icon3 print icon1 snd2 icon3 print icon1 snd2 icon3 print\n"
      "icon1 snd2 icon3 print icon1 snd2 icon3 print debug 1 loop ifg",
  };
  // A program longer than the register limit (robotalk_lower.h) keeps its counters in the brain; it
  // counts A up until the sum leaves the bounds ("Number out of bounds.").
  std::string longProgram = "start:";
  for (int i = 0; i < 300; ++i) longProgram += " a " + std::to_string(i % 7) + " + a' store";
  longProgram += " sync start jump";
  std::vector<std::string> all = sources;
  all.push_back(longProgram);
  for (const std::string& source : all) {
    const robotalk::Bytecode code = robotalk::decode(compileSource(source));
    REQUIRE(code.cells.size() > (source == longProgram ? 1000U : 0U));
    INFO(source);
    REQUIRE(theJit().prepare(code, "compute"));
    for (uint32_t seed = 0; seed < 4; ++seed) CHECK(compareStepping(code, 300, seed) > 0);
  }
}

TEST_CASE("RoboTalk JIT reads the registers a host keeps as ints where they lie, clipped as the interpreter clips them",
          "[jit][robotalk]") {
  // X and Y cross the bounds of int16_t as the calls go on; SPEEDX and RANGE are not kept.
  const std::string source =
      "hit range' setint 100 range' setparam inton\n"
      "loop: x a' store y b' store aim 3 + aim' store speedx range + drop a b aim sync loop jump\n"
      "hit: x y - drop rti";
  const robotalk::Bytecode code = robotalk::decode(compileSource(source));
  REQUIRE(theJit().prepare(code, "direct"));
  for (uint32_t seed = 0; seed < 4; ++seed) CHECK(compareStepping(code, 200, seed, true) > 0);
  // The clipped values themselves, after one call that reads X and Y once each.
  const robotalk::Bytecode once = robotalk::decode(compileSource("x y aim sync"));
  REQUIRE(theJit().prepare(once, "direct-once"));
  for (const int call : {0, 41, 60}) {
    robotalk::MachineState a;
    robotalk::MachineState b;
    LoggingHost hostA;
    LoggingHost hostB;
    hostA.keepDirect(call);
    hostB.keepDirect(call);
    robotalk::run(once, a, hostA, 100);
    theJit().run(once, b, hostB, 100);
    REQUIRE(a == b);
    REQUIRE(a.sp == 3);
    CHECK(a.stack[0] == std::min(hostA.kept[0], 32767));
    CHECK(a.stack[1] == std::max(hostA.kept[1], -32768));
    CHECK(a.stack[2] == hostA.kept[2]);
    CHECK(hostA.log.empty());
    CHECK(hostB.log.empty());
  }
}

TEST_CASE("RoboTalk JIT fails bad programs exactly as the interpreter", "[jit][robotalk]") {
  struct Bad {
    const char* source;
    const char* error;
  };
  const std::vector<Bad> cases = {
      {"1 drop drop", "Stack underflow"},
      {"loop: 1 loop jump", "Stack overflow"},
      {"loop: 1 dup loop jump", "Stack overflow"},
      {"5000 jump", "Jump destination not in program"},
      {"-3 jump", "Jump destination not in program"},
      {"1 a' store a 9000 + jump", "Jump destination not in program"},
      {"1 -1 if", "Jump destination not in program"},
      {"0 -1 if 1 -2 3 ife", "Jump destination not in program"},
      {"1 19000 call", "Jump destination not in program"},
      {"19999 1 +", "Number out of bounds."},
      {"-19999 1 -", "Number out of bounds."},
      {"200 200 *", "Number out of bounds."},
      {"1 0 /", "Division by zero"},
      {"1 0 mod", "Mod by zero"},
      {"500 vrecall 7 -4 vstore drop 1 2 ife", "Stark underflow"},
      {"1 2 ifg", "Stack underflow"},
      // The assembler appends END; 4 is one past it, a valid destination that fails when run.
      {"1 drop", "End of code reached"},
      {"3 jump 1", "End of code reached"},
      {"4 jump 1", "Tried executing beyond end of program"},
      {"-1 sqrt", "Square root of negative number."},
      {"1 5 store", "Variable not provided"},
      {"5 a' store a' recall 0 channel' store", "Invalid channel (1-10)"},
      {"1 2 + aim 4 nearest", "NEAREST not here"},
      // The stack is full when the queued COLLISION is serviced: entering the handler overflows.
      {"h collision' setint inton 0 n' store fill: 1 n 1 + n' store n 95 < fill ifg 1 1 1 1 1\n"
       "sync sync sync sync sync sync sync sync sync sync sync sync sync sync sync sync sync sync sync sync\n"
       "h: rti",
       "Interrupt caused stack overflow"},
  };
  for (const Bad& bad : cases) {
    const robotalk::Bytecode code = robotalk::decode(compileSource(bad.source));
    INFO(bad.source);
    for (uint32_t seed = 0; seed < 6; ++seed) {
      robotalk::MachineState probe;
      LoggingHost host;
      compareStepping(code, 400, seed);
      // The interpreter itself must fail with the expected message, so the case can fail.
      for (int i = 0; i < 400 && !probe.failed; ++i) {
        if (i % 7 == 3) {
          robotalk::queueInterrupt(probe, robotalk::Interrupt::kCollision);
          if (probe.interruptsEnabled) robotalk::serviceInterrupts(probe);
        }
        robotalk::run(code, probe, host, 1000);
      }
      if (seed == 0) {
        CHECK(probe.failed);
        CHECK(std::string(probe.error) == bad.error);
      }
    }
  }
}

TEST_CASE("RoboTalk JIT matches the interpreter on the bundled robots, brain by brain", "[jit][robotalk]") {
  for (const robotalk::Program& p : bundledRobots()) {
    const robotalk::Bytecode code = robotalk::decode(p);
    INFO(p.name);
    for (uint32_t seed = 0; seed < 3; ++seed) CHECK(compareStepping(code, 500, seed) > 0);
  }
}

TEST_CASE("RoboTalk JIT battles of the bundled robots equal the interpreter's", "[jit][robotalk]") {
  const std::vector<robotalk::Program> robots = bundledRobots();
  REQUIRE(robots.size() >= 2);
  for (size_t i = 0; i < robots.size(); ++i) {
    const rw::Entry one{&robots[i], 0};
    const rw::Entry two{&robots[(i + 1) % robots.size()], 0};
    INFO(robots[i].name);
    for (uint64_t seed = 1; seed <= 2; ++seed) compareBattle({one, two}, seed + i);
  }
  std::vector<rw::Entry> group;
  for (size_t i = 0; i < robots.size() && group.size() < 6; ++i) group.push_back({&robots[i], 0});
  for (uint64_t seed = 1; seed <= 3; ++seed) compareBattle(group, seed);
}

TEST_CASE("RoboTalk JIT compiling in the background plays the interpreter's tournaments", "[jit][robotalk]") {
  const std::vector<robotalk::Program> robots = bundledRobots();
  REQUIRE(robots.size() >= 2);
  std::vector<rw::Contestant> contestants;
  for (const robotalk::Program& p : robots) contestants.push_back(rw::Contestant{p.name, &p, 0, {}});
  std::unique_ptr<RoboTalkJit> jit = tieredJit();
  REQUIRE(jit != nullptr);
  rw::TournamentOptions tournament;
  tournament.numDuels = 1;
  tournament.threads = 2;
  std::string error;
  const std::string expected = rw::formatStandingsTable(rw::runTournament(contestants, tournament, {}, {}, error));
  REQUIRE(error.empty());
  tournament.rules.engine = jit.get();
  // First while the programs are still compiling (robots change engines between calls, and hot ones
  // again to level 2), then with every program compiled at both levels.
  for (const robotalk::Program& p : robots) CHECK(jit->prepare(robotalk::decode(p), p.name));
  CHECK(rw::formatStandingsTable(rw::runTournament(contestants, tournament, {}, {}, error)) == expected);
  // Now every program has its level 1 code, so this tournament runs natively and makes them hot.
  jit->waitIdle();
  CHECK(rw::formatStandingsTable(rw::runTournament(contestants, tournament, {}, {}, error)) == expected);
  jit->waitIdle();
  const JitStats stats = jit->stats();
  CHECK(stats.queued == 0);
  size_t first = 0;
  size_t hot = 0;
  for (const CompileRecord& r : stats.records) {
    CHECK(r.compiled);
    (r.optimization == 2 ? hot : first) += 1;
  }
  CHECK(first == robots.size());
  CHECK(hot >= 2);
  // Robots that run 15 to 50 cycles a call begin calls inside level 1's blocks in every loop.
  CHECK(splitRecompiles(stats) >= 1);
  CHECK(rw::formatStandingsTable(rw::runTournament(contestants, tournament, {}, {}, error)) == expected);
  CHECK(error.empty());
}

TEST_CASE("RoboTalk JIT's hot recompile plays the interpreter's tournament on a corpus sample",
          "[jit][robotalk][corpus]") {
  CHRONON_REQUIRE_CORPUS();
  const std::vector<robotalk::Program> all = loadAll(filesUnder(test::sharedDir() / "corpus" / "robowar"));
  REQUIRE(all.size() >= 10);
  // Every third robot (all with CHRONON_JIT_FULL=1), so that many programs reach the level 2
  // recompile with the block starts their level 1 calls left. Programs over 1000 instructions
  // take seconds to compile at level 2, and the other tests cover them at level 1.
  constexpr size_t kLongProgram = 1000;
  std::vector<rw::Contestant> contestants;
  for (size_t i = 0; i < all.size(); i += fullRun() ? 1 : 3) {
    if (robotalk::decode(all[i]).cells.size() <= kLongProgram)
      contestants.push_back(rw::Contestant{all[i].name, &all[i], 0, {}});
  }
  REQUIRE(contestants.size() >= 6);
  std::unique_ptr<RoboTalkJit> jit = tieredJit();
  REQUIRE(jit != nullptr);
  rw::TournamentOptions tournament;
  tournament.numDuels = 2;
  tournament.numGroups = 2;
  tournament.threads = 2;
  std::string error;
  const rw::TournamentReport expected = rw::runTournament(contestants, tournament, {}, {}, error);
  REQUIRE(error.empty());
  tournament.rules.engine = jit.get();
  for (const rw::Contestant& c : contestants) CHECK(jit->prepare(robotalk::decode(*c.program), c.name));
  // Level 1 first (and the interpreter while it compiles), then, once the hot programs are
  // recompiled, level 2; each run must give the interpreter's battles exactly.
  for (int run = 0; run < 3; ++run) {
    const rw::TournamentReport got = rw::runTournament(contestants, tournament, {}, {}, error);
    REQUIRE(got.bouts.size() == expected.bouts.size());
    for (size_t i = 0; i < got.bouts.size(); ++i) {
      INFO("run " << run << ", bout " << i);
      CHECK(describe(got.bouts[i].result) == describe(expected.bouts[i].result));
    }
    CHECK(rw::formatStandingsTable(got) == rw::formatStandingsTable(expected));
    jit->waitIdle();
  }
  const JitStats stats = jit->stats();
  CHECK(std::count_if(stats.records.begin(), stats.records.end(),
                      [](const CompileRecord& r) { return r.optimization == 2; }) >= 3);
  CHECK(splitRecompiles(stats) >= 2);
}

TEST_CASE("RoboTalk JIT matches the interpreter on a sample of the RoboWar corpus", "[jit][robotalk][corpus]") {
  CHRONON_REQUIRE_CORPUS();
  const std::vector<robotalk::Program> robots = loadAll(filesUnder(test::sharedDir() / "corpus" / "robowar"));
  REQUIRE(robots.size() >= 10);
  // CHRONON_JIT_FULL=1 runs every robot over more seeds (bench/differential.sh does).
  const size_t stride = fullRun() ? 1 : 5;
  const uint64_t seeds = fullRun() ? 4 : 1;
  for (size_t i = 0; i < robots.size(); i += stride) {
    const robotalk::Bytecode code = robotalk::decode(robots[i]);
    INFO(robots[i].name);
    CHECK(compareStepping(code, 300, static_cast<uint32_t>(i)) > 0);
    const rw::Entry one{&robots[i], 0};
    const rw::Entry two{&robots[(i + 7) % robots.size()], 0};
    for (uint64_t seed = 1; seed <= seeds; ++seed) compareBattle({one, two}, seed * 1000 + i);
  }
}

TEST_CASE("RoboTalk JIT keeps compiled code on disk: a fresh JIT loads it, a damaged file is compiled again",
          "[jit][robotalk][cache]") {
  namespace fs = std::filesystem;
  const std::string before = jit::objectCacheFolder();
  const fs::path folder = fs::temp_directory_path() / ("chronon-jit-cache-test-" + std::to_string(::getpid()));
  fs::remove_all(folder);
  REQUIRE(jit::setObjectCacheFolder(folder.string()));
  // A program no other test compiles, so that its object is not in the folder yet.
  const robotalk::Program p = compileSource("start: 5 3 * 2 - a' store a 7 max aim' store 4 vrecall drop start jump");
  const robotalk::Bytecode code = robotalk::decode(p);
  const auto freshJit = [] {
    std::string reason;
    std::unique_ptr<RoboTalkJit> made = RoboTalkJit::create(reason);
    INFO(reason);
    REQUIRE(made != nullptr);
    return made;
  };
  // Runs `code` on `engine` and on the interpreter with a few budgets: the same brains and calls.
  const auto sameAsInterpreter = [&](RoboTalkJit& engine) {
    robotalk::MachineState a;
    robotalk::MachineState b;
    LoggingHost hostA;
    LoggingHost hostB;
    for (const int budget : {1, 3, 10, 100, 1000}) {
      const robotalk::RunResult ra = robotalk::run(code, a, hostA, budget);
      const robotalk::RunResult rb = engine.run(code, b, hostB, budget);
      REQUIRE(static_cast<int>(ra.stop) == static_cast<int>(rb.stop));
      REQUIRE(ra.cycles == rb.cycles);
    }
    CHECK(hostA.log == hostB.log);
    CHECK(a == b);
  };
  const auto objects = [&] {
    std::vector<fs::path> found;
    for (const auto& entry : fs::directory_iterator(folder)) {
      if (entry.path().extension() == ".o") found.push_back(entry.path());
    }
    return found;
  };
  const jit::ObjectCacheCounts start = jit::objectCacheCounts();

  // The first JIT compiles the program and writes its object.
  {
    const std::unique_ptr<RoboTalkJit> first = freshJit();
    REQUIRE(first->prepare(code, "cached"));
    sameAsInterpreter(*first);
  }
  CHECK(jit::objectCacheCounts().writes == start.writes + 1);
  CHECK(jit::objectCacheCounts().hits == start.hits);
  REQUIRE(objects().size() == 1);

  // A second JIT (as the next run would make) loads it instead of compiling, and runs the same.
  {
    const std::unique_ptr<RoboTalkJit> second = freshJit();
    REQUIRE(second->prepare(code, "cached"));
    sameAsInterpreter(*second);
  }
  CHECK(jit::objectCacheCounts().hits == start.hits + 1);
  CHECK(jit::objectCacheCounts().writes == start.writes + 1);

  // A damaged file (a torn write, junk) is not loaded: the program is compiled again and the file
  // replaced by a whole one.
  {
    std::ofstream junk(objects().front(), std::ios::binary | std::ios::trunc);
    junk << "chronon jit object 1\nnot an object";
  }
  {
    const std::unique_ptr<RoboTalkJit> third = freshJit();
    REQUIRE(third->prepare(code, "cached"));
    sameAsInterpreter(*third);
  }
  CHECK(jit::objectCacheCounts().hits == start.hits + 1);
  CHECK(jit::objectCacheCounts().writes == start.writes + 2);
  REQUIRE(objects().size() == 1);
  CHECK(fs::file_size(objects().front()) > 200);

  // A folder that cannot be made leaves the cache off; compiling works as before.
  CHECK_FALSE(jit::setObjectCacheFolder("/proc/chronon-cannot-make-this"));
  CHECK(jit::objectCacheFolder().empty());
  {
    const std::unique_ptr<RoboTalkJit> fourth = freshJit();
    REQUIRE(fourth->prepare(code, "cached"));
    sameAsInterpreter(*fourth);
  }
  CHECK(jit::objectCacheCounts().writes == start.writes + 2);

  jit::setObjectCacheFolder(before);
  fs::remove_all(folder);
}

TEST_CASE("RoboTalk JIT: compiled programs inline the word function of every operator written over the machine",
          "[jit][robotalk][bitcode]") {
  // One program with every pure operator, each given cells of 1 and its result dropped, printed as
  // the passes leave it (CHRONON_JIT_DUMP=1) at levels 1 and 2 by fresh JITs with no object cache.
  std::string source = "start: ";
  for (const robotalk::OperatorInfo& row : robotalk::kOperators) {
    if (!row.has(robotalk::kPure)) continue;
    for (int i = 0; i < row.counts.pops; ++i) source += "1 ";
    source += std::string(row.name) + " ";
    for (int j = 0; j < row.counts.pushes; ++j) source += "drop ";
  }
  source += "start jump";
  const robotalk::Bytecode code = robotalk::decode(compileSource(source));
  const std::string before = jit::objectCacheFolder();
  REQUIRE(jit::setObjectCacheFolder(""));
  ::setenv("CHRONON_JIT_DUMP", "1", 1);
  for (const int level : {1, 2}) {
    INFO("level " << level);
    JitOptions options;
    options.optimization = level;
    std::string reason;
    bool compiled = false;
    const std::string ir = chronon::test::captureStandardError([&] {
      std::unique_ptr<RoboTalkJit> fresh = RoboTalkJit::create(reason, options);
      compiled = fresh != nullptr && fresh->prepare(code, "all operators", &reason);
    });
    INFO(reason);
    CHECK(compiled);
    REQUIRE(ir.find("define") != std::string::npos);
    // Both levels run the level-1 passes (robotalk_jit.cpp), which inline only word functions
    // that call no function of the library: every operator written over the machine. Those
    // written on values call robotalk_math_words.cpp (SIN and COS also read the table of cosines
    // it builds at start-up), and stay calls of the library's copies. No copy of a word function
    // is left behind.
    const std::set<std::string> calledEntries{
#define ROBOTALK_INLINE_WORD(Name, ...)
#define ROBOTALK_CALLED_WORD(Name, ...) #Name,
#include "chronon/vm/robotalk_semantics.def"
#undef ROBOTALK_CALLED_WORD
#undef ROBOTALK_INLINE_WORD
    };
    CHECK(chronon::test::calledFunctions(ir, "chronon_word_robotalk_") == calledEntries);
    CHECK_FALSE(chronon::test::definesFunction(ir, "chronon_word_"));
  }
  ::unsetenv("CHRONON_JIT_DUMP");
  jit::setObjectCacheFolder(before);
}
