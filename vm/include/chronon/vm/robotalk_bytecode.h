#pragma once
// The compact bytecode: a robot's object-code words decoded once into push / operator cells,
// address-preserving (cell index == instruction address, specs/robowar.md §3.3).

#include <cstdint>
#include <vector>

#include "chronon/compiler/robotalk.h"

namespace chronon::robotalk {

/// The pure operators (robotalk_semantics.def, two cells in and one out) that a push of a number
/// pairs with when it comes right before them (`30 <`, `1 +`).
#define CHRONON_ROBOTALK_CONSTANT_PAIRS(X) X(Add) X(Subtract) X(Less) X(Greater)

/// What a push does with the operator right after it, when the interpreter runs the two in one turn
/// of its loop: half of what robots run are pushes, and nearly all of them feed the next operator
/// (`aim` is `aim' RECALL`, `label IFG` a branch, `30 <` a comparison). decode() sets it where the
/// operator's argument is already known to be valid (a quoted register, an address in the program);
/// the interpreter still runs the push alone when anything may come between the two: the budget,
/// a leader, a single step, or a case in which either instruction would fail.
enum class Pair : uint8_t {
  kNone,            ///< Runs alone: not a push, or not followed by one of the operators below.
  kRecallLetter,    ///< A user variable's quote, then RECALL.
  kRecallRegister,  ///< A hardware register's quote, then RECALL.
  kStoreLetter,     ///< A user variable's quote, then STORE.
  kStoreRegister,   ///< A hardware register's quote, then STORE.
  kJump,            ///< An address in the program, then JUMP.
  kIf,              ///< An address in the program, then IF.
  kIfg,             ///< An address in the program, then IFG.
// k<Name>: a number, then the operator of CHRONON_ROBOTALK_CONSTANT_PAIRS.
#define CHRONON_ROBOTALK_PAIR_ENUM(Name) k##Name,
  CHRONON_ROBOTALK_CONSTANT_PAIRS(CHRONON_ROBOTALK_PAIR_ENUM)
#undef CHRONON_ROBOTALK_PAIR_ENUM
};

/// One decoded instruction. A push cell has `push` set and pushes `value` (a number, an address or
/// a quoted register 20300-20399); otherwise `op` is the operator to run. `cost` is the cycles
/// charged (from the word table; pushes cost 1). `pair` is derived from the cells themselves, so
/// nothing that keys on a program (the JIT's cache) needs it.
struct Cell {
  robotalk::Op op = robotalk::Op::Nop;
  bool push = false;
  bool unknown = false;  ///< A word in 20008-20099 or 20165-20299 the original cannot execute.
  uint8_t cost = 1;
  Pair pair = Pair::kNone;  ///< Set on a push only.
  int16_t value = 0;
};
static_assert(sizeof(Cell) == 8, "the interpreter loads one cell a turn; keep it a single word");

/// Which engine prepared a program and what it made of it, so that an engine other than the
/// interpreter (the JIT) finds its compiled code without hashing the program on every call. The
/// interpreter never reads it. `engine` is an engine instance's serial number (0 = none).
struct EngineMemo {
  uint64_t engine = 0;
  const void* code = nullptr;
  /// Cycles run by the engine on this copy of the program and not yet added to the engine's count
  /// for the program (which threads share), so that the count is touched once per batch.
  int64_t uncounted = 0;
};

/// A decoded program.
struct Bytecode {
  std::vector<Cell> cells;  ///< Index == address.
  /// Set by an engine on first use; whoever edits `cells` afterwards must reset it.
  mutable EngineMemo memo;
};

/// Decodes object-code words (operators 20000-20164, quoted registers 20300-20399, numbers).
/// Words in the operator block that name no operator become `unknown` cells, which kill the robot
/// with "Unidentified instruction" when executed (docs/robowar-arena.md "Interpreter"); so do numbers at or
/// above 20000 that are neither operators nor quoted registers.
Bytecode decode(const std::vector<int16_t>& words);

/// Decodes a compiled program's words.
Bytecode decode(const robotalk::Program& program);

}  // namespace chronon::robotalk
