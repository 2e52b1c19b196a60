// The debugger: the RoboWar debugging session of arena/ (positions, stepping, step back by
// re-running, breakpoints, conditions, run-time errors, battles unchanged) and the debug adapter of
// dap/ driven by DAP transcripts (docs/debugging.md).

#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "chronon/arena/grobots_world.h"
#include "chronon/arena/replay.h"
#include "chronon/arena/robbie_debug.h"
#include "chronon/arena/robbie_run.h"
#include "chronon/arena/robowar_battle.h"
#include "chronon/arena/robowar_debug.h"
#include "chronon/arena/robowar_replay.h"
#include "chronon/compiler/grobocode.h"
#include "chronon/compiler/robbie.h"
#include "chronon/compiler/robotalk_assembler.h"
#include "chronon/dap/adapter.h"
#include "chronon/jsonrpc/transport.h"
#include "test_support.h"

namespace {

using chronon::SourceFile;
using nlohmann::json;
namespace robowar = chronon::arena::robowar;
namespace robotalk = chronon::robotalk;
namespace dap = chronon::dap;
namespace jsonrpc = chronon::jsonrpc;

std::string bundled(const std::string& name) {
  return (chronon::test::sourceDir() / "stdlib" / "robowar" / (name + ".rtk")).string();
}

// Robots loaded for a battle; kept alive as long as the sessions that use them.
struct Robots {
  std::vector<std::unique_ptr<robotalk::LoadedRobot>> loaded;

  void add(const std::string& path) {
    loaded.push_back(std::make_unique<robotalk::LoadedRobot>(robotalk::loadRobot(path, robotalk::CompileOptions{})));
    REQUIRE_FALSE(loaded.back()->diagnostics.hasErrors());
  }
  void addText(const std::string& name, const std::string& text) {
    loaded.push_back(std::make_unique<robotalk::LoadedRobot>(
        robotalk::loadRobotText(SourceFile(name, text), robotalk::CompileOptions{})));
    REQUIRE_FALSE(loaded.back()->diagnostics.hasErrors());
  }
  std::vector<robowar::Entry> entries() const {
    std::vector<robowar::Entry> out;
    for (const auto& r : loaded) out.push_back({&r->program, 0});
    return out;
  }
  std::vector<robowar::DebugEntrant> entrants() const {
    std::vector<robowar::DebugEntrant> out;
    for (const auto& r : loaded) out.push_back({robowar::Entry{&r->program, 0}, &r->file});
    return out;
  }
};

void requireSameResult(const robowar::Result& a, const robowar::Result& b) {
  REQUIRE(a.chronons == b.chronons);
  REQUIRE(a.timedOut == b.timedOut);
  REQUIRE(a.robots.size() == b.robots.size());
  for (size_t i = 0; i < a.robots.size(); ++i) {
    const robowar::Outcome& x = a.robots[i];
    const robowar::Outcome& y = b.robots[i];
    INFO("robot " << i);
    CHECK(x.alive == y.alive);
    CHECK(x.deathChronon == y.deathChronon);
    CHECK(x.cause == y.cause);
    CHECK(x.error == y.error);
    CHECK(x.errorAddress == y.errorAddress);
    CHECK(x.killer == y.killer);
    CHECK(x.kills == y.kills);
    CHECK(x.survivalPoints == y.survivalPoints);
    CHECK(x.points == y.points);
    CHECK(x.finalEnergy == y.finalEnergy);
    CHECK(x.finalDamage == y.finalDamage);
  }
}

const std::vector<std::string> kBundled = {"corner-camper", "dodger",       "minelayer", "missileer", "pack-leader",
                                           "pack-scout",    "sitting-duck", "spinner",   "stunner",   "wanderer"};

}  // namespace

TEST_CASE("Debug conditions parse the tiny language and reject the rest", "[dap]") {
  std::string error;
  chronon::robotalk::MachineState brain;
  auto always = robowar::parseDebugCondition("  ", error);
  REQUIRE(always);
  CHECK(always->holds(0, 0, brain));
  auto c = robowar::parseDebugCondition("chronon > 100 && robot == 1", error);
  REQUIRE(c);
  CHECK(c->holds(101, 1, brain));
  CHECK_FALSE(c->holds(100, 1, brain));
  CHECK_FALSE(c->holds(101, 0, brain));
  auto d = robowar::parseDebugCondition("CHRONON<=5&&robot!=-1", error);
  REQUIRE(d);
  CHECK(d->holds(5, 0, brain));
  CHECK_FALSE(d->holds(6, 0, brain));
  // Stack and variable clauses: a clause on a cell the stack does not have is false.
  auto top = robowar::parseDebugCondition("top > 50 && depth >= 2", error);
  REQUIRE(top);
  CHECK_FALSE(top->holds(0, 0, brain));
  brain.stack[0] = 7;
  brain.stack[1] = 51;
  brain.sp = 2;
  CHECK(top->holds(0, 0, brain));
  brain.stack[1] = 50;
  CHECK_FALSE(top->holds(0, 0, brain));
  auto second = robowar::parseDebugCondition("second == 7 && a' = -3 && Z < 0", error);
  REQUIRE(second);
  CHECK_FALSE(second->holds(0, 0, brain));
  brain.letters[0] = -3;
  brain.letters[25] = -1;
  CHECK(second->holds(0, 0, brain));
  for (const char* bad :
       {"energy > 3", "chronon >", "chronon ~ 3", "chronon > 3 robot", "chronon > 3 &&", "x > 3", "top > fifty"}) {
    INFO(bad);
    CHECK_FALSE(robowar::parseDebugCondition(bad, error));
    CHECK_FALSE(error.empty());
  }
}

TEST_CASE("Line breakpoints stop where a line's code is entered; labels resolve", "[dap]") {
  Robots robots;
  robots.add(bundled("dodger"));
  const robotalk::LoadedRobot& dodger = *robots.loaded[0];
  // Line 14 is `range shoot ifg` right after `hunt:` (address 13); its later words are not stops.
  const robowar::LineBreakAddresses line14 = robowar::lineBreakAddresses(dodger.program, dodger.file, 14);
  CHECK(line14.line == 14);
  CHECK(line14.addresses == std::vector<int>{13});
  // A comment line moves to the next line holding code.
  const robowar::LineBreakAddresses comment = robowar::lineBreakAddresses(dodger.program, dodger.file, 2);
  CHECK(comment.line == 8);
  CHECK(comment.addresses == std::vector<int>{0});
  CHECK(robowar::lineBreakAddresses(dodger.program, dodger.file, 999).line == 0);
  CHECK(robowar::labelAddress(dodger.program, "HUNT") == 13);
  CHECK(robowar::labelAddress(dodger.program, "nowhere") == -1);
  CHECK(robowar::debugLineOf(dodger.program, &dodger.file, 13) == 14);
  CHECK(robowar::debugLineOf(dodger.program, nullptr, 13) == 0);
}

TEST_CASE("A battle run under the debugger gives exactly runBattle's result", "[dap]") {
  // Every pair of bundled robots on two seeds, run through with a conditional label breakpoint
  // that stops a few times on the way, plus a six-robot melee.
  for (size_t i = 0; i < kBundled.size(); ++i) {
    for (size_t j = i + 1; j < kBundled.size(); ++j) {
      for (uint64_t seed : {1u, 7u}) {
        Robots robots;
        robots.add(bundled(kBundled[i]));
        robots.add(bundled(kBundled[j]));
        INFO(kBundled[i] << " vs " << kBundled[j] << " seed " << seed);
        const robowar::Result expected = robowar::runBattle(robots.entries(), seed, robowar::Rules{});
        robowar::DebugSession session(robots.entrants(), seed, robowar::Rules{});
        std::string error;
        std::vector<robowar::DebugBreakpoint> breakpoints;
        if (!robots.loaded[0]->program.labels.empty()) {
          breakpoints.push_back({1, 0, robots.loaded[0]->program.labels[0].address, true,
                                 *robowar::parseDebugCondition("chronon >= 100 && chronon < 103", error)});
        }
        session.setBreakpoints(breakpoints);
        while (session.stepForward(robowar::DebugStep::kContinue, 0)) {
          CHECK(session.snapshot().position.chronon >= 100);
          CHECK(session.snapshot().position.chronon < 103);
        }
        REQUIRE(session.ended());
        requireSameResult(session.result(), expected);
      }
    }
  }
  Robots melee;
  for (const char* name : {"dodger", "wanderer", "spinner", "minelayer", "missileer", "stunner"})
    melee.add(bundled(name));
  robowar::DebugSession session(melee.entrants(), 3, robowar::Rules{});
  REQUIRE_FALSE(session.stepForward(robowar::DebugStep::kContinue, 0));
  requireSameResult(session.result(), robowar::runBattle(melee.entries(), 3, robowar::Rules{}));
  // The same melee with data breakpoints on every robot's M and S, a stack condition on a label, and
  // steps over and out of calls between the stops: still exactly runBattle's battle.
  robowar::DebugSession watched(melee.entrants(), 3, robowar::Rules{});
  std::vector<robowar::DebugWatch> watches;
  for (int r = 0; r < 6; ++r) {
    for (const char v : {'m', 's'}) watches.push_back({100 + r * 4 + v, r, v - 'a'});
  }
  watched.setWatches(watches);
  std::string error;
  if (!melee.loaded[0]->program.labels.empty()) {
    watched.setBreakpoints({{1, 0, melee.loaded[0]->program.labels[0].address, true,
                             *robowar::parseDebugCondition("depth >= 1 && top > 0", error)}});
  }
  int stops = 0;
  const robowar::DebugStep kinds[] = {robowar::DebugStep::kContinue, robowar::DebugStep::kOver,
                                      robowar::DebugStep::kLineOver, robowar::DebugStep::kOut};
  while (watched.stepForward(kinds[stops % 4], 0) && stops < 5000) ++stops;
  CHECK(stops > 10);
  REQUIRE(watched.ended());
  requireSameResult(watched.result(), robowar::runBattle(melee.entries(), 3, robowar::Rules{}));
}

TEST_CASE("Stepping back lands exactly where a fresh run stopped one instruction earlier", "[dap]") {
  Robots robots;
  robots.add(bundled("dodger"));
  robots.add(bundled("wanderer"));
  robowar::DebugSession session(robots.entrants(), 1, robowar::Rules{});
  // Forward one instruction at a time across several chronons (dodger runs 15 instructions per
  // chronon and its interrupts), keeping every paused state.
  std::vector<robowar::DebugSnapshot> forward;
  REQUIRE(session.stepForward(robowar::DebugStep::kInstruction, 0));
  CHECK(session.snapshot().reason == robowar::DebugStopReason::kEntry);
  CHECK(session.snapshot().position.count == 0);
  forward.push_back(session.snapshot());
  for (int i = 1; i < 200; ++i) {
    REQUIRE(session.stepForward(robowar::DebugStep::kInstruction, 0));
    const robowar::DebugSnapshot& s = session.snapshot();
    CHECK(s.position.robot == 0);
    CHECK(s.position.count == i);
    CHECK(s.position.tick > forward.back().position.tick);
    CHECK(s.robots[0].brain.pc == s.position.pc);
    forward.push_back(s);
  }
  CHECK(forward.back().position.chronon > 5);
  // Back one instruction at a time: each state equals the one the forward run showed there.
  for (int i = 198; i >= 0; --i) {
    REQUIRE(session.stepBack(0));
    const robowar::DebugSnapshot& s = session.snapshot();
    INFO("step back to instruction " << i);
    REQUIRE(s.position == forward[static_cast<size_t>(i)].position);
    CHECK(s.robots == forward[static_cast<size_t>(i)].robots);
  }
  // At the first instruction there is nothing earlier: stepping back stays there (entry).
  REQUIRE(session.stepBack(0));
  CHECK(session.snapshot().position == forward[0].position);
  CHECK(session.snapshot().reason == robowar::DebugStopReason::kEntry);
  // A fresh session stopped at instruction 150 shows exactly the state stepping back found.
  robowar::DebugSession fresh(robots.entrants(), 1, robowar::Rules{});
  for (int i = 0; i <= 150; ++i) REQUIRE(fresh.stepForward(robowar::DebugStep::kInstruction, 0));
  CHECK(fresh.snapshot().position == forward[150].position);
  CHECK(fresh.snapshot().robots == forward[150].robots);
  // Stepping back from the end of the battle reaches the robot's last instruction.
  robowar::DebugSession toEnd(robots.entrants(), 1, robowar::Rules{});
  REQUIRE_FALSE(toEnd.stepForward(robowar::DebugStep::kContinue, 0));
  REQUIRE(toEnd.stepBack(1));
  CHECK(toEnd.snapshot().position.robot == 1);
  REQUIRE_FALSE(toEnd.stepForward(robowar::DebugStep::kInstruction, 1));
  CHECK(toEnd.ended());
}

TEST_CASE("Line, chronon and breakpoint steps; reverse continue finds the previous hit", "[dap]") {
  Robots robots;
  robots.add(bundled("dodger"));
  robots.add(bundled("wanderer"));
  robowar::DebugSession session(robots.entrants(), 1, robowar::Rules{});
  const robotalk::LoadedRobot& dodger = *robots.loaded[0];
  const robowar::LineBreakAddresses line15 = robowar::lineBreakAddresses(dodger.program, dodger.file, 15);
  std::string error;
  std::vector<robowar::DebugBreakpoint> breakpoints;
  for (int address : line15.addresses) breakpoints.push_back({7, 0, address, false, robowar::DebugCondition{}});
  session.setBreakpoints(breakpoints);
  REQUIRE(session.stepForward(robowar::DebugStep::kContinue, 0));
  const robowar::DebugSnapshot first = session.snapshot();
  CHECK(first.reason == robowar::DebugStopReason::kBreakpoint);
  CHECK(first.breakpoints == std::vector<int>{7});
  CHECK(session.lineOf(0, first.position.pc) == 15);
  // `next` leaves the line.
  REQUIRE(session.stepForward(robowar::DebugStep::kLine, 0));
  CHECK(session.lineOf(0, session.snapshot().position.pc) != 15);
  CHECK(session.snapshot().reason == robowar::DebugStopReason::kStep);
  // To the next chronon; a breakpoint on the way would stop the step, as in any debugger.
  session.setBreakpoints({});
  const int chronon = session.snapshot().position.chronon;
  REQUIRE(session.stepForward(robowar::DebugStep::kChronon, 0));
  CHECK(session.snapshot().position.chronon > chronon);
  CHECK(session.snapshot().position.robot == 0);
  CHECK(session.snapshot().reason == robowar::DebugStopReason::kStep);
  session.setBreakpoints(breakpoints);
  // Continue to the next hit, then back to the first.
  REQUIRE(session.stepForward(robowar::DebugStep::kContinue, 0));
  const robowar::DebugSnapshot second = session.snapshot();
  CHECK(second.reason == robowar::DebugStopReason::kBreakpoint);
  CHECK(second.position.tick > first.position.tick);
  REQUIRE(session.reverseContinue(0));
  // Between them lie no other hits of line 15 only if the loop came round once; whichever hit it is,
  // it is the latest one before `second`.
  const robowar::DebugSnapshot back = session.snapshot();
  CHECK(back.reason == robowar::DebugStopReason::kBreakpoint);
  CHECK(back.position.tick < second.position.tick);
  CHECK(back.position.tick >= first.position.tick);
  REQUIRE(session.stepForward(robowar::DebugStep::kContinue, 0));
  CHECK(session.snapshot().position == second.position);
  // A condition on another robot never holds for dodger's breakpoint.
  breakpoints[0].condition = *robowar::parseDebugCondition("robot == 1", error);
  session.setBreakpoints({breakpoints[0]});
  REQUIRE_FALSE(session.stepForward(robowar::DebugStep::kContinue, 0));
  requireSameResult(session.result(), robowar::runBattle(robots.entries(), 1, robowar::Rules{}));
}

TEST_CASE("A run-time error stops before the failing instruction", "[dap]") {
  Robots robots;
  // The second DROP underflows the stack ("Stack underflow" in the original).
  robots.addText("underflow.rtk", "start:\n  1 drop\n  drop\n  start jump\n");
  robots.add(bundled("sitting-duck"));
  robowar::DebugSession session(robots.entrants(), 5, robowar::Rules{});
  REQUIRE(session.stepForward(robowar::DebugStep::kContinue, 0));
  const robowar::DebugSnapshot& s = session.snapshot();
  CHECK(s.reason == robowar::DebugStopReason::kException);
  CHECK(s.position.robot == 0);
  CHECK(session.lineOf(0, s.position.pc) == 3);
  CHECK_FALSE(s.paused().brain.failed);
  CHECK(s.paused().brain.sp == 0);
  CHECK_FALSE(s.error.empty());
  // Going on lets the robot die as in the original.
  REQUIRE_FALSE(session.stepForward(robowar::DebugStep::kContinue, 0));
  const robowar::Result expected = robowar::runBattle(robots.entries(), 5, robowar::Rules{});
  requireSameResult(session.result(), expected);
  CHECK(expected.robots[0].cause == robowar::DeathCause::kBuggy);
  CHECK(expected.robots[0].error == s.error);
  // Without the exception breakpoint the battle runs through.
  robowar::DebugSession quiet(robots.entrants(), 5, robowar::Rules{});
  quiet.setStopOnErrors(false);
  REQUIRE_FALSE(quiet.stepForward(robowar::DebugStep::kContinue, 0));
  // Reverse continue from the end finds the error.
  REQUIRE(session.reverseContinue(0));
  CHECK(session.snapshot().reason == robowar::DebugStopReason::kException);
  CHECK(session.snapshot().position == s.position);
}

namespace {

// A robot with calls (addresses in comments): start:0 `7 a' store`; main:3 `double call` (CALL at
// 4, returning to 5); line 5 `b drop` (5-7); `main jump` (8-9); double:10 `a 1 + a' store` (10-15),
// `inner call` (16-17), `return` (18); inner:19 `b 1 + b' store` (19-24), `return` (25).
const char* const kCaller =
    "start:\n  7 a' store\nmain:\n  double call\n  b drop\n  main jump\ndouble:\n  a 1 + a' store\n"
    "  inner call\n  return\ninner:\n  b 1 + b' store\n  return\n";

// Breakpoints on `line` of robot 0 (id 1) with `condition`.
std::vector<robowar::DebugBreakpoint> breakOnLine(const robotalk::LoadedRobot& robot, int line,
                                                  const std::string& condition = "") {
  std::string error;
  std::vector<robowar::DebugBreakpoint> out;
  for (int address : robowar::lineBreakAddresses(robot.program, robot.file, line).addresses) {
    out.push_back({1, 0, address, false, *robowar::parseDebugCondition(condition, error)});
  }
  return out;
}

}  // namespace

TEST_CASE("Steps over and out of calls; conditions on the stack and variables", "[dap]") {
  Robots robots;
  robots.addText("caller.rtk", kCaller);
  robots.add(bundled("sitting-duck"));
  robowar::DebugSession session(robots.entrants(), 3, robowar::Rules{});
  const robotalk::LoadedRobot& caller = *robots.loaded[0];
  auto line = [&] { return session.lineOf(0, session.snapshot().position.pc); };
  auto variable = [&](char name) { return session.snapshot().paused().brain.letters[static_cast<size_t>(name - 'a')]; };
  session.setBreakpoints(breakOnLine(caller, 4));
  REQUIRE(session.stepForward(robowar::DebugStep::kContinue, 0));
  REQUIRE(line() == 4);
  CHECK(variable('a') == 7);
  const robowar::DebugSnapshot atCall = session.snapshot();
  session.setBreakpoints({});
  // `next` (over calls) runs double and inner and stops on line 5 with both variables changed.
  REQUIRE(session.stepForward(robowar::DebugStep::kLineOver, 0));
  CHECK(line() == 5);
  CHECK(session.snapshot().position.pc == 5);
  CHECK(variable('a') == 8);
  CHECK(variable('b') == 1);
  CHECK(session.snapshot().paused().brain.sp == 0);
  // Back at the call, a line step goes into double; one instruction over `inner call` runs inner.
  session.setBreakpoints(breakOnLine(caller, 4));
  REQUIRE(session.reverseContinue(0));
  CHECK(session.snapshot().position == atCall.position);
  session.setBreakpoints({});
  REQUIRE(session.stepForward(robowar::DebugStep::kLine, 0));
  CHECK(line() == 8);
  CHECK(session.snapshot().position.pc == 10);
  REQUIRE(session.stepForward(robowar::DebugStep::kLine, 0));
  CHECK(session.snapshot().position.pc == 16);
  REQUIRE(session.stepForward(robowar::DebugStep::kOver, 0));
  CHECK(session.snapshot().position.pc == 17);
  REQUIRE(session.stepForward(robowar::DebugStep::kOver, 0));
  CHECK(session.snapshot().position.pc == 18);  // inner ran: b went up, the return to double's end.
  CHECK(variable('b') == 1);
  // Step out of double: back to line 5, just after the CALL.
  REQUIRE(session.stepForward(robowar::DebugStep::kOut, 0));
  CHECK(session.snapshot().position.pc == 5);
  CHECK(session.snapshot().paused().brain.sp == 0);
  // With no call on the stack, step out goes to the robot's next chronon.
  const int chronon = session.snapshot().position.chronon;
  REQUIRE(session.stepForward(robowar::DebugStep::kOut, 0));
  CHECK(session.snapshot().position.chronon > chronon);
  // A condition on a variable: line 4 with a > 9 stops when a is 10; on the stack inside inner.
  session.setBreakpoints(breakOnLine(caller, 4, "a > 9"));
  REQUIRE(session.reverseContinue(0));
  CHECK(session.snapshot().reason == robowar::DebugStopReason::kEntry);
  REQUIRE(session.stepForward(robowar::DebugStep::kContinue, 0));
  CHECK(line() == 4);
  CHECK(variable('a') == 10);
  // Inside inner the stack holds the return addresses into main (5) and double (18).
  session.setBreakpoints(breakOnLine(caller, 12, "depth >= 2 && second == 5 && top == 18 && b >= 3"));
  REQUIRE(session.stepForward(robowar::DebugStep::kContinue, 0));
  CHECK(line() == 12);
  CHECK(variable('b') == 3);
  CHECK(robowar::isReturnAddress(caller.program, 5));
  CHECK(robowar::isReturnAddress(caller.program, 18));
  CHECK_FALSE(robowar::isReturnAddress(caller.program, 10));
  // Evaluation runs on a copy: the paused state is the same after it.
  const robowar::DebugSnapshot before = session.snapshot();
  const robowar::DebugEvaluation sum = session.evaluate(0, "+ a 100 * 7 a' store a");
  REQUIRE(sum.ok);
  CHECK(sum.stack == std::vector<int16_t>{23, static_cast<int16_t>(variable('a') * 100), 7});
  CHECK(sum.before == std::vector<int16_t>{5, 18});
  CHECK(session.snapshot().robots == before.robots);
  CHECK_FALSE(session.evaluate(0, "drop drop drop").ok);
  CHECK(session.evaluate(0, "nonsense").error.find("column 1") != std::string::npos);
  CHECK(session.evaluate(0, "loop: loop jump").error.find("labels") != std::string::npos);
  CHECK(session.evaluate(0, "energy").stack.back() == before.paused().energy);
  // Run to the end: the battle is the one runBattle runs.
  session.setBreakpoints({});
  while (session.stepForward(robowar::DebugStep::kChronon, 0)) {
  }
  requireSameResult(session.result(), robowar::runBattle(robots.entries(), 3, robowar::Rules{}));
}

TEST_CASE("Data breakpoints stop before a write that changes a variable, forward and back", "[dap]") {
  Robots robots;
  robots.addText("caller.rtk", kCaller);
  robots.add(bundled("sitting-duck"));
  robowar::DebugSession session(robots.entrants(), 3, robowar::Rules{});
  CHECK(robowar::debugVariableIndex("a") == 0);
  CHECK(robowar::debugVariableIndex("Z'") == 25);
  CHECK(robowar::debugVariableIndex("x") == -1);
  CHECK(robowar::debugVariableIndex("aim") == -1);
  session.setWatches({{4, 0, 0}});
  REQUIRE(session.stepForward(robowar::DebugStep::kContinue, 0));
  const robowar::DebugSnapshot first = session.snapshot();
  CHECK(first.reason == robowar::DebugStopReason::kDataBreakpoint);
  CHECK(first.breakpoints == std::vector<int>{4});
  CHECK(first.position.pc == 2);  // The STORE of `7 a' store`, before it runs.
  CHECK(first.error == "A: 0 -> 7");
  REQUIRE(session.stepForward(robowar::DebugStep::kContinue, 0));
  CHECK(session.snapshot().position.pc == 15);
  CHECK(session.snapshot().error == "A: 7 -> 8");
  const robowar::DebugSnapshot second = session.snapshot();
  REQUIRE(session.stepForward(robowar::DebugStep::kInstruction, 0));
  CHECK(session.snapshot().paused().brain.letters[0] == 8);
  REQUIRE(session.reverseContinue(0));
  CHECK(session.snapshot().position == second.position);
  REQUIRE(session.reverseContinue(0));
  CHECK(session.snapshot().position == first.position);
  // B is not watched; a watch on another robot's variable never stops robot 0.
  session.setWatches({{5, 1, 0}});
  REQUIRE_FALSE(session.stepForward(robowar::DebugStep::kContinue, 0));
  requireSameResult(session.result(), robowar::runBattle(robots.entries(), 3, robowar::Rules{}));
}

namespace {

// Drives an Adapter one request at a time and keeps what it sends.
class Client {
 public:
  Client() : adapter_([this](const json& message) { sent_.push_back(message); }) {}

  // Sends a request; returns every message the adapter sent in reply (the response first).
  std::vector<json> request(const std::string& command, const json& arguments = json::object()) {
    sent_.clear();
    adapter_.handle(json{{"seq", ++seq_}, {"type", "request"}, {"command", command}, {"arguments", arguments}}.dump());
    REQUIRE_FALSE(sent_.empty());
    REQUIRE(sent_[0]["type"] == "response");
    REQUIRE(sent_[0]["request_seq"] == seq_);
    REQUIRE(sent_[0]["command"] == command);
    return sent_;
  }
  // Sends a request that must succeed; returns its response body (or null).
  json ok(const std::string& command, const json& arguments = json::object()) {
    const std::vector<json> replies = request(command, arguments);
    INFO(replies[0].dump());
    REQUIRE(replies[0]["success"] == true);
    return replies[0].value("body", json());
  }
  // Sends a stepping request; returns the event that followed its response (stopped, or the first
  // event of the end).
  json step(const std::string& command, const json& arguments = json{{"threadId", 1}}) {
    const std::vector<json> replies = request(command, arguments);
    INFO(replies[0].dump());
    REQUIRE(replies[0]["success"] == true);
    REQUIRE(replies.size() >= 2);
    return replies[1];
  }
  // Sends a request that must fail; returns its message.
  std::string error(const std::string& command, const json& arguments = json::object()) {
    const std::vector<json> replies = request(command, arguments);
    REQUIRE(replies[0]["success"] == false);
    return replies[0]["message"].get<std::string>();
  }
  // The paused robot's view: its top frame and the three scopes' variables.
  json view(int threadId = 1) {
    const json trace = ok("stackTrace", {{"threadId", threadId}});
    const json frame = trace["stackFrames"][0];
    json out{{"frame", frame}};
    const json scopes = ok("scopes", {{"frameId", frame["id"]}});
    for (const json& scope : scopes["scopes"]) {
      out[scope["name"].get<std::string>()] =
          ok("variables", {{"variablesReference", scope["variablesReference"]}})["variables"];
    }
    return out;
  }
  // Checks that variables requests for scope numbers next to the paused frame's, which name no scope
  // (0 and 7 within a robot's block of scope numbers), get an error response that names them.
  void refusesOtherScopes(int threadId = 1) {
    const json trace = ok("stackTrace", {{"threadId", threadId}});
    const json scopes = ok("scopes", {{"frameId", trace["stackFrames"][0]["id"]}})["scopes"];
    REQUIRE(!scopes.empty());
    const int64_t first = scopes[0]["variablesReference"];
    for (const int64_t reference : {first - 1, first + 6})
      CHECK(error("variables", {{"variablesReference", reference}}) ==
            "unknown variablesReference " + std::to_string(reference));
  }
  dap::Adapter& adapter() { return adapter_; }
  std::vector<json>& sent() { return sent_; }

 private:
  std::vector<json> sent_;
  dap::Adapter adapter_;
  int64_t seq_ = 0;
};

// Launches dodger against wanderer (seed 1) with a breakpoint on dodger's line 18 and runs to it.
json launchToLine18(Client& client) {
  const json caps = client.ok("initialize", {{"adapterID", "chronon"}});
  CHECK(caps["supportsStepBack"] == true);
  CHECK(caps["supportsConfigurationDoneRequest"] == true);
  CHECK(caps["supportsFunctionBreakpoints"] == true);
  CHECK(caps["supportsConditionalBreakpoints"] == true);
  const std::vector<json> launched =
      client.request("launch", {{"program", bundled("dodger")}, {"opponents", {bundled("wanderer")}}, {"seed", 1}});
  REQUIRE(launched[0]["success"] == true);
  REQUIRE(launched.size() == 4);
  CHECK(launched[1]["event"] == "initialized");
  CHECK(launched[2]["event"] == "thread");
  const json set =
      client.ok("setBreakpoints", {{"source", {{"path", bundled("dodger")}}}, {"breakpoints", {{{"line", 18}}}}});
  REQUIRE(set["breakpoints"].size() == 1);
  CHECK(set["breakpoints"][0]["verified"] == true);
  CHECK(set["breakpoints"][0]["line"] == 18);
  client.ok("setExceptionBreakpoints", {{"filters", {"errors"}}});
  const json stopped = client.step("configurationDone", json::object());
  REQUIRE(stopped["event"] == "stopped");
  CHECK(stopped["body"]["reason"] == "breakpoint");
  CHECK(stopped["body"]["threadId"] == 1);
  CHECK(stopped["body"]["hitBreakpointIds"] == json::array({set["breakpoints"][0]["id"]}));
  return stopped;
}

}  // namespace

TEST_CASE("DAP transcript: launch, breakpoints, scopes, stepping, step back, reverse continue, end", "[dap]") {
  Client client;
  launchToLine18(client);
  const json threads = client.ok("threads");
  REQUIRE(threads["threads"].size() == 2);
  CHECK(threads["threads"][0]["id"] == 1);
  CHECK(threads["threads"][0]["name"] == "dodger (robot 0)");

  const json atLine18 = client.view();
  client.refusesOtherScopes();
  INFO(atLine18.dump());
  CHECK(atLine18["frame"]["line"] == 18);
  CHECK(atLine18["frame"]["source"]["path"] == dap::absolutePath(bundled("dodger")));
  CHECK(atLine18["frame"]["name"] == "shoot: ENERGY'");
  CHECK(atLine18["Data stack"].empty());
  REQUIRE(atLine18["Hardware"].size() == 13);
  CHECK(atLine18["Hardware"][0]["name"] == "x");
  const std::string energy = atLine18["Hardware"][7]["value"];

  // `energy 30 <`: ENERGY' RECALL pushes the energy, then 30 is pushed: the stack shows both, top first.
  client.step("stepIn");
  CHECK(client.step("stepIn")["body"]["reason"] == "step");
  const json afterEnergy = client.view();
  REQUIRE(afterEnergy["Data stack"].size() == 1);
  CHECK(afterEnergy["Data stack"][0]["value"] == energy);
  client.step("stepIn", {{"threadId", 1}, {"granularity", "instruction"}});
  const json after30 = client.view();
  REQUIRE(after30["Data stack"].size() == 2);
  CHECK(after30["Data stack"][0]["name"] == "0");
  CHECK(after30["Data stack"][0]["value"] == "30");
  CHECK(after30["Data stack"][1]["value"] == energy);
  CHECK(client.ok("evaluate", {{"expression", "stack"}})["result"] == "30 " + energy);
  CHECK(client.ok("evaluate", {{"expression", " Energy "}, {"frameId", after30["frame"]["id"]}})["result"] == energy);
  // Any other expression is RoboTalk run on a copy of the stack: `energy +` adds the energy to 30.
  CHECK(client.ok("evaluate", {{"expression", "energy +"}})["result"] ==
        std::to_string(std::stoi(energy) + 30) + " " + energy);
  CHECK(client.error("evaluate", {{"expression", "drop drop drop"}}).find("cannot evaluate") != std::string::npos);
  CHECK(client.error("evaluate", {{"expression", "frobnicate"}}).find("cannot evaluate") != std::string::npos);
  CHECK(client.error("evaluate", {{"expression", "energy +"}, {"context", "hover"}}).find("cannot evaluate") !=
        std::string::npos);
  CHECK(client.view() == after30);

  // Step back: the state is the one shown one instruction earlier, and the one a fresh adapter shows
  // after stopping at the breakpoint and stepping in twice.
  CHECK(client.step("stepBack")["body"]["reason"] == "step");
  CHECK(client.view() == afterEnergy);
  Client fresh;
  launchToLine18(fresh);
  fresh.step("stepIn");
  fresh.step("stepIn");
  CHECK(fresh.view() == afterEnergy);

  // `next` leaves line 18 for the line the IFG chooses.
  client.step("next");
  const int line = client.view()["frame"]["line"];
  CHECK(line != 18);
  CHECK((line == 19 || line == 22));
  // stepOut goes to the robot's next chronon.
  const std::string chronon = client.ok("evaluate", {{"expression", "chronon"}})["result"];
  CHECK(client.step("stepOut")["body"]["reason"] == "step");
  CHECK(std::stoi(client.ok("evaluate", {{"expression", "chronon"}})["result"].get<std::string>()) >
        std::stoi(chronon));

  // The viewer's request: the battle's replay as `chronon battle --replay` writes it, at the paused
  // chronon, with the paused robot selected; a pause naming thread 2 stops there (the viewer's click).
  const json beforeReplay = client.view();
  const json replay = client.ok("chronon/replay");
  {
    Robots pair;
    pair.add(bundled("dodger"));
    pair.add(bundled("wanderer"));
    std::string expected;
    std::vector<chronon::arena::replay::Entrant> entrants;
    for (const char* name : {"dodger", "wanderer"}) {
      std::ifstream in(bundled(name), std::ios::binary);
      entrants.push_back({name, dap::absolutePath(bundled(name)),
                          std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>())});
    }
    robowar::recordBattle(pair.entries(), entrants, 1, robowar::Rules{}, "interpreter", [&](std::string_view text) {
      expected += text;
      expected += '\n';
    });
    CHECK(replay["replay"] == expected);
  }
  CHECK(std::to_string(replay["moment"].get<int>()) ==
        client.ok("evaluate", {{"expression", "chronon"}})["result"].get<std::string>());
  CHECK(replay["select"] == 1);
  const json again = client.ok("chronon/replay", {{"replay", false}});
  CHECK(again == json{{"moment", replay["moment"]}, {"select", 1}});
  CHECK(client.error("chronon/replay", {{"replay", "no"}}) == "argument 'replay' must be true or false");
  const json focus = client.step("pause", {{"threadId", 2}});
  CHECK(focus["body"]["reason"] == "pause");
  CHECK(focus["body"]["threadId"] == 2);
  CHECK(focus["body"]["description"].get<std::string>().find("wanderer (robot 1) at ") != std::string::npos);
  CHECK(client.view() == beforeReplay);

  // Continue to the next hit of line 18, then reverse-continue back to the first hit.
  const json second = client.step("continue");
  REQUIRE(second["event"] == "stopped");
  CHECK(second["body"]["reason"] == "breakpoint");
  const json back = client.step("reverseContinue");
  CHECK(back["body"]["reason"] == "breakpoint");
  CHECK(client.view() == atLine18);

  // A function breakpoint on a label with a condition on the chronon.
  const json fn =
      client.ok("setFunctionBreakpoints", {{"breakpoints", {{{"name", "hunt"}, {"condition", "chronon > 40"}}}}});
  CHECK(fn["breakpoints"][0]["verified"] == true);
  // The label hunt (line 13) names the first word of line 14.
  CHECK(fn["breakpoints"][0]["line"] == 14);
  client.ok("setBreakpoints", {{"source", {{"path", bundled("dodger")}}}, {"breakpoints", json::array()}});
  const json atHunt = client.step("continue");
  CHECK(atHunt["body"]["reason"] == "function breakpoint");
  CHECK(std::stoi(client.ok("evaluate", {{"expression", "chronon"}})["result"].get<std::string>()) > 40);
  CHECK(client.view()["frame"]["name"].get<std::string>().rfind("hunt", 0) == 0);
  const json badCondition =
      client.ok("setFunctionBreakpoints", {{"breakpoints", {{{"name", "hunt"}, {"condition", "energy > 3"}}}}});
  CHECK(badCondition["breakpoints"][0]["verified"] == false);
  CHECK(client.ok("setFunctionBreakpoints", {{"breakpoints", {{{"name", "nowhere"}}}}})["breakpoints"][0]["verified"] ==
        false);
  client.ok("setFunctionBreakpoints", {{"breakpoints", json::array()}});

  // Continue to the end: the result is runBattle's, then the threads exit and the session ends.
  const std::vector<json> end = client.request("continue", {{"threadId", 1}});
  REQUIRE(end.size() == 6);
  CHECK(end[1]["event"] == "output");
  CHECK(end[2]["event"] == "thread");
  CHECK(end[2]["body"]["reason"] == "exited");
  CHECK(end[4]["event"] == "terminated");
  CHECK(end[5]["event"] == "exited");
  Robots robots;
  robots.add(bundled("dodger"));
  robots.add(bundled("wanderer"));
  const robowar::Result expected = robowar::runBattle(robots.entries(), 1, robowar::Rules{});
  const json data = end[1]["body"]["data"];
  CHECK(data["chronons"] == expected.chronons);
  CHECK(data["timedOut"] == expected.timedOut);
  for (size_t i = 0; i < 2; ++i) {
    CHECK(data["robots"][i]["alive"] == expected.robots[i].alive);
    CHECK(data["robots"][i]["deathChronon"] == expected.robots[i].deathChronon);
    CHECK(data["robots"][i]["points"] == expected.robots[i].points);
    CHECK(data["robots"][i]["kills"] == expected.robots[i].kills);
    CHECK(data["robots"][i]["energy"] == expected.robots[i].finalEnergy);
    CHECK(data["robots"][i]["damage"] == expected.robots[i].finalDamage);
  }
  CHECK(client.error("next", {{"threadId", 1}}) == "the battle has ended");
  client.ok("disconnect");
  CHECK(client.adapter().done());
}

TEST_CASE("DAP stop on entry and exception stops", "[dap]") {
  const std::filesystem::path dir = std::filesystem::temp_directory_path() / "chronon_test_dap";
  std::filesystem::create_directories(dir);
  const std::string bad = (dir / "underflow.rtk").string();
  { std::ofstream(bad) << "start:\n  1 drop\n  drop\n  start jump\n"; }
  Client client;
  client.ok("initialize");
  client.ok("launch", {{"program", bad}, {"opponents", {bundled("sitting-duck")}}, {"stopOnEntry", true}});
  const json entry = client.step("configurationDone", json::object());
  CHECK(entry["body"]["reason"] == "entry");
  CHECK(client.view()["frame"]["line"] == 2);
  const json failure = client.step("continue");
  CHECK(failure["body"]["reason"] == "exception");
  CHECK_FALSE(failure["body"]["text"].get<std::string>().empty());
  CHECK(client.view()["frame"]["line"] == 3);
  const json pause = client.step("pause");
  CHECK(pause["body"]["reason"] == "pause");
  std::filesystem::remove_all(dir);
}

TEST_CASE("DAP: malformed messages get error responses and the adapter lives on", "[dap]") {
  Client client;
  std::vector<json>& sent = client.sent();
  auto raw = [&](const std::string& body) {
    sent.clear();
    client.adapter().handle(body);
    REQUIRE(sent.size() == 1);
    CHECK(sent[0]["type"] == "response");
    CHECK(sent[0]["success"] == false);
    return sent[0];
  };
  CHECK(raw("{not json")["message"] == "the message is not valid JSON");
  CHECK(raw("[1,2]")["message"] == "the message is not a JSON object");
  CHECK(raw(R"({"seq":9,"type":"event","event":"x"})")["request_seq"] == 9);
  CHECK(raw(R"({"seq":10,"type":"request"})")["request_seq"] == 10);
  CHECK(client.error("frobnicate") == "unknown command 'frobnicate'");
  CHECK(client.error("chronon/replay") == "nothing launched: send 'launch' first");
  CHECK(client.error("stackTrace", {{"threadId", 1}}) == "nothing launched: send 'launch' first");
  CHECK(client.error("launch") == "missing argument 'program'");
  CHECK(client.error("launch", {{"program", 3}}) == "argument 'program' must be a string");
  CHECK(client.error("launch", {{"program", "/nonexistent/robot.rtk"}}).find("robot.rtk") != std::string::npos);
  CHECK(client.error("launch", {{"program", bundled("dodger")}, {"maxChronons", 0}}).find("maxChronons") !=
        std::string::npos);
  CHECK(client.error("setBreakpoints", {{"breakpoints", json::array()}}) == "missing argument 'source'");
  CHECK(client.error("launch", {{"program", bundled("dodger")}, {"engine", "fast"}}) ==
        "argument 'engine' must be \"interp\" or \"jit\"");
  // `engine` as `chronon battle` takes it: the JIT plays the same battles, the debugger runs the
  // interpreter and says so.
  const std::vector<json> launched = client.request(
      "launch", {{"program", bundled("dodger")}, {"opponents", {bundled("wanderer")}}, {"engine", "jit"}});
  REQUIRE(launched.size() >= 3);
  CHECK(launched[0]["success"] == true);
  CHECK(launched[1]["event"] == "initialized");
  CHECK(launched[2]["event"] == "output");
  CHECK(launched[2]["body"]["output"].get<std::string>().rfind("[engine jit: the debugger runs every brain", 0) == 0);
  CHECK(client.error("launch", {{"program", bundled("dodger")}}) == "a program is already launched");
  // The newer requests: missing or ill-typed arguments, and requests that need a pause.
  CHECK(client.error("disassemble", {{"memoryReference", "0x0"}}) == "missing argument 'instructionCount'");
  CHECK(client.error("disassemble", {{"memoryReference", "0x0"}, {"instructionCount", -1}}).find("instructionCount") !=
        std::string::npos);
  CHECK(client.error("disassemble", {{"memoryReference", "0x90000"}, {"instructionCount", 1}}) == "unknown thread 10");
  CHECK(client.error("setDataBreakpoints", {{"breakpoints", "A"}}) == "missing argument 'breakpoints'");
  CHECK(client.error("setDataBreakpoints", {{"breakpoints", {{{"accessType", "write"}}}}}) ==
        "missing argument 'dataId'");
  CHECK(client.error("dataBreakpointInfo", json::object()) == "missing argument 'name'");
  CHECK(client.error("exceptionInfo", {{"threadId", 1}}) == "the battle is not paused");
  CHECK(client.error("evaluate", {{"expression", "1 2 +"}}) == "the battle is not paused");
  CHECK(client.error("stackTrace", {{"threadId", 1}}) == "the battle is not paused");
  CHECK(client.error("stepBack", {{"threadId", 1}}) == "the program has not started");
  CHECK(client.error("continue", {{"threadId", 9}}) == "unknown thread 9");
  CHECK(client.error("continue", {{"threadId", "1"}}) == "argument 'threadId' must be an integer");
  const json set = client.ok("setBreakpoints", {{"source", {{"path", bundled("wanderer")}}},
                                                {"breakpoints", {{{"line", 1}, {"condition", "chronon >"}}}}});
  CHECK(set["breakpoints"][0]["verified"] == false);
  // Framed messages through the stdio loop: a bad header is answered, and the adapter goes on to
  // answer the next request and the disconnect.
  auto frame = [](const std::string& body) {
    return "Content-Length: " + std::to_string(body.size()) + "\r\n\r\n" + body;
  };
  std::istringstream in("Bogus\r\n\r\n" + frame(R"({"seq":1,"type":"request","command":"initialize","arguments":{}})") +
                        frame("{oops") + frame(R"({"seq":2,"type":"request","command":"disconnect"})") +
                        frame(R"({"seq":3,"type":"request","command":"initialize"})"));
  std::ostringstream out;
  CHECK(dap::runStdio(in, out) == 0);
  std::istringstream replies(out.str());
  std::vector<json> messages;
  for (jsonrpc::ReadResult r = jsonrpc::readMessage(replies); r.status == jsonrpc::ReadStatus::kMessage;
       r = jsonrpc::readMessage(replies)) {
    messages.push_back(json::parse(r.body));
  }
  // The header error, initialize, the bad JSON, disconnect; nothing after disconnect.
  REQUIRE(messages.size() == 4);
  CHECK(messages[0]["success"] == false);
  CHECK(messages[1]["success"] == true);
  CHECK(messages[1]["body"]["supportsStepBack"] == true);
  CHECK(messages[2]["success"] == false);
  CHECK(messages[3]["command"] == "disconnect");
}

TEST_CASE("Corpus battles under the debugger give exactly runBattle's result", "[dap][corpus]") {
  CHRONON_REQUIRE_CORPUS();
  // Every corpus robot that loads, each against the next one in name order (two seeds), with a
  // breakpoint on each robot's first instruction that holds in a window of chronons.
  std::vector<std::string> paths;
  for (const auto& entry :
       std::filesystem::recursive_directory_iterator(chronon::test::sharedDir() / "corpus" / "robowar")) {
    const std::string ext = robotalk::lowerAscii(entry.path().extension().string());
    if (entry.is_regular_file() && (ext == ".rwr" || ext == ".txt" || ext == ".rtk"))
      paths.push_back(entry.path().string());
  }
  std::sort(paths.begin(), paths.end());
  std::vector<std::unique_ptr<robotalk::LoadedRobot>> loaded;
  for (const std::string& path : paths) {
    auto robot = std::make_unique<robotalk::LoadedRobot>(robotalk::loadRobot(path, robotalk::CompileOptions{}));
    if (!robot->diagnostics.hasErrors()) loaded.push_back(std::move(robot));
  }
  REQUIRE(loaded.size() >= 10);
  std::string error;
  const robowar::DebugCondition window = *robowar::parseDebugCondition("chronon >= 50 && chronon <= 52", error);
  for (size_t i = 0; i < loaded.size(); ++i) {
    const robotalk::LoadedRobot& a = *loaded[i];
    const robotalk::LoadedRobot& b = *loaded[(i + 1) % loaded.size()];
    for (uint64_t seed : {1u, 9u}) {
      INFO(a.program.name << " vs " << b.program.name << " seed " << seed);
      const std::vector<robowar::Entry> entries{{&a.program, 0}, {&b.program, 0}};
      robowar::DebugSession session({{entries[0], &a.file}, {entries[1], &b.file}}, seed, robowar::Rules{});
      session.setBreakpoints({{1, 0, 0, false, window}, {2, 1, 0, false, window}});
      int stops = 0;
      while (session.stepForward(robowar::DebugStep::kContinue, 0) && stops < 1000) ++stops;
      if (!session.ended()) continue;  // A robot stuck at address 0 for ever: nothing to compare.
      requireSameResult(session.result(), robowar::runBattle(entries, seed, robowar::Rules{}));
    }
  }
}

TEST_CASE("DAP: stack kinds, data breakpoints, step over and out, disassemble, threads that end", "[dap]") {
  const std::filesystem::path dir = std::filesystem::temp_directory_path() / "chronon_test_dap_calls";
  std::filesystem::create_directories(dir);
  const std::string caller = (dir / "caller.rtk").string();
  const std::string bad = (dir / "underflow.rtk").string();
  { std::ofstream(caller) << kCaller; }
  { std::ofstream(bad) << "start:\n  1 drop\n  drop\n  start jump\n"; }
  Client client;
  client.ok("initialize");
  client.ok("launch", {{"program", caller}, {"opponents", {bad}}, {"seed", 2}});
  client.ok("setExceptionBreakpoints", {{"filters", json::array()}});
  const json set = client.ok(
      "setBreakpoints",
      {{"source", {{"path", caller}}},
       {"breakpoints", {{{"line", 12}, {"condition", "top == 18 && b > 1"}}, {{"line", 4}, {"condition", "top >"}}}}});
  CHECK(set["breakpoints"][0]["verified"] == true);
  CHECK(set["breakpoints"][1]["verified"] == false);
  CHECK(set["breakpoints"][1]["message"].get<std::string>().find("expected an integer") != std::string::npos);
  // The opponent dies of its stack underflow in chronon 0: its thread exits before the stop.
  const std::vector<json> started = client.request("configurationDone");
  REQUIRE(started.size() == 3);
  CHECK(started[1]["event"] == "thread");
  CHECK(started[1]["body"] == json{{"reason", "exited"}, {"threadId", 2}});
  CHECK(started[2]["event"] == "stopped");
  CHECK(started[2]["body"]["reason"] == "breakpoint");
  CHECK(client.ok("threads")["threads"].size() == 1);
  // The data stack top first, with kinds.
  const json atInner = client.view();
  INFO(atInner.dump());
  CHECK(atInner["frame"]["line"] == 12);
  REQUIRE(atInner["Data stack"].size() == 2);
  CHECK(atInner["Data stack"][0]["value"] == "18 (return to double+8)");
  CHECK(atInner["Data stack"][0]["type"] == "return address");
  CHECK(atInner["Data stack"][1]["value"] == "5 (return to main+2)");
  const json registers = atInner["Registers"];
  const auto vector =
      std::find_if(registers.begin(), registers.end(), [](const json& v) { return v["name"] == "vector"; });
  REQUIRE(vector != registers.end());
  CHECK(client.ok("variables", {{"variablesReference", (*vector)["variablesReference"]}, {"start", 99}})["variables"]
            .size() == 2);
  // The stack trace shows the two calls as frames.
  const json trace = client.ok("stackTrace", {{"threadId", 1}});
  REQUIRE(trace["stackFrames"].size() == 3);
  CHECK(trace["stackFrames"][1]["line"] == 10);
  CHECK(trace["stackFrames"][2]["line"] == 5);
  // Disassembly around the pc, with labels as symbols and source lines.
  const json disassembly =
      client.ok("disassemble", {{"memoryReference", atInner["frame"]["instructionPointerReference"]},
                                {"instructionOffset", -2},
                                {"instructionCount", 5}});
  REQUIRE(disassembly["instructions"].size() == 5);
  CHECK(disassembly["instructions"][1]["instruction"] == "JUMP");  // RETURN is JUMP (specs/robowar.md §4).
  CHECK(disassembly["instructions"][2]["symbol"] == "inner");
  CHECK(disassembly["instructions"][2]["address"] == atInner["frame"]["instructionPointerReference"]);
  CHECK(disassembly["instructions"][2]["line"] == 12);
  const json edge =
      client.ok("disassemble", {{"memoryReference", "0x0"}, {"instructionOffset", -1}, {"instructionCount", 2}});
  CHECK(edge["instructions"][0]["presentationHint"] == "invalid");
  CHECK(edge["instructions"][1]["symbol"] == "start");
  CHECK(client.error("disassemble", {{"memoryReference", "pc"}, {"instructionCount", 1}}).find("memoryReference") !=
        std::string::npos);
  // Step out of inner, then out of double; `next` over the call.
  client.ok("setBreakpoints", {{"source", {{"path", caller}}}, {"breakpoints", json::array()}});
  CHECK(client.step("stepOut")["body"]["reason"] == "step");
  CHECK(client.view()["frame"]["name"] == "double+8: JUMP");
  client.step("stepOut");
  CHECK(client.view()["frame"]["line"] == 5);
  client.step("next");
  client.step("next");
  CHECK(client.view()["frame"]["line"] == 4);
  const std::string b = client.ok("evaluate", {{"expression", "b"}})["result"].get<std::string>();
  client.step("next");
  CHECK(client.view()["frame"]["line"] == 5);
  CHECK(std::stoi(client.ok("evaluate", {{"expression", "b"}})["result"].get<std::string>()) == std::stoi(b) + 1);
  // A data breakpoint on A from the Registers scope.
  const json info = client.ok("dataBreakpointInfo", {{"name", "A"}, {"variablesReference", 12}});
  CHECK(info["dataId"] == "0:A");
  CHECK(info["accessTypes"] == json::array({"write"}));
  CHECK(client.ok("dataBreakpointInfo", {{"name", "aim"}})["dataId"].is_null());
  const json data = client.ok("setDataBreakpoints", {{"breakpoints", {{{"dataId", "0:A"}}, {{"dataId", "9:Q"}}}}});
  CHECK(data["breakpoints"][0]["verified"] == true);
  CHECK(data["breakpoints"][1]["verified"] == false);
  const json write = client.step("continue");
  CHECK(write["body"]["reason"] == "data breakpoint");
  CHECK(write["body"]["hitBreakpointIds"] == json::array({data["breakpoints"][0]["id"]}));
  CHECK(write["body"]["text"].get<std::string>().rfind("A: ", 0) == 0);
  CHECK(client.view()["frame"]["line"] == 8);
  CHECK(client.error("setDataBreakpoints", {{"breakpoints", {{{"dataId", "0:A"}, {"accessType", "read"}}}}}) ==
        "data breakpoints stop on writes only");
  client.ok("setDataBreakpoints", {{"breakpoints", json::array()}});
  // Back to the opponent's start: it lives again, so its thread starts again.
  const std::vector<json> back = client.request("reverseContinue", {{"threadId", 2}});
  REQUIRE(back.size() == 3);
  CHECK(back[1]["body"] == json{{"reason", "started"}, {"threadId", 2}});
  CHECK(back[2]["body"]["reason"] == "entry");
  CHECK(back[2]["body"]["threadId"] == 2);
  CHECK(client.ok("threads")["threads"].size() == 2);
  // The exception filter on: the opponent's underflow stops it, and exceptionInfo explains.
  client.ok("setExceptionBreakpoints", {{"filters", {"errors"}}});
  const json failure = client.step("continue");
  CHECK(failure["body"]["reason"] == "exception");
  CHECK(failure["body"]["threadId"] == 2);
  const json exception = client.ok("exceptionInfo", {{"threadId", 2}});
  CHECK(exception["breakMode"] == "always");
  CHECK(exception["description"].get<std::string>().find("underflow") != std::string::npos);
  std::filesystem::remove_all(dir);
}

namespace {

namespace rl = chronon::robbie;

std::string bundledRl(const std::string& name) {
  return (chronon::test::sourceDir() / "stdlib" / "robbie" / (name + ".rl")).string();
}

// An RL program compiled from a file, kept alive for the sessions over it.
struct RlProgram {
  explicit RlProgram(const std::string& path) : file(path, readAll(path)), compiled(rl::compile(file)) {
    REQUIRE(compiled.program);
  }
  static std::string readAll(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  }
  const rl::Program& program() const { return *compiled.program; }
  SourceFile file;
  rl::CompileResult compiled;
};

// What `chronon run` prints for a finished run.
std::string runText(const rl::Program& program, const rl::RobbieRun& run) {
  return "event log:\n" + run.room.logText() + "\n" + rl::finalReport(program, run);
}

// The visible state of a paused RL session, for comparing a step back with a fresh run.
std::string rlState(const rl::RobbieDebugSession& s) {
  std::string out = std::to_string(s.machine().pc) + "/" + std::to_string(s.machine().steps) + ":";
  for (const rl::Value& v : s.machine().registers) out += " " + rl::formatValue(v);
  out += " |";
  for (const rl::Value& v : s.machine().stack) out += " " + rl::formatValue(v);
  return out + " | " + s.room().stateText() + std::to_string(s.room().timeMs()) + " " +
         std::to_string(s.room().events().size());
}

}  // namespace

TEST_CASE("Robbie runs under the debugger give exactly runInRoom's result", "[dap][robbie]") {
  // Every bundled program, run through with a breakpoint on its first line with code, with small
  // keyframe-crossing step limits for the endless ones.
  for (const auto& entry : std::filesystem::directory_iterator(chronon::test::sourceDir() / "stdlib" / "robbie")) {
    if (entry.path().extension() != ".rl") continue;
    INFO(entry.path().string());
    const RlProgram rlp(entry.path().string());
    const int64_t limit = 20000;
    rl::RobbieDebugSession session(rlp.program(), rl::defaultRoom(), limit);
    int line = 0;
    const std::vector<int> addresses = rl::robbieLineBreakAddresses(rlp.program(), 1, line);
    REQUIRE_FALSE(addresses.empty());
    session.setBreakpoints({{1, addresses[0]}});
    int stops = 0;
    while (session.stepForward(rl::RobbieStep::kContinue) && stops < 50) ++stops;
    session.setBreakpoints({});
    while (session.stepForward(rl::RobbieStep::kCommand)) {
    }
    REQUIRE(session.ended());
    const rl::RobbieRun expected = rl::runInRoom(rlp.program(), rl::defaultRoom(), limit);
    CHECK(runText(rlp.program(), session.result()) == runText(rlp.program(), expected));
    CHECK(session.result().end == expected.end);
  }
}

TEST_CASE("Robbie: steps, breakpoints, step back equal to a fresh run, runtime errors", "[dap][robbie]") {
  const RlProgram laps(bundledRl("pace-laps"));
  rl::RobbieDebugSession session(laps.program(), rl::defaultRoom(), rl::kDefaultStepLimit);
  REQUIRE(session.stepForward(rl::RobbieStep::kInstruction));
  CHECK(session.reason() == rl::RobbieStopReason::kEntry);
  CHECK(session.machine().steps == 0);
  // Forward one instruction at a time, keeping each state; then back, comparing.
  std::vector<std::string> forward{rlState(session)};
  for (int i = 0; i < 120; ++i) {
    REQUIRE(session.stepForward(rl::RobbieStep::kInstruction));
    forward.push_back(rlState(session));
  }
  for (int i = 119; i >= 0; --i) {
    REQUIRE(session.stepBack());
    CHECK(rlState(session) == forward[static_cast<size_t>(i)]);
  }
  REQUIRE(session.stepBack());
  CHECK(session.reason() == rl::RobbieStopReason::kEntry);
  // A line breakpoint on `forward 50` (line 8) stops once per lap; the line step leaves the line.
  int used = 0;
  const std::vector<int> line8 = rl::robbieLineBreakAddresses(laps.program(), 8, used);
  CHECK(used == 8);
  std::vector<rl::RobbieBreakpoint> breakpoints;
  for (int a : line8) breakpoints.push_back({3, a});
  session.setBreakpoints(breakpoints);
  REQUIRE(session.stepForward(rl::RobbieStep::kContinue));
  CHECK(session.reason() == rl::RobbieStopReason::kBreakpoint);
  CHECK(session.hits() == std::vector<int>{3});
  CHECK(session.lineOf(session.machine().pc) == 8);
  const std::string firstHit = rlState(session);
  REQUIRE(session.stepForward(rl::RobbieStep::kLine));
  CHECK(session.lineOf(session.machine().pc) == 9);
  // stepOut: to the end of Robbie's current action (the turn), on line 10.
  REQUIRE(session.stepForward(rl::RobbieStep::kCommand));
  CHECK(session.lineOf(session.machine().pc) == 10);
  CHECK(session.room().heading() == 180);
  REQUIRE(session.stepForward(rl::RobbieStep::kContinue));
  CHECK(session.lineOf(session.machine().pc) == 8);
  REQUIRE(session.reverseContinue());
  CHECK(rlState(session) == firstHit);
  REQUIRE(session.reverseContinue());
  CHECK(session.reason() == rl::RobbieStopReason::kEntry);
  // Conditions on steps, time and registers; bad ones are refused with a message.
  std::string error;
  const std::optional<rl::RobbieCondition> third =
      rl::parseRobbieCondition("Laps == 3 && time > 0", laps.program(), error);
  REQUIRE(third);
  for (rl::RobbieBreakpoint& b : breakpoints) b.condition = *third;
  session.setBreakpoints(breakpoints);
  REQUIRE(session.stepForward(rl::RobbieStep::kContinue));
  CHECK(session.reason() == rl::RobbieStopReason::kBreakpoint);
  CHECK(rl::formatValue(session.machine().registers[0]) == "3");
  REQUIRE(session.reverseContinue());
  CHECK(session.reason() == rl::RobbieStopReason::kEntry);
  const std::optional<rl::RobbieCondition> late =
      rl::parseRobbieCondition("steps >= 100 && Laps < 9.5", laps.program(), error);
  REQUIRE(late);
  for (rl::RobbieBreakpoint& b : breakpoints) b.condition = *late;
  session.setBreakpoints(breakpoints);
  REQUIRE(session.stepForward(rl::RobbieStep::kContinue));
  CHECK(session.machine().steps >= 100);
  for (const char* bad : {"laps == 3", "Laps ==", "Laps ~ 3", "steps > 3 Laps", "Laps == true", "time > 1 &&"}) {
    INFO(bad);
    CHECK_FALSE(rl::parseRobbieCondition(bad, laps.program(), error));
    CHECK_FALSE(error.empty());
  }
  session.setBreakpoints({});
  REQUIRE(session.reverseContinue());

  // A blank line moves to the next with code; past the end there is none.
  rl::robbieLineBreakAddresses(laps.program(), 6, used);
  CHECK(used == 7);
  CHECK(rl::robbieLineBreakAddresses(laps.program(), 99, used).empty());

  // A runtime error stops before the failing instruction; going on ends the run as runInRoom does.
  const std::filesystem::path dir = std::filesystem::temp_directory_path() / "chronon_test_dap_rl";
  std::filesystem::create_directories(dir);
  const std::string errPath = (dir / "err.rl").string();
  {
    std::ofstream(errPath) << "program \"Err\"\nregister integer Count\nregister integer Zero\nstart\nset Count 1\n"
                              "forward 10\nturn left 90\nset Count 10 / Zero\nstop\n";
  }
  const RlProgram err(errPath);
  rl::RobbieDebugSession failing(err.program(), rl::defaultRoom(), 1000);
  REQUIRE(failing.stepForward(rl::RobbieStep::kContinue));
  CHECK(failing.reason() == rl::RobbieStopReason::kException);
  CHECK(failing.error() == "division by zero");
  CHECK(failing.lineOf(failing.machine().pc) == 8);
  CHECK(failing.room().timeMs() == 1400);
  REQUIRE_FALSE(failing.stepForward(rl::RobbieStep::kContinue));
  const rl::RobbieRun expected = rl::runInRoom(err.program(), rl::defaultRoom(), 1000);
  CHECK(runText(err.program(), failing.result()) == runText(err.program(), expected));
  // From the end, reverse continue finds the error again; step back goes to the failing instruction.
  REQUIRE(failing.reverseContinue());
  CHECK(failing.reason() == rl::RobbieStopReason::kException);
  CHECK(failing.lineOf(failing.machine().pc) == 8);
  failing.setStopOnErrors(false);
  REQUIRE_FALSE(failing.stepForward(rl::RobbieStep::kContinue));
  REQUIRE(failing.stepBack());
  CHECK(failing.lineOf(failing.machine().pc) == 8);
  std::filesystem::remove_all(dir);
}

TEST_CASE("Robbie keyframes thin out on long runs and step back stays exact", "[dap][robbie]") {
  const RlProgram pace(bundledRl("pace-forever"));
  const int64_t limit = 600000;
  rl::RobbieDebugSession session(pace.program(), rl::defaultRoom(), limit);
  REQUIRE_FALSE(session.stepForward(rl::RobbieStep::kContinue));
  const rl::RobbieRun expected = rl::runInRoom(pace.program(), rl::defaultRoom(), limit);
  CHECK(runText(pace.program(), session.result()) == runText(pace.program(), expected));
  // Back from the end: the last instruction, then one more, equal to fresh runs stopped there.
  REQUIRE(session.stepBack());
  CHECK(session.machine().steps == limit - 1);
  REQUIRE(session.stepBack());
  CHECK(session.machine().steps == limit - 2);
  rl::RobbieRun fresh = rl::runInRoom(pace.program(), rl::defaultRoom(), limit - 2);
  CHECK(session.machine().pc == fresh.machine.pc);
  CHECK(session.machine().registers == fresh.machine.registers);
  CHECK(session.room().stateText() == fresh.room.stateText());
  CHECK(session.room().timeMs() == fresh.room.timeMs());
}

TEST_CASE("DAP transcript for an RL program: Robbie's thread, scopes, steps, step back, the end", "[dap][robbie]") {
  Client client;
  client.ok("initialize");
  CHECK(
      client.error("launch", {{"program", bundledRl("pace-laps")}, {"opponents", {bundled("dodger")}}}).find("alone") !=
      std::string::npos);
  CHECK(client.error("launch", {{"program", bundledRl("pace-laps")}, {"steps", 0}}).find("steps") != std::string::npos);
  CHECK(client.error("launch", {{"program", "/nonexistent/x.rl"}}).find("x.rl") != std::string::npos);
  CHECK(client.error("launch", {{"program", bundledRl("pace-laps")}, {"room", "/nonexistent/r.room"}}).find("r.room") !=
        std::string::npos);
  const std::vector<json> launched = client.request(
      "launch", {{"program", bundledRl("pace-laps")},
                 {"stopOnEntry", true},
                 {"room", (chronon::test::sourceDir() / "stdlib" / "robbie" / "rooms" / "default.room").string()}});
  REQUIRE(launched[0]["success"] == true);
  REQUIRE(launched.size() == 3);
  CHECK(launched[2]["body"] == json{{"reason", "started"}, {"threadId", 1}});
  const json set = client.ok(
      "setBreakpoints",
      {{"source", {{"path", bundledRl("pace-laps")}}},
       {"breakpoints",
        {{{"line", 8}}, {{"line", 9}, {"condition", "top > 1"}}, {{"line", 10}, {"condition", "Laps > 50"}}}}});
  CHECK(set["breakpoints"][0]["verified"] == true);
  CHECK(set["breakpoints"][1]["verified"] == false);
  CHECK(client.ok("setFunctionBreakpoints", {{"breakpoints", {{{"name", "x"}}}}})["breakpoints"][0]["verified"] ==
        false);
  const json entry = client.step("configurationDone", json::object());
  CHECK(entry["body"]["reason"] == "entry");
  CHECK(client.ok("threads")["threads"] == json::array({{{"id", 1}, {"name", "Robbie"}}}));
  const json atEntry = client.view();
  INFO(atEntry.dump());
  client.refusesOtherScopes();
  CHECK(atEntry["frame"]["line"] == 5);
  REQUIRE(atEntry["Registers"].size() == 1);
  CHECK(atEntry["Registers"][0] ==
        json{{"name", "Laps"}, {"value", "0"}, {"type", "integer"}, {"variablesReference", 0}});
  CHECK(atEntry["Expression stack"].empty());
  CHECK(atEntry["Hardware"][0] == json{{"name", "x"}, {"value", "100.0"}, {"type", "cm"}, {"variablesReference", 0}});
  CHECK(atEntry["Hardware"][3]["value"] == "nothing");
  const json hit = client.step("continue");
  CHECK(hit["body"]["reason"] == "breakpoint");
  CHECK(client.view()["frame"]["line"] == 8);
  client.step("stepIn");
  const json pushed = client.view();
  REQUIRE(pushed["Expression stack"].size() == 1);
  CHECK(pushed["Expression stack"][0]["value"] == "50");
  CHECK(client.ok("evaluate", {{"expression", "stack"}})["result"] == "50");
  CHECK(client.ok("evaluate", {{"expression", "Laps"}})["result"] == "0");
  CHECK(client.ok("evaluate", {{"expression", "heading"}})["result"] == "0");
  CHECK(client.error("evaluate", {{"expression", "laps"}}).find("cannot evaluate") != std::string::npos);
  client.step("stepOut");  // to the end of `forward 50`
  CHECK(client.ok("evaluate", {{"expression", "x"}})["result"] == "150.0");
  client.step("next");
  CHECK(client.view()["frame"]["line"] == 10);
  CHECK(client.ok("evaluate", {{"expression", "heading"}})["result"] == "180");
  // Step back twice: the state before the turn, exactly as shown then.
  client.step("stepBack");
  const json disassembly = client.ok(
      "disassemble",
      {{"memoryReference", client.ok("stackTrace", {{"threadId", 1}})["stackFrames"][0]["instructionPointerReference"]},
       {"instructionCount", 2}});
  CHECK(disassembly["instructions"].size() == 2);
  CHECK(client.step("reverseContinue")["body"]["reason"] == "breakpoint");
  CHECK(client.view()["frame"]["line"] == 8);
  client.step("stepIn");
  CHECK(client.view() == pushed);
  CHECK(client.step("pause")["body"]["reason"] == "pause");
  const json robbieReplay = client.ok("chronon/replay");
  CHECK(robbieReplay["moment"] ==
        std::stoll(client.ok("evaluate", {{"expression", "steps"}})["result"].get<std::string>()));
  CHECK(robbieReplay["select"] == 1);
  CHECK(robbieReplay["replay"].get<std::string>().find("\"unit\":\"step\"") != std::string::npos);
  CHECK(client.ok("chronon/replay")["replay"] == robbieReplay["replay"]);
  CHECK_FALSE(client.ok("chronon/replay", {{"replay", false}}).contains("replay"));
  CHECK(client.ok("dataBreakpointInfo", {{"name", "Laps"}, {"variablesReference", 11}})["dataId"].is_null());
  // Continue to the end: the output is `chronon run`'s, then the thread exits.
  client.ok("setBreakpoints", {{"source", {{"path", bundledRl("pace-laps")}}}, {"breakpoints", json::array()}});
  const std::vector<json> end = client.request("continue", {{"threadId", 1}});
  REQUIRE(end.size() == 5);
  CHECK(end[1]["event"] == "output");
  const RlProgram laps(bundledRl("pace-laps"));
  CHECK(end[1]["body"]["output"] ==
        runText(laps.program(), rl::runInRoom(laps.program(), rl::defaultRoom(), rl::kDefaultStepLimit)));
  CHECK(end[1]["body"]["data"]["end"] == "stopped");
  CHECK(end[2]["body"] == json{{"reason", "exited"}, {"threadId", 1}});
  CHECK(end[3]["event"] == "terminated");
  CHECK(end[4]["body"]["exitCode"] == 0);
  CHECK(client.error("next", {{"threadId", 1}}) == "the program has ended");
  // Back from the end, Robbie's thread exists again.
  const std::vector<json> back = client.request("stepBack", {{"threadId", 1}});
  REQUIRE(back.size() == 3);
  CHECK(back[1]["body"] == json{{"reason", "started"}, {"threadId", 1}});
  CHECK(back[2]["body"]["reason"] == "step");
  client.ok("disconnect");
}

TEST_CASE("DAP transcript for a Grobots side: threads that come and go, breakpoints, steps, step back, the end",
          "[dap][grobots]") {
  namespace gb = chronon::arena::grobots;
  const std::string gatherer =
      (std::filesystem::path(CHRONON_SOURCE_DIR) / "stdlib" / "grobots" / "gatherer.gb").string();
  const std::string fighter =
      (std::filesystem::path(CHRONON_SOURCE_DIR) / "stdlib" / "grobots" / "fighter.gb").string();
  Client client;
  client.ok("initialize", {{"adapterID", "chronon"}});
  const std::vector<json> launched =
      client.request("launch", {{"program", gatherer}, {"opponents", {fighter}}, {"seed", 2}, {"frames", 400}});
  REQUIRE(launched[0]["success"] == true);
  // No robot exists before the round starts: no thread yet.
  REQUIRE(launched.size() == 2);
  CHECK(launched[1]["event"] == "initialized");
  CHECK(client.ok("threads")["threads"].empty());
  // A label breakpoint with a condition, and one whose condition is not in the language.
  const json set = client.ok("setFunctionBreakpoints", {{"breakpoints",
                                                         {{{"name", "forage"}, {"condition", "frame >= 50"}},
                                                          {{"name", "breed"}, {"condition", "frame >> 3"}},
                                                          {{"name", "nowhere"}}}}});
  REQUIRE(set["breakpoints"].size() == 3);
  CHECK(set["breakpoints"][0]["verified"] == true);
  CHECK(set["breakpoints"][0]["line"] == 62);
  CHECK(set["breakpoints"][1]["verified"] == false);
  CHECK(set["breakpoints"][2]["verified"] == false);
  const std::vector<json> first = client.request("configurationDone");
  // The side's robots start their threads, then the round stops at the breakpoint.
  REQUIRE(first.size() >= 3);
  std::set<int64_t> threads;
  for (size_t i = 1; i + 1 < first.size(); ++i) {
    REQUIRE(first[i]["event"] == "thread");
    CHECK(first[i]["body"]["reason"] == "started");
    threads.insert(first[i]["body"]["threadId"].get<int64_t>());
  }
  const json stopped = first.back();
  REQUIRE(stopped["event"] == "stopped");
  CHECK(stopped["body"]["reason"] == "function breakpoint");
  const int64_t thread = stopped["body"]["threadId"];
  CHECK(threads.count(thread) == 1);
  CHECK(std::stoi(client.ok("evaluate", {{"expression", "frame"}})["result"].get<std::string>()) >= 50);
  const json listed = client.ok("threads")["threads"];
  CHECK(listed.size() == threads.size());
  CHECK(listed[0]["name"].get<std::string>().find("Chronon Gatherers' Gatherer #") == 0);

  // The paused robot: its frame at forage, its scopes, evaluate, disassemble.
  const json before = client.view(static_cast<int>(thread));
  client.refusesOtherScopes(static_cast<int>(thread));
  CHECK(before["frame"]["name"].get<std::string>().rfind("forage", 0) == 0);
  CHECK(before["frame"]["line"] == 62);
  CHECK(before["frame"]["source"]["path"] == dap::absolutePath(gatherer));
  REQUIRE(before.contains("Data stack"));
  REQUIRE(before.contains("Return stack"));
  CHECK(before["Return stack"].size() == 1);  // main called forage
  bool sawSeenTime = false;
  for (const json& v : before["Variables"]) sawSeenTime = sawSeenTime || v["name"] == "seen-time";
  CHECK(sawSeenTime);
  bool sawEnergy = false;
  for (const json& v : before["Hardware"]) sawEnergy = sawEnergy || v["name"] == "energy";
  CHECK(sawEnergy);
  CHECK(client.ok("evaluate", {{"expression", "wander-goal"}})["result"].get<std::string>().front() == '<');
  CHECK(client.error("evaluate", {{"expression", "no-such-thing"}}).find("cannot evaluate") == 0);
  // Grobocode on a copy of the paused brain: arithmetic, the type's constants and variables, hardware
  // reads of the world at that moment; the battle does not move.
  CHECK(client.ok("evaluate", {{"expression", "2 3 + hungry"}})["result"] == "60 5");
  CHECK(client.ok("evaluate", {{"expression", "seen-time 1 +"}})["result"].get<std::string>() != "");
  CHECK(client.ok("evaluate", {{"expression", "energy 0 >"}})["result"] == "1");
  CHECK(client.ok("evaluate", {{"expression", "7 seen-time! seen-time"}})["result"] == "7");
  CHECK(client.error("evaluate", {{"expression", "1 0 /"}}).find("cannot evaluate '1 0 /': ") == 0);
  // A hover reads names but runs no code.
  CHECK(client.ok("evaluate", {{"expression", "seen-time"}, {"context", "hover"}})["result"] != "");
  CHECK(client.error("evaluate", {{"expression", "1 2 +"}, {"context", "hover"}}) == "cannot evaluate '1 2 +'");
  CHECK(client.view(static_cast<int>(thread)) == before);
  const json code = client.ok(
      "disassemble", {{"memoryReference", before["frame"]["instructionPointerReference"]}, {"instructionCount", 3}});
  REQUIRE(code["instructions"].size() == 3);
  CHECK(code["instructions"][0]["symbol"] == "forage");

  // One instruction forward and back again: the same view.
  CHECK(client.step("stepIn", {{"threadId", thread}, {"granularity", "instruction"}})["body"]["reason"] == "step");
  CHECK(client.view(static_cast<int>(thread)) != before);
  CHECK(client.step("stepBack", {{"threadId", thread}})["body"]["reason"] == "step");
  CHECK(client.view(static_cast<int>(thread)) == before);
  // Out of forage, back in main.
  CHECK(client.step("stepOut", {{"threadId", thread}})["body"]["threadId"] == thread);
  CHECK(client.view(static_cast<int>(thread))["Return stack"].empty());

  // A data breakpoint on every gatherer's seen-time.
  const json variables = client.ok("scopes", {{"frameId", before["frame"]["id"]}})["scopes"][2];
  const json info =
      client.ok("dataBreakpointInfo", {{"name", "seen-time"}, {"variablesReference", variables["variablesReference"]}});
  CHECK(info["dataId"] == "Gatherer:seen-time");
  const json data = client.ok("setDataBreakpoints", {{"breakpoints", {{{"dataId", "Gatherer:seen-time"}}}}});
  CHECK(data["breakpoints"][0]["verified"] == true);
  client.ok("setFunctionBreakpoints", {{"breakpoints", json::array()}});
  const std::vector<json> watched = client.request("continue", {{"threadId", thread}});
  CHECK(watched.back()["body"]["reason"] == "data breakpoint");

  // The battle viewer's replay of the round: a file beside the adapter, at the paused frame, with
  // the paused robot (its thread) to select.
  const int64_t watchedThread = watched.back()["body"]["threadId"];
  const json replayAnswer = client.ok("chronon/replay");
  CHECK(replayAnswer["select"] == watchedThread);
  CHECK(replayAnswer["moment"] ==
        std::stoi(client.ok("evaluate", {{"expression", "frame"}})["result"].get<std::string>()));
  const std::string replayFile = replayAnswer["replayFile"];
  std::string replayError;
  const std::optional<chronon::arena::replay::File> replay = chronon::arena::replay::readFile(replayFile, replayError);
  REQUIRE(replay.has_value());
  CHECK(replay->header["game"] == "grobots");
  CHECK(replay->header["seed"] == 2);
  CHECK(replay->moments.size() == 401);  // frame 0 and the 400 frames of the round
  // The debugged side is watched: the paused robot's brain is in the line of the paused frame.
  bool pausedBrainRecorded = false;
  for (const std::string& line : replay->moments) {
    if (line.rfind("{\"t\":" + replayAnswer["moment"].dump() + ",", 0) != 0) continue;
    const json moment = json::parse(line);
    for (const json& brain : moment.value("brain", json::array())) pausedBrainRecorded |= brain[0] == watchedThread;
  }
  CHECK(pausedBrainRecorded);
  // Later stops need only the moment and the robot; the file stays the same.
  const json again = client.ok("chronon/replay", {{"replay", false}});
  CHECK_FALSE(again.contains("replayFile"));
  CHECK(again["moment"] == replayAnswer["moment"]);
  CHECK(client.ok("chronon/replay")["replayFile"] == replayFile);

  // Run to the end: the robots born since and those alive at the end start and end their threads,
  // and the output is `chronon battle`'s results block for the same round.
  client.ok("setDataBreakpoints", {{"breakpoints", json::array()}});
  const std::vector<json> end = client.request("continue", {{"threadId", watched.back()["body"]["threadId"]}});
  REQUIRE(end.size() >= 4);
  CHECK(end[1]["event"] == "output");
  std::vector<std::unique_ptr<SourceFile>> files;
  std::vector<chronon::grobocode::SideResult> sides;
  for (const std::string& path : {gatherer, fighter}) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    files.push_back(std::make_unique<SourceFile>(path, text.str()));
    sides.push_back(chronon::grobocode::compileSide(*files.back()));
  }
  gb::WorldOptions options;
  options.frameLimit = 400;
  const gb::RoundOutcome expected = gb::runRound({&sides[0].side, &sides[1].side}, options, 2);
  CHECK(end[1]["body"]["output"] == gb::formatRoundResults(expected, {sides[0].side.name, sides[1].side.name}));
  size_t exited = 0;
  for (const json& e : end) {
    if (e["event"] == "thread") {
      CHECK(e["body"]["reason"] == "exited");
      ++exited;
    }
  }
  CHECK(exited > 0);
  CHECK(end[end.size() - 2]["event"] == "terminated");
  CHECK(client.error("next", {{"threadId", thread}}) == "the round has ended");
  // The replay's end is the round the session played to its end.
  REQUIRE(replay->end.has_value());
  CHECK((*replay->end)["frames"] == expected.frames);
  CHECK(client.ok("chronon/replay", {{"replay", false}})["moment"] == expected.frames);
  client.ok("disconnect");
  CHECK_FALSE(std::filesystem::exists(replayFile));
}

TEST_CASE("DAP stop on entry stops before the first instruction, with reason entry, for every seed", "[dap][grobots]") {
  const std::filesystem::path dir = std::filesystem::temp_directory_path() / "chronon_test_dap_entry";
  std::filesystem::create_directories(dir);
  const std::string side = (dir / "entry.gb").string();
  {
    std::ofstream(side) << "#side Entry\n#type Counter\n#hardware\nprocessor 5\narmor 100\n#code\n"
                           "5 6 + drop\ndo sync forever\n#end\n";
  }
  const std::string robot = (dir / "entry.rtk").string();
  { std::ofstream(robot) << "start:\n  1 drop\n  start jump\n"; }
  const std::string fighter = (chronon::test::sourceDir() / "stdlib" / "grobots" / "fighter.gb").string();
  // Which robot of a Grobots round runs first depends on the seed; the side's first robot is the one
  // stopped at, whichever it is, and nothing of it has run.
  for (const int seed : {1, 2, 3, 4, 5, 6, 7, 8}) {
    INFO("grobots seed " << seed);
    Client client;
    client.ok("initialize");
    client.ok("launch", {{"program", side}, {"opponents", {fighter}}, {"seed", seed}, {"stopOnEntry", true}});
    const std::vector<json> replies = client.request("configurationDone");
    const json stopped = replies.back();
    REQUIRE(stopped["event"] == "stopped");
    CHECK(stopped["body"]["reason"] == "entry");
    const json view = client.view(stopped["body"]["threadId"].get<int>());
    CHECK(view["frame"]["line"] == 7);
    CHECK(view["Data stack"].empty());
    // The first step runs the first instruction: 5 is pushed.
    CHECK(client.step("stepIn", {{"threadId", stopped["body"]["threadId"]},
                                 {"granularity", "instruction"}})["body"]["reason"] == "step");
    CHECK(client.view(stopped["body"]["threadId"].get<int>())["Data stack"].size() == 1);
  }
  for (const int seed : {1, 2, 3}) {
    INFO("robowar seed " << seed);
    Client client;
    client.ok("initialize");
    client.ok("launch",
              {{"program", robot}, {"opponents", {bundled("sitting-duck")}}, {"seed", seed}, {"stopOnEntry", true}});
    const json entry = client.step("configurationDone", json::object());
    CHECK(entry["body"]["reason"] == "entry");
    CHECK(client.view()["frame"]["line"] == 2);
  }
  // Robbie has no seed: his program's first line, before it runs.
  Client robbie;
  robbie.ok("initialize");
  robbie.ok("launch", {{"program", bundledRl("pace-laps")}, {"stopOnEntry", true}});
  CHECK(robbie.step("configurationDone", json::object())["body"]["reason"] == "entry");
  CHECK(robbie.view()["frame"]["line"] == 5);
  CHECK(robbie.view()["Expression stack"].empty());
  std::filesystem::remove_all(dir);
}

namespace {

// The output events among `replies`, their text.
std::vector<std::string> logged(const std::vector<json>& replies) {
  std::vector<std::string> out;
  for (const json& r : replies) {
    if (r.value("event", "") == "output") out.push_back(r["body"]["output"]);
  }
  return out;
}

}  // namespace

TEST_CASE("Hit counts and log points work alike in the three games", "[dap][grobots][robbie]") {
  for (const auto& [text, hits] : std::vector<std::pair<std::string, std::vector<int>>>{{"3", {3}},
                                                                                        {"== 3", {3}},
                                                                                        {">= 3", {3, 4, 5, 6}},
                                                                                        {"> 3", {4, 5, 6}},
                                                                                        {"<2", {1}},
                                                                                        {"<= 2", {1, 2}},
                                                                                        {"% 2", {2, 4, 6}}}) {
    INFO(text);
    std::string error;
    const std::optional<dap::HitCondition> c = dap::parseHitCondition(text, error);
    REQUIRE(c);
    std::vector<int> matched;
    for (int n = 1; n <= 6; ++n) {
      if (c->matches(n)) matched.push_back(n);
    }
    CHECK(matched == hits);
  }
  for (const char* bad : {"", "often", ">= x", "% 0", "3 4", "-1"}) {
    std::string error;
    CHECK_FALSE(dap::parseHitCondition(bad, error));
    CHECK(error.find("hit condition") == 0);
  }
  CHECK(dap::interpolateLogMessage("a={a} b={b} {{x}} {open", [](const std::string& e) { return "<" + e + ">"; }) ==
        "a=<a> b=<b> {x} {open");

  const std::filesystem::path dir = std::filesystem::temp_directory_path() / "chronon_test_dap_hits";
  std::filesystem::create_directories(dir);
  // Each game: a program, a loop line whose nth pass has counted n - 1, and the counter's name.
  struct Game {
    std::string name;
    std::string program;
    json opponents;
    json limit;  ///< A short battle: the last run goes to its end.
    int loopLine;
    int logLine;
    std::string counter;
    std::vector<std::string> firstLogs;  ///< What the log point prints on the first two passes.
  };
  const std::string robot = (dir / "count.rtk").string();
  { std::ofstream(robot) << "start:\n  a 1 + a' store\n  start jump\n"; }
  const std::string side = (dir / "count.gb").string();
  {
    std::ofstream(side) << "#side Count\n#type Counter\n#hardware\nprocessor 5\narmor 100\n#code\n#var n 0\n"
                           "do\nn 1 + n!\nforever\n#end\n";
  }
  const std::vector<Game> games = {
      {"robowar",
       robot,
       json::array({bundled("sitting-duck")}),
       {{"maxChronons", 30}},
       2,
       3,
       "a",
       {"at 1\n", "at 2\n"}},
      {"grobots",
       side,
       json::array({(chronon::test::sourceDir() / "stdlib" / "grobots" / "fighter.gb").string()}),
       {{"frames", 20}},
       9,
       9,
       "n",
       {}},
      {"robbie", bundledRl("pace-laps"), json::array(), json::object(), 8, 10, "Laps", {"at 0\n", "at 1\n"}},
  };
  for (const Game& g : games) {
    INFO(g.name);
    json launch = g.limit;
    launch["program"] = g.program;
    if (!g.opponents.empty()) launch["opponents"] = g.opponents;
    // Where a plain breakpoint on the loop line stops, pass by pass (a Grobots side's robots all pass
    // there, and hits are counted over all of them, as debugpy counts over threads).
    std::vector<std::pair<int, std::string>> passes;
    {
      Client plain;
      plain.ok("initialize");
      plain.ok("launch", launch);
      plain.ok("setBreakpoints", {{"source", {{"path", g.program}}}, {"breakpoints", {{{"line", g.loopLine}}}}});
      json stopped = plain.request("configurationDone").back();
      while (passes.size() < 6 && stopped["event"] == "stopped") {
        const int thread = stopped["body"]["threadId"];
        passes.emplace_back(thread, plain.ok("evaluate", {{"expression", g.counter}})["result"]);
        stopped = plain.request("continue", {{"threadId", thread}}).back();
      }
      REQUIRE(passes.size() == 6);
    }
    Client client;
    const json capabilities = client.ok("initialize");
    CHECK(capabilities["supportsHitConditionalBreakpoints"] == true);
    CHECK(capabilities["supportsLogPoints"] == true);
    client.ok("launch", launch);
    json breakpoints = json::array({{{"line", g.loopLine}, {"hitCondition", "% 3"}}});
    if (g.logLine != g.loopLine) breakpoints.push_back({{"line", g.logLine}, {"logMessage", "at {" + g.counter + "}"}});
    const json set = client.ok("setBreakpoints", {{"source", {{"path", g.program}}}, {"breakpoints", breakpoints}});
    for (const json& b : set["breakpoints"]) CHECK(b["verified"] == true);
    // The third pass stops, the first two do not; the log point printed on each pass before it.
    std::vector<json> replies = client.request("configurationDone");
    REQUIRE(replies.back()["event"] == "stopped");
    CHECK(replies.back()["body"]["reason"] == "breakpoint");
    int thread = replies.back()["body"]["threadId"];
    CHECK(std::pair<int, std::string>(thread, client.ok("evaluate", {{"expression", g.counter}})["result"]) ==
          passes[2]);
    if (g.logLine != g.loopLine) CHECK(logged(replies) == g.firstLogs);
    // Every third pass: the sixth next.
    replies = client.request("continue", {{"threadId", thread}});
    REQUIRE(replies.back()["event"] == "stopped");
    thread = replies.back()["body"]["threadId"];
    CHECK(std::pair<int, std::string>(thread, client.ok("evaluate", {{"expression", g.counter}})["result"]) ==
          passes[5]);
    if (g.logLine != g.loopLine) CHECK(logged(replies).size() == 3);
    // A hit condition that is not a count is refused, and that breakpoint never stops.
    const json bad = client.ok(
        "setBreakpoints",
        {{"source", {{"path", g.program}}},
         {"breakpoints",
          {{{"line", g.loopLine}, {"hitCondition", "often"}}, {{"line", g.loopLine}, {"logMessage", "{nosuch}"}}}}});
    CHECK(bad["breakpoints"][0]["verified"] == false);
    CHECK(bad["breakpoints"][0]["message"].get<std::string>().find("often") != std::string::npos);
    // A log point alone never stops; an expression it cannot evaluate is shown as the error.
    replies = client.request("continue", {{"threadId", thread}});
    const std::vector<std::string> lines = logged(replies);
    REQUIRE(!lines.empty());
    CHECK(lines[0].front() == '<');
    CHECK(replies.back()["event"] != "stopped");
  }
  std::filesystem::remove_all(dir);
}

TEST_CASE("setVariable sets a variable and a stack cell in the three games, and the run goes on with it",
          "[dap][grobots][robbie]") {
  const std::filesystem::path dir = std::filesystem::temp_directory_path() / "chronon_test_dap_set";
  std::filesystem::create_directories(dir);
  const std::string robot = (dir / "count.rtk").string();
  { std::ofstream(robot) << "start:\n  a 1 + a' store\n  start jump\n"; }
  const std::string side = (dir / "count.gb").string();
  {
    std::ofstream(side) << "#side Count\n#type Counter\n#hardware\nprocessor 5\narmor 100\n#code\n#var n 0\n"
                           "do\nn 1 + n!\nforever\n#end\n";
  }
  // Each game: a program whose loop line adds 1 to `counter`, the scope that holds it, and the
  // value of another type that the counter cannot take.
  struct Game {
    std::string name;
    json launch;
    int loopLine;
    std::string scope;
    std::string counter;
    std::string stack;
    std::string wrongValue;
  };
  const std::vector<Game> games = {
      {"robowar",
       {{"program", robot}, {"opponents", json::array({bundled("sitting-duck")})}, {"maxChronons", 30}},
       2,
       "Registers",
       "a",
       "Data stack",
       "1.5"},
      {"grobots",
       {{"program", side},
        {"opponents", json::array({(chronon::test::sourceDir() / "stdlib" / "grobots" / "fighter.gb").string()})},
        {"frames", 20}},
       9,
       "Variables",
       "n",
       "Data stack",
       "<1, 2>"},
      {"robbie", {{"program", bundledRl("pace-laps")}}, 10, "Registers", "Laps", "Expression stack", "true"},
  };
  for (const Game& g : games) {
    INFO(g.name);
    Client client;
    CHECK(client.ok("initialize")["supportsSetVariable"] == true);
    client.ok("launch", g.launch);
    const std::string program = g.launch["program"];
    client.ok("setBreakpoints", {{"source", {{"path", program}}}, {"breakpoints", {{{"line", g.loopLine}}}}});
    const json stopped = client.request("configurationDone").back();
    REQUIRE(stopped["event"] == "stopped");
    const int thread = stopped["body"]["threadId"];
    const auto counter = [&] {
      return client.ok("evaluate", {{"expression", g.counter}})["result"].get<std::string>();
    };
    const auto reference = [&](const std::string& name) {
      const json frame = client.ok("stackTrace", {{"threadId", thread}})["stackFrames"][0];
      const json scopes = client.ok("scopes", {{"frameId", frame["id"]}});
      for (const json& scope : scopes["scopes"]) {
        if (scope["name"] == name) return scope["variablesReference"].get<int64_t>();
      }
      FAIL("no scope " << name << " in " << frame.dump());
      return int64_t{0};
    };
    // Set before the line runs: the line adds 1 to the new value.
    const json set =
        client.ok("setVariable", {{"variablesReference", reference(g.scope)}, {"name", g.counter}, {"value", "40"}});
    CHECK(set["value"] == "40");
    CHECK(counter() == "40");
    client.step("next", {{"threadId", thread}});
    CHECK(counter() == "41");
    // Back past the line and forward again: the value set is part of the run now.
    for (int i = 0; i < 50 && counter() != "40"; ++i) client.step("stepBack", {{"threadId", thread}});
    CHECK(counter() == "40");
    client.step("next", {{"threadId", thread}});
    CHECK(counter() == "41");
    // Refused: a value the counter cannot hold, a name that is not there, a stack cell below the stack.
    CHECK(!client
               .error("setVariable",
                      {{"variablesReference", reference(g.scope)}, {"name", g.counter}, {"value", g.wrongValue}})
               .empty());
    CHECK(!client.error("setVariable", {{"variablesReference", reference(g.scope)}, {"name", "nosuch"}, {"value", "1"}})
               .empty());
    CHECK(!client.error("setVariable", {{"variablesReference", reference(g.stack)}, {"name", "7"}, {"value", "1"}})
               .empty());
  }

  // A RoboWar stack cell: after `a` is pushed (two words, `a' RECALL`), the top is what gets 1 added.
  Client client;
  client.ok("initialize");
  client.ok("launch", {{"program", robot}, {"opponents", json::array({bundled("sitting-duck")})}, {"maxChronons", 30}});
  client.ok("setBreakpoints", {{"source", {{"path", robot}}}, {"breakpoints", {{{"line", 2}}}}});
  REQUIRE(client.request("configurationDone").back()["event"] == "stopped");
  client.step("stepIn", {{"threadId", 1}, {"granularity", "instruction"}});
  client.step("stepIn", {{"threadId", 1}, {"granularity", "instruction"}});
  const json frame = client.ok("stackTrace", {{"threadId", 1}})["stackFrames"][0];
  int64_t stack = 0;
  const json scopes = client.ok("scopes", {{"frameId", frame["id"]}});
  for (const json& scope : scopes["scopes"]) {
    if (scope["name"] == "Data stack") stack = scope["variablesReference"];
  }
  CHECK(client.ok("setVariable", {{"variablesReference", stack}, {"name", "0"}, {"value", "99"}})["value"] == "99");
  client.step("next", {{"threadId", 1}});
  CHECK(client.ok("evaluate", {{"expression", "a"}})["result"] == "100");
  // A quoted register is a reference; the Hardware scope and another robot are refused.
  CHECK(client.error("setVariable", {{"variablesReference", stack - 1 + 3}, {"name", "AIM"}, {"value", "5"}})
            .find("hardware") != std::string::npos);
  std::filesystem::remove_all(dir);
}
