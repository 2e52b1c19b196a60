#pragma once
// The Robbie Language frontend (seeds/robbie-language.txt): a PEGTL lexical grammar splits each line
// into tokens, a line parser builds a syntax tree with byte ranges, a type checker gives every
// expression one of RL's four types, and lowering produces the IR (robbie_ir.h). Every error is a
// diagnostic (RL700-RL728) and the frontend keeps going after each, so one run reports them all; a
// program with any error gets no IR ("Robbie explodes": none of it runs). Decisions the manual leaves
// open are written down in docs/robbie.md.

#include <cstdint>
#include <deque>
#include <optional>
#include <string>
#include <vector>

#include "chronon/compiler/diagnostic.h"
#include "chronon/compiler/robbie_ir.h"
#include "chronon/compiler/source.h"

namespace chronon::robbie {

/// Deepest nesting of control structures, and of parentheses and operators within one expression;
/// deeper input gets RL716 instead of unbounded recursion.
inline constexpr int kMaxNesting = 200;
/// Most binary operators in one line's expressions: a longer chain (1 + 1 + ... + 1) gets RL716, which
/// keeps the checker's and lowering's recursion bounded.
inline constexpr int kMaxOperators = 1000;

/// What an expression node is.
enum class ExprKind : uint8_t {
  kInteger,  ///< An integer literal (`integer`).
  kReal,     ///< A real literal (`real`).
  kBoolean,  ///< true or false (`boolean`).
  kString,   ///< A string literal (`string`, without its quotes).
  kName,     ///< A register name (`name`).
  kBlocked,  ///< The blocked test.
  kWeight,   ///< The weight test.
  kNegate,   ///< Unary minus of `left`.
  kNot,      ///< not `left`.
  kBinary,   ///< `left` op `right`.
};

/// A binary operator.
enum class BinaryOp : uint8_t { kAdd, kSub, kMul, kDiv, kLess, kLessEqual, kGreater, kGreaterEqual, kEqual, kAnd, kOr };

/// The operator as written ("+", "<=", "and", ...).
std::string_view binaryOpSpelling(BinaryOp op);

/// An expression node; children are indices into SyntaxTree::exprs.
struct Expr {
  ExprKind kind = ExprKind::kInteger;
  BinaryOp op = BinaryOp::kAdd;   ///< For kBinary.
  SourceRange range;              ///< The whole expression.
  int32_t left = -1;              ///< Operand of kNegate/kNot, left operand of kBinary.
  int32_t right = -1;             ///< Right operand of kBinary.
  int64_t integer = 0;            ///< kInteger's value.
  double real = 0;                ///< kReal's value.
  bool boolean = false;           ///< kBoolean's value.
  std::string text;               ///< kString's contents or kName's name.
  std::optional<ValueType> type;  ///< Set by the checker; empty when the expression has a type error.
};

/// What a statement is.
enum class StmtKind : uint8_t {
  kStop,
  kForward,
  kBack,
  kTurn,
  kGrab,
  kDrop,
  kBeep,
  kPause,
  kRegister,
  kSet,
  kIf,
  kWhile,
  kRepeat,
};

/// A statement (one command line, or a control structure with its header and end lines).
struct Stmt {
  StmtKind kind = StmtKind::kStop;
  SourceRange range;                         ///< The command line, or the header line of a structure.
  SourceRange endRange;                      ///< The structure's end line (endif, endwhile, endrepeat).
  uint32_t line = 0;                         ///< 1-based line of `range`.
  bool left = false;                         ///< kTurn: true for left, false for right.
  ValueType declared = ValueType::kInteger;  ///< kRegister: the register's type.
  std::string name;                          ///< kRegister, kSet: the register name.
  SourceRange nameRange;                     ///< Where the name is written.
  int32_t first = -1;                        ///< First argument or condition (expression index), -1 when absent/broken.
  int32_t second = -1;                       ///< Second argument (beep's frequency, set's value).
  std::vector<int32_t> body;                 ///< kIf's then-part, kWhile's and kRepeat's body (statement indices).
  std::vector<int32_t> elseBody;             ///< kIf's else-part.
  bool hasElse = false;                      ///< kIf: an else line was present.
};

/// The syntax tree of one RL program.
struct SyntaxTree {
  std::optional<std::string> programName;  ///< The `program "..."` name, when given.
  SourceRange programRange;                ///< The program line, when given.
  std::optional<SourceRange> startRange;   ///< The start line, when present.
  // Deques: growing them never moves the nodes (no reallocation peak of three times the size on a
  // 16 MiB program, and references stay valid while the parser appends).
  std::deque<Expr> exprs;     ///< Every expression node.
  std::deque<Stmt> stmts;     ///< Every statement.
  std::vector<int32_t> body;  ///< Top-level statements in order (register lines before start
                              ///< included, as they declare and do not run).
};

/// Reads `file` into a syntax tree, adding syntax and structure errors (RL700-RL718) to `diagnostics`.
/// Never throws; lines with errors are left out of the tree, and parsing goes on at the next line.
SyntaxTree parse(const SourceFile& file, Diagnostics& diagnostics);

/// A declared register as the checker saw it, for hover and reports.
struct Symbol {
  std::string name;
  ValueType type = ValueType::kInteger;
  SourceRange range;  ///< The name in its register line.
  int32_t index = 0;  ///< Its register index in the Program.
};

/// Type-checks `tree` (RL717, RL720-RL728), filling each Expr::type, and returns the declared registers
/// in declaration order.
std::vector<Symbol> check(SyntaxTree& tree, Diagnostics& diagnostics);

/// Lowers a checked, error-free tree to the IR. `symbols` is check()'s result.
Program lower(const SourceFile& file, const SyntaxTree& tree, const std::vector<Symbol>& symbols);

/// The frontend's result.
struct CompileResult {
  SyntaxTree tree;
  std::vector<Symbol> symbols;
  Diagnostics diagnostics;
  std::optional<Program> program;  ///< Present only when there is no error: an RL program with an error
                                   ///< never runs.
};

/// Parses, checks and (when error-free) lowers `file`. Diagnostics are sorted by position.
CompileResult compile(const SourceFile& file);

}  // namespace chronon::robbie
