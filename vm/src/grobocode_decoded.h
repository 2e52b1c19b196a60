#pragma once
// The interpreter's predecoded form of a brain (grobocode_interpreter.cpp). Each 16-bit instruction
// (specs/grobots-language.md §4.4) is decoded once into an operation and an operand, with every table
// index already checked, so that `run` dispatches with one switch and reads its operand without
// touching the brain's tables. An instruction that the fast loop does not handle, or that would fail
// however it runs (an illegal type, an index past its table, a label call to a bad address), decodes
// to Op::kStep: the general path, `step`'s own code, executes it with the original's exact errors.

#include <cstddef>
#include <cstdint>
#include <vector>

#include "chronon/compiler/grobocode.h"
#include "chronon/vm/grobocode_semantics.h"

namespace chronon::grobocode {

/// The pure words (GROBOCODE_INLINE_WORD, popping two cells and pushing one) that the fast loop
/// fuses with a constant read before them, the pairs brains write most (`1 +`, `5 <`).
#define CHRONON_GROBOCODE_CONSTANT_PAIRS(X) X(Add) X(Subtract) X(Less) X(Greater)

/// What the fast loop does for one instruction. Everything but kStep has a fast path there.
enum class Op : uint8_t {
  kStep,                 ///< The general path (step's code).
  kConstant,             ///< Pushes the operand, a constant's raw value.
  kVariableRead,         ///< Pushes the scalar variable at the operand.
  kVariableWrite,        ///< Pops into the scalar variable at the operand.
  kVectorRead,           ///< Pushes the vector variable at the operand.
  kVectorWrite,          ///< Pops into the vector variable at the operand.
  kLabelRead,            ///< Pushes the operand, a label's address as a raw number.
  kLabelCall,            ///< Calls the operand, a label's address, which is in the code.
  kHardwareRead,         ///< Reads the scalar hardware variable at the operand (an HwScalar).
  kHardwareWrite,        ///< Writes the writable scalar hardware variable at the operand.
  kHardwareVectorRead,   ///< Reads the vector hardware variable at the operand (an HwVector).
  kHardwareVectorWrite,  ///< Writes the writable vector hardware variable at the operand.
  /// A pure word written on values only (GROBOCODE_CALLED_WORD); the operand is its index in
  /// kPureWords (grobocode_semantics.h).
  kPure,
  /// A word that is one Host::callHardware (CHRONON_GROBOCODE_HOST_CALL_WORDS); the operand
  /// is packHostCall's.
  kHostCall,
  /// A periodic sensor (CHRONON_GROBOCODE_PERIODIC_SENSORS): kHostCall's work and operand, then a
  /// sync when the sensor fired.
  kPeriodicSensor,
// One per machine word (GROBOCODE_MACHINE_WORD): k<Name>, the fast loop's instance of the word's
// entry in grobocode_semantics.def.
#define GROBOCODE_MACHINE_WORD(Name, ...) k##Name,
#define GROBOCODE_INLINE_WORD(Name, ...)
#define GROBOCODE_CALLED_WORD(Name, ...)
#include "chronon/vm/grobocode_semantics.def"
#undef GROBOCODE_CALLED_WORD
#undef GROBOCODE_INLINE_WORD
#undef GROBOCODE_MACHINE_WORD
// One per stack shuffle (GROBOCODE_SHUFFLE_WORD): kShuffle<Name>, the fast loop's instance of the
// word's effect.
#define GROBOCODE_SHUFFLE_WORD(Name) kShuffle##Name,
#define GROBOCODE_INLINE_WORD(Name, ...)
#define GROBOCODE_CALLED_WORD(Name, ...)
#include "chronon/vm/grobocode_semantics.def"
#undef GROBOCODE_CALLED_WORD
#undef GROBOCODE_INLINE_WORD
#undef GROBOCODE_SHUFFLE_WORD
// One per pure word written over any machine (GROBOCODE_INLINE_WORD): k<Name>, the fast loop's
// instance of the word's entry in grobocode_semantics.def.
#define GROBOCODE_INLINE_WORD(Name, ...) k##Name,
#define GROBOCODE_CALLED_WORD(Name, ...)
#include "chronon/vm/grobocode_semantics.def"
#undef GROBOCODE_CALLED_WORD
#undef GROBOCODE_INLINE_WORD
  // Pairs of instructions run as one, when the second follows the first in the code (a jump to the
  // second runs it alone). Each does exactly what the two do one after the other, the stale cell the
  // first pushes included, and runs only when the budget covers both.
  kLabelNifg,  ///< A label read and `nifg`; the operand as kLabelRead's, naming an instruction.
  kLabelIfg,   ///< A label read and `ifg`; the operand as kLabelRead's, naming an instruction.
  kLabelJump,  ///< A label read and `jump`; the operand as kLabelRead's, naming an instruction.
// kConstant<Name>: a constant read and the word of CHRONON_GROBOCODE_CONSTANT_PAIRS; the operand
// is the constant's raw value.
#define CHRONON_CONSTANT_PAIR_OP(Name) kConstant##Name,
  CHRONON_GROBOCODE_CONSTANT_PAIRS(CHRONON_CONSTANT_PAIR_OP)
#undef CHRONON_CONSTANT_PAIR_OP
};

/// What kHostCall and kPeriodicSensor need of their word: the Prim and the cells it pops and pushes.
struct HostCallOperand {
  Prim prim = Prim::Nop;
  int32_t pops = 0;
  int32_t pushes = 0;
};

/// `call` packed into an operand: the Prim in bits 0-7, the pops in bits 8-15, the pushes above.
constexpr int32_t packHostCall(HostCallOperand call) {
  return static_cast<int32_t>(call.prim) | call.pops << 8 | call.pushes << 16;
}

/// The HostCallOperand that packHostCall packed into `operand`.
constexpr HostCallOperand unpackHostCall(int32_t operand) {
  return {static_cast<Prim>(operand & 0xff), (operand >> 8) & 0xff, operand >> 16};
}

static_assert(kPrimitiveCount <= 256 && kMaxEffectItems * 2 < 256, "packHostCall's fields are 8 bits wide");

/// One decoded instruction: eight bytes, so that a brain's hot code stays in few cache lines.
struct Operation {
  Op op = Op::kStep;    ///< What to do.
  int32_t operand = 0;  ///< Its argument; meaning depends on `op`.
};

/// A brain's decoded form (fused pairs included). It depends only on the brain's instruction words, constant values,
/// label addresses and table sizes, so brains equal in those share one.
struct DecodedBrain {
  std::vector<Operation> operations;  ///< One per instruction, in address order.
  size_t variables = 0;               ///< The brain's scalar variable count the indices were checked against.
  size_t vectors = 0;                 ///< The brain's vector variable count the indices were checked against.
};

/// The decoded form of `brain`, built on first use and kept for the life of the process (so that a
/// pointer to it stays valid). Safe to call from several threads at once.
const DecodedBrain& decodedBrain(const Program& brain);

}  // namespace chronon::grobocode
