#pragma once
// The run-time state of one Grobocode brain (specs/grobots-language.md §5.1): pc, the data and
// return stacks, the robot's own copies of the variables, local memory, status and cycle budget.

#include <array>
#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

#include "chronon/compiler/grobocode.h"
#include "chronon/stdlib/grobocode_words.h"
#include "chronon/stdlib/grobots_number.h"

namespace chronon::grobocode {

/// A brain's status (§5.3): running, stopped by `stop`/`die`, or crashed by a runtime error.
enum class BrainStatus : uint8_t {
  kOk,       ///< Runs whenever it has cycles.
  kStopped,  ///< `stop` or `die` (§2.6); never runs again.
  kError,    ///< A runtime error (§5.3); never runs again, the robot lives on.
};

/// Local memory of a brain: M cells, addresses 1..M, all 0 until written (§2.7, §5.1). Cells are
/// stored densely up to kDenseLimit and sparsely beyond, so a huge `processor` memory argument
/// costs nothing until cells are written.
class LocalMemory {
 public:
  /// Largest memory held in one dense array.
  static constexpr int32_t kDenseLimit = 1 << 16;
  /// Memory of `size` cells (the processor's 2nd argument; 0 or negative means no cell is valid).
  explicit LocalMemory(int32_t size = 0) : size_(size) {}
  /// Number of cells M.
  int32_t size() const { return size_; }
  /// True when `address` is in 1..M.
  bool valid(int32_t address) const { return address >= 1 && address <= size_; }
  /// The cell at a valid `address` (0 when never written).
  grobots::Fixed load(int32_t address) const;
  /// Writes the cell at a valid `address`, allocating storage on the first store (§5.1).
  void store(int32_t address, grobots::Fixed value);
  /// The M cells (address a at index a - 1) when they are held densely and the first store has
  /// allocated them, else nullptr. The JIT reads and writes them directly; they never move after.
  grobots::Fixed* denseCells() { return size_ <= kDenseLimit && !dense_.empty() ? dense_.data() : nullptr; }

 private:
  int32_t size_;
  std::vector<grobots::Fixed> dense_;
  std::unordered_map<int32_t, grobots::Fixed> sparse_;
};

/// Everything a running brain holds. Create it with `makeBrainState`.
struct MachineState {
  int32_t pc = 0;                                        ///< Next instruction index.
  std::array<grobots::Fixed, kStackLimit> stack{};       ///< Data stack cells; stale cells stay (dropn).
  int32_t height = 0;                                    ///< Data stack height, 0..100.
  std::array<int32_t, kReturnStackLimit> returnStack{};  ///< Return addresses.
  int32_t returnHeight = 0;                              ///< Return stack height, 0..50.
  std::vector<grobots::Fixed> variables;                 ///< Own copies of `#var`s.
  std::vector<grobots::FixedVector> vectors;             ///< Own copies of `#vector`s.
  LocalMemory memory;                                    ///< Local memory (processor's 2nd argument).
  BrainStatus status = BrainStatus::kOk;                 ///< Running, stopped or crashed.
  RuntimeError error = RuntimeError::kNone;              ///< The error when status is kError.
  std::string errorMessage;                              ///< The original's full message (§5.3).
  int32_t errorPc = -1;                                  ///< Address of the faulting instruction.
  std::string lastPrint;                                 ///< The last `print`/`vprint` text (§2.6).
  int32_t remaining = 0;                                 ///< Cycles left this frame; 0 when newborn (§5.2).
  int32_t used = 0;                                      ///< Instructions executed in this Think.
  /// A Engine's memo of its compiled code for this state's brain, so that a Think finds it
  /// without hashing the brain: the engine that filled it, the brain and the code, all opaque.
  /// Not part of the brain's observable state; the interpreter never touches it.
  struct EngineMemo {
    const void* engine = nullptr;  ///< The engine that filled the memo.
    const void* brain = nullptr;   ///< The brain it was filled for.
    const void* code = nullptr;    ///< The engine's entry for the brain (its compiled code, if any).
    /// Instructions this state ran that the engine has not yet added to the brain's shared count
    /// (a JIT's warm-up and hot-brain counts, which every thread's robots add to).
    int64_t uncounted = 0;
  } engineMemo;
  /// The interpreter's memo of its decoded form of this state's brain (grobocode_interpreter.cpp),
  /// so that a Think finds it without looking the brain up. It holds where the brain and its tables
  /// were and their sizes, and is refilled whenever any of these differ: a REPL grows its brain or
  /// replaces it by an edited copy between runs. Not part of the brain's observable state.
  struct InterpreterMemo {
    const void* brain = nullptr;         ///< The brain it was filled for.
    const void* instructions = nullptr;  ///< Its instructions' storage then.
    const void* constants = nullptr;     ///< Its constants' storage then.
    const void* labels = nullptr;        ///< Its labels' storage then.
    size_t instructionCount = 0;         ///< Its instruction count then.
    size_t constantCount = 0;            ///< Its constant count then.
    size_t labelCount = 0;               ///< Its label count then.
    size_t variableCount = 0;            ///< Its scalar variable count then.
    size_t vectorCount = 0;              ///< Its vector variable count then.
    const void* code = nullptr;          ///< The interpreter's decoded form of that brain.
  } interpreterMemo;
};

/// A newborn brain for `brain` (§5.1, §5.2 item 3): pc at the start address, empty stacks,
/// variables at their initial values, `memorySize` cells of local memory (the processor's memory
/// argument), and remaining = 0 so that its first Think executes nothing.
MachineState makeBrainState(const Program& brain, int32_t memorySize);

}  // namespace chronon::grobocode
