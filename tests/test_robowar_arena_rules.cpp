// More tests of the RoboWar battle engine (arena/): the registers and rules the engine adds beyond
// tests/test_robowar_arena.cpp — NEAREST, MEGANUKE, JOCE and the official rules, DOPPLER's sign, RADAR's
// blind spot for the robot's own shots, edge interrupts, channels, team scoring and collisions
// (specs/robowar.md §5-§8, docs/robowar-arena.md).

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <array>
#include <filesystem>
#include <string>
#include <vector>

#include "../arena/src/robowar_near.h"
#include "chronon/arena/robowar_battle.h"
#include "chronon/arena/robowar_engine.h"
#include "chronon/compiler/robotalk_assembler.h"
#include "test_support.h"

namespace {

using namespace chronon;
using arena::robowar::DeathCause;
using arena::robowar::Engine;
using arena::robowar::Entry;
using arena::robowar::Result;
using arena::robowar::Robot;
using arena::robowar::Rules;

robotalk::Program compileBot(const std::string& source) {
  SourceFile file("rules.rtk", source);
  robotalk::CompileResult result = robotalk::compile(file, robotalk::CompileOptions{});
  INFO(source);
  REQUIRE_FALSE(result.diagnostics.hasErrors());
  return result.program;
}

const char* kIdle = "idle: sync idle jump";

// Two robots at (ax, ay) and (bx, by).
struct Pair {
  robotalk::Program a;
  robotalk::Program b;
  Engine engine;
  Pair(robotalk::Program pa, robotalk::Program pb, int ax, int ay, int bx, int by, Rules rules = Rules{})
      : a(std::move(pa)), b(std::move(pb)), engine(std::vector<Entry>{{&a, 0}, {&b, 0}}, 1, rules, true) {
    robot(0).x = ax;
    robot(0).y = ay;
    robot(1).x = bx;
    robot(1).y = by;
  }
  Robot& robot(int i) { return engine.robots()[static_cast<size_t>(i)]; }
  void steps(int n) {
    for (int i = 0; i < n; ++i) engine.step();
  }
};

}  // namespace

TEST_CASE("NEAREST gives the bearing from AIM and needs a slow processor", "[arena]") {
  robotalk::Program slow = compileBot("30 aim' store nearest a' store idle: sync idle jump");
  slow.hardware.cpu = 10;
  Pair p(slow, compileBot(kIdle), 100, 100, 200, 100);
  p.steps(1);
  CHECK(p.robot(0).brain.letters[0] == 60);  // the target is due east (90), AIM is 30
  robotalk::Program fast = slow;
  fast.hardware.cpu = 15;
  Pair q(fast, compileBot(kIdle), 100, 100, 200, 100);
  q.steps(1);
  CHECK_FALSE(q.robot(0).alive);
  CHECK(q.robot(0).cause == DeathCause::kBuggy);
}

TEST_CASE("DOPPLER is signed: clockwise motion across the line of sight is positive", "[arena]") {
  const robotalk::Program watcher = compileBot("90 aim' store doppler a' store idle: sync idle jump");
  Pair down(watcher, compileBot(kIdle), 100, 150, 200, 150);
  down.robot(1).speedY = 3;
  down.steps(1);
  CHECK(down.robot(0).brain.letters[0] == 3);
  Pair up(watcher, compileBot(kIdle), 100, 150, 200, 150);
  up.robot(1).speedY = -3;
  up.steps(1);
  CHECK(up.robot(0).brain.letters[0] == -3);
  // Motion along the line of sight is not seen.
  Pair along(watcher, compileBot(kIdle), 100, 150, 200, 150);
  along.robot(1).speedX = 4;
  along.steps(1);
  CHECK(along.robot(0).brain.letters[0] == 0);
}

TEST_CASE("RADAR does not see the robot's own shots", "[arena]") {
  Pair p(compileBot("90 aim' store 20 fire' store idle: sync idle jump"), compileBot(kIdle), 100, 150, 250, 150);
  p.steps(2);
  REQUIRE(p.engine.shots().size() == 1);
  CHECK(p.engine.radar(p.robot(0)) == 0);
  p.robot(1).aim = 270;
  CHECK(p.engine.radar(p.robot(1)) > 0);
}

TEST_CASE("MEGANUKE needs TacNukes and blasts 1x energy within 110 px", "[arena]") {
  robotalk::Program layer = compileBot("40 meganuke' store idle: sync idle jump");
  layer.hardware.tacNukes = true;
  layer.hardware.damageMax = 150;
  Pair p(layer, compileBot(kIdle), 100, 150, 200, 150);
  p.steps(20);
  CHECK(p.robot(1).damage == 100);
  p.steps(3);
  CHECK(p.robot(1).damage == 60);
  CHECK(p.robot(0).damage == 110);
  robotalk::Program without = compileBot("40 meganuke' store idle: sync idle jump");
  const robotalk::Program idle = compileBot(kIdle);
  const Result r = arena::robowar::runBattle({{&without, 0}, {&idle, 0}}, 1, Rules{});
  CHECK(r.robots[0].error == "TacNukes not enabled.");
}

TEST_CASE("JOCE is a suicide TacNuke, banned under the official rules", "[arena]") {
  Pair p(compileBot("1 joce' store idle: sync idle jump"), compileBot(kIdle), 100, 150, 140, 150);
  p.steps(2);
  CHECK_FALSE(p.robot(0).alive);
  CHECK(p.robot(0).killer == -1);
  p.steps(12);
  CHECK(p.robot(1).damage <= 0);  // 400 damage within 60 px
  CHECK_FALSE(p.robot(1).alive);

  Rules official;
  official.officialRules = true;
  const robotalk::Program joce = compileBot("1 joce' store sync");
  robotalk::Program laser = compileBot("90 aim' store 10 laser' store sync");
  laser.hardware.lasers = true;
  const robotalk::Program idle = compileBot(kIdle);
  for (const robotalk::Program* banned : std::vector<const robotalk::Program*>{&joce, &laser}) {
    const Result r = arena::robowar::runBattle({{banned, 0}, {&idle, 0}}, 1, official);
    CHECK(r.robots[0].error == "No undocumented commands in tournaments");
  }
}

TEST_CASE("CHANNEL outside 1-10 kills; robots without a team hear only themselves", "[arena]") {
  const robotalk::Program bad = compileBot("11 channel' store sync");
  const robotalk::Program idle = compileBot(kIdle);
  const Result r = arena::robowar::runBattle({{&bad, 0}, {&idle, 0}}, 1, Rules{});
  CHECK(r.robots[0].error == "Channel out of range");
  CHECK(r.robots[0].errorAddress == 2);
  Pair p(compileBot("5 signal' store signal a' store idle: sync idle jump"),
         compileBot("sync signal a' store idle: sync idle jump"), 100, 150, 200, 150);
  p.steps(2);
  CHECK(p.robot(0).brain.letters[0] == 5);
  CHECK(p.robot(1).brain.letters[0] == 0);
}

TEST_CASE("edge interrupts: TOP once per crossing, DAMAGE below its parameter", "[arena]") {
  Pair p(compileBot(R"(
t top' setint d damage' setint 95 damage' setparam inton
idle: sync idle jump
t: a 1 + a' store rti
d: b 1 + b' store rti)"),
         compileBot(kIdle), 100, 30, 250, 250);
  p.robot(0).speedY = -2;
  p.steps(12);  // crosses y = 20 once, then sits at the wall taking 5 damage per chronon
  CHECK(p.robot(0).brain.letters[0] == 1);
  CHECK(p.robot(0).brain.letters[1] >= 1);
}

TEST_CASE("team battles: one survival point per living robot; teammates do not score kills", "[arena]") {
  robotalk::Program shooter = compileBot(R"(
start: range 0 > shoot ifg aim 7 + aim' store start jump
shoot: 30 fire' store start jump)");
  const robotalk::Program idle = compileBot(kIdle);
  const Result r = arena::robowar::runBattle({{&shooter, 1}, {&idle, 1}, {&idle, 2}}, 4, Rules{});
  REQUIRE(r.robots.size() == 3);
  CHECK(r.robots[0].alive);
  CHECK(r.robots[1].alive);  // RANGE ignores the teammate
  CHECK_FALSE(r.robots[2].alive);
  CHECK(r.robots[0].survivalPoints == 1);
  CHECK(r.robots[1].survivalPoints == 1);
  CHECK(r.robots[0].points == 2);
}

TEST_CASE("robots pushed together can move apart", "[arena]") {
  Pair p(compileBot("-8 speedx' store idle: sync idle jump"), compileBot(kIdle), 150, 150, 160, 150);
  p.steps(1);
  CHECK(p.robot(0).collision);
  p.steps(3);
  CHECK(p.robot(0).x < 140);
  CHECK_FALSE(p.robot(0).collision);
}

TEST_CASE("KILLS counts this battle's kills and hellbores outside 4-20 are ignored", "[arena]") {
  Pair p(compileBot("90 aim' store 30 fire' store 3 hellbore' store loop: kills a' store sync loop jump"),
         compileBot(kIdle), 100, 150, 170, 150);
  p.robot(0).hardware.hellbores = true;
  p.robot(1).damage = 20;
  p.steps(10);
  CHECK_FALSE(p.robot(1).alive);
  CHECK(p.robot(0).brain.letters[0] == 1);
  CHECK(p.robot(0).energy == 88);  // 30 for the bullet, nothing for the hellbore, 18 regenerated
}

TEST_CASE("registers read in place give what readRegister gives, clipped alike", "[arena]") {
  using robotalk::Reg;
  // The registers the engine lets the interpreter read in place (Engine::pointDirectReads), each
  // stored in a letter of its own within one turn.
  const std::vector<Reg> regs = {Reg::X,       Reg::Y,      Reg::Energy, Reg::Shield,  Reg::Aim,
                                 Reg::SpeedX,  Reg::SpeedY, Reg::Damage, Reg::Look,    Reg::Scan,
                                 Reg::Channel, Reg::Id,     Reg::Kills,  Reg::Chronon, Reg::Robots};
  const char* names[] = {"x",    "y",    "energy",  "shield", "aim",   "speedx",  "speedy", "damage",
                         "look", "scan", "channel", "id",     "kills", "chronon", "robots"};
  std::string source;
  for (size_t i = 0; i < regs.size(); ++i) source += std::string(names[i]) + " " + char('a' + i) + "' store ";
  source += "idle: sync idle jump";
  Pair p(compileBot(source), compileBot(kIdle), 100, 150, 200, 250);
  Robot& r = p.robot(0);
  r.hardware.cpu = 200;  // every read in the first turn
  // Distinct values, two of them beyond int16_t.
  r.speedX = 3;
  r.speedY = -2;
  r.energy = 40000;
  r.shield = 7;
  r.damage = 77;
  r.aim = 45;
  r.look = 10;
  r.scan = 20;
  r.channel = 4;
  r.rawKills = -40000;
  p.steps(1);
  REQUIRE(r.alive);
  for (size_t i = 0; i < regs.size(); ++i) {
    INFO(names[i]);
    // The clock has moved on since the turn; nothing else has.
    const int expected = regs[i] == Reg::Chronon ? p.engine.chronon() - 1 : p.engine.readRegister(r.brain, regs[i]);
    CHECK(r.brain.letters[i] == expected);
  }
  // ENERGY and KILLS (letters c and m) were beyond int16_t.
  CHECK(r.brain.letters[2] == 32767);
  CHECK(r.brain.letters[12] == -32768);
}

TEST_CASE("a bullet's first half-step hits before its second; within one, the first robot in order", "[arena]") {
  // A bullet fired along AIM 90 from (100, 150) starts at x = 111 and is tracked the chronon after
  // it is fired: half-steps of 6 px to x = 117, then x = 123. A robot 9 px from a position is hit
  // there; one sqrt(117) px away is not.
  const robotalk::Program shooter = compileBot("90 aim' store 20 fire' store idle: sync idle jump");
  const robotalk::Program idle = compileBot(kIdle);
  // The robot the first hit lands on, or -1, for the shooter at (sx, 150) and robots 1 and 2.
  const auto firstHit = [&](int sx, int ax, int ay, int bx, int by) {
    Engine engine({{&shooter, 0}, {&idle, 0}, {&idle, 0}}, 1, Rules{}, true);
    const int xs[] = {sx, ax, bx};
    const int ys[] = {150, ay, by};
    for (size_t i = 0; i < 3; ++i) {
      engine.robots()[i].x = xs[i];
      engine.robots()[i].y = ys[i];
    }
    for (int i = 0; i < 4; ++i) engine.step();
    for (const arena::robowar::Event& e : engine.events()) {
      if (e.kind == arena::robowar::Event::Kind::kHit) return e.robot;
    }
    return -1;
  };
  // Robot 2 at the first half-step beats robot 1, earlier in order, at the second.
  CHECK(firstHit(100, 123, 159, 117, 141) == 2);
  // Both at the first half-step, or both at the second: the first in order.
  CHECK(firstHit(100, 117, 159, 117, 141) == 1);
  CHECK(firstHit(100, 117, 141, 117, 159) == 1);
  CHECK(firstHit(100, 123, 159, 123, 141) == 1);
  CHECK(firstHit(100, 123, 141, 123, 159) == 1);
  // Nothing in reach: no hit.
  CHECK(firstHit(100, 140, 100, 160, 200) == -1);
  // A second half-step beyond the edge (x = 301) leaves the arena before it can hit robot 1.
  CHECK(firstHit(278, 300, 159, 150, 250) == -1);
  // ... which it hits when the edge is not crossed (x = 299).
  CHECK(firstHit(276, 298, 159, 150, 250) == 1);
}

TEST_CASE("the projectiles' hit test gives the same slots one at a time and in pairs", "[arena]") {
  // The arena tests two slots at a time with SSE2 (robowar_near.h); a build without it runs the
  // plain loop. Both must give the same bits, at the edge of reach above all, where a lane that
  // rounded otherwise would show.
  constexpr double kReach = arena::robowar::kRobotRadius * arena::robowar::kRobotRadius;
  uint32_t seed = 7;
  const auto next = [&seed](int below) {
    seed = seed * 1664525u + 1013904223u;
    return static_cast<int>((seed >> 8) % static_cast<uint32_t>(below));
  };
  std::array<double, arena::robowar::kMaxRobots> xs{};
  std::array<double, arena::robowar::kMaxRobots> ys{};
  int touching = 0;
  for (int trial = 0; trial < 20000; ++trial) {
    for (size_t i = 0; i < xs.size(); ++i) {
      xs[i] = next(301);
      ys[i] = next(301);
    }
    // A projectile's position near a robot: whole pixels plus fractions, as a shot's positions
    // have, and often exactly 10 px away (6 and 8 px along the axes, or 10 along one).
    const size_t near = static_cast<size_t>(next(static_cast<int>(xs.size())));
    double x = xs[near] + (next(3) == 0 ? 6 : next(21) - 10) + next(12) / 12.0;
    double y = ys[near] + (next(3) == 0 ? 8 : next(21) - 10) + next(7) / 7.0;
    if (trial % 5 == 0) {
      x = xs[near] + (trial % 2 == 0 ? 10.0 : -10.0);
      y = ys[near];
    }
    const unsigned plain = arena::robowar::nearSlotsPlain(xs.data(), ys.data(), xs.size(), x, y, kReach);
    INFO("trial " << trial << " at " << x << ", " << y);
    touching += plain != 0;
#if defined(__SSE2__)
    REQUIRE(arena::robowar::nearSlotsPaired(xs.data(), ys.data(), xs.size(), x, y, kReach) == plain);
#endif
    REQUIRE(arena::robowar::nearSlots(xs.data(), ys.data(), xs.size(), x, y, kReach) == plain);
  }
  // Exactly 10 px away is out of reach (the test is strict), along one axis or at (6, 8).
  const std::array<double, 2> pointXs{100, 0};
  const std::array<double, 2> pointYs{100, 0};
  CHECK(arena::robowar::nearSlotsPlain(pointXs.data(), pointYs.data(), 2, 110, 100, kReach) == 0);
  CHECK(arena::robowar::nearSlotsPlain(pointXs.data(), pointYs.data(), 2, 106, 108, kReach) == 0);
  CHECK(arena::robowar::nearSlotsPlain(pointXs.data(), pointYs.data(), 2, 109.9, 100, kReach) == 1);
  // The trials touched robots often enough to matter, and missed them too.
  CHECK(touching > 5000);
  CHECK(touching < 19000);
}

TEST_CASE("TEAMMATES counts the living teammates, and falls as they die", "[arena]") {
  // Robot 0 stores TEAMMATES in A every turn; robots 1 and 2 are its teammates, robot 3 is not.
  // Robot 1 fails on its second turn (a division by zero) and robot 2 on its fourth.
  const robotalk::Program reader = compileBot("loop: teammates a' store sync loop jump");
  const robotalk::Program early = compileBot("sync 1 0 / drop");
  const robotalk::Program late = compileBot("sync sync sync 1 0 / drop");
  const robotalk::Program idle = compileBot(kIdle);
  Engine engine({{&reader, 1}, {&early, 1}, {&late, 1}, {&idle, 0}}, 1, Rules{}, true);
  std::vector<int> counts;
  for (int i = 0; i < 6; ++i) {
    engine.step();
    counts.push_back(engine.robots()[0].brain.letters[0]);
  }
  REQUIRE_FALSE(engine.robots()[1].alive);
  REQUIRE_FALSE(engine.robots()[2].alive);
  // A turn sees the deaths of the chronons before it; in the chronon of a death, the robot acting
  // after the victim sees it too, so the first chronons with one and with no teammate depend on the
  // action order: every count is 2, 1 or 0, never rises, and ends at 0.
  for (size_t i = 0; i < counts.size(); ++i) {
    INFO("chronon " << i);
    CHECK(counts[i] >= 0);
    CHECK(counts[i] <= 2);
    if (i > 0) CHECK(counts[i] <= counts[i - 1]);
  }
  CHECK(counts.front() == 2);
  CHECK(counts.back() == 0);
  CHECK(std::find(counts.begin(), counts.end(), 1) != counts.end());
}

TEST_CASE("a copied or assigned engine reads its own robots' registers, not the original's", "[arena]") {
  // Robots that read X, Y, AIM, ENERGY and the rest every turn (Engine::pointDirectReads).
  std::vector<robotalk::Program> programs;
  for (const char* name : {"dodger", "spinner", "wanderer", "corner-camper"}) {
    const std::filesystem::path file = test::sourceDir() / "stdlib" / "robowar" / (std::string(name) + ".rtk");
    robotalk::LoadedRobot loaded = robotalk::loadRobot(file.string(), robotalk::CompileOptions{});
    REQUIRE_FALSE(loaded.diagnostics.hasErrors());
    programs.push_back(std::move(loaded.program));
  }
  std::vector<Entry> entries;
  for (const robotalk::Program& p : programs) entries.push_back({&p, 0});
  const std::vector<std::string> names(entries.size(), "robot");
  const auto describe = [&](const Result& r) {
    std::string text = arena::robowar::resultJson(r, names, 5).dump();
    for (const arena::robowar::Event& e : r.events) {
      text += "\n" + std::to_string(e.chronon) + " " + std::to_string(static_cast<int>(e.kind)) + " " +
              std::to_string(e.robot) + " " + std::to_string(e.other) + " " + std::to_string(e.value) + " " + e.text;
    }
    return text;
  };
  const std::string expected = describe(Engine(entries, 5, Rules{}, true).finish());
  Engine original(entries, 5, Rules{}, true);
  for (int i = 0; i < 60; ++i) original.step();
  Engine copied(original);
  Engine assigned(entries, 9, Rules{}, true);
  for (int i = 0; i < 10; ++i) assigned.step();
  assigned = original;
  // The original plays on, so its robots' fields no longer match the copies'.
  for (int i = 0; i < 200; ++i) original.step();
  CHECK(describe(copied.finish()) == expected);
  CHECK(describe(assigned.finish()) == expected);
}
