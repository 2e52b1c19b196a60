// The Robbie Language debugging session (robbie_debug.h): a run stepped one instruction at a time,
// searched forward by running and backward by re-running from keyframes.

#include "chronon/arena/robbie_debug.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstdlib>
#include <utility>
#include <variant>

namespace chronon::robbie {

namespace {

// Instructions between keyframes at first. A step back restores the keyframe at or before its target
// and runs forward with one interpreter call, so this bounds the instructions one step back re-runs;
// when there would be more than kMaxKeyframes, every other one is dropped and the interval doubles, so
// that a long run (a step limit of millions) keeps a bounded number of room copies.
constexpr int64_t kInitialInterval = 4096;
constexpr size_t kMaxKeyframes = 64;

// The operations that make Robbie act (and take simulated time): a kCommand step ends after one.
constexpr Op kCommands[] = {Op::kForward, Op::kBack, Op::kTurnLeft, Op::kTurnRight,
                            Op::kGrab,    Op::kDrop, Op::kBeep,     Op::kPause};

bool isCommand(Op op) { return std::find(std::begin(kCommands), std::end(kCommands), op) != std::end(kCommands); }

RunEnd endOf(const MachineState& machine) {
  switch (machine.status) {
    case RunStatus::kRunning: return RunEnd::kStepLimit;
    case RunStatus::kStopped: return RunEnd::kStopped;
    case RunStatus::kError: return RunEnd::kError;
  }
  return RunEnd::kStopped;
}

// Compares a number (integer or real) with a literal of either kind: integers exactly, anything with a
// real as reals.
bool compareNumbers(RobbieCondition::Compare how, const Value& left, const Value& right) {
  if (std::holds_alternative<int64_t>(left) && std::holds_alternative<int64_t>(right)) {
    return ::chronon::arena::debug::compare(how, std::get<int64_t>(left), std::get<int64_t>(right));
  }
  const auto real = [](const Value& v) {
    return std::holds_alternative<int64_t>(v) ? static_cast<double>(std::get<int64_t>(v)) : std::get<double>(v);
  };
  return ::chronon::arena::debug::compare(how, real(left), real(right));
}

}  // namespace

bool RobbieCondition::holds(const MachineState& machine, const RobbieRoom& room) const {
  for (const Clause& clause : clauses) {
    Value left;
    switch (clause.subject) {
      case Clause::Subject::kSteps: left = machine.steps; break;
      case Clause::Subject::kTime: left = room.timeMs(); break;
      case Clause::Subject::kRegister:
        if (clause.reg < 0 || static_cast<size_t>(clause.reg) >= machine.registers.size()) return false;
        left = machine.registers[static_cast<size_t>(clause.reg)];
        break;
    }
    if (std::holds_alternative<bool>(left) || std::holds_alternative<bool>(clause.value)) {
      if (!std::holds_alternative<bool>(left) || !std::holds_alternative<bool>(clause.value)) return false;
      if (!::chronon::arena::debug::compare(clause.compare, std::get<bool>(left), std::get<bool>(clause.value)))
        return false;
      continue;
    }
    if (std::holds_alternative<std::string>(left)) return false;
    if (!compareNumbers(clause.compare, left, clause.value)) return false;
  }
  return true;
}

std::optional<RobbieCondition> parseRobbieCondition(std::string_view text, const Program& program, std::string& error) {
  namespace debug = ::chronon::arena::debug;
  const auto fail = [&](const std::string& message) {
    error = message + " (RL conditions are clauses like 'steps > 100', 'time >= 5000' or 'Laps == 3' joined by &&)";
    return std::nullopt;
  };
  const std::optional<std::vector<debug::ClauseText>> split = debug::splitCondition(text, error);
  if (!split) return fail(error);
  RobbieCondition condition;
  for (const debug::ClauseText& written : *split) {
    RobbieCondition::Clause clause;
    const std::string_view word = written.subject;
    bool boolean = false;
    if (word == "steps") {
      clause.subject = RobbieCondition::Clause::Subject::kSteps;
    } else if (word == "time") {
      clause.subject = RobbieCondition::Clause::Subject::kTime;
    } else {
      const auto reg = std::find_if(program.registers.begin(), program.registers.end(),
                                    [&](const RegisterInfo& r) { return !r.hidden && r.name == word; });
      if (reg == program.registers.end())
        return fail(debug::atColumn("expected steps, time or a register name", written.subjectAt));
      if (reg->type == ValueType::kString)
        return fail("'" + std::string(word) + "' holds a string, which conditions do not compare");
      clause.subject = RobbieCondition::Clause::Subject::kRegister;
      clause.reg = static_cast<int>(reg - program.registers.begin());
      boolean = reg->type == ValueType::kBoolean;
    }
    clause.compare = written.compare;
    const std::string literal(written.value);
    if (boolean) {
      if (literal != "true" && literal != "false")
        return fail(debug::atColumn("expected true or false", written.valueAt));
      if (clause.compare != RobbieCondition::Compare::kEqual && clause.compare != RobbieCondition::Compare::kNotEqual)
        return fail("a boolean compares only with == or !=");
      clause.value = literal == "true";
    } else {
      int64_t integer = 0;
      const auto [next, status] = std::from_chars(literal.data(), literal.data() + literal.size(), integer);
      if (status == std::errc() && next == literal.data() + literal.size() && !literal.empty()) {
        clause.value = integer;
      } else {
        char* stop = nullptr;
        const double real = std::strtod(literal.c_str(), &stop);
        if (literal.empty() || stop != literal.c_str() + literal.size())
          return fail(debug::atColumn("expected a number", written.valueAt));
        clause.value = real;
      }
    }
    condition.clauses.push_back(std::move(clause));
  }
  return condition;
}

std::vector<int> robbieLineBreakAddresses(const Program& program, int line, int& usedLine) {
  usedLine = 0;
  const int size = static_cast<int>(program.code.size());
  for (const Instruction& in : program.code) {
    const int at = static_cast<int>(in.line);
    if (at >= line && (usedLine == 0 || at < usedLine)) usedLine = at;
  }
  std::vector<int> addresses;
  if (usedLine == 0) return addresses;
  std::vector<bool> target(program.code.size(), false);
  for (const Instruction& in : program.code) {
    if (opInfo(in.op).operand == Operand::kAddress && in.a >= 0 && in.a < size)
      target[static_cast<size_t>(in.a)] = true;
  }
  for (int a = 0; a < size; ++a) {
    if (static_cast<int>(program.code[static_cast<size_t>(a)].line) != usedLine) continue;
    const bool entersLine = a == 0 || static_cast<int>(program.code[static_cast<size_t>(a - 1)].line) != usedLine;
    if (entersLine || target[static_cast<size_t>(a)]) addresses.push_back(a);
  }
  return addresses;
}

RobbieDebugSession::RobbieDebugSession(const Program& program, const RoomSpec& spec, int64_t stepLimit)
    : program_(program),
      stepLimit_(std::max<int64_t>(stepLimit, 1)),
      interval_(kInitialInterval),
      breakIndex_(program.code.size()),
      machine_(makeMachineState(program)),
      room_(spec),
      result_{RobbieRoom(spec), makeMachineState(program), RunEnd::kStopped} {
  keyframes_.push_back(Keyframe{machine_, room_});
}

void RobbieDebugSession::setBreakpoints(std::vector<RobbieBreakpoint> breakpoints) {
  for (std::vector<size_t>& list : breakIndex_) list.clear();
  breakpoints_.clear();
  for (RobbieBreakpoint& b : breakpoints) {
    if (b.address < 0 || static_cast<size_t>(b.address) >= breakIndex_.size()) continue;
    breakIndex_[static_cast<size_t>(b.address)].push_back(breakpoints_.size());
    breakpoints_.push_back(std::move(b));
  }
}

int RobbieDebugSession::lineOf(int address) const {
  if (address < 0 || static_cast<size_t>(address) >= program_.code.size()) return 0;
  return static_cast<int>(program_.code[static_cast<size_t>(address)].line);
}

int64_t RobbieDebugSession::current() const {
  if (paused_) return machine_.steps;
  return ended_ ? endSteps_ : -1;
}

void RobbieDebugSession::reach(int64_t steps) {
  const size_t k = std::min(static_cast<size_t>(steps / interval_), keyframes_.size() - 1);
  machine_ = keyframes_[k].machine;
  room_ = keyframes_[k].room;
  applyEdits();
  if (edits_.empty()) {
    // Every position asked for was reached before without stopping, so one call runs exactly there.
    if (steps > machine_.steps) run(machine_, program_, room_, steps - machine_.steps);
    return;
  }
  // With values set, one instruction at a time, so that each edit is applied where it was set.
  while (machine_.steps < steps && machine_.status == RunStatus::kRunning) {
    run(machine_, program_, room_, 1);
    applyEdits();
  }
}

void RobbieDebugSession::applyEdits() {
  // An edit is an assignment, so applying it again on a keyframe that already holds it changes nothing.
  edits_.applyAt(machine_.steps, [&](const RobbieEdit& edit) {
    const auto index = static_cast<size_t>(edit.index);
    switch (edit.target) {
      case RobbieEdit::Target::kRegister:
        if (index < machine_.registers.size()) machine_.registers[index] = edit.value;
        return;
      case RobbieEdit::Target::kStack:
        if (index < machine_.stack.size()) machine_.stack[machine_.stack.size() - 1 - index] = edit.value;
        return;
    }
  });
}

std::string RobbieDebugSession::setValue(RobbieEdit edit) {
  if (!paused_) return "the program is not paused";
  const Value* current = nullptr;
  switch (edit.target) {
    case RobbieEdit::Target::kRegister:
      if (edit.index < 0 || static_cast<size_t>(edit.index) >= machine_.registers.size()) return "no such register";
      current = &machine_.registers[static_cast<size_t>(edit.index)];
      break;
    case RobbieEdit::Target::kStack:
      if (edit.index < 0 || static_cast<size_t>(edit.index) >= machine_.stack.size())
        return "the expression stack holds " + std::to_string(machine_.stack.size()) + " values";
      current = &machine_.stack[machine_.stack.size() - 1 - static_cast<size_t>(edit.index)];
      break;
  }
  const ValueType want = typeOf(*current);
  if (want == ValueType::kReal && typeOf(edit.value) == ValueType::kInteger)
    edit.value = static_cast<double>(std::get<int64_t>(edit.value));
  if (typeOf(edit.value) != want)
    return "a " + std::string(valueTypeName(want)) + " is needed, not a " +
           std::string(valueTypeName(typeOf(edit.value)));
  edits_.add(machine_.steps, std::move(edit));
  applyEdits();
  // Keyframes past this position were made without the value.
  const size_t keep = static_cast<size_t>(machine_.steps / interval_) + 1;
  if (keep < keyframes_.size())
    keyframes_.erase(keyframes_.begin() + static_cast<std::ptrdiff_t>(keep), keyframes_.end());
  return {};
}

bool RobbieDebugSession::advance() {
  run(machine_, program_, room_, 1);
  applyEdits();
  const bool running = machine_.status == RunStatus::kRunning;
  if (running && machine_.steps % interval_ == 0 &&
      static_cast<size_t>(machine_.steps / interval_) == keyframes_.size()) {
    keyframes_.push_back(Keyframe{machine_, room_});
    if (keyframes_.size() > kMaxKeyframes) {
      std::vector<Keyframe> thinned;
      for (size_t i = 0; i < keyframes_.size(); i += 2) thinned.push_back(std::move(keyframes_[i]));
      keyframes_ = std::move(thinned);
      interval_ *= 2;
    }
  }
  return running && machine_.steps < stepLimit_;
}

bool RobbieDebugSession::breakpointAt(std::vector<int>& ids) const {
  ids.clear();
  const int pc = machine_.pc;
  if (pc < 0 || static_cast<size_t>(pc) >= breakIndex_.size()) return false;
  for (size_t i : breakIndex_[static_cast<size_t>(pc)]) {
    const RobbieBreakpoint& b = breakpoints_[i];
    if (b.condition.holds(machine_, room_)) ids.push_back(b.id);
  }
  return !ids.empty();
}

void RobbieDebugSession::pauseAt(int64_t steps, RobbieStopReason reason, std::vector<int> hits, std::string error) {
  if (machine_.steps != steps || machine_.status != RunStatus::kRunning) reach(steps);
  paused_ = true;
  ended_ = false;
  reason_ = reason;
  hits_ = std::move(hits);
  error_ = std::move(error);
}

void RobbieDebugSession::finish() {
  endSteps_ = machine_.steps;
  result_ = RobbieRun{room_, machine_, endOf(machine_)};
  ended_ = true;
  paused_ = false;
}

bool RobbieDebugSession::stepForward(RobbieStep step) {
  if (ended_) return false;
  const bool fromStart = !paused_;
  if (fromStart) reach(0);
  const int startLine = fromStart ? 0 : lineOf(machine_.pc);
  bool commandDone = false;
  // Executes the instruction at the pc; false when the run ends there (or stops before it).
  bool stopped = false;
  const auto execute = [&](bool mayStopOnError) {
    const int64_t before = machine_.steps;
    const Op op = machine_.pc >= 0 && static_cast<size_t>(machine_.pc) < program_.code.size()
                      ? program_.code[static_cast<size_t>(machine_.pc)].op
                      : Op::kStop;
    if (advance()) {
      commandDone = commandDone || isCommand(op);
      return true;
    }
    if (machine_.status == RunStatus::kError && mayStopOnError && stopOnErrors_) {
      std::string message(runtimeErrorMessage(machine_.error));
      pauseAt(before, RobbieStopReason::kException, {}, std::move(message));
      stopped = true;
      return false;
    }
    finish();
    return false;
  };
  // The paused instruction runs first (a failure there is the one the client was shown: it goes on).
  if (!fromStart && !execute(false)) return stopped;
  for (;;) {
    std::vector<int> ids;
    if (breakpointAt(ids)) {
      pauseAt(machine_.steps, RobbieStopReason::kBreakpoint, std::move(ids), {});
      return true;
    }
    bool arrived = false;
    switch (step) {
      case RobbieStep::kInstruction: arrived = true; break;
      case RobbieStep::kLine: arrived = fromStart || lineOf(machine_.pc) != startLine; break;
      case RobbieStep::kCommand: arrived = fromStart ? false : commandDone; break;
      case RobbieStep::kContinue: break;
    }
    if (arrived) {
      pauseAt(machine_.steps, fromStart ? RobbieStopReason::kEntry : RobbieStopReason::kStep, {}, {});
      return true;
    }
    if (!execute(true)) return stopped;
  }
}

bool RobbieDebugSession::stepBack() {
  if (!paused_ && !ended_) return false;
  const int64_t target = current() - 1;
  if (target < 0) {
    pauseAt(0, RobbieStopReason::kEntry, {}, {});
    return true;
  }
  pauseAt(target, RobbieStopReason::kStep, {}, {});
  return true;
}

bool RobbieDebugSession::reverseContinue() {
  if (!paused_ && !ended_) return false;
  const int64_t from = current();
  // Without breakpoints the only stop behind is a failing instruction, and only the last one of a run
  // that ended with an error can fail: no need to re-run anything to find it.
  const bool anyBreakpoint = !breakpoints_.empty();
  if (!anyBreakpoint) {
    if (ended_ && stopOnErrors_ && result_.end == RunEnd::kError && from > 0) {
      pauseAt(from - 1, RobbieStopReason::kException, {}, std::string(runtimeErrorMessage(result_.machine.error)));
    } else {
      pauseAt(0, RobbieStopReason::kEntry, {}, {});
    }
    return true;
  }
  // Scan keyframe intervals from the one holding the current position down to the start; the latest
  // match in the first interval that has one is the answer.
  for (int64_t k = from > 0 ? (from - 1) / interval_ : 0; k >= 0; --k) {
    const int64_t begin = k * interval_;
    const int64_t end = std::min(from, begin + interval_);
    reach(std::min(begin, from));
    int64_t found = -1;
    RobbieStopReason reason = RobbieStopReason::kBreakpoint;
    std::vector<int> hits;
    std::string error;
    while (machine_.steps < end) {
      const int64_t at = machine_.steps;
      std::vector<int> ids;
      if (breakpointAt(ids)) {
        found = at;
        reason = RobbieStopReason::kBreakpoint;
        hits = std::move(ids);
        error.clear();
      }
      if (!advance()) {
        if (machine_.status == RunStatus::kError && stopOnErrors_) {
          found = at;
          reason = RobbieStopReason::kException;
          hits.clear();
          error = std::string(runtimeErrorMessage(machine_.error));
        }
        break;
      }
    }
    if (found >= 0) {
      pauseAt(found, reason, std::move(hits), std::move(error));
      return true;
    }
  }
  pauseAt(0, RobbieStopReason::kEntry, {}, {});
  return true;
}

}  // namespace chronon::robbie
