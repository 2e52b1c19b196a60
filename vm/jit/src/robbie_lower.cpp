// Lowering an RL program to LLVM IR (DESIGN.md "Two backends, one behaviour"; docs/robbie.md
// "Engines").
//
// The function has an entry block that switches on the pc over the check points (instruction 0 and
// the targets of backward jumps, RobbiePlan::check), one check block per check point, and one body
// block per reachable instruction. A check block compares the budget left with the most instructions
// that can run before the next check point (RobbiePlan::cost) and returns to the interpreter when it
// does not cover them, so native code never stops anywhere else: steps count exactly. Registers of
// integer, real and boolean type live in the context's slots (as the host helpers may run between
// two uses); expression-stack slots and the budget are allocas that SROA turns into SSA values.
// Strings stay in C++ (the MachineState's registers and a vector of string slots) behind small
// helpers. Every way out (check point, stop, runtime error, jump out of the code) writes the budget,
// pc and status itself and returns, so no block merges them all: that keeps compile time linear in
// the program's length. A runtime error counts its step and spills the rest of the expression stack
// into the MachineState exactly as the interpreter leaves it.

#include "robbie_lower.h"

#include <llvm/IR/BasicBlock.h>
#include <llvm/IR/Constants.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/Intrinsics.h>

#include <array>
#include <map>
#include <string_view>
#include <vector>

#include "chronon/stdlib/robbie_words.h"
#include "lowering_base.h"
#include "robbie_native.h"

namespace chronon::jit::detail {

namespace {

using llvm::BasicBlock;
using llvm::Value;
using robbie::Op;
using robbie::RunStatus;
using robbie::RuntimeError;
using robbie::ValueType;

class Lowering : LoweringBase {
 public:
  Lowering(llvm::Module& module, const robbie::Program& program, const RobbiePlan& plan)
      : LoweringBase(module), program_(program), plan_(plan) {}

  llvm::Function* lower(const std::string& name);

 private:
  Value* fieldAddress(RobbieField f) {
    return b_.CreateConstInBoundsGEP1_64(i64(), contextArg_, static_cast<uint64_t>(f));
  }
  llvm::Type* typeOf(ValueType type) {
    switch (type) {
      case ValueType::kInteger: return b_.getInt64Ty();
      case ValueType::kReal: return b_.getDoubleTy();
      case ValueType::kBoolean: return b_.getInt1Ty();
      case ValueType::kString: return nullptr;
    }
    return nullptr;
  }
  // The alloca of expression-stack slot `depth` holding a value of `type` (not a string).
  Value* slot(size_t depth, ValueType type) { return slots_[depth][static_cast<size_t>(type)]; }
  Value* loadSlot(size_t depth, ValueType type) { return b_.CreateLoad(typeOf(type), slot(depth, type)); }
  void storeSlot(size_t depth, ValueType type, Value* value) { b_.CreateStore(value, slot(depth, type)); }
  Value* call(std::string_view helper, std::initializer_list<Value*> args) {
    std::vector<Value*> all{contextArg_};
    all.insert(all.end(), args.begin(), args.end());
    return b_.CreateCall(helpers_.at(helper), all);
  }

  void declareHelpers();
  void lowerEntry();
  void lowerInstruction(int32_t pc);
  // The block that continues at `target`: its check block, its body, or an exit to the interpreter.
  BasicBlock* target(int32_t target);
  // Continues in a fresh block when `ok` holds; otherwise raises `error` at instruction `pc`.
  void require(Value* ok, int32_t pc, RuntimeError error);
  BasicBlock* errorBlock(int32_t pc, RuntimeError error);
  // Writes the budget left, `pc` and `status` to the context and returns from the function.
  void leave(int32_t pc, RunStatus status) {
    b_.CreateStore(b_.CreateLoad(i64(), left_), fieldAddress(RobbieField::kLeft));
    b_.CreateStore(c64(pc), fieldAddress(RobbieField::kPc));
    b_.CreateStore(c64(static_cast<int64_t>(status)), fieldAddress(RobbieField::kStatus));
    b_.CreateRetVoid();
  }
  // The address of numeric register `index`'s slot.
  Value* registerAddress(int32_t index) {
    return b_.CreateConstInBoundsGEP1_64(i64(), slotsBase_, static_cast<uint64_t>(index));
  }
  Value* loadRegister(int32_t index, ValueType type) {
    Value* address = registerAddress(index);
    switch (type) {
      case ValueType::kInteger: return b_.CreateLoad(i64(), address);
      case ValueType::kReal: return b_.CreateLoad(b_.getDoubleTy(), address);
      case ValueType::kBoolean: return b_.CreateICmpNE(b_.CreateLoad(i64(), address), c64(0));
      case ValueType::kString: break;
    }
    return nullptr;
  }
  void storeRegister(int32_t index, ValueType type, Value* value) {
    b_.CreateStore(type == ValueType::kBoolean ? b_.CreateZExt(value, i64()) : value, registerAddress(index));
  }

  const robbie::Program& program_;
  const RobbiePlan& plan_;

  std::map<std::string_view, llvm::Function*> helpers_;
  Value* slotsBase_ = nullptr;                // RobbieContext::slots.
  std::vector<std::array<Value*, 3>> slots_;  // Per depth: integer, real and boolean slot.
  Value* left_ = nullptr;                     // Budget left.
  std::vector<BasicBlock*> bodies_;
  std::vector<BasicBlock*> checks_;
  std::map<int32_t, BasicBlock*> outside_;  // Exits to targets outside the code.
};

void Lowering::declareHelpers() {
#define CHRONON_RL_DECLARE(symbol) helpers_[#symbol] = CHRONON_JIT_HELPER(symbol);
  CHRONON_RL_HELPERS(CHRONON_RL_DECLARE)
#undef CHRONON_RL_DECLARE
}

llvm::Function* Lowering::lower(const std::string& name) {
  startFunction(name, b_.getVoidTy());
  declareHelpers();
  lowerEntry();
  for (size_t pc = 0; pc < program_.code.size(); ++pc)
    if (plan_.reached[pc]) lowerInstruction(static_cast<int32_t>(pc));
  return function_;
}

void Lowering::lowerEntry() {
  BasicBlock* entry = newBlock("entry");
  b_.SetInsertPoint(entry);
  // Locals first, so SROA promotes them.
  slots_.resize(static_cast<size_t>(plan_.maxDepth));
  for (auto& s : slots_) {
    for (const ValueType t : {ValueType::kInteger, ValueType::kReal, ValueType::kBoolean})
      s[static_cast<size_t>(t)] = b_.CreateAlloca(typeOf(t));
  }
  left_ = b_.CreateAlloca(i64());
  slotsBase_ = b_.CreateLoad(b_.getPtrTy(), fieldAddress(RobbieField::kSlots));
  b_.CreateStore(b_.CreateLoad(i64(), fieldAddress(RobbieField::kLeft)), left_);
  Value* startPc = b_.CreateLoad(i64(), fieldAddress(RobbieField::kPc));

  bodies_.assign(program_.code.size(), nullptr);
  checks_.assign(program_.code.size(), nullptr);
  for (size_t pc = 0; pc < program_.code.size(); ++pc) {
    if (!plan_.reached[pc]) continue;
    bodies_[pc] = newBlock("body");
    if (plan_.check[pc]) checks_[pc] = newBlock("check");
  }
  // Anywhere else the interpreter goes first (the wrapper never calls with such a pc).
  BasicBlock* elsewhere = newBlock("elsewhere");
  llvm::SwitchInst* dispatch = b_.CreateSwitch(startPc, elsewhere, static_cast<unsigned>(plan_.entries));
  for (size_t pc = 0; pc < program_.code.size(); ++pc)
    if (checks_[pc] != nullptr) dispatch->addCase(c64(static_cast<int64_t>(pc)), checks_[pc]);
  b_.SetInsertPoint(elsewhere);
  b_.CreateRetVoid();

  // A check block runs on only when the budget covers the longest path to the next check point.
  for (size_t pc = 0; pc < program_.code.size(); ++pc) {
    if (checks_[pc] == nullptr) continue;
    b_.SetInsertPoint(checks_[pc]);
    BasicBlock* suspend = newBlock("suspend");
    Value* covered = b_.CreateICmpSGE(b_.CreateLoad(i64(), left_), c64(plan_.cost[pc]));
    b_.CreateCondBr(covered, bodies_[pc], suspend);
    b_.SetInsertPoint(suspend);
    leave(static_cast<int32_t>(pc), RunStatus::kRunning);
  }
}

BasicBlock* Lowering::target(int32_t target) {
  if (target < 0 || static_cast<size_t>(target) >= program_.code.size()) {
    // The interpreter stops there without counting a step (or leaves the program running when the
    // budget is spent); it decides.
    BasicBlock*& out = outside_[target];
    if (out == nullptr) {
      const llvm::IRBuilderBase::InsertPoint here = b_.saveIP();
      out = newBlock("outside");
      b_.SetInsertPoint(out);
      leave(target, RunStatus::kRunning);
      b_.restoreIP(here);
    }
    return out;
  }
  const auto t = static_cast<size_t>(target);
  return checks_[t] != nullptr ? checks_[t] : bodies_[t];
}

BasicBlock* Lowering::errorBlock(int32_t pc, RuntimeError error) {
  const llvm::IRBuilderBase::InsertPoint here = b_.saveIP();
  BasicBlock* block = newBlock("error");
  b_.SetInsertPoint(block);
  // The interpreter popped the failing instruction's operands and pushed nothing.
  const std::vector<ValueType>& stack = plan_.stack[static_cast<size_t>(pc)];
  const size_t keep =
      stack.size() - static_cast<size_t>(robbie::opInfo(program_.code[static_cast<size_t>(pc)].op).effect.pops);
  int64_t strings = 0;
  for (size_t d = 0; d < keep; ++d) {
    Value* bits = nullptr;
    switch (stack[d]) {
      case ValueType::kInteger: bits = loadSlot(d, stack[d]); break;
      case ValueType::kReal: bits = b_.CreateBitCast(loadSlot(d, stack[d]), i64()); break;
      case ValueType::kBoolean: bits = b_.CreateZExt(loadSlot(d, stack[d]), i64()); break;
      case ValueType::kString: bits = c64(strings++); break;
    }
    call("chronon_rl_spill", {c32(static_cast<int64_t>(stack[d])), bits});
  }
  b_.CreateStore(c64(static_cast<int64_t>(error)), fieldAddress(RobbieField::kError));
  b_.CreateStore(c64(pc), fieldAddress(RobbieField::kErrorPc));
  leave(pc + 1, RunStatus::kError);
  b_.restoreIP(here);
  return block;
}

void Lowering::require(Value* ok, int32_t pc, RuntimeError error) {
  BasicBlock* next = newBlock("ok");
  b_.CreateCondBr(ok, next, errorBlock(pc, error));
  b_.SetInsertPoint(next);
}

void Lowering::lowerInstruction(int32_t pc) {
  const robbie::Instruction& in = program_.code[static_cast<size_t>(pc)];
  const std::vector<ValueType>& stack = plan_.stack[static_cast<size_t>(pc)];
  const size_t depth = stack.size();
  b_.SetInsertPoint(bodies_[static_cast<size_t>(pc)]);
  b_.CreateStore(b_.CreateSub(b_.CreateLoad(i64(), left_), c64(1)), left_);
  // The operands: the top and the one beneath it, when there are such.
  const size_t top = depth - 1;
  const size_t under = depth - 2;
  const auto integerOverflow = [&](llvm::Intrinsic::ID id) {
    Value* pair =
        b_.CreateBinaryIntrinsic(id, loadSlot(under, ValueType::kInteger), loadSlot(top, ValueType::kInteger));
    require(b_.CreateNot(b_.CreateExtractValue(pair, 1)), pc, RuntimeError::kIntegerOverflow);
    storeSlot(under, ValueType::kInteger, b_.CreateExtractValue(pair, 0));
  };
  const auto realOp = [&](llvm::Instruction::BinaryOps op) {
    storeSlot(under, ValueType::kReal,
              b_.CreateBinOp(op, loadSlot(under, ValueType::kReal), loadSlot(top, ValueType::kReal)));
  };
  const auto nonNegative = [&](Value* v) { require(b_.CreateICmpSGE(v, c64(0)), pc, RuntimeError::kNegativeArgument); };
  const auto compare = [&](llvm::CmpInst::Predicate integer, llvm::CmpInst::Predicate real,
                           llvm::CmpInst::Predicate boolean, StringCompare string) {
    const ValueType type = stack[top];
    Value* result = nullptr;
    switch (type) {
      case ValueType::kInteger: result = b_.CreateICmp(integer, loadSlot(under, type), loadSlot(top, type)); break;
      case ValueType::kReal: result = b_.CreateFCmp(real, loadSlot(under, type), loadSlot(top, type)); break;
      case ValueType::kBoolean: result = b_.CreateICmp(boolean, loadSlot(under, type), loadSlot(top, type)); break;
      case ValueType::kString:
        result = b_.CreateICmpNE(call("chronon_rl_compare", {c32(static_cast<int64_t>(string))}), c32(0));
        break;
    }
    storeSlot(under, ValueType::kBoolean, result);
  };
  using P = llvm::CmpInst::Predicate;
  switch (in.op) {
    case Op::kPushConstant: {
      const robbie::Value& constant = program_.constants[static_cast<size_t>(in.a)];
      switch (robbie::typeOf(constant)) {
        case ValueType::kInteger: storeSlot(depth, ValueType::kInteger, c64(std::get<int64_t>(constant))); break;
        case ValueType::kReal:
          storeSlot(depth, ValueType::kReal, llvm::ConstantFP::get(b_.getDoubleTy(), std::get<double>(constant)));
          break;
        case ValueType::kBoolean: storeSlot(depth, ValueType::kBoolean, b_.getInt1(std::get<bool>(constant))); break;
        case ValueType::kString: call("chronon_rl_push_constant", {c32(in.a)}); break;
      }
      break;
    }
    case Op::kLoad: {
      const ValueType type = program_.registers[static_cast<size_t>(in.a)].type;
      if (type == ValueType::kString) {
        call("chronon_rl_load", {c32(in.a)});
      } else {
        storeSlot(depth, type, loadRegister(in.a, type));
      }
      break;
    }
    case Op::kStore: {
      const ValueType type = program_.registers[static_cast<size_t>(in.a)].type;
      if (type == ValueType::kString) {
        call("chronon_rl_store", {c32(in.a)});
      } else {
        storeRegister(in.a, type, loadSlot(top, type));
      }
      break;
    }
    case Op::kToReal:
      storeSlot(top, ValueType::kReal, b_.CreateSIToFP(loadSlot(top, ValueType::kInteger), b_.getDoubleTy()));
      break;
    case Op::kAddInteger: integerOverflow(llvm::Intrinsic::sadd_with_overflow); break;
    case Op::kSubInteger: integerOverflow(llvm::Intrinsic::ssub_with_overflow); break;
    case Op::kMulInteger: integerOverflow(llvm::Intrinsic::smul_with_overflow); break;
    case Op::kDivInteger: {
      Value* left = loadSlot(under, ValueType::kInteger);
      Value* right = loadSlot(top, ValueType::kInteger);
      require(b_.CreateICmpNE(right, c64(0)), pc, RuntimeError::kDivisionByZero);
      require(b_.CreateNot(b_.CreateAnd(b_.CreateICmpEQ(left, c64(INT64_MIN)), b_.CreateICmpEQ(right, c64(-1)))), pc,
              RuntimeError::kIntegerOverflow);
      storeSlot(under, ValueType::kInteger, b_.CreateSDiv(left, right));
      break;
    }
    case Op::kNegInteger: {
      Value* value = loadSlot(top, ValueType::kInteger);
      require(b_.CreateICmpNE(value, c64(INT64_MIN)), pc, RuntimeError::kIntegerOverflow);
      storeSlot(top, ValueType::kInteger, b_.CreateSub(c64(0), value));
      break;
    }
    case Op::kAddReal: realOp(llvm::Instruction::FAdd); break;
    case Op::kSubReal: realOp(llvm::Instruction::FSub); break;
    case Op::kMulReal: realOp(llvm::Instruction::FMul); break;
    case Op::kDivReal: {
      // As in C++, -0.0 is zero and NaN is not.
      require(b_.CreateFCmpUNE(loadSlot(top, ValueType::kReal), llvm::ConstantFP::get(b_.getDoubleTy(), 0.0)), pc,
              RuntimeError::kDivisionByZero);
      realOp(llvm::Instruction::FDiv);
      break;
    }
    case Op::kNegReal: storeSlot(top, ValueType::kReal, b_.CreateFNeg(loadSlot(top, ValueType::kReal))); break;
    case Op::kConcat: call("chronon_rl_concat", {}); break;
    case Op::kLess: compare(P::ICMP_SLT, P::FCMP_OLT, P::ICMP_ULT, StringCompare::kLess); break;
    case Op::kLessEqual: compare(P::ICMP_SLE, P::FCMP_OLE, P::ICMP_ULE, StringCompare::kLessEqual); break;
    case Op::kGreater: compare(P::ICMP_SGT, P::FCMP_OGT, P::ICMP_UGT, StringCompare::kGreater); break;
    case Op::kGreaterEqual: compare(P::ICMP_SGE, P::FCMP_OGE, P::ICMP_UGE, StringCompare::kGreaterEqual); break;
    case Op::kEqual: compare(P::ICMP_EQ, P::FCMP_OEQ, P::ICMP_EQ, StringCompare::kEqual); break;
    case Op::kNot: storeSlot(top, ValueType::kBoolean, b_.CreateNot(loadSlot(top, ValueType::kBoolean))); break;
    case Op::kJump: b_.CreateBr(target(in.a)); return;
    case Op::kJumpIfFalse: b_.CreateCondBr(loadSlot(top, ValueType::kBoolean), target(pc + 1), target(in.a)); return;
    case Op::kAndJump: b_.CreateCondBr(loadSlot(top, ValueType::kBoolean), target(pc + 1), target(in.a)); return;
    case Op::kOrJump: b_.CreateCondBr(loadSlot(top, ValueType::kBoolean), target(in.a), target(pc + 1)); return;
    case Op::kBlocked:
      storeSlot(depth, ValueType::kBoolean, b_.CreateICmpNE(call("chronon_rl_blocked", {}), c32(0)));
      break;
    case Op::kWeight: storeSlot(depth, ValueType::kInteger, call("chronon_rl_weight", {})); break;
    case Op::kForward:
    case Op::kBack: {
      Value* cm = loadSlot(top, ValueType::kInteger);
      nonNegative(cm);
      call("chronon_rl_move", {cm, c32(in.op == Op::kForward ? 1 : 0)});
      break;
    }
    case Op::kTurnLeft:
    case Op::kTurnRight: {
      Value* degrees = loadSlot(top, ValueType::kInteger);
      nonNegative(degrees);
      call("chronon_rl_turn", {degrees, c32(in.op == Op::kTurnLeft ? 1 : 0)});
      break;
    }
    case Op::kGrab: call("chronon_rl_grab", {}); break;
    case Op::kDrop: call("chronon_rl_drop", {}); break;
    case Op::kBeep: {
      Value* hz = loadSlot(top, ValueType::kInteger);
      Value* ms = loadSlot(under, ValueType::kInteger);
      nonNegative(ms);
      require(
          b_.CreateAnd(b_.CreateICmpSGE(hz, c64(robbie::kMinBeepHz)), b_.CreateICmpSLE(hz, c64(robbie::kMaxBeepHz))),
          pc, RuntimeError::kFrequencyOutOfRange);
      call("chronon_rl_beep", {ms, hz});
      break;
    }
    case Op::kPause: {
      Value* ms = loadSlot(top, ValueType::kInteger);
      nonNegative(ms);
      call("chronon_rl_pause", {ms});
      break;
    }
    case Op::kStop: leave(pc + 1, RunStatus::kStopped); return;
  }
  b_.CreateBr(target(pc + 1));
}

}  // namespace

llvm::Function* lowerRobbie(llvm::Module& module, const robbie::Program& program, const RobbiePlan& plan,
                            const std::string& name) {
  return Lowering(module, program, plan).lower(name);
}

}  // namespace chronon::jit::detail
