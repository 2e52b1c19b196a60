// Decoding a Grobocode brain for the JIT and cutting it into blocks (see grobocode_plan.h).

#include "grobocode_plan.h"

#include <algorithm>

#include "chronon/stdlib/grobots_number.h"
#include "chronon/vm/grobocode_host.h"

namespace chronon::jit::detail {

namespace {

using grobocode::InstructionType;
using grobocode::Prim;
using grobots::Fixed;

Op push(int32_t raw) { return Op{OpKind::kPush, Prim::Nop, 0, raw, 0, 1, false}; }
// A primitive the interpreter executes in the middle of a block: allowed when its stack effect is
// fixed, it leaves the return stack alone and execution always goes on at the next instruction (or
// the brain stops with an error, which native code checks after the call). Anything else ends the
// block as a kStep.
Op called(Prim p) {
  const grobocode::PrimitiveInfo& word = grobocode::info(p);
  constexpr uint32_t kControl = grobocode::kBranch | grobocode::kTerminator | grobocode::kDynamicEffect |
                                grobocode::kSuspend | grobocode::kUnimplemented | grobocode::kStopsBrain;
  if ((word.flags & kControl) != 0 || !word.returnEffect.empty()) return Op{};
  return Op{OpKind::kCall, p, 0, 0, word.parsed.popCells(), word.parsed.pushCells(), false};
}

// A machine word (grobocode_semantics.def), lowered inline from its entry; its stack needs come from
// the word table's effect. It ends its block where the word table says execution may not go on at
// the next instruction: a branch, a terminator, or a word that ends the think (`sync`) or the brain
// (`stop`).
Op machine(Prim p) {
  constexpr uint32_t kEndsBlock =
      grobocode::kBranch | grobocode::kTerminator | grobocode::kSuspend | grobocode::kStopsBrain;
  const grobocode::PrimitiveInfo& info = grobocode::info(p);
  return Op{OpKind::kMachine, p, 0, 0, info.parsed.popCells(), info.parsed.pushCells(), (info.flags & kEndsBlock) != 0};
}

// A stack shuffle (grobocode_semantics.def): its cells come from the word table's effect.
Op shuffle(Prim p) {
  const Shuffle& word = grobocode::shuffleOf(p);
  return Op{OpKind::kShuffle, p, 0, 0, word.pops, word.pushes, false};
}

// A pure word (grobocode_semantics.h): computed inline or called, as its entry is written.
Op pure(Prim p) {
  const grobocode::PureWord* word = grobocode::findPure(p);
  Op op{OpKind::kPure, p, 0, 0, word->pops, word->pushes, false};
  op.pure = word;
  return op;
}

// A word that is one host call, called directly, as the interpreter's fast loop does (kHostCall and
// kPeriodicSensor in grobocode_decoded.h). A periodic sensor that fires ends the think, so it ends
// its block.
Op hostWord(Prim p, bool periodic) {
  const grobocode::PrimitiveInfo& word = grobocode::info(p);
  return Op{OpKind::kHostWord, p, 0, 0, word.parsed.popCells(), word.parsed.pushCells(), periodic};
}

// A hardware variable read or write (scalar: one cell, vector: two) as a direct host call. Unknown
// names end the block so that the interpreter reports them; a write the word table forbids
// (read-only, §3.1) is the interpreter's too, so native code only meets the host's own errors.
Op hardware(const grobocode::HardwareInfo* hw, OpKind kind, int32_t pops, int32_t pushes) {
  if (hw == nullptr) return Op{};
  if (pops > 0 && grobocode::writeError(*hw) != grobocode::RuntimeError::kNone)
    return Op{OpKind::kCall, Prim::Nop, 0, 0, pops, pushes, false};
  return Op{kind, Prim::Nop, hw->index, 0, pops, pushes, false};
}

// How each primitive is compiled: inline from its entry in grobocode_semantics.def, as a constant, as
// a call to its pure function, as a direct host call, as a call to the interpreter in the middle of a
// block, or stepped.
Op decodePrimitive(Prim p) {
  switch (p) {
    // clang-format off
    // The machine words (grobocode_semantics.def).
#define GROBOCODE_MACHINE_WORD(Name, ...) case Prim::Name:
#define GROBOCODE_INLINE_WORD(Name, ...)
#define GROBOCODE_CALLED_WORD(Name, ...)
#include "chronon/vm/grobocode_semantics.def"
#undef GROBOCODE_CALLED_WORD
#undef GROBOCODE_INLINE_WORD
#undef GROBOCODE_MACHINE_WORD
      return machine(p);
    // clang-format on
    case Prim::StackLimit: return push(Fixed::fromInteger(grobocode::kStackLimit).valueOr(Fixed{}).raw());
    case Prim::Pi: return push(grobots::kPi.raw());
    case Prim::TwoPi: return push(grobots::kTwoPi.raw());
    case Prim::HalfPi: return push(grobots::kHalfPi.raw());
    case Prim::E: return push(grobots::kE.raw());
    case Prim::Epsilon: return push(grobots::kEpsilon.raw());
    case Prim::Infinity:
      return push(grobots::kInfinity.raw());
      // clang-format off
    // The stack shuffles (grobocode_semantics.def).
#define GROBOCODE_SHUFFLE_WORD(Name) case Prim::Name:
#define GROBOCODE_INLINE_WORD(Name, ...)
#define GROBOCODE_CALLED_WORD(Name, ...)
#include "chronon/vm/grobocode_semantics.def"
#undef GROBOCODE_CALLED_WORD
#undef GROBOCODE_INLINE_WORD
#undef GROBOCODE_SHUFFLE_WORD
      return shuffle(p);
    // The pure words (grobocode_semantics.def).
#define GROBOCODE_INLINE_WORD(Name, ...) case Prim::Name:
#define GROBOCODE_CALLED_WORD(Name, ...) case Prim::Name:
#include "chronon/vm/grobocode_semantics.def"
#undef GROBOCODE_CALLED_WORD
#undef GROBOCODE_INLINE_WORD
      return pure(p);
    // clang-format on
    case Prim::Dropn:
    case Prim::Subswap:
    case Prim::Roll:
    case Prim::Pick:
    case Prim::Random:
    case Prim::RandomAngle:
    case Prim::RandomInt:
    case Prim::RandomBool:
    case Prim::Print:
    case Prim::Vprint:
    case Prim::Beep:
    case Prim::Pause:
    case Prim::Die:
    case Prim::Send:
    case Prim::Receive:
    case Prim::End:
      return called(p);
      // clang-format off
#define CHRONON_PERIODIC_CASE(name) case Prim::name:
    CHRONON_GROBOCODE_PERIODIC_SENSORS(CHRONON_PERIODIC_CASE)
#undef CHRONON_PERIODIC_CASE
      // clang-format on
      return hostWord(p, true);
      // clang-format off
#define CHRONON_HOST_CALL_CASE(name) case Prim::name:
    CHRONON_GROBOCODE_HOST_CALL_WORDS(CHRONON_HOST_CALL_CASE)
#undef CHRONON_HOST_CALL_CASE
      // clang-format on
      return hostWord(p, false);
  }
  return Op{};
}

Op decode(const grobocode::Program& brain, const grobocode::Instruction& instruction) {
  const auto index = instruction.index();
  const auto type = instruction.type();
  if (type > static_cast<int>(InstructionType::kHardwareVectorWrite)) return Op{};
  const auto size = static_cast<int32_t>(brain.instructions.size());
  switch (static_cast<InstructionType>(type)) {
    case InstructionType::kPrimitive: {
      const grobocode::PrimitiveInfo* word = grobocode::findPrimitive(index);
      return word == nullptr ? Op{} : decodePrimitive(word->prim);
    }
    case InstructionType::kConstantRead:
      if (static_cast<size_t>(index) >= brain.constants.size()) return Op{};
      return push(brain.constants[static_cast<size_t>(index)].value.raw());
    case InstructionType::kVariableRead:
    case InstructionType::kVariableWrite: {
      if (static_cast<size_t>(index) >= brain.variables.size()) return Op{};
      const bool read = static_cast<InstructionType>(type) == InstructionType::kVariableRead;
      return Op{read ? OpKind::kVarRead : OpKind::kVarWrite, Prim::Nop, index, 0, read ? 0 : 1, read ? 1 : 0, false};
    }
    case InstructionType::kVectorRead:
    case InstructionType::kVectorWrite: {
      if (static_cast<size_t>(index) >= brain.vectors.size()) return Op{};
      const bool read = static_cast<InstructionType>(type) == InstructionType::kVectorRead;
      return Op{read ? OpKind::kVecRead : OpKind::kVecWrite, Prim::Nop, index, 0, read ? 0 : 2, read ? 2 : 0, false};
    }
    case InstructionType::kLabelRead:
    case InstructionType::kLabelCall: {
      if (static_cast<size_t>(index) >= brain.labels.size()) return Op{};
      // As the interpreter: an address beyond the number range reads as 0.
      const Fixed address = Fixed::fromInteger(brain.labels[static_cast<size_t>(index)].address).valueOr(Fixed{});
      if (static_cast<InstructionType>(type) == InstructionType::kLabelRead) return push(address.raw());
      const int32_t target = address.raw() >> Fixed::kFractionBits;
      // A call to an address outside the code is a runtime error: the interpreter reports it.
      if (target < 0 || target >= size) return Op{};
      return Op{OpKind::kLabelCall, Prim::Nop, 0, target, 0, 0, true};
    }
    case InstructionType::kHardwareRead: return hardware(grobocode::findHardwareScalar(index), OpKind::kHwRead, 0, 1);
    case InstructionType::kHardwareWrite: return hardware(grobocode::findHardwareScalar(index), OpKind::kHwWrite, 1, 0);
    case InstructionType::kHardwareVectorRead:
      return hardware(grobocode::findHardwareVector(index), OpKind::kHwVecRead, 0, 2);
    case InstructionType::kHardwareVectorWrite:
      return hardware(grobocode::findHardwareVector(index), OpKind::kHwVecWrite, 2, 0);
  }
  return Op{};
}

}  // namespace

Plan planBrain(const grobocode::Program& brain) {
  Plan plan;
  const auto size = static_cast<int32_t>(brain.instructions.size());
  // In a longer brain some code addresses are not numbers, so r> could fail after its pop, which
  // native code cannot undo; such a brain is the interpreter's.
  if (size > grobots::Fixed::kMaxInteger + 1) {
    plan.ops.assign(static_cast<size_t>(size), Op{});
    plan.blockAt.assign(static_cast<size_t>(size), -1);
    return plan;
  }
  plan.ops.reserve(brain.instructions.size());
  for (const grobocode::Instruction& instruction : brain.instructions) plan.ops.push_back(decode(brain, instruction));

  std::vector<bool> leader(static_cast<size_t>(size) + 1, false);
  const auto mark = [&](int64_t address) {
    if (address >= 0 && address <= size) leader[static_cast<size_t>(address)] = true;
  };
  mark(0);
  mark(brain.startAddress());
  for (const grobocode::Label& label : brain.labels) mark(label.address);
  for (int32_t i = 0; i < size; ++i) {
    const Op& op = plan.ops[static_cast<size_t>(i)];
    if (op.kind == OpKind::kStep || op.terminator) mark(i + 1);
  }

  plan.blockAt.assign(static_cast<size_t>(size), -1);
  int32_t i = 0;
  while (i < size) {
    if (plan.ops[static_cast<size_t>(i)].kind == OpKind::kStep) {
      ++i;
      continue;
    }
    Block block;
    block.start = i;
    int32_t depth = 0;
    int32_t lowest = 0;
    int32_t highest = 0;
    do {
      const Op& op = plan.ops[static_cast<size_t>(i)];
      lowest = std::min(lowest, depth - op.pops);
      depth += op.pushes - op.pops;
      highest = std::max(highest, depth);
      ++i;
      if (op.terminator) break;
    } while (i < size && !leader[static_cast<size_t>(i)] && plan.ops[static_cast<size_t>(i)].kind != OpKind::kStep &&
             i - block.start < kMaxBlockLength);
    block.end = i;
    block.needBelow = -lowest;
    block.growAbove = highest;
    // A cut inside a straight line makes the next instruction a leader too.
    if (i < size) leader[static_cast<size_t>(i)] = true;
    plan.blockAt[static_cast<size_t>(block.start)] = static_cast<int32_t>(plan.blocks.size());
    plan.blocks.push_back(block);
  }
  return plan;
}

}  // namespace chronon::jit::detail
