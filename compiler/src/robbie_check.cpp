// The Robbie Language's type checker: registers are typed (integer, real, boolean, string), and every
// expression, assignment, condition and command argument is checked against those types before
// anything runs (seeds/robbie-language.txt, "register"; rules in docs/robbie.md).

#include <map>
#include <string>

#include "chronon/compiler/robbie.h"
#include "chronon/stdlib/robbie_words.h"

namespace chronon::robbie {

namespace {

bool isNumeric(ValueType type) { return type == ValueType::kInteger || type == ValueType::kReal; }

std::string typeWord(ValueType type) { return std::string(valueTypeName(type)); }

// "an integer", "a real", ...
std::string article(ValueType type) { return (type == ValueType::kInteger ? "an " : "a ") + typeWord(type); }

class Checker {
 public:
  Checker(SyntaxTree& tree, Diagnostics& diagnostics) : tree_(tree), diagnostics_(diagnostics) {}

  std::vector<Symbol> run() {
    statements(tree_.body);
    return std::move(symbols_);
  }

 private:
  Expr& expr(int32_t index) { return tree_.exprs[static_cast<size_t>(index)]; }

  void statements(const std::vector<int32_t>& list) {
    for (const int32_t index : list) statement(index);
  }

  void statement(int32_t index) {
    // Checking never adds statements, so the reference stays valid.
    const Stmt& s = tree_.stmts[static_cast<size_t>(index)];
    switch (s.kind) {
      case StmtKind::kStop:
      case StmtKind::kGrab:
      case StmtKind::kDrop: return;
      case StmtKind::kForward: integerArgument(s.first, "the distance of 'forward' (cm)", true); return;
      case StmtKind::kBack: integerArgument(s.first, "the distance of 'back' (cm)", true); return;
      case StmtKind::kTurn: integerArgument(s.first, "the angle of 'turn' (degrees)", true); return;
      case StmtKind::kPause: integerArgument(s.first, "the time of 'pause' (ms)", true); return;
      case StmtKind::kBeep:
        integerArgument(s.first, "the time of 'beep' (ms)", true);
        if (integerArgument(s.second, "the frequency of 'beep' (Hz)", false)) {
          if (auto value = literalValue(s.second); value && (*value < kMinBeepHz || *value > kMaxBeepHz)) {
            diagnostics_.error(DiagCode::kRlFrequencyRange, expr(s.second).range,
                               "beep frequency " + std::to_string(*value) + " Hz is outside Robbie's range of " +
                                   std::to_string(kMinBeepHz) + " to " + std::to_string(kMaxBeepHz) + " Hz");
          }
        }
        return;
      case StmtKind::kRegister: declare(s); return;
      case StmtKind::kSet: assign(s); return;
      case StmtKind::kIf:
        condition(s.first, "if");
        statements(s.body);
        statements(s.elseBody);
        return;
      case StmtKind::kWhile:
        condition(s.first, "while");
        statements(s.body);
        return;
      case StmtKind::kRepeat:
        integerArgument(s.first, "the count of 'repeat'", true);
        statements(s.body);
        return;
    }
  }

  // The value of an integer literal, possibly negated, so that obvious mistakes are caught before the
  // program runs; nullopt for any other expression.
  std::optional<int64_t> literalValue(int32_t index) {
    const Expr& e = expr(index);
    if (e.kind == ExprKind::kInteger) return e.integer;
    if (e.kind == ExprKind::kNegate && expr(e.left).kind == ExprKind::kInteger) return -expr(e.left).integer;
    return std::nullopt;
  }

  // Checks that a command argument is an integer, and when `nonNegative` that a literal is not negative.
  // Returns true when the argument is a well-typed integer.
  bool integerArgument(int32_t index, const std::string& what, bool nonNegative) {
    if (index < 0) return false;
    const std::optional<ValueType> type = typeOf(index);
    if (!type) return false;
    if (*type != ValueType::kInteger) {
      diagnostics_.error(DiagCode::kRlArgumentType, expr(index).range,
                         what + " must be an integer, not " + article(*type));
      return false;
    }
    if (nonNegative) {
      if (auto value = literalValue(index); value && *value < 0) {
        diagnostics_.error(DiagCode::kRlNegativeArgument, expr(index).range, what + " must not be negative");
      }
    }
    return true;
  }

  void condition(int32_t index, std::string_view structure) {
    if (index < 0) return;
    const std::optional<ValueType> type = typeOf(index);
    if (type && *type != ValueType::kBoolean) {
      diagnostics_.error(DiagCode::kRlConditionType, expr(index).range,
                         "the condition of '" + std::string(structure) + "' must be boolean, not " + article(*type));
    }
  }

  void declare(const Stmt& s) {
    if (auto found = byName_.find(s.name); found != byName_.end()) {
      Diagnostic& d = diagnostics_.error(DiagCode::kRlDuplicateRegister, s.nameRange,
                                         "register '" + s.name + "' is already registered");
      d.notes.push_back(DiagNote{"first registered here", symbols_[found->second].range, true});
      return;
    }
    bool hasUpper = false;
    for (const char c : s.name) hasUpper = hasUpper || (c >= 'A' && c <= 'Z');
    if (!hasUpper) {
      diagnostics_.warning(DiagCode::kRlLowerCaseName, s.nameRange,
                           "register name '" + s.name +
                               "' is all lower case; the manual recommends mixed or upper case, which cannot collide "
                               "with a reserved word");
    }
    byName_.emplace(s.name, symbols_.size());
    symbols_.push_back(Symbol{s.name, s.declared, s.nameRange, static_cast<int32_t>(symbols_.size())});
  }

  // The symbol `name` (used at `range`), or nullptr with RL720 and a fix that registers it as a
  // `guess` just before `start` (register lines belong before it, docs/robbie.md).
  const Symbol* lookup(const std::string& name, SourceRange range, ValueType guess = ValueType::kInteger) {
    if (auto found = byName_.find(name); found != byName_.end()) return &symbols_[found->second];
    Diagnostic& d =
        diagnostics_.error(DiagCode::kRlUndeclared, range,
                           "'" + name + "' is not registered; declare it first with 'register TYPE " + name + "'");
    if (tree_.startRange) {
      const std::string line = "register " + typeWord(guess) + " " + name;
      d.fixes.push_back(Fix{"add '" + line + "' before start",
                            {TextEdit{{tree_.startRange->begin, tree_.startRange->begin}, line + "\n"}}});
    }
    if (auto w = findWordIgnoringCase(name)) {
      d.notes.push_back(DiagNote{
          "reserved words are lower case: did you mean '" + std::string(wordInfo(*w).spelling) + "'?", range, true});
    }
    return nullptr;
  }

  void assign(const Stmt& s) {
    if (byName_.count(s.name) == 0) {
      // The fix registers it with the type of the value it is set to.
      const std::optional<ValueType> type = s.second >= 0 ? typeOf(s.second) : std::nullopt;
      lookup(s.name, s.nameRange, type.value_or(ValueType::kInteger));
      return;
    }
    const Symbol* symbol = lookup(s.name, s.nameRange);
    if (s.second < 0) return;
    const std::optional<ValueType> type = typeOf(s.second);
    if (symbol == nullptr || !type) return;
    const bool fits = *type == symbol->type || (symbol->type == ValueType::kReal && *type == ValueType::kInteger);
    if (!fits) {
      Diagnostic& d = diagnostics_.error(
          DiagCode::kRlAssignType, expr(s.second).range,
          "cannot set " + typeWord(symbol->type) + " register '" + s.name + "' to " + article(*type) + " value");
      d.notes.push_back(
          DiagNote{"'" + s.name + "' is registered as " + typeWord(symbol->type) + " here", symbol->range, true});
    }
  }

  std::optional<ValueType> typeOf(int32_t index) {
    Expr& e = expr(index);
    e.type = infer(e);
    return e.type;
  }

  std::optional<ValueType> infer(Expr& e) {
    switch (e.kind) {
      case ExprKind::kInteger: return ValueType::kInteger;
      case ExprKind::kReal: return ValueType::kReal;
      case ExprKind::kBoolean: return ValueType::kBoolean;
      case ExprKind::kString: return ValueType::kString;
      case ExprKind::kBlocked: return ValueType::kBoolean;
      case ExprKind::kWeight: return ValueType::kInteger;
      case ExprKind::kName: {
        const Symbol* symbol = lookup(e.text, e.range);
        if (symbol == nullptr) return std::nullopt;
        return symbol->type;
      }
      case ExprKind::kNegate: {
        const std::optional<ValueType> operand = typeOf(e.left);
        if (!operand) return std::nullopt;
        if (isNumeric(*operand)) return operand;
        diagnostics_.error(DiagCode::kRlOperandType, e.range, "'-' needs a number, not " + article(*operand));
        return std::nullopt;
      }
      case ExprKind::kNot: {
        const std::optional<ValueType> operand = typeOf(e.left);
        if (!operand) return std::nullopt;
        if (*operand == ValueType::kBoolean) return operand;
        diagnostics_.error(DiagCode::kRlOperandType, e.range, "'not' needs a boolean, not " + article(*operand));
        return std::nullopt;
      }
      case ExprKind::kBinary: return binary(e);
    }
    return std::nullopt;
  }

  std::optional<ValueType> binary(const Expr& e) {
    const std::optional<ValueType> left = typeOf(e.left);
    const std::optional<ValueType> right = typeOf(e.right);
    if (!left || !right) return std::nullopt;
    const std::string op = "'" + std::string(binaryOpSpelling(e.op)) + "'";
    const std::string found = ", found " + article(*left) + " and " + article(*right);
    const bool numbers = isNumeric(*left) && isNumeric(*right);
    const ValueType arithmetic =
        *left == ValueType::kReal || *right == ValueType::kReal ? ValueType::kReal : ValueType::kInteger;
    switch (e.op) {
      case BinaryOp::kAdd:
        if (numbers) return arithmetic;
        if (*left == ValueType::kString && *right == ValueType::kString) return ValueType::kString;
        diagnostics_.error(DiagCode::kRlOperandType, e.range, op + " needs two numbers or two strings" + found);
        return std::nullopt;
      case BinaryOp::kSub:
      case BinaryOp::kMul:
      case BinaryOp::kDiv:
        if (numbers) return arithmetic;
        diagnostics_.error(DiagCode::kRlOperandType, e.range, op + " needs two numbers" + found);
        return std::nullopt;
      case BinaryOp::kLess:
      case BinaryOp::kLessEqual:
      case BinaryOp::kGreater:
      case BinaryOp::kGreaterEqual:
        if (numbers || (*left == ValueType::kString && *right == ValueType::kString)) return ValueType::kBoolean;
        diagnostics_.error(DiagCode::kRlCompareType, e.range, op + " compares two numbers or two strings" + found);
        return std::nullopt;
      case BinaryOp::kEqual:
        if (numbers || *left == *right) return ValueType::kBoolean;
        diagnostics_.error(DiagCode::kRlCompareType, e.range, op + " compares values of one type" + found);
        return std::nullopt;
      case BinaryOp::kAnd:
      case BinaryOp::kOr:
        if (*left == ValueType::kBoolean && *right == ValueType::kBoolean) return ValueType::kBoolean;
        diagnostics_.error(DiagCode::kRlOperandType, e.range, op + " needs two booleans" + found);
        return std::nullopt;
    }
    return std::nullopt;
  }

  SyntaxTree& tree_;
  Diagnostics& diagnostics_;
  std::vector<Symbol> symbols_;
  std::map<std::string, size_t> byName_;
};

}  // namespace

std::vector<Symbol> check(SyntaxTree& tree, Diagnostics& diagnostics) { return Checker(tree, diagnostics).run(); }

}  // namespace chronon::robbie
