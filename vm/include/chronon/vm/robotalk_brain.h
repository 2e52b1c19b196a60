#pragma once
// The state of one RoboTalk brain: data stack, program counter, user variables, the VSTORE vector,
// interrupt handlers and queue, and the pending-error state (specs/robowar.md §3.3, §3.5, §6).
// The interpreter (robotalk_interpreter.h) runs it; the arena owns one per robot.

#include <array>
#include <cstdint>
#include <string_view>

#include "chronon/stdlib/robotalk_words.h"
#include "chronon/vm/robotalk_limits.h"

namespace chronon::robotalk {

/// The interrupts of RoboWar in priority order (specs/robowar.md §6).
/// RANGE, RADAR and CHRONON are level-triggered and never queued.
enum class Interrupt : uint8_t {
  kCollision,
  kWall,
  kDamage,
  kShield,
  kTop,
  kBottom,
  kLeft,
  kRight,
  kRadar,
  kRange,
  kTeammates,
  kRobots,
  kSignal,
  kChronon,
};

/// Number of interrupt kinds.
inline constexpr int kInterruptCount = 14;

/// The interrupt named by register `reg` for SETINT/SETPARAM, or false when `reg` names none.
/// Writes the interrupt to `out` on success.
bool interruptFor(robotalk::Reg reg, Interrupt& out);

/// The register that names interrupt `which` (e.g. Reg::Collision), for messages and events.
robotalk::Reg interruptRegister(Interrupt which);

/// One interrupt's handler address (-1 = off) and parameter (specs/robowar.md §6 defaults).
struct InterruptSlot {
  int16_t handler = -1;
  int16_t param = 0;

  bool operator==(const InterruptSlot&) const = default;
};

/// The full state of one brain. Plain data: copyable, comparable, no allocation.
struct MachineState {
  std::array<int16_t, kStackCells> stack{};    ///< Data stack; stack[0..sp) are live.
  int sp = 0;                                  ///< Number of live stack cells.
  int pc = 0;                                  ///< Index of the next instruction.
  std::array<int16_t, 26> letters{};           ///< A-Z by register index (X and Y unused: the arena owns them).
  std::array<int16_t, kVectorCells> vector{};  ///< VSTORE/VRECALL cells 0-100.
  std::array<InterruptSlot, kInterruptCount> interrupts{};  ///< Indexed by Interrupt.
  bool interruptsEnabled = false;                           ///< INTON/INTOFF state; off at start.
  uint16_t pending = 0;                                     ///< Queued edge interrupts, bit = 1 << Interrupt.
  int16_t probeRegister = static_cast<int16_t>(robotalk::Reg::Damage);  ///< PROBE' SETPARAM choice.
  int16_t historyCell = 1;                                              ///< HISTORY' SETPARAM choice, 1-50.
  bool officialRules = false;  ///< Undocumented words (MRB) kill the robot when true.
  bool failed = false;         ///< A run-time error killed the robot.
  std::string_view error;      ///< The original's message for the error (a literal).
  int errorAddress = -1;       ///< Index of the instruction that failed.

  /// A fresh brain with the original's interrupt defaults (specs/robowar.md §6).
  MachineState();

  bool operator==(const MachineState& other) const = default;
};

/// Records a run-time error: the robot dies with `message` at `address` (docs/robowar-arena.md "Run-time error
/// messages"). Only the first error is kept.
void fail(MachineState& brain, const char* message, int address);

/// Enters the handler of interrupt `which`: pushes the program counter as a return address,
/// disables interrupts and jumps (specs/robowar.md §6). Returns false, with the error recorded, when the
/// push overflows the stack ("Interrupt caused stack overflow").
bool enterInterrupt(MachineState& brain, Interrupt which);

/// Queues the edge interrupt `which` when it has a handler (at most one entry per kind).
void queueInterrupt(MachineState& brain, Interrupt which);

/// Services the queue when interrupts are enabled: takes the highest-priority pending interrupt
/// and enters its handler (specs/robowar.md §6). Returns the interrupt entered, or -1.
int serviceInterrupts(MachineState& brain);

}  // namespace chronon::robotalk
