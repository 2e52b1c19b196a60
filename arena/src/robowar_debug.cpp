// The RoboWar debugging session (robowar_debug.h): a battle whose brains run one instruction at a
// time, searched forward and backward by re-running chronons from keyframes.

#include "chronon/arena/robowar_debug.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <utility>

#include "chronon/compiler/robotalk_assembler.h"
#include "chronon/vm/robotalk_engine.h"
#include "chronon/vm/robotalk_host.h"
#include "chronon/vm/robotalk_interpreter.h"

namespace chronon::arena::robowar {

namespace {

// Most instructions an evaluation runs before it is stopped as an endless loop.
constexpr int kEvaluateBudget = 100000;

// The hardware of a paused robot for evaluate: reads answer what the Hardware scope shows (other
// registers read 0), writes go nowhere, so an evaluation never touches the battle.
class PausedHost final : public robotalk::Host {
 public:
  PausedHost(const DebugRobotState& state, int chronon, int robot) : state_(state), chronon_(chronon), robot_(robot) {}

  int16_t readRegister(robotalk::MachineState& brain, robotalk::Reg reg) override {
    (void)brain;
    const std::pair<robotalk::Reg, int> values[] = {
        {robotalk::Reg::X, state_.x},           {robotalk::Reg::Y, state_.y},
        {robotalk::Reg::Aim, state_.aim},       {robotalk::Reg::Look, state_.look},
        {robotalk::Reg::Scan, state_.scan},     {robotalk::Reg::SpeedX, state_.speedX},
        {robotalk::Reg::SpeedY, state_.speedY}, {robotalk::Reg::Energy, state_.energy},
        {robotalk::Reg::Damage, state_.damage}, {robotalk::Reg::Shield, state_.shield},
        {robotalk::Reg::Chronon, chronon_},     {robotalk::Reg::Id, robot_},
    };
    for (const auto& [which, value] : values) {
      if (which == reg) return static_cast<int16_t>(value);
    }
    return 0;
  }
  void writeRegister(robotalk::MachineState& brain, robotalk::Reg reg, int16_t value) override {
    (void)brain;
    (void)reg;
    (void)value;
  }

 private:
  const DebugRobotState& state_;
  int chronon_;
  int robot_;
};

bool sameWithoutCase(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
         });
}

}  // namespace

bool DebugCondition::holds(int chronon, int robot, const robotalk::MachineState& brain) const {
  for (const Clause& clause : clauses) {
    int64_t left = 0;
    switch (clause.subject) {
      case Subject::kChronon: left = chronon; break;
      case Subject::kRobot: left = robot; break;
      case Subject::kTop:
        if (brain.sp < 1) return false;
        left = brain.stack[static_cast<size_t>(brain.sp - 1)];
        break;
      case Subject::kSecond:
        if (brain.sp < 2) return false;
        left = brain.stack[static_cast<size_t>(brain.sp - 2)];
        break;
      case Subject::kDepth: left = brain.sp; break;
      case Subject::kVariable: left = brain.letters[static_cast<size_t>(clause.variable)]; break;
    }
    if (!debug::compare(clause.compare, left, clause.value)) return false;
  }
  return true;
}

int debugVariableIndex(std::string_view name) {
  if (!name.empty() && name.back() == '\'') name.remove_suffix(1);
  if (name.size() != 1 || !std::isalpha(static_cast<unsigned char>(name[0]))) return -1;
  const int index = std::tolower(static_cast<unsigned char>(name[0])) - 'a';
  return robotalk::isUserVariable(index) ? index : -1;
}

bool isReturnAddress(const robotalk::Program& program, int value) {
  if (value < 1 || static_cast<size_t>(value) > program.code.size()) return false;
  const robotalk::OperatorInfo* op =
      robotalk::findOperator(static_cast<uint16_t>(program.code[static_cast<size_t>(value - 1)].word));
  return op != nullptr && op->has(robotalk::kCall);
}

std::optional<DebugCondition> parseDebugCondition(std::string_view text, std::string& error) {
  const auto fail = [&](const std::string& message) {
    error = message +
            " (conditions are clauses like 'chronon > 100', 'robot == 1', 'top > 50', 'depth >= 2' or 'a == 3' "
            "joined by &&)";
    return std::nullopt;
  };
  const std::optional<std::vector<debug::ClauseText>> split = debug::splitCondition(text, error);
  if (!split) return fail(error);
  DebugCondition condition;
  for (const debug::ClauseText& written : *split) {
    DebugCondition::Clause clause;
    const std::string_view word = written.subject;
    if (sameWithoutCase(word, "chronon")) {
      clause.subject = DebugCondition::Subject::kChronon;
    } else if (sameWithoutCase(word, "robot")) {
      clause.subject = DebugCondition::Subject::kRobot;
    } else if (sameWithoutCase(word, "top")) {
      clause.subject = DebugCondition::Subject::kTop;
    } else if (sameWithoutCase(word, "second")) {
      clause.subject = DebugCondition::Subject::kSecond;
    } else if (sameWithoutCase(word, "depth")) {
      clause.subject = DebugCondition::Subject::kDepth;
    } else if (debugVariableIndex(word) >= 0) {
      clause.subject = DebugCondition::Subject::kVariable;
      clause.variable = debugVariableIndex(word);
    } else {
      return fail(
          debug::atColumn("expected chronon, robot, top, second, depth or a variable (a-w, z)", written.subjectAt));
    }
    clause.compare = written.compare;
    const char* begin = written.value.data();
    const char* end = begin + written.value.size();
    if (begin != end && *begin == '+') ++begin;
    const auto [next, status] = std::from_chars(begin, end, clause.value);
    if (status != std::errc() || next != end || begin == end)
      return fail(debug::atColumn("expected an integer", written.valueAt));
    condition.clauses.push_back(clause);
  }
  return condition;
}

int debugLineOf(const robotalk::Program& program, const SourceFile* source, int address) {
  if (source == nullptr || address < 0 || static_cast<size_t>(address) >= program.code.size()) return 0;
  const robotalk::Instruction& insn = program.code[static_cast<size_t>(address)];
  if (insn.origin == robotalk::Origin::kObjectCode) return 0;
  return static_cast<int>(source->lineColumn(insn.range.begin).line);
}

LineBreakAddresses lineBreakAddresses(const robotalk::Program& program, const SourceFile& source, int line) {
  LineBreakAddresses result;
  const int size = static_cast<int>(program.code.size());
  std::vector<int> lines(program.code.size());
  for (int a = 0; a < size; ++a) lines[static_cast<size_t>(a)] = debugLineOf(program, &source, a);
  // The implicit END sits at the end of the text; a breakpoint on a blank last line should not land
  // on it, so it never counts as a line's code.
  int chosen = 0;
  for (int a = 0; a < size; ++a) {
    const int at = lines[static_cast<size_t>(a)];
    if (program.code[static_cast<size_t>(a)].origin == robotalk::Origin::kImplicitEnd || at < line) continue;
    if (chosen == 0 || at < chosen) chosen = at;
  }
  if (chosen == 0) return result;
  result.line = chosen;
  for (int a = 0; a < size; ++a) {
    if (lines[static_cast<size_t>(a)] != chosen) continue;
    const bool entersLine = a == 0 || lines[static_cast<size_t>(a - 1)] != chosen;
    const bool labelled = std::any_of(program.labels.begin(), program.labels.end(),
                                      [&](const robotalk::Label& label) { return label.address == a; });
    if (entersLine || labelled) result.addresses.push_back(a);
  }
  return result;
}

int labelAddress(const robotalk::Program& program, std::string_view name) {
  for (const robotalk::Label& label : program.labels) {
    if (sameWithoutCase(label.name, name)) return label.address;
  }
  return -1;
}

// A copy of the battle at the start of a chronon, with the instruction counts at that moment.
struct DebugSession::Keyframe {
  Engine engine;
  std::vector<int64_t> counts;
  int64_t tick = 0;
};

struct DebugSearch : debug::SearchCore<DebugPosition, DebugStopReason> {
  DebugStep step = DebugStep::kContinue;
  int robot = -1;    ///< The robot the step follows.
  int line = 0;      ///< kLine: the robot's line at the current position (0 = unknown).
  int chronon = -1;  ///< kChronon: the current chronon.
  // Calls the followed robot made during the step and has not left yet (kOver, kLineOver, kOut): the
  // stack index of each one's return address, innermost last; and the robot's previous pc.
  std::vector<int> calls;
  int lastPc = -1;
};

// The Engine of a debugged battle: robotalk::run's loop spelled out with robotalk::step (robotalk_interpreter.h
// documents that run is step repeated while the budget lasts), numbering every instruction and
// calling the session's hooks around it.
class DebugSession::Runner final : public robotalk::Engine {
 public:
  explicit Runner(DebugSession& session) : session_(session) {}

  robotalk::RunResult run(const robotalk::Bytecode& code, robotalk::MachineState& brain, robotalk::Host& host,
                          int budget) override {
    if (brain.failed) return robotalk::RunResult{robotalk::Stop::kError, 0};
    const int robot = robotOf(brain);
    robotalk::RunCounters counters;
    while (counters.cycles < budget) {
      const DebugPosition position{session_.work_->chronon(), robot, session_.counts_[static_cast<size_t>(robot)],
                                   session_.tick_, brain.pc};
      const bool watching = session_.search_ != nullptr && session_.watched(robot);
      session_.edits_.applyAt(position.tick, [&](const DebugEdit& edit) { apply(edit, brain); });
      if (session_.search_ != nullptr) session_.beforeInstruction(position, brain);
      if (watching) letters_ = brain.letters;
      const std::optional<robotalk::Stop> stop = robotalk::step(code, brain, host, counters);
      ++session_.counts_[static_cast<size_t>(robot)];
      ++session_.tick_;
      if (brain.failed && session_.search_ != nullptr) session_.afterFailure(position, brain);
      if (watching && letters_ != brain.letters) session_.afterWrite(position, letters_, brain);
      if (stop) return robotalk::RunResult{*stop, counters.cycles};
    }
    return robotalk::RunResult{robotalk::Stop::kBudget, counters.cycles};
  }

  std::string_view name() const override { return "debug"; }

  /// Applies `edit` (checked by setValue) to `brain`.
  static void apply(const DebugEdit& edit, robotalk::MachineState& brain) {
    const auto index = static_cast<size_t>(edit.index);
    switch (edit.target) {
      case DebugEdit::Target::kVariable: brain.letters[index] = edit.value; return;
      case DebugEdit::Target::kVector: brain.vector[index] = edit.value; return;
      case DebugEdit::Target::kStack:
        if (edit.index < brain.sp) brain.stack[static_cast<size_t>(brain.sp - 1 - edit.index)] = edit.value;
        return;
    }
  }

 private:
  int robotOf(const robotalk::MachineState& brain) const {
    const std::vector<Robot>& robots = session_.work_->robots();
    for (size_t i = 0; i < robots.size(); ++i) {
      if (&robots[i].brain == &brain) return static_cast<int>(i);
    }
    return 0;  // Unreachable: only the session's working engine runs brains.
  }

  DebugSession& session_;
  std::array<int16_t, 26> letters_{};  // The variables before the instruction, when some are watched.
};

DebugSession::DebugSession(std::vector<DebugEntrant> entrants, uint64_t seed, const Rules& rules)
    : entrants_(std::move(entrants)) {
  if (entrants_.size() > static_cast<size_t>(kMaxRobots)) entrants_.resize(kMaxRobots);
  // Reserved so that the engines' pointers into code_ stay valid.
  code_.reserve(entrants_.size());
  std::vector<Entry> entries;
  for (size_t i = 0; i < entrants_.size(); ++i) {
    const robotalk::Program& program = *entrants_[i].entry.program;
    code_.push_back(robotalk::decode(program));
    std::vector<int> lines(program.code.size());
    for (size_t a = 0; a < lines.size(); ++a) {
      lines[a] = debugLineOf(program, entrants_[i].source, static_cast<int>(a));
    }
    lines_.push_back(std::move(lines));
    Entry entry = entrants_[i].entry;
    entry.code = &code_.back();
    entries.push_back(entry);
  }
  runner_ = std::make_unique<Runner>(*this);
  Rules debugRules = rules;
  debugRules.engine = runner_.get();
  work_ = std::make_unique<Engine>(entries, seed, debugRules, false);
  counts_.assign(entrants_.size(), 0);
  keyframes_.push_back(Keyframe{*work_, counts_, 0});
  breakIndex_.resize(entrants_.size());
  setBreakpoints({});
  setWatches({});
}

DebugSession::~DebugSession() = default;

const robotalk::Program& DebugSession::program(int robot) const {
  return *entrants_[static_cast<size_t>(robot)].entry.program;
}

int DebugSession::lineOf(int robot, int address) const {
  const std::vector<int>& lines = lines_[static_cast<size_t>(robot)];
  return address >= 0 && static_cast<size_t>(address) < lines.size() ? lines[static_cast<size_t>(address)] : 0;
}

bool DebugSession::accepts(const DebugBreakpoint& b) const {
  return b.robot >= 0 && b.robot < robotCount() && b.address >= 0 &&
         static_cast<size_t>(b.address) < program(b.robot).code.size();
}

void DebugSession::indexBreakpoints() {
  for (size_t r = 0; r < entrants_.size(); ++r) breakIndex_[r].assign(program(static_cast<int>(r)).code.size(), 0);
  for (size_t i = breakpoints_.size(); i-- > 0;) {
    const DebugBreakpoint& b = breakpoints_[i];
    breakIndex_[static_cast<size_t>(b.robot)][static_cast<size_t>(b.address)] = static_cast<int>(i) + 1;
  }
}

void DebugSession::setWatches(std::vector<DebugWatch> watches) {
  watches_.clear();
  watchIndex_.assign(entrants_.size(), false);
  for (DebugWatch& w : watches) {
    if (w.robot < 0 || w.robot >= robotCount() || w.variable < 0 || w.variable >= 26) continue;
    watchIndex_[static_cast<size_t>(w.robot)] = true;
    watches_.push_back(w);
  }
}

size_t DebugSession::keyframeCount() const { return keyframes_.size(); }

void DebugSession::loadKeyframe(size_t k) {
  const Keyframe& keyframe = keyframes_[k];
  *work_ = keyframe.engine;
  counts_ = keyframe.counts;
  tick_ = keyframe.tick;
}

void DebugSession::saveKeyframe() { keyframes_.push_back(Keyframe{*work_, counts_, tick_}); }

void DebugSession::dropKeyframesFrom(size_t k) {
  if (k < keyframes_.size()) keyframes_.erase(keyframes_.begin() + static_cast<std::ptrdiff_t>(k), keyframes_.end());
}

std::string DebugSession::setValue(const DebugEdit& edit) {
  if (!paused()) return "the battle is not paused";
  const robotalk::MachineState& brain = snapshot().paused().brain;
  switch (edit.target) {
    case DebugEdit::Target::kVariable:
      if (!robotalk::isUserVariable(edit.index)) return "only the user variables A-Z (not X and Y) can be set";
      break;
    case DebugEdit::Target::kVector:
      if (edit.index < 0 || edit.index >= robotalk::kVectorCells)
        return "vector cells are 0-" + std::to_string(robotalk::kVectorCells - 1);
      break;
    case DebugEdit::Target::kStack:
      if (edit.index < 0 || edit.index >= brain.sp)
        return "the data stack holds " + std::to_string(brain.sp) + " cells";
      break;
  }
  edits_.add(snapshot().position.tick, edit);
  recapture();
  return {};
}

bool DebugSession::runUnit() {
  const int before = work_->chronon();
  work_->step();
  const int after = work_->chronon();
  if (after == before) return false;
  reached(after);
  return true;
}

void DebugSession::followStep(const DebugPosition& position, const robotalk::MachineState& brain) {
  Search& s = *search_;
  // A return address has left the stack once the stack is no deeper than its cell.
  while (!s.calls.empty() && brain.sp <= s.calls.back()) s.calls.pop_back();
  // The previous instruction called when it was a CALL, IF or IFE, execution did not fall through,
  // and the address after it is now on top.
  if (s.lastPc >= 0 && position.pc != s.lastPc + 1 && brain.sp > 0 &&
      brain.stack[static_cast<size_t>(brain.sp - 1)] == s.lastPc + 1 &&
      isReturnAddress(program(position.robot), s.lastPc + 1)) {
    s.calls.push_back(brain.sp - 1);
  }
  s.lastPc = position.pc;
}

void DebugSession::beforeInstruction(const DebugPosition& position, const robotalk::MachineState& brain) {
  Search& s = *search_;
  if (s.mode == debug::SearchMode::kCapture && position.tick == s.position.tick) capture(position);
  if (!s.considers(position.tick)) return;
  std::vector<int> hits;
  bool function = false;
  if (s.breakpoints) {
    const int first = breakIndex_[static_cast<size_t>(position.robot)][static_cast<size_t>(position.pc)];
    for (size_t i = first > 0 ? static_cast<size_t>(first - 1) : breakpoints_.size(); i < breakpoints_.size(); ++i) {
      const DebugBreakpoint& b = breakpoints_[i];
      if (b.robot != position.robot || b.address != position.pc) break;
      if (!b.condition.holds(position.chronon, position.robot, brain)) continue;
      hits.push_back(b.id);
      function = function || b.function;
    }
  }
  bool arrived = false;
  if (position.robot == s.robot) {
    const bool overCalls = s.step == DebugStep::kOver || s.step == DebugStep::kLineOver || s.step == DebugStep::kOut;
    if (overCalls && s.mode == debug::SearchMode::kForward) followStep(position, brain);
    const auto otherLine = [&] {
      const int line = lineOf(position.robot, position.pc);
      return line == 0 || s.line == 0 || line != s.line;
    };
    switch (s.step) {
      case DebugStep::kInstruction: arrived = true; break;
      case DebugStep::kOver: arrived = s.calls.empty(); break;
      case DebugStep::kLine: arrived = otherLine(); break;
      case DebugStep::kLineOver: arrived = s.calls.empty() && otherLine(); break;
      case DebugStep::kOut: arrived = s.calls.empty(); break;
      case DebugStep::kChronon: arrived = position.chronon > s.chronon; break;
      case DebugStep::kContinue: break;
    }
  }
  if (hits.empty() && !arrived) return;
  const DebugStopReason reason = !hits.empty()
                                     ? (function ? DebugStopReason::kFunctionBreakpoint : DebugStopReason::kBreakpoint)
                                 : s.entry ? DebugStopReason::kEntry
                                           : DebugStopReason::kStep;
  s.stopAt(position, reason, std::move(hits), {});
}

void DebugSession::afterFailure(const DebugPosition& position, const robotalk::MachineState& brain) {
  Search& s = *search_;
  if (!s.errors || !stopOnErrors_ || !s.considers(position.tick)) return;
  s.stopAt(position, DebugStopReason::kException, {}, std::string(brain.error));
}

void DebugSession::afterWrite(const DebugPosition& position, const std::array<int16_t, 26>& before,
                              const robotalk::MachineState& after) {
  Search& s = *search_;
  if (!s.breakpoints || !s.considers(position.tick)) return;
  std::vector<int> hits;
  std::string change;
  for (const DebugWatch& w : watches_) {
    const auto v = static_cast<size_t>(w.variable);
    if (w.robot != position.robot || before[v] == after.letters[v]) continue;
    hits.push_back(w.id);
    if (!change.empty()) change += ", ";
    change += std::string(1, static_cast<char>('A' + w.variable)) + ": " + std::to_string(before[v]) + " -> " +
              std::to_string(after.letters[v]);
  }
  if (hits.empty()) return;
  s.stopAt(position, DebugStopReason::kDataBreakpoint, std::move(hits), std::move(change));
}

void DebugSession::capture(const DebugPosition& position) {
  snapshot_.position = position;
  snapshot_.robots.clear();
  for (const Robot& r : work_->robots()) {
    snapshot_.robots.push_back(DebugRobotState{r.brain, r.x, r.y, r.aim, r.look, r.scan, r.speedX, r.speedY, r.energy,
                                               r.damage, r.shield, r.stunned, r.alive});
  }
}

void DebugSession::finish() { result_ = work_->finish(); }

void DebugSession::prepareStep(Search& search) const {
  const DebugStep step = search.step;
  const int robot = search.robot;
  if (paused_) {
    const robotalk::MachineState& brain = snapshot_.robots[static_cast<size_t>(robot)].brain;
    search.line = lineOf(robot, brain.pc);
    search.chronon = snapshot_.position.chronon;
    // The paused robot executes the instruction at its pc first; another robot's pc is its next one.
    if (snapshot_.position.robot == robot) search.lastPc = brain.pc;
    if (step == DebugStep::kOut) {
      for (int i = brain.sp - 1; i >= 0; --i) {
        if (isReturnAddress(program(robot), brain.stack[static_cast<size_t>(i)])) {
          search.calls.push_back(i);
          break;
        }
      }
      // Without a call to leave, a RoboWar robot's frame is its turn: out to its next chronon.
      if (search.calls.empty()) search.step = DebugStep::kChronon;
    }
  } else if (step == DebugStep::kOut) {
    search.step = DebugStep::kChronon;
  }
}

DebugEvaluation DebugSession::evaluate(int robot, std::string_view code) const {
  DebugEvaluation out;
  if (!paused_ || robot < 0 || robot >= robotCount()) {
    out.error = "the battle is not paused";
    return out;
  }
  const DebugRobotState& state = snapshot_.robots[static_cast<size_t>(robot)];
  const SourceFile file("evaluate", std::string(code));
  const robotalk::CompileResult compiled = robotalk::compile(file, robotalk::CompileOptions{});
  for (const Diagnostic& d : compiled.diagnostics.all()) {
    if (d.severity != Severity::kError) continue;
    out.error = "column " + std::to_string(file.lineColumn(d.range.begin).column) + ": " + d.message;
    return out;
  }
  if (!compiled.program.labels.empty()) {
    out.error = "labels cannot be defined in an evaluation";
    return out;
  }
  const robotalk::Bytecode bytecode = robotalk::decode(compiled.program);
  robotalk::MachineState brain = state.brain;
  brain.pc = 0;
  brain.interruptsEnabled = false;
  brain.pending = 0;
  brain.failed = false;
  brain.error = {};
  brain.errorAddress = -1;
  for (int i = 0; i < state.brain.sp; ++i) out.before.push_back(state.brain.stack[static_cast<size_t>(i)]);
  PausedHost host(state, snapshot_.position.chronon, robot);
  const int end = static_cast<int>(compiled.program.code.size()) - 1;  // The implicit END.
  int spent = 0;
  while (spent < kEvaluateBudget) {
    const robotalk::RunResult result = robotalk::run(bytecode, brain, host, kEvaluateBudget - spent);
    spent += std::max(result.cycles, 1);
    switch (result.stop) {
      case robotalk::Stop::kBudget:
      case robotalk::Stop::kSync: continue;
      case robotalk::Stop::kError:
        if (brain.errorAddress != end) {
          out.error = std::string(brain.error);
          return out;
        }
        for (int i = 0; i < brain.sp; ++i) out.stack.push_back(brain.stack[static_cast<size_t>(i)]);
        out.ok = true;
        return out;
    }
  }
  out.error = "did not finish in " + std::to_string(kEvaluateBudget) + " instructions";
  return out;
}

}  // namespace chronon::arena::robowar

// The session's base, here where DebugSearch is complete (declared `extern template` in the header).
namespace chronon::arena::debug {
template class KeyframeSearches<robowar::DebugSession, robowar::DebugSearch, int, robowar::DebugStep,
                                robowar::DebugSnapshot, robowar::DebugBreakpoint>;
}  // namespace chronon::arena::debug
