#include "chronon/vm/brain.h"

namespace chronon::vm {

namespace {

using robotalk::Reg;

// The register naming each interrupt, in Interrupt order.
constexpr Reg kInterruptRegisters[kInterruptCount] = {
    Reg::Collision, Reg::Wall,  Reg::Damage, Reg::Shield,    Reg::Top,    Reg::Bot,    Reg::Left,
    Reg::Right,     Reg::Radar, Reg::Range,  Reg::Teammates, Reg::Robots, Reg::Signal, Reg::Chronon,
};

// Edge interrupts in the order processInterrupts() tries them (Interrupt.c); RADAR, RANGE and
// CHRONON are level-triggered and never queued.
constexpr Interrupt kQueueOrder[] = {
    Interrupt::kCollision, Interrupt::kWall,   Interrupt::kDamage, Interrupt::kShield,
    Interrupt::kTop,       Interrupt::kBottom, Interrupt::kLeft,   Interrupt::kRight,
    Interrupt::kTeammates, Interrupt::kRobots, Interrupt::kSignal,
};

constexpr uint16_t bit(Interrupt which) { return static_cast<uint16_t>(1u << static_cast<unsigned>(which)); }

}  // namespace

bool interruptFor(robotalk::Reg reg, Interrupt& out) {
  for (int i = 0; i < kInterruptCount; ++i) {
    if (kInterruptRegisters[i] == reg) {
      out = static_cast<Interrupt>(i);
      return true;
    }
  }
  return false;
}

robotalk::Reg interruptRegister(Interrupt which) { return kInterruptRegisters[static_cast<int>(which)]; }

Brain::Brain() {
  // Defaults of Interrupt.c initRobotInterrupts (specs/robowar.md §6).
  auto param = [this](Interrupt which, int16_t value) { interrupts[static_cast<int>(which)].param = value; };
  param(Interrupt::kDamage, 150);
  param(Interrupt::kShield, 25);
  param(Interrupt::kTop, 20);
  param(Interrupt::kBottom, 280);
  param(Interrupt::kLeft, 20);
  param(Interrupt::kRight, 280);
  param(Interrupt::kRadar, 600);
  param(Interrupt::kRange, 600);
  param(Interrupt::kTeammates, 5);
  param(Interrupt::kRobots, 6);
}

void fail(Brain& brain, const char* message, int address) {
  if (brain.failed) return;
  brain.failed = true;
  brain.error = message;
  brain.errorAddress = address;
}

bool enterInterrupt(Brain& brain, Interrupt which) {
  brain.interruptsEnabled = false;
  if (brain.sp >= kStackCells) {
    fail(brain, "Interrupt caused stack overflow", brain.pc);
    return false;
  }
  brain.stack[brain.sp++] = static_cast<int16_t>(brain.pc);
  brain.pc = brain.interrupts[static_cast<int>(which)].handler;
  return true;
}

void queueInterrupt(Brain& brain, Interrupt which) {
  if (brain.interrupts[static_cast<int>(which)].handler == -1) return;
  brain.pending = static_cast<uint16_t>(brain.pending | bit(which));
}

int serviceInterrupts(Brain& brain) {
  if (!brain.interruptsEnabled || brain.pending == 0 || brain.failed) return -1;
  for (Interrupt which : kQueueOrder) {
    if ((brain.pending & bit(which)) == 0) continue;
    brain.pending = static_cast<uint16_t>(brain.pending & ~bit(which));
    if (brain.interrupts[static_cast<int>(which)].handler == -1) continue;
    enterInterrupt(brain, which);
    return static_cast<int>(which);
  }
  return -1;
}

}  // namespace chronon::vm
