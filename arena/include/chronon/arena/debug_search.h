#pragma once
// The searches through a battle's past that the RoboWar and Grobots debugging sessions share
// (robowar_debug.h, grobots_debug.h; docs/debugging.md "How stepping back works"). A session runs
// its battle in units (RoboWar chronons, Grobots frames) and keeps a copy of the battle, a keyframe,
// every few units. Every position (a robot about to execute one instruction) has a tick, the number
// of instructions all robots executed before it. A search re-runs units from a keyframe with the
// session's hooks watching every instruction: forward it stops at the first position after the
// current one that matches, backward at the last one before it. The paused state is then captured by
// running the found position's unit once more, so a pause always shows what a fresh run shows.
//
// This header holds what does not depend on the game: the search's bookkeeping (SearchCore), and
// the searches themselves with the session plumbing around them (KeyframeSearches: stepping forward
// and back, the paused and ended state, keyframe scheduling, the breakpoint list). A game's session
// supplies its units, its hooks, its breakpoint places and its snapshot.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace chronon::arena::debug {

/// Why a debugging session paused, in every game (RoboWar, Grobots, the Robbie Language).
enum class StopReason : uint8_t {
  kEntry,               ///< At a robot's first instruction (stop on entry, or nothing earlier to go back to).
  kStep,                ///< A step (forward or back) arrived.
  kBreakpoint,          ///< A source-line breakpoint was hit.
  kFunctionBreakpoint,  ///< A label (function) breakpoint was hit (RoboWar, Grobots).
  kDataBreakpoint,      ///< A watched variable or register changed (RoboWar, Grobots).
  kException,           ///< The instruction about to run fails (the original stops the robot there).
};

/// How a search treats the positions a re-run passes.
enum class SearchMode : uint8_t {
  kForward,   ///< Stops at the first matching position after `from`.
  kBackward,  ///< Keeps the last matching position before `from` (each later match replaces it).
  kCapture,   ///< Matches nothing: the session records its snapshot at `position.tick`.
  kEvaluate,  ///< Matches nothing: the session runs evaluated code at `position.tick` (Grobots).
};

/// What every game's search holds: which positions it looks at, and what it found. A game's search
/// derives from it and adds what its steps follow (the robot, its line, its calls...).
/// `Position` has a `tick` (int64_t); `StopReason` has a `kStep` value.
template <typename Position, typename StopReason>
struct SearchCore {
  SearchMode mode = SearchMode::kForward;
  int64_t from = -1;        ///< Tick of the current position (-1: before the battle).
  bool breakpoints = true;  ///< Breakpoint and watch hits match.
  bool errors = true;       ///< Failing instructions match (when the session stops on errors).
  bool entry = false;       ///< A step's arrival is reported as the entry, not as a step.
  // What was found.
  bool found = false;
  Position position{};
  StopReason reason = StopReason::kStep;
  std::vector<int> hits;  ///< Ids of the breakpoints or watches hit.
  std::string error;      ///< The failure's message, or a watch's change.

  /// Whether a match at the position of `tick` counts: forward, after `from` while nothing is found
  /// yet; backward, before `from`. Never while capturing or evaluating.
  bool considers(int64_t tick) const {
    switch (mode) {
      case SearchMode::kForward: return !found && tick > from;
      case SearchMode::kBackward: return tick < from;
      case SearchMode::kCapture:
      case SearchMode::kEvaluate: return false;
    }
    return false;
  }

  /// Records a match at `at`.
  void stopAt(const Position& at, StopReason why, std::vector<int> ids, std::string message) {
    found = true;
    position = at;
    reason = why;
    hits = std::move(ids);
    error = std::move(message);
  }
};

/// The values a debugger user set while paused (DAP setVariable), each at the position where it was
/// set: a session applies an edit before the instruction of that position, on every run that passes
/// it, so that stepping back before it and forward again meets the same change, and the battle from
/// there on is what the edited program does. `Edit` is a game's change (a variable, a stack cell).
template <typename Edit>
class EditLog {
 public:
  /// Records `edit` at the position of `tick`, after the edits recorded there before.
  void add(int64_t tick, Edit edit) { edits_.push_back({tick, std::move(edit)}); }
  /// True when nothing was set (the battle is the one the entrants play).
  bool empty() const { return edits_.empty(); }
  /// Calls `apply(edit)` for each edit at `tick`, in the order they were set.
  template <typename Apply>
  void applyAt(int64_t tick, Apply&& apply) const {
    for (const auto& [at, edit] : edits_) {
      if (at == tick) apply(edit);
    }
  }

 private:
  std::vector<std::pair<int64_t, Edit>> edits_;
};

/// The keyframed searches of a debugging session and the state they work on, as a base of `Session`
/// (the curiously recurring template pattern). It holds what every game's session does the same way:
/// the paused and ended flags, the snapshot, stepping forward and back, the end of the battle; the
/// session keeps its battle, hooks and breakpoints. `Session` derives from it privately, makes the
/// public members below public with `using`, declares it a friend and supplies:
///   - `static constexpr int32_t kUnitsPerKeyframe`: units between keyframes;
///   - `size_t keyframeCount() const`, `void loadKeyframe(size_t k)` (the battle, its counters and
///     `tick_` as the k-th keyframe holds them: the start of unit k * kUnitsPerKeyframe) and
///     `void saveKeyframe()` (appends the battle as it is now, or does not when it cannot be one);
///   - `bool runUnit()`: runs one unit with the hooks serving `search_` and counting every
///     instruction in `tick_`, then calls reached(the unit it is about to run); false once the
///     battle ended;
///   - `int32_t unitNow() const`: the unit the battle is about to run;
///   - `int32_t unitOf(const Position&) const`;
///   - `bool nothingBefore(const Search&) const`: after restoring a keyframe, whether the search
///     cannot match anything before it (Grobots: the robot it follows was not born yet);
///   - `int32_t entryUnit(Robot) const`: a unit at or before the one of the robot's first
///     instruction, where the search for it starts;
///   - `void prepareStep(Search&)`: fills in what the game's steps follow from the current position
///     (its line, calls, unit...), after the common fields are set (see stepForward);
///   - `void finish()`: records the battle's result, once it has run to its end;
///   - for setBreakpoints: `bool accepts(const Breakpoint&) const` (whether the battle has its robot
///     or type and its address), `static placeOf(const Breakpoint&)` (a tuple ordering breakpoints
///     by robot or type, then address) and `void indexBreakpoints()` (rebuilds the session's lookup
///     from `breakpoints_`).
/// `Search` derives from SearchCore and has `step` (of type `Step`, an enum with kInstruction and
/// kContinue) and `robot` (of type `Robot`). `Snapshot` has `position` (with `tick`), `reason`,
/// `breakpoints` and `error`, as the games' DebugSnapshot; `Breakpoint` is the game's
/// DebugBreakpoint. The session is not copyable or movable: its engine points back to it.
template <typename Session, typename Search, typename Robot, typename Step, typename Snapshot, typename Breakpoint>
class KeyframeSearches {
 public:
  /// Not copyable or movable (nor, so, is the session): the session's engine points back to it.
  KeyframeSearches(const KeyframeSearches&) = delete;
  /// Not assignable, likewise.
  KeyframeSearches& operator=(const KeyframeSearches&) = delete;

  /// Replaces every breakpoint; those the battle has no place for (an unknown robot, type or
  /// address) are dropped. Takes effect at the next step.
  void setBreakpoints(std::vector<Breakpoint> breakpoints) {
    breakpoints_.clear();
    for (Breakpoint& b : breakpoints) {
      if (self().accepts(b)) breakpoints_.push_back(std::move(b));
    }
    // Stable: of the breakpoints at one place, the caller's order is the order hits are reported in.
    std::stable_sort(breakpoints_.begin(), breakpoints_.end(), [](const Breakpoint& a, const Breakpoint& b) {
      return Session::placeOf(a) < Session::placeOf(b);
    });
    self().indexBreakpoints();
  }

  /// Whether a run-time error stops the battle before the failing instruction (default on). Takes
  /// effect at the next step.
  void setStopOnErrors(bool stop) { stopOnErrors_ = stop; }

  /// Runs forward from the current position (or the start) to the next position where `step` for
  /// robot `robot` arrives, a breakpoint or watch (with a true condition) is hit, or (when enabled)
  /// an instruction fails; from the start, kInstruction stops at the robot's first instruction with
  /// reason kEntry. Returns true when paused there, false when the battle ended first (the session's
  /// result then holds). Does nothing and returns false once ended.
  bool stepForward(Step step, Robot robot);

  /// Goes back to robot `robot`'s previous instruction (before the current position). Returns true
  /// when paused there; when the robot executed nothing earlier, pauses at its first instruction
  /// (reason kEntry) and returns true, or returns false when it never runs. Works after the end
  /// too; does nothing and returns false before the start.
  bool stepBack(Robot robot);

  /// Goes back to the latest earlier position where a breakpoint or watch is hit (or an instruction
  /// failed, when enabled); without one, to robot `robot`'s first instruction (reason kEntry).
  /// Returns as stepBack does.
  bool reverseContinue(Robot robot);

  /// Pauses at robot `robot`'s first instruction, before it runs, with reason kEntry (what a
  /// debugger's stop on entry shows), from wherever the session is. Returns false when the robot
  /// never runs.
  bool goToEntry(Robot robot);

  /// True while paused at a position (snapshot() is valid).
  bool paused() const { return paused_; }
  /// The paused state; only while paused().
  const Snapshot& snapshot() const { return snapshot_; }
  /// True once the battle has run to its end (the session's result is valid).
  bool ended() const { return ended_; }

 protected:
  KeyframeSearches() = default;
  ~KeyframeSearches() = default;

  /// Shows the paused position again after the session changed what runs from it (an edit the
  /// session applies there, EditLog): the keyframes after the position's unit were made without
  /// the change, so `Session::dropKeyframesFrom(k)` drops those from index k on, the end is
  /// forgotten, and the position's unit runs again to capture the snapshot. Only while paused.
  void recapture() {
    constexpr int32_t kInterval = Session::kUnitsPerKeyframe;
    const int32_t unit = Session::unitOf(snapshot_.position);
    self().dropKeyframesFrom(static_cast<size_t>(unit / kInterval) + 1);
    furthest_ = unit;
    ended_ = false;
    Search search;
    search.position = snapshot_.position;
    search.reason = snapshot_.reason;
    search.hits = snapshot_.breakpoints;
    search.error = snapshot_.error;
    materialize(search);
  }

  /// Sets the battle to the start of `unit` (clamped to 0): the keyframe at or before it, then the
  /// units up to it, run with no search active (so they match nothing). Stops early at the end.
  void restore(int32_t unit) {
    constexpr int32_t kInterval = Session::kUnitsPerKeyframe;
    self().loadKeyframe(std::min(static_cast<size_t>(std::max(unit, 0) / kInterval), self().keyframeCount() - 1));
    Search* const saved = search_;
    search_ = nullptr;
    while (self().unitNow() < unit && self().runUnit()) {
    }
    search_ = saved;
  }

  /// Called by runUnit once the battle is about to run `unit`: raises furthest_, and keeps a
  /// keyframe the first time the battle reaches the start of a keyframe's unit (keyframes are made
  /// in order, as the searches first get that far).
  void reached(int32_t unit) {
    constexpr int32_t kInterval = Session::kUnitsPerKeyframe;
    furthest_ = std::max(furthest_, unit);
    if (unit % kInterval == 0 && self().keyframeCount() == static_cast<size_t>(unit / kInterval)) self().saveKeyframe();
  }

  /// Re-runs from the start of `fromUnit` until `search` matches or the battle ends. Returns whether
  /// it matched.
  bool findForward(Search& search, int32_t fromUnit) {
    restore(fromUnit);
    search_ = &search;
    while (!search.found && self().runUnit()) {
    }
    search_ = nullptr;
    return search.found;
  }

  /// Re-runs the windows between keyframes, from the one holding the current position back to the
  /// start, up to the current position; the last match in the first window that has one is the
  /// answer. Returns whether there was one.
  bool findBackward(Search& search) {
    constexpr int32_t kInterval = Session::kUnitsPerKeyframe;
    const int32_t last = currentUnit();
    for (int32_t k = last / kInterval; k >= 0; --k) {
      restore(k * kInterval);
      const bool nothingBefore = self().nothingBefore(search);
      search_ = &search;
      while (self().unitNow() <= last && self().unitNow() < (k + 1) * kInterval && self().runUnit()) {
      }
      search_ = nullptr;
      if (search.found) return true;
      if (nothingBefore) return false;
    }
    return false;
  }

  /// Pauses at what `search` found. The search ran past the position (to the end of its unit, or
  /// further back), so the position's unit runs again from a keyframe, capturing the state before
  /// that very instruction.
  void materialize(const Search& search) {
    Search capture;
    capture.mode = SearchMode::kCapture;
    capture.position = search.position;
    Session& session = self();
    restore(session.unitOf(search.position));
    search_ = &capture;
    session.runUnit();
    search_ = nullptr;
    snapshot_.reason = search.reason;
    snapshot_.breakpoints = search.hits;
    snapshot_.error = search.error;
    paused_ = true;
    ended_ = false;
  }

  /// Searches forward from the start of `fromUnit` and pauses at what `search` finds. Returns true
  /// when paused there; otherwise the battle ran to its end: records it (Session::finish, ended())
  /// and returns false.
  bool stepTo(Search& search, int32_t fromUnit) {
    if (pauseAtFirst(search, fromUnit)) return true;
    self().finish();
    endTick_ = tick_;
    endUnit_ = self().unitNow();
    ended_ = true;
    paused_ = false;
    return false;
  }

  /// The tick of the current position: the paused one's, the battle's last once it ended, or -1
  /// before it.
  int64_t currentTick() const {
    if (paused_) return snapshot_.position.tick;
    return ended_ ? endTick_ : -1;
  }
  /// The unit of the current position, as currentTick: the paused one's, the last one, or 0.
  int32_t currentUnit() const {
    if (paused_) return Session::unitOf(snapshot_.position);
    return ended_ ? endUnit_ : 0;
  }

  /// The search the hooks serve, or nullptr.
  Search* search_ = nullptr;
  /// Instructions all robots executed so far in the battle being run (restored with each keyframe).
  int64_t tick_ = 0;
  /// Instructions all robots executed in the whole battle, once it ended.
  int64_t endTick_ = 0;
  /// Units (chronons, frames) the whole battle ran, once it ended.
  int32_t endUnit_ = 0;
  /// Units run by the furthest point the session has reached (for messages and the keyframe count).
  int32_t furthest_ = 0;
  /// setStopOnErrors: failing instructions stop the battle.
  bool stopOnErrors_ = true;
  bool paused_ = false;
  bool ended_ = false;
  /// The paused state, while paused_.
  Snapshot snapshot_;
  /// Every breakpoint, ordered by place (Session::placeOf).
  std::vector<Breakpoint> breakpoints_;

 private:
  Session& self() { return static_cast<Session&>(*this); }
  const Session& self() const { return static_cast<const Session&>(*this); }

  // Pauses at what `search` finds from the start of `fromUnit`; false (and nothing changed but the
  // keyframes) when it finds nothing.
  bool pauseAtFirst(Search& search, int32_t fromUnit) {
    if (!findForward(search, fromUnit)) return false;
    materialize(search);
    return true;
  }

  // Pauses at `robot`'s first instruction, reported as the entry; false when it never runs.
  bool toEntry(Robot robot) {
    Search search;
    search.step = Step::kInstruction;
    search.robot = robot;
    search.breakpoints = search.errors = false;  // Only the robot's arrival counts.
    search.entry = true;
    return pauseAtFirst(search, self().entryUnit(robot));
  }

  // A backward search from the current position that follows `robot` by `step`.
  Search backwardSearch(Robot robot, Step step) const {
    Search search;
    search.mode = SearchMode::kBackward;
    search.from = currentTick();
    search.step = step;
    search.robot = robot;
    return search;
  }

  // Pauses at the last match before the current position, or at `search.robot`'s first instruction;
  // false when neither paused nor ended, or when the robot never runs.
  bool backTo(Search search) {
    if (!paused_ && !ended_) return false;
    if (findBackward(search)) {
      materialize(search);
      return true;
    }
    return toEntry(search.robot);
  }
};

// The public steps are defined out of the class, not inline: each needs the complete Search, which
// a game defines in its source file only. The game's header declares its specialization `extern
// template` and its source file instantiates it, so a caller that sees only the header (dap/)
// links to that instantiation instead of instantiating them without the Search.

template <typename Session, typename Search, typename Robot, typename Step, typename Snapshot, typename Breakpoint>
bool KeyframeSearches<Session, Search, Robot, Step, Snapshot, Breakpoint>::stepForward(Step step, Robot robot) {
  if (ended_) return false;
  Search search;
  search.from = currentTick();
  search.step = step;
  search.robot = robot;
  search.entry = !paused_ && step == Step::kInstruction;
  self().prepareStep(search);
  return stepTo(search, currentUnit());
}

template <typename Session, typename Search, typename Robot, typename Step, typename Snapshot, typename Breakpoint>
bool KeyframeSearches<Session, Search, Robot, Step, Snapshot, Breakpoint>::goToEntry(Robot robot) {
  return toEntry(robot);
}

template <typename Session, typename Search, typename Robot, typename Step, typename Snapshot, typename Breakpoint>
bool KeyframeSearches<Session, Search, Robot, Step, Snapshot, Breakpoint>::stepBack(Robot robot) {
  Search search = backwardSearch(robot, Step::kInstruction);
  search.breakpoints = false;
  search.errors = false;
  return backTo(search);
}

template <typename Session, typename Search, typename Robot, typename Step, typename Snapshot, typename Breakpoint>
bool KeyframeSearches<Session, Search, Robot, Step, Snapshot, Breakpoint>::reverseContinue(Robot robot) {
  return backTo(backwardSearch(robot, Step::kContinue));
}

}  // namespace chronon::arena::debug
