#pragma once
// The host interface: how the interpreter reaches a robot's body. User variables (A-W, Z) live in
// the brain and never cross it; every other register read and write goes through here. The arena
// implements it (one virtual call per hardware register access, nothing per plain instruction).

#include <cstdint>

#include "chronon/stdlib/robotalk_words.h"
#include "chronon/vm/robotalk_brain.h"

namespace chronon::vm {

/// The body of a robot as seen by its brain.
class Host {
 public:
  virtual ~Host() = default;
  /// Returns the value of register `reg` (never a user variable). A failing read (e.g. PROBE
  /// without probes) calls vm::fail on `brain` and returns 0.
  virtual int16_t readRegister(Brain& brain, robotalk::Reg reg) = 0;
  /// Writes `value` to register `reg` (never a user variable) with the original's semantics
  /// (specs/robowar.md §5 "Write semantics"). Errors call vm::fail on `brain`; writes to AIM, LOOK
  /// and SCAN may enter a RANGE/RADAR handler through vm::enterInterrupt.
  virtual void writeRegister(Brain& brain, robotalk::Reg reg, int16_t value) = 0;
  /// Told when INTON or RTI entered the handler of queued interrupt `which` (for event logs); the
  /// brain's program counter is already the handler's address. The default does nothing.
  virtual void interruptEntered(Brain& brain, Interrupt which) {
    (void)brain;
    (void)which;
  }
};

}  // namespace chronon::vm
