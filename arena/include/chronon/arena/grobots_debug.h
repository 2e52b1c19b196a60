#pragma once
// A debugging session over one Grobots round (DESIGN.md "Replays, the viewer and the debugger"), on
// the model of the RoboWar session (robowar_debug.h): the round runs under a Engine that
// executes every brain one instruction at a time through the interpreter (grobocode::step, exactly as
// grobocode::run does), numbers every instruction executed, and can stop before any of them.
//
// A position is a robot about to execute one instruction: the frame being run, the robot (its serial
// number, its identity for the whole round), and how many instructions it has executed so far.
// Positions are ordered by the tick, the number of instructions all robots executed before. A round
// is deterministic, so a position is reached again by running the round again from a keyframe (a
// copy of the world at the start of a frame, World's copy constructor); stepping back is that, and a
// paused state is always the one a fresh run shows. Robots are born and die as the round goes on:
// the robots of a snapshot are those alive at its moment.

#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <unordered_map>
#include <vector>

#include "chronon/arena/debug_condition.h"
#include "chronon/arena/debug_search.h"
#include "chronon/arena/grobots_world.h"
#include "chronon/compiler/grobocode.h"
#include "chronon/stdlib/grobots_number.h"
#include "chronon/vm/grobocode_brain.h"

namespace chronon::arena::grobots {

/// A robot about to execute one instruction.
struct DebugPosition {
  int32_t frame = 0;   ///< The frame being run: frames simulated before it (World::frame() during it).
  uint32_t robot = 0;  ///< The robot's serial number (1, 2, ... in order of creation in the round).
  int64_t count = 0;   ///< Instructions this robot executed in this round before this one.
  int64_t tick = -1;   ///< Instructions all robots executed before this one: the order of positions.
  int32_t pc = 0;      ///< Address of the instruction about to run in the robot's brain.

  bool operator==(const DebugPosition&) const = default;
};

/// A robot at a paused moment. Numbers are the world's raw fixed-point values (1/4096): distances
/// in distance units, velocities per frame, energy and armor in their units.
struct DebugRobotState {
  uint32_t serial = 0;                       ///< Identity for the round (DebugPosition::robot).
  int32_t side = 0;                          ///< Index of its side in the session's list.
  int32_t type = 0;                          ///< 0-based index of its type in the side.
  int32_t id = 0;                            ///< The `id` its brain reads (per side, from 1).
  std::string name;                          ///< "<side>'s <type> #<id>", as the original names robots.
  bool hasBrain = false;                     ///< False for a type without code.
  grobocode::MachineState brain;             ///< Its brain (for the paused robot: before the instruction at the pc).
  ::chronon::grobots::FixedVector position;  ///< Centre.
  ::chronon::grobots::FixedVector velocity;  ///< Distance per frame.
  ::chronon::grobots::Fixed radius;          ///< Radius.
  ::chronon::grobots::Fixed mass;            ///< Mass.
  ::chronon::grobots::Fixed energy;          ///< Energy.
  ::chronon::grobots::Fixed maxEnergy;       ///< Its type's energy capacity.
  ::chronon::grobots::Fixed armor;           ///< Armor left.
  ::chronon::grobots::Fixed shield;          ///< Shield in effect.
  ::chronon::grobots::Fixed flag;            ///< Its flag.
  int32_t constructorType = 0;               ///< 1-based type being built, 0 for none.
  ::chronon::grobots::Fixed constructorProgress;  ///< Energy put into the child so far.
  int32_t blasterCooldown = 0;                    ///< Frames before the blaster can fire.
  int32_t grenadeCooldown = 0;                    ///< Frames before the grenades can fire.
  std::array<int32_t, 3> found{};                 ///< Results of the last robot, food and shot sensor firing.
};

/// Why the session paused. kEntry also means the first instruction at a frame (goToFrame);
/// kDataBreakpoint: the robot's previous instruction changed a watched variable; kException: the
/// instruction about to run fails, and the original stops the brain there.
using DebugStopReason = debug::StopReason;

/// The paused state: exactly what a fresh run of the round shows before the instruction at
/// `position`.
struct DebugSnapshot {
  DebugPosition position;                           ///< Where the round is paused.
  DebugStopReason reason = DebugStopReason::kStep;  ///< Why it paused there.
  std::vector<int> breakpoints;                     ///< Ids of the breakpoints or watches hit.
  std::string error;                                ///< kException: the original's message for the failure.
  std::vector<DebugRobotState> robots;              ///< Every robot alive, in the world's order.

  /// The paused robot's state.
  const DebugRobotState& paused() const;
  /// The robot with serial `serial`, or nullptr when it is not alive at this moment.
  const DebugRobotState* robot(uint32_t serial) const;
};

/// A value set in the paused robot's brain (DebugSession::setValue, DAP setVariable).
struct DebugEdit {
  /// What is set.
  enum class Target : uint8_t {
    kVariable,  ///< The brain's `#var` number `index` (declaration order).
    kVector,    ///< The brain's `#vector` number `index`: both components (`vector`).
    kStack,     ///< The data stack cell `index` cells below the top (0 = the top).
  };
  Target target = Target::kVariable;
  int32_t index = 0;
  ::chronon::grobots::FixedVector vector;  ///< kVector: the value; otherwise `vector.x` is the number.
};

/// What evaluating Grobocode at the paused moment gave (DebugSession::evaluate).
struct DebugEvaluation {
  bool ok = false;                               ///< It compiled and ran without an error.
  std::string error;                             ///< Otherwise: the first compile error or the run-time error.
  std::vector<::chronon::grobots::Fixed> stack;  ///< The copy's data stack afterwards, bottom first.
  std::string printed;                           ///< The last `print` or `vprint` it made, if any.
};

/// Whether a breakpoint stops at a position, given the robot's brain there; empty means always.
using DebugCondition = std::function<bool(const DebugPosition&, const grobocode::MachineState&)>;

/// A breakpoint condition as a player writes it for a Grobots robot (docs/debugging.md
/// "Conditions"): clauses on the frame, the robot's serial (`thread`, its thread in the debugger),
/// the data stack's `depth`, `top` and `second` cells, or a variable of the type, each compared with
/// a Grobocode number; all must hold. `holds` serves as a DebugCondition.
struct ParsedCondition {
  /// What a clause compares.
  enum class Subject : uint8_t { kFrame, kThread, kDepth, kTop, kSecond, kVariable };
  /// One comparison.
  struct Clause {
    Subject subject = Subject::kFrame;                ///< The left side.
    size_t variable = 0;                              ///< kVariable: the variable's index in the brain.
    debug::Compare compare = debug::Compare::kEqual;  ///< The comparison.
    double value = 0;                                 ///< The right side.
  };
  std::vector<Clause> clauses;  ///< All must hold; none means always.

  /// True when every clause holds at `position` for a robot whose brain is `state` (a clause on a
  /// stack cell the stack does not have, or on a variable the state does not have, is false).
  bool holds(const DebugPosition& position, const grobocode::MachineState& state) const;
};

/// Parses a condition for a robot with `brain` (its variables are subjects, compared without case,
/// as are the other subjects; a value is a Grobocode number literal). A blank text always holds.
/// Returns nullopt and sets `error` to a one-line message when the text is not in the language.
std::optional<ParsedCondition> parseCondition(std::string_view text, const grobocode::Program& brain,
                                              std::string& error);

/// A breakpoint on one instruction of one type's brain: it applies to every robot of the type.
struct DebugBreakpoint {
  int id = 0;                ///< The caller's id, reported back when it is hit.
  int32_t side = 0;          ///< Side index.
  int32_t type = 0;          ///< 0-based type index in the side.
  int32_t address = 0;       ///< Instruction index in the type's brain.
  bool function = false;     ///< Set from a label (function breakpoint) rather than a source line.
  DebugCondition condition;  ///< When it stops (always, when empty).
};

/// A data breakpoint: stops a robot of the type right after an instruction of its own changed the
/// variable (at its next instruction, which may be in a later frame).
struct DebugWatch {
  int id = 0;            ///< The caller's id, reported back when it is hit.
  int32_t side = 0;      ///< Side index.
  int32_t type = 0;      ///< 0-based type index in the side.
  bool vector = false;   ///< A `#vector` rather than a `#var`.
  int32_t variable = 0;  ///< Index in the brain's variables (or vectors).
};

/// How far stepForward goes.
enum class DebugStep : uint8_t {
  kInstruction,  ///< To the robot's next instruction.
  kLine,         ///< To the robot's next instruction on another source line.
  kOver,         ///< To the robot's next instruction on another line no deeper in calls (calls run through).
  kOut,          ///< To the robot's next instruction after the current call returns (the next frame at top level).
  kFrame,        ///< To the robot's first instruction in a later frame.
  kContinue,     ///< Until a breakpoint, a watch or (when enabled) a run-time error.
};

/// Where a breakpoint on a source line stops, in one type's brain.
struct DebugLineAddresses {
  int32_t type = 0;                ///< 0-based type index (-1: the side's common code, unused by robots).
  std::vector<int32_t> addresses;  ///< Instructions that enter the line's code.
};

/// The instructions a breakpoint on 1-based `line` of a side's file stops at: on the first line at
/// or after `line` holding an instruction of some type's brain (Instruction::line), each instruction
/// that enters that line's code (its predecessor is on another line, or a label names it), for every
/// type whose brain has code there. `chosen` is set to the line used, 0 when no line at or after it
/// holds code.
std::vector<DebugLineAddresses> debugLineAddresses(const grobocode::Side& side, int line, int& chosen);

/// The address of label `name` in `brain` (compared without case, gensyms never match), or -1.
int32_t debugLabelAddress(const grobocode::Program& brain, std::string_view name);

/// Frames between keyframes: a step runs at most this many frames again, against the memory of one
/// world copy per this many frames.
inline constexpr int32_t kKeyframeInterval = 50;

/// What a DebugSession's hooks look for while the round runs (grobots_debug.cpp).
struct DebugSearch;

/// A debugged Grobots round. Not copyable or movable (its engine points back to it). Every operation
/// re-runs the round from a keyframe, so the round's result is never affected: run to its end with
/// any breakpoints, it equals runRound(sides, options, seed).
class DebugSession
    : private debug::KeyframeSearches<DebugSession, DebugSearch, uint32_t, DebugStep, DebugSnapshot, DebugBreakpoint> {
 public:
  /// Sets up the round of `sides` (loaded, costs computed; owned by the caller, outliving the
  /// session) with `options` (options.engine is ignored: the session runs brains itself) and `seed`,
  /// and starts it. The session starts before the first frame, neither paused nor ended.
  DebugSession(std::vector<const grobocode::Side*> sides, const WorldOptions& options, int32_t seed);
  ~DebugSession();

  /// Replaces every data breakpoint (out-of-range ones are dropped). Takes effect at the next step.
  void setWatches(std::vector<DebugWatch> watches);

  /// Breakpoints, stepping and the paused state, as KeyframeSearches documents them
  /// (debug_search.h), the battle being this round, a robot its serial number: setBreakpoints (a
  /// breakpoint on a type without code or an address out of range is dropped); setStopOnErrors(bool);
  /// stepForward(DebugStep, uint32_t robot) (false when the round ended first, outcome() then
  /// holding its result); goToEntry(uint32_t robot) (its first instruction, reason kEntry);
  /// stepBack(uint32_t robot) and reverseContinue(uint32_t robot); paused(), snapshot() (only while
  /// paused) and ended() (outcome() is valid).
  using KeyframeSearches::setBreakpoints, KeyframeSearches::setStopOnErrors, KeyframeSearches::stepForward,
      KeyframeSearches::goToEntry, KeyframeSearches::stepBack, KeyframeSearches::reverseContinue,
      KeyframeSearches::paused, KeyframeSearches::snapshot, KeyframeSearches::ended;

  /// Pauses at the first instruction any robot executes at or after frame `frame` (reason kEntry),
  /// searching forward or backward from the current position. Returns false when the round ends
  /// before `frame`.
  bool goToFrame(int32_t frame);

  /// Runs Grobocode `code` (words as in a side's #code section, the robot type's labels, variables and
  /// constants in scope) on a copy of robot `robot`'s brain at the paused moment, its hardware words
  /// answered by the world as it is then, for at most `maxInstructions` instructions. The battle is not
  /// touched: the moment is reached again by re-running from a keyframe, and what the code changes in
  /// that world is thrown away. Only while paused, for a robot alive at the pause.
  DebugEvaluation evaluate(uint32_t robot, std::string_view code, int32_t maxInstructions = 100000);

  /// Sets a value of the paused robot's brain before the instruction it is paused at, and shows the
  /// paused state again with it. The round from there on is the edited one, on every later step,
  /// forward or back past this position (debug::EditLog). Returns "" or why it cannot: not paused,
  /// no such variable or vector, a stack cell below the stack.
  std::string setValue(const DebugEdit& edit);

  /// The round's outcome, equal to runRound's; only once ended().
  const RoundOutcome& outcome() const { return outcome_; }
  /// The sides, in the order given.
  const std::vector<const grobocode::Side*>& sides() const { return sides_; }
  /// The brain of type `type` of side `side`, or nullptr for a type without code.
  const grobocode::Program* brain(int32_t side, int32_t type) const;
  /// The source line of `address` in that brain (Instruction::line), or 0 when out of range or for
  /// the `end`s the compiler appends.
  int32_t lineOf(int32_t side, int32_t type, int32_t address) const;
  /// Frames run by the furthest point the session has reached.
  int32_t furthestFrame() const { return furthest_; }
  /// Keyframes held (a copy of the world every kKeyframeInterval frames reached).
  size_t keyframeCount() const;

 private:
  friend KeyframeSearches;
  class Runner;
  struct Keyframe;
  using Search = DebugSearch;
  /// Per robot: instructions executed so far, and whether its last one changed a watched variable.
  struct Counter {
    int64_t count = 0;
    std::vector<int> wrote;  ///< Ids of the watches its last instruction set off.
  };

  // What KeyframeSearches needs (debug_search.h); a unit is a frame.
  static constexpr int32_t kUnitsPerKeyframe = kKeyframeInterval;
  int32_t unitNow() const { return work_->frame(); }
  static int32_t unitOf(const DebugPosition& position) { return position.frame; }
  void loadKeyframe(size_t k);
  void saveKeyframe();
  void dropKeyframesFrom(size_t k);
  bool runUnit();
  bool nothingBefore(const Search& search) const;
  int32_t entryUnit(uint32_t robot) const;
  void prepareStep(Search& search) const;
  void finish();
  bool accepts(const DebugBreakpoint& b) const;
  static std::tuple<int32_t, int32_t, int32_t> placeOf(const DebugBreakpoint& b) { return {b.side, b.type, b.address}; }
  void indexBreakpoints();
  void beforeInstruction(const DebugPosition& position, const grobocode::MachineState& brain, int32_t side,
                         int32_t type, const Counter& counter);
  void afterFailure(const DebugPosition& position, const grobocode::MachineState& brain);
  void capture(const DebugPosition& position);
  void runEvaluation(Search& search);
  /// The robot whose brain `work_` is running (serial, side index, type index) and the frame.
  void thinking(uint32_t& serial, int32_t& side, int32_t& type, int32_t& frame) const;

  std::vector<const grobocode::Side*> sides_;
  std::unique_ptr<Runner> runner_;
  std::unique_ptr<World> work_;  ///< The world being run (restored from a keyframe for each search).
  RoundOutcome outcome_;         ///< The round's outcome, once it ended (finish).
  std::vector<Keyframe> keyframes_;
  debug::EditLog<DebugEdit> edits_;
  std::unordered_map<uint32_t, Counter> counters_;  ///< Per robot serial, in `work_`.
  /// Per side, per type, per address: first index into breakpoints_ + 1, or 0.
  std::vector<std::vector<std::vector<int>>> breakIndex_;
  std::vector<DebugWatch> watches_;
  /// Per side, per type: indices into watches_.
  std::vector<std::vector<std::vector<size_t>>> watchIndex_;
  bool tainted_ = false;  ///< `work_` ran evaluated code: it is no keyframe until the next restore.
};

}  // namespace chronon::arena::grobots

// Instantiated in grobots_debug.cpp, where DebugSearch is complete (debug_search.h).
namespace chronon::arena::debug {
extern template class KeyframeSearches<grobots::DebugSession, grobots::DebugSearch, uint32_t, grobots::DebugStep,
                                       grobots::DebugSnapshot, grobots::DebugBreakpoint>;
}  // namespace chronon::arena::debug
