// The Grobots debugging session (grobots_debug.h): a round whose brains run one instruction at a
// time, searched forward and backward by re-running frames from keyframes.

#include "chronon/arena/grobots_debug.h"

#include <algorithm>
#include <cctype>
#include <utility>

#include "chronon/compiler/grobocode_incremental.h"
#include "chronon/vm/grobocode_engine.h"
#include "chronon/vm/grobocode_interpreter.h"
#include "grobots_host.h"
#include "grobots_objects.h"

namespace chronon::arena::grobots {

namespace {

// The line of an instruction, 0 for the `end`s the compiler appends (their line field is 0xFFFF).
int32_t lineOfInstruction(const grobocode::Instruction& insn) { return insn.line == 0xFFFF ? 0 : insn.line; }

bool sameWithoutCase(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
         });
}

// Whether a label names `address` in `brain`.
bool labelled(const grobocode::Program& brain, int32_t address) {
  return std::any_of(brain.labels.begin(), brain.labels.end(),
                     [&](const grobocode::Label& l) { return l.address == address; });
}

// The value a watch reads, as two raw numbers (a scalar's y is 0).
std::pair<int32_t, int32_t> watched(const grobocode::MachineState& state, const DebugWatch& watch) {
  const auto at = static_cast<size_t>(watch.variable);
  if (watch.vector) {
    if (at >= state.vectors.size()) return {0, 0};
    return {state.vectors[at].x.raw(), state.vectors[at].y.raw()};
  }
  if (at >= state.variables.size()) return {0, 0};
  return {state.variables[at].raw(), 0};
}

}  // namespace

const DebugRobotState& DebugSnapshot::paused() const {
  const DebugRobotState* r = robot(position.robot);
  // The paused robot is alive by construction: it is about to execute an instruction.
  return r != nullptr ? *r : robots.front();
}

const DebugRobotState* DebugSnapshot::robot(uint32_t serial) const {
  for (const DebugRobotState& r : robots) {
    if (r.serial == serial) return &r;
  }
  return nullptr;
}

std::vector<DebugLineAddresses> debugLineAddresses(const grobocode::Side& side, int line, int& chosen) {
  chosen = 0;
  std::vector<DebugLineAddresses> result;
  const auto forEachBrain = [&](auto&& visit) {
    for (size_t t = 0; t < side.types.size(); ++t) {
      if (side.types[t].brain) visit(static_cast<int32_t>(t), *side.types[t].brain);
    }
  };
  forEachBrain([&](int32_t, const grobocode::Program& brain) {
    for (const grobocode::Instruction& insn : brain.instructions) {
      const int at = lineOfInstruction(insn);
      if (at > 0 && at >= line && (chosen == 0 || at < chosen)) chosen = at;
    }
  });
  if (chosen == 0) return result;
  forEachBrain([&](int32_t type, const grobocode::Program& brain) {
    DebugLineAddresses here{type, {}};
    for (size_t a = 0; a < brain.instructions.size(); ++a) {
      if (lineOfInstruction(brain.instructions[a]) != chosen) continue;
      const bool entersLine = a == 0 || lineOfInstruction(brain.instructions[a - 1]) != chosen;
      if (entersLine || labelled(brain, static_cast<int32_t>(a))) here.addresses.push_back(static_cast<int32_t>(a));
    }
    if (!here.addresses.empty()) result.push_back(std::move(here));
  });
  return result;
}

int32_t debugLabelAddress(const grobocode::Program& brain, std::string_view name) {
  for (const grobocode::Label& label : brain.labels) {
    if (!label.gensym && sameWithoutCase(label.name, name)) return label.address;
  }
  return -1;
}

// A copy of the round at the start of a frame, with the instruction counters at that moment.
struct DebugSession::Keyframe {
  World world;
  std::unordered_map<uint32_t, Counter> counters;
  int64_t tick = 0;
};

struct DebugSearch : debug::SearchCore<DebugPosition, DebugStopReason> {
  DebugStep step = DebugStep::kContinue;
  uint32_t robot = 0;    ///< The robot the step follows.
  int32_t line = 0;      ///< kLine, kOver: the robot's line at the current position (0 = unknown).
  int32_t depth = 0;     ///< kOver, kOut: the robot's return stack height at the current position.
  int32_t frame = -1;    ///< The current frame (kFrame and the line steps), or goToFrame's target.
  bool toFrame = false;  ///< goToFrame: any robot's first position at or after `frame` arrives.
  // kEvaluate: what to run, on which robot, and what it gave.
  const grobocode::Program* code = nullptr;
  int32_t codeStart = 0;
  uint32_t evaluated = 0;
  int32_t maxInstructions = 0;
  DebugEvaluation* evaluation = nullptr;
};

// The Engine of a debugged round: grobocode::run's loop spelled out with grobocode::step (the
// interpreter documents that run is step repeated while the status is OK and cycles remain),
// numbering every instruction and calling the session's hooks around it.
class DebugSession::Runner final : public grobocode::Engine {
 public:
  explicit Runner(DebugSession& session) : session_(session) {}

  int32_t run(grobocode::MachineState& state, const grobocode::Program& brain, grobocode::Host& host) override {
    uint32_t serial = 0;
    int32_t side = 0;
    int32_t type = 0;
    int32_t frame = 0;
    session_.thinking(serial, side, type, frame);
    // References into an unordered_map stay valid as other robots are added.
    Counter& counter = session_.counters_[serial];
    const std::vector<size_t>& watches = session_.watchIndex_[static_cast<size_t>(side)][static_cast<size_t>(type)];
    std::vector<std::pair<int32_t, int32_t>> before(watches.size());
    int32_t executed = 0;
    while (state.status == grobocode::BrainStatus::kOk && state.remaining > 0) {
      const DebugPosition position{frame, serial, counter.count, session_.tick_, state.pc};
      session_.edits_.applyAt(position.tick, [&](const DebugEdit& edit) { apply(edit, state); });
      if (session_.search_ != nullptr) session_.beforeInstruction(position, state, side, type, counter);
      for (size_t i = 0; i < watches.size(); ++i) before[i] = watched(state, session_.watches_[watches[i]]);
      grobocode::step(state, brain, host);
      ++counter.count;
      ++session_.tick_;
      ++executed;
      counter.wrote.clear();
      for (size_t i = 0; i < watches.size(); ++i) {
        const DebugWatch& w = session_.watches_[watches[i]];
        if (watched(state, w) != before[i]) counter.wrote.push_back(w.id);
      }
      if (state.status == grobocode::BrainStatus::kError && session_.search_ != nullptr)
        session_.afterFailure(position, state);
    }
    return executed;
  }

  std::string_view name() const override { return "debug"; }

  /// Applies `edit` (checked by setValue) to `state`.
  static void apply(const DebugEdit& edit, grobocode::MachineState& state) {
    const auto index = static_cast<size_t>(edit.index);
    switch (edit.target) {
      case DebugEdit::Target::kVariable:
        if (index < state.variables.size()) state.variables[index] = edit.vector.x;
        return;
      case DebugEdit::Target::kVector:
        if (index < state.vectors.size()) state.vectors[index] = edit.vector;
        return;
      case DebugEdit::Target::kStack:
        if (edit.index < state.height) state.stack[static_cast<size_t>(state.height - 1 - edit.index)] = edit.vector.x;
        return;
    }
  }

 private:
  DebugSession& session_;
};

DebugSession::DebugSession(std::vector<const grobocode::Side*> sides, const WorldOptions& options, int32_t seed)
    : sides_(std::move(sides)) {
  runner_ = std::make_unique<Runner>(*this);
  WorldOptions debugOptions = options;
  debugOptions.engine = runner_.get();
  debugOptions.keepPrints = false;
  work_ = std::make_unique<World>(sides_, debugOptions, seed);
  work_->startRound();
  keyframes_.push_back(Keyframe{*work_, counters_, 0});
  setBreakpoints({});
  setWatches({});
}

DebugSession::~DebugSession() = default;

size_t DebugSession::keyframeCount() const { return keyframes_.size(); }

const grobocode::Program* DebugSession::brain(int32_t side, int32_t type) const {
  if (side < 0 || static_cast<size_t>(side) >= sides_.size()) return nullptr;
  const grobocode::Side& s = *sides_[static_cast<size_t>(side)];
  if (type < 0 || static_cast<size_t>(type) >= s.types.size() || !s.types[static_cast<size_t>(type)].brain)
    return nullptr;
  return &*s.types[static_cast<size_t>(type)].brain;
}

int32_t DebugSession::lineOf(int32_t side, int32_t type, int32_t address) const {
  const grobocode::Program* b = brain(side, type);
  if (b == nullptr || address < 0 || static_cast<size_t>(address) >= b->instructions.size()) return 0;
  return lineOfInstruction(b->instructions[static_cast<size_t>(address)]);
}

bool DebugSession::accepts(const DebugBreakpoint& b) const {
  const grobocode::Program* code = brain(b.side, b.type);
  return code != nullptr && b.address >= 0 && static_cast<size_t>(b.address) < code->instructions.size();
}

void DebugSession::indexBreakpoints() {
  breakIndex_.assign(sides_.size(), {});
  for (size_t s = 0; s < sides_.size(); ++s) {
    breakIndex_[s].resize(sides_[s]->types.size());
    for (size_t t = 0; t < sides_[s]->types.size(); ++t) {
      const grobocode::Program* code = brain(static_cast<int32_t>(s), static_cast<int32_t>(t));
      breakIndex_[s][t].assign(code != nullptr ? code->instructions.size() : 0, 0);
    }
  }
  for (size_t i = breakpoints_.size(); i-- > 0;) {
    const DebugBreakpoint& b = breakpoints_[i];
    breakIndex_[static_cast<size_t>(b.side)][static_cast<size_t>(b.type)][static_cast<size_t>(b.address)] =
        static_cast<int>(i) + 1;
  }
}

void DebugSession::setWatches(std::vector<DebugWatch> watches) {
  std::vector<DebugWatch> kept;
  for (const DebugWatch& w : watches) {
    const grobocode::Program* code = brain(w.side, w.type);
    if (code == nullptr || w.variable < 0) continue;
    const size_t count = w.vector ? code->vectors.size() : code->variables.size();
    if (static_cast<size_t>(w.variable) < count) kept.push_back(w);
  }
  const bool changed =
      kept.size() != watches_.size() || !std::equal(kept.begin(), kept.end(), watches_.begin(), [](auto& a, auto& b) {
        return a.id == b.id && a.side == b.side && a.type == b.type && a.vector == b.vector && a.variable == b.variable;
      });
  watches_ = std::move(kept);
  watchIndex_.assign(sides_.size(), {});
  for (size_t s = 0; s < sides_.size(); ++s) watchIndex_[s].resize(sides_[s]->types.size());
  for (size_t i = 0; i < watches_.size(); ++i)
    watchIndex_[static_cast<size_t>(watches_[i].side)][static_cast<size_t>(watches_[i].type)].push_back(i);
  // The keyframes hold which watches each robot's last instruction set off, under the old watches:
  // they are made again, from the first, as the next searches pass their frames.
  if (changed && keyframes_.size() > 1) keyframes_.erase(keyframes_.begin() + 1, keyframes_.end());
}

void DebugSession::thinking(uint32_t& serial, int32_t& side, int32_t& type, int32_t& frame) const {
  const gbw::WorldState& w = work_->impl_->w;
  const gbw::Robot& r = *w.thinking;
  serial = r.serial;
  side = r.side->index;
  type = r.typeIndex;
  frame = w.frame;
}

void DebugSession::loadKeyframe(size_t k) {
  const Keyframe& keyframe = keyframes_[k];
  *work_ = keyframe.world;
  tainted_ = false;
  counters_ = keyframe.counters;
  tick_ = keyframe.tick;
}

void DebugSession::saveKeyframe() {
  // A world that ran evaluated code is not the round's: the keyframe is made by a later search.
  if (!tainted_) keyframes_.push_back(Keyframe{*work_, counters_, tick_});
}

void DebugSession::dropKeyframesFrom(size_t k) {
  if (k < keyframes_.size()) keyframes_.erase(keyframes_.begin() + static_cast<std::ptrdiff_t>(k), keyframes_.end());
}

std::string DebugSession::setValue(const DebugEdit& edit) {
  if (!paused()) return "the round is not paused";
  const grobocode::MachineState& brain = snapshot().paused().brain;
  switch (edit.target) {
    case DebugEdit::Target::kVariable:
      if (edit.index < 0 || static_cast<size_t>(edit.index) >= brain.variables.size()) return "no such variable";
      break;
    case DebugEdit::Target::kVector:
      if (edit.index < 0 || static_cast<size_t>(edit.index) >= brain.vectors.size()) return "no such vector";
      break;
    case DebugEdit::Target::kStack:
      if (edit.index < 0 || edit.index >= brain.height)
        return "the data stack holds " + std::to_string(brain.height) + " cells";
      break;
  }
  edits_.add(snapshot().position.tick, edit);
  recapture();
  return {};
}

bool DebugSession::runUnit() {
  if (work_->finished()) return false;
  work_->step();
  reached(work_->frame());
  return true;
}

void DebugSession::beforeInstruction(const DebugPosition& position, const grobocode::MachineState& state, int32_t side,
                                     int32_t type, const Counter& counter) {
  Search& s = *search_;
  switch (s.mode) {
    case debug::SearchMode::kCapture:
      if (position.tick == s.position.tick) capture(position);
      return;
    case debug::SearchMode::kEvaluate:
      if (position.tick == s.position.tick && !s.found) runEvaluation(s);
      return;
    case debug::SearchMode::kForward:
    case debug::SearchMode::kBackward:
      if (!s.considers(position.tick)) return;
      break;
  }
  std::vector<int> hits;
  DebugStopReason hitReason = DebugStopReason::kBreakpoint;
  if (s.breakpoints) {
    const int first =
        breakIndex_[static_cast<size_t>(side)][static_cast<size_t>(type)][static_cast<size_t>(position.pc)];
    for (size_t i = first > 0 ? static_cast<size_t>(first - 1) : breakpoints_.size(); i < breakpoints_.size(); ++i) {
      const DebugBreakpoint& b = breakpoints_[i];
      if (b.side != side || b.type != type || b.address != position.pc) break;
      if (b.condition && !b.condition(position, state)) continue;
      hits.push_back(b.id);
      if (b.function) hitReason = DebugStopReason::kFunctionBreakpoint;
    }
    if (hits.empty() && !counter.wrote.empty()) {
      hits = counter.wrote;
      hitReason = DebugStopReason::kDataBreakpoint;
    }
  }
  bool arrived = false;
  if (s.toFrame) {
    arrived = position.frame >= s.frame;
  } else if (position.robot == s.robot) {
    const int32_t line = lineOf(side, type, position.pc);
    const bool otherLine = line == 0 || s.line == 0 || line != s.line;
    const bool laterFrame = position.frame > s.frame;
    switch (s.step) {
      case DebugStep::kInstruction: arrived = true; break;
      case DebugStep::kLine: arrived = otherLine || laterFrame; break;
      case DebugStep::kOver:
        arrived = state.returnHeight < s.depth || (state.returnHeight == s.depth && otherLine) || laterFrame;
        break;
      case DebugStep::kOut: arrived = state.returnHeight < s.depth || (s.depth == 0 && laterFrame); break;
      case DebugStep::kFrame: arrived = laterFrame; break;
      case DebugStep::kContinue: break;
    }
  }
  if (hits.empty() && !arrived) return;
  const DebugStopReason reason = !hits.empty() ? hitReason : s.entry ? DebugStopReason::kEntry : DebugStopReason::kStep;
  s.stopAt(position, reason, std::move(hits), {});
}

void DebugSession::afterFailure(const DebugPosition& position, const grobocode::MachineState& state) {
  Search& s = *search_;
  if (!s.errors || !stopOnErrors_ || !s.considers(position.tick)) return;
  s.stopAt(position, DebugStopReason::kException, {}, state.errorMessage);
}

void DebugSession::capture(const DebugPosition& position) {
  snapshot_.position = position;
  snapshot_.robots.clear();
  for (const std::unique_ptr<gbw::Robot>& robot : work_->impl_->w.robots) {
    const gbw::Robot& r = *robot;
    if (r.dead) continue;
    DebugRobotState x;
    x.serial = r.serial;
    x.side = r.side->index;
    x.type = r.typeIndex;
    x.id = r.id;
    x.name = gbw::robotDescription(r);
    x.hasBrain = static_cast<bool>(r.brain);
    if (r.brain) {
      x.brain = *r.brain;
      // The memos name the engines' private data, not the brain's state.
      x.brain.engineMemo = {};
      x.brain.interpreterMemo = {};
    }
    x.position = r.position;
    x.velocity = r.velocity;
    x.radius = r.radius;
    x.mass = r.mass;
    x.energy = r.energy;
    x.maxEnergy = r.maxEnergy();
    x.armor = r.armor;
    x.shield = r.activeShield;
    x.flag = r.flag;
    x.constructorType = r.constructorType;
    x.constructorProgress = r.constructorProgress;
    x.blasterCooldown = r.blasterCooldown;
    x.grenadeCooldown = r.grenadeCooldown;
    for (size_t i = 0; i < 3; ++i) x.found[i] = r.sensors[i].found;
    snapshot_.robots.push_back(std::move(x));
  }
}

void DebugSession::runEvaluation(Search& s) {
  s.found = true;
  gbw::WorldState& w = work_->impl_->w;
  gbw::Robot* robot = nullptr;
  for (const std::unique_ptr<gbw::Robot>& r : w.robots) {
    if (r->serial == s.evaluated && !r->dead) robot = r.get();
  }
  if (robot == nullptr || !robot->brain) {
    s.evaluation->error = "no robot " + std::to_string(s.evaluated) + " with a brain at this moment";
    return;
  }
  // A copy of the brain, grown to the tables of the code (which may declare variables), run from the
  // code's first instruction; whatever the code does to the world stays in this re-run.
  tainted_ = true;
  grobocode::MachineState state = *robot->brain;
  state.status = grobocode::BrainStatus::kOk;
  state.pc = s.codeStart;
  for (size_t i = state.variables.size(); i < s.code->variables.size(); ++i)
    state.variables.push_back(s.code->variables[i].initial);
  for (size_t i = state.vectors.size(); i < s.code->vectors.size(); ++i)
    state.vectors.push_back({s.code->vectors[i].x, s.code->vectors[i].y});
  state.lastPrint.clear();
  gbw::RobotHost host(w, *robot);
  grobocode::run(state, *s.code, host, s.maxInstructions);
  DebugEvaluation& e = *s.evaluation;
  switch (state.status) {
    case grobocode::BrainStatus::kError: e.error = state.errorMessage; break;
    case grobocode::BrainStatus::kOk:
      // Still running when the instructions ran out (a `sync` too ends a run early).
      e.error = "the code did not reach its end within " + std::to_string(s.maxInstructions) + " instructions";
      break;
    case grobocode::BrainStatus::kStopped: e.ok = true; break;
  }
  e.stack.assign(state.stack.begin(), state.stack.begin() + state.height);
  e.printed = state.lastPrint;
}

DebugEvaluation DebugSession::evaluate(uint32_t robot, std::string_view code, int32_t maxInstructions) {
  DebugEvaluation evaluation;
  const DebugRobotState* r = paused_ ? snapshot_.robot(robot) : nullptr;
  if (r == nullptr || !r->hasBrain) {
    evaluation.error = paused_ ? "no robot " + std::to_string(robot) + " with a brain at this moment" : "not paused";
    return evaluation;
  }
  // The code is appended to the type's brain, so that its labels, variables and constants are in
  // scope, and ends with `stop`, which a finished evaluation stops at.
  grobocode::IncrementalBrain extended(*brain(r->side, r->type));
  const int32_t entry = static_cast<int32_t>(extended.brain().instructions.size());
  const SourceFile file("evaluate", std::string(code));
  Diagnostics diagnostics;
  extended.compile(file, diagnostics, false);
  for (const Diagnostic& d : diagnostics.all()) {
    if (d.severity == Severity::kError) {
      evaluation.error = d.message;
      return evaluation;
    }
  }
  if (extended.openConstructs() > 0) {
    evaluation.error = "an if, do or loop is not closed";
    return evaluation;
  }
  // `stop` ends the code; the sentinel after it catches a jump past it.
  SourceFile stop("evaluate", "stop");
  extended.compile(stop, diagnostics, false);
  extended.appendEnd(SourceRange{});
  Search search;
  search.mode = debug::SearchMode::kEvaluate;
  search.position = snapshot_.position;
  search.code = &extended.brain();
  search.codeStart = entry;
  search.evaluated = robot;
  search.maxInstructions = std::max(1, maxInstructions);
  search.evaluation = &evaluation;
  restore(snapshot_.position.frame);
  search_ = &search;
  runUnit();
  search_ = nullptr;
  return evaluation;
}

bool DebugSession::nothingBefore(const Search& search) const {
  // A robot that did not exist at the start of the restored window never ran before it: a search
  // that follows it ends there.
  return search.step != DebugStep::kContinue && counters_.find(search.robot) == counters_.end();
}

void DebugSession::finish() { outcome_ = work_->outcome(); }

int32_t DebugSession::entryUnit(uint32_t robot) const {
  // The last keyframe before the robot existed: its first instruction comes after it.
  for (size_t k = keyframes_.size(); k-- > 0;) {
    if (keyframes_[k].counters.find(robot) == keyframes_[k].counters.end())
      return static_cast<int32_t>(k) * kKeyframeInterval;
  }
  return 0;
}

void DebugSession::prepareStep(Search& search) const {
  search.frame = currentUnit();
  if (paused_) {
    if (const DebugRobotState* r = snapshot_.robot(search.robot)) {
      search.line = lineOf(r->side, r->type, r->brain.pc);
      search.depth = r->brain.returnHeight;
    }
  } else {
    search.frame = -1;
  }
}

bool DebugSession::goToFrame(int32_t frame) {
  Search search;
  search.toFrame = true;
  search.frame = frame;
  search.breakpoints = false;
  search.errors = false;
  search.entry = true;
  return stepTo(search, std::max(frame, 0));
}

std::optional<ParsedCondition> parseCondition(std::string_view text, const grobocode::Program& brain,
                                              std::string& error) {
  const auto fail = [&](const std::string& message) {
    error = message + " (conditions are clauses like 'frame > 100', 'top >= 2.5' or 'seen-time < 0' joined by &&)";
    return std::nullopt;
  };
  const std::optional<std::vector<debug::ClauseText>> split = debug::splitCondition(text, error);
  if (!split) return fail(error);
  ParsedCondition condition;
  for (const debug::ClauseText& written : *split) {
    using Subject = ParsedCondition::Subject;
    ParsedCondition::Clause clause;
    const std::string_view subject = written.subject;
    if (sameWithoutCase(subject, "frame")) {
      clause.subject = Subject::kFrame;
    } else if (sameWithoutCase(subject, "thread")) {
      clause.subject = Subject::kThread;
    } else if (sameWithoutCase(subject, "depth")) {
      clause.subject = Subject::kDepth;
    } else if (sameWithoutCase(subject, "top")) {
      clause.subject = Subject::kTop;
    } else if (sameWithoutCase(subject, "second")) {
      clause.subject = Subject::kSecond;
    } else {
      const auto variable = std::find_if(brain.variables.begin(), brain.variables.end(),
                                         [&](const auto& v) { return sameWithoutCase(v.name, subject); });
      if (variable == brain.variables.end())
        return fail(
            debug::atColumn("expected frame, thread, depth, top, second or a variable of the type", written.subjectAt));
      clause.subject = Subject::kVariable;
      clause.variable = static_cast<size_t>(variable - brain.variables.begin());
    }
    clause.compare = written.compare;
    const auto number = ::chronon::grobots::parseLiteral(written.value);
    if (!number.ok()) return fail(debug::atColumn("expected a number", written.valueAt));
    clause.value = number.value().toDouble();
    condition.clauses.push_back(clause);
  }
  return condition;
}

bool ParsedCondition::holds(const DebugPosition& position, const grobocode::MachineState& state) const {
  for (const Clause& c : clauses) {
    double left = 0;
    switch (c.subject) {
      case Subject::kFrame: left = position.frame; break;
      case Subject::kThread: left = position.robot; break;
      case Subject::kDepth: left = state.height; break;
      case Subject::kTop:
        if (state.height < 1) return false;
        left = state.stack[static_cast<size_t>(state.height - 1)].toDouble();
        break;
      case Subject::kSecond:
        if (state.height < 2) return false;
        left = state.stack[static_cast<size_t>(state.height - 2)].toDouble();
        break;
      case Subject::kVariable:
        if (c.variable >= state.variables.size()) return false;
        left = state.variables[c.variable].toDouble();
        break;
    }
    if (!debug::compare(c.compare, left, c.value)) return false;
  }
  return true;
}

}  // namespace chronon::arena::grobots

// The session's base, here where DebugSearch is complete (declared `extern template` in the header).
namespace chronon::arena::debug {
template class KeyframeSearches<grobots::DebugSession, grobots::DebugSearch, uint32_t, grobots::DebugStep,
                                grobots::DebugSnapshot, grobots::DebugBreakpoint>;
}  // namespace chronon::arena::debug
