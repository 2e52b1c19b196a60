// Tests of the RoboTalk interpreter (vm/): operator semantics, run-time errors, budgets, SYNC,
// interrupts (specs/robowar.md §3.3-§6).

#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <optional>
#include <string>
#include <vector>

#include "chronon/compiler/robotalk_assembler.h"
#include "chronon/vm/robotalk_interpreter.h"

namespace {

using namespace chronon;
using robotalk::Reg;

// A host with plain storage for every non-user register; AIM reads back what was written.
class FakeHost final : public robotalk::Host {
 public:
  std::array<int16_t, 69> regs{};
  std::vector<std::pair<Reg, int16_t>> writes;
  int16_t readRegister(robotalk::MachineState&, Reg reg) override { return regs[static_cast<size_t>(reg)]; }
  void writeRegister(robotalk::MachineState& brain, Reg reg, int16_t value) override {
    writes.emplace_back(reg, value);
    if (reg == Reg::Channel && (value < 1 || value > 10)) {
      robotalk::fail(brain, "Invalid channel (1-10)", -1);
      return;
    }
    regs[static_cast<size_t>(reg)] = value;
  }
};

robotalk::Program compileOrDie(const std::string& source) {
  SourceFile file("test.rtk", source);
  robotalk::CompileResult result = robotalk::compile(file, robotalk::CompileOptions{});
  INFO(source);
  REQUIRE_FALSE(result.diagnostics.hasErrors());
  return result.program;
}

struct Run {
  robotalk::MachineState brain;
  robotalk::RunResult result;
  FakeHost host;
};

// Runs `source` until it stops for a reason other than the budget (at most `calls` calls).
Run runSource(const std::string& source, int budget = 1000, int calls = 1) {
  Run r;
  const robotalk::Bytecode code = robotalk::decode(compileOrDie(source));
  for (int i = 0; i < calls; ++i) {
    r.result = robotalk::run(code, r.brain, r.host, budget);
    if (r.result.stop != robotalk::Stop::kBudget) break;
  }
  return r;
}

std::vector<int> stackOf(const robotalk::MachineState& brain) {
  return {brain.stack.begin(), brain.stack.begin() + brain.sp};
}

// Runs `source` followed by SYNC and returns the stack.
std::vector<int> eval(const std::string& source) {
  Run r = runSource(source + " sync");
  INFO(source << " error: " << r.brain.error);
  REQUIRE(r.result.stop == robotalk::Stop::kSync);
  return stackOf(r.brain);
}

std::string errorOf(const std::string& source) {
  Run r = runSource(source);
  REQUIRE(r.result.stop == robotalk::Stop::kError);
  REQUIRE(r.brain.failed);
  return std::string(r.brain.error);
}

}  // namespace

TEST_CASE("arithmetic and comparisons", "[vm]") {
  CHECK(eval("2 3 +") == std::vector<int>{5});
  CHECK(eval("2 3 -") == std::vector<int>{-1});
  CHECK(eval("6 7 *") == std::vector<int>{42});
  CHECK(eval("7 2 /") == std::vector<int>{3});
  CHECK(eval("-7 2 /") == std::vector<int>{-3});
  CHECK(eval("-7 3 mod") == std::vector<int>{-1});
  CHECK(eval("7 -3 mod") == std::vector<int>{1});
  CHECK(eval("3 2 > 2 3 > 2 3 < 2 2 = 2 3 !") == std::vector<int>{1, 0, 1, 1, 1});
  CHECK(eval("5 chs 5 abs -5 abs") == std::vector<int>{-5, 5, 5});
  CHECK(eval("0 not 7 not") == std::vector<int>{1, 0});
  CHECK(eval("2 0 and 2 3 and 0 0 or 0 4 or 1 1 xor 1 0 eor") == std::vector<int>{0, 1, 0, 1, 0, 1});
  CHECK(eval("3 9 max 3 9 min -3 -9 max") == std::vector<int>{9, 3, -3});
  CHECK(eval("19998 1 +") == std::vector<int>{19999});
  CHECK(eval("-19998 1 -") == std::vector<int>{-19999});
}

TEST_CASE("bounds, division and square root errors kill the robot", "[vm]") {
  CHECK(errorOf("19999 1 +") == "Number out of bounds.");
  CHECK(errorOf("-19999 1 -") == "Number out of bounds.");
  CHECK(errorOf("200 100 *") == "Number out of bounds.");
  CHECK(errorOf("5 0 /") == "Division by zero");
  CHECK(errorOf("5 0 mod") == "Mod by zero");
  CHECK(errorOf("-4 sqrt") == "Square root of negative number.");
  Run r = runSource("1 2 3 0 /");
  CHECK(r.brain.errorAddress == 4);  // 1 2 3 0 are addresses 0-3
}

TEST_CASE("trigonometry and geometry words", "[vm]") {
  CHECK(eval("9 16 dist") == std::vector<int>{18});
  CHECK(eval("16 sqrt 17 sqrt") == std::vector<int>{4, 4});
  CHECK(eval("30 100 sin 90 100 sin -30 100 sin 0 100 sin") == std::vector<int>{50, 100, -50, 0});
  CHECK(eval("60 100 cos 0 100 cos -60 100 cos 180 100 cos") == std::vector<int>{50, 100, 50, -100});
  CHECK(eval("45 100 tan 90 100 tan") == std::vector<int>{99, 19999});
  // ARCTAN: compass angle of (x right, y down).
  CHECK(eval("0 -10 arctan 10 0 arctan 0 10 arctan -10 0 arctan 10 -10 arctan") ==
        std::vector<int>{0, 90, 180, 270, 45});
  CHECK(eval("100 50 arccos 100 50 arcsin 100 -100 arccos") == std::vector<int>{60, 30, 180});
  CHECK(errorOf("1 2 arccos").find("arccos") != std::string::npos);
}

TEST_CASE("stack words", "[vm]") {
  CHECK(eval("1 2 swap") == std::vector<int>{2, 1});
  CHECK(eval("1 2 drop") == std::vector<int>{1});
  CHECK(eval("4 dup") == std::vector<int>{4, 4});
  CHECK(eval("1 2 3 4 5 2 roll") == std::vector<int>{1, 2, 5, 3, 4});
  CHECK(eval("1 2 3 0 roll") == std::vector<int>{1, 2, 3});
  CHECK(eval("1 2 3 dropall 7") == std::vector<int>{7});
  CHECK(errorOf("drop") == "Stack underflow");
  CHECK(errorOf("1 +") == "Stack underflow");
  CHECK(errorOf("1 2 5 roll") == "Stack underflow");
  CHECK(errorOf("1 200 300 ife") == "Jump destination not in program");
  CHECK(errorOf("1 2 ife") == "Stark underflow");
  CHECK(errorOf("loop: 1 loop jump") == "Stack overflow");
  CHECK(errorOf("0 print") == "End of code reached");
}

TEST_CASE("vector cells", "[vm]") {
  CHECK(eval("42 7 vstore 7 vrecall") == std::vector<int>{42});
  CHECK(eval("42 101 vstore 101 vrecall -1 vrecall 100 vrecall") == std::vector<int>{0, 0, 0});
  CHECK(eval("9 100 vstore 100 vrecall") == std::vector<int>{9});
}

TEST_CASE("control flow pushes return addresses", "[vm]") {
  // IF pushes the index of the next instruction, RETURN jumps back.
  CHECK(eval("1 sub if 7 sync sub: 5 swap return") == std::vector<int>{5, 7});
  CHECK(eval("0 sub if 7 sync sub: 5 return") == std::vector<int>{7});
  CHECK(eval("1 a b ife 9 sync a: 1 swap return b: 2 swap return") == std::vector<int>{1, 9});
  CHECK(eval("0 a b ife 9 sync a: 1 swap return b: 2 swap return") == std::vector<int>{2, 9});
  CHECK(eval("1 a ifg 9 sync a: 8") == std::vector<int>{8});
  CHECK(eval("0 a b ifeg a: 1 sync b: 2") == std::vector<int>{2});
  CHECK(eval("s call 3 sync s: 4 swap jump") == std::vector<int>{4, 3});
  // Computed jump targets are plain numbers.
  CHECK(eval("6 jump 1 2 3 4 5") == std::vector<int>{5});
  CHECK(errorOf("500 jump") == "Jump destination not in program");
  CHECK(errorOf("-1 jump") == "Jump destination not in program");
  CHECK(errorOf("1 2 3") == "End of code reached");
}

TEST_CASE("variables and registers", "[vm]") {
  Run r = runSource("5 a' store a 7 z' sto z 3 aim' store aim sync");
  REQUIRE(r.result.stop == robotalk::Stop::kSync);
  CHECK(stackOf(r.brain) == std::vector<int>{5, 7, 3});
  CHECK(r.brain.letters[0] == 5);
  REQUIRE(r.host.writes.size() == 1);
  CHECK(r.host.writes[0].first == Reg::Aim);
  CHECK(errorOf("5 6 store") == "Variable not provided");
  CHECK(errorOf("5 recall") == "Variable not provided");
  CHECK(errorOf("20380 recall") == "Unknown register");
  CHECK(errorOf("0 channel' store") == "Invalid channel (1-10)");
  CHECK(errorOf("11 channel' store") == "Invalid channel (1-10)");
}

TEST_CASE("interrupt words", "[vm]") {
  CHECK(errorOf("10 a' setint") == "SetInt:  Illegal interrupt name");
  CHECK(errorOf("range' probe' setparam") == "SetParam:  Illegal probe register");
  CHECK(errorOf("51 history' setparam") == "SetParam:  Illegal history value");
  Run r = runSource("h collision' setint 5 damage' setparam aim' probe' setparam 40 history' setparam sync h: 1");
  REQUIRE(r.result.stop == robotalk::Stop::kSync);
  CHECK(r.brain.interrupts[static_cast<size_t>(robotalk::Interrupt::kCollision)].handler == 13);
  CHECK(r.brain.interrupts[static_cast<size_t>(robotalk::Interrupt::kDamage)].param == 5);
  CHECK(r.brain.probeRegister == static_cast<int>(Reg::Aim));
  CHECK(r.brain.historyCell == 40);

  // A queued interrupt fires on INTON: the handler runs with the return address on the stack,
  // and RTI goes back to it with interrupts enabled.
  const robotalk::Bytecode code = robotalk::decode(compileOrDie("h wall' setint inton 1 sync h: 99 swap rti"));
  robotalk::MachineState brain;
  FakeHost host;
  CHECK(robotalk::run(code, brain, host, 100).stop == robotalk::Stop::kSync);
  CHECK(stackOf(brain) == std::vector<int>{1});
  brain.pc = 3;  // back to INTON
  brain.sp = 0;
  brain.interruptsEnabled = false;
  robotalk::queueInterrupt(brain, robotalk::Interrupt::kWall);
  CHECK(brain.pending != 0);
  CHECK(robotalk::run(code, brain, host, 100).stop == robotalk::Stop::kSync);
  CHECK(stackOf(brain) == std::vector<int>{99, 1});
  CHECK(brain.pending == 0);
  CHECK(brain.interruptsEnabled);
  CHECK_FALSE(brain.failed);
}

TEST_CASE("interrupt entry and RTI", "[vm]") {
  const robotalk::Bytecode code = robotalk::decode(compileOrDie("start: 1 sync start jump h: drop 7 swap rti"));
  robotalk::MachineState brain;
  FakeHost host;
  brain.interrupts[static_cast<size_t>(robotalk::Interrupt::kDamage)].handler = 4;  // h:
  brain.interruptsEnabled = true;
  robotalk::queueInterrupt(brain, robotalk::Interrupt::kDamage);
  brain.stack[brain.sp++] = 3;
  CHECK(robotalk::serviceInterrupts(brain) == static_cast<int>(robotalk::Interrupt::kDamage));
  CHECK(brain.pc == 4);
  CHECK(stackOf(brain) == std::vector<int>{3, 0});
  CHECK_FALSE(brain.interruptsEnabled);
  // drop (return address 0), 7, swap -> 7 3, rti pops 3... then runs from address 3 (jump).
  CHECK(robotalk::run(code, brain, host, 4).stop == robotalk::Stop::kBudget);
  CHECK(brain.pc == 3);
  CHECK(brain.interruptsEnabled);
  CHECK(stackOf(brain) == std::vector<int>{7});
  // Unset handlers never queue; a full stack makes interrupt entry fail.
  robotalk::MachineState other;
  robotalk::queueInterrupt(other, robotalk::Interrupt::kWall);
  CHECK(other.pending == 0);
  other.interrupts[static_cast<size_t>(robotalk::Interrupt::kWall)].handler = 0;
  other.sp = robotalk::kStackCells;
  CHECK_FALSE(robotalk::enterInterrupt(other, robotalk::Interrupt::kWall));
  CHECK(other.error == "Interrupt caused stack overflow");
}

TEST_CASE("budget, resume and SYNC", "[vm]") {
  const std::string source =
      "0 a' store loop: a 1 + a' store a 7 mod 3 * b' store b c + 100 mod c' store 5 aim' store a 40 < loop ifg "
      "c sync";
  const robotalk::Bytecode code = robotalk::decode(compileOrDie(source));
  robotalk::MachineState big;
  FakeHost host1;
  robotalk::RunResult whole = robotalk::run(code, big, host1, 100000);
  REQUIRE(whole.stop == robotalk::Stop::kSync);
  robotalk::MachineState small;
  FakeHost host2;
  int cycles = 0;
  int calls = 0;
  for (;;) {
    robotalk::RunResult part = robotalk::run(code, small, host2, 1);
    cycles += part.cycles;
    ++calls;
    if (part.stop != robotalk::Stop::kBudget) break;
  }
  CHECK(small == big);
  CHECK(cycles == whole.cycles);
  CHECK(calls == whole.cycles);

  // An unquoted register read costs two cycles; SYNC ends the call.
  FakeHost host;
  robotalk::MachineState b;
  const robotalk::Bytecode reads = robotalk::decode(compileOrDie("aim aim aim"));
  CHECK(robotalk::run(reads, b, host, 4).cycles == 4);
  CHECK(b.pc == 4);
  robotalk::MachineState s;
  const robotalk::Bytecode sync = robotalk::decode(compileOrDie("1 sync 2 sync"));
  robotalk::RunResult first = robotalk::run(sync, s, host, 50);
  CHECK(first.stop == robotalk::Stop::kSync);
  CHECK(first.cycles == 2);
  CHECK(robotalk::run(sync, s, host, 50).stop == robotalk::Stop::kSync);
  CHECK(stackOf(s) == std::vector<int>{1, 2});
}

TEST_CASE("free instructions cost nothing and cannot hang", "[vm]") {
  FakeHost host;
  robotalk::MachineState b;
  const robotalk::Bytecode icons = robotalk::decode(compileOrDie("icon1 snd2 icon3 1 icon4 2"));
  robotalk::RunResult r = robotalk::run(icons, b, host, 2);
  CHECK(r.cycles == 2);
  CHECK(stackOf(b) == std::vector<int>{1, 2});
  robotalk::MachineState loop;
  const robotalk::Bytecode free = robotalk::decode(compileOrDie("icon1 icon2 icon1 icon2 0 jump"));
  // The loop costs one cycle per turn (the 0 push and JUMP are not free), so it is bounded anyway;
  // a purely free loop is impossible without a jump, but a long straight run of free words is capped.
  CHECK(robotalk::run(free, loop, host, 15).stop == robotalk::Stop::kBudget);
  std::vector<int16_t> many(6000, static_cast<int16_t>(robotalk::Op::Icon1));
  robotalk::MachineState capped;
  const robotalk::Bytecode manyCode = robotalk::decode(many);
  robotalk::RunResult c = robotalk::run(manyCode, capped, host, 10);
  CHECK(c.stop == robotalk::Stop::kBudget);
  CHECK(c.cycles == 0);
  CHECK(capped.pc == robotalk::kFreeInstructionCap);
}

TEST_CASE("unknown words in object code", "[vm]") {
  FakeHost host;
  robotalk::MachineState b;
  const robotalk::Bytecode code = robotalk::decode(std::vector<int16_t>{1, 20050, 20110});
  CHECK(robotalk::run(code, b, host, 10).stop == robotalk::Stop::kError);
  CHECK(b.error == "Unidentified instruction");
  CHECK(b.errorAddress == 1);
}

namespace {

// A host for the random programs below: every register is an int; X and AIM are also read in place
// (directReads, X beyond int16_t to exercise the clip), PROBE's read and a bad CHANNEL fail.
class PairHost final : public robotalk::Host {
 public:
  std::array<int, robotalk::kRegisterCount> values{};
  std::array<const int*, robotalk::kRegisterCount> direct{};
  std::vector<std::pair<Reg, int16_t>> writes;
  PairHost() {
    for (size_t i = 0; i < values.size(); ++i) values[i] = static_cast<int>(i) * 7 - 30;
    values[static_cast<size_t>(Reg::X)] = 40000;
    direct[static_cast<size_t>(Reg::X)] = &values[static_cast<size_t>(Reg::X)];
    direct[static_cast<size_t>(Reg::Aim)] = &values[static_cast<size_t>(Reg::Aim)];
    directReads = direct.data();
  }
  PairHost(const PairHost&) = delete;
  PairHost& operator=(const PairHost&) = delete;
  int16_t readRegister(robotalk::MachineState& brain, Reg reg) override {
    if (reg == Reg::Probe) {
      robotalk::fail(brain, "Probes not enabled.", -1);
      return 0;
    }
    return static_cast<int16_t>(std::clamp(values[static_cast<size_t>(reg)], -32768, 32767));
  }
  void writeRegister(robotalk::MachineState& brain, Reg reg, int16_t value) override {
    writes.emplace_back(reg, value);
    if (reg == Reg::Channel && (value < 1 || value > 10)) {
      robotalk::fail(brain, "Invalid channel (1-10)", -1);
      return;
    }
    values[static_cast<size_t>(reg)] = value;
  }
};

// Random object code rich in the pushes decode() pairs with the operator after them: quoted
// registers before RECALL and STORE, addresses before the branches, numbers before + - < >, with
// arguments at the edges (a full stack, an empty one, sums out of bounds, addresses outside).
std::vector<int16_t> randomPairProgram(uint32_t& seed, int size) {
  const auto next = [&seed](uint32_t below) {
    seed = seed * 1664525u + 1013904223u;
    return (seed >> 8) % below;
  };
  using robotalk::Op;
  const Op ops[] = {Op::Recall,   Op::Store, Op::Jump,    Op::If,   Op::Ifg,  Op::Add,
                    Op::Subtract, Op::Less,  Op::Greater, Op::Dup,  Op::Drop, Op::Sync,
                    Op::Multiply, Op::Icon1, Op::Call,    Op::Swap, Op::Equal};
  // PROBE last: `quoted` picks it seldom.
  const Reg regs[] = {Reg::A, Reg::B, Reg::Z, Reg::Aim, Reg::X, Reg::Channel, Reg::Range, Reg::SpeedX, Reg::Probe};
  const auto quoted = [&] {
    // PROBE's read fails; it comes seldom, so that most programs run a while.
    const Reg reg = regs[next(next(4) == 0 ? std::size(regs) : std::size(regs) - 1)];
    return static_cast<int16_t>(robotalk::kRegisterBase + static_cast<int>(reg));
  };
  const auto address = [&] { return static_cast<int16_t>(next(10) == 0 ? size + next(3) : next(size)); };
  const auto number = [&] {
    return static_cast<int16_t>(next(8) == 0 ? 19990 - static_cast<int>(next(3)) * 19990 : next(60));
  };
  std::vector<int16_t> words;
  while (static_cast<int>(words.size()) < size) {
    const Op op = ops[next(static_cast<uint32_t>(std::size(ops)))];
    // Mostly the push that suits the operator, as compiled robots have; now and then any other.
    const uint32_t kind = next(6);
    if (kind == 0) {
      words.push_back(quoted());
    } else if (kind == 1) {
      words.push_back(address());
    } else if (kind == 2) {
      words.push_back(number());
    } else if (op == Op::Recall || op == Op::Store) {
      words.push_back(quoted());
    } else if (op == Op::Jump || op == Op::If || op == Op::Ifg || op == Op::Call) {
      words.push_back(address());
    } else if (kind == 3) {
      words.push_back(number());
    }
    words.push_back(static_cast<int16_t>(op));
  }
  return words;
}

// run() (and resumeUntil) as the same calls of step() would run them, with the budget and leaders
// tested before each instruction as the loop tests them.
std::optional<robotalk::Stop> stepwise(const robotalk::Bytecode& code, robotalk::MachineState& brain,
                                       robotalk::Host& host, int budget, robotalk::RunCounters& counters,
                                       const uint8_t* leaders) {
  for (bool first = true;; first = false) {
    if (counters.cycles >= budget) return robotalk::Stop::kBudget;
    const bool inside = brain.pc >= 0 && brain.pc < static_cast<int>(code.cells.size());
    if (leaders != nullptr && inside && !first && leaders[brain.pc] != 0) return std::nullopt;
    if (const std::optional<robotalk::Stop> stop = robotalk::step(code, brain, host, counters)) return stop;
  }
}

}  // namespace

TEST_CASE("paired pushes run as the push and the operator one at a time", "[vm]") {
  // decode() pairs these: each runs in one turn of the loop, and must end as step() by step() does.
  const robotalk::Bytecode sample = robotalk::decode(compileOrDie("aim a' store 5 + 3 < l ifg l: b l jump"));
  CHECK(sample.cells[0].pair == robotalk::Pair::kRecallRegister);
  CHECK(sample.cells[2].pair == robotalk::Pair::kStoreLetter);
  CHECK(sample.cells[4].pair == robotalk::Pair::kAdd);
  CHECK(sample.cells[6].pair == robotalk::Pair::kLess);
  CHECK(sample.cells[8].pair == robotalk::Pair::kIfg);
  CHECK(sample.cells[10].pair == robotalk::Pair::kRecallLetter);
  CHECK(sample.cells[12].pair == robotalk::Pair::kJump);
  // An address beyond the program is not paired: its branch fails when taken.
  CHECK(robotalk::decode(std::vector<int16_t>{9, static_cast<int16_t>(robotalk::Op::Jump)}).cells[0].pair ==
        robotalk::Pair::kNone);

  uint32_t seed = 12345;
  long cyclesRun = 0;
  for (int program = 0; program < 20000; ++program) {
    const int size = 4 + static_cast<int>(seed % 40);
    const robotalk::Bytecode code = robotalk::decode(randomPairProgram(seed, size));
    std::vector<uint8_t> leaders(code.cells.size(), 0);
    for (size_t i = 0; i < leaders.size(); ++i) leaders[i] = static_cast<uint8_t>((seed >> (i % 29)) & 1 & (i % 3));
    const bool untilLeader = program % 3 == 0;
    robotalk::MachineState fast;
    robotalk::MachineState slow;
    // Cells on the stack at the start, so that most programs run a while; sometimes a full stack or
    // an empty one.
    const int start = program % 7 == 0 ? robotalk::kStackCells : program % 11 == 0 ? 0 : 10 + program % 20;
    for (int i = 0; i < start; ++i) fast.stack[static_cast<size_t>(fast.sp++)] = static_cast<int16_t>(i * 11 + 1);
    slow = fast;
    PairHost fastHost;
    PairHost slowHost;
    for (int call = 0; call < 8 && !fast.failed; ++call) {
      const int budget = 1 + static_cast<int>((seed >> (call * 3)) % 25);
      robotalk::RunCounters fastCounters;
      robotalk::RunCounters slowCounters;
      const std::optional<robotalk::Stop> fastStop =
          untilLeader ? robotalk::resumeUntil(code, fast, fastHost, budget, fastCounters, leaders.data())
                      : std::optional<robotalk::Stop>(robotalk::resume(code, fast, fastHost, budget, fastCounters));
      const std::optional<robotalk::Stop> slowStop =
          stepwise(code, slow, slowHost, budget, slowCounters, untilLeader ? leaders.data() : nullptr);
      INFO("program " << program << " call " << call << " budget " << budget);
      REQUIRE(fastStop == slowStop);
      REQUIRE(fastCounters.cycles == slowCounters.cycles);
      REQUIRE(fastCounters.freeRun == slowCounters.freeRun);
      // Whole brains: the stack's dead cells too, which a pair leaves as the two instructions do.
      REQUIRE(fast == slow);
      REQUIRE(fastHost.writes == slowHost.writes);
      REQUIRE(fastHost.values == slowHost.values);
      cyclesRun += fastCounters.cycles;
    }
  }
  // The programs ran far enough to matter: some 13 cycles each on average, half of them pairs.
  CHECK(cyclesRun > 200000);
}
