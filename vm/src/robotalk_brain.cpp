// The brain's interrupt bookkeeping and error state (specs/robowar.md §6; docs/robowar-arena.md
// "Interpreter" and "Run-time error messages").

#include "chronon/vm/robotalk_brain.h"

#include <array>
#include <bit>
#include <cstddef>

namespace chronon::robotalk {

namespace {

using robotalk::Reg;

// The register that names each interrupt, in the priority order of specs/robowar.md §6 (which is
// also the order of the Interrupt enumeration).
constexpr std::array<Reg, kInterruptCount> kInterruptRegisters = {
    Reg::Collision, Reg::Wall,  Reg::Damage, Reg::Shield,    Reg::Top,    Reg::Bot,    Reg::Left,
    Reg::Right,     Reg::Radar, Reg::Range,  Reg::Teammates, Reg::Robots, Reg::Signal, Reg::Chronon,
};

// The default SETPARAM parameters of specs/robowar.md §6, in the same order. COLLISION and WALL
// ignore theirs; SIGNAL defaults to channel 0 on the Mac (docs/robowar-arena.md "Arena").
constexpr std::array<int16_t, kInterruptCount> kDefaultParams = {
    0, 0, 150, 25, 20, 280, 20, 280, 600, 600, 5, 6, 0, 0,
};

constexpr size_t slotOf(Interrupt which) { return static_cast<size_t>(which); }

}  // namespace

bool interruptFor(Reg reg, Interrupt& out) {
  for (size_t i = 0; i < kInterruptRegisters.size(); ++i) {
    if (kInterruptRegisters[i] == reg) {
      out = static_cast<Interrupt>(i);
      return true;
    }
  }
  return false;
}

Reg interruptRegister(Interrupt which) { return kInterruptRegisters[slotOf(which)]; }

MachineState::MachineState() {
  for (size_t i = 0; i < interrupts.size(); ++i) {
    interrupts[i].handler = -1;
    interrupts[i].param = kDefaultParams[i];
  }
}

void fail(MachineState& brain, const char* message, int address) {
  // The robot dies at its first error; a later report (the arena re-reporting the same failure)
  // must not overwrite the message or the address.
  if (brain.failed) return;
  brain.failed = true;
  brain.error = message;
  brain.errorAddress = address;
}

bool enterInterrupt(MachineState& brain, Interrupt which) {
  // Entering a handler is a CALL made by the machine: the return address goes onto the data stack.
  if (brain.sp >= kStackCells) {
    fail(brain, "Interrupt caused stack overflow", brain.pc);
    return false;
  }
  brain.stack[static_cast<size_t>(brain.sp++)] = static_cast<int16_t>(brain.pc);
  brain.interruptsEnabled = false;
  brain.pc = brain.interrupts[slotOf(which)].handler;
  return true;
}

void queueInterrupt(MachineState& brain, Interrupt which) {
  // An interrupt without a handler is never queued (specs/robowar.md §6), and the bit mask keeps
  // at most one entry per kind.
  if (brain.interrupts[slotOf(which)].handler == -1) return;
  brain.pending = static_cast<uint16_t>(brain.pending | (1u << slotOf(which)));
}

int serviceInterrupts(MachineState& brain) {
  if (!brain.interruptsEnabled || brain.failed) return -1;
  // Lower enumeration values have higher priority, so the lowest set bit wins. Only set bits are
  // visited: most turns have none, and a robot with interrupts on comes here every turn.
  constexpr unsigned kAllInterrupts = (1u << kInterruptCount) - 1;
  while ((brain.pending & kAllInterrupts) != 0) {
    const int i = std::countr_zero(static_cast<unsigned>(brain.pending & kAllInterrupts));
    const auto bit = static_cast<uint16_t>(1u << i);
    brain.pending = static_cast<uint16_t>(brain.pending & ~bit);
    const auto which = static_cast<Interrupt>(i);
    // A handler switched off after the event was queued no longer runs.
    if (brain.interrupts[static_cast<size_t>(i)].handler == -1) continue;
    if (!enterInterrupt(brain, which)) return -1;
    return i;
  }
  return -1;
}

}  // namespace chronon::robotalk
