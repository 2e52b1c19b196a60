// The Grobocode stack checker (see grobocode_checker.h for the model).

#include "chronon/compiler/grobocode_checker.h"

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <cstdlib>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace chronon::grobocode {

namespace {

// What the paths the checker can follow say about the data-stack depth before one instruction. A
// path stops being followed after a word whose effect depends on run-time values (receive, a send or
// dropn whose count is not a constant), a call of unknown effect or a call through a computed address.
enum class Followed : uint8_t {
  kNone,      // No followed path reaches the instruction.
  kDepth,     // Every followed path arrives with State::depth cells.
  kConflict,  // Followed paths arrive with different depths.
};

// What is known about the stacks before one instruction, in one analysis.
struct State {
  bool reached = false;
  // True when every path reaching the instruction is followed and they agree; then `followed` is
  // kDepth with the same depth.
  bool depthKnown = true;
  Followed followed = Followed::kDepth;
  bool returnKnown = true;
  // True while every run of the brain is certain to execute this instruction with this state.
  bool certain = false;
  int depth = 0;        // Data-stack cells relative to the analysis entry (absolute for the start),
                        // valid while `followed` is kDepth.
  int returnDepth = 0;  // Return-stack addresses relative to the entry.
};

// The summary of one subroutine while summaries settle.
struct Summary {
  bool returns = false;
  bool known = true;  // Meaningful once `returns` is true.
  int delta = 0;
  int lowest = 0;  // The lowest depth reached relative to the entry (<= 0).
};

// One analysed entry: the start address, or the target of a constant call.
struct Routine {
  int address = 0;
  bool isStart = false;
  Summary summary;
  int analyses = 0;
  // Routines whose analysis used this summary, in no order and possibly repeated: a vector, since a
  // set's insertion on every call visited dominated the time on long chains. requeueCallers() sorts
  // and dedups it, which gives the order a set had.
  std::vector<int> callers;
};

// A constant control-flow target found next to a branch: the label read just before it.
std::optional<int> labelTarget(const Program& brain, int pc) {
  if (pc < 0 || pc >= static_cast<int>(brain.instructions.size())) return std::nullopt;
  const Instruction& in = brain.instructions[static_cast<size_t>(pc)];
  if (in.type() != static_cast<int>(InstructionType::kLabelRead)) return std::nullopt;
  if (in.index() >= static_cast<int>(brain.labels.size())) return std::nullopt;
  const int32_t address = brain.labels[static_cast<size_t>(in.index())].address;
  if (address < 0 || address >= static_cast<int32_t>(brain.instructions.size())) return std::nullopt;
  return address;
}

// The constant call targets of the instruction at `pc`, empty when it calls nothing constant.
std::vector<int> callTargets(const Program& brain, int pc) {
  const Instruction& in = brain.instructions[static_cast<size_t>(pc)];
  std::vector<int> targets;
  if (in.type() == static_cast<int>(InstructionType::kLabelCall)) {
    if (in.index() < static_cast<int>(brain.labels.size())) {
      const int32_t address = brain.labels[static_cast<size_t>(in.index())].address;
      if (address >= 0 && address < static_cast<int32_t>(brain.instructions.size())) targets.push_back(address);
    }
    return targets;
  }
  if (in.type() != static_cast<int>(InstructionType::kPrimitive)) return targets;
  const int index = in.index();
  if (index == static_cast<int>(Prim::Call) || index == static_cast<int>(Prim::Ifc) ||
      index == static_cast<int>(Prim::Nifc)) {
    if (auto t = labelTarget(brain, pc - 1)) targets.push_back(*t);
  } else if (index == static_cast<int>(Prim::Ifec)) {
    auto a1 = labelTarget(brain, pc - 2);
    auto a2 = labelTarget(brain, pc - 1);
    if (a1 && a2) {
      targets.push_back(*a1);
      targets.push_back(*a2);
    }
  }
  return targets;
}

// The whole number pushed by the constant read at `pc`, or nullopt when `pc` is another instruction
// or the constant has a fraction.
std::optional<int> constantAt(const Program& brain, int pc) {
  if (pc < 0 || pc >= static_cast<int>(brain.instructions.size())) return std::nullopt;
  const Instruction& in = brain.instructions[static_cast<size_t>(pc)];
  if (in.type() != static_cast<int>(InstructionType::kConstantRead)) return std::nullopt;
  if (in.index() >= static_cast<int>(brain.constants.size())) return std::nullopt;
  const grobots::Fixed value = brain.constants[static_cast<size_t>(in.index())].value;
  const auto whole = value.toInteger();
  if (!whole.ok()) return std::nullopt;
  return whole.value();
}

// True when the instruction at `pc` pushes one cell and pops none (a read of a constant, variable or
// scalar hardware variable), so that the cell below it is whatever was on top before.
bool pushesOneCell(const Program& brain, int pc) {
  if (pc < 0 || pc >= static_cast<int>(brain.instructions.size())) return false;
  const int type = brain.instructions[static_cast<size_t>(pc)].type();
  return type == static_cast<int>(InstructionType::kConstantRead) ||
         type == static_cast<int>(InstructionType::kVariableRead) ||
         type == static_cast<int>(InstructionType::kHardwareRead);
}

// The cells popped by the word at `pc` whose effect depends on run-time values (dropn, send) when its
// count is a constant read just before it; nullopt otherwise. `labelled` marks label addresses: the
// count must come from the instructions just before with no label in between, since a jump to a label
// there would arrive without that count on the stack.
std::optional<int> fixedCellsPopped(const Program& brain, int pc, const std::vector<bool>& labelled) {
  if (pc < 0 || pc >= static_cast<int>(brain.instructions.size())) return std::nullopt;
  const Instruction& in = brain.instructions[static_cast<size_t>(pc)];
  if (in.type() != static_cast<int>(InstructionType::kPrimitive)) return std::nullopt;
  const PrimitiveInfo* p = findPrimitive(in.index());
  if (p == nullptr || !p->has(kDynamicEffect)) return std::nullopt;
  const auto isLabelled = [&](int at) { return at >= 0 && labelled[static_cast<size_t>(at)]; };
  if (p->prim == Prim::Dropn) {
    if (isLabelled(pc)) return std::nullopt;
    // A negative count re-exposes stale cells (§2.1 #5); only a plain drop of n cells is followed.
    const std::optional<int> n = constantAt(brain, pc - 1);
    if (!n || *n < 0) return std::nullopt;
    return *n + 1;
  }
  if (p->prim == Prim::Send) {
    // send ( v1..vk k ch -- ) with k from 1 to 8; any other count stops the brain.
    if (isLabelled(pc) || isLabelled(pc - 1) || !pushesOneCell(brain, pc - 1)) return std::nullopt;
    const std::optional<int> k = constantAt(brain, pc - 2);
    if (!k || *k < 1 || *k > 8) return std::nullopt;
    return *k + 2;
  }
  return std::nullopt;
}

// Most cells a followed depth may count, far beyond any brain's stack; past it the depth is unknown.
// It keeps the checker's arithmetic exact in int on any input (found by the fuzz targets,
// docs/robustness.md).
constexpr int64_t kMaxTrackedDepth = int64_t{1} << 20;

// Diagnostics already given, so that shared code and repeated analyses report each place once.
using Reported = std::set<std::pair<DiagCode, uint32_t>>;

class BrainChecker {
 public:
  BrainChecker(const Program& brain, const CheckLimits& limits) : brain_(brain), limits_(limits) {
    const int n = static_cast<int>(brain.instructions.size());
    budget_ = int64_t{limits.workPerInstruction} * n + limits.baseWork;
    std::set<int> entries;
    for (int pc = 0; pc < n; ++pc) {
      for (int t : callTargets(brain, pc)) entries.insert(t);
    }
    Routine start;
    start.address = std::clamp(static_cast<int>(brain.startAddress()), 0, std::max(0, n - 1));
    start.isStart = true;
    routines_.push_back(start);
    for (int address : entries) {
      Routine r;
      r.address = address;
      routineAt_[address] = static_cast<int>(routines_.size());
      routines_.push_back(r);
    }
    states_.resize(static_cast<size_t>(n));
    std::vector<bool> labelled(static_cast<size_t>(n), false);
    for (const Label& label : brain.labels) {
      if (label.address >= 0 && label.address < n) labelled[static_cast<size_t>(label.address)] = true;
    }
    fixedPops_.resize(static_cast<size_t>(n));
    for (int pc = 0; pc < n; ++pc) fixedPops_[static_cast<size_t>(pc)] = fixedCellsPopped(brain, pc, labelled);
  }

  // Settles every subroutine summary with a worklist over routines, each analysed a bounded number
  // of times; a routine that keeps changing ends with an unknown effect. When the work budget runs
  // out first, no summary can be trusted: every subroutine's effect becomes unknown (degraded_).
  void settle() {
    startPhase();
    std::vector<int> work;
    std::vector<bool> queued(routines_.size(), true);
    for (int i = static_cast<int>(routines_.size()) - 1; i >= 1; --i) work.push_back(i);
    while (!work.empty()) {
      const int r = work.back();
      work.pop_back();
      queued[static_cast<size_t>(r)] = false;
      Routine& routine = routines_[static_cast<size_t>(r)];
      if (routine.analyses >= limits_.maxAnalysesPerRoutine) {
        if (routine.summary.returns && routine.summary.known) {
          routine.summary.known = false;
          requeueCallers(r, work, queued);
        }
        continue;
      }
      ++routine.analyses;
      const Summary before = routine.summary;
      const Summary after = analyse(r, nullptr, nullptr);
      if (exhausted_) {
        degrade();
        return;
      }
      routines_[static_cast<size_t>(r)].summary = after;
      if (after.returns != before.returns || after.known != before.known || after.delta != before.delta ||
          after.lowest != before.lowest) {
        requeueCallers(r, work, queued);
      }
    }
  }

  // Analyses every routine once more with the settled summaries and reports. A routine whose
  // analysis the work budget cuts short reports nothing (its states are not settled), and the
  // routines after it are not analysed.
  void report(Diagnostics& diagnostics, Reported& reported) {
    startPhase();
    for (int r = 0; r < static_cast<int>(routines_.size()); ++r) {
      Diagnostics found;
      pendingKeys_.clear();
      analyse(r, &found, &reported);
      if (exhausted_) {
        for (const auto& key : pendingKeys_) reported.erase(key);
        return;
      }
      diagnostics.append(found);
    }
  }

  /// True when the work budget ran out in any phase, so that part of the brain was not checked.
  bool incomplete() const { return incomplete_; }

  /// Instruction visits made so far, over all phases.
  int64_t steps() const { return totalSteps_; }

  std::vector<RoutineEffect> effects() const {
    std::vector<RoutineEffect> out;
    for (size_t r = 1; r < routines_.size(); ++r) {
      const Routine& routine = routines_[r];
      RoutineEffect e;
      e.address = routine.address;
      e.name = labelNameAt(routine.address);
      e.returns = routine.summary.returns;
      e.known = routine.summary.returns && routine.summary.known;
      // After degrade() every summary says "returns, unknown effect", which is what is known.
      e.inputs = -routine.summary.lowest;
      e.outputs = e.inputs + routine.summary.delta;
      out.push_back(e);
    }
    return out;
  }

  // Analyses each routine once more with the settled summaries; each instruction keeps the state of
  // the first routine that knows its depth, else of the first that reaches it (the start routine
  // comes first, so its depths are absolute).
  std::vector<DepthFact> depths() {
    std::vector<DepthFact> out(brain_.instructions.size());
    for (size_t pc = 0; pc < out.size(); ++pc) out[pc].change = ownChange(static_cast<int>(pc));
    followPaths_ = true;
    startPhase();
    for (int r = 0; r < static_cast<int>(routines_.size()); ++r) {
      analyse(r, nullptr, nullptr);
      // An analysis cut short has unsettled states; it and the routines after it tell nothing.
      if (exhausted_) break;
      for (const int pc : touched_) {
        const State& s = states_[static_cast<size_t>(pc)];
        DepthFact& fact = out[static_cast<size_t>(pc)];
        if (!s.reached || fact.known || (fact.reached && s.followed != Followed::kDepth)) continue;
        fact.reached = true;
        fact.known = s.followed == Followed::kDepth;
        fact.complete = s.depthKnown;
        fact.relative = r != 0;
        fact.depth = fact.known ? s.depth : 0;
      }
    }
    return out;
  }

  std::string labelNameAt(int address) const {
    std::string gensym;
    for (const Label& label : brain_.labels) {
      if (label.address != address) continue;
      if (!label.gensym) return label.name;
      if (gensym.empty()) gensym = label.name;
    }
    return gensym;
  }

 private:
  // Each phase (settling, reporting, depths) may visit at most budget_ instructions.
  void startPhase() {
    phaseSteps_ = 0;
    exhausted_ = false;
  }

  // Gives up settling: every subroutine may return with any effect, and a call leaves both stacks
  // unknown (afterCall), so nothing after a call is reported.
  void degrade() {
    degraded_ = true;
    for (size_t r = 1; r < routines_.size(); ++r) {
      routines_[r].summary.returns = true;
      routines_[r].summary.known = false;
    }
  }

  void requeueCallers(int r, std::vector<int>& work, std::vector<bool>& queued) {
    std::vector<int>& callers = routines_[static_cast<size_t>(r)].callers;
    std::sort(callers.begin(), callers.end());
    callers.erase(std::unique(callers.begin(), callers.end()), callers.end());
    for (int caller : callers) {
      if (caller == 0 || queued[static_cast<size_t>(caller)]) continue;
      queued[static_cast<size_t>(caller)] = true;
      work.push_back(caller);
    }
  }

  void emit(DiagCode code, bool certain, int pc, std::string message) {
    if (!diagnostics_) return;
    const SourceRange range = brain_.instructions[static_cast<size_t>(pc)].range;
    if (!reported_->insert({code, range.begin}).second) return;
    pendingKeys_.push_back({code, range.begin});
    const Severity severity = certain ? Severity::kError : Severity::kWarning;
    diagnostics_->add(code, severity, range, std::move(message));
  }

  // The instruction's own net data-stack change in cells when it is fixed: nullopt for calls (their
  // effect is the callee's), for words whose effect depends on run-time values (unless their count is
  // a constant just before them) and for words that stop the brain.
  std::optional<int> ownChange(int pc) const {
    const Instruction& in = brain_.instructions[static_cast<size_t>(pc)];
    if (in.type() > static_cast<int>(InstructionType::kHardwareVectorWrite)) return std::nullopt;
    switch (static_cast<InstructionType>(in.type())) {
      case InstructionType::kConstantRead:
      case InstructionType::kVariableRead:
      case InstructionType::kLabelRead:
      case InstructionType::kHardwareRead: return 1;
      case InstructionType::kVectorRead:
      case InstructionType::kHardwareVectorRead: return 2;
      case InstructionType::kVariableWrite:
      case InstructionType::kHardwareWrite: return -1;
      case InstructionType::kVectorWrite:
      case InstructionType::kHardwareVectorWrite: return -2;
      case InstructionType::kLabelCall: return std::nullopt;
      case InstructionType::kPrimitive: {
        const PrimitiveInfo* p = findPrimitive(in.index());
        if (p == nullptr || p->has(kUnimplemented) || !p->parsed.valid || p->has(kCall)) return std::nullopt;
        // pick replaces its index with the cell it copies, as primitive() models it.
        if (p->prim == Prim::Pick) return 0;
        if (p->parsed.variable) {
          const std::optional<int> pops = fixedPops_[static_cast<size_t>(pc)];
          if (!pops) return std::nullopt;
          return p->parsed.pushCells() - *pops;
        }
        return p->parsed.pushCells() - p->parsed.popCells();
      }
    }
    return std::nullopt;
  }

  // Joins what the followed paths of `in` say into `into`; returns true when `into` changed.
  static bool joinFollowed(State& into, const State& in) {
    if (in.followed == Followed::kNone || into.followed == Followed::kConflict) return false;
    if (into.followed == Followed::kNone) {
      into.followed = in.followed;
      into.depth = in.depth;
      return true;
    }
    if (in.followed == Followed::kConflict || in.depth != into.depth) {
      into.followed = Followed::kConflict;
      return true;
    }
    return false;
  }

  // A path that the checker stops following: after it the depth is unknown.
  static void unfollow(State& s) {
    s.depthKnown = false;
    s.followed = Followed::kNone;
  }

  // Merges `in` into the state before `target`, reporting joins at different depths.
  void flow(int from, int target, State in) {
    State& s = states_[static_cast<size_t>(target)];
    if (!s.reached) {
      s = in;
      s.reached = true;
      touched_.push_back(target);
      work_.push_back(target);
      return;
    }
    bool changed = false;
    if (s.depthKnown && (!in.depthKnown || in.depth != s.depth)) {
      if (in.depthKnown) {
        const bool loop = from >= target;
        const std::string message =
            (loop ? "this loop changes the stack depth: " : "branches join here at different stack depths: ") +
            std::to_string(s.depth) + " and " + std::to_string(in.depth) + " cells" +
            (isStart_ ? "" : " above the subroutine's entry");
        emit(loop ? DiagCode::kGbCheckLoopDepth : DiagCode::kGbCheckJoinDepth, false, target, message);
      }
      s.depthKnown = false;
      changed = true;
    }
    // Only depths() reads what followed paths say; elsewhere a change there must not requeue, since
    // the order of the work decides which of two related joins a warning is reported at.
    if (joinFollowed(s, in) && followPaths_) changed = true;
    if (s.returnKnown && (!in.returnKnown || in.returnDepth != s.returnDepth)) {
      s.returnKnown = false;
      changed = true;
    }
    if (s.certain && !in.certain) {
      s.certain = false;
      changed = true;
    }
    if (changed) work_.push_back(target);
  }

  // Pops `cells` data cells; returns false (ending the path) on a certain underflow.
  bool pop(int pc, State& s, int cells) {
    if (!s.depthKnown) {
      // Some paths here are not followed, so no fault is certain; the followed depth still moves.
      if (s.followed == Followed::kDepth) s.depth -= cells;
      return true;
    }
    if (isStart_ && s.depth < cells) {
      emit(DiagCode::kGbCheckUnderflow, s.certain, pc,
           std::string(s.certain ? "stack underflow: " : "possible stack underflow: ") +
               describe(brain_, brain_.instructions[static_cast<size_t>(pc)]) + " needs " + std::to_string(cells) +
               (cells == 1 ? " cell" : " cells") + " but the stack holds " + std::to_string(s.depth));
      return false;
    }
    s.depth -= cells;
    lowest_ = std::min(lowest_, s.depth);
    return true;
  }

  // Pops one return address; returns false on a certain return-stack underflow.
  bool popReturn(int pc, State& s) {
    if (!s.returnKnown) return true;
    if (s.returnDepth == 0) {
      if (isStart_) {
        emit(DiagCode::kGbCheckReturnUnderflow, s.certain, pc,
             std::string(s.certain ? "return stack underflow: " : "possible return stack underflow: ") +
                 describe(brain_, brain_.instructions[static_cast<size_t>(pc)]) + " pops an empty return stack");
        return false;
      }
      // A subroutine that pops its own return address no longer returns to its caller.
      s.returnKnown = false;
      return true;
    }
    --s.returnDepth;
    return true;
  }

  // A return taken with state `s`: to the caller, or a fault, or a computed jump.
  void takeReturn(int pc, const State& s, Summary& summary) {
    if (!s.returnKnown || s.returnDepth > 0) return;  // Returns through an address pushed by >r.
    if (isStart_) {
      emit(DiagCode::kGbCheckReturnEmpty, s.certain, pc,
           describe(brain_, brain_.instructions[static_cast<size_t>(pc)]) +
               (s.certain ? " with nothing to return to: the return stack is empty here"
                          : " may have nothing to return to: the return stack is empty on this path"));
      return;
    }
    if (!s.depthKnown) {
      summary.returns = true;
      summary.known = false;
      return;
    }
    if (!summary.returns) {
      summary.returns = true;
      summary.known = true;
      summary.delta = s.depth;
    } else if (summary.known && summary.delta != s.depth) {
      summary.known = false;
    }
  }

  // Continues after a call to `target` from `pc` with state `s` (the address already popped).
  void afterCall(int r, int pc, State s, int target, std::optional<State>& out) {
    const auto it = routineAt_.find(target);
    if (it == routineAt_.end()) return;
    Routine& callee = routines_[static_cast<size_t>(it->second)];
    if (callee.callers.empty() || callee.callers.back() != r) callee.callers.push_back(r);
    if (degraded_) {
      // Summaries were never settled: the callee may or may not return, with any stacks.
      s.certain = false;
      unfollow(s);
      s.returnKnown = false;
      if (!out) {
        out = s;
      } else {
        out->depthKnown = false;
        out->returnKnown = false;
        joinFollowed(*out, s);
      }
      return;
    }
    if (!callee.summary.returns) return;
    s.certain = false;
    // A depth beyond any real stack comes from summaries that grow without bound (forty labels, each
    // calling the next and then falling into it, double the effect at every link): it is unknown,
    // rather than an int that overflows into nonsense such as "needs -2147483648 cells".
    const bool beyondAnyStack = std::abs(int64_t{s.depth} + callee.summary.delta) > kMaxTrackedDepth ||
                                int64_t{s.depth} + callee.summary.lowest < -kMaxTrackedDepth;
    if (!callee.summary.known || beyondAnyStack) {
      unfollow(s);
    } else if (!s.depthKnown) {
      if (s.followed == Followed::kDepth) s.depth += callee.summary.delta;
    } else {
      if (isStart_ && s.depth + callee.summary.lowest < 0) {
        emit(DiagCode::kGbCheckUnderflow, false, pc,
             "possible stack underflow: the call to " + labelNameAt(target) + " needs " +
                 std::to_string(-callee.summary.lowest) + " cells but the stack holds " + std::to_string(s.depth));
        return;
      }
      lowest_ = std::min(lowest_, s.depth + callee.summary.lowest);
      s.depth += callee.summary.delta;
    }
    if (!out) {
      out = s;
    } else {
      if (!s.depthKnown || !out->depthKnown || s.depth != out->depth) out->depthKnown = false;
      joinFollowed(*out, s);
    }
  }

  Summary analyse(int r, Diagnostics* diagnostics, Reported* reported) {
    diagnostics_ = diagnostics;
    reported_ = reported;
    const Routine& routine = routines_[static_cast<size_t>(r)];
    isStart_ = routine.isStart;
    lowest_ = 0;
    // Only the states the last analysis touched are reset, so a small subroutine in a large brain
    // costs time in proportion to its own code.
    for (int pc : touched_) states_[static_cast<size_t>(pc)] = State{};
    touched_.clear();
    work_.clear();
    Summary summary;
    summary.returns = false;
    const int n = static_cast<int>(brain_.instructions.size());
    if (n == 0) return summary;
    State entry;
    entry.certain = isStart_;
    flow(routine.address, routine.address, entry);
    while (!work_.empty()) {
      if (phaseSteps_ >= budget_) {
        exhausted_ = true;
        incomplete_ = true;
        break;
      }
      ++phaseSteps_;
      ++totalSteps_;
      const int pc = work_.back();
      work_.pop_back();
      step(r, pc, summary);
    }
    summary.lowest = lowest_;
    return summary;
  }

  void step(int r, int pc, Summary& summary) {
    State s = states_[static_cast<size_t>(pc)];
    const int n = static_cast<int>(brain_.instructions.size());
    const Instruction& in = brain_.instructions[static_cast<size_t>(pc)];
    auto next = [&](State t) {
      if (pc + 1 < n) flow(pc, pc + 1, t);
    };
    if (in.type() > static_cast<int>(InstructionType::kHardwareVectorWrite)) return;
    switch (static_cast<InstructionType>(in.type())) {
      case InstructionType::kConstantRead:
      case InstructionType::kVariableRead:
      case InstructionType::kLabelRead:
      case InstructionType::kHardwareRead:
        push(s, 1);
        next(s);
        return;
      case InstructionType::kVectorRead:
      case InstructionType::kHardwareVectorRead:
        push(s, 2);
        next(s);
        return;
      case InstructionType::kVariableWrite:
      case InstructionType::kHardwareWrite:
        if (pop(pc, s, 1)) next(s);
        return;
      case InstructionType::kVectorWrite:
      case InstructionType::kHardwareVectorWrite:
        if (pop(pc, s, 2)) next(s);
        return;
      case InstructionType::kLabelCall: {
        std::optional<State> out;
        for (int t : callTargets(brain_, pc)) afterCall(r, pc, s, t, out);
        if (out) next(*out);
        return;
      }
      case InstructionType::kPrimitive: primitive(r, pc, s, summary); return;
    }
  }

  void primitive(int r, int pc, State s, Summary& summary) {
    const int n = static_cast<int>(brain_.instructions.size());
    const PrimitiveInfo* p = findPrimitive(brain_.instructions[static_cast<size_t>(pc)].index());
    if (p == nullptr || p->has(kUnimplemented)) return;  // The brain stops with an error here.
    auto next = [&](State t) {
      if (pc + 1 < n) flow(pc, pc + 1, t);
    };
    auto jumpTo = [&](std::optional<int> target, State t) {
      if (target) flow(pc, *target, t);
    };
    const Effect& effect = p->parsed;
    if (p->prim == Prim::Jump) {
      if (pop(pc, s, 1)) jumpTo(labelTarget(brain_, pc - 1), s);
      return;
    }
    if (p->prim == Prim::Ifg || p->prim == Prim::Nifg) {
      if (!pop(pc, s, 2)) return;
      s.certain = false;
      jumpTo(labelTarget(brain_, pc - 1), s);
      next(s);
      return;
    }
    if (p->prim == Prim::Ifeg) {
      if (!pop(pc, s, 3)) return;
      s.certain = false;
      jumpTo(labelTarget(brain_, pc - 2), s);
      jumpTo(labelTarget(brain_, pc - 1), s);
      return;
    }
    if (p->prim == Prim::Call || p->prim == Prim::Ifc || p->prim == Prim::Nifc || p->prim == Prim::Ifec) {
      const int cells = effect.popCells();
      if (!pop(pc, s, cells)) return;
      std::optional<State> out;
      const std::vector<int> targets = callTargets(brain_, pc);
      for (int t : targets) afterCall(r, pc, s, t, out);
      if (targets.empty()) {
        // A call through a computed address: it may return with any effect.
        State t = s;
        t.certain = false;
        unfollow(t);
        out = t;
      }
      if (p->prim == Prim::Ifc || p->prim == Prim::Nifc) {
        State t = s;
        t.certain = false;
        if (out) {
          if (!out->depthKnown || !t.depthKnown || out->depth != t.depth) {
            // Both ways reach the next instruction; flow() reports a difference there.
            next(t);
          }
        } else {
          out = t;
        }
      }
      if (out) next(*out);
      return;
    }
    if (p->prim == Prim::Return) {
      // Returning to the caller, a fault or a jump through an address pushed by >r: the path ends.
      takeReturn(pc, s, summary);
      return;
    }
    if (p->prim == Prim::Ifr || p->prim == Prim::Nifr) {
      if (!pop(pc, s, 1)) return;
      s.certain = false;
      takeReturn(pc, s, summary);
      next(s);
      return;
    }
    if (p->prim == Prim::ToR) {
      if (!pop(pc, s, 1)) return;
      if (s.returnKnown) ++s.returnDepth;
      next(s);
      return;
    }
    if (p->prim == Prim::RFrom) {
      if (!popReturn(pc, s)) return;
      push(s, 1);
      next(s);
      return;
    }
    if (p->prim == Prim::Rdrop) {
      if (!popReturn(pc, s)) return;
      next(s);
      return;
    }
    if (p->prim == Prim::Stop || p->prim == Prim::Die || p->prim == Prim::End) {
      return;
    }
    if (p->prim == Prim::Pick) {
      // The picked cell may lie anywhere below; only the count popped is certain.
      if (!pop(pc, s, 1)) return;
      push(s, 1);
      next(s);
      return;
    }
    // A word whose effect depends on run-time values is followed only when its count is a constant.
    const std::optional<int> fixedPops = effect.variable ? fixedPops_[static_cast<size_t>(pc)] : std::nullopt;
    if (!pop(pc, s, fixedPops ? *fixedPops : effect.popCells())) return;
    if (effect.variable && !fixedPops) {
      unfollow(s);
      s.certain = false;
    } else {
      push(s, effect.pushCells());
    }
    next(s);
  }

  // A State's push helper used by primitive().
  static void push(State& s, int cells) {
    if (s.followed == Followed::kDepth) s.depth += cells;
  }

  const Program& brain_;
  const CheckLimits& limits_;
  std::vector<Routine> routines_;
  std::map<int, int> routineAt_;
  std::vector<State> states_;
  std::vector<std::optional<int>> fixedPops_;  // Per instruction: fixedCellsPopped().
  std::vector<int> work_;
  std::vector<int> touched_;
  Diagnostics* diagnostics_ = nullptr;
  Reported* reported_ = nullptr;
  bool isStart_ = false;
  bool followPaths_ = false;  // True while depths() runs: followed paths are then settled too.
  int lowest_ = 0;
  int64_t budget_ = 0;       // Instruction visits allowed per phase (CheckLimits).
  int64_t phaseSteps_ = 0;   // Visits made in the current phase.
  int64_t totalSteps_ = 0;   // Visits made in all phases.
  bool exhausted_ = false;   // The current phase ran out of budget.
  bool incomplete_ = false;  // Some phase ran out of budget.
  bool degraded_ = false;    // Settling ran out of budget: every subroutine's effect is unknown.
  std::vector<std::pair<DiagCode, uint32_t>> pendingKeys_;  // What the current report analysis added.
};

// A stack comment's declared cells: each side a range, since a name may stand for a vector.
struct DeclaredEffect {
  int inMin = 0, inMax = 0, outMin = 0, outMax = 0;
};

std::string lower(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

// Whether an item name may stand for a vector (two cells): v, v1, anything naming a vector, a
// position, a velocity, a location or a point.
bool maybeVector(const std::string& item) {
  if (item == "v" || (item.size() == 2 && item[0] == 'v' && std::isdigit(static_cast<unsigned char>(item[1]))))
    return true;
  for (const char* word : {"vec", "pos", "vel", "loc", "xy", "point", "place", "dest", "target", "where", "center",
                           "offset", "delta", "dir", "coord", "<"}) {
    if (item.find(word) != std::string::npos) return true;
  }
  return false;
}

// Parses a stack comment such as "n -- f_n" or "x y -> x y"; nullopt when it is not a plain effect
// (no or several arrows, alternatives, parentheses, or prose), which is then not compared.
std::optional<DeclaredEffect> parseStackComment(std::string_view text) {
  std::vector<std::string> items;
  size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i]))) ++i;
    size_t end = i;
    while (end < text.size() && !std::isspace(static_cast<unsigned char>(text[end]))) ++end;
    if (end > i) items.push_back(lower(text.substr(i, end - i)));
    i = end;
  }
  int arrows = 0;
  DeclaredEffect effect;
  bool after = false;
  int words = 0;
  for (const std::string& item : items) {
    if (item == "--" || item == "->") {
      ++arrows;
      after = true;
      continue;
    }
    if (item.find_first_of("|()[]{}=,.?!") != std::string::npos || item == "or" || item == "if" || item == "else" ||
        item == "then" || item.back() == ':')
      return std::nullopt;
    // Prose after the effect ("x y -> x y limited to in-range") is not an effect to compare.
    for (const char* word : {"to", "into", "the", "a", "an", "of", "in", "on", "for", "with", "and", "returns",
                             "return", "limited", "rounded", "stack:"}) {
      if (item == word) return std::nullopt;
    }
    if (item == "empty" || item == "nothing" || item == "-nothing-") continue;
    if (++words > 2 * kMaxEffectItems) return std::nullopt;
    const int maxCells = maybeVector(item) ? 2 : 1;
    (after ? effect.outMin : effect.inMin) += 1;
    (after ? effect.outMax : effect.inMax) += maxCells;
  }
  if (arrows != 1) return std::nullopt;
  return effect;
}

// Label definitions with a comment on the same line: lower-case name -> (offset, comment text).
std::multimap<std::string, std::pair<uint32_t, std::string>> commentedLabels(const SourceFile& file) {
  std::multimap<std::string, std::pair<uint32_t, std::string>> out;
  const std::string_view text = file.text();
  size_t pos = 0;
  while (pos < text.size()) {
    size_t eol = text.find_first_of("\r\n", pos);
    if (eol == std::string_view::npos) eol = text.size();
    const std::string_view line = text.substr(pos, eol - pos);
    size_t a = 0;
    while (a < line.size() && std::isspace(static_cast<unsigned char>(line[a]))) ++a;
    size_t b = a;
    while (b < line.size() && !std::isspace(static_cast<unsigned char>(line[b])) && line[b] != ';') ++b;
    if (b > a + 1 && line[b - 1] == ':' && line[a] != '#') {
      const size_t semi = line.find(';', b);
      size_t rest = b;
      while (rest < line.size() && std::isspace(static_cast<unsigned char>(line[rest]))) ++rest;
      if (semi != std::string_view::npos && semi == rest) {
        size_t c = semi;
        while (c < line.size() && line[c] == ';') ++c;
        out.emplace(lower(line.substr(a, b - a - 1)),
                    std::make_pair(static_cast<uint32_t>(pos + a), std::string(line.substr(c))));
      }
    }
    pos = eol + 1;
  }
  return out;
}

std::string cellsText(int lo, int hi) {
  return lo == hi ? std::to_string(lo) : std::to_string(lo) + "-" + std::to_string(hi);
}

void checkComments(const Program& brain, const std::vector<RoutineEffect>& effects,
                   const std::multimap<std::string, std::pair<uint32_t, std::string>>& comments,
                   Diagnostics& diagnostics, Reported& reported) {
  for (const RoutineEffect& e : effects) {
    if (!e.known) continue;
    if (e.address >= static_cast<int>(brain.instructions.size())) continue;
    const uint32_t codeAt = brain.instructions[static_cast<size_t>(e.address)].range.begin;
    for (const Label& label : brain.labels) {
      if (label.gensym || label.address != e.address) continue;
      // The definition is the last commented definition of this name before the code it labels.
      const auto [first, last] = comments.equal_range(lower(label.name));
      const std::pair<uint32_t, std::string>* best = nullptr;
      for (auto it = first; it != last; ++it) {
        if (it->second.first <= codeAt && (!best || it->second.first > best->first)) best = &it->second;
      }
      if (!best) continue;
      const std::optional<DeclaredEffect> declared = parseStackComment(best->second);
      if (!declared) continue;
      const int delta = e.outputs - e.inputs;
      const bool fits = delta >= declared->outMin - declared->inMax && delta <= declared->outMax - declared->inMin &&
                        e.inputs <= declared->inMax;
      if (fits) continue;
      const std::string_view name = label.name;
      const SourceRange range{best->first, best->first + static_cast<uint32_t>(name.size()) + 1};
      if (!reported.insert({DiagCode::kGbCheckStackComment, range.begin}).second) continue;
      std::string comment = best->second;
      while (!comment.empty() && std::isspace(static_cast<unsigned char>(comment.back()))) comment.pop_back();
      size_t lead = 0;
      while (lead < comment.size() && std::isspace(static_cast<unsigned char>(comment[lead]))) ++lead;
      diagnostics.warning(DiagCode::kGbCheckStackComment, range,
                          "the stack comment of " + std::string(name) + " says '" + comment.substr(lead) + "' (" +
                              cellsText(declared->inMin, declared->inMax) + " -- " +
                              cellsText(declared->outMin, declared->outMax) + " cells) but its code's effect is " +
                              std::to_string(e.inputs) + " -- " + std::to_string(e.outputs) + " cells");
    }
  }
}

}  // namespace

void checkSide(const SourceFile& file, const Side& side, Diagnostics& diagnostics, const CheckLimits& limits,
               CheckStats* stats) {
  Reported reported;
  const auto comments = commentedLabels(file);
  std::vector<std::string> givenUp;  // The types whose check the work budget cut short.
  SourceRange givenUpAt;
  auto checkBrain = [&](const Program& brain, const std::string& name) {
    BrainChecker checker(brain, limits);
    checker.settle();
    checker.report(diagnostics, reported);
    checkComments(brain, checker.effects(), comments, diagnostics, reported);
    if (stats) stats->steps += checker.steps();
    if (!checker.incomplete()) return;
    if (stats) ++stats->incompleteBrains;
    if (givenUp.empty() && !brain.instructions.empty()) givenUpAt = brain.instructions.front().range;
    givenUp.push_back(name);
  };
  bool anyTypeBrain = false;
  for (const Type& type : side.types) {
    if (!type.brain) continue;
    anyTypeBrain = true;
    checkBrain(*type.brain, "type " + type.name);
  }
  // Common code that no type copies is still worth checking on its own.
  if (!anyTypeBrain && side.common) checkBrain(*side.common, "the common code");
  if (givenUp.empty()) return;
  std::string which;
  for (size_t i = 0; i < givenUp.size(); ++i)
    which += (i == 0 ? "" : i + 1 == givenUp.size() ? " and " : ", ") + givenUp[i];
  diagnostics.note(DiagCode::kGbCheckIncomplete, givenUpAt,
                   "the stack checker gave up on " + which +
                       " (too many paths to follow); the code it did not finish was not checked");
}

std::vector<RoutineEffect> routineEffects(const Program& brain, const CheckLimits& limits) {
  BrainChecker checker(brain, limits);
  checker.settle();
  return checker.effects();
}

std::vector<DepthFact> instructionDepths(const Program& brain, const CheckLimits& limits) {
  BrainChecker checker(brain, limits);
  checker.settle();
  return checker.depths();
}

}  // namespace chronon::grobocode
