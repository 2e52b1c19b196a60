#pragma once
// The Grobocode interpreter's fast loop: `run` on a brain's decoded form (grobocode_decoded.h), the
// path nearly every instruction of a think takes. It lives apart from the general path
// (grobocode_interpreter.cpp, `step`'s own code) so that each reads on its own; it is a template over
// that general path, instantiated in grobocode_interpreter.cpp, so both still compile into one
// function as before (the general path inlines into the loop's fallback). Internal to the VM.

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <utility>

#include "chronon/stdlib/grobots_number.h"
#include "chronon/vm/grobocode_host.h"
#include "chronon/vm/grobocode_interpreter.h"
#include "chronon/vm/grobocode_semantics.h"
#include "grobocode_decoded.h"

namespace chronon::grobocode::fast {

using grobots::Fixed;
using grobots::FixedVector;

// A host error's message: a not-an-integer error names the first fractional input, the value the
// host tried to convert (the host interface reports kinds only); any other error has its own.
inline std::string hostErrorMessage(RuntimeError error, std::span<const Fixed> inputs) {
  if (error == RuntimeError::kNotInteger) {
    for (const Fixed f : inputs)
      if (!f.isInteger()) return grobots::notAnIntegerMessage(f);
  }
  return std::string(runtimeErrorMessage(error));
}

// A jump or call target as `toAddress` accepts it: an integer naming an instruction. False leaves the
// instruction to the general path, which raises the error.
[[gnu::always_inline]] inline bool codeAddress(Fixed value, uint32_t size, int32_t& out) {
  if (!value.isInteger()) return false;
  out = value.raw() >> Fixed::kFractionBits;
  return static_cast<uint32_t>(out) < size;
}

// A pure word's fast path: its entry (grobocode_semantics.def) on the top cells, which it replaces
// with its results. Returns false, having changed nothing, when the stack is too low or the word
// raises a number error: the general path then executes it and raises the error.
template <Prim P>
[[gnu::always_inline]] inline bool fastWord(Fixed* stack, int32_t& height) {
  constexpr int32_t kPops = popsOf(P);
  constexpr int32_t kPushes = pushesOf(P);
  // With no more pushes than pops the word cannot overflow the stack.
  static_assert(kPushes <= kPops && kPushes > 0);
  const int32_t base = height - kPops;
  if (base < 0) return false;
  std::array<Fixed, kPushes> out;
  grobots::ValueMachine m;
  if (!Word<P>::apply(m, stack + base, out.data())) return false;
  for (int32_t i = 0; i < kPushes; ++i) stack[base + i] = out[static_cast<size_t>(i)];
  height = base + kPushes;
  return true;
}

// A stack shuffle's fast path: its effect (Shuffle, stdlib/stack_effect.h) on the top cells. Returns
// false, having changed nothing, when the stack is too low or would overflow: the general path then
// raises the error with the original's partial effects. A cell that stays where it is is not
// written again.
template <Prim P>
[[gnu::always_inline]] inline bool fastShuffle(Fixed* stack, int32_t& height) {
  constexpr Shuffle kShuffle = shuffleOf(P);
  constexpr int32_t kPops = kShuffle.pops;
  constexpr int32_t kPushes = kShuffle.pushes;
  static_assert(kShuffle.valid && kPops > 0);
  if (height < kPops) return false;
  if constexpr (kPushes > kPops) {
    if (height - kPops + kPushes > kStackLimit) return false;
  }
  const int32_t base = height - kPops;
  std::array<Fixed, kPops> in;
  for (int32_t i = 0; i < kPops; ++i) in[static_cast<size_t>(i)] = stack[base + i];
  for (int32_t i = 0; i < kPushes; ++i) {
    const int32_t from = kShuffle.from[static_cast<size_t>(i)];
    if (i != from) stack[base + i] = in[static_cast<size_t>(from)];
  }
  height = base + kPushes;
  return true;
}

// A constant read and the two-in, one-out pure word P as one (CHRONON_GROBOCODE_CONSTANT_PAIRS):
// the word applies to the top cell and the constant. The constant's cell stays above the stack,
// stale, as the two instructions leave it. Returns false, having changed nothing, when either
// instruction would fail.
template <Prim P>
[[gnu::always_inline]] inline bool fastConstantWord(Fixed* stack, int32_t height, Fixed constant) {
  static_assert(popsOf(P) == 2 && pushesOf(P) == 1);
  if (height < 1 || height >= kStackLimit) return false;
  const std::array<Fixed, 2> in{stack[height - 1], constant};
  std::array<Fixed, 1> out;
  grobots::ValueMachine m;
  if (!Word<P>::apply(m, in.data(), out.data())) return false;
  stack[height] = constant;
  stack[height - 1] = out[0];
  return true;
}

// The machine the machine words' entries (grobocode_semantics.def) run on in the fast loop: copies
// of the loop's program counter, return stack height and cycle counters, which the loop takes back
// when the word succeeds (so that the loop's own stay in registers). An operation that would fail
// returns false and leaves the word to the general path (see fastMachineWord).
struct FastMachine : grobots::ValueMachine {
  using Index = int32_t;
  MachineState& state;
  Host& host;
  int32_t* returnStack;
  uint32_t size;  ///< The code's length.
  int32_t pc;
  int32_t returnHeight;
  int32_t remaining;
  int32_t usedBase;
  int32_t executedBase;
  int32_t below = 0;                    ///< The data stack's height below the word's inputs.
  SharedMemory* sharedCells = nullptr;  ///< shared()'s, once fetched.
  int32_t pendingCount = 0;  ///< Shared memory writes not made yet (cell index, value): `first`, then `second`.
  std::pair<size_t, Fixed> first{};
  std::pair<size_t, Fixed> second{};

  // The loop's counters written back to the state before the host is called, as everywhere in the
  // loop, with the word's inputs popped.
  [[gnu::always_inline]] void save() {
    state.pc = pc;
    state.height = below;
    state.returnHeight = returnHeight;
    state.remaining = remaining;
    state.used = usedBase - remaining;
  }
  [[gnu::always_inline]] bool codeAddress(Fixed c, int32_t& n) const { return fast::codeAddress(c, size, n); }
  [[gnu::always_inline]] static bool integer(Fixed c, int32_t& n) {
    if (!c.isInteger()) return false;
    n = c.raw() >> Fixed::kFractionBits;
    return true;
  }
  [[gnu::always_inline]] bool jump(int32_t n) {
    pc = n;
    return true;
  }
  [[gnu::always_inline]] bool pushReturn(int32_t n) {
    if (returnHeight >= kReturnStackLimit) return false;
    returnStack[returnHeight++] = n;
    return true;
  }
  [[gnu::always_inline]] bool call(int32_t n) { return pushReturn(pc) && jump(n); }
  template <class F>
  [[gnu::always_inline]] bool when(bool flag, F then) {
    return !flag || then();
  }
  [[gnu::always_inline]] bool topReturn(int32_t& n) const {
    if (returnHeight < 1) return false;
    n = returnStack[returnHeight - 1];
    return true;
  }
  [[gnu::always_inline]] bool dropReturn() {
    --returnHeight;
    return true;
  }
  [[gnu::always_inline]] int32_t height() const { return below; }
  [[gnu::always_inline]] static bool integerCell(int32_t n, Fixed& c) {
    const grobots::Checked<Fixed> value = Fixed::fromInteger(n);
    if (!value) return false;
    c = value.value();
    return true;
  }
  [[gnu::always_inline]] bool localAddress(Fixed c, int32_t& n) const { return integer(c, n) && state.memory.valid(n); }
  [[gnu::always_inline]] bool load(int32_t n, Fixed& c) const {
    c = state.memory.load(n);
    return true;
  }
  [[gnu::always_inline]] bool store(int32_t n, Fixed c) {
    state.memory.store(n, c);
    return true;
  }
  [[gnu::always_inline]] static bool sharedAddress(Fixed c, int32_t& n) {
    return integer(c, n) && n >= 1 && n <= kSharedMemoryCells;
  }
  // The side's shared memory, fetched from the host once per word, after the counters are saved.
  [[gnu::always_inline]] SharedMemory& shared() {
    if (sharedCells == nullptr) {
      save();
      sharedCells = &host.sharedMemory();
    }
    return *sharedCells;
  }
  [[gnu::always_inline]] bool sharedLoad(int32_t n, Fixed& c) {
    c = shared()[static_cast<size_t>(n - 1)];
    return true;
  }
  // Kept until the word has succeeded (commitShared): a check after it that fails leaves the word
  // to the general path, which must be the one to reach the host (vwrite's partial write). A word
  // makes at most two writes.
  [[gnu::always_inline]] bool sharedStore(int32_t n, Fixed c) {
    (pendingCount == 0 ? first : second) = {static_cast<size_t>(n - 1), c};
    ++pendingCount;
    return true;
  }
  // Makes the kept shared memory writes, in their order, each as the general path makes it.
  [[gnu::always_inline]] void commitShared() {
    if (pendingCount > 0) write(first);
    if (pendingCount > 1) write(second);
  }
  [[gnu::always_inline]] void write(std::pair<size_t, Fixed> cell) { shared()[cell.first] = cell.second; }
  // The general path stops the brain, which also ends the loop.
  [[gnu::always_inline]] static bool stop() { return false; }
  // The think ends here: the cycles left are not charged (rebased as in the loop).
  [[gnu::always_inline]] bool sync() {
    usedBase -= remaining;
    executedBase -= remaining;
    remaining = 0;
    return true;
  }
};

// A machine word's fast path: its entry (grobocode_semantics.def) on the top cells, which it
// replaces with its results; the loop then takes back the machine's counters. Returns false when the
// stack is too low or too high or an operation fails: the general path then executes the word from
// the start and raises the error. The machine's counters are dropped then, since the entries' checks
// may follow a pop (r>'s number check); a local memory write before a failed check is one the
// general path makes again, and shared memory writes wait for the word to succeed, so that the host
// sees each call once.
template <Prim P>
[[gnu::always_inline]] inline bool fastMachineWord(FastMachine& m, Fixed* stack, int32_t& height) {
  using W = MachineWord<P>;
  const int32_t base = height - W::kPops;
  if (base < 0) return false;
  if constexpr (W::kPushes > W::kPops) {
    if (base + W::kPushes > kStackLimit) return false;
  }
  std::array<Fixed, W::kPushes> out;
  m.below = base;
  // The inputs are read in place: the entry writes nothing to the stack, its outputs come after.
  if (!W::apply(m, stack + base, out.data())) return false;
  m.commitShared();
  for (int32_t i = 0; i < W::kPushes; ++i) stack[base + i] = out[static_cast<size_t>(i)];
  height = base + W::kPushes;
  return true;
}

// Records a host error for the instruction at `at`, exactly as the general path does.
inline void hostError(MachineState& state, RuntimeError error, std::string message, int32_t at) {
  state.status = BrainStatus::kError;
  state.error = error;
  state.errorMessage = message.empty() ? std::string(runtimeErrorMessage(error)) : std::move(message);
  state.errorPc = at;
}

// `run` on a brain's decoded form (grobocode_decoded.h). The pc, the stack heights and the cycle
// counts live in locals; they are written back to the state before every host call (the host may
// read `remaining`) and at the end. An instruction that has no fast path, or whose fast path finds
// anything unusual (a stack too low or too high, a bad address, a number error), is handed to the
// general path (`general`, step's own code) with the state exactly as it was before that
// instruction, so every error, partial effect and message is the general path's. A fast path
// therefore changes nothing before it has checked everything that could make it fail, except where
// the host is called: the host is called exactly once, so from there on the fast path finishes the
// instruction itself, errors included.
//
// The loop stops once `remaining` has come down to `floor` (0 for a whole run): every instruction
// costs exactly one cycle, so a floor of remaining - n executes at most n instructions, while
// `remaining` keeps the value a brain reading it must see.
template <typename GeneralPath>
int32_t runDecoded(MachineState& state, Host& host, const DecodedBrain& code, int32_t floor, GeneralPath&& general) {
  namespace g = grobots;
  const Operation* const operations = code.operations.data();
  const PureWord* const pures = kPureWords.data();
  const auto size = static_cast<uint32_t>(code.operations.size());
  Fixed* const stack = state.stack.data();
  int32_t* const returnStack = state.returnStack.data();
  Fixed* const variables = state.variables.data();
  FixedVector* const vectors = state.vectors.data();
  int32_t pc = state.pc;
  int32_t height = state.height;
  int32_t returnHeight = state.returnHeight;
  int32_t remaining = state.remaining;
  // Each instruction the fast loop runs takes one cycle off `remaining` and adds one to the cycles
  // used and to the instructions executed, so those two are kept as offsets from `remaining`
  // (used = usedBase - remaining), rebased where `remaining` changes otherwise: SYNC and the
  // general path.
  int32_t usedBase = state.used + remaining;
  int32_t executedBase = remaining;
  const auto used = [&] { return usedBase - remaining; };
  const auto executed = [&] { return executedBase - remaining; };
  const auto save = [&] {
    state.pc = pc;
    state.height = height;
    state.returnHeight = returnHeight;
    state.remaining = remaining;
    state.used = used();
  };
  // The second instruction of a fused pair (grobocode_decoded.h) costs its own cycle.
  const auto payForSecond = [&] { remaining -= 1; };
  while (remaining > floor) {
    const int32_t at = pc;
    // Running off the code is the general path's error.
    if (static_cast<uint32_t>(at) >= size) [[unlikely]]
      goto general;
    {
      const Operation operation = operations[at];
      pc = at + 1;
      remaining -= 1;
      switch (operation.op) {
        case Op::kStep: goto undo;
        case Op::kConstant:
          if (height >= kStackLimit) goto undo;
          stack[height++] = Fixed::fromRaw(operation.operand);
          break;
        case Op::kVariableRead:
          if (height >= kStackLimit) goto undo;
          stack[height++] = variables[operation.operand];
          break;
        case Op::kVariableWrite:
          if (height < 1) goto undo;
          variables[operation.operand] = stack[--height];
          break;
        case Op::kVectorRead:
          if (height > kStackLimit - 2) goto undo;
          stack[height] = vectors[operation.operand].x;
          stack[height + 1] = vectors[operation.operand].y;
          height += 2;
          break;
        case Op::kVectorWrite:
          if (height < 2) goto undo;
          vectors[operation.operand] = FixedVector{stack[height - 2], stack[height - 1]};
          height -= 2;
          break;
        case Op::kLabelRead:
          if (height >= kStackLimit) goto undo;
          stack[height++] = Fixed::fromRaw(operation.operand);
          break;
        case Op::kLabelCall:
          if (returnHeight >= kReturnStackLimit) goto undo;
          returnStack[returnHeight++] = pc;
          pc = operation.operand;
          break;
        case Op::kHardwareRead: {
          // A full stack fails only after the read, so the general path makes that read.
          if (height >= kStackLimit) goto undo;
          save();
          const HostValue value = host.readScalar(static_cast<HwScalar>(operation.operand));
          if (!value) {
            hostError(state, value.error(), {}, at);
            return executed();
          }
          stack[height++] = value.value();
          break;
        }
        case Op::kHardwareVectorRead: {
          if (height > kStackLimit - 2) goto undo;
          save();
          const HostVector value = host.readVector(static_cast<HwVector>(operation.operand));
          if (!value) {
            hostError(state, value.error(), {}, at);
            return executed();
          }
          stack[height] = value.value().x;
          stack[height + 1] = value.value().y;
          height += 2;
          break;
        }
        case Op::kHardwareWrite: {
          if (height < 1) goto undo;
          const Fixed value = stack[--height];
          save();
          if (const RuntimeError e = host.writeScalar(static_cast<HwScalar>(operation.operand), value);
              e != RuntimeError::kNone) {
            hostError(state, e, hostErrorMessage(e, std::span<const Fixed>(&value, 1)), at);
            return executed();
          }
          break;
        }
        case Op::kHardwareVectorWrite: {
          if (height < 2) goto undo;
          const FixedVector value{stack[height - 2], stack[height - 1]};
          height -= 2;
          save();
          if (const RuntimeError e = host.writeVector(static_cast<HwVector>(operation.operand), value);
              e != RuntimeError::kNone) {
            const std::array<Fixed, 2> cells{value.x, value.y};
            hostError(state, e, hostErrorMessage(e, cells), at);
            return executed();
          }
          break;
        }
        // clang-format off
        // The stack shuffles, each its effect in the word table (grobocode_semantics.def).
#define GROBOCODE_SHUFFLE_WORD(Name)                          \
        case Op::kShuffle##Name:                              \
          if (!fastShuffle<Prim::Name>(stack, height)) goto undo; \
          break;
#define GROBOCODE_INLINE_WORD(Name, ...)
#define GROBOCODE_CALLED_WORD(Name, ...)
#include "chronon/vm/grobocode_semantics.def"
#undef GROBOCODE_CALLED_WORD
#undef GROBOCODE_INLINE_WORD
#undef GROBOCODE_SHUFFLE_WORD
        // clang-format on
        // The pure words written over any machine, each its entry in grobocode_semantics.def.
#define GROBOCODE_INLINE_WORD(Name, ...)                 \
  case Op::k##Name:                                      \
    if (!fastWord<Prim::Name>(stack, height)) goto undo; \
    break;
#define GROBOCODE_CALLED_WORD(Name, ...)
#include "chronon/vm/grobocode_semantics.def"
#undef GROBOCODE_CALLED_WORD
#undef GROBOCODE_INLINE_WORD
        // The machine words, each its entry in grobocode_semantics.def.
#define GROBOCODE_MACHINE_WORD(Name, ...)                                                                   \
  case Op::k##Name: {                                                                                       \
    FastMachine m{{}, state, host, returnStack, size, pc, returnHeight, remaining, usedBase, executedBase}; \
    if (!fastMachineWord<Prim::Name>(m, stack, height)) goto undo;                                          \
    pc = m.pc;                                                                                              \
    returnHeight = m.returnHeight;                                                                          \
    remaining = m.remaining;                                                                                \
    usedBase = m.usedBase;                                                                                  \
    executedBase = m.executedBase;                                                                          \
    break;                                                                                                  \
  }
#define GROBOCODE_INLINE_WORD(Name, ...)
#define GROBOCODE_CALLED_WORD(Name, ...)
#include "chronon/vm/grobocode_semantics.def"
#undef GROBOCODE_CALLED_WORD
#undef GROBOCODE_INLINE_WORD
#undef GROBOCODE_MACHINE_WORD
        case Op::kPure: {
          const PureWord& word = pures[operation.operand];
          const int32_t base = height - word.pops;
          if (base < 0 || base + word.pushes > kStackLimit) goto undo;
          std::array<Fixed, kMaxEffectItems * 2> out;
          grobots::NumberError error{};
          // A number error is the general path's to raise; the word is pure, so it computes the
          // same again there.
          if (!word.function(stack + base, out.data(), error)) goto undo;
          for (int32_t i = 0; i < word.pushes; ++i) stack[base + i] = out[static_cast<size_t>(i)];
          height = base + word.pushes;
          break;
        }
        case Op::kHostCall:
        case Op::kPeriodicSensor: {
          // Machine::hardwareCall's work: the inputs popped, one host call, the outputs pushed. A stack
          // too low or too high is the general path's error to raise.
          const HostCallOperand call = unpackHostCall(operation.operand);
          const Prim prim = call.prim;
          const int32_t pops = call.pops;
          const int32_t pushes = call.pushes;
          if (height < pops || height - pops + pushes > kStackLimit) goto undo;
          std::array<Fixed, kMaxEffectItems * 2> inputs;
          std::array<Fixed, kMaxEffectItems * 2> outputs{};
          height -= pops;
          for (int32_t i = 0; i < pops; ++i) inputs[static_cast<size_t>(i)] = stack[height + i];
          save();
          if (!callHostWord(state, host, prim, std::span<const Fixed>(inputs.data(), static_cast<size_t>(pops)),
                            std::span<Fixed>(outputs.data(), static_cast<size_t>(pushes))))
            return executed();
          for (int32_t i = 0; i < pushes; ++i) stack[height++] = outputs[static_cast<size_t>(i)];
          // A firing periodic sensor is an implicit sync (§2.7 #133-135, §5.2 item 4).
          if (operation.op == Op::kPeriodicSensor && stack[height - 1].isTrue()) {
            usedBase -= remaining;
            executedBase -= remaining;
            remaining = 0;
          }
          break;
        }
        // A pair needs the budget to cover its second instruction too; the fetch above paid for the
        // first.
        case Op::kLabelNifg:
        case Op::kLabelIfg: {
          if (remaining <= floor || height < 1 || height >= kStackLimit) goto undo;
          const bool taken = stack[height - 1].isTrue() == (operation.op == Op::kLabelIfg);
          // The label read's cell stays above the stack, stale, as the two instructions leave it.
          stack[height] = Fixed::fromRaw(operation.operand);
          height -= 1;
          pc = taken ? operation.operand >> Fixed::kFractionBits : at + 2;
          payForSecond();
          break;
        }
        case Op::kLabelJump:
          if (remaining <= floor || height >= kStackLimit) goto undo;
          stack[height] = Fixed::fromRaw(operation.operand);
          pc = operation.operand >> Fixed::kFractionBits;
          payForSecond();
          break;
#define CHRONON_CONSTANT_PAIR_CASE(Name)                                                                       \
  case Op::kConstant##Name:                                                                                    \
    if (remaining <= floor || !fastConstantWord<Prim::Name>(stack, height, Fixed::fromRaw(operation.operand))) \
      goto undo;                                                                                               \
    pc = at + 2;                                                                                               \
    payForSecond();                                                                                            \
    break;
          CHRONON_GROBOCODE_CONSTANT_PAIRS(CHRONON_CONSTANT_PAIR_CASE)
#undef CHRONON_CONSTANT_PAIR_CASE
      }
      continue;
    }
  undo:
    // The instruction goes to the general path as if the fast loop had never fetched it.
    pc = at;
    remaining += 1;
  general:
    save();
    {
      const int32_t executedNow = executed() + (general() ? 1 : 0);
      if (state.status != BrainStatus::kOk) return executedNow;
      pc = state.pc;
      height = state.height;
      returnHeight = state.returnHeight;
      remaining = state.remaining;
      usedBase = state.used + remaining;
      executedBase = executedNow + remaining;
    }
  }
  save();
  return executed();
}

}  // namespace chronon::grobocode::fast
