// More tests of the RoboTalk interpreter: the choices of docs/robowar-arena.md "Interpreter", error
// addresses, interrupts entered from inside a register write, and trigonometry on any angle.

#include <catch2/catch.hpp>

#include <array>
#include <string>
#include <vector>

#include "chronon/compiler/robotalk_assembler.h"
#include "chronon/vm/robotalk_interpreter.h"

namespace {

using namespace chronon;
using robotalk::Reg;

// A host that stores every register, fails bad channels, and enters the RANGE handler whenever AIM
// is written (as the arena does when the new aim sees a robot).
class DetailHost final : public robotalk::Host {
 public:
  std::array<int16_t, robotalk::kRegisterCount> regs{};
  std::vector<robotalk::Interrupt> entered;
  int16_t readRegister(robotalk::MachineState&, Reg reg) override { return regs[static_cast<size_t>(reg)]; }
  void writeRegister(robotalk::MachineState& brain, Reg reg, int16_t value) override {
    if (reg == Reg::Channel && (value < 1 || value > 10)) {
      robotalk::fail(brain, "Invalid channel (1-10)", -1);
      return;
    }
    regs[static_cast<size_t>(reg)] = value;
    if (reg == Reg::Aim && brain.interruptsEnabled &&
        brain.interrupts[static_cast<size_t>(robotalk::Interrupt::kRange)].handler != -1) {
      robotalk::enterInterrupt(brain, robotalk::Interrupt::kRange);
    }
  }
  void interruptEntered(robotalk::MachineState&, robotalk::Interrupt which) override { entered.push_back(which); }
};

robotalk::Bytecode codeOf(const std::string& source) {
  SourceFile file("detail.rtk", source);
  robotalk::CompileResult result = robotalk::compile(file, robotalk::CompileOptions{});
  INFO(source);
  REQUIRE_FALSE(result.diagnostics.hasErrors());
  return robotalk::decode(result.program);
}

struct Outcome {
  robotalk::MachineState brain;
  robotalk::RunResult result;
  DetailHost host;
  std::vector<int> stack() const { return {brain.stack.begin(), brain.stack.begin() + brain.sp}; }
};

Outcome runOnce(const std::string& source, int budget = 1000) {
  Outcome o;
  o.result = robotalk::run(codeOf(source), o.brain, o.host, budget);
  return o;
}

std::vector<int> valuesOf(const std::string& source) {
  Outcome o = runOnce(source + " sync");
  INFO(source << " error: " << o.brain.error);
  REQUIRE(o.result.stop == robotalk::Stop::kSync);
  return o.stack();
}

std::string failureOf(const std::string& source) {
  Outcome o = runOnce(source);
  REQUIRE(o.result.stop == robotalk::Stop::kError);
  return std::string(o.brain.error);
}

}  // namespace

TEST_CASE("interpreter choices of the arena notes", "[vm]") {
  CHECK(valuesOf("1 2 -1 roll") == std::vector<int>{1, 2});
  CHECK(failureOf("dup") == "Stack underflow");
  CHECK(failureOf("print") == "Stack underflow");
  std::string dups = "1";
  for (int i = 0; i < robotalk::kStackCells; ++i) dups += " dup";
  CHECK(failureOf(dups) == "Stack overflow");
  // A jump to one past END is allowed; running there is not.
  CHECK(failureOf("3 jump") == "Tried executing beyond end of program");
  CHECK(failureOf("4 jump") == "Jump destination not in program");
  // A branch that is not taken never checks its destination.
  CHECK(valuesOf("0 500 if 0 500 ifg 3") == std::vector<int>{3});
  CHECK(failureOf("1 0 ifeg") == "Stack underflow");
  CHECK(failureOf("20369 recall") == "Unknown register");
  CHECK(failureOf("1 20369 store") == "Unknown register");
  CHECK(failureOf("5 setint") == "Stack underflow");
  CHECK(failureOf("5 7 setparam") == "Variable not provided");
  CHECK(failureOf("30 probe' setparam") == "SetParam:  Illegal probe register");
  CHECK(failureOf("0 history' setparam") == "SetParam:  Illegal history value");
  CHECK(failureOf("5 aim' setparam") == "SetInt:  Illegal interrupt name");
  CHECK(failureOf("1 2 arcsin") == "Illegal argument to arcsin");
  CHECK(failureOf("0 0 arccos") == "Illegal argument to arccos");
}

TEST_CASE("trigonometry on any angle and sign", "[vm]") {
  CHECK(valuesOf("390 100 sin -330 100 sin 420 100 cos -300 100 cos") == std::vector<int>{50, 50, 50, 50});
  CHECK(valuesOf("270 100 sin 90 100 cos 30 -100 sin") == std::vector<int>{-100, 0, -50});
  CHECK(valuesOf("-60 100 tan 0 100 tan 89 1000 tan") == std::vector<int>{-173, 0, 19999});
  CHECK(valuesOf("0 0 arctan -10 -10 arctan 3 4 arctan") == std::vector<int>{0, 315, 143});
  CHECK(valuesOf("100 0 arcsin 100 -50 arcsin 100 0 arccos -100 50 arccos") == std::vector<int>{0, -30, 90, 120});
  CHECK(valuesOf("0 0 dist -3 4 dist 10 sqrt 0 sqrt") == std::vector<int>{0, 5, 3, 0});
  CHECK(valuesOf("-7 2 / -7 2 mod 19999 -19999 + -199 100 * 1 - chs") == std::vector<int>{-3, -1, 0, 19901});
}

TEST_CASE("error addresses name the failing instruction", "[vm]") {
  Outcome host = runOnce("0 channel' store");
  CHECK(host.result.stop == robotalk::Stop::kError);
  CHECK(host.brain.error == "Invalid channel (1-10)");
  CHECK(host.brain.errorAddress == 2);
  Outcome end = runOnce("1 2");
  CHECK(end.brain.errorAddress == 2);  // the END the assembler appends
  // A failed brain stays failed and runs nothing.
  const robotalk::RunResult again = robotalk::run(codeOf("1 2"), end.brain, end.host, 10);
  CHECK(again.stop == robotalk::Stop::kError);
  CHECK(again.cycles == 0);
  CHECK(end.brain.sp == 2);
}

TEST_CASE("undocumented words under the official rules", "[vm]") {
  const robotalk::Bytecode code = codeOf("mrb 1 sync");
  robotalk::MachineState relaxed;
  DetailHost host;
  CHECK(robotalk::run(code, relaxed, host, 10).stop == robotalk::Stop::kSync);
  robotalk::MachineState strict;
  strict.officialRules = true;
  CHECK(robotalk::run(code, strict, host, 10).stop == robotalk::Stop::kError);
  CHECK(strict.error == "No undocumented commands in tournaments");
  CHECK(strict.errorAddress == 0);
}

TEST_CASE("a register write may enter an interrupt handler mid-chronon", "[vm]") {
  // AIM' STORE at address 6 enters the RANGE handler: the return address is 7, the next word.
  Outcome o = runOnce("h range' setint inton 10 aim' store 1 sync h: 2 swap rti");
  REQUIRE(o.result.stop == robotalk::Stop::kSync);
  CHECK(o.stack() == std::vector<int>{2, 1});
  CHECK(o.brain.interruptsEnabled);
  CHECK(o.host.entered.empty());  // entered by the host, not by INTON or RTI
}

TEST_CASE("INTON and RTI report queued interrupts to the host, in priority order", "[vm]") {
  const robotalk::Bytecode code = codeOf("w wall' setint c collision' setint inton sync w: 1 swap rti c: 2 swap rti");
  robotalk::MachineState brain;
  DetailHost host;
  // Run the two SETINTs only, then queue both edges before INTON.
  CHECK(robotalk::run(code, brain, host, 6).stop == robotalk::Stop::kBudget);
  robotalk::queueInterrupt(brain, robotalk::Interrupt::kWall);
  robotalk::queueInterrupt(brain, robotalk::Interrupt::kCollision);
  CHECK(robotalk::run(code, brain, host, 100).stop == robotalk::Stop::kSync);
  REQUIRE(host.entered.size() == 2);
  CHECK(host.entered[0] == robotalk::Interrupt::kCollision);
  CHECK(host.entered[1] == robotalk::Interrupt::kWall);
  CHECK(brain.pending == 0);
  std::vector<int> stack(brain.stack.begin(), brain.stack.begin() + brain.sp);
  CHECK(stack == std::vector<int>{2, 1});
  // FLUSHINT empties the queue; INTOFF keeps events queued without entering them.
  robotalk::MachineState quiet;
  const robotalk::Bytecode flush = codeOf("w wall' setint intoff flushint inton sync w: 1 rti");
  CHECK(robotalk::run(flush, quiet, host, 3).stop == robotalk::Stop::kBudget);
  robotalk::queueInterrupt(quiet, robotalk::Interrupt::kWall);
  CHECK(robotalk::serviceInterrupts(quiet) == -1);
  CHECK(robotalk::run(flush, quiet, host, 100).stop == robotalk::Stop::kSync);
  CHECK(quiet.sp == 0);
  CHECK(quiet.pending == 0);
}

TEST_CASE("a zero budget runs nothing", "[vm]") {
  robotalk::MachineState brain;
  DetailHost host;
  const robotalk::RunResult r = robotalk::run(codeOf("1 sync"), brain, host, 0);
  CHECK(r.stop == robotalk::Stop::kBudget);
  CHECK(r.cycles == 0);
  CHECK(brain.pc == 0);
}
