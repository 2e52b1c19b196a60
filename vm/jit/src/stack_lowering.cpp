// The one lowering of the stack languages' blocks (stack_lowering.h).

#include "stack_lowering.h"

#include <llvm/IR/Constants.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/Instructions.h>

namespace chronon::jit::detail {

using llvm::BasicBlock;
using llvm::Value;

StackLowering::StackLowering(llvm::Module& module, unsigned cellBits, std::span<const StackBlock> blocks,
                             std::span<const int32_t> blockAt, int32_t size, bool deferWrites)
    : LoweringBase(module),
      cellType_(b_.getIntNTy(cellBits)),
      size_(size),
      blocks_(blocks),
      blockAt_(blockAt),
      deferWrites_(deferWrites),
      homes_(1, nullptr) {}

Value* StackLowering::addCounter(Value* field, Role role, Value* slot) {
  counters_.push_back(Counter{field, slot == nullptr ? field : slot, role});
  return counters_.back().local;
}

void StackLowering::copyCounters(bool toState) {
  for (const Counter& c : counters_) {
    if (c.local == c.field) continue;
    Value* from = toState ? c.local : c.field;
    Value* to = toState ? c.field : c.local;
    b_.CreateStore(b_.CreateLoad(i32(), from), to);
  }
}

void StackLowering::setHome(int32_t home, Value* base) {
  if (homes_.size() <= static_cast<size_t>(home)) homes_.resize(static_cast<size_t>(home) + 1, nullptr);
  homes_[static_cast<size_t>(home)] = base;
}

void StackLowering::lowerBlocks() {
  for (size_t i = 0; i < blocks_.size(); ++i) lowerBlock(blocks_[i], headers_[i]);
}

void StackLowering::lowerBlock(const StackBlock& block, BasicBlock* header) {
  b_.SetInsertPoint(header);
  entry_.fill(nullptr);
  // The free count is read only by a block that has zero-cost instructions.
  for (const Counter& c : counters_)
    if (c.role != Role::kOther && (c.role != Role::kFree || block.freeCount > 0))
      entry_[static_cast<size_t>(c.role)] = b_.CreateLoad(i32(), c.local);
  BasicBlock* body = newBlock("body");
  checkBlock(block, body);

  b_.SetInsertPoint(body);
  // Stack cells are addressed from the block's entry height (home 0 is the whole stack).
  base_ = b_.CreateInBoundsGEP(cellType_, homes_[kStackHome], b_.CreateZExt(entry(Role::kHeight), i64()));
  depth_ = 0;
  charged_ = 0;
  free_ = 0;
  cache_.clear();
  for (int32_t at = block.start; at < block.end; ++at) {
    if (block.stepsLast && at == block.end - 1) {
      commit(depth_, c32(at));
      b_.CreateBr(deoptTarget_);
      return;
    }
    const OpShape shape = shapeOf(at);
    opAt_ = at;
    opDepth_ = depth_;
    opCache_ = cache_;
    opCharged_ = charged_;
    opFree_ = free_;
    opPops_ = shape.pops;
    opPushes_ = shape.pushes;
    opDeopt_ = nullptr;
    charged_ += shape.cost;
    if (shape.cost == 0) ++free_;
    if (lowerOp(at)) return;
    if (depth_ != opDepth_ - shape.pops + shape.pushes) consistent_ = false;
  }
  commit(depth_);
  gotoAddress(block.end);
}

Value* StackLowering::cell(int32_t rel) {
  if (rel < opDepth_ - opPops_ || rel >= opDepth_) consistent_ = false;
  return read({kStackHome, rel});
}

void StackLowering::setCell(int32_t rel, Value* value) {
  if (rel < opDepth_ - opPops_ || rel >= opDepth_ - opPops_ + opPushes_) consistent_ = false;
  write({kStackHome, rel}, value);
}

Value* StackLowering::slotAddress(Key key) {
  Value* base = key.first == kStackHome ? base_ : homes_[static_cast<size_t>(key.first)];
  return b_.CreateConstInBoundsGEP1_64(cellType_, base, static_cast<uint64_t>(static_cast<int64_t>(key.second)));
}

Value* StackLowering::read(Key key) {
  const auto it = cache_.find(key);
  if (it != cache_.end()) return it->second.value;
  Value* v = b_.CreateLoad(cellType_, slotAddress(key));
  cache_[key] = Cached{v, false};
  return v;
}

void StackLowering::write(Key key, Value* value) {
  if (!deferWrites_) b_.CreateStore(value, slotAddress(key));
  cache_[key] = Cached{value, deferWrites_};
}

void StackLowering::flush(const Cache& cache) {
  for (const auto& [key, cached] : cache)
    if (cached.dirty) b_.CreateStore(cached.value, slotAddress(key));
}

void StackLowering::commitWith(const Cache& cache, int32_t depth, int32_t charged, int32_t free, Value* pc) {
  flush(cache);
  for (const Counter& c : counters_) {
    switch (c.role) {
      case Role::kHeight: b_.CreateStore(b_.CreateAdd(entry(Role::kHeight), c32(depth)), c.local); break;
      case Role::kChargedUp: b_.CreateStore(b_.CreateAdd(entry(Role::kChargedUp), c32(charged)), c.local); break;
      case Role::kChargedDown: b_.CreateStore(b_.CreateSub(entry(Role::kChargedDown), c32(charged)), c.local); break;
      case Role::kFree:
        if (free > 0) b_.CreateStore(b_.CreateAdd(entry(Role::kFree), c32(free)), c.local);
        break;
      case Role::kOther: break;
    }
  }
  if (pc != nullptr) b_.CreateStore(pc, pc_);
}

BasicBlock* StackLowering::deopt() {
  if (opDeopt_ != nullptr) return opDeopt_;
  const llvm::IRBuilderBase::InsertPoint saved = b_.saveIP();
  opDeopt_ = newBlock("deopt");
  b_.SetInsertPoint(opDeopt_);
  commitBeforeOp(c32(opAt_));
  b_.CreateBr(deoptTarget_);
  b_.restoreIP(saved);
  return opDeopt_;
}

void StackLowering::require(Value* ok) {
  if (auto* k = llvm::dyn_cast<llvm::ConstantInt>(ok); k != nullptr && k->isOne()) return;
  BasicBlock* next = newBlock("ok");
  b_.CreateCondBr(ok, next, deopt());
  b_.SetInsertPoint(next);
}

void StackLowering::gotoAddress(int64_t address) {
  if (address >= 0 && address < size_) {
    const int32_t block = blockAt_[static_cast<size_t>(address)];
    if (block >= 0) {
      b_.CreateBr(headers_[static_cast<size_t>(block)]);
      return;
    }
  }
  b_.CreateStore(c32(address), pc_);
  b_.CreateBr(dispatch_);
}

void StackLowering::gotoDynamic(Value* pc) {
  if (auto* k = llvm::dyn_cast<llvm::ConstantInt>(pc)) {
    gotoAddress(k->getSExtValue());
    return;
  }
  b_.CreateStore(pc, pc_);
  b_.CreateBr(dispatch_);
}

void StackLowering::lowerShuffle(const Shuffle& shuffle) {
  const int32_t base = depth_ - shuffle.pops;
  applyShuffle(
      shuffle, [&](int i) { return cell(base + i); }, [&](int i, Value* value) { setCell(base + i, value); });
  depth_ = base + shuffle.pushes;
}

void StackLowering::lowerWordCall(const char* symbol, int32_t pops, int32_t pushes) {
  const int32_t d = depth_;
  std::vector<Value*> inputs;
  for (int32_t i = 0; i < pops; ++i) inputs.push_back(cell(d - pops + i));
  std::vector<Value*> outputs;
  callWord(symbol, cellType_, inputs, static_cast<size_t>(pushes), outputs,
           [&](Value* ok) { require(b_.CreateICmpNE(ok, c32(0))); });
  depth_ = d - pops;
  for (Value* v : outputs) push(v);
}

}  // namespace chronon::jit::detail
