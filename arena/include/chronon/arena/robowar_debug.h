#pragma once
// A debugging session over one RoboWar battle (DESIGN.md "Replays, the viewer and the debugger"):
// the battle runs under a Engine that executes every brain one instruction at a time through
// the interpreter (robotalk::step, exactly as robotalk::run does), numbers every instruction executed, and can
// stop before any of them. Breakpoints, stepping, and stepping back live here; `dap/` only
// translates the Debug Adapter Protocol onto this class (docs/debugging.md).
//
// The position model. A position is a robot about to execute one instruction: the chronon being run,
// the robot, and how many instructions that robot has executed in this battle so far. Positions are
// totally ordered by the tick, the number of instructions all robots have executed before it. Because
// a battle is deterministic, a position is reached again by running the battle again from a keyframe
// (a copy of the Engine at the start of a chronon), which is how stepping back works: the session
// never stores history beyond keyframes, and a paused state is always the one a fresh run shows.

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "chronon/arena/debug_condition.h"
#include "chronon/arena/debug_search.h"
#include "chronon/arena/robowar_battle.h"
#include "chronon/arena/robowar_engine.h"
#include "chronon/compiler/robotalk.h"
#include "chronon/compiler/source.h"
#include "chronon/vm/robotalk_brain.h"
#include "chronon/vm/robotalk_bytecode.h"

namespace chronon::arena::robowar {

/// One robot of a debugged battle.
struct DebugEntrant {
  Entry entry;                         ///< Program (not owned: must outlive the session) and team.
  const SourceFile* source = nullptr;  ///< The text it was compiled from, for lines; nullptr for object code.
};

/// A robot about to execute one instruction.
struct DebugPosition {
  int chronon = 0;    ///< The chronon being run, counted from 0 (the CHRONON register's value during it).
  int robot = -1;     ///< Robot index in entry order (the ID register).
  int64_t count = 0;  ///< Instructions this robot executed in this battle before this one.
  int64_t tick = -1;  ///< Instructions all robots executed before this one: the order of positions.
  int pc = 0;         ///< Address of the instruction about to run.

  bool operator==(const DebugPosition&) const = default;
};

/// A robot's body and brain at a paused moment. Units as in Robot: pixels, degrees, energy points.
struct DebugRobotState {
  robotalk::MachineState brain;  ///< Its brain at that moment (for the paused robot: before the instruction at the pc).
  int x = 0;                     ///< Centre, pixels from the left edge.
  int y = 0;                     ///< Centre, pixels from the top edge.
  int aim = 0;                   ///< Turret, compass degrees.
  int look = 0;                  ///< RANGE offset from AIM, degrees.
  int scan = 0;                  ///< RADAR offset from AIM, degrees.
  int speedX = 0;                ///< Pixels per chronon.
  int speedY = 0;                ///< Pixels per chronon.
  int energy = 0;                ///< Energy points.
  int damage = 0;                ///< Damage points left.
  int shield = 0;                ///< Shield points.
  int stunned = 0;               ///< Chronons left in stasis.
  bool alive = true;             ///< False once destroyed.

  bool operator==(const DebugRobotState&) const = default;
};

/// Why the session paused. kException: the instruction about to run fails, and the original kills
/// the robot there; kDataBreakpoint: the instruction about to run changes a watched register
/// (DebugWatch).
using DebugStopReason = debug::StopReason;

/// The paused state: exactly what a fresh run of the battle shows before the instruction at
/// `position`.
struct DebugSnapshot {
  DebugPosition position;                           ///< Where the battle is paused.
  DebugStopReason reason = DebugStopReason::kStep;  ///< Why it paused there.
  std::vector<int> breakpoints;                     ///< Ids of the breakpoints hit (breakpoint reasons only).
  std::string error;                                ///< kException: the original's message for the failure;
                                                    ///< kDataBreakpoint: the change, "A: 3 -> 7".
  std::vector<DebugRobotState> robots;              ///< Every robot, entry order.

  /// The paused robot's state.
  const DebugRobotState& paused() const { return robots[static_cast<size_t>(position.robot)]; }
};

/// A value set in the paused robot's brain (DebugSession::setValue, DAP setVariable).
struct DebugEdit {
  /// What is set.
  enum class Target : uint8_t {
    kVariable,  ///< User variable `index` (a register index, A-Z but X and Y: specs/robowar.md §3.3).
    kVector,    ///< VSTORE cell `index`, 0-100.
    kStack,     ///< The data stack cell `index` cells below the top (0 = the top).
  };
  Target target = Target::kVariable;
  int index = 0;
  int16_t value = 0;  ///< RoboTalk's 16-bit cell.
};

/// A breakpoint condition: clauses joined by `&&`, each `SUBJECT OP INTEGER` with OP one of
/// `== != < <= > >=` (docs/debugging.md "Conditions"). Subjects: `chronon` (the CHRONON register's
/// value), `robot` (the robot index, 0-based: the ID register), `top` (the data stack's top cell;
/// a clause on it is false when the stack is empty), `second` (the cell under it, likewise),
/// `depth` (the number of cells on the data stack), and a user variable `a`-`w` or `z`
/// (specs/robowar.md §3.3). Names are compared without case, as RoboTalk does.
struct DebugCondition {
  /// What a clause compares.
  enum class Subject : uint8_t { kChronon, kRobot, kTop, kSecond, kDepth, kVariable };
  /// How it compares.
  using Compare = debug::Compare;
  /// One comparison.
  struct Clause {
    Subject subject = Subject::kChronon;  ///< The left side.
    int variable = 0;                     ///< kVariable: the register index (A = 0).
    Compare compare = Compare::kEqual;    ///< The comparison.
    int64_t value = 0;                    ///< The right side, an integer literal.
  };
  std::vector<Clause> clauses;  ///< All must hold; none means always.

  /// True when every clause holds at `chronon` for `robot` whose brain is `brain` (before the
  /// instruction at its pc).
  bool holds(int chronon, int robot, const robotalk::MachineState& brain) const;
};

/// Parses a condition (an empty or blank text is the condition that always holds). Returns nullopt
/// and sets `error` to a one-line message when the text is not in the language.
std::optional<DebugCondition> parseDebugCondition(std::string_view text, std::string& error);

/// A breakpoint on one instruction of one robot.
struct DebugBreakpoint {
  int id = 0;                ///< The caller's id, reported back when it is hit.
  int robot = 0;             ///< Robot index it applies to.
  int address = 0;           ///< Instruction index.
  bool function = false;     ///< Set from a label (function breakpoint) rather than a source line.
  DebugCondition condition;  ///< When it stops (always, by default).
};

/// A data breakpoint: stop before an instruction of `robot` that changes user variable `variable`
/// (a STORE to it, or any other write; docs/debugging.md "Data breakpoints").
struct DebugWatch {
  int id = 0;        ///< The caller's id, reported back when it is hit.
  int robot = 0;     ///< Robot index it applies to.
  int variable = 0;  ///< Register index of a user variable: A-W (0-22) or Z (25).
};

/// The register index of user variable `name` (`a`-`w` or `z`, any case, optionally quoted `a'`), or
/// -1 for anything else (X and Y are the robot's position, not variables).
int debugVariableIndex(std::string_view name);

/// How far stepForward goes. "Over a call" means: when the robot executes a CALL, IF or IFE that
/// jumps (pushing its return address, specs/robowar.md §4), the step continues until that return
/// address has left the stack again (RETURN, or any word that drops it).
enum class DebugStep : uint8_t {
  kInstruction,  ///< To the robot's next instruction.
  kOver,         ///< To the robot's next instruction, a call counting as one instruction.
  kLine,         ///< To the robot's next instruction on another source line (by instruction without a source).
  kLineOver,     ///< As kLine, over calls.
  kOut,          ///< Out of the current call: until the topmost return address on the stack has left it;
                 ///< without one, as kChronon.
  kChronon,      ///< To the robot's first instruction in a later chronon.
  kContinue,     ///< Until a breakpoint or (when enabled) a run-time error.
};

/// True when `value` looks like a return address in `program`: it points just after a CALL, IF or
/// IFE (the words that push one). RoboTalk keeps return addresses among the data, so this is the
/// guess a player makes reading the stack.
bool isReturnAddress(const robotalk::Program& program, int value);

/// What DebugSession::evaluate gives.
struct DebugEvaluation {
  bool ok = false;              ///< The code compiled and ran to its end.
  std::string error;            ///< Otherwise, a one-line message (compile error, run-time error, too long).
  std::vector<int16_t> stack;   ///< The data stack after running, bottom first.
  std::vector<int16_t> before;  ///< The robot's data stack it started from, bottom first.
};

/// The 1-based source line of the instruction at `address`, or 0 when unknown (no source, or out of
/// range).
int debugLineOf(const robotalk::Program& program, const SourceFile* source, int address);

/// Where a breakpoint set on `line` stops.
struct LineBreakAddresses {
  int line = 0;                ///< The line used: the first at or after the requested one holding code; 0 = none.
  std::vector<int> addresses;  ///< Instructions that start the line's code (its first one, and label targets on it).
};

/// The addresses a breakpoint on 1-based `line` of `source` stops at in `program` (compiled from
/// `source`): on the first line at or after `line` that holds an instruction, every instruction that
/// enters that line's code (one whose predecessor lies on another line, or a label's address), so
/// that `continue` stops once per visit of the line, not once per word. Empty when no line at or
/// after `line` holds code.
LineBreakAddresses lineBreakAddresses(const robotalk::Program& program, const SourceFile& source, int line);

/// The address of the label `name` (compared without case, as RoboTalk does), or -1.
int labelAddress(const robotalk::Program& program, std::string_view name);

/// What a DebugSession's hooks look for while the battle runs (robowar_debug.cpp).
struct DebugSearch;

/// A debugged RoboWar battle. Not copyable or movable (its engine copies point back to it).
/// Every operation re-runs the battle from a keyframe, so the battle's result is never affected:
/// run to its end with any breakpoints, it equals runBattle(entries, seed, rules) (recordEvents off),
/// unless a value was set (setValue).
class DebugSession
    : private debug::KeyframeSearches<DebugSession, DebugSearch, int, DebugStep, DebugSnapshot, DebugBreakpoint> {
 public:
  /// Sets up the battle of `entrants` (1-6; programs without errors) with `seed` and `rules`
  /// (rules.engine is ignored: the session runs brains itself). The session starts before the first
  /// chronon, neither paused nor ended.
  DebugSession(std::vector<DebugEntrant> entrants, uint64_t seed, const Rules& rules);
  ~DebugSession();

  /// Replaces every data breakpoint. Takes effect at the next step.
  void setWatches(std::vector<DebugWatch> watches);

  /// Breakpoints, stepping and the paused state, as KeyframeSearches documents them
  /// (debug_search.h), the battle being this one, a robot its index: setBreakpoints (a breakpoint
  /// whose robot or address is out of range is dropped); setStopOnErrors(bool);
  /// stepForward(DebugStep, int robot) (false when the battle ended first, result() then holding
  /// its result; kOut without a call to leave goes on as kChronon); stepBack(int robot) and
  /// reverseContinue(int robot); paused(), snapshot() (only while paused) and ended() (result() is
  /// valid).
  using KeyframeSearches::setBreakpoints, KeyframeSearches::setStopOnErrors, KeyframeSearches::stepForward,
      KeyframeSearches::stepBack, KeyframeSearches::reverseContinue, KeyframeSearches::paused,
      KeyframeSearches::snapshot, KeyframeSearches::ended;

  /// The battle's result, equal to runBattle's; only once ended().
  const Result& result() const { return result_; }

  /// Runs RoboTalk `code` (REPL input: words, numbers, registers; no labels) on a copy of robot
  /// `robot`'s paused brain: its data stack and variables, interrupts off. Hardware registers read
  /// the paused values of DebugRobotState (others read 0) and writes are discarded, so the battle is
  /// never touched. Stops after 100000 instructions. Only while paused.
  DebugEvaluation evaluate(int robot, std::string_view code) const;

  /// Sets a value of the paused robot's brain before the instruction it is paused at, and shows the
  /// paused state again with it. The battle from there on is the edited one, on every later step,
  /// forward or back past this position (debug::EditLog); the session's result is then no longer
  /// runBattle's. Returns "" or why it cannot: not paused, a variable that is no user variable, a
  /// vector cell outside 0-100, a stack cell below the stack.
  std::string setValue(const DebugEdit& edit);

  /// Number of robots.
  int robotCount() const { return static_cast<int>(entrants_.size()); }
  /// The program robot `robot` runs.
  const robotalk::Program& program(int robot) const;
  /// The source of robot `robot`, or nullptr.
  const SourceFile* source(int robot) const { return entrants_[static_cast<size_t>(robot)].source; }
  /// The 1-based source line of `address` in robot `robot`'s program, or 0 when unknown.
  int lineOf(int robot, int address) const;
  /// Chronons run by the furthest point the session has reached (for messages).
  int furthestChronon() const { return furthest_; }

 private:
  friend KeyframeSearches;
  class Runner;
  struct Keyframe;
  using Search = DebugSearch;

  /// Chronons between keyframes. A search restores the keyframe at or before the chronon it needs
  /// and runs forward from there, so this bounds the extra chronons one step runs (a duel's chronon
  /// takes a few microseconds) against the memory of the copies (an Engine is a few kilobytes).
  static constexpr int32_t kUnitsPerKeyframe = 8;

  // What KeyframeSearches needs (debug_search.h); a unit is a chronon.
  int unitNow() const { return work_->chronon(); }
  static int unitOf(const DebugPosition& position) { return position.chronon; }
  size_t keyframeCount() const;
  void loadKeyframe(size_t k);
  void saveKeyframe();
  void dropKeyframesFrom(size_t k);
  bool runUnit();
  static bool nothingBefore(const Search&) { return false; }
  static int entryUnit(int) { return 0; }
  void prepareStep(Search& search) const;
  void finish();
  bool accepts(const DebugBreakpoint& b) const;
  static std::pair<int, int> placeOf(const DebugBreakpoint& b) { return {b.robot, b.address}; }
  void indexBreakpoints();
  // The hooks the Runner calls around each instruction.
  void beforeInstruction(const DebugPosition& position, const robotalk::MachineState& brain);
  void afterFailure(const DebugPosition& position, const robotalk::MachineState& brain);
  void afterWrite(const DebugPosition& position, const std::array<int16_t, 26>& before,
                  const robotalk::MachineState& after);
  void followStep(const DebugPosition& position, const robotalk::MachineState& brain);
  bool watched(int robot) const { return !watchIndex_.empty() && watchIndex_[static_cast<size_t>(robot)]; }
  void capture(const DebugPosition& position);

  std::vector<DebugEntrant> entrants_;
  std::vector<robotalk::Bytecode> code_;      ///< Decoded programs, shared by every engine copy.
  std::vector<std::vector<int>> lines_;       ///< Per robot, the line of each address (0 = unknown).
  std::vector<std::vector<int>> breakIndex_;  ///< Per robot, per address: first index into breakpoints_ + 1, or 0.
  std::vector<DebugWatch> watches_;
  std::vector<bool> watchIndex_;  ///< Per robot: whether a watch applies.
  std::unique_ptr<Runner> runner_;
  std::vector<Keyframe> keyframes_;
  std::unique_ptr<Engine> work_;  ///< The engine being run (restored from a keyframe for each search).
  std::vector<int64_t> counts_;   ///< Instructions each robot executed so far in `work_`.
  debug::EditLog<DebugEdit> edits_;
  Result result_;
};

}  // namespace chronon::arena::robowar

// Instantiated in robowar_debug.cpp, where DebugSearch is complete (debug_search.h).
namespace chronon::arena::debug {
extern template class KeyframeSearches<robowar::DebugSession, robowar::DebugSearch, int, robowar::DebugStep,
                                       robowar::DebugSnapshot, robowar::DebugBreakpoint>;
}  // namespace chronon::arena::debug
