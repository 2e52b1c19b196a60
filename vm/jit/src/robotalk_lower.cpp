// Lowering a RoboTalk program to LLVM IR (DESIGN.md "Two backends, one behaviour").
//
// The blocks are the stack languages' one lowering's (stack_lowering.h); this file adds the run
// loop, RoboTalk's header checks and its instructions. The function has a dispatch block (the run
// loop's budget check, then a switch on pc over every block start), one header and body per block,
// and a step block that calls robotalk::step for one instruction. A header checks once for the
// whole block what the interpreter checks before each instruction: the budget is not spent before
// the block's last instruction, the free-instruction cap is not reached, and the stack can neither
// underflow nor overflow. The body then runs with no such checks, keeping the cells it has read or
// written in registers (every write also goes to memory at once, so that the brain is exact
// wherever the body leaves). An instruction that would fail here
// (a result out of bounds, division by zero, a bad jump destination) leaves the brain exactly as
// before it and lets robotalk::step execute it, so errors and messages are the interpreter's own.
// Hardware registers the host keeps as ints are read where they lie (robotalk::readDirect); the others are
// read, and all are written, by direct calls to the host through the interpreter's own functions
// (robotalk::readHardware, robotalk::writeHardware); a write may enter a RANGE/RADAR handler, after
// which native code goes back to the dispatch. Nothing else in a compiled block can enter an
// interrupt: the interpreter does that only in INTON and RTI, which are always stepped. When a block
// does not fit the rest of the budget, robotalk::resume plays the few cycles left.

#include "robotalk_lower.h"

#include <llvm/IR/BasicBlock.h>
#include <llvm/IR/Constants.h>
#include <llvm/IR/Function.h>
#include <llvm/IR/GlobalVariable.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/Module.h>

#include <array>
#include <cstddef>
#include <tuple>
#include <utility>
#include <vector>

#include "chronon/stdlib/robotalk_words.h"
#include "chronon/vm/robotalk_interpreter.h"
#include "chronon/vm/robotalk_limits.h"
#include "robotalk_native.h"
#include "stack_lowering.h"
#include "word_functions.h"

namespace chronon::jit::robotalk_detail {

namespace {

using llvm::BasicBlock;
using llvm::Value;
using robotalk::Op;

using detail::kRoboTalkOperatorSlots;
using detail::roboTalkSlotOf;
using detail::roboTalkWordSymbol;
constexpr int32_t kSyncStop = static_cast<int32_t>(robotalk::Stop::kSync);
constexpr int32_t kBudgetStop = static_cast<int32_t>(robotalk::Stop::kBudget);
constexpr int32_t kErrorStop = static_cast<int32_t>(robotalk::Stop::kError);

class Lowering : public detail::StackLowering {
 public:
  Lowering(llvm::Module& module, const Plan& plan, int size)
      : StackLowering(module, 16, plan.blocks, plan.blockAt, size, false),
        plan_(plan),
        registers_(size <= kRegisterLimit) {}

  llvm::Function* lower(const std::string& name);

 private:
  llvm::IntegerType* i16() { return b_.getInt16Ty(); }
  llvm::ConstantInt* c16(int64_t v) { return llvm::ConstantInt::get(i16(), static_cast<uint64_t>(v), true); }
  Value* field(ContextField f) { return fields_[static_cast<size_t>(f)]; }
  // Where field `f` lives: the brain's or the counters' address, and the byte offset in it.
  static std::pair<Value*, uint64_t> fieldOffset(ContextField f, Value* brain, Value* counters) {
    switch (f) {
      case ContextField::kStack: return {brain, offsetof(robotalk::MachineState, stack)};
      case ContextField::kSp: return {brain, offsetof(robotalk::MachineState, sp)};
      case ContextField::kPc: return {brain, offsetof(robotalk::MachineState, pc)};
      case ContextField::kLetters: return {brain, offsetof(robotalk::MachineState, letters)};
      case ContextField::kVector: return {brain, offsetof(robotalk::MachineState, vector)};
      case ContextField::kCycles: return {counters, offsetof(robotalk::RunCounters, cycles)};
      case ContextField::kFreeRun: return {counters, offsetof(robotalk::RunCounters, freeRun)};
    }
    return {brain, 0};
  }
  // Runs robotalk::step on the brain (the counters written back first, reloaded after) and returns
  // its stop: negative when the program goes on.
  Value* callStep() {
    writeBack();
    Value* stop = b_.CreateCall(CHRONON_JIT_HELPER(chronon_jit_robotalk_step), {contextArg_});
    reload();
    return stop;
  }
  // Returns `stop` from the function when `failed`; continues in a new block otherwise.
  void returnIf(Value* failed, int32_t stop) {
    BasicBlock* out = newBlock("failed");
    BasicBlock* next = newBlock("done");
    b_.CreateCondBr(failed, out, next);
    b_.SetInsertPoint(out);
    b_.CreateRet(c32(stop));
    b_.SetInsertPoint(next);
  }
  // After a call that wrote the counters back: goes on in a new block when the brain's pc and stack
  // pointer are `pc` and entry height + `depth`, as after an instruction that did not branch;
  // otherwise (an interrupt handler was entered, which pushed its return address) takes the brain's
  // pc and stack pointer into the counters and goes to the dispatch.
  void continueIfAt(int pc, int depth) {
    BasicBlock* next = newBlock("at");
    BasicBlock* moved = newBlock("moved");
    Value* samePc = b_.CreateICmpEQ(b_.CreateLoad(i32(), field(ContextField::kPc)), c32(pc));
    Value* sameSp =
        b_.CreateICmpEQ(b_.CreateLoad(i32(), field(ContextField::kSp)), b_.CreateAdd(entry(Role::kHeight), c32(depth)));
    b_.CreateCondBr(b_.CreateAnd(samePc, sameSp), next, moved);
    b_.SetInsertPoint(moved);
    reload();
    b_.CreateBr(dispatch_);
    b_.SetInsertPoint(next);
  }
  Value* wide(Value* v) { return b_.CreateSExt(v, i32()); }
  Value* narrow(Value* v) { return b_.CreateTrunc(v, i16()); }
  Value* isTrue(Value* v) { return b_.CreateICmpNE(v, c16(0)); }
  Value* letter(int index) {
    return b_.CreateConstInBoundsGEP1_64(i16(), field(ContextField::kLetters), static_cast<uint64_t>(index));
  }

  void checkBlock(const detail::StackBlock& block, BasicBlock* body) override;
  OpShape shapeOf(int32_t at) const override;
  bool lowerOp(int32_t at) override;
  // An operator's entry in robotalk_semantics.def: a pure operator as a call to its word function,
  // a machine operator inline, on Words.
  template <robotalk::Op O>
  void lowerEntryOf();
  struct Words;
  void lowerBranch(const PlannedOp& op, int at);
  // robotalk::step runs the instruction at `at` on the brain in memory, with the counters as before it;
  // native code returns its stop, or goes to the dispatch when it did not end at the next
  // instruction, or else goes on with the cells reloaded.
  void lowerCall(const PlannedOp& op, int at);
  // Direct host calls for RECALL and STORE of a hardware register quoted in the block.
  void lowerHwRead(const PlannedOp& op, int at);
  void lowerHwWrite(const PlannedOp& op, int at);
  // Leaves the instruction to robotalk::step unless the run-time destination `dynamic` is valid.
  void requireDestination(Value* dynamic) { require(b_.CreateICmpULE(wide(dynamic), c32(size_))); }
  // Commits at `depth` and continues at `target` (a constant known valid), or when it is -1 at the
  // run-time destination `dynamic`, already checked with requireDestination.
  void transfer(int depth, int target, Value* dynamic) {
    commit(depth);
    if (target >= 0) {
      gotoAddress(target);
    } else {
      // The run loop checks the budget and steps a destination that is not a block start (or the
      // end of the program, which fails there as in the interpreter).
      gotoDynamic(wide(dynamic));
    }
  }

  const Plan& plan_;
  // Whether the stack pointer, pc and counters live in registers between steps (kRegisterLimit).
  bool registers_;

  std::vector<Value*> fields_;
  Value* cycles_ = nullptr;
  Value* budget_ = nullptr;
  BasicBlock* resumeBlock_ = nullptr;
  BasicBlock* untilBlock_ = nullptr;
  BasicBlock* spent_ = nullptr;
};

llvm::Function* Lowering::lower(const std::string& name) {
  startFunction(name, i32());
  auto pointer = [&](ContextSlot s) { return contextPointer(static_cast<int>(s)); };
  Value* brain = pointer(ContextSlot::kBrain);
  Value* counters = pointer(ContextSlot::kCounters);
  budget_ = b_.CreateLoad(i32(), pointer(ContextSlot::kBudget));
  for (int f = 0; f <= static_cast<int>(ContextField::kFreeRun); ++f) {
    const auto [base, offset] = fieldOffset(static_cast<ContextField>(f), brain, counters);
    fields_.push_back(b_.CreateConstInBoundsGEP1_64(b_.getInt8Ty(), base, offset));
  }
  // The stack pointer, pc and counters live in slots that SROA turns into registers; the brain and
  // the counters in memory are brought up to date only around a step and on return.
  std::array<Value*, 4> counter{};
  const std::array<std::pair<ContextField, Role>, 4> kCounters{{{ContextField::kSp, Role::kHeight},
                                                                {ContextField::kPc, Role::kOther},
                                                                {ContextField::kCycles, Role::kChargedUp},
                                                                {ContextField::kFreeRun, Role::kFree}}};
  for (size_t i = 0; i < kCounters.size(); ++i) {
    Value* from = field(kCounters[i].first);
    Value* slot = counterSlot(registers_);
    if (slot != nullptr) b_.CreateStore(b_.CreateLoad(i32(), from), slot);
    counter[i] = addCounter(from, kCounters[i].second, slot);
  }
  pc_ = counter[1];
  cycles_ = counter[2];
  setHome(kStackHome, field(ContextField::kStack));
  dispatch_ = newBlock("dispatch");
  deoptTarget_ = newBlock("step");
  resumeBlock_ = newBlock("resume");
  untilBlock_ = newBlock("until");
  spent_ = newBlock("spent");
  b_.CreateBr(dispatch_);

  makeHeaders(plan_.blocks.size());

  // The run loop: while cycles < budget, the instruction at pc.
  b_.SetInsertPoint(dispatch_);
  BasicBlock* select = newBlock("select");
  b_.CreateCondBr(b_.CreateICmpSLT(b_.CreateLoad(i32(), cycles_), budget_), select, spent_);
  b_.SetInsertPoint(select);
  switchToBlocks(b_.CreateLoad(i32(), pc_), untilBlock_, std::span<const Block>(plan_.blocks));

  // A failed check, and a stepped instruction, are robotalk::step's.
  b_.SetInsertPoint(deoptTarget_);
  Value* stop = callStep();
  BasicBlock* stopped = newBlock("stopped");
  b_.CreateCondBr(b_.CreateICmpSLT(stop, c32(0)), dispatch_, stopped);
  b_.SetInsertPoint(stopped);
  b_.CreateRet(stop);

  // No block starts at the pc (an interrupt handler returned into the middle of one, or the last
  // call ended there): the interpreter runs up to the next block start.
  b_.SetInsertPoint(untilBlock_);
  {
    std::vector<llvm::Constant*> flags;
    flags.reserve(static_cast<size_t>(size_));
    for (int at = 0; at < size_; ++at) flags.push_back(b_.getInt8(plan_.blockAt[static_cast<size_t>(at)] >= 0 ? 1 : 0));
    auto* flagsType = llvm::ArrayType::get(b_.getInt8Ty(), static_cast<uint64_t>(size_));
    auto* leaders = new llvm::GlobalVariable(module_, flagsType, true, llvm::GlobalValue::PrivateLinkage,
                                             llvm::ConstantArray::get(flagsType, flags), "leaders");
    writeBack();
    Value* untilStop = b_.CreateCall(CHRONON_JIT_HELPER(chronon_jit_robotalk_until), {contextArg_, leaders});
    reload();
    BasicBlock* untilStopped = newBlock("until_stopped");
    b_.CreateCondBr(b_.CreateICmpSLT(untilStop, c32(0)), dispatch_, untilStopped);
    b_.SetInsertPoint(untilStopped);
    b_.CreateRet(untilStop);
  }

  // The interpreter plays the rest of the call (the pc is stored).
  b_.SetInsertPoint(resumeBlock_);
  writeBack();
  b_.CreateRet(b_.CreateCall(CHRONON_JIT_HELPER(chronon_jit_robotalk_resume), {contextArg_}));

  b_.SetInsertPoint(spent_);
  writeBack();
  b_.CreateRet(c32(kBudgetStop));

  lowerBlocks();
  return function_;
}

void Lowering::checkBlock(const detail::StackBlock& block, BasicBlock* body) {
  Value* h0 = entry(Role::kHeight);
  Value* c0 = entry(Role::kChargedUp);
  // 64-bit so that no budget or count near the int limits wraps.
  auto* i64 = b_.getInt64Ty();
  Value* fits =
      b_.CreateICmpSLT(b_.CreateAdd(b_.CreateSExt(c0, i64), b_.getInt64(static_cast<uint64_t>(block.leadCost))),
                       b_.CreateSExt(budget_, i64));
  // Both stack bounds are checked even for blocks that need neither, so that no cell outside the
  // stack is ever touched whatever the brain holds.
  Value* safe = b_.CreateAnd(b_.CreateICmpSGE(h0, c32(block.needBelow)),
                             b_.CreateICmpSLE(h0, c32(robotalk::kStackCells - block.growAbove)));
  if (block.freeCount > 0) {
    safe = b_.CreateAnd(safe, b_.CreateICmpSLT(b_.CreateAdd(b_.CreateSExt(entry(Role::kFree), i64),
                                                            b_.getInt64(static_cast<uint64_t>(block.freeCount))),
                                               b_.getInt64(robotalk::kFreeInstructionCap)));
  }
  BasicBlock* single = newBlock("single");
  BasicBlock* tail = newBlock("tail");
  b_.CreateCondBr(b_.CreateAnd(fits, safe), body, single);
  // The block does not fit, if the budget allows another instruction at all. When only the budget
  // is short, the few cycles left (fewer than the block's) are the interpreter's in one call, rather
  // than one step and one dispatch per instruction. Otherwise the interpreter takes the block's
  // first instruction (a stack error, or the free-instruction cap, is its own).
  b_.SetInsertPoint(single);
  b_.CreateStore(c32(block.start), pc_);
  b_.CreateCondBr(b_.CreateICmpSLT(c0, budget_), tail, spent_);
  b_.SetInsertPoint(tail);
  b_.CreateCondBr(safe, resumeBlock_, deoptTarget_);
}

Lowering::OpShape Lowering::shapeOf(int32_t at) const {
  const PlannedOp& op = plan_.ops[static_cast<size_t>(at)];
  // A branch ends its block, so its depth afterwards is not checked; it may rewrite the cells it
  // read (CALL and IF leave their return address in a destination's place).
  const int pushes = op.kind == OpKind::kBranch ? op.need : op.need + op.delta;
  return OpShape{op.need, pushes, op.cost};
}

bool Lowering::lowerOp(int32_t at) {
  const PlannedOp& op = plan_.ops[static_cast<size_t>(at)];
  switch (op.kind) {
    case OpKind::kStep: consistent_ = false; return true;  // Only ever last (planProgram).
    case OpKind::kPush: push(c16(op.value)); return false;
    case OpKind::kPrim:
      switch (op.word) {
        case Inline::Entry: {
          // The lowering of each operator with an entry written over any machine, by code.
          using EntryLowering = void (Lowering::*)();
          static const std::array<EntryLowering, kRoboTalkOperatorSlots> kEntryLowerings = [] {
            std::array<EntryLowering, kRoboTalkOperatorSlots> lowerings{};
#define ROBOTALK_INLINE_WORD(Name, ...) \
  lowerings[roboTalkSlotOf(robotalk::Op::Name)] = &Lowering::lowerEntryOf<robotalk::Op::Name>;
#define ROBOTALK_CALLED_WORD(Name, ...) ROBOTALK_INLINE_WORD(Name)
#define ROBOTALK_MACHINE_WORD(Name, ...) ROBOTALK_INLINE_WORD(Name)
#include "chronon/vm/robotalk_semantics.def"
#undef ROBOTALK_MACHINE_WORD
#undef ROBOTALK_CALLED_WORD
#undef ROBOTALK_INLINE_WORD
            return lowerings;
          }();
          (this->*kEntryLowerings[roboTalkSlotOf(op.op)])();
          return false;
        }
        case Inline::NoEffect: return false;
      }
      return false;
    case OpKind::kShuffle: lowerShuffle(robotalk::shuffleOf(robotalk::info(op.op))); return false;
    // A user variable's RECALL replaces the quoted code with the variable; its STORE pops the value
    // below the code. Letters are read and written where they lie.
    case OpKind::kVarRead: setCell(depth_ - 1, b_.CreateLoad(i16(), letter(op.index))); return false;
    case OpKind::kVarWrite:
      b_.CreateStore(cell(depth_ - 2), letter(op.index));
      depth_ -= 2;
      return false;
    case OpKind::kHwRead: lowerHwRead(op, at); return false;
    case OpKind::kHwWrite: lowerHwWrite(op, at); return false;
    case OpKind::kCall: lowerCall(op, at); return false;
    case OpKind::kBranch: lowerBranch(op, at); return true;
    case OpKind::kSync:
      commit(depth_, c32(at + 1));
      writeBack();
      b_.CreateRet(c32(kSyncStop));
      return true;
  }
  return false;
}

// The machine the machine operators' entries (robotalk_semantics.def) run on in native code: the
// operations of IrMachine on i16 cells, and the brain's VSTORE vector in memory.
struct Lowering::Words : detail::IrMachine<detail::CheckFailure> {
  Lowering& l;

  Value* vectorIndexValid(Value* c) { return b.CreateICmpULT(l.wide(c), l.c32(robotalk::kVectorCells)); }
  Value* vectorCell(Value* c) {
    return b.CreateInBoundsGEP(l.i16(), l.field(ContextField::kVector), b.CreateZExt(l.wide(c), b.getInt64Ty()));
  }
  bool vectorLoad(Value* c, Value*& out) {
    out = b.CreateLoad(l.i16(), vectorCell(c));
    return true;
  }
  bool vectorStore(Value* c, Value* v) {
    b.CreateStore(v, vectorCell(c));
    return true;
  }
  // `then` in a block of its own, entered when `flag` holds; the operator goes on after it.
  template <class F>
  bool ifThen(Value* flag, F then) {
    BasicBlock* taken = l.newBlock("then");
    BasicBlock* next = l.newBlock("next");
    b.CreateCondBr(flag, taken, next);
    b.SetInsertPoint(taken);
    then();
    b.CreateBr(next);
    b.SetInsertPoint(next);
    return true;
  }
};

template <robotalk::Op O>
void Lowering::lowerEntryOf() {
  constexpr const robotalk::OperatorInfo& kRow = robotalk::operatorRow(O);
  // Always goes on here: a failed check branched to the deopt exit.
  if constexpr (robotalk::isMachineOperator(kRow)) {
    const auto require = [this](Value* ok) { this->require(ok); };
    lowerEntry<kRow.counts.pops, kRow.counts.pushes>([&](Value* const* in, Value** out) {
      Words m{{b_, i16(), i32(), require}, *this};
      robotalk::MachineWord<O>::apply(m, in, out);
    });
  } else {
    // A pure operator: its word function (word_functions.h), which the passes inline.
    lowerWordCall(roboTalkWordSymbol(O), kRow.counts.pops, kRow.counts.pushes);
  }
}

void Lowering::lowerCall(const PlannedOp& op, int at) {
  commitBeforeOp(c32(at));
  Value* stop = callStep();
  BasicBlock* stopped = newBlock("stopped");
  BasicBlock* ran = newBlock("ran");
  b_.CreateCondBr(b_.CreateICmpSLT(stop, c32(0)), ran, stopped);
  b_.SetInsertPoint(stopped);
  b_.CreateRet(stop);
  b_.SetInsertPoint(ran);
  depth_ = opDepth_ + op.delta;
  continueIfAt(at + 1, depth_);
  forget();
}

void Lowering::lowerHwRead(const PlannedOp& op, int at) {
  const int d = depth_;
  // As the interpreter's RECALL (robotalk::readDirect): a register the host keeps as an int is loaded
  // where it lies and clipped as robotalk::clipRegister clips it, with nothing written back, since nothing
  // else looks.
  BasicBlock* pointed = newBlock("read_pointed");
  BasicBlock* direct = newBlock("read_direct");
  BasicBlock* call = newBlock("read_call");
  BasicBlock* join = newBlock("read_join");
  auto* ptr = b_.getPtrTy();
  Value* table = b_.CreateLoad(
      ptr, b_.CreateConstInBoundsGEP1_64(ptr, contextArg_, static_cast<uint64_t>(ContextSlot::kDirectReads)));
  b_.CreateCondBr(b_.CreateIsNull(table), call, pointed);
  b_.SetInsertPoint(pointed);
  Value* where = b_.CreateLoad(ptr, b_.CreateConstInBoundsGEP1_64(ptr, table, static_cast<uint64_t>(op.index)));
  b_.CreateCondBr(b_.CreateIsNull(where), call, direct);
  b_.SetInsertPoint(direct);
  Value* loaded = b_.CreateLoad(i32(), where);
  Value* clipped =
      b_.CreateSelect(b_.CreateICmpSGT(loaded, c32(robotalk::kRegisterMax)), c32(robotalk::kRegisterMax), loaded);
  clipped =
      b_.CreateSelect(b_.CreateICmpSLT(clipped, c32(robotalk::kRegisterMin)), c32(robotalk::kRegisterMin), clipped);
  BasicBlock* directEnd = b_.GetInsertBlock();
  b_.CreateBr(join);
  // Otherwise the host is called: the quoted code is popped and the brain is up to date (this
  // instruction's cycles charged) first.
  b_.SetInsertPoint(call);
  commit(d - 1, c32(at + 1));
  writeBack();
  Value* called = b_.CreateCall(CHRONON_JIT_HELPER(chronon_jit_robotalk_read), {contextArg_, c32(op.index), c32(at)});
  returnIf(b_.CreateICmpEQ(called, c32(robotalk::kHardwareReadFailed)), kErrorStop);
  BasicBlock* callEnd = b_.GetInsertBlock();
  b_.CreateBr(join);
  b_.SetInsertPoint(join);
  llvm::PHINode* value = b_.CreatePHI(i32(), 2);
  value->addIncoming(clipped, directEnd);
  value->addIncoming(called, callEnd);
  // A read changes neither the stack nor the pc, so the cells in registers stay valid.
  setCell(d - 1, narrow(value));
}

void Lowering::lowerHwWrite(const PlannedOp& op, int at) {
  const int d = depth_;
  Value* value = wide(cell(d - 2));
  commit(d - 2, c32(at + 1));
  writeBack();
  Value* written =
      b_.CreateCall(CHRONON_JIT_HELPER(chronon_jit_robotalk_write), {contextArg_, c32(op.index), value, c32(at)});
  returnIf(b_.CreateICmpEQ(written, c32(0)), kErrorStop);
  // Neither the counters nor, without an interrupt, the stack and pc change in a write.
  depth_ = d - 2;
  continueIfAt(at + 1, depth_);
}

void Lowering::lowerBranch(const PlannedOp& op, int at) {
  const int d = depth_;
  const int back = at + 1;  // The return address IF, IFE and CALL leave.
  // What the branch does comes from its flags (CHRONON_ROBOTALK_BRANCH_OPERATORS).
  const robotalk::OperatorInfo& row = robotalk::info(op.op);
  const bool pushes = row.has(robotalk::kCall);
  if (row.has(robotalk::kTerminator) && !row.has(robotalk::kTwoTargets)) {
    // JUMP, or CALL, which checks the destination before the return address replaces it.
    Value* t = op.target >= 0 ? nullptr : cell(d - 1);
    if (t != nullptr) requireDestination(t);
    if (pushes) setCell(d - 1, c16(back));
    transfer(pushes ? d : d - 1, op.target, t);
    return;
  }
  const int popped = op.need;
  Value* condition = isTrue(cell(d - popped));
  BasicBlock* taken = newBlock("taken");
  BasicBlock* other = newBlock("other");
  if (!row.has(robotalk::kTwoTargets)) {
    // IF, IFG: a flag below one destination.
    Value* target = op.target >= 0 ? nullptr : cell(d - 1);
    b_.CreateCondBr(condition, taken, other);
    b_.SetInsertPoint(other);
    commit(d - 2);
    gotoAddress(back);
    b_.SetInsertPoint(taken);
    if (op.target < 0) requireDestination(target);
    if (pushes) setCell(d - 2, c16(back));
    transfer(pushes ? d - 1 : d - 2, op.target, target);
    return;
  }
  // IFE, IFEG: a flag below two destinations.
  Value* then = cell(d - 2);
  Value* otherwise = cell(d - 1);
  b_.CreateCondBr(condition, taken, other);
  const int after = pushes ? d - 2 : d - 3;
  const Cache cells = cache();
  for (const auto& [block, target, dynamic] :
       {std::tuple{taken, op.target, then}, std::tuple{other, op.otherwise, otherwise}}) {
    b_.SetInsertPoint(block);
    restoreCache(cells);
    if (target < 0) requireDestination(dynamic);
    if (pushes) setCell(d - 3, c16(back));
    transfer(after, target, dynamic);
  }
}

}  // namespace

llvm::Function* lowerProgram(llvm::Module& module, const Plan& plan, int size, const std::string& name) {
  Lowering lowering(module, plan, size);
  llvm::Function* function = lowering.lower(name);
  return lowering.consistent() ? function : nullptr;
}

}  // namespace chronon::jit::robotalk_detail
