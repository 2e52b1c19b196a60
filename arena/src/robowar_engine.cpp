// The chronon loop of a RoboWar battle (specs/robowar.md §7 steps 1-6): movement, collisions,
// contact damage, the robots' turns with their interrupts, deaths and the end of the battle.

#include "chronon/arena/robowar_engine.h"

#include <algorithm>
#include <cstdlib>
#include <utility>

#include "chronon/vm/robotalk_engine.h"
#include "chronon/vm/robotalk_interpreter.h"
#include "robowar_int_registers.h"

namespace chronon::arena::robowar {

namespace {

using robotalk::Interrupt;
using robotalk::Reg;

// Start positions keep each centre this far from the earlier robots' (docs/robowar-arena.md).
constexpr int kStartSpacing = 40;
// Contact damage per chronon (specs/robowar.md §7 step 4).
constexpr int kRobotContactDamage = 1;
constexpr int kWallContactDamage = 5;
// Energy below this destroys the robot (specs/robowar.md §7 "Energy and shields").
constexpr int kOverloadEnergy = -200;

// An empty program: the trailing END alone, which fails with "End of code reached".
const robotalk::Program& emptyProgram() {
  static const robotalk::Program kEmpty = [] {
    robotalk::Program p;
    p.name = "empty";
    p.code.push_back({static_cast<int16_t>(robotalk::Op::End), robotalk::Origin::kImplicitEnd, {}});
    return p;
  }();
  return kEmpty;
}

bool inWallBand(int x, int y) {
  return x <= kRobotRadius || y <= kRobotRadius || x >= kArenaSize - kRobotRadius || y >= kArenaSize - kRobotRadius;
}

}  // namespace

Engine::Engine(const std::vector<Entry>& entries, uint64_t seed, const Rules& rules, bool recordEvents)
    : rules_(rules), random_(seed), recordEvents_(recordEvents) {
  const size_t count = std::min(entries.size(), static_cast<size_t>(kMaxRobots));
  robots_.resize(count);
  shots_.reserve(64);
  kills_.reserve(8);
  for (size_t i = 0; i < count; ++i) {
    Robot& r = robots_[i];
    r.index = static_cast<int>(i);
    r.program = entries[i].program != nullptr ? entries[i].program : &emptyProgram();
    r.sharedCode = entries[i].program != nullptr ? entries[i].code : nullptr;
    if (r.sharedCode == nullptr) r.code = robotalk::decode(*r.program);
    r.hardware = r.program->hardware;
    r.team = entries[i].team;
    r.energy = r.hardware.energyMax;
    r.damage = r.hardware.damageMax;
    r.brain.officialRules = rules.officialRules;
    teamBattle_ = teamBattle_ || r.team != 0;
  }
  living_ = static_cast<int>(count);
  for (size_t i = 0; i < count; ++i) livingIndices_[i] = static_cast<int>(i);
  // Teammates share the radio channels of their first member; other robots have their own.
  for (Robot& r : robots_) {
    r.radioGroup = r.index;
    for (const Robot& other : robots_) {
      if (other.index < r.index && teammates(r, other)) {
        r.radioGroup = other.radioGroup;
        break;
      }
    }
  }
  countSides();
  placeRobots();
}

void Engine::placeRobots() {
  for (size_t i = 0; i < robots_.size(); ++i) {
    Robot& r = robots_[i];
    for (;;) {
      r.x = random_.between(20, 280);
      r.y = random_.between(20, 280);
      bool clear = true;
      for (size_t j = 0; j < i; ++j) {
        const int dx = robots_[j].x - r.x;
        const int dy = robots_[j].y - r.y;
        clear = clear && dx * dx + dy * dy >= kStartSpacing * kStartSpacing;
      }
      if (clear) break;
    }
  }
}

bool Engine::step() {
  if (over_) return false;
  if (chronon_ == 0) {
    // The edge interrupts compare against the state at the start (which tests may have adjusted).
    const int alive = livingRobots();
    for (Robot& r : robots_) {
      r.previous = Snapshot{false, false, r.damage, r.shield, r.x, r.y, livingTeammates(r), alive};
    }
  }
  // Step 1: the per-chronon flags.
  for (Robot& r : robots_) {
    r.collision = false;
    r.friendly = false;
    r.wall = false;
    r.movedThisChronon = false;
    r.firedThisChronon = false;
    r.lastHitBy = -1;
  }
  // Step 2: projectiles, then the deaths they cause.
  trackShots();
  checkDeaths();
  // Step 3: regeneration, shields, movement, overload, collisions.
  moveRobots();
  detectCollisions();
  // Step 4: contact damage and deaths.
  applyContactDamage();
  // Step 5: the robots act in a random order.
  actAll();
  // Step 6: the clock and the end of the battle.
  ++chronon_;
  if (chronon_ > rules_.maxChronons) {
    over_ = true;
    timedOut_ = sidesAlive() > 1;
  } else if (lastDeath_ >= 0 && sidesAlive() <= 1 && chronon_ >= lastDeath_ + kTailChronons) {
    over_ = true;
  }
  return !over_;
}

void Engine::moveRobots() {
  // A robot's overload kills only that robot, so the robots alive at the start are the ones to move.
  forEachLivingAtStart([&](Robot& r) {
    r.fromX = r.x;
    r.fromY = r.y;
    if (r.stunned > 0) return;
    if (r.energy < r.hardware.energyMax) r.energy = std::min(r.hardware.energyMax, r.energy + 2);
    // Shields decay by 2 per chronon above the maximum, else by 1 every other chronon.
    if (r.shield > r.hardware.shieldMax) {
      r.shield = std::max(0, r.shield - 2);
    } else if (r.shield > 0 && chronon_ % 2 == 0) {
      r.shield -= 1;
    }
    if (r.energy > 0) {
      r.x = std::clamp(r.x + r.speedX, 0, kArenaSize);
      r.y = std::clamp(r.y + r.speedY, 0, kArenaSize);
    }
    if (r.energy < kOverloadEnergy) kill(r, DeathCause::kOverload, -1, "overload");
  });
}

void Engine::detectCollisions() {
  constexpr int kTouch = 2 * kRobotRadius;
  // Nothing in the pass kills a robot or adds one, so the living robots are fixed.
  const std::span<const int> living = livingIndices();
  for (size_t i = 0; i < living.size(); ++i) {
    Robot& a = robots_[static_cast<size_t>(living[i])];
    for (size_t j = i + 1; j < living.size(); ++j) {
      Robot& b = robots_[static_cast<size_t>(living[j])];
      const int dx = b.x - a.x;
      const int dy = b.y - a.y;
      if (dx * dx + dy * dy >= kTouch * kTouch) continue;
      // A robot whose step brought it closer to the other backs off that step; one moving away
      // keeps its step, so that robots pushed together (MOVEX) can still separate.
      for (Robot* mover : {&a, &b}) {
        const Robot& other = mover == &a ? b : a;
        const int stepX = mover->x - mover->fromX;
        const int stepY = mover->y - mover->fromY;
        if (stepX * (other.x - mover->fromX) + stepY * (other.y - mover->fromY) > 0) {
          mover->x = mover->fromX;
          mover->y = mover->fromY;
        }
      }
      if (recordEvents_ && !a.previous.collision && !b.previous.collision) {
        record(Event::Kind::kCollision, a.index, b.index, 0, "robot");
      }
      a.collision = b.collision = true;
      a.friendly = a.friendly || teammates(a, b);
      b.friendly = b.friendly || teammates(a, b);
    }
  }
  for (const int index : living) {
    Robot& r = robots_[static_cast<size_t>(index)];
    r.wall = inWallBand(r.x, r.y);
    if (r.wall && !r.previous.wall && recordEvents_) record(Event::Kind::kCollision, r.index, -1, 0, "wall");
  }
}

// Inlined into its two callers, which run it for every robot in every chronon; the death itself
// is rare and stays out of line.
[[gnu::always_inline]] inline void Engine::checkDeath(Robot& r) {
  if (r.alive && r.damage <= 0) [[unlikely]]
    destroy(r);
}

void Engine::applyContactDamage() {
  // Hurting a robot touches no other robot, so each one's death is decided right after its own
  // damage, in robot order, as a pass of checkDeaths after this one would decide them; and the
  // robots alive at the start are the ones to hurt.
  forEachLivingAtStart([&](Robot& r) {
    if (r.collision) hurt(r, kRobotContactDamage, -1);
    if (r.wall) hurt(r, kWallContactDamage, -1);
    checkDeath(r);
  });
}

void Engine::hurt(Robot& victim, int amount, int shooter) {
  if (!victim.alive || amount <= 0) return;
  const int absorbed = std::min(std::max(victim.shield, 0), amount);
  victim.shield -= absorbed;
  victim.damage -= amount - absorbed;
  victim.lastHitBy = shooter;
}

void Engine::destroy(Robot& r) {
  const int killer = r.lastHitBy >= 0 && r.lastHitBy != r.index ? r.lastHitBy : -1;
  kill(r, DeathCause::kDamage, killer, "destroyed");
}

void Engine::checkDeaths() {
  forEachLivingAtStart([&](Robot& r) { checkDeath(r); });
}

void Engine::kill(Robot& robot, DeathCause cause, int killer, const std::string& why) {
  if (!robot.alive) return;
  robot.alive = false;
  const auto dying = std::find(livingIndices_.begin(), livingIndices_.begin() + living_, robot.index);
  std::copy(dying + 1, livingIndices_.begin() + living_, dying);
  --living_;
  countSides();
  robot.deathChronon = chronon_;
  robot.cause = cause;
  robot.killer = killer;
  lastDeath_ = chronon_;
  if (killer >= 0) {
    Robot& k = robots_[static_cast<size_t>(killer)];
    if (!teammates(k, robot)) {
      ++k.rawKills;
      kills_.push_back({killer, robot.index, chronon_, k.energy <= kOverloadEnergy});
    }
  }
  if (recordEvents_) record(Event::Kind::kDeath, robot.index, killer, 0, why);
}

void Engine::failRobot(Robot& robot) {
  robot.error = std::string(robot.brain.error);
  robot.errorAddress = robot.brain.errorAddress;
  if (recordEvents_) record(Event::Kind::kError, robot.index, -1, robot.errorAddress, robot.error);
  kill(robot, DeathCause::kBuggy, -1, "buggy: " + robot.error);
}

void Engine::actAll() {
  // A random permutation drawn slot by slot: each slot takes one of the robots not yet chosen.
  std::array<int, kMaxRobots> order{};
  const int n = static_cast<int>(robots_.size());
  for (int i = 0; i < n; ++i) order[static_cast<size_t>(i)] = i;
  for (int slot = 0; slot < n; ++slot) {
    const int pick = slot + static_cast<int>(random_.below(static_cast<uint32_t>(n - slot)));
    // The swap of the two places, without writing the slot's own place, which no later slot reads:
    // reading the chosen robot back from a place just written at a random index stalled the
    // processor whenever the two places were one (a store and a load it had guessed apart).
    const int chosen = order[static_cast<size_t>(pick)];
    order[static_cast<size_t>(pick)] = order[static_cast<size_t>(slot)];
    Robot& r = robots_[static_cast<size_t>(chosen)];
    if (r.alive) takeTurn(r);
  }
}

void Engine::takeTurn(Robot& robot) {
  current_ = robot.index;
  queueEdgeInterrupts(robot);
  robotalk::MachineState& brain = robot.brain;
  if (brain.interruptsEnabled) {
    const int entered = robotalk::serviceInterrupts(brain);
    if (entered >= 0) {
      interruptEntered(brain, static_cast<Interrupt>(entered));
    } else if (!brain.failed) {
      enterLevelInterrupt(robot, true, true, true);
    }
  }
  if (brain.failed) {
    failRobot(robot);
  } else if (robot.stunned > 0) {
    --robot.stunned;
  } else if (robot.energy > 0) {
    if (!directReads_.filled) pointDirectReads();
    directReads = directReads_.tables[static_cast<size_t>(robot.index)].data();
    if (rules_.engine != nullptr) {
      rules_.engine->run(robot.runCode(), brain, *this, robot.hardware.cpu);
    } else {
      robotalk::run(robot.runCode(), brain, *this, robot.hardware.cpu);
    }
    directReads = nullptr;
    if (brain.failed && robot.alive) failRobot(robot);
  }
  current_ = -1;
}

void Engine::pointDirectReads() {
  for (const Robot& robot : robots_) {
    std::array<const int*, robotalk::kRegisterCount>& table = directReads_.tables[static_cast<size_t>(robot.index)];
#define CHRONON_POINT_INT_REGISTER(reg, value) table[static_cast<size_t>(Reg::reg)] = &(value);
    CHRONON_ROBOWAR_INT_REGISTERS(CHRONON_POINT_INT_REGISTER, robot)
#undef CHRONON_POINT_INT_REGISTER
  }
  directReads_.filled = true;
}

void Engine::queueEdgeInterrupts(Robot& r) {
  robotalk::MachineState& brain = r.brain;
  const Snapshot& was = r.previous;
  // robotalk::queueInterrupt ignores an interrupt without a handler (-1), as most are; testing that first
  // spares the edge tests of those.
  auto armed = [&](Interrupt which) { return brain.interrupts[static_cast<size_t>(which)].handler != -1; };
  auto param = [&](Interrupt which) { return brain.interrupts[static_cast<size_t>(which)].param; };
  auto edge = [&](Interrupt which, auto&& happened) {
    if (armed(which) && happened(param(which))) robotalk::queueInterrupt(brain, which);
  };
  const int teammatesNow = livingTeammates(r);
  const int robotsNow = livingRobots();
  edge(Interrupt::kCollision, [&](int) { return r.collision && !was.collision; });
  edge(Interrupt::kWall, [&](int) { return r.wall && !was.wall; });
  edge(Interrupt::kDamage, [&](int p) { return r.damage != was.damage && r.damage < p; });
  edge(Interrupt::kShield, [&](int p) { return was.shield >= p && r.shield < p; });
  edge(Interrupt::kTop, [&](int p) { return was.y > p && r.y <= p; });
  edge(Interrupt::kBottom, [&](int p) { return was.y < p && r.y >= p; });
  edge(Interrupt::kLeft, [&](int p) { return was.x > p && r.x <= p; });
  edge(Interrupt::kRight, [&](int p) { return was.x < p && r.x >= p; });
  edge(Interrupt::kTeammates, [&](int p) { return teammatesNow < was.teammates && was.teammates <= p; });
  edge(Interrupt::kRobots, [&](int p) { return robotsNow < was.robots && was.robots <= p; });
  edge(Interrupt::kSignal, [&](int) { return r.signalHeard; });
  r.signalHeard = false;
  r.previous = Snapshot{r.collision, r.wall, r.damage, r.shield, r.x, r.y, teammatesNow, robotsNow};
}

bool Engine::enterLevelInterrupt(Robot& robot, bool checkRange, bool checkRadar, bool checkChronon) {
  robotalk::MachineState& brain = robot.brain;
  if (!brain.interruptsEnabled || brain.pending != 0) return false;
  // The sensor is read only for a handler that is set: RADAR and RANGE cost a pass over the shots
  // or the robots, and most turns have neither handler.
  auto armed = [&](Interrupt which, auto&& sense) {
    const robotalk::InterruptSlot& slot = brain.interrupts[static_cast<size_t>(which)];
    if (slot.handler < 0) return false;
    const int value = sense();
    return value > 0 && value <= slot.param;
  };
  Interrupt which = Interrupt::kRadar;
  if (checkRadar && armed(Interrupt::kRadar, [&] { return radar(robot); })) {
    which = Interrupt::kRadar;
  } else if (checkRange && armed(Interrupt::kRange, [&] { return range(robot); })) {
    which = Interrupt::kRange;
  } else if (checkChronon && brain.interrupts[static_cast<size_t>(Interrupt::kChronon)].handler >= 0 &&
             chronon_ >= brain.interrupts[static_cast<size_t>(Interrupt::kChronon)].param) {
    which = Interrupt::kChronon;
  } else {
    return false;
  }
  if (!robotalk::enterInterrupt(brain, which)) return false;
  interruptEntered(brain, which);
  return true;
}

void Engine::interruptEntered(robotalk::MachineState& brain, Interrupt which) {
  if (!recordEvents_) return;
  const Robot& r = robotOf(brain);
  record(Event::Kind::kInterrupt, r.index, -1, brain.pc,
         std::string(robotalk::info(robotalk::interruptRegister(which)).name));
}

Robot& Engine::searchRobotOf(robotalk::MachineState& brain) {
  for (Robot& r : robots_) {
    if (&r.brain == &brain) return r;
  }
  return robots_[static_cast<size_t>(current_)];
}

int Engine::sidesAlive() const {
  // Without teams every living robot is a side of its own.
  return teamBattle_ ? sidesCount_ : living_;
}

void Engine::countSides() {
  int sides = 0;
  for (const Robot& robot : robots_) {
    int teammatesAlive = 0;
    bool earlierTeammate = false;
    for (const Robot& r : robots_) {
      if (!r.alive || r.index == robot.index || !teammates(r, robot)) continue;
      ++teammatesAlive;
      earlierTeammate = earlierTeammate || r.index < robot.index;
    }
    teammatesCount_[static_cast<size_t>(robot.index)] = teammatesAlive;
    // A living robot counts as a side unless a living teammate before it was counted already.
    if (robot.alive && !earlierTeammate) ++sides;
  }
  sidesCount_ = sides;
}

int Engine::livingRobots() const { return living_; }

void Engine::record(Event::Kind kind, int robot, int other, int value, std::string text) {
  events_.push_back(Event{chronon_, kind, robot, other, value, std::move(text)});
}

}  // namespace chronon::arena::robowar
