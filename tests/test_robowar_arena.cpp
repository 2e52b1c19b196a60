// Tests of the RoboWar battle engine (arena/): determinism, shooting, walls, energy and shields,
// interrupts, the move-and-shoot rule, team signals and scoring (specs/robowar.md §5-§8).

#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "chronon/arena/robowar_battle.h"
#include "chronon/arena/robowar_engine.h"
#include "chronon/compiler/robotalk_assembler.h"
#include "test_support.h"

namespace {

using namespace chronon;
using arena::robowar::Entry;
using arena::robowar::Event;
using arena::robowar::Result;
using arena::robowar::Rules;

robotalk::Program robot(const std::string& source, const std::string& name = "bot") {
  SourceFile file(name + ".rtk", source);
  robotalk::CompileResult result = robotalk::compile(file, robotalk::CompileOptions{});
  INFO(source);
  REQUIRE_FALSE(result.diagnostics.hasErrors());
  result.program.name = name;
  return result.program;
}

std::string describe(const Result& r) {
  std::ostringstream out;
  out << "chronons " << r.chronons << " timeout " << r.timedOut << "\n";
  for (const auto& o : r.robots) {
    out << o.alive << ' ' << o.deathChronon << ' ' << static_cast<int>(o.cause) << ' ' << o.error << ' '
        << o.errorAddress << ' ' << o.killer << ' ' << o.kills << ' ' << o.survivalPoints << ' ' << o.points << ' '
        << o.finalEnergy << ' ' << o.finalDamage << "\n";
  }
  for (const auto& e : r.events) {
    out << e.chronon << ' ' << static_cast<int>(e.kind) << ' ' << e.robot << ' ' << e.other << ' ' << e.value << ' '
        << e.text << "\n";
  }
  return out.str();
}

int countEvents(const Result& r, Event::Kind kind) {
  int n = 0;
  for (const auto& e : r.events) n += e.kind == kind;
  return n;
}

const char* kShooter = R"(
start: range 0 > shoot ifg aim 7 + aim' store start jump
shoot: 30 fire' store start jump
)";
const char* kSitter = "sit: sync sit jump";
const char* kDancer = R"(
start: random 10 mod 5 - speedx' store random 10 mod 5 - speedy' store
range 0 > shoot ifg aim 11 + aim' store sync start jump
shoot: 20 fire' store start jump
)";

}  // namespace

TEST_CASE("battles are deterministic per seed", "[arena]") {
  const robotalk::Program a = robot(kDancer, "a");
  const robotalk::Program b = robot(kShooter, "b");
  const std::vector<Entry> entries{{&a, 0}, {&b, 0}};
  const Result first = arena::robowar::runBattle(entries, 42, Rules{}, true);
  const Result again = arena::robowar::runBattle(entries, 42, Rules{}, true);
  CHECK(describe(first) == describe(again));
  CHECK_FALSE(first.events.empty());
  const Result other = arena::robowar::runBattle(entries, 43, Rules{}, true);
  CHECK(describe(first) != describe(other));
}

TEST_CASE("a shooter kills a sitting target and scores the duel", "[arena]") {
  const robotalk::Program shooter = robot(kShooter, "shooter");
  const robotalk::Program sitter = robot(kSitter, "sitter");
  for (uint64_t seed = 1; seed <= 5; ++seed) {
    const Result r = arena::robowar::runBattle({{&shooter, 0}, {&sitter, 0}}, seed, Rules{}, true);
    INFO("seed " << seed << "\n" << describe(r));
    REQUIRE(r.robots.size() == 2);
    CHECK(r.robots[0].alive);
    CHECK_FALSE(r.robots[1].alive);
    CHECK(r.robots[1].cause == arena::robowar::DeathCause::kDamage);
    CHECK(r.robots[1].killer == 0);
    CHECK(r.robots[0].kills == 1);
    CHECK(r.robots[0].points == 2);  // 1 alive + 1 kill
    CHECK(r.robots[1].points == 0);
    CHECK(r.chronons == r.robots[1].deathChronon + arena::robowar::kTailChronons);
    CHECK_FALSE(r.timedOut);
    CHECK(countEvents(r, Event::Kind::kShot) > 0);
    CHECK(countEvents(r, Event::Kind::kHit) > 0);
    CHECK(countEvents(r, Event::Kind::kDeath) == 1);
  }
  // Without aggressive scoring kills add nothing.
  Rules passive;
  passive.aggressiveScoring = false;
  const Result r = arena::robowar::runBattle({{&shooter, 0}, {&sitter, 0}}, 7, passive);
  CHECK(r.robots[0].points == 1);
  CHECK(r.robots[0].kills == 1);
}

TEST_CASE("two sitters time out", "[arena]") {
  const robotalk::Program sitter = robot(kSitter);
  Rules rules;
  rules.maxChronons = 100;
  const Result r = arena::robowar::runBattle({{&sitter, 0}, {&sitter, 0}}, 3, rules);
  CHECK(r.timedOut);
  CHECK(r.chronons == 101);  // The original stops once the count exceeds the cap.
  CHECK(r.robots[0].points == 1);
  CHECK(r.robots[1].points == 1);
  CHECK(r.robots[0].finalEnergy == 100);
}

TEST_CASE("walls stop robots and hurt them", "[arena]") {
  const robotalk::Program runner = robot("20 speedx' store loop: sync loop jump", "runner");
  const robotalk::Program sitter = robot(kSitter);
  arena::robowar::Engine world({{&runner, 0}, {&sitter, 0}}, 5, Rules{}, true);
  auto& bot = world.robots()[0];
  bot.y = 150;
  world.robots()[1].y = 30;
  world.robots()[1].x = 30;
  for (int i = 0; i < 30 && bot.alive; ++i) world.step();
  CHECK(bot.x == 300);
  CHECK(bot.wall == 1);
  // 100 damage at 5 per chronon at the wall: it dies within the 30 chronons.
  CHECK_FALSE(bot.alive);
  CHECK(bot.cause == arena::robowar::DeathCause::kDamage);
  CHECK(bot.killer == -1);
}

TEST_CASE("energy regenerates and shields decay", "[arena]") {
  const robotalk::Program shielder = robot("50 shield' store loop: sync loop jump", "shielder");
  const robotalk::Program sitter = robot(kSitter);
  robotalk::Program withShield = shielder;
  withShield.hardware.shieldMax = 25;
  arena::robowar::Engine world({{&withShield, 0}, {&sitter, 0}}, 9, Rules{}, false);
  auto& bot = world.robots()[0];
  world.step();  // chronon 0: the robot raises its shield to 50 (energy 100 -> 50)
  CHECK(bot.shield == 50);
  CHECK(bot.energy == 50);
  world.step();  // chronon 1: +2 energy; above the maximum the shield decays by 2
  CHECK(bot.energy == 52);
  CHECK(bot.shield == 48);
  for (int i = 0; i < 20; ++i) world.step();
  CHECK(bot.shield <= 25);
  const int shield = bot.shield;
  world.step();
  world.step();
  CHECK(bot.shield == shield - 1);  // at or below the maximum: 1 every other chronon
  CHECK(bot.energy == 96);          // 50 + 2 per chronon for 23 chronons
  world.step();
  world.step();
  world.step();
  CHECK(bot.energy == 100);  // regeneration stops at the maximum
}

TEST_CASE("energy spent below -200 overloads the robot", "[arena]") {
  const robotalk::Program spender = robot("loop: 20 speedx' store -20 speedx' store loop jump", "spender");
  const robotalk::Program sitter = robot(kSitter);
  const Result r = arena::robowar::runBattle({{&spender, 0}, {&sitter, 0}}, 11, Rules{});
  CHECK_FALSE(r.robots[0].alive);
  CHECK(r.robots[0].cause == arena::robowar::DeathCause::kOverload);
}

TEST_CASE("a run-time error blows the robot up", "[arena]") {
  const robotalk::Program buggy = robot("1 2 3 0 / sync", "buggy");
  const robotalk::Program sitter = robot(kSitter);
  const Result r = arena::robowar::runBattle({{&buggy, 0}, {&sitter, 0}}, 1, Rules{}, true);
  CHECK_FALSE(r.robots[0].alive);
  CHECK(r.robots[0].cause == arena::robowar::DeathCause::kBuggy);
  CHECK(r.robots[0].error == "Division by zero");
  CHECK(r.robots[0].errorAddress == 4);
  CHECK(r.robots[0].deathChronon == 0);
  CHECK(r.robots[1].points == 1);
  CHECK(r.robots[1].kills == 0);
  CHECK(countEvents(r, Event::Kind::kError) == 1);
  // A weapon without its hardware kills the robot as in the original.
  const robotalk::Program noMissiles = robot("50 missile' store sync", "nomissiles");
  const Result m = arena::robowar::runBattle({{&noMissiles, 0}, {&sitter, 0}}, 1, Rules{});
  CHECK(m.robots[0].error == "Missiles not enabled.");
}

TEST_CASE("a CHRONON interrupt fires each chronon and RTI returns", "[arena]") {
  const robotalk::Program counter = robot(R"(
h chronon' setint 3 chronon' setparam inton
loop: sync loop jump
h: a 1 + a' store rti
)",
                                          "counter");
  const robotalk::Program sitter = robot(kSitter);
  arena::robowar::Engine world({{&counter, 0}, {&sitter, 0}}, 2, Rules{}, true);
  for (int i = 0; i < 10; ++i) world.step();
  auto& bot = world.robots()[0];
  // Chronons 3..9 each enter the handler once.
  CHECK(bot.brain.letters[0] == 7);
  CHECK(bot.alive);
  CHECK(bot.brain.sp == 0);  // RTI consumed every return address.
  CHECK(bot.brain.interruptsEnabled);
}

TEST_CASE("interrupts entered by INTON are logged", "[arena]") {
  const robotalk::Program waiter = robot(R"(
h wall' setint intoff
loop: sync x 10 < on ifg loop jump
on: inton sync loop jump
h: c 1 + c' store rti)",
                                         "waiter");
  const robotalk::Program sitter = robot(kSitter);
  arena::robowar::Engine world({{&waiter, 0}, {&sitter, 0}}, 2, Rules{}, true);
  auto& bot = world.robots()[0];
  bot.x = 30;
  bot.y = 150;
  world.robots()[1].x = 200;
  bot.speedX = -3;
  for (int i = 0; i < 12; ++i) world.step();
  CHECK(bot.brain.letters[2] == 1);
  const Result r = world.finish();
  bool logged = false;
  for (const Event& e : r.events) {
    logged = logged || (e.kind == Event::Kind::kInterrupt && e.robot == 0 && e.text == "WALL");
  }
  CHECK(logged);
}

TEST_CASE("collisions queue the COLLISION interrupt", "[arena]") {
  const robotalk::Program rammer = robot(R"(
h collision' setint inton
loop: sync loop jump
h: b 1 + b' store 0 speedx' store rti
)",
                                         "rammer");
  const robotalk::Program sitter = robot(kSitter);
  arena::robowar::Engine world({{&rammer, 0}, {&sitter, 0}}, 2, Rules{}, true);
  auto& a = world.robots()[0];
  auto& b = world.robots()[1];
  a.x = 100;
  a.y = 150;
  b.x = 140;
  b.y = 150;
  a.speedX = 4;
  for (int i = 0; i < 12; ++i) world.step();
  CHECK(a.brain.letters[1] == 1);
  CHECK(a.speedX == 0);
  CHECK(a.damage < 100);
  CHECK(b.damage < 100);
  CHECK(a.x < b.x);
}

TEST_CASE("the move-and-shoot rule voids the second action", "[arena]") {
  const robotalk::Program mover = robot("5 movex' store 20 fire' store loop: sync loop jump", "mover");
  const robotalk::Program sitter = robot(kSitter);
  for (bool allowed : {false, true}) {
    Rules rules;
    rules.moveAndShoot = allowed;
    arena::robowar::Engine world({{&mover, 0}, {&sitter, 0}}, 4, rules, true);
    auto& bot = world.robots()[0];
    bot.x = 150;
    bot.y = 150;
    world.robots()[1].x = 30;
    world.robots()[1].y = 30;
    world.step();
    CHECK(bot.x == 155);
    CHECK(bot.energy == 100 - 10 - 20);  // both actions cost energy either way
    CHECK(world.shots().size() == (allowed ? 1u : 0u));
  }
}

TEST_CASE("robots naming the same #!!team are teammates, numbered in order of first appearance", "[arena]") {
  CHECK(arena::robowar::teamsByName({}).empty());
  CHECK(arena::robowar::teamsByName({"", "reds", "blues", "reds", "", "blues", "greens"}) ==
        std::vector<int>{0, 1, 2, 1, 0, 2, 3});
  // Names are told apart as written: a team is the exact text of its line.
  CHECK(arena::robowar::teamsByName({"Reds", "reds"}) == std::vector<int>{1, 2});
}

TEST_CASE("team signals reach teammates on the channel", "[arena]") {
  const robotalk::Program sender = robot("3 channel' store 77 signal' store loop: sync loop jump", "sender");
  const robotalk::Program listener = robot(R"(
3 channel' store h signal' setint 3 signal' setparam inton
loop: sync loop jump
h: signal c' store rti
)",
                                           "listener");
  const robotalk::Program sitter = robot(kSitter);
  arena::robowar::Engine world({{&sender, 1}, {&listener, 1}, {&sitter, 0}}, 8, Rules{}, true);
  for (int i = 0; i < 3; ++i) world.step();
  CHECK(world.robots()[1].brain.letters[2] == 77);
  // The enemy is not on the team and hears nothing.
  CHECK(world.robots()[2].brain.letters[2] == 0);
}

TEST_CASE("group scoring: 3 alive, 2 last to die, 1 second-last", "[arena]") {
  auto dieAt = [](int chronon) {
    return robot("loop: chronon " + std::to_string(chronon) + " > die ifg sync loop jump die: 0 0 /",
                 "die" + std::to_string(chronon));
  };
  const robotalk::Program d0 = dieAt(1);
  const robotalk::Program d1 = dieAt(5);
  const robotalk::Program d2 = dieAt(9);
  const robotalk::Program d3 = dieAt(14);
  const robotalk::Program survivor = robot(kSitter, "survivor");
  const Result r =
      arena::robowar::runBattle({{&d0, 0}, {&d1, 0}, {&d2, 0}, {&d3, 0}, {&survivor, 0}}, 5, Rules{}, true);
  INFO(describe(r));
  REQUIRE(r.robots.size() == 5);
  CHECK(r.robots[0].survivalPoints == 0);
  CHECK(r.robots[1].survivalPoints == 0);
  CHECK(r.robots[2].survivalPoints == 1);
  CHECK(r.robots[3].survivalPoints == 2);
  CHECK(r.robots[4].survivalPoints == 3);
  CHECK(r.robots[4].points == 3);
  CHECK(r.robots[3].deathChronon == 15);
  CHECK(r.chronons == 15 + arena::robowar::kTailChronons);
}

namespace {

// Two robots at fixed positions: a at (ax, 150), b at (bx, 150).
struct Duel {
  robotalk::Program a;
  robotalk::Program b;
  std::unique_ptr<arena::robowar::Engine> world;
  Duel(robotalk::Program pa, robotalk::Program pb, int ax, int bx, Rules rules = Rules{})
      : a(std::move(pa)), b(std::move(pb)) {
    world = std::make_unique<arena::robowar::Engine>(std::vector<Entry>{{&a, 0}, {&b, 0}}, 1, rules, true);
    bot(0).x = ax;
    bot(0).y = 150;
    bot(1).x = bx;
    bot(1).y = 150;
  }
  arena::robowar::Robot& bot(int i) { return world->robots()[static_cast<size_t>(i)]; }
  void steps(int n) {
    for (int i = 0; i < n; ++i) world->step();
  }
};

}  // namespace

TEST_CASE("RANGE sees robots within sqrt(91) px of the line of fire", "[arena]") {
  Duel d(robot(kSitter), robot(kSitter), 100, 200);
  auto& a = d.bot(0);
  auto& b = d.bot(1);
  a.aim = 90;
  CHECK(d.world->range(a) == 100);
  b.y = 159;
  CHECK(d.world->range(a) == 100);
  b.y = 160;
  CHECK(d.world->range(a) == 0);
  b.y = 150;
  a.aim = 270;
  CHECK(d.world->range(a) == 0);
  a.aim = 80;
  a.look = 10;
  CHECK(d.world->range(a) == 100);
  b.team = a.team = 1;
  CHECK(d.world->range(a) == 0);  // teammates are ignored
}

TEST_CASE("bullets travel 12 px per chronon and hit one chronon after contact", "[arena]") {
  Duel d(robot("90 aim' store 30 fire' store loop: sync loop jump"), robot(kSitter), 100, 170);
  d.steps(1);
  REQUIRE(d.world->shots().size() == 1);
  CHECK(d.world->shots()[0].x == Approx(111));
  CHECK(d.bot(0).energy == 70);
  // RADAR of the target sees the bullet coming; looking away it sees nothing.
  d.bot(1).aim = 270;
  CHECK(d.world->radar(d.bot(1)) == 170 - 111);
  d.bot(1).aim = 90;
  CHECK(d.world->radar(d.bot(1)) == 0);
  d.steps(1);
  CHECK(d.world->shots()[0].x == Approx(123));
  d.steps(6);
  CHECK(d.bot(1).damage == 70);
  CHECK(d.world->shots().empty());
}

TEST_CASE("RADAR sees a shot exactly when its bearing is within 20 degrees of AIM+SCAN", "[arena]") {
  // The cone's edge decides by the bearing (atan2) itself; shots far outside it are dismissed by a
  // cheaper test first, which must never change an answer. Ring positions around the bullet give
  // bearings with every kind of fraction, and every AIM sweeps them across the edge.
  Duel d(robot("90 aim' store 30 fire' store loop: sync loop jump"), robot(kSitter), 100, 250);
  d.steps(1);
  REQUIRE(d.world->shots().size() == 1);
  const double shotX = d.world->shots()[0].x;
  const double shotY = d.world->shots()[0].y;
  constexpr double kPi = 3.14159265358979323846;
  int seen = 0;
  for (double around = 0.3; around < 360.0; around += 7.37) {
    auto& watcher = d.bot(1);
    watcher.x = shotX + 60.0 * std::sin(around * kPi / 180.0);
    watcher.y = shotY - 60.0 * std::cos(around * kPi / 180.0);
    const double dx = shotX - watcher.x;
    const double dy = shotY - watcher.y;
    double bearing = std::atan2(dx, -dy) * 180.0 / kPi;
    if (bearing < 0) bearing += 360.0;
    const int distance = static_cast<int>(std::sqrt(dx * dx + dy * dy));
    for (int aim = 0; aim < 360; ++aim) {
      watcher.aim = aim;
      double off = std::fabs(bearing - aim);
      if (off > 180.0) off = 360.0 - off;
      INFO("around " << around << " aim " << aim);
      CHECK(d.world->radar(watcher) == (off <= 20.0 ? distance : 0));
      seen += off <= 20.0;
    }
  }
  CHECK(seen > 0);
}

TEST_CASE("shields absorb hits first", "[arena]") {
  robotalk::Program target = robot(kSitter);
  target.hardware.shieldMax = 100;
  Duel d(robot("90 aim' store 30 fire' store loop: sync loop jump"), target, 100, 170);
  d.bot(1).shield = 50;
  d.steps(8);
  CHECK(d.bot(1).damage == 100);
  CHECK(d.bot(1).shield < 25);
  CHECK(d.bot(1).shield > 10);
}

TEST_CASE("weapons: rubber, explosive, missile, hellbore, stunner, laser", "[arena]") {
  const std::string fire90 = "90 aim' store ";
  SECTION("rubber bullets do half damage") {
    robotalk::Program p = robot(fire90 + "30 fire' store loop: sync loop jump");
    p.hardware.bullets = chronon::robowar::BulletType::kRubber;
    Duel d(p, robot(kSitter), 100, 170);
    d.steps(10);
    CHECK(d.bot(1).damage == 85);
  }
  SECTION("explosive bullets blast 2x energy around the hit") {
    robotalk::Program p = robot(fire90 + "20 fire' store loop: sync loop jump");
    p.hardware.bullets = chronon::robowar::BulletType::kExplosive;
    Duel d(p, robot(kSitter), 100, 170);
    d.steps(12);
    CHECK(d.bot(1).damage == 60);
    CHECK(d.bot(0).damage == 100);
  }
  SECTION("missiles do 2x energy at 5 px per chronon") {
    robotalk::Program p = robot(fire90 + "20 missile' store loop: sync loop jump");
    p.hardware.missiles = true;
    Duel d(p, robot(kSitter), 100, 160);
    d.steps(4);
    CHECK(d.bot(1).damage == 100);
    d.steps(10);
    CHECK(d.bot(1).damage == 60);
  }
  SECTION("hellbores zero the shield") {
    robotalk::Program p = robot(fire90 + "10 hellbore' store loop: sync loop jump");
    p.hardware.hellbores = true;
    robotalk::Program t = robot(kSitter);
    t.hardware.shieldMax = 100;
    Duel d(p, t, 100, 170);
    d.bot(1).shield = 80;
    d.steps(10);
    CHECK(d.bot(1).shield == 0);
    CHECK(d.bot(1).damage == 100);
    CHECK(d.bot(0).energy == 100);  // 10 spent, regenerated
  }
  SECTION("stunners freeze the target 1 chronon per 4 energy") {
    robotalk::Program p = robot(fire90 + "40 stunner' store loop: sync loop jump");
    p.hardware.stunners = true;
    Duel d(p, robot(kSitter), 100, 170);
    int maxStun = 0;
    for (int i = 0; i < 12; ++i) {
      d.steps(1);
      maxStun = std::max(maxStun, d.bot(1).stunned);
    }
    // 40 / 4 = 10 chronons, one of them already counted down in the chronon of the hit.
    CHECK(maxStun == 9);
  }
  SECTION("lasers hit the robot in sight for energy/5") {
    robotalk::Program p = robot(fire90 + "50 laser' store loop: sync loop jump");
    p.hardware.lasers = true;
    Duel d(p, robot(kSitter), 100, 250);
    d.steps(3);
    CHECK(d.bot(1).damage == 90);
  }
}

TEST_CASE("TacNukes and mines", "[arena]") {
  SECTION("a TacNuke hurts everything within 60 px, its layer too") {
    robotalk::Program p = robot("30 nuke' store loop: sync loop jump");
    p.hardware.tacNukes = true;
    Duel d(p, robot(kSitter), 150, 190);
    d.steps(11);
    CHECK(d.bot(1).damage == 100);
    d.steps(1);
    CHECK(d.bot(1).damage == 40);
    CHECK(d.bot(0).damage == 40);
  }
  SECTION("a mine arms after 10 chronons and does 2 (e - 5)") {
    robotalk::Program p = robot("20 mine' store loop: sync loop jump");
    p.hardware.mines = true;
    Duel d(p, robot(kSitter), 150, 250);
    d.steps(9);
    CHECK(d.bot(0).damage == 100);
    d.steps(5);
    CHECK(d.bot(0).damage == 70);
  }
}

TEST_CASE("PROBE, HISTORY, DOPPLER and ID", "[arena]") {
  robotalk::Program p = robot(R"(
90 aim' store probe a' store energy' probe' setparam probe b' store
35 history' setparam 12 history' store history c' store id d' store doppler e' store
loop: sync loop jump)");
  p.hardware.probes = true;
  p.hardware.cpu = 50;
  Duel d(p, robot(kSitter), 100, 200);
  d.bot(1).damage = 77;
  d.bot(1).energy = 55;
  d.bot(1).speedY = 5;
  d.bot(1).x = 200;
  d.steps(1);
  const auto& letters = d.bot(0).brain.letters;
  CHECK(letters[0] == 77);
  CHECK(letters[1] == 57);  // +2 regenerated before robot 0 acts
  CHECK(letters[2] == 12);
  CHECK(letters[3] == 0);
  CHECK(std::abs(letters[4]) == 5);
  robotalk::Program bad = robot("5 history' setparam 1 history' store sync");
  Duel e(bad, robot(kSitter), 100, 200);
  e.steps(1);
  CHECK(e.bot(0).brain.error == "Store to reserved history register");
}

TEST_CASE("writing AIM re-checks the RANGE interrupt mid-chronon", "[arena]") {
  Duel d(robot(R"(
h range' setint inton 90 aim' store 5 a' store
loop: sync loop jump
h: 1 b' store rti)"),
         robot(kSitter), 100, 200);
  d.steps(1);
  CHECK(d.bot(0).brain.letters[1] == 1);  // the handler ran
  CHECK(d.bot(0).brain.letters[0] == 5);  // and RTI came back to the instruction after the STORE
}

TEST_CASE("corpus robots fight without crashing, deterministically", "[arena][corpus]") {
  CHRONON_REQUIRE_CORPUS();
  namespace fs = std::filesystem;
  std::vector<robotalk::LoadedRobot> robots;
  for (const char* dir : {"rw452-archive", "rw5-win/misc", "hansen-tutorial", "rwr"}) {
    const fs::path folder = test::sharedDir() / "corpus" / "robowar" / dir;
    if (!fs::is_directory(folder)) continue;
    std::vector<fs::path> files;
    for (const auto& entry : fs::directory_iterator(folder)) {
      const std::string ext = entry.path().extension().string();
      if (ext == ".txt" || ext == ".RWR" || ext == ".rwr") files.push_back(entry.path());
    }
    std::sort(files.begin(), files.end());
    for (const fs::path& file : files) {
      robotalk::LoadedRobot loaded = robotalk::loadRobot(file.string(), robotalk::CompileOptions{});
      if (!loaded.diagnostics.hasErrors()) robots.push_back(std::move(loaded));
    }
  }
  REQUIRE(robots.size() >= 8);
  int buggy = 0;
  for (size_t i = 0; i < robots.size(); ++i) {
    const size_t j = (i + 1) % robots.size();
    const std::vector<Entry> entries{{&robots[i].program, 0}, {&robots[j].program, 0}};
    const Result r = arena::robowar::runBattle(entries, i, Rules{}, true);
    const Result again = arena::robowar::runBattle(entries, i, Rules{}, true);
    INFO(robots[i].program.name << " vs " << robots[j].program.name << "\n" << describe(r).substr(0, 400));
    CHECK(describe(r) == describe(again));
    CHECK(r.chronons <= Rules{}.maxChronons + 1);
    for (const auto& o : r.robots) buggy += o.cause == arena::robowar::DeathCause::kBuggy;
  }
  // Real tournament robots rarely die of their own bugs.
  CHECK(buggy * 4 < static_cast<int>(robots.size()));
  // A group battle of six.
  std::vector<Entry> group;
  for (size_t i = 0; i < robots.size() && group.size() < 6; ++i) group.push_back({&robots[i].program, 0});
  const Result g = arena::robowar::runBattle(group, 99, Rules{}, false);
  int alive = 0;
  for (const auto& o : g.robots) alive += o.alive;
  CHECK(g.robots.size() == group.size());
  CHECK((alive >= 1 || g.chronons > 0));
}

TEST_CASE("null entries and kill scoring after the killer's death", "[arena]") {
  const robotalk::Program sitter = robot(kSitter);
  const Result r = arena::robowar::runBattle({{nullptr, 0}, {&sitter, 0}}, 1, Rules{});
  CHECK(r.robots[0].error == "End of code reached");
  CHECK(r.robots[1].points == 1);
  CHECK(arena::robowar::runBattle({}, 1, Rules{}).robots.empty());

  // A shooter that fires once and then dies of a bug: its bullet kills the target after its death.
  robotalk::Program shooter = robot("90 aim' store 100 fire' store sync sync sync 0 0 /", "shooter");
  shooter.hardware.energyMax = 150;
  robotalk::Program target = robot(kSitter, "target");
  target.hardware.damageMax = 60;
  robotalk::Program third = robot(kSitter, "third");
  for (auto scoring : {arena::robowar::Scoring::kMac452, arena::robowar::Scoring::kWin516}) {
    Rules rules;
    rules.scoring = scoring;
    arena::robowar::Engine world({{&shooter, 0}, {&target, 0}, {&third, 0}}, 3, rules, false);
    auto& bots = world.robots();
    bots[0].x = 30;
    bots[0].y = 150;
    bots[1].x = 150;
    bots[1].y = 150;
    bots[2].x = 270;
    bots[2].y = 30;
    while (world.step()) {
    }
    REQUIRE_FALSE(bots[0].alive);
    REQUIRE_FALSE(bots[1].alive);
    CHECK(bots[1].killer == 0);
    CHECK(bots[0].rawKills == 1);  // the KILLS register counts it either way
    const Result scored = world.finish();
    CHECK(scored.robots[1].killer == 0);
    CHECK(scored.robots[0].kills == (scoring == arena::robowar::Scoring::kWin516 ? 1 : 0));
  }
}

TEST_CASE("drones home on the robot in sight for half their energy", "[arena]") {
  robotalk::Program p = robot("90 aim' store 40 drone' store loop: sync loop jump");
  p.hardware.drones = true;
  Duel d(p, robot(kSitter), 100, 200);
  d.bot(1).y = 158;  // off the straight line (but in sight): the drone must turn
  d.steps(1);
  REQUIRE(d.world->shots().size() == 1);
  CHECK(d.bot(0).energy == 60);
  d.steps(60);
  CHECK(d.bot(1).damage == 80);
  CHECK(d.world->shots().empty());
  // Nothing in sight: no drone and no energy spent.
  Duel none(p, robot(kSitter), 100, 200);
  none.bot(1).y = 250;
  none.steps(1);
  CHECK(none.world->shots().empty());
  CHECK(none.bot(0).energy == 100);
}

TEST_CASE("random object code never crashes the host", "[arena][robustness]") {
  // Programs of random words (operators, quoted registers, small numbers and in-range addresses,
  // as a fuzzer would write them) with every weapon fitted: whatever they do, the battle must end
  // within the chronon cap, and a robot may die only with one of the original's error messages.
  // The AddressSanitizer build runs this too.
  arena::Random rng(2026);
  const int kPrograms = 60;
  for (int p = 0; p < kPrograms; ++p) {
    std::vector<robotalk::Program> programs(2);
    for (robotalk::Program& program : programs) {
      const int size = 20 + static_cast<int>(rng.below(300));
      for (int i = 0; i < size; ++i) {
        int word = 0;
        switch (rng.below(4)) {
          case 0: word = static_cast<int>(robotalk::kOperators[rng.below(robotalk::kOperators.size())].op); break;
          case 1: word = robotalk::kRegisterBase + static_cast<int>(rng.below(robotalk::kRegisterCount + 3)); break;
          case 2: word = rng.between(-400, 400); break;
          case 3: word = static_cast<int>(rng.below(static_cast<uint32_t>(size))); break;
        }
        program.code.push_back({static_cast<int16_t>(word), robotalk::Origin::kObjectCode, {}});
      }
      program.code.push_back({static_cast<int16_t>(robotalk::Op::End), robotalk::Origin::kImplicitEnd, {}});
      program.hardware = {150,  150,  100,  50,  robowar::BulletType::kExplosive, true, true, true, true,
                          true, true, true, true};
    }
    Rules rules;
    rules.maxChronons = 300;
    const Result r = arena::robowar::runBattle({Entry{&programs[0], 0}, Entry{&programs[1], 0}}, 100 + p, rules, true);
    CHECK(r.chronons <= rules.maxChronons + 1);
    for (const auto& o : r.robots) {
      if (o.cause == arena::robowar::DeathCause::kBuggy) {
        CHECK_FALSE(o.error.empty());
        CHECK(o.errorAddress >= 0);
      }
    }
  }
}

TEST_CASE("every projectile kind hits, grows and shows on radar as specs/robowar.md §5 and §7 say", "[arena]") {
  using chronon::arena::robowar::hitAmount;
  using chronon::arena::robowar::kShotKindInfo;
  using chronon::arena::robowar::kShotKinds;
  using chronon::arena::robowar::shotHas;
  using chronon::arena::robowar::shotInfo;
  using chronon::arena::robowar::ShotKind;
  using chronon::arena::robowar::ShotTrait;
  // Damage (stun chronons for a stunner) of a direct hit fired with 40 energy.
  CHECK(hitAmount(ShotKind::kBullet, 40) == 40);
  CHECK(hitAmount(ShotKind::kRubber, 40) == 20);
  CHECK(hitAmount(ShotKind::kExplosive, 40) == 80);
  CHECK(hitAmount(ShotKind::kMissile, 40) == 80);
  CHECK(hitAmount(ShotKind::kHellbore, 40) == 0);
  CHECK(hitAmount(ShotKind::kStunner, 40) == 10);
  CHECK(hitAmount(ShotKind::kStunner, 7) == 1);
  CHECK(hitAmount(ShotKind::kMine, 40) == 70);
  CHECK(hitAmount(ShotKind::kDrone, 41) == 20);
  CHECK(hitAmount(ShotKind::kLaser, 40) == 8);
  CHECK(hitAmount(ShotKind::kTacNuke, 40) == 80);
  CHECK(hitAmount(ShotKind::kMegaNuke, 40) == 40);
  // Blasts: growth per chronon and the radius they go off at.
  CHECK(shotInfo(ShotKind::kBlast).blastGrowth == 12);
  CHECK(shotInfo(ShotKind::kBlast).blastRadius == 36);
  CHECK(shotInfo(ShotKind::kTacNuke).blastGrowth == 5);
  CHECK(shotInfo(ShotKind::kTacNuke).blastRadius == 50);
  CHECK(shotInfo(ShotKind::kMegaNuke).blastRadius == 100);
  CHECK(shotInfo(ShotKind::kMissile).blastRadius == 0);
  // RADAR sees everything in flight but lasers, landed hits and explosive-bullet blasts.
  for (size_t k = 0; k < kShotKinds; ++k) {
    const auto kind = static_cast<ShotKind>(k);
    INFO(kShotKindInfo[k].name);
    const bool unseen = kind == ShotKind::kLaser || kind == ShotKind::kImpact || kind == ShotKind::kBlast;
    CHECK(shotHas(kind, ShotTrait::kShotSeenByRadar) == !unseen);
    CHECK(kShotKindInfo[k].hitDivisor != 0);
    for (size_t j = 0; j < k; ++j) CHECK(std::string(kShotKindInfo[j].name) != kShotKindInfo[k].name);
  }
  // Only bullets of every sort, missiles and hellbores stop drones.
  CHECK(shotHas(ShotKind::kHellbore, ShotTrait::kShotStopsDrones));
  CHECK(shotHas(ShotKind::kExplosive, ShotTrait::kShotStopsDrones));
  CHECK_FALSE(shotHas(ShotKind::kStunner, ShotTrait::kShotStopsDrones));
  CHECK_FALSE(shotHas(ShotKind::kDrone, ShotTrait::kShotStopsDrones));
  // The replay numbers kinds by their row: the first and last rows stay where replays put them.
  CHECK(static_cast<size_t>(ShotKind::kBullet) == 0);
  CHECK(static_cast<size_t>(ShotKind::kBlast) == kShotKinds - 1);
}
