// Lowering a Grobocode brain to LLVM IR (DESIGN.md "Two backends, one behaviour").
//
// The function has a dispatch block (a switch on pc over every block start) and one header and body
// per block. A header checks, once for the whole block, that the budget covers it and that the data
// stack can neither underflow nor overflow in it; the body then runs with no stack checks, keeping
// the cells it has read or written in registers. Any check that fails inside an instruction
// (arithmetic overflow, division by zero, a bad address, return-stack limits) leaves the state
// exactly as before that instruction and returns, and so does a header whose checks fail or a pc
// where no block starts (instructions the plan does not compile among them): the caller
// (GrobocodeJit::run) has the interpreter run up to the end of that block, so errors, messages and
// partial effects are the interpreter's own.
//
// At level 2 the state's counters (height, return height, pc, remaining and used cycles) live in the
// function's own slots, which LLVM turns into registers across blocks; they are written to the
// MachineState only where C++ code can see them: before a call to the interpreter or the host, and on
// return. Stack cells, variables and vector components a block reads or writes stay in registers
// inside the block and are written once, where the block leaves (its end, a deopt, a call), with
// the values the interpreter would have left there at that point. Level 1, whose fast code
// generator would keep those values in stack slots anyway, keeps the counters in the MachineState and
// stores every write at once.

#include "grobocode_lower.h"

#include <llvm/Analysis/ValueTracking.h>
#include <llvm/IR/BasicBlock.h>
#include <llvm/IR/Constants.h>
#include <llvm/IR/Function.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/MDBuilder.h>
#include <llvm/IR/Module.h>

#include <array>
#include <initializer_list>
#include <map>
#include <utility>
#include <vector>

#include "chronon/stdlib/grobocode_words.h"
#include "chronon/stdlib/grobots_number.h"
#include "grobocode_native.h"
#include "lowering_base.h"
#include "word_functions.h"

namespace chronon::jit::detail {

namespace {

using grobocode::Prim;
using llvm::BasicBlock;
using llvm::Value;

constexpr int32_t kOne = grobots::Fixed::kOneRaw;
constexpr int32_t kFractionBits = grobots::Fixed::kFractionBits;

class Lowering : LoweringBase {
 public:
  Lowering(llvm::Module& module, const Plan& plan, int32_t size, bool counterSlots)
      : LoweringBase(module), plan_(plan), size_(size), counterSlots_(counterSlots), deferWrites_(counterSlots) {}

  llvm::Function* lower(const std::string& name);

 private:
  Value* field(ContextField f) { return fields_[static_cast<size_t>(f)]; }
  Value* at32(Value* base, Value* index) {
    return b_.CreateInBoundsGEP(i32(), base, b_.CreateSExt(index, b_.getInt64Ty()));
  }
  Value* at32(Value* base, int64_t index) {
    return b_.CreateConstInBoundsGEP1_64(i32(), base, static_cast<uint64_t>(index));
  }

  // Block bodies.
  void lowerBlock(const Block& block, BasicBlock* header);
  void lowerOp(const Op& op, int32_t at);
  // A machine word's entry of grobocode_semantics.def inline, on Words, through one table by Prim.
  void lowerEntry(Prim prim, int32_t at);
  template <Prim P>
  void lowerEntryOf(int32_t at);
  struct Words;
  Value* cell(int32_t rel);
  void setCell(int32_t rel, Value* value);
  // Where a cached cell lives in the MachineState: a stack cell relative to the block's entry height,
  // a scalar variable, or one component of a vector variable (2 * index + 0 for x, + 1 for y).
  enum class Home : uint8_t { kStack, kVariable, kVector };
  using Key = std::pair<Home, int32_t>;
  // A cell's value in a register; `dirty` when memory does not hold it yet.
  struct Cached {
    Value* value = nullptr;
    bool dirty = false;
  };
  using Cache = std::map<Key, Cached>;
  Value* slotAddress(Key key);
  Value* read(Key key);
  // At level 2 the store waits for the block's exit; level 1 stores at once, since its fast register
  // allocator would keep the deferred values in stack slots anyway and the write-backs at every
  // exit would lengthen its compiles (docs/jit.md, "Speed").
  void write(Key key, Value* value) {
    if (!deferWrites_) b_.CreateStore(value, slotAddress(key));
    cache_[key] = Cached{value, deferWrites_};
  }
  // Stores every dirty cell of `cache` (at the current insertion point).
  void flush(const Cache& cache);
  // Copies the state's counters between the function's slots and the MachineState, around calls into
  // C++ code and on return.
  void spill() { copyCounters(true); }
  void reload() { copyCounters(false); }
  // Copies the counters from the function's slots to the MachineState (`toState`) or back; nothing
  // at level 1, where the MachineState holds them.
  void copyCounters(bool toState);
  void push(Value* value) { setCell(depth_++, value); }
  Value* boolean(Value* flag) { return b_.CreateSelect(flag, c32(kOne), c32(0)); }
  Value* isTrue(Value* v) { return b_.CreateICmpNE(v, c32(0)); }
  // The locals after `executed` instructions of the block at stack depth `depth`, with the cells of
  // `cache` (by default the current one) written back.
  void commit(int32_t depth, int32_t executed) { commitWith(cache_, depth, executed); }
  void commitWith(const Cache& cache, int32_t depth, int32_t executed);
  // Leaves the current instruction to the interpreter when `ok` is false; continues after it.
  void require(Value* ok);
  BasicBlock* deopt();
  // A valid code address from a raw cell (integer and inside the code), or the deopt exit.
  Value* address(Value* raw);
  void pushReturn(Value* address);
  void gotoAddress(int64_t address);
  void gotoDynamic(Value* address);
  // A direct host call for the instruction at `at` with `depth` cells left on the stack: commits the
  // state the interpreter has while executing it, calls, and returns when the call reports failure.
  Value* hostCall(llvm::Function* callee, std::initializer_list<Value*> args, int32_t depth, int32_t at);
  // A stack shuffle (grobocode_semantics.def): its effect's cells renamed in the cell cache; a cell
  // that stays where it was is not written again.
  void lowerShuffle(const Shuffle& shuffle);
  // A pure word (grobocode_semantics.h): a call to its word function, which the passes inline.
  void lowerPure(const Op& op);
  // Tells LLVM that the state's arrays and fields are distinct objects (alias scopes).
  void addAliasScopes();

  const Plan& plan_;
  int32_t size_;
  // Whether the counters live in the function's slots (see height_) or in the MachineState.
  bool counterSlots_;
  // Whether cells, variables and vector components written in a block are stored only where the
  // block leaves (level 2) or at once (level 1).
  bool deferWrites_;

  llvm::Function* step_ = nullptr;
  // The direct hardware and host-word calls (grobocode_native.h) and the in/out scratch cells of
  // the host words.
  llvm::Function* read_ = nullptr;
  llvm::Function* write_ = nullptr;
  llvm::Function* readVector_ = nullptr;
  llvm::Function* writeVector_ = nullptr;
  llvm::Function* call_ = nullptr;
  Value* in_ = nullptr;
  Value* out_ = nullptr;
  std::vector<Value*> fields_;
  // The MachineState's height, return height, budget, instruction count and pc. With counterSlots_,
  // the function's own slots (allocas), which SROA makes SSA values with phis at block headers: the
  // state holds them only after spill(). Without, the state's fields themselves, the truth between
  // blocks (inside a block they are SSA values).
  Value* height_ = nullptr;
  Value* returnHeight_ = nullptr;
  Value* remaining_ = nullptr;
  Value* used_ = nullptr;
  Value* pc_ = nullptr;
  // The local memory's size, which no call changes while native code runs (grobocode_native.h).
  Value* memorySize_ = nullptr;
  Value* base_ = nullptr;  // &stack[h0] of the block being lowered.
  BasicBlock* dispatch_ = nullptr;
  BasicBlock* exit_ = nullptr;
  BasicBlock* done_ = nullptr;  // Returns; the state in memory is complete.

  // The block being lowered: its entry values, the current depth relative to entry, the cells
  // known in registers, and the instruction being lowered with its depth and index at start.
  Value* h0_ = nullptr;
  Value* rem0_ = nullptr;
  Value* used0_ = nullptr;
  int32_t depth_ = 0;
  Cache cache_;
  // The cache as it was before the instruction being lowered: what a deopt writes back.
  Cache opCache_;
  int32_t opAt_ = 0;
  int32_t opDepth_ = 0;
  int32_t opIndex_ = 0;
  int32_t opPops_ = 0;
  int32_t opPushes_ = 0;
  BasicBlock* opDeopt_ = nullptr;

 public:
  /// False when an instruction touched cells outside its planned effect: the header's stack check
  /// would not cover it, so the brain must not run natively.
  bool consistent_ = true;
};

llvm::Function* Lowering::lower(const std::string& name) {
  startFunction(name, b_.getVoidTy());
  step_ = CHRONON_JIT_HELPER(chronon_jit_grobocode_step);
  read_ = CHRONON_JIT_HELPER(chronon_jit_grobocode_read);
  write_ = CHRONON_JIT_HELPER(chronon_jit_grobocode_write);
  readVector_ = CHRONON_JIT_HELPER(chronon_jit_grobocode_read_vector);
  writeVector_ = CHRONON_JIT_HELPER(chronon_jit_grobocode_write_vector);
  call_ = CHRONON_JIT_HELPER(chronon_jit_grobocode_call);

  BasicBlock* entry = newBlock("entry");
  b_.SetInsertPoint(entry);
  for (int f = 0; f <= static_cast<int>(ContextField::kShared); ++f) fields_.push_back(contextPointer(f));
  if (counterSlots_) {
    height_ = b_.CreateAlloca(i32(), nullptr, "height");
    returnHeight_ = b_.CreateAlloca(i32(), nullptr, "returnHeight");
    remaining_ = b_.CreateAlloca(i32(), nullptr, "remaining");
    used_ = b_.CreateAlloca(i32(), nullptr, "used");
    pc_ = b_.CreateAlloca(i32(), nullptr, "pc");
    reload();
  } else {
    height_ = field(ContextField::kHeight);
    returnHeight_ = field(ContextField::kReturnHeight);
    remaining_ = field(ContextField::kRemaining);
    used_ = field(ContextField::kUsed);
    pc_ = field(ContextField::kPc);
  }
  memorySize_ = b_.CreateLoad(i32(), field(ContextField::kMemorySize));
  in_ = b_.CreateAlloca(llvm::ArrayType::get(i32(), 2 * grobocode::kMaxEffectItems));
  out_ = b_.CreateAlloca(llvm::ArrayType::get(i32(), 2 * grobocode::kMaxEffectItems));
  dispatch_ = newBlock("dispatch");
  exit_ = newBlock("exit");
  done_ = newBlock("done");
  b_.CreateBr(dispatch_);

  makeHeaders(plan_.blocks.size());

  // The interpreter's loop condition: run while remaining > 0 (the status is checked after steps).
  b_.SetInsertPoint(dispatch_);
  BasicBlock* select = newBlock("select");
  b_.CreateCondBr(b_.CreateICmpSGT(b_.CreateLoad(i32(), remaining_), c32(0)), select, exit_);
  b_.SetInsertPoint(select);
  // A pc where no block starts is the interpreter's (GrobocodeJit::run): native code returns.
  switchToBlocks(b_.CreateLoad(i32(), pc_), exit_, std::span<const Block>(plan_.blocks));

  b_.SetInsertPoint(exit_);
  spill();
  b_.CreateBr(done_);
  b_.SetInsertPoint(done_);
  b_.CreateRetVoid();

  for (size_t i = 0; i < plan_.blocks.size(); ++i) lowerBlock(plan_.blocks[i], headers_[i]);
  addAliasScopes();
  return function_;
}

// Every pointer in the context points into a different object: the MachineState's arrays and fields,
// local memory, the size of it on the caller's stack, the side's shared memory, and the context
// itself. Without this, LLVM must assume that a store to a stack cell may change a variable, and
// reloads every variable after every store.
void Lowering::addAliasScopes() {
  llvm::MDBuilder md(context_);
  llvm::MDNode* domain = md.createAnonymousAliasScopeDomain("grobocode");
  const size_t count = fields_.size() + 1;  // Each field's object, then the context.
  std::vector<llvm::Metadata*> scopes;
  for (size_t i = 0; i < count; ++i) scopes.push_back(md.createAnonymousAliasScope(domain));
  std::vector<llvm::MDNode*> own;
  std::vector<llvm::MDNode*> others;
  for (size_t i = 0; i < count; ++i) {
    own.push_back(llvm::MDNode::get(context_, {scopes[i]}));
    std::vector<llvm::Metadata*> rest;
    for (size_t j = 0; j < count; ++j)
      if (j != i) rest.push_back(scopes[j]);
    others.push_back(llvm::MDNode::get(context_, rest));
  }
  std::map<const Value*, size_t> objectOf;
  for (size_t f = 0; f < fields_.size(); ++f) objectOf[fields_[f]] = f;
  objectOf[contextArg_] = fields_.size();
  for (BasicBlock& block : *function_) {
    for (llvm::Instruction& instruction : block) {
      Value* pointer = nullptr;
      if (auto* load = llvm::dyn_cast<llvm::LoadInst>(&instruction)) pointer = load->getPointerOperand();
      if (auto* store = llvm::dyn_cast<llvm::StoreInst>(&instruction)) pointer = store->getPointerOperand();
      if (pointer == nullptr) continue;
      const auto it = objectOf.find(llvm::getUnderlyingObject(pointer));
      if (it == objectOf.end()) continue;
      instruction.setMetadata(llvm::LLVMContext::MD_alias_scope, own[it->second]);
      instruction.setMetadata(llvm::LLVMContext::MD_noalias, others[it->second]);
    }
  }
}

void Lowering::lowerBlock(const Block& block, BasicBlock* header) {
  b_.SetInsertPoint(header);
  h0_ = b_.CreateLoad(i32(), height_);
  rem0_ = b_.CreateLoad(i32(), remaining_);
  used0_ = b_.CreateLoad(i32(), used_);
  // A block runs natively only when the budget covers all of it. Checking the budget before each
  // instruction instead (to run a block cut by the end of a frame natively up to the cut) measured
  // slower on whole tournaments: level 1's fast code generator spills around every extra branch.
  Value* ok = b_.CreateICmpSGE(rem0_, c32(block.end - block.start));
  ok = b_.CreateAnd(ok, b_.CreateICmpSGE(h0_, c32(block.needBelow)));
  ok = b_.CreateAnd(ok, b_.CreateICmpSLE(h0_, c32(grobocode::kStackLimit - block.growAbove)));
  BasicBlock* body = newBlock("body");
  BasicBlock* single = newBlock("single");
  b_.CreateCondBr(ok, body, single);
  // Too little budget or stack: native code returns, and the interpreter runs the block.
  b_.SetInsertPoint(single);
  b_.CreateStore(c32(block.start), pc_);
  b_.CreateBr(exit_);

  b_.SetInsertPoint(body);
  base_ = b_.CreateInBoundsGEP(i32(), field(ContextField::kStack), b_.CreateZExt(h0_, b_.getInt64Ty()));
  depth_ = 0;
  cache_.clear();
  for (int32_t at = block.start; at < block.end; ++at) {
    opAt_ = at;
    opDepth_ = depth_;
    opCache_ = cache_;
    opIndex_ = at - block.start;
    opDeopt_ = nullptr;
    const Op& op = plan_.ops[static_cast<size_t>(at)];
    opPops_ = op.pops;
    opPushes_ = op.pushes;
    lowerOp(op, at);
    if (op.terminator) return;
    if (depth_ != opDepth_ - op.pops + op.pushes) consistent_ = false;
  }
  commit(depth_, block.end - block.start);
  gotoAddress(block.end);
}

Value* Lowering::cell(int32_t rel) {
  if (rel < opDepth_ - opPops_ || rel >= opDepth_) consistent_ = false;
  return read({Home::kStack, rel});
}

void Lowering::setCell(int32_t rel, Value* value) {
  if (rel < opDepth_ - opPops_ || rel >= opDepth_ - opPops_ + opPushes_) consistent_ = false;
  write({Home::kStack, rel}, value);
}

Value* Lowering::slotAddress(Key key) {
  switch (key.first) {
    case Home::kStack: return at32(base_, key.second);
    case Home::kVariable: return at32(field(ContextField::kVariables), key.second);
    case Home::kVector: return at32(field(ContextField::kVectors), key.second);
  }
  return nullptr;
}

Value* Lowering::read(Key key) {
  const auto it = cache_.find(key);
  if (it != cache_.end()) return it->second.value;
  Value* v = b_.CreateLoad(i32(), slotAddress(key));
  cache_[key] = Cached{v, false};
  return v;
}

void Lowering::flush(const Cache& cache) {
  for (const auto& [key, cached] : cache)
    if (cached.dirty) b_.CreateStore(cached.value, slotAddress(key));
}

void Lowering::copyCounters(bool toState) {
  if (!counterSlots_) return;
  const std::array<std::pair<Value*, ContextField>, 5> counters{{{height_, ContextField::kHeight},
                                                                 {returnHeight_, ContextField::kReturnHeight},
                                                                 {pc_, ContextField::kPc},
                                                                 {remaining_, ContextField::kRemaining},
                                                                 {used_, ContextField::kUsed}}};
  for (const auto& [slot, f] : counters) {
    Value* from = toState ? slot : field(f);
    Value* to = toState ? field(f) : slot;
    b_.CreateStore(b_.CreateLoad(i32(), from), to);
  }
}

void Lowering::commitWith(const Cache& cache, int32_t depth, int32_t executed) {
  flush(cache);
  b_.CreateStore(b_.CreateAdd(h0_, c32(depth)), height_);
  b_.CreateStore(b_.CreateSub(rem0_, c32(executed)), remaining_);
  b_.CreateStore(b_.CreateAdd(used0_, c32(executed)), used_);
}

BasicBlock* Lowering::deopt() {
  if (opDeopt_ != nullptr) return opDeopt_;
  const llvm::IRBuilderBase::InsertPoint saved = b_.saveIP();
  opDeopt_ = newBlock("deopt");
  b_.SetInsertPoint(opDeopt_);
  commitWith(opCache_, opDepth_, opIndex_);
  b_.CreateStore(c32(opAt_), pc_);
  b_.CreateBr(exit_);
  b_.restoreIP(saved);
  return opDeopt_;
}

void Lowering::require(Value* ok) {
  if (auto* k = llvm::dyn_cast<llvm::ConstantInt>(ok); k != nullptr && k->isOne()) return;
  BasicBlock* next = newBlock("ok");
  b_.CreateCondBr(ok, next, deopt());
  b_.SetInsertPoint(next);
}

Value* Lowering::address(Value* raw) {
  require(b_.CreateICmpEQ(b_.CreateAnd(raw, c32(kOne - 1)), c32(0)));
  Value* n = b_.CreateAShr(raw, c32(kFractionBits));
  require(b_.CreateICmpULT(n, c32(size_)));
  return n;
}

void Lowering::pushReturn(Value* address) {
  Value* rh = b_.CreateLoad(i32(), returnHeight_);
  require(b_.CreateICmpSLT(rh, c32(grobocode::kReturnStackLimit)));
  b_.CreateStore(address, at32(field(ContextField::kReturnStack), rh));
  b_.CreateStore(b_.CreateAdd(rh, c32(1)), returnHeight_);
}

void Lowering::gotoAddress(int64_t address) {
  if (address >= 0 && address < size_) {
    const int32_t block = plan_.blockAt[static_cast<size_t>(address)];
    if (block >= 0) {
      b_.CreateBr(headers_[static_cast<size_t>(block)]);
      return;
    }
  }
  b_.CreateStore(c32(address), pc_);
  b_.CreateBr(dispatch_);
}

void Lowering::gotoDynamic(Value* address) {
  if (auto* k = llvm::dyn_cast<llvm::ConstantInt>(address)) {
    gotoAddress(k->getSExtValue());
    return;
  }
  b_.CreateStore(address, pc_);
  b_.CreateBr(dispatch_);
}

void Lowering::lowerOp(const Op& op, int32_t at) {
  switch (op.kind) {
    case OpKind::kStep: return;  // Never inside a block (planBrain).
    case OpKind::kCall: {
      // The interpreter executes the instruction on the state in memory: the cells are written back,
      // the counters committed and spilled, and it advances pc itself.
      commit(opDepth_, opIndex_);
      b_.CreateStore(c32(at), pc_);
      spill();
      b_.CreateCall(step_, {contextArg_});
      reload();
      BasicBlock* next = newBlock("called");
      b_.CreateCondBr(b_.CreateICmpEQ(b_.CreateLoad(b_.getInt8Ty(), field(ContextField::kStatus)), b_.getInt8(0)), next,
                      done_);
      b_.SetInsertPoint(next);
      cache_.clear();
      depth_ = opDepth_ - op.pops + op.pushes;
      return;
    }
    case OpKind::kPush: push(c32(op.value)); return;
    case OpKind::kVarRead: push(read({Home::kVariable, op.index})); return;
    case OpKind::kVarWrite: {
      Value* v = cell(depth_ - 1);
      --depth_;
      write({Home::kVariable, op.index}, v);
      return;
    }
    case OpKind::kVecRead: {
      Value* x = read({Home::kVector, 2 * op.index});
      Value* y = read({Home::kVector, 2 * op.index + 1});
      push(x);
      push(y);
      return;
    }
    case OpKind::kVecWrite: {
      Value* y = cell(depth_ - 1);
      Value* x = cell(depth_ - 2);
      depth_ -= 2;
      write({Home::kVector, 2 * op.index}, x);
      write({Home::kVector, 2 * op.index + 1}, y);
      return;
    }
    case OpKind::kLabelCall:
      pushReturn(c32(at + 1));
      commit(depth_, opIndex_ + 1);
      gotoAddress(op.value);
      return;
    case OpKind::kMachine: lowerEntry(op.prim, at); return;
    case OpKind::kShuffle: lowerShuffle(grobocode::shuffleOf(op.prim)); return;
    case OpKind::kPure: lowerPure(op); return;
    case OpKind::kHwRead: {
      Value* r = hostCall(read_, {contextArg_, c32(op.index)}, depth_, at);
      push(b_.CreateTrunc(r, i32()));
      return;
    }
    case OpKind::kHwWrite: {
      Value* v = cell(depth_ - 1);
      --depth_;
      hostCall(write_, {contextArg_, c32(op.index), v}, depth_, at);
      return;
    }
    case OpKind::kHwVecRead: {
      hostCall(readVector_, {contextArg_, c32(op.index), out_}, depth_, at);
      push(b_.CreateLoad(i32(), at32(out_, int64_t{0})));
      push(b_.CreateLoad(i32(), at32(out_, int64_t{1})));
      return;
    }
    case OpKind::kHwVecWrite: {
      Value* y = cell(depth_ - 1);
      Value* x = cell(depth_ - 2);
      depth_ -= 2;
      hostCall(writeVector_, {contextArg_, c32(op.index), x, y}, depth_, at);
      return;
    }
    case OpKind::kHostWord: {
      // As the interpreter's fast loop: the inputs popped, one host call, the outputs pushed. The
      // block's header has checked that the stack holds the inputs and has room for the outputs.
      const int32_t d = depth_;
      for (int32_t i = 0; i < op.pops; ++i) b_.CreateStore(cell(d - op.pops + i), at32(in_, i));
      depth_ = d - op.pops;
      hostCall(call_, {contextArg_, c32(static_cast<int32_t>(op.prim)), in_, c32(op.pops), out_, c32(op.pushes)},
               depth_, at);
      Value* last = nullptr;
      for (int32_t j = 0; j < op.pushes; ++j) {
        last = b_.CreateLoad(i32(), at32(out_, j));
        push(last);
      }
      if (!op.terminator) return;
      // A periodic sensor that fired is an implicit sync (§2.7 #133-135): the think ends there,
      // and the cycles left are not charged.
      commit(depth_, opIndex_ + 1);
      if (last != nullptr) {
        Value* remaining = b_.CreateLoad(i32(), remaining_);
        b_.CreateStore(b_.CreateSelect(isTrue(last), c32(0), remaining), remaining_);
      }
      gotoAddress(at + 1);
      return;
    }
  }
}

Value* Lowering::hostCall(llvm::Function* callee, std::initializer_list<Value*> args, int32_t depth, int32_t at) {
  commit(depth, opIndex_ + 1);
  b_.CreateStore(c32(at + 1), pc_);
  spill();
  Value* r = b_.CreateCall(callee, args);
  // The read returns a zero-extended cell or -1; the others 0 or 1.
  Value* failed = callee == read_ ? b_.CreateICmpSLT(r, b_.getInt64(0)) : b_.CreateICmpNE(r, c32(0));
  BasicBlock* next = newBlock("host");
  b_.CreateCondBr(failed, done_, next);
  b_.SetInsertPoint(next);
  // The host changes no brain state but the status, so memory now holds every cached cell.
  for (auto& entry : cache_) entry.second.dirty = false;
  return r;
}

void Lowering::lowerShuffle(const Shuffle& shuffle) {
  const int32_t base = depth_ - shuffle.pops;
  applyShuffle(
      shuffle, [&](int i) { return cell(base + i); }, [&](int i, Value* value) { setCell(base + i, value); });
  depth_ = base + shuffle.pushes;
}

void Lowering::lowerPure(const Op& op) {
  const int32_t d = depth_;
  std::vector<Value*> inputs;
  for (int32_t i = 0; i < op.pops; ++i) inputs.push_back(cell(d - op.pops + i));
  std::vector<Value*> outputs;
  // A number error: the interpreter executes the word again from the untouched stack and raises it.
  callWord(grobocodeWordSymbol(op.prim), i32(), inputs, static_cast<size_t>(op.pushes), outputs,
           [&](Value* ok) { require(b_.CreateICmpNE(ok, c32(0))); });
  depth_ = d - op.pops;
  for (Value* v : outputs) push(v);
}

// The machine the machine words' entries (grobocode_semantics.def) run on in native code: each
// operation emits its instructions at the insertion point, a failed check branches to the deopt exit
// (the interpreter runs the word again from the start), and control leaves the block where the
// word goes on elsewhere. Indices are i32 values; code addresses, heights and memory addresses 1..M.
struct Lowering::Words : IrMachine<CheckFailure> {
  using Index = Value*;
  Lowering& l;
  int32_t at;  // The instruction's address.

  Value* c32(int64_t v) const { return l.c32(v); }
  bool codeAddress(Value* c, Value*& n) {
    n = l.address(c);
    return true;
  }
  bool integer(Value* c, Value*& n) {
    l.require(b.CreateICmpEQ(b.CreateAnd(c, c32(kOne - 1)), c32(0)));
    n = b.CreateAShr(c, c32(kFractionBits));
    return true;
  }
  bool jump(Value* n) {
    l.commit(l.depth_, l.opIndex_ + 1);
    l.gotoDynamic(n);
    return true;
  }
  bool call(Value* n) {
    l.pushReturn(c32(at + 1));
    return jump(n);
  }
  template <class F>
  bool when(Value* flag, F then) {
    BasicBlock* taken = l.newBlock("taken");
    BasicBlock* skip = l.newBlock("skip");
    b.CreateCondBr(flag, taken, skip);
    b.SetInsertPoint(skip);
    l.commit(l.depth_, l.opIndex_ + 1);
    l.gotoAddress(at + 1);
    b.SetInsertPoint(taken);
    return then();
  }
  bool pushReturn(Value* n) {
    l.pushReturn(n);
    return true;
  }
  bool topReturn(Value*& n) {
    Value* rh = b.CreateLoad(l.i32(), l.returnHeight_);
    l.require(b.CreateICmpSGT(rh, c32(0)));
    n = b.CreateLoad(l.i32(), l.at32(l.field(ContextField::kReturnStack), b.CreateSub(rh, c32(1))));
    return true;
  }
  bool dropReturn() {
    b.CreateStore(b.CreateSub(b.CreateLoad(l.i32(), l.returnHeight_), c32(1)), l.returnHeight_);
    return true;
  }
  Value* height() { return b.CreateAdd(l.h0_, c32(l.depth_)); }
  // Every index this machine makes is a number: planBrain compiles no brain whose code addresses
  // are not, and heights are at most kStackLimit.
  bool integerCell(Value* n, Value*& c) {
    c = b.CreateMul(n, c32(kOne));
    return true;
  }
  // Only memory that the first store has allocated is done here (memorySize_ is 0 before);
  // anything else, that first store included, is the interpreter's.
  bool localAddress(Value* c, Value*& n) {
    integer(c, n);
    l.require(b.CreateICmpULT(b.CreateSub(n, c32(1)), l.memorySize_));
    return true;
  }
  Value* localCell(Value* n) { return l.at32(l.field(ContextField::kMemory), b.CreateSub(n, c32(1))); }
  bool load(Value* n, Value*& c) {
    c = b.CreateLoad(l.i32(), localCell(n));
    return true;
  }
  bool store(Value* n, Value* c) {
    b.CreateStore(c, localCell(n));
    return true;
  }
  bool sharedAddress(Value* c, Value*& n) {
    integer(c, n);
    l.require(b.CreateICmpULT(b.CreateSub(n, c32(1)), c32(grobocode::kSharedMemoryCells)));
    return true;
  }
  Value* sharedCell(Value* n) { return l.at32(l.field(ContextField::kShared), b.CreateSub(n, c32(1))); }
  bool sharedLoad(Value* n, Value*& c) {
    c = b.CreateLoad(l.i32(), sharedCell(n));
    return true;
  }
  bool sharedStore(Value* n, Value* c) {
    b.CreateStore(c, sharedCell(n));
    return true;
  }
  bool stop() {
    l.commit(l.depth_, l.opIndex_ + 1);
    b.CreateStore(b.getInt8(static_cast<uint8_t>(grobocode::BrainStatus::kStopped)), l.field(ContextField::kStatus));
    b.CreateStore(c32(at + 1), l.pc_);
    b.CreateBr(l.exit_);
    return true;
  }
  // The think ends here: the cycles left are not charged.
  bool sync() {
    l.commit(l.depth_, l.opIndex_ + 1);
    b.CreateStore(c32(0), l.remaining_);
    b.CreateStore(c32(at + 1), l.pc_);
    b.CreateBr(l.exit_);
    return true;
  }
};

template <Prim P>
void Lowering::lowerEntryOf(int32_t at) {
  constexpr int32_t kPops = grobocode::popsOf(P);
  constexpr int32_t kPushes = grobocode::pushesOf(P);
  const int32_t d = depth_;
  std::array<Value*, kPops> in{};
  for (int32_t i = 0; i < kPops; ++i) in[static_cast<size_t>(i)] = cell(d - kPops + i);
  std::array<Value*, kPushes> out{};
  // The entry sees the stack with its inputs popped; a machine word that leaves the block commits
  // that. A failed check branched to the deopt exit, so the entry always goes on here.
  depth_ = d - kPops;
  const auto require = [this](Value* ok) { this->require(ok); };
  Words m{{b_, i32(), i64(), require}, *this, at};
  grobocode::MachineWord<P>::apply(m, in.data(), out.data());
  for (Value* v : out) push(v);
}

void Lowering::lowerEntry(Prim prim, int32_t at) {
  using EntryLowering = void (Lowering::*)(int32_t);
  static const std::array<EntryLowering, grobocode::kPrimitiveCount> kEntryLowerings = [] {
    std::array<EntryLowering, grobocode::kPrimitiveCount> lowerings{};
#define GROBOCODE_INLINE_WORD(Name, ...)
#define GROBOCODE_CALLED_WORD(Name, ...)
#define GROBOCODE_MACHINE_WORD(Name, ...) \
  lowerings[static_cast<size_t>(Prim::Name)] = &Lowering::lowerEntryOf<Prim::Name>;
#include "chronon/vm/grobocode_semantics.def"
#undef GROBOCODE_MACHINE_WORD
#undef GROBOCODE_CALLED_WORD
#undef GROBOCODE_INLINE_WORD
    return lowerings;
  }();
  (this->*kEntryLowerings[static_cast<size_t>(prim)])(at);
}

}  // namespace

llvm::Function* lowerBrain(llvm::Module& module, const Plan& plan, int32_t size, const std::string& name,
                           int optimization) {
  // Level 1's fast register allocator would keep each counter's phi in a stack slot and copy it on
  // every edge, which costs more than the loads and stores it saves (docs/jit.md, "Speed").
  Lowering lowering(module, plan, size, optimization >= 2);
  llvm::Function* function = lowering.lower(name);
  return lowering.consistent_ ? function : nullptr;
}

}  // namespace chronon::jit::detail
