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

// A shared memory address a such that both a and a + 1 are in 1..kSharedMemoryCells, as the vector
// words need them.
[[gnu::always_inline]] inline bool sharedPair(Fixed value, int32_t& out) {
  if (!value.isInteger()) return false;
  out = value.raw() >> Fixed::kFractionBits;
  return out >= 1 && out < kSharedMemoryCells;
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
      int32_t n = 0;
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
        case Op::kJump:
          if (height < 1 || !codeAddress(stack[height - 1], size, n)) goto undo;
          height -= 1;
          pc = n;
          break;
        case Op::kCall:
          if (height < 1 || !codeAddress(stack[height - 1], size, n) || returnHeight >= kReturnStackLimit) goto undo;
          height -= 1;
          returnStack[returnHeight++] = pc;
          pc = n;
          break;
        case Op::kReturn:
          if (returnHeight < 1) goto undo;
          pc = returnStack[--returnHeight];
          break;
        // Conditional branches validate their address only when taken (§2.2).
        case Op::kIfg:
        case Op::kNifg: {
          if (height < 2) goto undo;
          const bool taken = stack[height - 2].isTrue() == (operation.op == Op::kIfg);
          if (taken && !codeAddress(stack[height - 1], size, n)) goto undo;
          height -= 2;
          if (taken) pc = n;
          break;
        }
        case Op::kIfr:
        case Op::kNifr: {
          if (height < 1) goto undo;
          const bool taken = stack[height - 1].isTrue() == (operation.op == Op::kIfr);
          if (taken && returnHeight < 1) goto undo;
          height -= 1;
          if (taken) pc = returnStack[--returnHeight];
          break;
        }
        // The pure words written over any machine, each its entry in grobocode_semantics.def.
#define GROBOCODE_INLINE_WORD(Name, ...)                 \
  case Op::k##Name:                                      \
    if (!fastWord<Prim::Name>(stack, height)) goto undo; \
    break;
#define GROBOCODE_CALLED_WORD(Name, ...)
#include "chronon/vm/grobocode_semantics.def"
#undef GROBOCODE_CALLED_WORD
#undef GROBOCODE_INLINE_WORD
        case Op::kRead:
          if (height < 1 || !stack[height - 1].isInteger()) goto undo;
          n = stack[height - 1].raw() >> Fixed::kFractionBits;
          if (n < 1 || n > kSharedMemoryCells) goto undo;
          height -= 1;
          save();
          stack[height++] = host.sharedMemory()[static_cast<size_t>(n - 1)];
          break;
        case Op::kWrite: {
          if (height < 2 || !stack[height - 1].isInteger()) goto undo;
          n = stack[height - 1].raw() >> Fixed::kFractionBits;
          if (n < 1 || n > kSharedMemoryCells) goto undo;
          const Fixed value = stack[height - 2];
          height -= 2;
          save();
          host.sharedMemory()[static_cast<size_t>(n - 1)] = value;
          break;
        }
        case Op::kVread: {
          // A full stack fails only after the host's memory is fetched: the general path's case.
          if (height < 1 || height - 1 > kStackLimit - 2 || !sharedPair(stack[height - 1], n)) goto undo;
          height -= 1;
          save();
          const SharedMemory& shared = host.sharedMemory();
          stack[height] = shared[static_cast<size_t>(n - 1)];
          stack[height + 1] = shared[static_cast<size_t>(n)];
          height += 2;
          break;
        }
        case Op::kVwrite: {
          if (height < 3 || !sharedPair(stack[height - 1], n)) goto undo;
          const FixedVector value{stack[height - 3], stack[height - 2]};
          height -= 3;
          save();
          // The general path fetches the host's memory once per cell, y first.
          host.sharedMemory()[static_cast<size_t>(n)] = value.y;
          host.sharedMemory()[static_cast<size_t>(n - 1)] = value.x;
          break;
        }
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
        case Op::kSync:
          usedBase -= remaining;
          executedBase -= remaining;
          remaining = 0;
          break;
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
