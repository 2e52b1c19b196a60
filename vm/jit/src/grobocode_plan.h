#pragma once
// The JIT's view of a Grobocode brain before any LLVM is involved: each instruction decoded into
// what native code does for it, and the code cut into straight-line blocks with their static stack
// needs. Lowering (grobocode_lower.cpp) turns the plan into one LLVM function.

#include <cstdint>
#include <vector>

#include "chronon/compiler/grobocode.h"
#include "chronon/vm/grobocode_semantics.h"
#include "stack_block.h"

namespace chronon::jit::detail {

/// How native code handles one instruction.
enum class OpKind : uint8_t {
  kStep,        ///< Not compiled: in no block; the interpreter runs it (GrobocodeJit::run).
  kCall,        ///< The interpreter's grobocode::step runs it inside a block: a word with a fixed stack
                ///< effect that neither branches nor suspends (sensors, weapons, messages, forbidden
                ///< hardware writes...); native code leaves when it changed the status.
  kPush,        ///< Pushes a constant raw value (constants, label reads, pi, stack-limit...).
  kVarRead,     ///< Pushes scalar variable `index`.
  kVarWrite,    ///< Pops into scalar variable `index`.
  kVecRead,     ///< Pushes vector variable `index` (x then y).
  kVecWrite,    ///< Pops y then x into vector variable `index`.
  kLabelCall,   ///< Calls the constant, valid address `value`.
  kMachine,     ///< Machine word `prim` (grobocode_semantics.def): its entry lowered inline.
  kShuffle,     ///< Stack shuffle `prim` (grobocode_semantics.def): its effect, as renamed cells.
  kPure,        ///< Pure word `pure` (grobocode_semantics.h): computed inline from its entry when
                ///< the entry is written over any machine, else a direct call to its function; a
                ///< number error leaves the instruction to the interpreter, which raises it.
  kHwRead,      ///< Reads implemented scalar hardware `index` through a direct host call.
  kHwWrite,     ///< Writes writable scalar hardware `index` through a direct host call.
  kHwVecRead,   ///< Reads implemented vector hardware `index` through a direct host call.
  kHwVecWrite,  ///< Writes writable vector hardware `index` through a direct host call.
  kHostWord,    ///< A word that is one host call, `prim` (CHRONON_GROBOCODE_HOST_CALL_WORDS, or a periodic
                ///< sensor, which ends its block): its inputs popped, a direct call, its outputs pushed.
};

/// One decoded instruction.
struct Op {
  OpKind kind = OpKind::kStep;
  grobocode::Prim prim = grobocode::Prim::Nop;  ///< For kMachine, kShuffle, kPure and kHostWord.
  int32_t index = 0;                            ///< Variable index for kVar*/kVec*.
  int32_t value = 0;                            ///< Raw value for kPush; address for kLabelCall.
  int32_t pops = 0;                             ///< Data-stack cells read below the entry height.
  int32_t pushes = 0;                           ///< Cells the instruction leaves in their place.
  bool terminator = false;                      ///< Ends its block (changes pc, status or budget).
  const grobocode::PureWord* pure = nullptr;    ///< For kPure.
};

/// A straight-line run of compiled instructions (stack_block.h): Grobocode uses its start, end and
/// stack needs.
using Block = StackBlock;

/// The plan of a brain.
struct Plan {
  std::vector<Op> ops;           ///< One per instruction.
  std::vector<Block> blocks;     ///< In address order.
  std::vector<int32_t> blockAt;  ///< Per address: the block starting there, or -1.
};

/// The longest block; a longer straight line is cut so that a frame's budget (often 10 to 50
/// cycles) still covers whole blocks and rarely leaves one to the interpreter.
inline constexpr int32_t kMaxBlockLength = 12;

/// Decodes `brain` and cuts it into blocks. Leaders are the start address, every label address, and
/// the instruction after any terminator or stepped instruction (return addresses included). Never
/// fails: what it does not understand becomes kStep.
Plan planBrain(const grobocode::Program& brain);

}  // namespace chronon::jit::detail
