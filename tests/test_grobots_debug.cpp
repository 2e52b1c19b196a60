// The Grobots debugging session (arena/grobots_debug.h): a round under the debugger ends as it does
// without one, stepping back lands where a fresh run stops one instruction earlier, and the steps,
// breakpoints, watches and error stops arrive where they say.

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <memory>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "chronon/arena/grobots_debug.h"
#include "chronon/arena/grobots_world.h"
#include "chronon/compiler/grobocode.h"
#include "test_grobocode_support.h"
#include "test_support.h"

using namespace chronon;
namespace gb = chronon::arena::grobots;

namespace {

using chronon::test::bundledGrobotsSides;
using chronon::test::compileLoadedSide;
using chronon::test::sidePointers;

void requireSameOutcome(const gb::RoundOutcome& a, const gb::RoundOutcome& b) {
  REQUIRE(a.frames == b.frames);
  REQUIRE(a.sides.size() == b.sides.size());
  for (size_t i = 0; i < a.sides.size(); ++i) {
    CHECK(a.sides[i].biomass == b.sides[i].biomass);
    CHECK(a.sides[i].fraction == b.sides[i].fraction);
    CHECK(a.sides[i].earlyFraction == b.sides[i].earlyFraction);
    CHECK(a.sides[i].killedFraction == b.sides[i].killedFraction);
    CHECK(a.sides[i].alive == b.sides[i].alive);
    CHECK(a.sides[i].brainErrors == b.sides[i].brainErrors);
  }
}

void requireSameRobot(const gb::DebugRobotState& a, const gb::DebugRobotState& b) {
  INFO(a.name);
  REQUIRE(a.serial == b.serial);
  REQUIRE(a.name == b.name);
  REQUIRE(a.position.x == b.position.x);
  REQUIRE(a.position.y == b.position.y);
  REQUIRE(a.velocity.x == b.velocity.x);
  REQUIRE(a.velocity.y == b.velocity.y);
  REQUIRE(a.energy == b.energy);
  REQUIRE(a.armor == b.armor);
  REQUIRE(a.constructorProgress == b.constructorProgress);
  REQUIRE(a.found == b.found);
  REQUIRE(a.hasBrain == b.hasBrain);
  chronon::test::requireSameBrainState(a.brain, b.brain);
}

void requireSameSnapshot(const gb::DebugSnapshot& a, const gb::DebugSnapshot& b) {
  REQUIRE(a.position == b.position);
  REQUIRE(a.robots.size() == b.robots.size());
  for (size_t i = 0; i < a.robots.size(); ++i) requireSameRobot(a.robots[i], b.robots[i]);
}

// The serial of the first robot of side `side` alive in `snapshot`.
uint32_t firstOf(const gb::DebugSnapshot& snapshot, int32_t side) {
  for (const gb::DebugRobotState& r : snapshot.robots) {
    if (r.side == side && r.hasBrain) return r.serial;
  }
  FAIL("side " << side << " has no robot");
  return 0;
}

}  // namespace

TEST_CASE("A round run under the Grobots debugger ends exactly as runRound's", "[grobots-debug]") {
  const auto sides = bundledGrobotsSides();
  gb::WorldOptions options;
  options.frameLimit = 400;
  const gb::RoundOutcome expected = gb::runRound(sidePointers(sides), options, 3);
  SECTION("without breakpoints") {
    gb::DebugSession session(sidePointers(sides), options, 3);
    CHECK_FALSE(session.stepForward(gb::DebugStep::kContinue, 1));
    REQUIRE(session.ended());
    requireSameOutcome(session.outcome(), expected);
  }
  SECTION("with breakpoints on every side's first label, stopped at and continued from") {
    gb::DebugSession session(sidePointers(sides), options, 3);
    std::vector<gb::DebugBreakpoint> breakpoints;
    int id = 0;
    for (size_t s = 0; s < sides.size(); ++s) {
      const grobocode::Side& side = sides[s]->result.side;
      for (size_t t = 0; t < side.types.size(); ++t) {
        if (!side.types[t].brain || side.types[t].brain->labels.empty()) continue;
        gb::DebugBreakpoint b;
        b.id = ++id;
        b.side = static_cast<int32_t>(s);
        b.type = static_cast<int32_t>(t);
        b.address = side.types[t].brain->labels.front().address;
        b.function = true;
        // Only every 50th frame, so that the round gets through.
        b.condition = [](const gb::DebugPosition& p, const grobocode::MachineState&) { return p.frame % 50 == 0; };
        breakpoints.push_back(std::move(b));
      }
    }
    REQUIRE(!breakpoints.empty());
    session.setBreakpoints(std::move(breakpoints));
    int stops = 0;
    while (session.stepForward(gb::DebugStep::kContinue, 1)) {
      ++stops;
      CHECK(session.snapshot().reason == gb::DebugStopReason::kFunctionBreakpoint);
      CHECK(session.snapshot().position.frame % 50 == 0);
      REQUIRE(stops < 100000);
    }
    CHECK(stops > 0);
    REQUIRE(session.ended());
    requireSameOutcome(session.outcome(), expected);
  }
}

TEST_CASE("Stepping back in a Grobots round lands where a fresh run stopped one instruction earlier",
          "[grobots-debug]") {
  const auto sides = bundledGrobotsSides();
  gb::WorldOptions options;
  options.frameLimit = 300;
  // From the start, and from deep in the round (across a keyframe boundary).
  for (const int32_t startFrame : {0, gb::kKeyframeInterval * 3 - 1}) {
    INFO("from frame " << startFrame);
    gb::DebugSession forward(sidePointers(sides), options, 5);
    REQUIRE(forward.goToFrame(startFrame));
    const uint32_t robot = firstOf(forward.snapshot(), 1);
    REQUIRE(forward.stepForward(gb::DebugStep::kInstruction, robot));
    std::vector<gb::DebugSnapshot> seen{forward.snapshot()};
    for (int i = 0; i < 120; ++i) {
      REQUIRE(forward.stepForward(gb::DebugStep::kInstruction, robot));
      REQUIRE(forward.snapshot().position.robot == robot);
      seen.push_back(forward.snapshot());
    }
    // The steps crossed frames (a robot runs only its processor's instructions per frame).
    CHECK(seen.back().position.frame > seen.front().position.frame + 2);
    gb::DebugSession back(sidePointers(sides), options, 5);
    REQUIRE(back.goToFrame(startFrame));
    for (int i = 0; i < 121; ++i) REQUIRE(back.stepForward(gb::DebugStep::kInstruction, robot));
    requireSameSnapshot(back.snapshot(), seen.back());
    for (size_t i = seen.size() - 1; i-- > 0;) {
      INFO("step back to " << i);
      REQUIRE(back.stepBack(robot));
      requireSameSnapshot(back.snapshot(), seen[i]);
    }
    if (seen[0].position.count == 0) {
      // Nothing earlier: a step back stays at the robot's first instruction.
      REQUIRE(back.stepBack(robot));
      CHECK(back.snapshot().reason == gb::DebugStopReason::kEntry);
      requireSameSnapshot(back.snapshot(), seen[0]);
    }
  }
}

TEST_CASE("Grobots debugger steps: lines, over and out of calls, frames, go to a frame", "[grobots-debug]") {
  // main calls sub twice on separate lines; sub spans two lines.
  const auto side = compileLoadedSide("steps.gb",
                                      "#side Steps\n#type stepper\n#hardware\nprocessor 50\nenergy 100 100\n#code\n"
                                      "#var n 0\n"
                                      "main:\n"
                                      "sub^\n"
                                      "sub^\n"
                                      "sync main& jump\n"
                                      "sub: n 1 +\n"
                                      "n! return\n"
                                      "#end\n");
  std::vector<const grobocode::Side*> sides{&side->result.side};
  gb::WorldOptions options;
  options.frameLimit = 20;
  options.seedLimit = 0;
  gb::DebugSession session(sides, options, 1);
  REQUIRE(session.goToFrame(0));
  const uint32_t robot = session.snapshot().position.robot;
  const auto line = [&] {
    const gb::DebugRobotState& r = session.snapshot().paused();
    return session.lineOf(r.side, r.type, r.brain.pc);
  };
  REQUIRE(line() == 9);  // main's first line: sub^
  REQUIRE(session.stepForward(gb::DebugStep::kLine, robot));
  CHECK(line() == 12);  // into sub
  CHECK(session.snapshot().paused().brain.returnHeight == 1);
  REQUIRE(session.stepForward(gb::DebugStep::kOut, robot));
  CHECK(session.snapshot().paused().brain.returnHeight == 0);
  CHECK(line() == 10);  // back in main, at the second call
  REQUIRE(session.stepForward(gb::DebugStep::kOver, robot));
  CHECK(line() == 11);  // over the whole call
  CHECK(session.snapshot().paused().brain.returnHeight == 0);
  const int32_t frame = session.snapshot().position.frame;
  REQUIRE(session.stepForward(gb::DebugStep::kFrame, robot));
  CHECK(session.snapshot().position.frame == frame + 1);
  CHECK(line() == 11);  // a think resumes after the sync that ended the last one
  REQUIRE(session.goToFrame(10));
  CHECK(session.snapshot().position.frame == 10);
  CHECK(session.snapshot().reason == gb::DebugStopReason::kEntry);
  REQUIRE(session.goToFrame(4));
  CHECK(session.snapshot().position.frame == 4);
  CHECK_FALSE(session.goToFrame(500));
  CHECK(session.ended());
}

TEST_CASE("Grobots debugger: line breakpoints, watches, conditions, error stops and reverse continue",
          "[grobots-debug]") {
  const auto side = compileLoadedSide("probe.gb",
                                      "#side Probe\n#type probe\n#hardware\nprocessor 10\nenergy 100 100\n#code\n"
                                      "#var n 0\n"
                                      "#var quiet 0\n"
                                      "loop: n 1 + n!\n"
                                      "n 7 = if 1 0 / drop then\n"
                                      "sync loop& jump\n"
                                      "#end\n");
  std::vector<const grobocode::Side*> sides{&side->result.side};
  gb::WorldOptions options;
  options.frameLimit = 30;
  options.seedLimit = 0;
  int chosen = 0;
  // Line 10 is `n 7 = if ...`: its code is entered at its first word only (address 4).
  const std::vector<gb::DebugLineAddresses> at = gb::debugLineAddresses(side->result.side, 10, chosen);
  REQUIRE(chosen == 10);
  REQUIRE(at.size() == 1);
  REQUIRE(at[0].addresses == std::vector<int32_t>{4});
  // Blank and declaration lines move to the next line with code; past the last one there is none.
  CHECK(gb::debugLineAddresses(side->result.side, 7, chosen).at(0).addresses == std::vector<int32_t>{0});
  CHECK(chosen == 9);
  CHECK(gb::debugLineAddresses(side->result.side, 12, chosen).empty());
  CHECK(chosen == 0);
  CHECK(gb::debugLabelAddress(*side->result.side.types[0].brain, "LOOP") == 0);
  CHECK(gb::debugLabelAddress(*side->result.side.types[0].brain, "if-skip-g1") == -1);

  gb::DebugSession session(sides, options, 1);
  REQUIRE(session.goToFrame(0));
  const uint32_t robot = session.snapshot().position.robot;
  gb::DebugBreakpoint b;
  b.id = 4;
  b.address = at[0].addresses.front();
  // Stops only once n reached 3 (n is variable 0).
  b.condition = [](const gb::DebugPosition&, const grobocode::MachineState& s) {
    return s.variables[0].raw() >= 3 * 4096;
  };
  session.setBreakpoints({b});
  REQUIRE(session.stepForward(gb::DebugStep::kContinue, robot));
  CHECK(session.snapshot().reason == gb::DebugStopReason::kBreakpoint);
  CHECK(session.snapshot().breakpoints == std::vector<int>{4});
  CHECK(session.snapshot().paused().brain.variables[0].raw() == 3 * 4096);
  const int64_t firstHit = session.snapshot().position.tick;

  // A watch on n stops right after each write; one on a variable never written never does.
  session.setBreakpoints({});
  session.setWatches({gb::DebugWatch{7, 0, 0, false, 0}, gb::DebugWatch{8, 0, 0, false, 1}});
  REQUIRE(session.stepForward(gb::DebugStep::kContinue, robot));
  CHECK(session.snapshot().reason == gb::DebugStopReason::kDataBreakpoint);
  CHECK(session.snapshot().breakpoints == std::vector<int>{7});
  const uint32_t writer = session.snapshot().position.robot;
  const int32_t written = session.snapshot().paused().brain.variables[0].raw();
  // One instruction back, that robot had not written it yet.
  REQUIRE(session.stepBack(writer));
  CHECK(session.snapshot().paused().brain.variables[0].raw() == written - 4096);
  session.setWatches({});

  // The division by zero when n reaches 7 stops before the failing instruction, with the message.
  REQUIRE(session.stepForward(gb::DebugStep::kContinue, robot));
  CHECK(session.snapshot().reason == gb::DebugStopReason::kException);
  CHECK(session.snapshot().paused().brain.variables[0].raw() == 7 * 4096);
  CHECK(session.snapshot().paused().brain.status == grobocode::BrainStatus::kOk);
  CHECK(session.snapshot().error.find("divi") != std::string::npos);
  // Continuing without error stops lets every probe's brain fail and the round run to its end.
  session.setStopOnErrors(false);
  CHECK_FALSE(session.stepForward(gb::DebugStep::kContinue, robot));
  CHECK(session.ended());
  CHECK(session.outcome().sides[0].brainErrors >= 1);

  // Back from the end: reverse continue finds the last error, then the breakpoint's hits, the last
  // one in the same think (n is 7 there too), then the earlier ones, then the robot's first instruction.
  session.setStopOnErrors(true);
  session.setBreakpoints({b});
  REQUIRE(session.reverseContinue(robot));
  CHECK(session.snapshot().reason == gb::DebugStopReason::kException);
  int hits = 0;
  int errors = 1;
  int64_t tick = session.snapshot().position.tick;
  while (session.snapshot().reason != gb::DebugStopReason::kEntry) {
    REQUIRE(session.reverseContinue(robot));
    // Every stop is earlier than the one before.
    if (session.snapshot().reason != gb::DebugStopReason::kEntry) CHECK(session.snapshot().position.tick < tick);
    tick = session.snapshot().position.tick;
    if (session.snapshot().reason == gb::DebugStopReason::kException) {
      ++errors;
      CHECK(hits == 0);  // the errors come after every breakpoint hit
    }
    if (session.snapshot().reason == gb::DebugStopReason::kBreakpoint) {
      // The latest hit is in the think of the last error, where n is 7.
      if (hits == 0) CHECK(session.snapshot().paused().brain.variables[0].raw() == 7 * 4096);
      ++hits;
      CHECK(session.snapshot().position.tick >= firstHit);
      CHECK(session.snapshot().paused().brain.variables[0].raw() >= 3 * 4096);
    }
    REQUIRE(hits < 10000);
  }
  CHECK(errors == session.outcome().sides[0].brainErrors);
  CHECK(hits >= 5 * errors);
}

TEST_CASE("Grobots debugger: robots come and go between snapshots", "[grobots-debug]") {
  // A mother that builds children, and children that die after a few frames.
  const auto side = compileLoadedSide("family.gb",
                                      "#side Family\n"
                                      "#type mother\n#hardware\nprocessor 10\nconstructor 2\nenergy 1000 1000\n"
                                      "#code\n2 constructor-type! 2 constructor-rate! loop: sync loop& jump\n"
                                      "#type child\n#hardware\nprocessor 5\nenergy 10 10\n"
                                      "#code\n#var age 0\nloop: age 1 + age! age 3 > if die then sync loop& jump\n"
                                      "#end\n");
  std::vector<const grobocode::Side*> sides{&side->result.side};
  gb::WorldOptions options;
  options.frameLimit = 400;
  gb::DebugSession session(sides, options, 2);
  std::set<uint32_t> seen;
  std::set<uint32_t> gone;
  std::set<uint32_t> alive;
  for (int32_t frame = 0; frame < 400; frame += 5) {
    if (!session.goToFrame(frame)) break;
    std::set<uint32_t> now;
    for (const gb::DebugRobotState& r : session.snapshot().robots) now.insert(r.serial);
    for (const uint32_t s : alive) {
      if (now.count(s) == 0) gone.insert(s);
    }
    seen.insert(now.begin(), now.end());
    alive = now;
  }
  // Children were born and some died.
  CHECK(seen.size() > 2);
  CHECK(!gone.empty());
}

TEST_CASE("Evaluating Grobocode at a pause reads that moment and changes nothing", "[grobots-debug]") {
  const auto sides = bundledGrobotsSides();
  gb::WorldOptions options;
  options.frameLimit = 300;
  gb::DebugSession evaluated(sidePointers(sides), options, 4);
  gb::DebugSession plain(sidePointers(sides), options, 4);
  REQUIRE(evaluated.goToFrame(120));
  REQUIRE(plain.goToFrame(120));
  const uint32_t robot = evaluated.snapshot().position.robot;
  const gb::DebugRobotState& r = evaluated.snapshot().paused();
  // Hardware reads see the world at the pause; the stack starts as the robot's.
  const gb::DebugEvaluation energy = evaluated.evaluate(robot, "stack dropn energy");
  REQUIRE(energy.ok);
  REQUIRE(energy.stack.size() == 1);
  CHECK(energy.stack[0] == r.energy);
  const gb::DebugEvaluation sum = evaluated.evaluate(robot, "2 3 + 7 print");
  REQUIRE(sum.ok);
  CHECK(sum.stack.back().raw() == 5 * 4096);
  CHECK(sum.printed == "7");
  // Writes to the hardware, the brain's variables and shared memory stay in the evaluation.
  CHECK(evaluated.evaluate(robot, "1 engine-power! 30 30 engine-velocity! 5 1 write").ok);
  CHECK_FALSE(evaluated.evaluate(robot, "1 0 /").ok);
  CHECK(evaluated.evaluate(robot, "if").error.find("not closed") != std::string::npos);
  CHECK_FALSE(evaluated.evaluate(robot, "loop: loop& jump", 1000).ok);
  requireSameSnapshot(evaluated.snapshot(), plain.snapshot());
  for (int i = 0; i < 5; ++i) {
    REQUIRE(evaluated.stepForward(gb::DebugStep::kFrame, robot));
    REQUIRE(plain.stepForward(gb::DebugStep::kFrame, robot));
    requireSameSnapshot(evaluated.snapshot(), plain.snapshot());
  }
  CHECK_FALSE(evaluated.stepForward(gb::DebugStep::kContinue, robot));
  CHECK_FALSE(plain.stepForward(gb::DebugStep::kContinue, robot));
  requireSameOutcome(evaluated.outcome(), plain.outcome());
}
