// The resumable RoboTalk interpreter (specs/robowar.md §3.3-§3.5, §4, §6; docs/robowar-arena.md
// "Interpreter" and "Run-time error messages").
//
// The hot loop keeps the stack pointer and program counter in locals and writes them back to the
// brain only when something outside the loop may look at them: a host call (which may enter a
// RANGE/RADAR handler), interrupt service, SYNC, the end of the budget and errors.

#include "chronon/vm/robotalk_interpreter.h"

#include <array>
#include <cstddef>
#include <optional>

#include "chronon/stdlib/robotalk_words.h"
#include "chronon/vm/robotalk_semantics.h"

namespace chronon::robotalk {

namespace {

using robotalk::Op;
using robotalk::Reg;

// The quoted-register block (specs/robowar.md §3.3): 20300 + index for index 0-99.
constexpr int kFirstQuoted = robotalk::kRegisterBase;
constexpr int kLastQuoted = robotalk::kRegisterBase + 99;

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

// True when `index` may be chosen with `reg' PROBE' SETPARAM` (docs/robowar-arena.md).
constexpr bool isProbeRegister(int index) {
  constexpr Reg kProbeable[] = {Reg::Damage,    Reg::Energy, Reg::Shield, Reg::Id,
                                Reg::Teammates, Reg::Aim,    Reg::Look,   Reg::Scan};
  for (const Reg reg : kProbeable) {
    if (static_cast<int>(reg) == index) return true;
  }
  return false;
}

// The program counter and stack pointer of a run. They live in locals of loop() (registers): only
// the brain's copies are seen outside the loop, so the loop writes them back (flushTo) before it
// calls anything that may read or change the brain, and takes them back (reloadFrom) after.
struct Registers {
  int pc;
  int sp;
};

void flushTo(MachineState& brain, const Registers& r) {
  brain.sp = r.sp;
  brain.pc = r.pc;
}

void reloadFrom(const MachineState& brain, Registers& r) {
  r.sp = brain.sp;
  r.pc = brain.pc;
}

bool validTarget(int address, int size) { return address >= 0 && address <= size; }

// The out-of-line halves of the words that touch the host or the interrupt state. Each runs on the
// brain's own stack pointer and program counter (flushed by the caller) and returns the error
// message, kAlreadyReported when the host or interrupt entry recorded one, or nullptr.

// RECALL of a hardware register (the code already popped): reads it and pushes the value.
[[gnu::noinline]] const char* recallHardware(MachineState& brain, Host& host, int index) {
  const int32_t value = readHardware(brain, host, static_cast<Reg>(index), brain.pc - 1);
  if (value == kHardwareReadFailed) return kAlreadyReported;
  if (brain.sp >= kStackCells) return kStackOverflow;
  brain.stack[static_cast<size_t>(brain.sp++)] = static_cast<int16_t>(value);
  return nullptr;
}

// STORE to a hardware register (value and code already popped). The host may enter a RANGE/RADAR
// handler, which pushes the program counter as the return address, or fail.
[[gnu::noinline]] const char* storeHardware(MachineState& brain, Host& host, int index, int16_t value) {
  return writeHardware(brain, host, static_cast<Reg>(index), value, brain.pc - 1) ? nullptr : kAlreadyReported;
}

[[gnu::noinline]] const char* setInterrupt(MachineState& brain) {
  int& sp = brain.sp;
  if (sp < 2) return kStackUnderflow;
  const int code = brain.stack[static_cast<size_t>(sp - 1)];
  if (code < kFirstQuoted || code > kLastQuoted) return kNoVariable;
  Interrupt which{};
  const int index = code - kFirstQuoted;
  if (index >= robotalk::kRegisterCount || !interruptFor(static_cast<Reg>(index), which)) return kIllegalInterrupt;
  // The address is not checked here; entering a bad handler fails when it runs.
  brain.interrupts[static_cast<size_t>(which)].handler = brain.stack[static_cast<size_t>(sp - 2)];
  sp -= 2;
  return nullptr;
}

[[gnu::noinline]] const char* setParameter(MachineState& brain) {
  int& sp = brain.sp;
  if (sp < 2) return kStackUnderflow;
  const int code = brain.stack[static_cast<size_t>(sp - 1)];
  if (code < kFirstQuoted || code > kLastQuoted) return kNoVariable;
  const int index = code - kFirstQuoted;
  const int16_t value = brain.stack[static_cast<size_t>(sp - 2)];
  sp -= 2;
  if (index == static_cast<int>(Reg::Probe)) {
    const int chosen = value - kFirstQuoted;
    if (value < kFirstQuoted || value > kLastQuoted || chosen >= robotalk::kRegisterCount || !isProbeRegister(chosen)) {
      return kIllegalProbe;
    }
    brain.probeRegister = static_cast<int16_t>(chosen);
    return nullptr;
  }
  if (index == static_cast<int>(Reg::History)) {
    if (value < 1 || value > kHistoryCells) return kIllegalHistory;
    brain.historyCell = value;
    return nullptr;
  }
  Interrupt which{};
  if (index >= robotalk::kRegisterCount || !interruptFor(static_cast<Reg>(index), which)) return kIllegalInterrupt;
  brain.interrupts[static_cast<size_t>(which)].param = value;
  return nullptr;
}

[[gnu::noinline]] const char* serviceQueue(MachineState& brain, Host& host) {
  // INTON and RTI service the queue at once (specs/robowar.md §6): the handler's return address
  // is the instruction after INTON, or the RTI's target.
  const int entered = serviceInterrupts(brain);
  if (entered >= 0) host.interruptEntered(brain, static_cast<Interrupt>(entered));
  return brain.failed ? kAlreadyReported : nullptr;
}

// Calls one of the out-of-line halves above with the registers flushed, and takes them back.
template <class F>
[[gnu::always_inline]] inline const char* outOfLine(MachineState& brain, Registers& r, F f) {
  flushTo(brain, r);
  const char* error = f();
  reloadFrom(brain, r);
  return error;
}

// The message of a pure operator's error, letter for letter.
const char* messageOf(robotalk::WordError error) {
  switch (error) {
    case robotalk::WordError::kOutOfBounds: return kOutOfBounds;
    case robotalk::WordError::kDivisionByZero: return kDivisionByZero;
    case robotalk::WordError::kModByZero: return kModByZero;
    case robotalk::WordError::kNegativeRoot: return kNegativeRoot;
    case robotalk::WordError::kBadArccos: return kBadArccos;
    case robotalk::WordError::kBadArcsin: return kBadArcsin;
  }
  return kUnidentified;
}

// A pure operator: its entry (robotalk_semantics.def) on the top cells, which it replaces with its
// results, or the underflow or the operator's error, with nothing changed.
template <Op O>
[[gnu::always_inline]] inline const char* pureOperator(int16_t* stack, Registers& r) {
  using W = robotalk::Word<O>;
  // With no more pushes than pops the operator cannot overflow the stack.
  static_assert(W::kPushes <= W::kPops && W::kPushes > 0);
  if (r.sp < W::kPops) return kStackUnderflow;
  const int base = r.sp - W::kPops;
  std::array<int16_t, W::kPushes> out;
  robotalk::ValueMachine m;
  if (!W::apply(m, stack + base, out.data())) [[unlikely]]
    return messageOf(m.error);
  for (int i = 0; i < W::kPushes; ++i) stack[base + i] = out[static_cast<size_t>(i)];
  r.sp = base + W::kPushes;
  return nullptr;
}

// A stack shuffle: its effect (Shuffle, stdlib/stack_effect.h) on the top cells, or the underflow
// or overflow with nothing changed. The Mac's DUP copies the cell below an empty stack; Chronon
// reports the underflow instead (docs/robowar-arena.md "Interpreter").
template <Op O>
[[gnu::always_inline]] inline const char* shuffle(int16_t* stack, Registers& r) {
  constexpr Shuffle kShuffle = robotalk::shuffleOf(O);
  constexpr int kPops = kShuffle.pops;
  constexpr int kPushes = kShuffle.pushes;
  static_assert(kShuffle.valid && kPops > 0);
  if (r.sp < kPops) return kStackUnderflow;
  if constexpr (kPushes > kPops) {
    if (r.sp - kPops + kPushes > robotalk::kStackCells) return kStackOverflow;
  }
  int16_t* const base = stack + r.sp - kPops;
  applyShuffle(
      kShuffle, [&](int i) { return base[i]; }, [&](int i, int16_t cell) { base[i] = cell; });
  r.sp += kPushes - kPops;
  return nullptr;
}

// The machine the machine operators' entries (robotalk_semantics.def) run on in the interpreter:
// cells on values, and the brain's VSTORE vector.
struct VectorMachine : robotalk::ValueMachine {
  std::array<int16_t, robotalk::kVectorCells>& vector;

  static bool vectorIndexValid(Cell c) { return validVectorIndex(c); }
  bool vectorLoad(Cell c, Cell& out) const {
    out = vector[static_cast<size_t>(c)];
    return true;
  }
  bool vectorStore(Cell c, Cell v) {
    vector[static_cast<size_t>(c)] = v;
    return true;
  }
  template <class F>
  static bool ifThen(bool flag, F then) {
    return !flag || then();
  }
};

// A machine operator: its entry (robotalk_semantics.def) on the top cells, which it replaces with
// its results, or the underflow with nothing changed.
template <Op O>
[[gnu::always_inline]] inline const char* machineOperator(int16_t* stack, Registers& r, MachineState& brain) {
  using W = robotalk::MachineWord<O>;
  if (r.sp < W::kPops) return kStackUnderflow;
  const int base = r.sp - W::kPops;
  std::array<int16_t, W::kPushes> out;
  VectorMachine m{{}, brain.vector};
  W::apply(m, stack + base, out.data());
  for (int i = 0; i < W::kPushes; ++i) stack[base + i] = out[static_cast<size_t>(i)];
  r.sp = base + W::kPushes;
  return nullptr;
}

// The operator O of a push-operator pair (CHRONON_ROBOTALK_CONSTANT_PAIRS) on the top two cells, the
// pushed one on top. Returns false, with nothing changed, when it would fail.
template <Op O>
[[gnu::always_inline]] inline bool pairedOperator(int16_t* stack, Registers& r) {
  using W = robotalk::Word<O>;
  static_assert(W::kPops == 2 && W::kPushes == 1);
  if (r.sp < 2) return false;
  std::array<int16_t, 1> out;
  robotalk::ValueMachine m;
  if (!W::apply(m, stack + r.sp - 2, out.data())) return false;
  stack[--r.sp - 1] = out[0];
  ++r.pc;
  return true;
}

// Executes the operator of `cell` (r.pc already points past it) on the stack in `stack`. Returns
// the error message, kAlreadyReported when a host call or interrupt entry recorded one, or nullptr;
// sets `sync` for SYNC. Inlined into loop() so that the registers stay in registers.
[[gnu::always_inline]] inline const char* execute(const Cell& cell, Registers& r, int16_t* stack, int size,
                                                  MachineState& brain, Host& host, bool& sync) {
  int& sp = r.sp;
  int& pc = r.pc;
  switch (cell.op) {
    // The pure operators, each computed by its one entry in robotalk_semantics.def.
#define ROBOTALK_INLINE_WORD(Name, ...) \
  case Op::Name:                        \
    return pureOperator<Op::Name>(stack, r);
#define ROBOTALK_CALLED_WORD(Name, ...) ROBOTALK_INLINE_WORD(Name)
#include "chronon/vm/robotalk_semantics.def"
#undef ROBOTALK_CALLED_WORD
#undef ROBOTALK_INLINE_WORD
    case Op::Store: {
      if (sp < 2) return kStackUnderflow;
      const int code = stack[sp - 1];
      if (code < kFirstQuoted || code > kLastQuoted) return kNoVariable;
      const int index = code - kFirstQuoted;
      if (index >= robotalk::kRegisterCount) return kUnknownRegister;
      const int16_t value = stack[sp - 2];
      sp -= 2;
      if (robotalk::isUserVariable(index)) {
        brain.letters[static_cast<size_t>(index)] = value;
        return nullptr;
      }
      return outOfLine(brain, r, [&] { return storeHardware(brain, host, index, value); });
    }
    case Op::Recall: {
      if (sp < 1) return kStackUnderflow;
      const int code = stack[sp - 1];
      if (code < kFirstQuoted || code > kLastQuoted) return kNoVariable;
      const int index = code - kFirstQuoted;
      if (index >= robotalk::kRegisterCount) return kUnknownRegister;
      if (robotalk::isUserVariable(index)) {
        stack[sp - 1] = brain.letters[static_cast<size_t>(index)];
        return nullptr;
      }
      // A register the host keeps as an int is read where it lies: a hardware read costs a virtual
      // call and a flush of the registers otherwise, and most reads are of such registers.
      if (const int32_t value = readDirect(host, index); value != kNotDirect) {
        stack[sp - 1] = static_cast<int16_t>(value);
        return nullptr;
      }
      --sp;
      return outOfLine(brain, r, [&] { return recallHardware(brain, host, index); });
    }
    // The stack shuffles, each its effect in the operator table (robotalk_semantics.def).
#define ROBOTALK_SHUFFLE_WORD(Name) \
  case Op::Name:                    \
    return shuffle<Op::Name>(stack, r);
#define ROBOTALK_INLINE_WORD(Name, ...)
#define ROBOTALK_CALLED_WORD(Name, ...)
#include "chronon/vm/robotalk_semantics.def"
#undef ROBOTALK_CALLED_WORD
#undef ROBOTALK_INLINE_WORD
#undef ROBOTALK_SHUFFLE_WORD
    case Op::Roll: {
      if (sp < 1) return kStackUnderflow;
      const int places = stack[--sp];
      // A negative count only pops itself (docs/robowar-arena.md "Interpreter").
      if (places < 0) return nullptr;
      if (sp < places + 1) return kStackUnderflow;
      const int16_t moved = stack[sp - 1];
      for (int i = sp - 1; i > sp - 1 - places; --i) stack[i] = stack[i - 1];
      stack[sp - 1 - places] = moved;
      return nullptr;
    }
    case Op::Dropall: sp = 0; return nullptr;
    case Op::Jump: {
      if (sp < 1) return kStackUnderflow;
      const int target = stack[--sp];
      if (!validTarget(target, size)) return kBadJump;
      pc = target;
      return nullptr;
    }
    case Op::Call: {
      if (sp < 1) return kStackUnderflow;
      const int target = stack[sp - 1];
      if (!validTarget(target, size)) return kBadJump;
      // The return address replaces the target on the stack.
      stack[sp - 1] = static_cast<int16_t>(pc);
      pc = target;
      return nullptr;
    }
    case Op::If:
    case Op::Ifg: {
      if (sp < 2) return kStackUnderflow;
      const int target = stack[sp - 1];
      const int condition = stack[sp - 2];
      sp -= 2;
      if (condition == 0) return nullptr;
      if (!validTarget(target, size)) return kBadJump;
      if (cell.op == Op::If) stack[sp++] = static_cast<int16_t>(pc);
      pc = target;
      return nullptr;
    }
    case Op::Ife:
    case Op::Ifeg: {
      // IFE reports its underflow with the original's misspelt message.
      if (sp < 3) return cell.op == Op::Ife ? kIfeUnderflow : kStackUnderflow;
      const int otherwise = stack[sp - 1];
      const int then = stack[sp - 2];
      const int condition = stack[sp - 3];
      sp -= 3;
      const int target = condition != 0 ? then : otherwise;
      if (!validTarget(target, size)) return kBadJump;
      if (cell.op == Op::Ife) stack[sp++] = static_cast<int16_t>(pc);
      pc = target;
      return nullptr;
    }
    case Op::End: return kEndOfCode;
    case Op::Nop:
    case Op::Beep:
      // clang-format off
#define CHRONON_SILENT_CASE(name) case Op::name:
    CHRONON_ROBOTALK_SILENT_OPERATORS(CHRONON_SILENT_CASE)
#undef CHRONON_SILENT_CASE
      // clang-format on
      // Icons, sounds, beeps and a disabled debugger change nothing the battle can see.
      return nullptr;
    case Op::Sync:
      sync = true;
      return nullptr;
      // clang-format off
    // The machine operators, each run from its entry in robotalk_semantics.def.
#define ROBOTALK_INLINE_WORD(Name, ...)
#define ROBOTALK_CALLED_WORD(Name, ...)
#define ROBOTALK_MACHINE_WORD(Name, ...) case Op::Name: return machineOperator<Op::Name>(stack, r, brain);
#include "chronon/vm/robotalk_semantics.def"
#undef ROBOTALK_MACHINE_WORD
#undef ROBOTALK_CALLED_WORD
#undef ROBOTALK_INLINE_WORD
      // clang-format on
    case Op::Inton:
      brain.interruptsEnabled = true;
      return outOfLine(brain, r, [&] { return serviceQueue(brain, host); });
    case Op::Intoff: brain.interruptsEnabled = false; return nullptr;
    case Op::Rti: {
      if (sp < 1) return kStackUnderflow;
      const int target = stack[--sp];
      if (!validTarget(target, size)) return kBadJump;
      pc = target;
      brain.interruptsEnabled = true;
      return outOfLine(brain, r, [&] { return serviceQueue(brain, host); });
    }
    case Op::Setint: return outOfLine(brain, r, [&] { return setInterrupt(brain); });
    case Op::Setparam: return outOfLine(brain, r, [&] { return setParameter(brain); });
    case Op::Flushint: brain.pending = 0; return nullptr;
    case Op::Mrb:
      // The undocumented dialog is not shown; under the official rules the word is fatal.
      return brain.officialRules ? kUndocumented : nullptr;
  }
  return kUnidentified;
}

// Runs the operator after the push `cell` in the same turn of the loop as the push, which the
// caller has made (r.pc points at the operator), when the budget, a leader or a single step does not
// end the run between the two. The operator runs as execute() would run it, its top argument known
// from the push: the stack, dead cells included, r.pc and r.sp end where execute() leaves them.
// Returns false, with nothing changed, when the operator must run in a turn of its own instead (when
// it would fail, since execute() has the messages); otherwise sets `error` as execute() would.
[[gnu::always_inline]] inline bool runPair(const Cell& cell, Registers& r, int16_t* stack, MachineState& brain,
                                           Host& host, const char*& error) {
  int& sp = r.sp;
  int& pc = r.pc;
  const int value = cell.value;
  const int index = value - kFirstQuoted;
  switch (cell.pair) {
    case Pair::kNone: return false;
    case Pair::kRecallLetter:
      stack[sp - 1] = brain.letters[static_cast<size_t>(index)];
      ++pc;
      return true;
    case Pair::kRecallRegister:
      ++pc;
      if (const int32_t read = readDirect(host, index); read != kNotDirect) {
        stack[sp - 1] = static_cast<int16_t>(read);
        return true;
      }
      --sp;
      error = outOfLine(brain, r, [&] { return recallHardware(brain, host, index); });
      return true;
    case Pair::kStoreLetter:
      if (sp < 2) return false;
      brain.letters[static_cast<size_t>(index)] = stack[sp - 2];
      sp -= 2;
      ++pc;
      return true;
    case Pair::kStoreRegister: {
      if (sp < 2) return false;
      const int16_t stored = stack[sp - 2];
      sp -= 2;
      ++pc;
      error = outOfLine(brain, r, [&] { return storeHardware(brain, host, index, stored); });
      return true;
    }
    case Pair::kJump:
      --sp;
      pc = value;
      return true;
    case Pair::kIf:
    case Pair::kIfg: {
      if (sp < 2) return false;
      const bool taken = stack[sp - 2] != 0;
      sp -= 2;
      ++pc;
      if (!taken) return true;
      if (cell.pair == Pair::kIf) stack[sp++] = static_cast<int16_t>(pc);
      pc = value;
      return true;
    }
#define CHRONON_PAIR_CASE(Name) \
  case Pair::k##Name: return pairedOperator<Op::Name>(stack, r);
      CHRONON_ROBOTALK_CONSTANT_PAIRS(CHRONON_PAIR_CASE)
#undef CHRONON_PAIR_CASE
  }
  return false;
}

// The interpreter's loop. With kOneStep it executes exactly one instruction, whatever the budget,
// and returns nullopt (the registers flushed) when the run may go on. Otherwise it runs while
// counters.cycles < budget; with kUntilLeader it also returns nullopt (flushed) before an
// instruction at an address whose `leaders` entry is set, after the first instruction. Every stop
// flushes the registers and the counters into `brain` and `counters`.
template <bool kUntilLeader, bool kOneStep>
std::optional<Stop> loop(const Bytecode& code, MachineState& brain, Host& host, int budget, RunCounters& counters,
                         const uint8_t* leaders) {
  if (brain.failed) return Stop::kError;
  const Cell* const cells = code.cells.data();
  const int size = static_cast<int>(code.cells.size());
  int16_t* const stack = brain.stack.data();
  Registers r{brain.pc, brain.sp};
  int cycles = counters.cycles;
  int freeRun = counters.freeRun;
  const auto stop = [&](std::optional<Stop> why) {
    flushTo(brain, r);
    counters.cycles = cycles;
    counters.freeRun = freeRun;
    return why;
  };
  for (bool first = true;; first = false) {
    if constexpr (!kOneStep) {
      if (cycles >= budget) return stop(Stop::kBudget);
    }
    // One unsigned comparison catches a negative program counter (a bad interrupt handler) too.
    if (static_cast<unsigned>(r.pc) >= static_cast<unsigned>(size)) [[unlikely]] {
      stop(std::nullopt);
      fail(brain, kBeyondEnd, r.pc);
      return Stop::kError;
    }
    // The program counter is in the program here, so it indexes `leaders` as it is.
    if constexpr (kUntilLeader && !kOneStep) {
      if (!first && leaders[r.pc] != 0) return stop(std::nullopt);
    }
    const Cell& cell = cells[r.pc];
    int at = r.pc;
    ++r.pc;
    cycles += cell.cost;
    const char* error = nullptr;
    bool sync = false;
    if (cell.push) {
      // Half of what robots run are pushes; they cost a cycle (decode gives every push cost 1), so
      // those that run alone go straight back to the top without the tests that follow an operator.
      if (r.sp >= kStackCells) [[unlikely]] {
        error = kStackOverflow;
      } else {
        stack[r.sp++] = cell.value;
        if constexpr (kOneStep) return stop(std::nullopt);
        // A paired push runs its operator in the same turn when the loop's top would let the
        // operator run next: the budget not spent and no leader there (the operator is in the
        // program, so the program counter needs no test). The pair's operators cost cycles
        // (decode), so the free-instruction cap does not count them.
        if (cell.pair == Pair::kNone || cycles >= budget || (kUntilLeader && leaders[r.pc] != 0)) continue;
        const int operatorAt = r.pc;
        if (!runPair(cell, r, stack, brain, host, error)) continue;
        at = operatorAt;
        cycles += cells[operatorAt].cost;
        if (error == nullptr) continue;
      }
    } else if (cell.unknown) [[unlikely]] {
      error = kUnidentified;
    } else {
      error = execute(cell, r, stack, size, brain, host, sync);
    }
    if (error != nullptr) [[unlikely]] {
      // Errors reported by the host (or by interrupt entry) belong to this instruction too.
      stop(std::nullopt);
      if (error != kAlreadyReported) fail(brain, error, at);
      brain.errorAddress = at;
      return Stop::kError;
    }
    if (sync) return stop(Stop::kSync);
    // Too many free words in one call end the turn, so that they cannot hang a battle.
    if (cell.cost == 0 && ++freeRun >= kFreeInstructionCap) [[unlikely]]
      return stop(Stop::kBudget);
    if constexpr (kOneStep) return stop(std::nullopt);
  }
}

}  // namespace

RunResult run(const Bytecode& code, MachineState& brain, Host& host, int budget) {
  RunCounters counters;
  const Stop stop = resume(code, brain, host, budget, counters);
  return RunResult{stop, counters.cycles};
}

Stop resume(const Bytecode& code, MachineState& brain, Host& host, int budget, RunCounters& counters) {
  // Without leaders the run ends only at a stop.
  return *loop<false, false>(code, brain, host, budget, counters, nullptr);
}

std::optional<Stop> resumeUntil(const Bytecode& code, MachineState& brain, Host& host, int budget,
                                RunCounters& counters, const uint8_t* leaders) {
  return loop<true, false>(code, brain, host, budget, counters, leaders);
}

int32_t readHardware(MachineState& brain, Host& host, Reg reg, int at) {
  const int16_t value = host.readRegister(brain, reg);
  if (!brain.failed) return value;
  // Errors reported by the host belong to the instruction that called it.
  brain.errorAddress = at;
  return kHardwareReadFailed;
}

bool writeHardware(MachineState& brain, Host& host, Reg reg, int16_t value, int at) {
  host.writeRegister(brain, reg, value);
  if (!brain.failed) return true;
  brain.errorAddress = at;
  return false;
}

std::optional<Stop> step(const Bytecode& code, MachineState& brain, Host& host, RunCounters& counters) {
  return loop<false, true>(code, brain, host, 0, counters, nullptr);
}

}  // namespace chronon::robotalk
