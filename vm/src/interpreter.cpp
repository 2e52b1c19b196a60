// The resumable RoboTalk interpreter (specs/robowar.md §3.3-§3.5, §4, §6; docs/robowar-arena.md
// "Interpreter" and "Run-time error messages").
//
// The hot loop keeps the stack pointer and program counter in locals and writes them back to the
// brain only when something outside the loop may look at them: a host call (which may enter a
// RANGE/RADAR handler), interrupt service, SYNC, the end of the budget and errors.

#include "chronon/vm/interpreter.h"

#include <cstddef>
#include <optional>

#include "chronon/stdlib/robotalk_words.h"
#include "math_words.h"

namespace chronon::vm {

namespace {

using robotalk::Op;
using robotalk::Reg;

// The quoted-register block (specs/robowar.md §3.3): 20300 + index for index 0-99.
constexpr int kFirstQuoted = robotalk::kRegisterBase;
constexpr int kLastQuoted = robotalk::kRegisterBase + 99;

// Bounds of + - * results (specs/robowar.md §3.3).
constexpr int kMaxValue = robotalk::kMaxLiteral;

// The messages of the original, letter for letter (docs/robowar-arena.md "Run-time error messages").
constexpr const char* kStackUnderflow = "Stack underflow";
constexpr const char* kIfeUnderflow = "Stark underflow";
constexpr const char* kStackOverflow = "Stack overflow";
constexpr const char* kOutOfBounds = "Number out of bounds.";
constexpr const char* kDivisionByZero = "Division by zero";
constexpr const char* kModByZero = "Mod by zero";
constexpr const char* kNegativeRoot = "Square root of negative number.";
constexpr const char* kBadJump = "Jump destination not in program";
constexpr const char* kBeyondEnd = "Tried executing beyond end of program";
constexpr const char* kEndOfCode = "End of code reached";
constexpr const char* kUnidentified = "Unidentified instruction";
constexpr const char* kNoVariable = "Variable not provided";
constexpr const char* kUnknownRegister = "Unknown register";
constexpr const char* kIllegalInterrupt = "SetInt:  Illegal interrupt name";
constexpr const char* kIllegalProbe = "SetParam:  Illegal probe register";
constexpr const char* kIllegalHistory = "SetParam:  Illegal history value";
constexpr const char* kUndocumented = "No undocumented commands in tournaments";
// The documents give no wording for ARCCOS and ARCSIN outside -1..1; these name the word.
constexpr const char* kBadArccos = "Illegal argument to arccos";
constexpr const char* kBadArcsin = "Illegal argument to arcsin";
// Returned by an instruction whose host call (or interrupt entry) already recorded the error.
constexpr char kAlreadyReported[] = "";

// True when `index` is a user variable that lives in the brain (A-W and Z; X and Y are the
// robot's position and belong to the arena).
constexpr bool isUserVariable(int index) {
  return index < static_cast<int>(Reg::X) || index == static_cast<int>(Reg::Z);
}

// True when `index` may be chosen with `reg' PROBE' SETPARAM` (docs/robowar-arena.md).
constexpr bool isProbeRegister(int index) {
  constexpr Reg kProbeable[] = {Reg::Damage,    Reg::Energy, Reg::Shield, Reg::Id,
                                Reg::Teammates, Reg::Aim,    Reg::Look,   Reg::Scan};
  for (const Reg reg : kProbeable) {
    if (static_cast<int>(reg) == index) return true;
  }
  return false;
}

constexpr int16_t flag(bool value) { return value ? 1 : 0; }

// The running state of one run() call.
class Machine {
 public:
  Machine(const Bytecode& code, Brain& brain, Host& host)
      : cells_(code.cells.data()),
        size_(static_cast<int>(code.cells.size())),
        brain_(brain),
        host_(host),
        stack_(brain.stack.data()),
        sp_(brain.sp),
        pc_(brain.pc) {}

  // Runs while result.cycles < budget, with `freeRun` free instructions already counted. With
  // kUntilLeader, also returns nullopt (the locals flushed) before an instruction at an address
  // whose `leaders` entry is set, after the first instruction.
  template <bool kUntilLeader>
  std::optional<Stop> run(int budget, RunResult& result, int& freeRun, const uint8_t* leaders);
  // Executes the instruction at pc_ as one turn of run()'s loop: charges its cycles to `result` and
  // counts free instructions in `freeRun`. Returns false, with result.stop set and the locals
  // flushed, when run() must stop after it; true when run() goes on (the locals are not flushed).
  // Inlined into run() so that the interpreter's loop keeps its speed.
  [[gnu::always_inline]] inline bool stepOnce(RunResult& result, int& freeRun);

  // Copies the locals into the brain before anything outside the loop may read or change it.
  void flush() {
    brain_.sp = sp_;
    brain_.pc = pc_;
  }
  // Takes the stack pointer and program counter back after such a call.
  void reload() {
    sp_ = brain_.sp;
    pc_ = brain_.pc;
  }

 private:
  bool validTarget(int address) const { return address >= 0 && address <= size_; }

  // Executes the operator of `cell` (pc_ already points past it). Returns the error message,
  // kAlreadyReported when a host call or interrupt entry recorded one, or nullptr; sets sync_ for
  // SYNC.
  const char* execute(const Cell& cell);
  // Replaces the top two cells (a below b) with f(a, b), or reports an underflow.
  template <class F>
  const char* binary(F f) {
    if (sp_ < 2) return kStackUnderflow;
    stack_[sp_ - 2] = f(stack_[sp_ - 2], stack_[sp_ - 1]);
    --sp_;
    return nullptr;
  }
  const char* recall();
  const char* store();
  const char* setInterrupt();
  const char* setParameter();
  const char* serviceQueue();

  const Cell* cells_;
  int size_;
  Brain& brain_;
  Host& host_;
  int16_t* stack_;
  int sp_;
  int pc_;
  bool sync_ = false;
};

template <bool kUntilLeader>
std::optional<Stop> Machine::run(int budget, RunResult& result, int& freeRun, const uint8_t* leaders) {
  for (bool first = true; result.cycles < budget; first = false) {
    if constexpr (kUntilLeader) {
      if (!first && pc_ >= 0 && pc_ < size_ && leaders[pc_] != 0) {
        flush();
        return std::nullopt;
      }
    }
    if (!stepOnce(result, freeRun)) return result.stop;
  }
  flush();
  result.stop = Stop::kBudget;
  return result.stop;
}

bool Machine::stepOnce(RunResult& result, int& freeRun) {
  if (pc_ < 0 || pc_ >= size_) [[unlikely]] {
    flush();
    fail(brain_, kBeyondEnd, pc_);
    result.stop = Stop::kError;
    return false;
  }
  const Cell& cell = cells_[pc_];
  const int at = pc_;
  ++pc_;
  result.cycles += cell.cost;
  const char* error = nullptr;
  if (cell.push) {
    if (sp_ >= kStackCells) [[unlikely]] {
      error = kStackOverflow;
    } else {
      stack_[sp_++] = cell.value;
    }
  } else if (cell.unknown) [[unlikely]] {
    error = kUnidentified;
  } else {
    error = execute(cell);
  }
  if (error != nullptr) [[unlikely]] {
    // Errors reported by the host (or by interrupt entry) belong to this instruction too.
    flush();
    if (error != kAlreadyReported) fail(brain_, error, at);
    brain_.errorAddress = at;
    result.stop = Stop::kError;
    return false;
  }
  if (sync_) {
    flush();
    result.stop = Stop::kSync;
    return false;
  }
  // Too many free words in one call end the turn, so that they cannot hang a battle.
  if (cell.cost == 0 && ++freeRun >= kFreeInstructionCap) [[unlikely]] {
    flush();
    result.stop = Stop::kBudget;
    return false;
  }
  return true;
}

const char* Machine::execute(const Cell& cell) {
  switch (cell.op) {
    case Op::Add:
    case Op::Subtract:
    case Op::Multiply: {
      if (sp_ < 2) return kStackUnderflow;
      const int b = stack_[sp_ - 1];
      const int a = stack_[sp_ - 2];
      const int value = cell.op == Op::Add ? a + b : cell.op == Op::Subtract ? a - b : a * b;
      if (value > kMaxValue || value < -kMaxValue) return kOutOfBounds;
      stack_[--sp_ - 1] = static_cast<int16_t>(value);
      return nullptr;
    }
    case Op::Divide:
    case Op::Mod: {
      if (sp_ < 2) return kStackUnderflow;
      const int b = stack_[sp_ - 1];
      const int a = stack_[sp_ - 2];
      if (b == 0) return cell.op == Op::Divide ? kDivisionByZero : kModByZero;
      // C semantics: the quotient truncates toward zero and the remainder takes the dividend's sign.
      const int value = cell.op == Op::Divide ? a / b : a % b;
      stack_[--sp_ - 1] = static_cast<int16_t>(value);
      return nullptr;
    }
    case Op::Greater: return binary([](int16_t a, int16_t b) { return flag(a > b); });
    case Op::Less: return binary([](int16_t a, int16_t b) { return flag(a < b); });
    case Op::Equal: return binary([](int16_t a, int16_t b) { return flag(a == b); });
    case Op::NotEqual: return binary([](int16_t a, int16_t b) { return flag(a != b); });
    case Op::And: return binary([](int16_t a, int16_t b) { return flag(a != 0 && b != 0); });
    case Op::Or: return binary([](int16_t a, int16_t b) { return flag(a != 0 || b != 0); });
    case Op::Xor: return binary([](int16_t a, int16_t b) { return flag((a != 0) != (b != 0)); });
    case Op::Max: return binary([](int16_t a, int16_t b) { return a > b ? a : b; });
    case Op::Min: return binary([](int16_t a, int16_t b) { return a < b ? a : b; });
    case Op::Chs:
    case Op::Abs:
    case Op::Not: {
      if (sp_ < 1) return kStackUnderflow;
      const int a = stack_[sp_ - 1];
      const int value = cell.op == Op::Chs ? -a : cell.op == Op::Abs ? (a < 0 ? -a : a) : flag(a == 0);
      stack_[sp_ - 1] = static_cast<int16_t>(value);
      return nullptr;
    }
    case Op::Sqrt: {
      if (sp_ < 1) return kStackUnderflow;
      const int a = stack_[sp_ - 1];
      if (a < 0) return kNegativeRoot;
      stack_[sp_ - 1] = static_cast<int16_t>(detail::sqrtWord(a));
      return nullptr;
    }
    case Op::Sin:
    case Op::Cos:
    case Op::Tan:
    case Op::Arctan:
    case Op::Dist: {
      if (sp_ < 2) return kStackUnderflow;
      const int b = stack_[sp_ - 1];
      const int a = stack_[sp_ - 2];
      int value = 0;
      if (cell.op == Op::Sin) {
        value = detail::sinWord(a, b);
      } else if (cell.op == Op::Cos) {
        value = detail::cosWord(a, b);
      } else if (cell.op == Op::Tan) {
        value = detail::tanWord(a, b);
      } else if (cell.op == Op::Arctan) {
        value = detail::arctanWord(a, b);
      } else {
        value = detail::distWord(a, b);
      }
      stack_[--sp_ - 1] = static_cast<int16_t>(value);
      return nullptr;
    }
    case Op::Arccos:
    case Op::Arcsin: {
      if (sp_ < 2) return kStackUnderflow;
      const int b = stack_[sp_ - 1];
      const int a = stack_[sp_ - 2];
      const bool isCos = cell.op == Op::Arccos;
      const std::optional<int> value = isCos ? detail::arccosWord(a, b) : detail::arcsinWord(a, b);
      if (!value) return isCos ? kBadArccos : kBadArcsin;
      stack_[--sp_ - 1] = static_cast<int16_t>(*value);
      return nullptr;
    }
    case Op::Store: return store();
    case Op::Recall: return recall();
    case Op::Drop:
      if (sp_ < 1) return kStackUnderflow;
      --sp_;
      return nullptr;
    case Op::Swap: {
      if (sp_ < 2) return kStackUnderflow;
      const int16_t top = stack_[sp_ - 1];
      stack_[sp_ - 1] = stack_[sp_ - 2];
      stack_[sp_ - 2] = top;
      return nullptr;
    }
    case Op::Dup:
      // The Mac copies the cell below an empty stack; Chronon reports the underflow instead.
      if (sp_ < 1) return kStackUnderflow;
      if (sp_ >= kStackCells) return kStackOverflow;
      stack_[sp_] = stack_[sp_ - 1];
      ++sp_;
      return nullptr;
    case Op::Roll: {
      if (sp_ < 1) return kStackUnderflow;
      const int places = stack_[--sp_];
      // A negative count only pops itself (docs/robowar-arena.md "Interpreter").
      if (places < 0) return nullptr;
      if (sp_ < places + 1) return kStackUnderflow;
      const int16_t moved = stack_[sp_ - 1];
      for (int i = sp_ - 1; i > sp_ - 1 - places; --i) stack_[i] = stack_[i - 1];
      stack_[sp_ - 1 - places] = moved;
      return nullptr;
    }
    case Op::Dropall: sp_ = 0; return nullptr;
    case Op::Jump: {
      if (sp_ < 1) return kStackUnderflow;
      const int target = stack_[--sp_];
      if (!validTarget(target)) return kBadJump;
      pc_ = target;
      return nullptr;
    }
    case Op::Call: {
      if (sp_ < 1) return kStackUnderflow;
      const int target = stack_[sp_ - 1];
      if (!validTarget(target)) return kBadJump;
      // The return address replaces the target on the stack.
      stack_[sp_ - 1] = static_cast<int16_t>(pc_);
      pc_ = target;
      return nullptr;
    }
    case Op::If:
    case Op::Ifg: {
      if (sp_ < 2) return kStackUnderflow;
      const int target = stack_[sp_ - 1];
      const int condition = stack_[sp_ - 2];
      sp_ -= 2;
      if (condition == 0) return nullptr;
      if (!validTarget(target)) return kBadJump;
      if (cell.op == Op::If) stack_[sp_++] = static_cast<int16_t>(pc_);
      pc_ = target;
      return nullptr;
    }
    case Op::Ife:
    case Op::Ifeg: {
      // IFE reports its underflow with the original's misspelt message.
      if (sp_ < 3) return cell.op == Op::Ife ? kIfeUnderflow : kStackUnderflow;
      const int otherwise = stack_[sp_ - 1];
      const int then = stack_[sp_ - 2];
      const int condition = stack_[sp_ - 3];
      sp_ -= 3;
      const int target = condition != 0 ? then : otherwise;
      if (!validTarget(target)) return kBadJump;
      if (cell.op == Op::Ife) stack_[sp_++] = static_cast<int16_t>(pc_);
      pc_ = target;
      return nullptr;
    }
    case Op::End: return kEndOfCode;
    case Op::Nop:
    case Op::Beep:
    case Op::Icon0:
    case Op::Icon1:
    case Op::Icon2:
    case Op::Icon3:
    case Op::Icon4:
    case Op::Icon5:
    case Op::Icon6:
    case Op::Icon7:
    case Op::Icon8:
    case Op::Icon9:
    case Op::Debug:
    case Op::Snd0:
    case Op::Snd1:
    case Op::Snd2:
    case Op::Snd3:
    case Op::Snd4:
    case Op::Snd5:
    case Op::Snd6:
    case Op::Snd7:
    case Op::Snd8:
    case Op::Snd9:
      // Icons, sounds, beeps and a disabled debugger change nothing the battle can see.
      return nullptr;
    case Op::Print:
      // PRINT shows the top without popping it; it needs a cell to show.
      return sp_ < 1 ? kStackUnderflow : nullptr;
    case Op::Sync: sync_ = true; return nullptr;
    case Op::Vstore: {
      if (sp_ < 2) return kStackUnderflow;
      const int index = stack_[sp_ - 1];
      const int16_t value = stack_[sp_ - 2];
      sp_ -= 2;
      if (validVectorIndex(index)) brain_.vector[static_cast<size_t>(index)] = value;
      return nullptr;
    }
    case Op::Vrecall: {
      if (sp_ < 1) return kStackUnderflow;
      const int index = stack_[sp_ - 1];
      stack_[sp_ - 1] = validVectorIndex(index) ? brain_.vector[static_cast<size_t>(index)] : int16_t{0};
      return nullptr;
    }
    case Op::Inton: brain_.interruptsEnabled = true; return serviceQueue();
    case Op::Intoff: brain_.interruptsEnabled = false; return nullptr;
    case Op::Rti: {
      if (sp_ < 1) return kStackUnderflow;
      const int target = stack_[--sp_];
      if (!validTarget(target)) return kBadJump;
      pc_ = target;
      brain_.interruptsEnabled = true;
      return serviceQueue();
    }
    case Op::Setint: return setInterrupt();
    case Op::Setparam: return setParameter();
    case Op::Flushint: brain_.pending = 0; return nullptr;
    case Op::Mrb:
      // The undocumented dialog is not shown; under the official rules the word is fatal.
      return brain_.officialRules ? kUndocumented : nullptr;
  }
  return kUnidentified;
}

const char* Machine::recall() {
  if (sp_ < 1) return kStackUnderflow;
  const int code = stack_[sp_ - 1];
  if (code < kFirstQuoted || code > kLastQuoted) return kNoVariable;
  const int index = code - kFirstQuoted;
  if (index >= robotalk::kRegisterCount) return kUnknownRegister;
  if (isUserVariable(index)) {
    stack_[sp_ - 1] = brain_.letters[static_cast<size_t>(index)];
    return nullptr;
  }
  --sp_;
  flush();
  const int32_t value = readHardware(brain_, host_, static_cast<Reg>(index), pc_ - 1);
  reload();
  if (value == kHardwareReadFailed) return kAlreadyReported;
  if (sp_ >= kStackCells) return kStackOverflow;
  stack_[sp_++] = static_cast<int16_t>(value);
  return nullptr;
}

const char* Machine::store() {
  if (sp_ < 2) return kStackUnderflow;
  const int code = stack_[sp_ - 1];
  if (code < kFirstQuoted || code > kLastQuoted) return kNoVariable;
  const int index = code - kFirstQuoted;
  if (index >= robotalk::kRegisterCount) return kUnknownRegister;
  const int16_t value = stack_[sp_ - 2];
  sp_ -= 2;
  if (isUserVariable(index)) {
    brain_.letters[static_cast<size_t>(index)] = value;
    return nullptr;
  }
  // The host may enter a RANGE/RADAR handler (which pushes pc_ as the return address) or fail.
  flush();
  const bool written = writeHardware(brain_, host_, static_cast<Reg>(index), value, pc_ - 1);
  reload();
  return written ? nullptr : kAlreadyReported;
}

const char* Machine::setInterrupt() {
  if (sp_ < 2) return kStackUnderflow;
  const int code = stack_[sp_ - 1];
  if (code < kFirstQuoted || code > kLastQuoted) return kNoVariable;
  Interrupt which{};
  const int index = code - kFirstQuoted;
  if (index >= robotalk::kRegisterCount || !interruptFor(static_cast<Reg>(index), which)) return kIllegalInterrupt;
  // The address is not checked here; entering a bad handler fails when it runs.
  brain_.interrupts[static_cast<size_t>(which)].handler = stack_[sp_ - 2];
  sp_ -= 2;
  return nullptr;
}

const char* Machine::setParameter() {
  if (sp_ < 2) return kStackUnderflow;
  const int code = stack_[sp_ - 1];
  if (code < kFirstQuoted || code > kLastQuoted) return kNoVariable;
  const int index = code - kFirstQuoted;
  const int16_t value = stack_[sp_ - 2];
  sp_ -= 2;
  if (index == static_cast<int>(Reg::Probe)) {
    const int chosen = value - kFirstQuoted;
    if (value < kFirstQuoted || value > kLastQuoted || chosen >= robotalk::kRegisterCount || !isProbeRegister(chosen)) {
      return kIllegalProbe;
    }
    brain_.probeRegister = static_cast<int16_t>(chosen);
    return nullptr;
  }
  if (index == static_cast<int>(Reg::History)) {
    if (value < 1 || value > kHistoryCells) return kIllegalHistory;
    brain_.historyCell = value;
    return nullptr;
  }
  Interrupt which{};
  if (index >= robotalk::kRegisterCount || !interruptFor(static_cast<Reg>(index), which)) return kIllegalInterrupt;
  brain_.interrupts[static_cast<size_t>(which)].param = value;
  return nullptr;
}

const char* Machine::serviceQueue() {
  // INTON and RTI service the queue at once (specs/robowar.md §6): the handler's return address
  // is the instruction after INTON, or the RTI's target.
  flush();
  const int entered = serviceInterrupts(brain_);
  reload();
  if (entered >= 0) host_.interruptEntered(brain_, static_cast<Interrupt>(entered));
  return brain_.failed ? kAlreadyReported : nullptr;
}

}  // namespace

namespace {

template <bool kUntilLeader>
std::optional<Stop> runFrom(const Bytecode& code, Brain& brain, Host& host, int budget, RunCounters& counters,
                            const uint8_t* leaders) {
  if (brain.failed) return Stop::kError;
  Machine machine(code, brain, host);
  RunResult result{Stop::kBudget, counters.cycles};
  const std::optional<Stop> stop = machine.run<kUntilLeader>(budget, result, counters.freeRun, leaders);
  counters.cycles = result.cycles;
  return stop;
}

}  // namespace

RunResult run(const Bytecode& code, Brain& brain, Host& host, int budget) {
  RunCounters counters;
  const Stop stop = resume(code, brain, host, budget, counters);
  return RunResult{stop, counters.cycles};
}

Stop resume(const Bytecode& code, Brain& brain, Host& host, int budget, RunCounters& counters) {
  // Without leaders the run ends only at a stop.
  return *runFrom<false>(code, brain, host, budget, counters, nullptr);
}

std::optional<Stop> resumeUntil(const Bytecode& code, Brain& brain, Host& host, int budget, RunCounters& counters,
                                const uint8_t* leaders) {
  return runFrom<true>(code, brain, host, budget, counters, leaders);
}

int32_t readHardware(Brain& brain, Host& host, Reg reg, int at) {
  const int16_t value = host.readRegister(brain, reg);
  if (!brain.failed) return value;
  // Errors reported by the host belong to the instruction that called it.
  brain.errorAddress = at;
  return kHardwareReadFailed;
}

bool writeHardware(Brain& brain, Host& host, Reg reg, int16_t value, int at) {
  host.writeRegister(brain, reg, value);
  if (!brain.failed) return true;
  brain.errorAddress = at;
  return false;
}

std::optional<Stop> step(const Bytecode& code, Brain& brain, Host& host, RunCounters& counters) {
  if (brain.failed) return Stop::kError;
  Machine machine(code, brain, host);
  RunResult result{Stop::kBudget, counters.cycles};
  const bool more = machine.stepOnce(result, counters.freeRun);
  counters.cycles = result.cycles;
  if (!more) return result.stop;
  machine.flush();
  return std::nullopt;
}

}  // namespace chronon::vm
