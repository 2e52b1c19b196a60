// Lowering of a checked RL syntax tree to the IR (robbie_ir.h): expressions become stack code with an
// explicit integer-to-real conversion wherever an integer meets a real, structures become jumps, and
// each repeat loop gets a hidden integer register for its remaining count.

#include <map>
#include <string>

#include "chronon/compiler/robbie.h"

namespace chronon::robbie {

namespace {

class Lowering {
 public:
  Lowering(const SourceFile& file, const SyntaxTree& tree, const std::vector<Symbol>& symbols)
      : file_(file), tree_(tree) {
    for (const Symbol& symbol : symbols) {
      program_.registers.push_back(RegisterInfo{symbol.name, symbol.type, false, symbol.range});
      byName_.emplace(symbol.name, symbol.index);
    }
  }

  Program run() {
    program_.name = tree_.programName.value_or("");
    statements(tree_.body);
    // The checker requires a final stop, but a tree lowered on its own still ends cleanly.
    if (program_.code.empty() || program_.code.back().op != Op::kStop) emit(Op::kStop, 0, SourceRange{});
    return std::move(program_);
  }

 private:
  const Expr& expr(int32_t index) const { return tree_.exprs[static_cast<size_t>(index)]; }

  int32_t here() const { return static_cast<int32_t>(program_.code.size()); }

  int32_t emit(Op op, int32_t a, SourceRange range) {
    program_.code.push_back(Instruction{op, a, range, file_.lineColumn(range.begin).line});
    return here() - 1;
  }

  void patch(int32_t at, int32_t target) { program_.code[static_cast<size_t>(at)].a = target; }

  // Constructs the alternative in place: moving a temporary Value trips GCC 12's -Wmaybe-uninitialized.
  // Each distinct constant is stored once.
  template <typename T>
  int32_t constant(const T& value) {
    const auto [it, added] = constantIndex_.try_emplace(Value(std::in_place_type<T>, value),
                                                        static_cast<int32_t>(program_.constants.size()));
    if (added) program_.constants.emplace_back(std::in_place_type<T>, value);
    return it->second;
  }

  void statements(const std::vector<int32_t>& list) {
    for (const int32_t index : list) statement(tree_.stmts[static_cast<size_t>(index)]);
  }

  void statement(const Stmt& s) {
    switch (s.kind) {
      case StmtKind::kStop: emit(Op::kStop, 0, s.range); return;
      case StmtKind::kGrab: emit(Op::kGrab, 0, s.range); return;
      case StmtKind::kDrop: emit(Op::kDrop, 0, s.range); return;
      case StmtKind::kForward:
        value(s.first);
        emit(Op::kForward, 0, s.range);
        return;
      case StmtKind::kBack:
        value(s.first);
        emit(Op::kBack, 0, s.range);
        return;
      case StmtKind::kTurn:
        value(s.first);
        emit(s.left ? Op::kTurnLeft : Op::kTurnRight, 0, s.range);
        return;
      case StmtKind::kPause:
        value(s.first);
        emit(Op::kPause, 0, s.range);
        return;
      case StmtKind::kBeep:
        value(s.first);
        value(s.second);
        emit(Op::kBeep, 0, s.range);
        return;
      case StmtKind::kRegister: return;  // Registers hold their default value from the start.
      case StmtKind::kSet: {
        const int32_t reg = byName_.at(s.name);
        value(s.second, program_.registers[static_cast<size_t>(reg)].type);
        emit(Op::kStore, reg, s.range);
        return;
      }
      case StmtKind::kIf: {
        value(s.first);
        const int32_t toElse = emit(Op::kJumpIfFalse, 0, s.range);
        statements(s.body);
        if (s.elseBody.empty()) {
          patch(toElse, here());
          return;
        }
        const int32_t toEnd = emit(Op::kJump, 0, s.range);
        patch(toElse, here());
        statements(s.elseBody);
        patch(toEnd, here());
        return;
      }
      case StmtKind::kWhile: {
        const int32_t top = here();
        value(s.first);
        const int32_t toEnd = emit(Op::kJumpIfFalse, 0, s.range);
        statements(s.body);
        emit(Op::kJump, top, s.endRange);
        patch(toEnd, here());
        return;
      }
      case StmtKind::kRepeat: {
        const auto counter = static_cast<int32_t>(program_.registers.size());
        program_.registers.push_back(
            RegisterInfo{"repeat@" + std::to_string(s.line), ValueType::kInteger, true, s.range});
        value(s.first);
        emit(Op::kStore, counter, s.range);
        const int32_t top = emit(Op::kLoad, counter, s.range);
        emit(Op::kPushConstant, constant(int64_t{0}), s.range);
        emit(Op::kGreater, 0, s.range);
        const int32_t toEnd = emit(Op::kJumpIfFalse, 0, s.range);
        statements(s.body);
        emit(Op::kLoad, counter, s.endRange);
        emit(Op::kPushConstant, constant(int64_t{1}), s.endRange);
        emit(Op::kSubInteger, 0, s.endRange);
        emit(Op::kStore, counter, s.endRange);
        emit(Op::kJump, top, s.endRange);
        patch(toEnd, here());
        return;
      }
    }
  }

  // Emits expression `index`, converted to `want` when an integer must become a real.
  void value(int32_t index, std::optional<ValueType> want = std::nullopt) {
    const Expr& e = expr(index);
    emitExpr(e);
    if (want == ValueType::kReal && e.type == ValueType::kInteger) emit(Op::kToReal, 0, e.range);
  }

  void emitExpr(const Expr& e) {
    switch (e.kind) {
      case ExprKind::kInteger: emit(Op::kPushConstant, constant(e.integer), e.range); return;
      case ExprKind::kReal: emit(Op::kPushConstant, constant(e.real), e.range); return;
      case ExprKind::kBoolean: emit(Op::kPushConstant, constant(e.boolean), e.range); return;
      case ExprKind::kString: emit(Op::kPushConstant, constant(e.text), e.range); return;
      case ExprKind::kName: emit(Op::kLoad, byName_.at(e.text), e.range); return;
      case ExprKind::kBlocked: emit(Op::kBlocked, 0, e.range); return;
      case ExprKind::kWeight: emit(Op::kWeight, 0, e.range); return;
      case ExprKind::kNegate:
        value(e.left);
        emit(e.type == ValueType::kReal ? Op::kNegReal : Op::kNegInteger, 0, e.range);
        return;
      case ExprKind::kNot:
        value(e.left);
        emit(Op::kNot, 0, e.range);
        return;
      case ExprKind::kBinary: binary(e); return;
    }
  }

  void binary(const Expr& e) {
    const Expr& left = expr(e.left);
    const Expr& right = expr(e.right);
    if (e.op == BinaryOp::kAnd || e.op == BinaryOp::kOr) {
      value(e.left);
      const int32_t skip = emit(e.op == BinaryOp::kAnd ? Op::kAndJump : Op::kOrJump, 0, e.range);
      value(e.right);
      patch(skip, here());
      return;
    }
    // Operands meet in one type: real when either is real.
    const bool real = left.type == ValueType::kReal || right.type == ValueType::kReal;
    const std::optional<ValueType> operand = real ? std::optional(ValueType::kReal) : std::nullopt;
    value(e.left, operand);
    value(e.right, operand);
    const bool string = left.type == ValueType::kString;
    switch (e.op) {
      case BinaryOp::kAdd: emit(string ? Op::kConcat : real ? Op::kAddReal : Op::kAddInteger, 0, e.range); return;
      case BinaryOp::kSub: emit(real ? Op::kSubReal : Op::kSubInteger, 0, e.range); return;
      case BinaryOp::kMul: emit(real ? Op::kMulReal : Op::kMulInteger, 0, e.range); return;
      case BinaryOp::kDiv: emit(real ? Op::kDivReal : Op::kDivInteger, 0, e.range); return;
      case BinaryOp::kLess: emit(Op::kLess, 0, e.range); return;
      case BinaryOp::kLessEqual: emit(Op::kLessEqual, 0, e.range); return;
      case BinaryOp::kGreater: emit(Op::kGreater, 0, e.range); return;
      case BinaryOp::kGreaterEqual: emit(Op::kGreaterEqual, 0, e.range); return;
      case BinaryOp::kEqual: emit(Op::kEqual, 0, e.range); return;
      case BinaryOp::kAnd:
      case BinaryOp::kOr: return;  // Handled above.
    }
  }

  const SourceFile& file_;
  const SyntaxTree& tree_;
  Program program_;
  std::map<std::string, int32_t> byName_;
  std::map<Value, int32_t> constantIndex_;
};

}  // namespace

Program lower(const SourceFile& file, const SyntaxTree& tree, const std::vector<Symbol>& symbols) {
  return Lowering(file, tree, symbols).run();
}

CompileResult compile(const SourceFile& file) {
  CompileResult result;
  result.tree = parse(file, result.diagnostics);
  result.symbols = check(result.tree, result.diagnostics);
  result.diagnostics.sortByPosition();
  if (!result.diagnostics.hasErrors()) result.program = lower(file, result.tree, result.symbols);
  return result;
}

}  // namespace chronon::robbie
