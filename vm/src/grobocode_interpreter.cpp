// The Grobocode interpreter (specs/grobots-language.md §2, §3.1, §5): the general path (`step`),
// where every primitive is one case of an exhaustive switch over Prim, and `run`, which instantiates
// the fast loop (grobocode_fast_loop.h) over it. The pure words and shuffles come from
// grobocode_semantics.def, the arithmetic from the number model (grobots_number.h).

#include "chronon/vm/grobocode_interpreter.h"

#include <algorithm>
#include <array>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "chronon/stdlib/word_lists.h"
#include "chronon/vm/grobocode_host.h"
#include "chronon/vm/grobocode_semantics.h"
#include "grobocode_decoded.h"
#include "grobocode_fast_loop.h"

namespace chronon::grobocode {

namespace {

// CHRONON_GROBOCODE_HOST_CALL_WORDS holds exactly the words it describes, as the word table flags
// them: kHardware or kMessage, and neither kSuspend, kStopsBrain nor kDynamicEffect.
#define CHRONON_HOST_CALL_PRIM(name) Prim::name,
constexpr Prim kHostCallListed[] = {CHRONON_GROBOCODE_HOST_CALL_WORDS(CHRONON_HOST_CALL_PRIM)};
#undef CHRONON_HOST_CALL_PRIM
static_assert(listsExactly(
                  kHostCallListed, kPrimitives, [](const PrimitiveInfo& p) { return p.prim; },
                  [](const PrimitiveInfo& p) {
                    return (p.flags & (kHardware | kMessage)) != 0 &&
                           (p.flags & (kSuspend | kStopsBrain | kDynamicEffect)) == 0;
                  }),
              "CHRONON_GROBOCODE_HOST_CALL_WORDS and the word table's flags name different words");
#define CHRONON_PERIODIC_PRIM(name) Prim::name,
constexpr Prim kPeriodicListed[] = {CHRONON_GROBOCODE_PERIODIC_SENSORS(CHRONON_PERIODIC_PRIM)};
#undef CHRONON_PERIODIC_PRIM
static_assert(listsExactly(
                  kPeriodicListed, kPrimitives, [](const PrimitiveInfo& p) { return p.prim; },
                  [](const PrimitiveInfo& p) { return (p.flags & kHardware) != 0 && (p.flags & kSuspend) != 0; }),
              "CHRONON_GROBOCODE_PERIODIC_SENSORS and the word table's flags name different words");

using fast::hostErrorMessage;
using grobots::Checked;
using grobots::Fixed;
using grobots::FixedVector;
using grobots::NumberError;

RuntimeError fromNumberError(NumberError error) {
  switch (error) {
    case NumberError::kOverflow: return RuntimeError::kArithmeticOverflow;
    case NumberError::kDivisionByZero: return RuntimeError::kDivisionByZero;
    case NumberError::kImaginaryResult: return RuntimeError::kImaginaryResult;
    case NumberError::kNotAnInteger: return RuntimeError::kNotInteger;
  }
  return RuntimeError::kArithmeticOverflow;
}

// One instruction's execution. Each helper returns false after recording an error in the state, so
// the caller can stop with `if (!...) return;`.
class Machine {
 public:
  Machine(MachineState& state, const Program& brain, Host& host) : s_(state), brain_(brain), host_(host) {}

  void execute(const Instruction& instruction);

 private:
  bool fail(RuntimeError error, std::string message = {}) {
    s_.status = BrainStatus::kError;
    s_.error = error;
    s_.errorMessage = message.empty() ? std::string(runtimeErrorMessage(error)) : std::move(message);
    return false;
  }
  bool failNumber(NumberError error, Fixed value = {}) {
    if (error == NumberError::kNotAnInteger)
      return fail(RuntimeError::kNotInteger, grobots::notAnIntegerMessage(value));
    return fail(fromNumberError(error));
  }
  bool failHost(RuntimeError error, std::span<const Fixed> inputs) {
    return fail(error, hostErrorMessage(error, inputs));
  }

  // Inlined by force: the compiler leaves these out of line inside primitive()'s large switch, and the
  // calls were a tenth of a Grobots tournament's brain time.
  [[gnu::always_inline]] bool pop(Fixed& out) {
    if (s_.height <= 0) [[unlikely]]
      return fail(RuntimeError::kStackUnderflow);
    out = s_.stack[static_cast<size_t>(--s_.height)];
    return true;
  }
  bool pop(FixedVector& out) { return pop(out.y) && pop(out.x); }
  [[gnu::always_inline]] bool push(Fixed value) {
    if (s_.height >= kStackLimit) [[unlikely]]
      return fail(RuntimeError::kStackOverflow);
    s_.stack[static_cast<size_t>(s_.height++)] = value;
    return true;
  }
  // A vector push needs two free cells before either is written (§5.1).
  bool push(FixedVector v) {
    if (s_.height > kStackLimit - 2) return fail(RuntimeError::kStackOverflow);
    s_.stack[static_cast<size_t>(s_.height++)] = v.x;
    s_.stack[static_cast<size_t>(s_.height++)] = v.y;
    return true;
  }
  // Scalar and vector hardware share one rule set (§3.1): an index with no variable is
  // "unimplemented", a read may fail in the host, a write pops first, then the write check, then
  // the host. `read(index)` and `write(index, value)` reach the host for the kind at hand.
  template <typename Read>
  void readHardware(const HardwareInfo* hw, Read read) {
    if (hw == nullptr) {
      fail(RuntimeError::kUnimplementedHardware);
      return;
    }
    const auto value = read(hw->index);
    if (!value) {
      fail(value.error());
      return;
    }
    push(value.value());
  }

  template <typename Value, typename Write>
  void writeHardware(const HardwareInfo* hw, Value value, Write write) {
    if (hw == nullptr) {
      fail(RuntimeError::kUnimplementedHardware);
      return;
    }
    if (!pop(value)) return;
    if (const RuntimeError e = writeError(*hw); e != RuntimeError::kNone) {
      fail(e);
      return;
    }
    if (const RuntimeError e = write(hw->index, value); e != RuntimeError::kNone) failHost(e, cellsOf(value));
  }

  static std::array<Fixed, 1> cellsOf(Fixed v) { return {v}; }
  static std::array<Fixed, 2> cellsOf(FixedVector v) { return {v.x, v.y}; }

  bool push(Checked<Fixed> value, Fixed argument = {}) {
    if (!value) return failNumber(value.error(), argument);
    return push(value.value());
  }
  bool push(Checked<FixedVector> value) {
    if (!value) return failNumber(value.error());
    return push(value.value());
  }
  bool pushBool(bool b) { return push(Fixed::fromBool(b)); }
  bool pushInteger(int64_t i) { return push(Fixed::fromInteger(i)); }
  bool peek(int depth, Fixed& out) {
    if (s_.height < depth) return fail(RuntimeError::kStackUnderflow);
    out = s_.stack[static_cast<size_t>(s_.height - depth)];
    return true;
  }

  // A shuffle as the original's stack discipline runs it (§5.1): a word that copies its inputs
  // reads them in place and needs room for all its copies before it writes one; any other pops its
  // inputs one at a time and pushes its outputs one at a time, so an underflow leaves the stack
  // empty and an overflow leaves the pushes made so far.
  bool shuffle(const Shuffle& s) {
    const int32_t pops = s.pops;
    const int32_t pushes = s.pushes;
    if (s.copies) {
      if (s_.height < pops) return fail(RuntimeError::kStackUnderflow);
      if (s_.height - pops + pushes > kStackLimit) return fail(RuntimeError::kStackOverflow);
    } else if (s_.height < pops) {
      s_.height = 0;
      return fail(RuntimeError::kStackUnderflow);
    }
    // The pushed cells, starting from what is in place, then pushed again one by one.
    const int32_t base = s_.height - pops;
    std::array<Fixed, kMaxShuffleItems> out{};
    for (int32_t i = 0; i < std::min(pops, pushes); ++i)
      out[static_cast<size_t>(i)] = s_.stack[static_cast<size_t>(base + i)];
    applyShuffle(
        s, [&](int i) { return s_.stack[static_cast<size_t>(base + i)]; },
        [&](int i, Fixed cell) { out[static_cast<size_t>(i)] = cell; });
    s_.height = base;
    for (int32_t i = 0; i < pushes; ++i)
      if (!push(out[static_cast<size_t>(i)])) return false;
    return true;
  }

  bool toInteger(Fixed value, int32_t& out) {
    const Checked<int32_t> n = value.toInteger();
    if (!n) return failNumber(n.error(), value);
    out = n.value();
    return true;
  }
  // A code address: an integer in [0, code length), the sentinels included (§5.4).
  bool toAddress(Fixed value, int32_t& out) {
    if (!toInteger(value, out)) return false;
    if (out < 0 || out >= static_cast<int32_t>(brain_.instructions.size())) {
      return fail(RuntimeError::kInvalidAddress,
                  std::string(runtimeErrorMessage(RuntimeError::kInvalidAddress)) + std::to_string(out));
    }
    return true;
  }
  bool pushReturn(int32_t address) {
    if (s_.returnHeight >= kReturnStackLimit) return fail(RuntimeError::kStackOverflow);
    s_.returnStack[static_cast<size_t>(s_.returnHeight++)] = address;
    return true;
  }
  bool localAddress(Fixed value, int32_t& out) {
    if (!toInteger(value, out)) return false;
    if (!s_.memory.valid(out)) return fail(RuntimeError::kIndexOutOfRange);
    return true;
  }
  bool sharedAddress(Fixed value, int32_t& out) {
    if (!toInteger(value, out)) return false;
    if (out < 1 || out > kSharedMemoryCells) return fail(RuntimeError::kIndexOutOfRange);
    return true;
  }
  bool printText(Checked<std::string> text) {
    if (!text) return failNumber(text.error());
    s_.lastPrint = text.value();
    host_.print(s_.lastPrint);
    return true;
  }

  // A pure word (grobocode_semantics.h): pops its inputs top first, so an underflow leaves the same
  // partial pops as popping them one by one; its outputs never outgrow what it popped.
  bool pure(const PureWord& word) {
    std::array<Fixed, kMaxEffectItems * 2> in{};
    std::array<Fixed, kMaxEffectItems * 2> out{};
    for (auto i = static_cast<size_t>(word.pops); i > 0; --i)
      if (!pop(in[i - 1])) return false;
    grobots::NumberError error{};
    if (!word.function(in.data(), out.data(), error)) return failNumber(error);
    for (size_t i = 0; i < static_cast<size_t>(word.pushes); ++i)
      if (!push(out[i])) return false;
    return true;
  }
  // The machine the machine words' entries (grobocode_semantics.def) run on in the general path:
  // each operation is the original's, with its error recorded in the state.
  struct Words : grobots::ValueMachine {
    using Index = int32_t;
    Machine& x;
    SharedMemory* sharedCells = nullptr;  // shared()'s, once fetched.

    bool codeAddress(Fixed c, int32_t& n) { return x.toAddress(c, n); }
    bool integer(Fixed c, int32_t& n) { return x.toInteger(c, n); }
    bool jump(int32_t n) {
      x.s_.pc = n;
      return true;
    }
    bool call(int32_t n) { return x.pushReturn(x.s_.pc) && jump(n); }
    template <class F>
    bool when(bool flag, F then) {
      return !flag || then();
    }
    bool pushReturn(int32_t n) { return x.pushReturn(n); }
    bool topReturn(int32_t& n) {
      if (x.s_.returnHeight <= 0) return x.fail(RuntimeError::kStackUnderflow);
      n = x.s_.returnStack[static_cast<size_t>(x.s_.returnHeight - 1)];
      return true;
    }
    bool dropReturn() {
      --x.s_.returnHeight;
      return true;
    }
    int32_t height() const { return x.s_.height; }
    bool integerCell(int32_t n, Fixed& c) {
      const Checked<Fixed> value = Fixed::fromInteger(n);
      if (!value) return x.failNumber(value.error());
      c = value.value();
      return true;
    }
    bool localAddress(Fixed c, int32_t& n) { return x.localAddress(c, n); }
    bool load(int32_t n, Fixed& c) {
      c = x.s_.memory.load(n);
      return true;
    }
    bool store(int32_t n, Fixed c) {
      x.s_.memory.store(n, c);
      return true;
    }
    bool sharedAddress(Fixed c, int32_t& n) { return x.sharedAddress(c, n); }
    // The side's shared memory, fetched from the host once per word.
    SharedMemory& shared() {
      if (sharedCells == nullptr) sharedCells = &x.host_.sharedMemory();
      return *sharedCells;
    }
    bool sharedLoad(int32_t n, Fixed& c) {
      c = shared()[static_cast<size_t>(n - 1)];
      return true;
    }
    bool sharedStore(int32_t n, Fixed c) {
      shared()[static_cast<size_t>(n - 1)] = c;
      return true;
    }
    bool stop() {
      x.s_.status = BrainStatus::kStopped;
      return true;
    }
    bool sync() {
      x.s_.remaining = 0;
      return true;
    }
  };

  // A machine word (grobocode_semantics.def): pops its inputs top first, runs its entry, then pushes
  // its outputs, needing room for all of them before it writes one (a vector's two cells, §5.1).
  template <Prim P>
  bool machineWord() {
    using W = MachineWord<P>;
    std::array<Fixed, W::kPops> in{};
    std::array<Fixed, W::kPushes> out{};
    if constexpr (W::kPops > 0) {
      for (auto i = static_cast<size_t>(W::kPops); i > 0; --i)
        if (!pop(in[i - 1])) return false;
    }
    Words m{{}, *this};
    if (!W::apply(m, in.data(), out.data())) return false;
    if constexpr (W::kPushes > 0) {
      if (s_.height + W::kPushes > kStackLimit) return fail(RuntimeError::kStackOverflow);
      for (const Fixed cell : out) s_.stack[static_cast<size_t>(s_.height++)] = cell;
    }
    return true;
  }
  bool hardwareCall(Prim prim);
  bool sendMessage();
  bool receiveMessage();
  bool primitive(Prim prim);

  MachineState& s_;
  const Program& brain_;
  Host& host_;
};

bool Machine::hardwareCall(Prim prim) {
  const PrimitiveInfo& word = info(prim);
  std::array<Fixed, kMaxEffectItems * 2> inputs{};
  std::array<Fixed, kMaxEffectItems * 2> outputs{};
  const auto popCount = static_cast<size_t>(word.parsed.popCells());
  const auto pushCount = static_cast<size_t>(word.parsed.pushCells());
  for (size_t i = popCount; i > 0; --i)
    if (!pop(inputs[i - 1])) return false;
  // The one host call of the word, and its error, as the fast loop and the JIT make them.
  if (!callHostWord(s_, host_, prim, std::span<const Fixed>(inputs.data(), popCount),
                    std::span<Fixed>(outputs.data(), pushCount)))
    return false;
  if (s_.height + static_cast<int32_t>(pushCount) > kStackLimit) return fail(RuntimeError::kStackOverflow);
  for (size_t i = 0; i < pushCount; ++i) s_.stack[static_cast<size_t>(s_.height++)] = outputs[i];
  return true;
}

// send ( v1..vk k ch -- ): ch, then k, then the k values are popped (§2.7 #120).
bool Machine::sendMessage() {
  Fixed channel, count;
  if (!pop(channel) || !pop(count)) return false;
  int32_t k = 0;
  if (!toInteger(count, k)) return false;
  if (k <= 0) return fail(RuntimeError::kMessageNonPositive);
  if (k > kMaxMessageCells) return fail(RuntimeError::kMessageTooLong);
  std::array<Fixed, kMaxMessageCells> values{};
  for (auto i = static_cast<size_t>(k); i > 0; --i)
    if (!pop(values[i - 1])) return false;
  const std::span<const Fixed> in(values.data(), static_cast<size_t>(k));
  const RuntimeError error = host_.send(channel, in);
  if (error != RuntimeError::kNone) return failHost(error, std::span<const Fixed>(&channel, 1));
  return true;
}

// receive ( ch -- v1..vk k | ch -- 0 ) (§2.7 #121).
bool Machine::receiveMessage() {
  Fixed channel;
  if (!pop(channel)) return false;
  Message message;
  const RuntimeError error = host_.receive(channel, message);
  if (error != RuntimeError::kNone) return failHost(error, std::span<const Fixed>(&channel, 1));
  for (const Fixed f : message.view())
    if (!push(f)) return false;
  return pushInteger(message.size);
}

bool Machine::primitive(Prim prim) {
  namespace g = grobots;
  Fixed a, b;
  FixedVector v;
  int32_t n = 0;
  switch (prim) {
    case Prim::Dropn:
      if (!pop(a) || !toInteger(a, n)) return false;
      if (n > s_.height) return fail(RuntimeError::kBadArgument);
      // A negative n re-exposes stale cells (§2.1 #5). Past 100 the original is undefined; here it
      // is a stack overflow so the state stays valid.
      if (static_cast<int64_t>(s_.height) - n > kStackLimit) return fail(RuntimeError::kStackOverflow);
      s_.height -= n;
      return true;
    case Prim::Subswap:
    case Prim::Roll: return fail(RuntimeError::kIllegalInstruction);
    case Prim::StackLimit: return pushInteger(kStackLimit);
    case Prim::Pick:
      if (!pop(a) || !toInteger(a, n)) return false;
      if (n < 1) return fail(RuntimeError::kBadArgument);
      return peek(n, b) && push(b);
    case Prim::Random: return pop(b) && pop(a) && push(host_.random().random(a, b));
    case Prim::RandomAngle: return push(host_.random().randomAngle());
    case Prim::RandomInt: return pop(b) && pop(a) && push(host_.random().randomInt(a, b));
    case Prim::RandomBool: return pop(a) && pushBool(host_.random().randomBool(a));
    case Prim::Pi: return push(g::kPi);
    case Prim::TwoPi: return push(g::kTwoPi);
    case Prim::HalfPi: return push(g::kHalfPi);
    case Prim::E: return push(g::kE);
    case Prim::Epsilon: return push(g::kEpsilon);
    // clang-format off
    case Prim::Infinity: return push(g::kInfinity);
    // The stack shuffles, each its effect in the word table (grobocode_semantics.def).
#define GROBOCODE_SHUFFLE_WORD(Name) case Prim::Name:
#define GROBOCODE_INLINE_WORD(Name, ...)
#define GROBOCODE_CALLED_WORD(Name, ...)
#include "chronon/vm/grobocode_semantics.def"
#undef GROBOCODE_CALLED_WORD
#undef GROBOCODE_INLINE_WORD
#undef GROBOCODE_SHUFFLE_WORD
      return shuffle(shuffleOf(prim));
    // The pure words, each computed by its one entry in grobocode_semantics.def.
#define GROBOCODE_INLINE_WORD(Name, ...) case Prim::Name:
#define GROBOCODE_CALLED_WORD(Name, ...) case Prim::Name:
#include "chronon/vm/grobocode_semantics.def"
#undef GROBOCODE_CALLED_WORD
#undef GROBOCODE_INLINE_WORD
      return pure(*findPure(prim));
    // The machine words, each run from its entry in grobocode_semantics.def.
#define GROBOCODE_INLINE_WORD(Name, ...)
#define GROBOCODE_CALLED_WORD(Name, ...)
#define GROBOCODE_MACHINE_WORD(Name, ...) case Prim::Name: return machineWord<Prim::Name>();
#include "chronon/vm/grobocode_semantics.def"
#undef GROBOCODE_MACHINE_WORD
#undef GROBOCODE_CALLED_WORD
#undef GROBOCODE_INLINE_WORD
    // clang-format on
    case Prim::Print: return pop(a) && printText(g::toString(a));
    case Prim::Vprint: return pop(v) && printText(g::toString(v));
    case Prim::Beep: host_.beep(); return true;
    case Prim::Pause: host_.pause(); return true;
    case Prim::Die:
      if (!hardwareCall(prim)) return false;
      s_.status = BrainStatus::kStopped;
      return true;
      // clang-format off
#define CHRONON_PERIODIC_CASE(name) case Prim::name:
    CHRONON_GROBOCODE_PERIODIC_SENSORS(CHRONON_PERIODIC_CASE)
#undef CHRONON_PERIODIC_CASE
      // clang-format on
      if (!hardwareCall(prim)) return false;
      // A firing periodic sensor is an implicit sync (§2.7 #133-135, §5.2 item 4).
      if (s_.stack[static_cast<size_t>(s_.height - 1)].isTrue()) s_.remaining = 0;
      return true;
      // clang-format off
#define CHRONON_HOST_CALL_CASE(name) case Prim::name:
    CHRONON_GROBOCODE_HOST_CALL_WORDS(CHRONON_HOST_CALL_CASE)
#undef CHRONON_HOST_CALL_CASE
      return hardwareCall(prim);
      // clang-format on
    case Prim::Send: return sendMessage();
    case Prim::Receive: return receiveMessage();
    case Prim::End: return fail(RuntimeError::kFellOffEnd);
  }
  return fail(RuntimeError::kIllegalInstruction);
}

void Machine::execute(const Instruction& instruction) {
  const auto index = static_cast<size_t>(instruction.index());
  const auto type = instruction.type();
  if (type > static_cast<int>(InstructionType::kHardwareVectorWrite)) {
    fail(RuntimeError::kIllegalInstruction);
    return;
  }
  switch (static_cast<InstructionType>(type)) {
    case InstructionType::kPrimitive: {
      const PrimitiveInfo* word = findPrimitive(static_cast<int>(index));
      if (word == nullptr) {
        fail(RuntimeError::kIllegalInstruction);
        return;
      }
      primitive(word->prim);
      return;
    }
    case InstructionType::kConstantRead:
      if (index >= brain_.constants.size()) {
        fail(RuntimeError::kIllegalInstruction);
        return;
      }
      push(brain_.constants[index].value);
      return;
    case InstructionType::kVariableRead:
      if (index >= s_.variables.size()) {
        fail(RuntimeError::kIllegalInstruction);
        return;
      }
      push(s_.variables[index]);
      return;
    case InstructionType::kVariableWrite: {
      Fixed value;
      if (index >= s_.variables.size()) {
        fail(RuntimeError::kIllegalInstruction);
        return;
      }
      if (pop(value)) s_.variables[index] = value;
      return;
    }
    case InstructionType::kVectorRead:
      if (index >= s_.vectors.size()) {
        fail(RuntimeError::kIllegalInstruction);
        return;
      }
      push(s_.vectors[index]);
      return;
    case InstructionType::kVectorWrite: {
      FixedVector value;
      if (index >= s_.vectors.size()) {
        fail(RuntimeError::kIllegalInstruction);
        return;
      }
      if (pop(value)) s_.vectors[index] = value;
      return;
    }
    case InstructionType::kLabelRead:
    case InstructionType::kLabelCall: {
      if (index >= brain_.labels.size()) {
        fail(RuntimeError::kIllegalInstruction);
        return;
      }
      const Fixed address = Fixed::fromInteger(brain_.labels[index].address).valueOr(Fixed{});
      if (static_cast<InstructionType>(type) == InstructionType::kLabelRead) {
        push(address);
      } else {
        // A label call is `call` on the label's address, its cell never on the stack.
        Words m{{}, *this};
        semantics::machine::Call(m, &address, nullptr);
      }
      return;
    }
    case InstructionType::kHardwareRead:
      readHardware(findHardwareScalar(static_cast<int>(index)),
                   [&](int i) { return host_.readScalar(static_cast<HwScalar>(i)); });
      return;
    case InstructionType::kHardwareWrite:
      writeHardware(findHardwareScalar(static_cast<int>(index)), Fixed{},
                    [&](int i, Fixed value) { return host_.writeScalar(static_cast<HwScalar>(i), value); });
      return;
    case InstructionType::kHardwareVectorRead:
      readHardware(findHardwareVector(static_cast<int>(index)),
                   [&](int i) { return host_.readVector(static_cast<HwVector>(i)); });
      return;
    case InstructionType::kHardwareVectorWrite:
      writeHardware(findHardwareVector(static_cast<int>(index)), FixedVector{},
                    [&](int i, FixedVector value) { return host_.writeVector(static_cast<HwVector>(i), value); });
      return;
  }
}

// One instruction with `machine`, as step() describes it; returns false when the pc was out of range
// (nothing executed). run() keeps one Machine for a whole think instead of one per instruction.
bool stepWith(Machine& machine, MachineState& state, const Program& brain) {
  // Every path into pc keeps it in range except a return to a pushed pc past the last instruction;
  // running off the code is the appended `end`'s error (§4.8).
  if (state.pc < 0 || state.pc >= static_cast<int32_t>(brain.instructions.size())) {
    state.status = BrainStatus::kError;
    state.error = RuntimeError::kFellOffEnd;
    state.errorMessage = std::string(runtimeErrorMessage(RuntimeError::kFellOffEnd));
    state.errorPc = state.pc;
    return false;
  }
  const int32_t at = state.pc;
  const Instruction& instruction = brain.instructions[static_cast<size_t>(at)];
  state.pc += 1;
  state.remaining -= 1;
  state.used += 1;
  machine.execute(instruction);
  if (state.status == BrainStatus::kError) state.errorPc = at;
  return true;
}

// True when the memo was filled for `brain` as it is now: the same object, the same table storage and
// the same sizes.
bool memoFits(const MachineState::InterpreterMemo& memo, const Program& brain) {
  return memo.brain == &brain && memo.instructions == brain.instructions.data() &&
         memo.constants == brain.constants.data() && memo.labels == brain.labels.data() &&
         memo.instructionCount == brain.instructions.size() && memo.constantCount == brain.constants.size() &&
         memo.labelCount == brain.labels.size() && memo.variableCount == brain.variables.size() &&
         memo.vectorCount == brain.vectors.size();
}

}  // namespace

void step(MachineState& state, const Program& brain, Host& host) {
  Machine machine(state, brain, host);
  stepWith(machine, state, brain);
}

void raiseHostError(MachineState& state, RuntimeError error, std::span<const Fixed> inputs) {
  state.status = BrainStatus::kError;
  state.error = error;
  state.errorMessage = hostErrorMessage(error, inputs);
  state.errorPc = state.pc - 1;
}

namespace {

// `run` and `runUpTo`: executes while the status is kOk and remaining > floor (0 <= floor).
int32_t runAbove(MachineState& state, const Program& brain, Host& host, int32_t floor) {
  if (state.status != BrainStatus::kOk || state.remaining <= floor) return 0;
  MachineState::InterpreterMemo& memo = state.interpreterMemo;
  if (!memoFits(memo, brain)) {
    memo = {&brain,
            brain.instructions.data(),
            brain.constants.data(),
            brain.labels.data(),
            brain.instructions.size(),
            brain.constants.size(),
            brain.labels.size(),
            brain.variables.size(),
            brain.vectors.size(),
            &decodedBrain(brain)};
  }
  const auto& code = *static_cast<const DecodedBrain*>(memo.code);
  // The decoded form checked variable indices against the brain's tables; a state whose tables do
  // not match them runs on the general path alone, which checks every index against the state's own.
  if (state.variables.size() != code.variables || state.vectors.size() != code.vectors) {
    int32_t executed = 0;
    Machine machine(state, brain, host);
    // A pc out of range stops the brain without executing anything, so it does not count.
    while (state.status == BrainStatus::kOk && state.remaining > floor)
      executed += stepWith(machine, state, brain) ? 1 : 0;
    return executed;
  }
  Machine machine(state, brain, host);
  return fast::runDecoded(state, host, code, floor, [&] { return stepWith(machine, state, brain); });
}

}  // namespace

int32_t run(MachineState& state, const Program& brain, Host& host) { return runAbove(state, brain, host, 0); }

int32_t runUpTo(MachineState& state, const Program& brain, Host& host, int32_t limit) {
  if (limit <= 0) return 0;
  // A budget above `limit` stops `limit` cycles down; a smaller one runs out first, as in `run`.
  const int32_t floor = state.remaining > limit ? state.remaining - limit : 0;
  return runAbove(state, brain, host, floor);
}

int32_t run(MachineState& state, const Program& brain, Host& host, int32_t cycles) {
  state.remaining = cycles;
  return run(state, brain, host);
}

int32_t think(MachineState& state, const Program& brain, Host& host, int32_t processor) {
  const int32_t executed = run(state, brain, host);
  endThink(state, host, processor);
  return executed;
}

void endThink(MachineState& state, Host& host, int32_t processor) {
  host.thought(state.used);
  state.used = 0;
  state.remaining = std::min(state.remaining, 0) + processor;
}

std::string describeAddress(const Program& brain, int32_t address) {
  const Label* best = nullptr;
  for (const Label& label : brain.labels) {
    if (label.gensym || label.address < 0 || label.address > address) continue;
    if (best == nullptr || label.address >= best->address) best = &label;
  }
  // With no named label at or before the address the original prints the bare address: the corpus
  // side flysweater, which has no labels, reports "probably at 156" (ORIGINAL_RESULTS.tsv).
  if (best == nullptr) return std::to_string(address);
  const int32_t offset = address - best->address;
  return offset == 0 ? best->name : best->name + "+" + std::to_string(offset);
}

std::string errorReport(const MachineState& state, const Program& brain, std::string_view side, std::string_view type,
                        int id) {
  std::string text(side);
  text += (!side.empty() && (side.back() == 's' || side.back() == 'S')) ? "' " : "'s ";
  text += type;
  text += " #" + std::to_string(id) + " had error in brain, probably at " + describeAddress(brain, state.errorPc);
  if (state.errorPc >= 0 && state.errorPc < static_cast<int32_t>(brain.instructions.size()))
    text += " (line " + std::to_string(brain.instructions[static_cast<size_t>(state.errorPc)].line) + ")";
  text += ": " + state.errorMessage;
  return text;
}

}  // namespace chronon::grobocode
