// Planning an RL program for the JIT: one worklist pass for the stack types, one backward pass for
// the costs.

#include "robbie_plan.h"

#include <algorithm>

namespace chronon::jit::detail {

namespace {

using robbie::Op;
using robbie::ValueType;

// The value type slot `slot` stands for when it is a concrete type, `operand` for "v".
ValueType concrete(robbie::Slot slot, ValueType operand) {
  switch (slot) {
    case robbie::Slot::kInteger: return ValueType::kInteger;
    case robbie::Slot::kReal: return ValueType::kReal;
    case robbie::Slot::kBoolean: return ValueType::kBoolean;
    case robbie::Slot::kString: return ValueType::kString;
    case robbie::Slot::kAny:
    case robbie::Slot::kOperand: return operand;
  }
  return operand;
}

// Applies `in` to `stack` as its stack effect in the op table says (robbie_ir.h; the fall-through
// effect: for kJumpIfFalse, kAndJump and kOrJump the path that goes on to the next instruction).
// Returns false with `problem` set when an operand has the wrong type or an index is out of range.
bool apply(const robbie::Instruction& in, const robbie::Program& program, std::vector<ValueType>& stack,
           std::string& problem) {
  const robbie::OpInfo& info = robbie::opInfo(in.op);
  // The type of what operand `a` names, for "v" slots.
  ValueType operand = ValueType::kInteger;
  switch (info.operand) {
    case robbie::Operand::kNone:
    case robbie::Operand::kAddress: break;
    case robbie::Operand::kConstant:
      if (in.a < 0 || static_cast<size_t>(in.a) >= program.constants.size()) {
        problem = "constant index out of range";
        return false;
      }
      operand = robbie::typeOf(program.constants[static_cast<size_t>(in.a)]);
      break;
    case robbie::Operand::kRegister:
      if (in.a < 0 || static_cast<size_t>(in.a) >= program.registers.size()) {
        problem = "register index out of range";
        return false;
      }
      operand = program.registers[static_cast<size_t>(in.a)].type;
      break;
  }
  const robbie::StackEffect& effect = info.effect;
  // "x" slots take whatever type the first of them finds; every other must find the same.
  bool anyKnown = false;
  ValueType any = ValueType::kInteger;
  for (int32_t k = 0; k < effect.pops; ++k) {
    const robbie::Slot slot = effect.popped[k];
    if (slot == robbie::Slot::kAny) {
      if (stack.empty() || (anyKnown && stack.back() != any)) {
        problem = "instruction " + std::string(robbie::opName(in.op)) + " expects two operands of one type";
        return false;
      }
      any = stack.back();
      anyKnown = true;
    } else if (const ValueType want = concrete(slot, operand); stack.empty() || stack.back() != want) {
      problem = "instruction " + std::string(robbie::opName(in.op)) + " expects " +
                std::string(robbie::valueTypeName(want)) + " operands";
      return false;
    }
    stack.pop_back();
  }
  if (effect.pushes == 1) stack.push_back(concrete(effect.pushed, effect.pushed == robbie::Slot::kAny ? any : operand));
  return true;
}

}  // namespace

RobbiePlan planRobbie(const robbie::Program& program) {
  RobbiePlan plan;
  const auto size = static_cast<int32_t>(program.code.size());
  plan.reached.assign(program.code.size(), false);
  plan.stack.resize(program.code.size());
  plan.cost.assign(program.code.size(), 0);
  if (size == 0) {
    plan.problem = "empty program";
    return plan;
  }
  std::vector<int32_t> work{0};
  plan.reached[0] = true;
  // Records `stack` as the stack at `target`; a target outside the code is an exit, which native code
  // can only take with an empty stack (it hands the interpreter nothing but the pc).
  const auto reach = [&](int32_t target, const std::vector<ValueType>& stack) {
    if (target < 0 || target >= size) {
      if (!stack.empty()) plan.problem = "a jump out of the code in the middle of an expression";
      return plan.problem.empty();
    }
    const auto t = static_cast<size_t>(target);
    if (!plan.reached[t]) {
      plan.reached[t] = true;
      plan.stack[t] = stack;
      work.push_back(target);
      return true;
    }
    if (plan.stack[t] != stack) plan.problem = "expression stacks disagree at instruction " + std::to_string(target);
    return plan.problem.empty();
  };
  while (!work.empty()) {
    const int32_t pc = work.back();
    work.pop_back();
    const robbie::Instruction& in = program.code[static_cast<size_t>(pc)];
    std::vector<ValueType> stack = plan.stack[static_cast<size_t>(pc)];
    plan.maxDepth = std::max(plan.maxDepth, static_cast<int32_t>(stack.size()));
    // kAndJump and kOrJump leave their operand on the stack when they jump.
    if ((in.op == Op::kAndJump || in.op == Op::kOrJump) && !reach(in.a, stack)) return plan;
    if (!apply(in, program, stack, plan.problem)) {
      plan.problem += " (at instruction " + std::to_string(pc) + ")";
      return plan;
    }
    plan.maxDepth = std::max(plan.maxDepth, static_cast<int32_t>(stack.size()));
    // kAndJump and kOrJump took their jump above; after apply() only the fall-through is left.
    const robbie::Flow flow = robbie::opInfo(in.op).flow;
    if (flow == robbie::Flow::kJump || in.op == Op::kJumpIfFalse) {
      if (!reach(in.a, stack)) return plan;
    }
    if (flow == robbie::Flow::kNext || flow == robbie::Flow::kBranch) {
      if (!reach(pc + 1, stack)) return plan;
    }
  }
  // Check points: instruction 0 and every target of a backward jump, so that every loop passes one.
  plan.check.assign(program.code.size(), false);
  plan.check[0] = true;
  for (int32_t pc = 0; pc < size; ++pc) {
    const robbie::Instruction& in = program.code[static_cast<size_t>(pc)];
    const bool jumps = robbie::opInfo(in.op).operand == robbie::Operand::kAddress;
    if (!plan.reached[static_cast<size_t>(pc)] || !jumps || in.a > pc || in.a < 0) continue;
    if (!plan.stack[static_cast<size_t>(in.a)].empty()) {
      plan.problem = "a backward jump inside an expression (at instruction " + std::to_string(pc) + ")";
      return plan;
    }
    plan.check[static_cast<size_t>(in.a)] = true;
  }
  // Costs, last instruction first: apart from jumps to check points control only moves forward, so
  // every successor's cost is known when an instruction's is computed.
  for (int32_t pc = size - 1; pc >= 0; --pc) {
    const auto p = static_cast<size_t>(pc);
    if (!plan.reached[p]) continue;
    if (plan.check[p]) ++plan.entries;
    const robbie::Instruction& in = program.code[p];
    int64_t after = 0;
    const auto follow = [&](int32_t target) {
      if (target < 0 || target >= size || plan.check[static_cast<size_t>(target)]) return true;
      if (target <= pc) {
        plan.problem = "a backward jump that is not to a check point (at instruction " + std::to_string(pc) + ")";
        return false;
      }
      after = std::max(after, plan.cost[static_cast<size_t>(target)]);
      return true;
    };
    bool ok = true;
    const robbie::Flow flow = robbie::opInfo(in.op).flow;
    if (flow == robbie::Flow::kJump || flow == robbie::Flow::kBranch) ok = follow(in.a);
    if (flow == robbie::Flow::kNext || flow == robbie::Flow::kBranch) ok = ok && follow(pc + 1);
    if (!ok) return plan;
    plan.cost[p] = 1 + after;
  }
  return plan;
}

}  // namespace chronon::jit::detail
