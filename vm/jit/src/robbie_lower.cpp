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
// into the MachineState exactly as the interpreter leaves it. The computed operations and the host
// operations' argument checks are calls of their word functions (word_functions.h), made from the
// entries of robbie_semantics.def and inlined from the words' bitcode; a RuntimeError one returns
// branches to the error block of the instruction.

#include "robbie_lower.h"

#include <llvm/IR/BasicBlock.h>
#include <llvm/IR/Constants.h>
#include <llvm/IR/IRBuilder.h>

#include <array>
#include <map>
#include <string_view>
#include <vector>

#include "chronon/stdlib/word_lists.h"
#include "chronon/vm/robbie_semantics.h"
#include "lowering_base.h"
#include "robbie_native.h"
#include "word_functions.h"

namespace chronon::jit::detail {

namespace {

using llvm::BasicBlock;
using llvm::Value;
using robbie::Op;
using robbie::RunStatus;
using robbie::RuntimeError;
using robbie::Slot;
using robbie::ValueType;

// What chronon_rl_compare is told for each comparison: strings live in C++, so a comparison of
// strings is a helper call and the only part of a computed operation native code does not compute
// from its entry. Every computed operation with `x` operands must be here (checked below).
struct StringComparison {
  Op op;
  StringCompare kind;
};
constexpr StringComparison kStringComparisons[] = {
    {Op::kLess, StringCompare::kLess},       {Op::kLessEqual, StringCompare::kLessEqual},
    {Op::kGreater, StringCompare::kGreater}, {Op::kGreaterEqual, StringCompare::kGreaterEqual},
    {Op::kEqual, StringCompare::kEqual},
};
constexpr Op kStringComparisonOps[] = {kStringComparisons[0].op, kStringComparisons[1].op, kStringComparisons[2].op,
                                       kStringComparisons[3].op, kStringComparisons[4].op};
static_assert(std::size(kStringComparisonOps) == std::size(kStringComparisons));
static_assert(listsExactly(
                  kStringComparisonOps, robbie::kOpTable, [](const robbie::OpRow& r) { return r.op; },
                  [](const robbie::OpRow& r) {
                    return robbie::hasComputedEntry(r.info) && r.info.effect.popped[0] == Slot::kAny;
                  }),
              "kStringComparisons and the computed operations with `x` operands differ");

// The StringCompare of comparison `op`.
constexpr StringCompare stringCompareOf(Op op) {
  for (const StringComparison& c : kStringComparisons)
    if (c.op == op) return c.kind;
  return StringCompare::kEqual;
}

// The value type of a cell of slot `slot` (i, r, b, s); `any` for an `x` slot.
constexpr ValueType valueTypeOf(Slot slot, ValueType any) {
  switch (slot) {
    case Slot::kInteger: return ValueType::kInteger;
    case Slot::kReal: return ValueType::kReal;
    case Slot::kBoolean: return ValueType::kBoolean;
    case Slot::kString: return ValueType::kString;
    case Slot::kAny:
    case Slot::kOperand: return any;
  }
  return any;
}

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
  // Continues in a fresh block when `error` (an i32 RuntimeError) is kNone; otherwise raises it
  // at instruction `pc`.
  void require(Value* error, int32_t pc);
  BasicBlock* errorBlock(int32_t pc, Value* error);
  // Calls the word function of operation O (word_functions.h) on the operands of instruction
  // `pc`, of `type`, from the slots at `base`, raising its error at `pc`; returns its result's bits.
  template <Op O>
  Value* callEntry(int32_t pc, size_t base, ValueType type);
  // A value of `type` as its 64 bits, and back (RobbieWordFunction).
  Value* toBits(Value* v, ValueType type) {
    switch (type) {
      case ValueType::kInteger: return v;
      case ValueType::kReal: return b_.CreateBitCast(v, i64());
      case ValueType::kBoolean: return b_.CreateZExt(v, i64());
      case ValueType::kString: break;
    }
    return nullptr;
  }
  Value* fromBits(Value* bits, ValueType type) {
    switch (type) {
      case ValueType::kInteger: return bits;
      case ValueType::kReal: return b_.CreateBitCast(bits, b_.getDoubleTy());
      case ValueType::kBoolean: return b_.CreateICmpNE(bits, c64(0));
      case ValueType::kString: break;
    }
    return nullptr;
  }
  // Computed operation O at `pc` over `stack` (the types before it): its entry, or for strings the
  // helper.
  template <Op O>
  void compute(int32_t pc, const std::vector<ValueType>& stack);
  // Host operation O at `pc`: its entry's checks on its arguments, then `ask` with them (deepest
  // first), which calls the host helper.
  template <Op O, class Ask>
  void hostCall(int32_t pc, const std::vector<ValueType>& stack, Ask ask);
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

BasicBlock* Lowering::errorBlock(int32_t pc, Value* error) {
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
  b_.CreateStore(b_.CreateZExt(error, i64()), fieldAddress(RobbieField::kError));
  b_.CreateStore(c64(pc), fieldAddress(RobbieField::kErrorPc));
  leave(pc + 1, RunStatus::kError);
  b_.restoreIP(here);
  return block;
}

void Lowering::require(Value* error, int32_t pc) {
  BasicBlock* next = newBlock("ok");
  b_.CreateCondBr(b_.CreateICmpEQ(error, c32(static_cast<int64_t>(RuntimeError::kNone))), next, errorBlock(pc, error));
  b_.SetInsertPoint(next);
}

template <Op O>
Value* Lowering::callEntry(int32_t pc, size_t base, ValueType type) {
  constexpr size_t kPops = static_cast<size_t>(robbie::OpEntry<O>::kPops);
  std::vector<Value*> in;
  for (size_t k = 0; k < kPops; ++k) in.push_back(toBits(loadSlot(base + k, type), type));
  std::vector<Value*> out;
  const bool computed = robbie::hasComputedEntry(robbie::opInfo(O));
  callWord(
      robbieWordSymbol(O), i64(), in, computed ? 1 : 0, out, [&](Value* error) { require(error, pc); },
      c64(static_cast<int64_t>(type)));
  return computed ? out[0] : nullptr;
}

template <Op O>
void Lowering::compute(int32_t pc, const std::vector<ValueType>& stack) {
  using W = robbie::OpEntry<O>;
  const size_t base = stack.size() - static_cast<size_t>(W::kPops);
  const ValueType operand = valueTypeOf(W::kOperand, stack.back());
  if constexpr (W::kOperand == Slot::kAny) {
    if (operand == ValueType::kString) {
      storeSlot(base, ValueType::kBoolean,
                b_.CreateICmpNE(call("chronon_rl_compare", {c32(static_cast<int64_t>(stringCompareOf(O)))}), c32(0)));
      return;
    }
  }
  const ValueType result = valueTypeOf(W::kResult, operand);
  storeSlot(base, result, fromBits(callEntry<O>(pc, base, operand), result));
}

template <Op O, class Ask>
void Lowering::hostCall(int32_t pc, const std::vector<ValueType>& stack, Ask ask) {
  using W = robbie::OpEntry<O>;
  const size_t base = stack.size() - static_cast<size_t>(W::kPops);
  const ValueType operand = valueTypeOf(W::kOperand, stack.back());
  callEntry<O>(pc, base, operand);
  Value* in[W::kPops];
  for (size_t k = 0; k < static_cast<size_t>(W::kPops); ++k) in[k] = loadSlot(base + k, operand);
  ask(in);
}

void Lowering::lowerInstruction(int32_t pc) {
  const robbie::Instruction& in = program_.code[static_cast<size_t>(pc)];
  const std::vector<ValueType>& stack = plan_.stack[static_cast<size_t>(pc)];
  const size_t depth = stack.size();
  b_.SetInsertPoint(bodies_[static_cast<size_t>(pc)]);
  b_.CreateStore(b_.CreateSub(b_.CreateLoad(i64(), left_), c64(1)), left_);
  // The operand of store and the conditional jumps.
  const size_t top = depth - 1;
  switch (in.op) {
    // The computed operations: their entries (ROBBIE_COMPUTED_OP).
    // clang-format off
#define ROBBIE_COMPUTED_OP(Name, ...) case Op::Name: compute<Op::Name>(pc, stack); break;
#define ROBBIE_HOST_CHECK(Name, ...)
#include "chronon/vm/robbie_semantics.def"
#undef ROBBIE_HOST_CHECK
#undef ROBBIE_COMPUTED_OP
    // clang-format on
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
    // The one computed operation without an entry: it makes a string, and strings live in C++.
    case Op::kConcat: call("chronon_rl_concat", {}); break;
    case Op::kJump: b_.CreateBr(target(in.a)); return;
    case Op::kJumpIfFalse: b_.CreateCondBr(loadSlot(top, ValueType::kBoolean), target(pc + 1), target(in.a)); return;
    case Op::kAndJump: b_.CreateCondBr(loadSlot(top, ValueType::kBoolean), target(pc + 1), target(in.a)); return;
    case Op::kOrJump: b_.CreateCondBr(loadSlot(top, ValueType::kBoolean), target(in.a), target(pc + 1)); return;
    case Op::kBlocked:
      storeSlot(depth, ValueType::kBoolean, b_.CreateICmpNE(call("chronon_rl_blocked", {}), c32(0)));
      break;
    case Op::kWeight: storeSlot(depth, ValueType::kInteger, call("chronon_rl_weight", {})); break;
    // The host operations with arguments check them with their entries (ROBBIE_HOST_CHECK).
    case Op::kForward:
      hostCall<Op::kForward>(pc, stack, [&](Value* const* cm) { call("chronon_rl_move", {cm[0], c32(1)}); });
      break;
    case Op::kBack:
      hostCall<Op::kBack>(pc, stack, [&](Value* const* cm) { call("chronon_rl_move", {cm[0], c32(0)}); });
      break;
    case Op::kTurnLeft:
      hostCall<Op::kTurnLeft>(pc, stack, [&](Value* const* degrees) { call("chronon_rl_turn", {degrees[0], c32(1)}); });
      break;
    case Op::kTurnRight:
      hostCall<Op::kTurnRight>(pc, stack, [&](Value* const* degrees) {
        call("chronon_rl_turn", {degrees[0], c32(0)});
      });
      break;
    case Op::kGrab: call("chronon_rl_grab", {}); break;
    case Op::kDrop: call("chronon_rl_drop", {}); break;
    case Op::kBeep:
      hostCall<Op::kBeep>(pc, stack, [&](Value* const* msHz) { call("chronon_rl_beep", {msHz[0], msHz[1]}); });
      break;
    case Op::kPause:
      hostCall<Op::kPause>(pc, stack, [&](Value* const* ms) { call("chronon_rl_pause", {ms[0]}); });
      break;
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
