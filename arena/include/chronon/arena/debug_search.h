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
// This header holds what does not depend on the game: the search's bookkeeping (SearchCore) and the
// searches themselves (KeyframeSearches). A game's session supplies its units, its hooks and its
// snapshot.

#include <algorithm>
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

/// The keyframed searches of a debugging session, as a base of `Session` (the curiously recurring
/// template pattern), which declares it a friend and supplies:
///   - `static constexpr int32_t kUnitsPerKeyframe`: units between keyframes;
///   - `void restore(int32_t unit)`: the battle at the start of `unit`, from the keyframe at or
///     before it, run with no search active;
///   - `bool runUnit()`: runs one unit with the hooks serving `search_`; false once the battle ended;
///   - `int32_t unitNow() const`: the unit the battle is about to run;
///   - `int32_t unitOf(const Position&) const`;
///   - `bool nothingBefore(const Search&) const`: after restoring a keyframe, whether the search
///     cannot match anything before it (Grobots: the robot it follows was not born yet);
///   - `bool toEntry(Robot)`: pauses at the robot's first instruction (false when it never runs);
///   - members `snapshot_` (with `position`, `reason`, `breakpoints` and `error`), `paused_` and
///     `ended_`; when its battle ends it sets endTick_ and endUnit_ here.
/// `Search` derives from SearchCore and has `step` (an enum with kInstruction and kContinue) and
/// `robot` (of type `Robot`).
template <typename Session, typename Search, typename Robot>
class KeyframeSearches {
 protected:
  /// Re-runs from the start of `fromUnit` until `search` matches or the battle ends. Returns whether
  /// it matched.
  bool findForward(Search& search, int32_t fromUnit) {
    self().restore(fromUnit);
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
    const int32_t last = self().currentUnit();
    for (int32_t k = last / kInterval; k >= 0; --k) {
      self().restore(k * kInterval);
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
    session.restore(session.unitOf(search.position));
    search_ = &capture;
    session.runUnit();
    search_ = nullptr;
    session.snapshot_.reason = search.reason;
    session.snapshot_.breakpoints = search.hits;
    session.snapshot_.error = search.error;
    session.paused_ = true;
    session.ended_ = false;
  }

  /// The search that finds `robot`'s first instruction, reported as the entry.
  static Search entrySearch(Robot robot) {
    Search search;
    search.step = decltype(search.step)::kInstruction;
    search.robot = robot;
    search.breakpoints = false;
    search.errors = false;
    search.entry = true;
    return search;
  }

  /// Goes back to `robot`'s previous instruction, or to its first (see the sessions' stepBack).
  bool backToPrevious(Robot robot) {
    Search search = backwardSearch(robot, decltype(Search::step)::kInstruction);
    search.breakpoints = false;
    search.errors = false;
    return backTo(search);
  }

  /// Goes back to the last earlier breakpoint, watch or failure, or to `robot`'s first instruction
  /// (see the sessions' reverseContinue).
  bool backToBreakpoint(Robot robot) { return backTo(backwardSearch(robot, decltype(Search::step)::kContinue)); }

  /// The tick of the current position: the paused one's, the battle's last once it ended, or -1
  /// before it.
  int64_t currentTick() const {
    const Session& s = self();
    if (s.paused_) return s.snapshot_.position.tick;
    return s.ended_ ? endTick_ : -1;
  }
  /// The unit of the current position, as currentTick: the paused one's, the last one, or 0.
  int32_t currentUnit() const {
    const Session& s = self();
    if (s.paused_) return Session::unitOf(s.snapshot_.position);
    return s.ended_ ? endUnit_ : 0;
  }

  /// The search the hooks serve, or nullptr.
  Search* search_ = nullptr;
  /// Instructions all robots executed in the whole battle, once it ended.
  int64_t endTick_ = 0;
  /// Units (chronons, frames) the whole battle ran, once it ended.
  int32_t endUnit_ = 0;

 private:
  Session& self() { return static_cast<Session&>(*this); }
  const Session& self() const { return static_cast<const Session&>(*this); }

  // A backward search from the current position that follows `robot` by `step`.
  // (`Step` is Search's step enum, named through a template since Search is incomplete here.)
  template <typename Step>
  Search backwardSearch(Robot robot, Step step) {
    Search search;
    search.mode = SearchMode::kBackward;
    search.from = self().currentTick();
    search.step = step;
    search.robot = robot;
    return search;
  }

  // Pauses at the last match before the current position, or at `search.robot`'s first instruction;
  // false when neither paused nor ended, or when the robot never runs.
  bool backTo(Search search) {
    if (!self().paused() && !self().ended()) return false;
    if (findBackward(search)) {
      materialize(search);
      return true;
    }
    return self().toEntry(search.robot);
  }
};

}  // namespace chronon::arena::debug
