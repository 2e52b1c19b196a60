// The Robbie Language debugging session (robbie_debug.h): a run stepped one instruction at a time,
// searched forward by running and backward by re-running from keyframes.

#include "chronon/arena/robbie_debug.h"

#include <algorithm>
#include <utility>

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

}  // namespace

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
  for (std::vector<int>& ids : breakIndex_) ids.clear();
  for (const RobbieBreakpoint& b : breakpoints) {
    if (b.address < 0 || static_cast<size_t>(b.address) >= breakIndex_.size()) continue;
    breakIndex_[static_cast<size_t>(b.address)].push_back(b.id);
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
  // Every position asked for was reached before without stopping, so one call runs exactly there.
  if (steps > machine_.steps) run(machine_, program_, room_, steps - machine_.steps);
}

bool RobbieDebugSession::advance() {
  run(machine_, program_, room_, 1);
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

bool RobbieDebugSession::breakpointAt(int pc, std::vector<int>& ids) const {
  if (pc < 0 || static_cast<size_t>(pc) >= breakIndex_.size()) return false;
  ids = breakIndex_[static_cast<size_t>(pc)];
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
    if (breakpointAt(machine_.pc, ids)) {
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
  const bool anyBreakpoint =
      std::any_of(breakIndex_.begin(), breakIndex_.end(), [](const std::vector<int>& ids) { return !ids.empty(); });
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
      if (breakpointAt(machine_.pc, ids)) {
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
