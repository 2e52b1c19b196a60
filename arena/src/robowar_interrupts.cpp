// The arena side of interrupts: edge detection and queueing at the start of a robot's turn, the
// level-triggered RANGE/RADAR/CHRONON checks, and SIGNAL broadcasts (specs/robowar.md §6;
// Interrupt.c queueInterrupts/updateOldInterruptState/check*Interrupt, ArenaDos.c broadcastSignal).

#include "chronon/arena/robowar_world.h"

namespace chronon::arena::robowar {

namespace {

using vm::Interrupt;

bool inWallBand(const Bot& who) {
  return who.y < kRobotRadius || who.y > kBoardSize - kRobotRadius || who.x < kRobotRadius ||
         who.x > kBoardSize - kRobotRadius;
}

const vm::InterruptSlot& slot(const Bot& who, Interrupt which) {
  return who.brain.interrupts[static_cast<size_t>(which)];
}

}  // namespace

void World::queueInterrupts(Bot& who) {
  vm::Brain& b = who.brain;
  if (who.collision != 0 && who.oldCollision == 0) vm::queueInterrupt(b, Interrupt::kCollision);
  if (who.oldWall == 0 && inWallBand(who)) vm::queueInterrupt(b, Interrupt::kWall);
  if (who.damage != who.oldDamage && who.damage < slot(who, Interrupt::kDamage).param) {
    vm::queueInterrupt(b, Interrupt::kDamage);
  }
  const int shieldParam = slot(who, Interrupt::kShield).param;
  if (who.oldShield >= shieldParam && who.shield < shieldParam) vm::queueInterrupt(b, Interrupt::kShield);
  // The original compares BOTTOM with the old y kept for TOP, and RIGHT with the old x of LEFT.
  if (who.y <= slot(who, Interrupt::kTop).param && who.oldY > slot(who, Interrupt::kTop).param) {
    vm::queueInterrupt(b, Interrupt::kTop);
  }
  if (who.y >= slot(who, Interrupt::kBottom).param && who.oldY < slot(who, Interrupt::kBottom).param) {
    vm::queueInterrupt(b, Interrupt::kBottom);
  }
  if (who.x <= slot(who, Interrupt::kLeft).param && who.oldX > slot(who, Interrupt::kLeft).param) {
    vm::queueInterrupt(b, Interrupt::kLeft);
  }
  if (who.x >= slot(who, Interrupt::kRight).param && who.oldX < slot(who, Interrupt::kRight).param) {
    vm::queueInterrupt(b, Interrupt::kRight);
  }
  if (who.oldTeammates <= slot(who, Interrupt::kTeammates).param && countTeammates(who) < who.oldTeammates) {
    vm::queueInterrupt(b, Interrupt::kTeammates);
  }
  if (who.oldRobots <= slot(who, Interrupt::kRobots).param && numAlive_ < who.oldRobots) {
    vm::queueInterrupt(b, Interrupt::kRobots);
  }
}

void World::updateOldInterruptState(Bot& who) {
  who.oldCollision = who.collision;
  who.oldWall = inWallBand(who) ? 1 : 0;
  who.oldDamage = who.damage;
  who.oldShield = who.shield;
  who.oldY = who.y;
  who.oldX = who.x;
  who.oldTeammates = countTeammates(who);
  who.oldRobots = numAlive_;
}

void World::checkLevelInterrupt(Bot& who, vm::Interrupt which) {
  vm::Brain& b = who.brain;
  if (!b.interruptsEnabled || b.pending != 0 || b.failed) return;
  const vm::InterruptSlot& s = slot(who, which);
  if (s.handler == -1) return;
  bool fire = false;
  switch (which) {
    case Interrupt::kRadar: {
      const int dist = radar(who);
      fire = dist > 0 && dist <= s.param;
      break;
    }
    case Interrupt::kRange: {
      const int dist = range(who);
      fire = dist > 0 && dist <= s.param;
      break;
    }
    case Interrupt::kChronon: fire = chronons_ >= s.param; break;
    case Interrupt::kCollision:
    case Interrupt::kWall:
    case Interrupt::kDamage:
    case Interrupt::kShield:
    case Interrupt::kTop:
    case Interrupt::kBottom:
    case Interrupt::kLeft:
    case Interrupt::kRight:
    case Interrupt::kTeammates:
    case Interrupt::kRobots:
    case Interrupt::kSignal: break;  // Edge interrupts are queued, never checked here.
  }
  if (!fire) return;
  const robotalk::RegisterInfo& name = robotalk::info(vm::interruptRegister(which));
  event(Event::Kind::kInterrupt, who.index, -1, s.handler, name.name.data());
  if (!vm::enterInterrupt(b, which)) robotError(who, b.error.data());
}

void World::interruptEntered(vm::Brain& brain, vm::Interrupt which) {
  const Bot& who = current(brain);
  event(Event::Kind::kInterrupt, who.index, -1, brain.pc, robotalk::info(vm::interruptRegister(which)).name.data());
}

void World::broadcastSignal(Bot& who, int value) {
  const auto slotIndex = static_cast<size_t>(teamSlot_[static_cast<size_t>(who.index)]);
  communications_[slotIndex][static_cast<size_t>(who.channel - 1)] = static_cast<int16_t>(value);
  for (Bot& other : bots_) {
    if (other.alive && other.team == who.team && other.index != who.index &&
        slot(other, Interrupt::kSignal).param == who.channel) {
      vm::queueInterrupt(other.brain, Interrupt::kSignal);
    }
  }
}

}  // namespace chronon::arena::robowar
