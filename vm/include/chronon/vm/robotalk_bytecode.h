#pragma once
// The compact bytecode: a robot's object-code words decoded once into push / operator cells,
// address-preserving (cell index == instruction address, specs/robowar.md §3.3).

#include <cstdint>
#include <vector>

#include "chronon/compiler/robotalk.h"

namespace chronon::vm {

/// One decoded instruction. A push cell has `push` set and pushes `value` (a number, an address or
/// a quoted register 20300-20399); otherwise `op` is the operator to run. `cost` is the cycles
/// charged (from the word table; pushes cost 1).
struct Cell {
  robotalk::Op op = robotalk::Op::Nop;
  bool push = false;
  bool unknown = false;  ///< A word in 20008-20099 or 20165-20299 the original cannot execute.
  uint8_t cost = 1;
  int16_t value = 0;
};

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

}  // namespace chronon::vm
