#pragma once
// The one lowering of the stack languages' blocks (Grobocode and RoboTalk) to LLVM IR. A plan cuts
// the code into StackBlocks (stack_block.h); this class lowers each one as a header, which checks
// once for the whole block what the interpreter checks before each instruction (the language says
// what: its budget, its stack bounds), and a body that runs with no such checks, keeping the cells
// it has read or written in registers. It owns what the two languages' JITs do alike: the cell
// cache and its write-back, the machine's counters (in the function's own slots, which SROA makes
// registers, or in the state), the commit of a block's stack height and charged cycles at every
// exit, the deopt exit of each instruction (its state exactly as before it, handed to the
// interpreter), branches between blocks, stack shuffles, word-function calls and machine-word
// entries. A language's lowering derives from it and adds its dispatch, its header checks, its host
// calls and the instructions only it has.

#include <llvm/IR/BasicBlock.h>
#include <llvm/IR/Value.h>

#include <array>
#include <cstdint>
#include <map>
#include <span>
#include <utility>
#include <vector>

#include "chronon/stdlib/stack_effect.h"
#include "lowering_base.h"
#include "stack_block.h"

namespace chronon::jit::detail {

/// See the file comment.
class StackLowering : protected LoweringBase {
 public:
  /// False when an instruction touched cells outside its planned effect: the header's stack check
  /// would not cover it, so the code must not run natively.
  bool consistent() const { return consistent_; }

 protected:
  /// What a counter of the machine means to a block: its stack height, a count that grows (or
  /// shrinks) by each instruction's cycles, the count of zero-cost instructions, or none of these
  /// (the pc, the return height), which the language updates itself.
  enum class Role : uint8_t { kHeight, kChargedUp, kChargedDown, kFree, kOther };
  /// Per instruction, what the shared loop needs: the cells it reads below its entry depth, the
  /// cells it leaves in their place (its writes fall in [depth - pops, depth - pops + pushes)), and
  /// the cycles it charges.
  struct OpShape {
    int32_t pops = 0;
    int32_t pushes = 0;
    int32_t cost = 1;
  };
  /// Where a cached cell lives: a stack cell relative to the block's entry height (home 0), or
  /// index `second` of another home, a cell array the language registers (setHome).
  using Key = std::pair<int32_t, int32_t>;
  static constexpr int32_t kStackHome = 0;

  /// A lowering into `module` of the blocks `blocks` of code of length `size`, with cells of
  /// `cellBits` bits; `blockAt` gives per address the block starting there, or -1 (at least `size`
  /// entries). With `deferWrites`, cells written in a block are stored only where the block leaves;
  /// otherwise at once.
  StackLowering(llvm::Module& module, unsigned cellBits, std::span<const StackBlock> blocks,
                std::span<const int32_t> blockAt, int32_t size, bool deferWrites);
  virtual ~StackLowering() = default;

  /// A counter of `role` whose truth is at `field`, kept in `slot` (an i32 alloca of the entry
  /// block, which reload() fills and writeBack() copies back) or, when `slot` is nullptr, in the
  /// field itself. Returns where native code reads and writes it. The order of the calls is the
  /// order of the copies.
  llvm::Value* addCounter(llvm::Value* field, Role role, llvm::Value* slot);
  /// An i32 slot for a counter, named `name`, when `inSlot`; nullptr otherwise (addCounter).
  llvm::Value* counterSlot(bool inSlot, const char* name = "") {
    return inSlot ? b_.CreateAlloca(i32(), nullptr, name) : nullptr;
  }
  /// Copies the counters kept in slots to their fields, before C++ code runs or native code returns.
  void writeBack() { copyCounters(true); }
  /// Copies the fields back into the slots, after C++ code that may have changed them.
  void reload() { copyCounters(false); }

  /// Lowers every block into its header (makeHeaders, which the language's dispatch switches to).
  void lowerBlocks();
  /// At a block's header, after the counters' entry values are loaded (entry()): branches to
  /// `body` when the block may run natively, and elsewhere when not.
  virtual void checkBlock(const StackBlock& block, llvm::BasicBlock* body) = 0;
  /// The shape of the instruction at `at` (inside a block).
  virtual OpShape shapeOf(int32_t at) const = 0;
  /// Lowers the instruction at `at` at the insertion point; true when it left the block (a branch,
  /// a stop), false when the block goes on after it. A block's last instruction that the
  /// interpreter runs (StackBlock::stepsLast) is not lowered: the block commits and goes to the
  /// deopt target with the pc there.
  virtual bool lowerOp(int32_t at) = 0;

  /// The i32 value of the counter of `role` at the block's entry.
  llvm::Value* entry(Role role) const { return entry_[static_cast<size_t>(role)]; }

  /// Registers the cells of home `home` at `base`, an array of cells: kStackHome's is the whole
  /// data stack (a block addresses its cells from its entry height), the others the language's.
  void setHome(int32_t home, llvm::Value* base);
  /// The stack cell at depth `rel` relative to the block's entry height, read by the instruction
  /// being lowered (inside its planned effect, or the lowering is inconsistent).
  llvm::Value* cell(int32_t rel);
  /// Writes the stack cell at depth `rel` (inside the instruction's planned effect).
  void setCell(int32_t rel, llvm::Value* value);
  void push(llvm::Value* value) { setCell(depth_++, value); }
  /// The cell at `key`, from the cache or loaded.
  llvm::Value* read(Key key);
  /// Writes the cell at `key`: at once, or where the block leaves (deferWrites).
  void write(Key key, llvm::Value* value);
  /// A cell's value in a register; `dirty` when memory does not hold it yet.
  struct Cached {
    llvm::Value* value = nullptr;
    bool dirty = false;
  };
  /// The cells known in registers.
  using Cache = std::map<Key, Cached>;
  /// The cells known now, to lower a second path from the same point (restoreCache).
  const Cache& cache() const { return cache_; }
  void restoreCache(const Cache& cache) { cache_ = cache; }
  /// After a call that may have changed any cell in memory: nothing cached is known any more.
  void forget() { cache_.clear(); }
  /// After a call that wrote every deferred cell back (through commit) and changed none: memory
  /// holds every cached cell.
  void markClean() {
    for (auto& entry : cache_) entry.second.dirty = false;
  }

  /// The state after the instruction being lowered, at stack depth `depth`: dirty cells stored, the
  /// height and the counters charged up to and with it, and `pc` when given.
  void commit(int32_t depth, llvm::Value* pc = nullptr) { commitWith(cache_, depth, charged_, free_, pc); }
  /// The state exactly as before the instruction being lowered, with `pc` when given.
  void commitBeforeOp(llvm::Value* pc) { commitWith(opCache_, opDepth_, opCharged_, opFree_, pc); }
  /// Leaves the instruction being lowered to the interpreter when `ok` is false (its deopt exit:
  /// commitBeforeOp at its address, then the deopt target); continues after it otherwise.
  void require(llvm::Value* ok);
  /// Continues at `address`: the header of the block starting there, or with the pc stored, the
  /// dispatch.
  void gotoAddress(int64_t address);
  /// Continues at the run-time address `pc` (a constant goes through gotoAddress).
  void gotoDynamic(llvm::Value* pc);
  /// A stack shuffle: its effect's cells renamed in the cache; a cell that stays where it was is
  /// not written again.
  void lowerShuffle(const Shuffle& shuffle);
  /// A call of word function `symbol` (word_functions.h) on the top `pops` cells, which leaves
  /// `pushes` cells in their place; a failure (result 0) leaves the word to the interpreter, which
  /// runs it again on the untouched stack and raises the error.
  void lowerWordCall(const char* symbol, int32_t pops, int32_t pushes);
  /// A machine word's entry: `apply(in, out)` on its `Pops` top cells (deepest first), with the
  /// depth already below them (a word that leaves the block commits that), then its `Pushes`
  /// results pushed.
  template <int Pops, int Pushes, class Apply>
  void lowerEntry(Apply apply) {
    const int32_t d = depth_;
    std::array<llvm::Value*, Pops> in{};
    for (int32_t i = 0; i < Pops; ++i) in[static_cast<size_t>(i)] = cell(d - Pops + i);
    std::array<llvm::Value*, Pushes> out{};
    depth_ = d - Pops;
    apply(in.data(), out.data());
    for (llvm::Value* v : out) push(v);
  }

  llvm::IntegerType* cellType_;
  int32_t size_;
  /// The pc's counter (addCounter with Role::kOther); the language sets it.
  llvm::Value* pc_ = nullptr;
  /// Where a pc that is not a block start goes (the language's run loop).
  llvm::BasicBlock* dispatch_ = nullptr;
  /// Where a deopt exit goes after its commit (the language's interpreter call).
  llvm::BasicBlock* deoptTarget_ = nullptr;

  // The block being lowered: its stack base, the depth relative to entry, and the depth at the
  // start of the instruction being lowered.
  llvm::Value* base_ = nullptr;
  int32_t depth_ = 0;
  int32_t opDepth_ = 0;
  bool consistent_ = true;

 private:
  struct Counter {
    llvm::Value* field;
    llvm::Value* local;
    Role role;
  };

  void lowerBlock(const StackBlock& block, llvm::BasicBlock* header);
  llvm::Value* slotAddress(Key key);
  void flush(const Cache& cache);
  void copyCounters(bool toState);
  void commitWith(const Cache& cache, int32_t depth, int32_t charged, int32_t free, llvm::Value* pc);
  llvm::BasicBlock* deopt();

  std::span<const StackBlock> blocks_;
  std::span<const int32_t> blockAt_;
  bool deferWrites_;
  std::vector<Counter> counters_;
  std::vector<llvm::Value*> homes_;
  std::array<llvm::Value*, 5> entry_{};
  Cache cache_;
  // The address of the instruction being lowered, where its deopt exit leaves it.
  int32_t opAt_ = 0;
  // Cycles and zero-cost instructions charged in the block so far (with the instruction being
  // lowered), and what the instruction's deopt exit restores: the cache, cycles and count before it.
  int32_t charged_ = 0;
  int32_t free_ = 0;
  Cache opCache_;
  int32_t opCharged_ = 0;
  int32_t opFree_ = 0;
  int32_t opPops_ = 0;
  int32_t opPushes_ = 0;
  llvm::BasicBlock* opDeopt_ = nullptr;
};

}  // namespace chronon::jit::detail
