#pragma once
// A debugging session over one Robbie Language run (docs/debugging.md "Robbie programs"): the
// program runs in Robbie's room one instruction at a time through the interpreter (robbie::run with a
// budget of one, which resumes exactly where it stopped), and the session can stop before any
// instruction. As for RoboWar (robowar_debug.h), stepping back re-runs: a run is deterministic, so
// the session restores the latest keyframe (a copy of the machine and the room) at or before the
// wanted position and runs forward to it, and a paused state is always the one a fresh run shows.
//
// A position is the number of instructions executed before the one about to run (MachineState's
// `steps`); positions are ordered by it.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "chronon/arena/debug_condition.h"
#include "chronon/arena/debug_search.h"
#include "chronon/arena/robbie_room.h"
#include "chronon/arena/robbie_run.h"
#include "chronon/compiler/robbie_ir.h"
#include "chronon/compiler/robbie_room_file.h"
#include "chronon/vm/robbie_interpreter.h"

namespace chronon::robbie {

/// Why a Robbie session paused: kEntry, kStep, kBreakpoint (a line breakpoint) or kException (the
/// instruction about to run raises a runtime error, docs/robbie.md "Runtime errors"). RL has no
/// labels to break on and no watches, so the other reasons never occur.
using RobbieStopReason = ::chronon::arena::debug::StopReason;

/// How far RobbieDebugSession::stepForward goes. RL has no procedures, so there is no call to step
/// over: a step "out" runs to the end of Robbie's current action instead.
enum class RobbieStep : uint8_t {
  kInstruction,  ///< To the next instruction.
  kLine,         ///< To the next instruction on another source line.
  kCommand,      ///< To the instruction after the next hardware command (forward, back, turn, grab, drop,
                 ///< beep, pause: what takes simulated time).
  kContinue,     ///< Until a breakpoint or (when enabled) a runtime error.
};

/// A breakpoint condition for an RL program: clauses joined by `&&`, each `SUBJECT OP VALUE` with OP
/// one of `== != < <= > >=` (docs/debugging.md "Robbie programs"). Subjects: `steps` (instructions
/// executed), `time` (simulated ms), or a register of the program by its name (case-sensitive, as
/// in RL) holding an integer, a real or a boolean. VALUE is an integer or a real literal (a leading
/// minus allowed), or `true`/`false` for a boolean register (which compares only with `==`, `!=`).
struct RobbieCondition {
  /// How a clause compares.
  using Compare = ::chronon::arena::debug::Compare;
  /// One comparison.
  struct Clause {
    enum class Subject : uint8_t { kSteps, kTime, kRegister };
    Subject subject = Subject::kSteps;  ///< The left side.
    int reg = 0;                        ///< kRegister: the register index.
    Compare compare = Compare::kEqual;  ///< The comparison.
    Value value;                        ///< The right side: an integer, a real or a boolean.
  };
  std::vector<Clause> clauses;  ///< All must hold; none means always.

  /// True when every clause holds for `machine` (before the instruction at its pc) in `room`.
  bool holds(const MachineState& machine, const RobbieRoom& room) const;
};

/// Parses an RL breakpoint condition against `program`'s registers (an empty text always holds).
/// Returns nullopt and sets `error` to a one-line message when the text is not in the language.
std::optional<RobbieCondition> parseRobbieCondition(std::string_view text, const Program& program, std::string& error);

/// A line breakpoint: stop before the instruction at `address` when `condition` holds.
struct RobbieBreakpoint {
  int id = 0;                 ///< The caller's id, reported back when it is hit.
  int address = 0;            ///< Instruction index.
  RobbieCondition condition;  ///< When it stops (always, by default).
};

/// The addresses a breakpoint on 1-based `line` stops at: on the first line at or after `line` that
/// holds an instruction, each instruction that enters that line (its predecessor lies on another line,
/// or a jump leads to it). Sets `usedLine` to that line, or 0 (and returns nothing) when none.
std::vector<int> robbieLineBreakAddresses(const Program& program, int line, int& usedLine);

/// A value set in the paused machine (RobbieDebugSession::setValue, DAP setVariable).
struct RobbieEdit {
  /// What is set.
  enum class Target : uint8_t {
    kRegister,  ///< Register `index` (Program::registers order).
    kStack,     ///< The expression stack cell `index` cells below the top (0 = the top).
  };
  Target target = Target::kRegister;
  int index = 0;
  Value value;  ///< Of the register's or the cell's type.
};

/// A debugged RL run. Every operation re-runs from a keyframe, so the run's result is never affected:
/// run to its end with any breakpoints, result() equals runInRoom(program, spec, stepLimit) with the
/// interpreter, unless a value was set (setValue).
class RobbieDebugSession {
 public:
  /// Sets up the run of `program` (without errors; must outlive the session) in a room built from
  /// `spec`, stopped after `stepLimit` (> 0) instructions as `chronon run --steps` does. The session
  /// starts before the first instruction, neither paused nor ended.
  RobbieDebugSession(const Program& program, const RoomSpec& spec, int64_t stepLimit);

  /// Replaces every breakpoint. Takes effect at the next step.
  void setBreakpoints(std::vector<RobbieBreakpoint> breakpoints);
  /// Whether a runtime error stops the run before the failing instruction (default on).
  void setStopOnErrors(bool stop) { stopOnErrors_ = stop; }

  /// Runs forward to where `step` arrives, a breakpoint is hit, or (when enabled) an instruction is
  /// about to fail; from the start, kInstruction stops at the first instruction with reason kEntry.
  /// Returns true when paused, false when the run ended first (result() then holds it). Does nothing
  /// and returns false once ended.
  bool stepForward(RobbieStep step);
  /// Goes back one instruction (from the end: to the last instruction, the `stop` or the failing one).
  /// At the first instruction it stays there with reason kEntry. Returns false before the start.
  bool stepBack();
  /// Goes back to the latest earlier breakpoint hit (or failing instruction, when enabled); without
  /// one, to the first instruction (reason kEntry). Returns false before the start.
  bool reverseContinue();

  /// True while paused (machine(), room() and reason() describe the pause).
  bool paused() const { return paused_; }
  /// True once the run has ended (result() is valid).
  bool ended() const { return ended_; }
  /// The machine before the instruction at its pc; only while paused.
  const MachineState& machine() const { return machine_; }
  /// The room at the pause (or at the end).
  const RobbieRoom& room() const { return room_; }
  /// Why it paused.
  RobbieStopReason reason() const { return reason_; }
  /// Ids of the breakpoints hit (kBreakpoint only).
  const std::vector<int>& hits() const { return hits_; }
  /// kException: the message of the runtime error the instruction at the pc raises.
  const std::string& error() const { return error_; }
  /// The run's result, equal to runInRoom's; only once ended().
  const RobbieRun& result() const { return result_; }
  /// Sets a register or expression stack cell of the paused machine, before the instruction at the
  /// pc, on every later run past this position (forward or back: arena::debug::EditLog); the run
  /// from there on, and result(), are the edited program's. Returns "" or why it cannot: not
  /// paused, no such register or cell, or a value of another type than the register's or cell's
  /// (an integer for a real register is widened, as `set` does).
  std::string setValue(RobbieEdit edit);

  /// The program.
  const Program& program() const { return program_; }
  /// The 1-based source line of the instruction at `address`, 0 when out of range.
  int lineOf(int address) const;

 private:
  struct Keyframe {
    MachineState machine;
    RobbieRoom room;
  };

  int64_t current() const;
  void reach(int64_t steps);
  bool advance();
  bool breakpointAt(std::vector<int>& ids) const;
  void pauseAt(int64_t steps, RobbieStopReason reason, std::vector<int> hits, std::string error);
  bool failsNext();
  void finish();
  void applyEdits();

  const Program& program_;
  int64_t stepLimit_;
  std::vector<Keyframe> keyframes_;  ///< keyframes_[k] is the state after k * interval_ instructions.
  arena::debug::EditLog<RobbieEdit> edits_;  ///< By position (`steps`), applied on arriving there.
  int64_t interval_;
  std::vector<RobbieBreakpoint> breakpoints_;
  std::vector<std::vector<size_t>> breakIndex_;  ///< Per address, indices into breakpoints_.
  MachineState machine_;                         ///< The working state (the paused one while paused).
  RobbieRoom room_;
  bool stopOnErrors_ = true;
  bool paused_ = false;
  bool ended_ = false;
  RobbieStopReason reason_ = RobbieStopReason::kStep;
  std::vector<int> hits_;
  std::string error_;
  int64_t endSteps_ = 0;  ///< Instructions executed in the whole run, once ended.
  RobbieRun result_;
};

}  // namespace chronon::robbie
