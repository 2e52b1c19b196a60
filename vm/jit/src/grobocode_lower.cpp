// Lowering a Grobocode brain to LLVM IR (DESIGN.md "Two backends, one behaviour").
//
// The blocks are the stack languages' one lowering's (stack_lowering.h); this file adds the
// dispatch, Grobocode's header checks and its instructions. The function has a dispatch block (a switch on pc over
// every block start) and one header and body per block. A header checks, once for the whole block, that the budget
// covers it and that the data stack can neither underflow nor overflow in it; the body then runs with no stack checks,
// keeping the cells it has read or written in registers. Any check that fails inside an instruction (arithmetic
// overflow, division by zero, a bad address, return-stack limits) leaves the state exactly as before that instruction
// and returns, and so does a header whose checks fail or a pc where no block starts (instructions the plan does not
// compile among them): the caller (GrobocodeJit::run) has the interpreter run up to the end of that block, so errors,
// messages and partial effects are the interpreter's own.
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
#include "stack_lowering.h"
#include "word_functions.h"

namespace chronon::jit::detail {

namespace {

using grobocode::Prim;
using llvm::BasicBlock;
using llvm::Value;

constexpr int32_t kOne = grobots::Fixed::kOneRaw;
constexpr int32_t kFractionBits = grobots::Fixed::kFractionBits;

class Lowering : public StackLowering {
 public:
  Lowering(llvm::Module& module, const Plan& plan, int32_t size, bool counterSlots)
      : StackLowering(module, 32, plan.blocks, plan.blockAt, size, counterSlots),
        plan_(plan),
        counterSlots_(counterSlots) {}

  llvm::Function* lower(const std::string& name);

 private:
  // The homes of the cells a block caches besides the stack's: scalar variables, and vector
  // components (2 * index + 0 for x, + 1 for y).
  static constexpr int32_t kVariableHome = 1;
  static constexpr int32_t kVectorHome = 2;

  Value* field(ContextField f) { return fields_[static_cast<size_t>(f)]; }
  Value* at32(Value* base, Value* index) {
    return b_.CreateInBoundsGEP(i32(), base, b_.CreateSExt(index, b_.getInt64Ty()));
  }
  Value* at32(Value* base, int64_t index) {
    return b_.CreateConstInBoundsGEP1_64(i32(), base, static_cast<uint64_t>(index));
  }

  void checkBlock(const StackBlock& block, BasicBlock* body) override;
  OpShape shapeOf(int32_t at) const override {
    const Op& op = plan_.ops[static_cast<size_t>(at)];
    return OpShape{op.pops, op.pushes, 1};
  }
  bool lowerOp(int32_t at) override;
  // A machine word's entry of grobocode_semantics.def inline, on Words, through one table by Prim.
  void lowerMachine(Prim prim, int32_t at);
  template <Prim P>
  void lowerMachineOf(int32_t at);
  struct Words;
  Value* isTrue(Value* v) { return b_.CreateICmpNE(v, c32(0)); }
  // A valid code address from a raw cell (integer and inside the code), or the deopt exit.
  Value* address(Value* raw);
  void pushReturn(Value* address);
  // A direct host call for the instruction at `at` with `depth` cells left on the stack: commits the
  // state the interpreter has while executing it, calls, and returns when the call reports failure.
  Value* hostCall(llvm::Function* callee, std::initializer_list<Value*> args, int32_t depth, int32_t at);
  // Tells LLVM that the state's arrays and fields are distinct objects (alias scopes).
  void addAliasScopes();

  const Plan& plan_;
  // Whether the counters live in the function's slots or in the MachineState.
  bool counterSlots_;

  // The in/out scratch cells of the host words.
  Value* in_ = nullptr;
  Value* out_ = nullptr;
  std::vector<Value*> fields_;
  // The MachineState's return height and budget (the other counters are the shared lowering's).
  Value* returnHeight_ = nullptr;
  Value* remaining_ = nullptr;
  // The local memory's size, which no call changes while native code runs (grobocode_native.h).
  Value* memorySize_ = nullptr;
  BasicBlock* exit_ = nullptr;
  BasicBlock* done_ = nullptr;  // Returns; the state in memory is complete.
};

llvm::Function* Lowering::lower(const std::string& name) {
  startFunction(name, b_.getVoidTy());
  for (int f = 0; f <= static_cast<int>(ContextField::kShared); ++f) fields_.push_back(contextPointer(f));
  // At level 2 the height, return height, pc, budget and instruction count live in the function's
  // own slots, which SROA makes SSA values with phis at block headers: the state holds them only
  // after writeBack(). At level 1 they stay in the MachineState: its fast register allocator would
  // keep each counter's phi in a stack slot and copy it on every edge (docs/jit.md, "Speed").
  Value* height = counterSlot(counterSlots_, "height");
  Value* returnHeight = counterSlot(counterSlots_, "returnHeight");
  Value* remaining = counterSlot(counterSlots_, "remaining");
  Value* used = counterSlot(counterSlots_, "used");
  Value* pc = counterSlot(counterSlots_, "pc");
  addCounter(field(ContextField::kHeight), Role::kHeight, height);
  returnHeight_ = addCounter(field(ContextField::kReturnHeight), Role::kOther, returnHeight);
  pc_ = addCounter(field(ContextField::kPc), Role::kOther, pc);
  remaining_ = addCounter(field(ContextField::kRemaining), Role::kChargedDown, remaining);
  addCounter(field(ContextField::kUsed), Role::kChargedUp, used);
  reload();
  setHome(kStackHome, field(ContextField::kStack));
  setHome(kVariableHome, field(ContextField::kVariables));
  setHome(kVectorHome, field(ContextField::kVectors));
  memorySize_ = b_.CreateLoad(i32(), field(ContextField::kMemorySize));
  in_ = b_.CreateAlloca(llvm::ArrayType::get(i32(), 2 * grobocode::kMaxEffectItems));
  out_ = b_.CreateAlloca(llvm::ArrayType::get(i32(), 2 * grobocode::kMaxEffectItems));
  dispatch_ = newBlock("dispatch");
  exit_ = newBlock("exit");
  done_ = newBlock("done");
  // A failed check leaves the instruction to the interpreter (GrobocodeJit::run): native code returns.
  deoptTarget_ = exit_;
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
  writeBack();
  b_.CreateBr(done_);
  b_.SetInsertPoint(done_);
  b_.CreateRetVoid();

  lowerBlocks();
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

void Lowering::checkBlock(const StackBlock& block, BasicBlock* body) {
  // A block runs natively only when the budget covers all of it. Checking the budget before each
  // instruction instead (to run a block cut by the end of a frame natively up to the cut) measured
  // slower on whole tournaments: level 1's fast code generator spills around every extra branch.
  Value* h0 = entry(Role::kHeight);
  Value* ok = b_.CreateICmpSGE(entry(Role::kChargedDown), c32(block.end - block.start));
  ok = b_.CreateAnd(ok, b_.CreateICmpSGE(h0, c32(block.needBelow)));
  ok = b_.CreateAnd(ok, b_.CreateICmpSLE(h0, c32(grobocode::kStackLimit - block.growAbove)));
  BasicBlock* single = newBlock("single");
  b_.CreateCondBr(ok, body, single);
  // Too little budget or stack: native code returns, and the interpreter runs the block.
  b_.SetInsertPoint(single);
  b_.CreateStore(c32(block.start), pc_);
  b_.CreateBr(exit_);
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

bool Lowering::lowerOp(int32_t at) {
  const Op& op = plan_.ops[static_cast<size_t>(at)];
  switch (op.kind) {
    case OpKind::kStep: return false;  // Never inside a block (planBrain).
    case OpKind::kCall: {
      // The interpreter executes the instruction on the state in memory: the cells are written back,
      // the counters committed and written back, and it advances pc itself.
      commitBeforeOp(c32(at));
      writeBack();
      b_.CreateCall(CHRONON_JIT_HELPER(chronon_jit_grobocode_step), {contextArg_});
      reload();
      BasicBlock* next = newBlock("called");
      b_.CreateCondBr(b_.CreateICmpEQ(b_.CreateLoad(b_.getInt8Ty(), field(ContextField::kStatus)), b_.getInt8(0)), next,
                      done_);
      b_.SetInsertPoint(next);
      forget();
      depth_ = opDepth_ - op.pops + op.pushes;
      return false;
    }
    case OpKind::kPush: push(c32(op.value)); return false;
    case OpKind::kVarRead: push(read({kVariableHome, op.index})); return false;
    case OpKind::kVarWrite: {
      Value* v = cell(depth_ - 1);
      --depth_;
      write({kVariableHome, op.index}, v);
      return false;
    }
    case OpKind::kVecRead: {
      Value* x = read({kVectorHome, 2 * op.index});
      Value* y = read({kVectorHome, 2 * op.index + 1});
      push(x);
      push(y);
      return false;
    }
    case OpKind::kVecWrite: {
      Value* y = cell(depth_ - 1);
      Value* x = cell(depth_ - 2);
      depth_ -= 2;
      write({kVectorHome, 2 * op.index}, x);
      write({kVectorHome, 2 * op.index + 1}, y);
      return false;
    }
    case OpKind::kLabelCall:
      pushReturn(c32(at + 1));
      commit(depth_);
      gotoAddress(op.value);
      return true;
    case OpKind::kMachine: lowerMachine(op.prim, at); return op.terminator;
    case OpKind::kShuffle: lowerShuffle(grobocode::shuffleOf(op.prim)); return false;
    case OpKind::kPure:
      // A number error: the interpreter executes the word again from the untouched stack and raises it.
      lowerWordCall(grobocodeWordSymbol(op.prim), op.pops, op.pushes);
      return false;
    case OpKind::kHwRead: {
      Value* r = hostCall(CHRONON_JIT_HELPER(chronon_jit_grobocode_read), {contextArg_, c32(op.index)}, depth_, at);
      push(b_.CreateTrunc(r, i32()));
      return false;
    }
    case OpKind::kHwWrite: {
      Value* v = cell(depth_ - 1);
      --depth_;
      hostCall(CHRONON_JIT_HELPER(chronon_jit_grobocode_write), {contextArg_, c32(op.index), v}, depth_, at);
      return false;
    }
    case OpKind::kHwVecRead: {
      hostCall(CHRONON_JIT_HELPER(chronon_jit_grobocode_read_vector), {contextArg_, c32(op.index), out_}, depth_, at);
      push(b_.CreateLoad(i32(), at32(out_, int64_t{0})));
      push(b_.CreateLoad(i32(), at32(out_, int64_t{1})));
      return false;
    }
    case OpKind::kHwVecWrite: {
      Value* y = cell(depth_ - 1);
      Value* x = cell(depth_ - 2);
      depth_ -= 2;
      hostCall(CHRONON_JIT_HELPER(chronon_jit_grobocode_write_vector), {contextArg_, c32(op.index), x, y}, depth_, at);
      return false;
    }
    case OpKind::kHostWord: {
      // As the interpreter's fast loop: the inputs popped, one host call, the outputs pushed. The
      // block's header has checked that the stack holds the inputs and has room for the outputs.
      const int32_t d = depth_;
      for (int32_t i = 0; i < op.pops; ++i) b_.CreateStore(cell(d - op.pops + i), at32(in_, i));
      depth_ = d - op.pops;
      hostCall(CHRONON_JIT_HELPER(chronon_jit_grobocode_call),
               {contextArg_, c32(static_cast<int32_t>(op.prim)), in_, c32(op.pops), out_, c32(op.pushes)}, depth_, at);
      Value* last = nullptr;
      for (int32_t j = 0; j < op.pushes; ++j) {
        last = b_.CreateLoad(i32(), at32(out_, j));
        push(last);
      }
      if (!op.terminator) return false;
      // A periodic sensor that fired is an implicit sync (§2.7 #133-135): the think ends there,
      // and the cycles left are not charged.
      commit(depth_);
      if (last != nullptr) {
        Value* remaining = b_.CreateLoad(i32(), remaining_);
        b_.CreateStore(b_.CreateSelect(isTrue(last), c32(0), remaining), remaining_);
      }
      gotoAddress(at + 1);
      return true;
    }
  }
  return false;
}

Value* Lowering::hostCall(llvm::Function* callee, std::initializer_list<Value*> args, int32_t depth, int32_t at) {
  commit(depth, c32(at + 1));
  writeBack();
  Value* r = b_.CreateCall(callee, args);
  // The scalar read returns a zero-extended cell or -1 (an i64); the others 0 or 1.
  Value* failed = r->getType() == i64() ? b_.CreateICmpSLT(r, b_.getInt64(0)) : b_.CreateICmpNE(r, c32(0));
  BasicBlock* next = newBlock("host");
  b_.CreateCondBr(failed, done_, next);
  b_.SetInsertPoint(next);
  // The host changes no brain state but the status, so memory now holds every cached cell.
  markClean();
  return r;
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
    l.commit(l.depth_);
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
    l.commit(l.depth_);
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
  Value* height() { return b.CreateAdd(l.entry(Role::kHeight), c32(l.depth_)); }
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
    l.commit(l.depth_);
    b.CreateStore(b.getInt8(static_cast<uint8_t>(grobocode::BrainStatus::kStopped)), l.field(ContextField::kStatus));
    b.CreateStore(c32(at + 1), l.pc_);
    b.CreateBr(l.exit_);
    return true;
  }
  // The think ends here: the cycles left are not charged.
  bool sync() {
    l.commit(l.depth_);
    b.CreateStore(c32(0), l.remaining_);
    b.CreateStore(c32(at + 1), l.pc_);
    b.CreateBr(l.exit_);
    return true;
  }
};

template <Prim P>
void Lowering::lowerMachineOf(int32_t at) {
  const auto require = [this](Value* ok) { this->require(ok); };
  lowerEntry<grobocode::popsOf(P), grobocode::pushesOf(P)>([&](Value* const* in, Value** out) {
    Words m{{b_, i32(), i64(), require}, *this, at};
    grobocode::MachineWord<P>::apply(m, in, out);
  });
}

void Lowering::lowerMachine(Prim prim, int32_t at) {
  using MachineLowering = void (Lowering::*)(int32_t);
  static const std::array<MachineLowering, grobocode::kPrimitiveCount> kMachineLowerings = [] {
    std::array<MachineLowering, grobocode::kPrimitiveCount> lowerings{};
#define GROBOCODE_INLINE_WORD(Name, ...)
#define GROBOCODE_CALLED_WORD(Name, ...)
#define GROBOCODE_MACHINE_WORD(Name, ...) \
  lowerings[static_cast<size_t>(Prim::Name)] = &Lowering::lowerMachineOf<Prim::Name>;
#include "chronon/vm/grobocode_semantics.def"
#undef GROBOCODE_MACHINE_WORD
#undef GROBOCODE_CALLED_WORD
#undef GROBOCODE_INLINE_WORD
    return lowerings;
  }();
  (this->*kMachineLowerings[static_cast<size_t>(prim)])(at);
}

}  // namespace

llvm::Function* lowerBrain(llvm::Module& module, const Plan& plan, int32_t size, const std::string& name,
                           int optimization) {
  // Level 1's fast register allocator would keep each counter's phi in a stack slot and copy it on
  // every edge, which costs more than the loads and stores it saves (docs/jit.md, "Speed").
  Lowering lowering(module, plan, size, optimization >= 2);
  llvm::Function* function = lowering.lower(name);
  return lowering.consistent() ? function : nullptr;
}

}  // namespace chronon::jit::detail
