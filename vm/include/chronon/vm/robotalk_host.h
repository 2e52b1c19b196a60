#pragma once
// The host interface: how the interpreter reaches a robot's body. User variables (A-W, Z) live in
// the brain and never cross it; every other register read and write goes through here. The arena
// implements it: one virtual call per hardware register access, except reads of registers the host
// keeps as plain ints (Host::directReads), which are loads; nothing per plain instruction.

#include <algorithm>
#include <cstdint>

#include "chronon/stdlib/robotalk_words.h"
#include "chronon/vm/robotalk_brain.h"

namespace chronon::robotalk {

/// The range of a register's value as a brain sees it: the host keeps some registers as wider ints
/// and clips them to one 16-bit cell when they are read (runtime values are 16-bit,
/// specs/robowar.md §3.3).
inline constexpr int32_t kRegisterMin = -32768;
inline constexpr int32_t kRegisterMax = 32767;

/// `value`, a register the host keeps as an int, as a read gives it to the brain: clipped to
/// kRegisterMin..kRegisterMax, so that it fits an int16_t. Host::readRegister clips with this;
/// readDirect and the JIT's lowering of a direct read clip to the same two bounds.
inline constexpr int32_t clipRegister(int32_t value) { return std::clamp(value, kRegisterMin, kRegisterMax); }

/// The body of a robot as seen by its brain.
class Host {
 public:
  virtual ~Host() = default;
  /// Returns the value of register `reg` (never a user variable). A failing read (e.g. PROBE
  /// without probes) calls robotalk::fail on `brain` and returns 0.
  virtual int16_t readRegister(MachineState& brain, robotalk::Reg reg) = 0;
  /// Writes `value` to register `reg` (never a user variable) with the original's semantics
  /// (specs/robowar.md §5 "Write semantics"). Errors call robotalk::fail on `brain`; writes to AIM, LOOK
  /// and SCAN may enter a RANGE/RADAR handler through robotalk::enterInterrupt.
  virtual void writeRegister(MachineState& brain, robotalk::Reg reg, int16_t value) = 0;
  /// Told when INTON or RTI entered the handler of queued interrupt `which` (for event logs); the
  /// brain's program counter is already the handler's address. The default does nothing.
  virtual void interruptEntered(MachineState& brain, Interrupt which) {
    (void)brain;
    (void)which;
  }

  /// Registers whose value is one `int` the host keeps (X, AIM, ENERGY, CHRONON, ...), indexed by
  /// robotalk::Reg: where that `int` is, or null. The interpreter reads such a register there,
  /// clipped to int16_t, instead of calling readRegister, which must return the same value. Null
  /// as a whole, or at a register, sends the read through readRegister. A host that sets it points
  /// it at the robot whose brain it is about to run, and clears it when the brain stops.
  const int* const* directReads = nullptr;
};

/// What readDirect returns for a register that must be read through Host::readRegister: outside
/// int16_t.
inline constexpr int32_t kNotDirect = INT32_MIN;

/// Register `reg` (a robotalk::Reg index, never a user variable) read through host.directReads,
/// clipped to int16_t as readRegister clips it, or kNotDirect when the host does not keep it as an
/// int now. Both engines read through this before they call the host.
inline int32_t readDirect(const Host& host, int reg) {
  if (host.directReads == nullptr) return kNotDirect;
  const int* value = host.directReads[reg];
  // clipRegister's clip, with its bounds as literals: through the function (or the named bounds) GCC
  // lays out the interpreter's loop, where this is inlined twice, differently, and a long RoboWar
  // tournament ran 2% slower (nine alternating runs, 27 November 2026).
  static_assert(kRegisterMin == -32768 && kRegisterMax == 32767);
  return value == nullptr ? kNotDirect : std::clamp(*value, -32768, 32767);
}

}  // namespace chronon::robotalk
