// The RoboWar battle loop: setup, the chronon loop in the original's order, movement and
// collisions (specs/robowar.md §7; Mac 4.5 Arena.c doCombat/checkCollisions).

#include "chronon/arena/robowar_battle.h"

#include <cstdlib>

#include "chronon/arena/robowar_world.h"
#include "chronon/vm/interpreter.h"

namespace chronon::arena::robowar {

namespace {

// Start positions keep robots clear of the wall band and of each other (the original picks them
// at random as well; the exact ranges are Chronon's choice, docs/robowar-arena.md).
constexpr int kStartMargin = 20;
constexpr int kStartSeparation = 4 * kRobotRadius;

// What a null entry runs: the assembler's output for an empty source (END alone).
const robotalk::Program& emptyProgram() {
  static const robotalk::Program program = [] {
    robotalk::Program p;
    p.name = "(none)";
    p.code.push_back({static_cast<int16_t>(robotalk::Op::End), robotalk::Origin::kImplicitEnd, {}});
    return p;
  }();
  return program;
}

}  // namespace

World::World(const std::vector<Entry>& entries, uint64_t seed, const Rules& rules, bool recordEvents)
    : rules_(rules), record_(recordEvents), random_(seed) {
  const size_t count = entries.size() < kMaxRobots ? entries.size() : kMaxRobots;
  bots_.resize(count);
  std::array<int, kMaxRobots> teams{};
  int teamCount = 0;
  for (size_t i = 0; i < count; ++i) {
    Bot& bot = bots_[i];
    bot.program = entries[i].program != nullptr ? entries[i].program : &emptyProgram();
    bot.code = vm::decode(*bot.program);
    bot.brain.officialRules = rules.officialRules;
    bot.hw = bot.program->hardware;
    bot.index = static_cast<int>(i);
    bot.team = entries[i].team;
    if (bot.team != 0) teamBattle_ = true;
    bot.energy = bot.hw.energyMax;
    bot.damage = bot.hw.damageMax;
    bot.killTime.fill(-1);
    // Each team shares one row of radio channels.
    int slotIndex = -1;
    for (int t = 0; t < teamCount; ++t) {
      if (teams[static_cast<size_t>(t)] == bot.team) slotIndex = t;
    }
    if (slotIndex < 0) {
      slotIndex = teamCount;
      teams[static_cast<size_t>(teamCount++)] = bot.team;
    }
    teamSlot_[i] = slotIndex;
    // Random start positions, not overlapping earlier robots.
    for (;;) {
      bot.x = random_.between(kStartMargin, kBoardSize - kStartMargin);
      bot.y = random_.between(kStartMargin, kBoardSize - kStartMargin);
      bool clear = true;
      for (size_t j = 0; j < i; ++j) {
        const int dx = bot.x - bots_[j].x;
        const int dy = bot.y - bots_[j].y;
        if (dx * dx + dy * dy < kStartSeparation * kStartSeparation) clear = false;
      }
      if (clear) break;
    }
  }
  numAlive_ = static_cast<int>(count);
  for (Bot& bot : bots_) updateOldInterruptState(bot);
  shots_.reserve(64);
}

int World::countTeammates(const Bot& who) const {
  if (who.team == 0) return 0;
  int teammates = 0;
  for (const Bot& other : bots_) {
    if (other.team == who.team && other.alive && other.index != who.index) ++teammates;
  }
  return teammates;
}

void World::event(Event::Kind kind, int robot, int other, int value, const char* text) {
  if (!record_) return;
  Event e;
  e.chronon = chronons_;
  e.kind = kind;
  e.robot = robot;
  e.other = other;
  e.value = value;
  e.text = text;
  events_.push_back(std::move(e));
}

void World::robotError(Bot& who, const char* message) {
  // Arena.c robotError: the robot is marked buggy and blown up at once.
  if (!who.alive) return;
  const int address = who.brain.pc > 0 ? who.brain.pc - 1 : 0;
  vm::fail(who.brain, message, address);
  if (who.cause == DeathCause::kNone) who.cause = DeathCause::kBuggy;
  event(Event::Kind::kError, who.index, -1, who.brain.errorAddress, who.brain.error.data());
  who.damage = -10;
  checkDeath(who);
}

void World::checkCollisions(Bot& who) {
  for (Bot& other : bots_) {
    if (other.index == who.index || !other.alive) continue;
    const long dx = who.x - other.x;
    const long dy = who.y - other.y;
    if (std::abs(dx) < 2 * kRobotRadius && std::abs(dy) < 2 * kRobotRadius &&
        dx * dx + dy * dy < 4 * kRobotRadius * kRobotRadius) {
      // A moving robot backs off its step.
      if (who.energy > 0 && who.stunned == 0) {
        who.x -= who.speedX;
        who.y -= who.speedY;
      }
      // Logged once per contact: only when neither robot was touching another in the last chronon.
      if (who.oldCollision == 0 && other.oldCollision == 0 && who.collision == 0) {
        event(Event::Kind::kCollision, who.index, other.index, 0, "robot");
      }
      who.collision = 1;
      other.collision = 1;
      if (who.team != 0 && who.team == other.team) {
        who.friendFlag = 1;
        other.friendFlag = 1;
      }
    }
  }
  if (who.x < kRobotRadius || who.x > kBoardSize - kRobotRadius) {
    if (who.wall == 0 && who.oldWall == 0) event(Event::Kind::kCollision, who.index, -1, 0, "wall");
    who.wall = 1;
    if (who.x < 0) who.x = 0;
    if (who.x > kBoardSize) who.x = kBoardSize;
  }
  if (who.y < kRobotRadius || who.y > kBoardSize - kRobotRadius) {
    if (who.wall == 0 && who.oldWall == 0) event(Event::Kind::kCollision, who.index, -1, 0, "wall");
    who.wall = 1;
    if (who.y < 0) who.y = 0;
    if (who.y > kBoardSize) who.y = kBoardSize;
  }
}

bool World::step() {
  const int count = static_cast<int>(bots_.size());
  // 1. Clear the per-chronon flags.
  for (Bot& bot : bots_) {
    bot.collision = 0;
    bot.friendFlag = 0;
    bot.wall = 0;
  }
  // 2. Advance every projectile.
  trackShots();
  // 3. Regenerate, decay shields, move, detect overloads and collisions.
  for (Bot& bot : bots_) {
    if (bot.alive && bot.stunned == 0) {
      if (bot.energy < bot.hw.energyMax) {
        bot.energy += 2;
        if (bot.energy > bot.hw.energyMax) bot.energy = bot.hw.energyMax;
      } else if (bot.energy > bot.hw.energyMax) {
        robotError(bot, "Energy Max exceeded");
      }
      if (bot.shield != 0) {
        if (bot.shield > bot.hw.shieldMax) {
          bot.shield -= 2;
        } else if (bot.shield > 0 && chronons_ % 2 != 0) {
          bot.shield -= 1;
        }
        if (bot.shield < 0) bot.shield = 0;
      }
      if (bot.energy > 0) {
        bot.x += bot.speedX;
        bot.y += bot.speedY;
      }
      if (bot.energy < -200 && bot.alive) {
        bot.damage = -10;
        bot.cause = DeathCause::kOverload;
      }
    }
    if (bot.alive) {
      checkCollisions(bot);
      bot.moveOrShoot = 0;
    }
    calcKillPoints(bot);
  }
  // 4. Collision and wall damage, then deaths.
  for (Bot& bot : bots_) {
    if (!bot.alive) continue;
    if (bot.collision != 0) doDamage(bot, bot.collision);
    if (bot.wall != 0) doDamage(bot, 5);
    checkDeath(bot);
  }
  // 5. Robots act in a random order.
  std::array<int, kMaxRobots> order{};
  for (int i = 0; i < count; ++i) order[static_cast<size_t>(i)] = i;
  for (int loop = 0; loop < count; ++loop) {
    const auto pos = static_cast<size_t>(random_.below(static_cast<uint32_t>(count - loop)));
    const int chosen = order[pos];
    order[pos] = order[static_cast<size_t>(count - loop - 1)];
    Bot& who = bots_[static_cast<size_t>(chosen)];
    if (!who.alive) continue;
    who_ = &who;
    queueInterrupts(who);
    const int entered = vm::serviceInterrupts(who.brain);
    if (entered >= 0) {
      const auto which = static_cast<vm::Interrupt>(entered);
      event(Event::Kind::kInterrupt, who.index, -1, who.brain.interrupts[static_cast<size_t>(entered)].handler,
            robotalk::info(vm::interruptRegister(which)).name.data());
    }
    if (who.brain.failed) robotError(who, who.brain.error.data());
    checkLevelInterrupt(who, vm::Interrupt::kRadar);
    checkLevelInterrupt(who, vm::Interrupt::kRange);
    checkLevelInterrupt(who, vm::Interrupt::kChronon);
    updateOldInterruptState(who);
    if (who.stunned != 0) {
      --who.stunned;
    } else {
      if (who.energy > 0 && who.alive) {
        const vm::RunResult run = vm::run(who.code, who.brain, *this, who.hw.cpu);
        if (run.stop == vm::Stop::kError) robotError(who, who.brain.error.data());
      }
      if (who.energy < -200 && who.alive) {
        who.damage = -10;
        who.cause = DeathCause::kOverload;
        checkDeath(who);
      }
    }
    who_ = nullptr;
  }
  // 6. The clock, the chronon cap and the tail after the deciding death.
  ++chronons_;
  if (chronons_ > rules_.maxChronons) return false;
  if (tail_ > 0) {
    --tail_;
    if (tail_ == 0) return false;
  }
  return true;
}

Result World::run() {
  while (step()) {
  }
  Result result;
  finish(result);
  return result;
}

Result runBattle(const std::vector<Entry>& entries, uint64_t seed, const Rules& rules, bool recordEvents) {
  if (entries.empty()) return Result{};
  World world(entries, seed, rules, recordEvents);
  return world.run();
}

}  // namespace chronon::arena::robowar
