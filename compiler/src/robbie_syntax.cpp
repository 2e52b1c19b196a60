// The Robbie Language's line parser: each line's tokens (robbie_lexer.cpp) become one command, a
// structure header or a structure end, and a stack of open structures assembles them into the syntax
// tree (seeds/robbie-language.txt; decisions in docs/robbie.md). An error ends work on its line only.

#include <charconv>
#include <cmath>
#include <cstdlib>
#include <string>

#include "chronon/compiler/robbie.h"
#include "chronon/stdlib/robbie_words.h"
#include "robbie_internal.h"

namespace chronon::robbie {

std::string_view binaryOpSpelling(BinaryOp op) {
  switch (op) {
    case BinaryOp::kAdd: return "+";
    case BinaryOp::kSub: return "-";
    case BinaryOp::kMul: return "*";
    case BinaryOp::kDiv: return "/";
    case BinaryOp::kLess: return "<";
    case BinaryOp::kLessEqual: return "<=";
    case BinaryOp::kGreater: return ">";
    case BinaryOp::kGreaterEqual: return ">=";
    case BinaryOp::kEqual: return "=";
    case BinaryOp::kAnd: return "and";
    case BinaryOp::kOr: return "or";
  }
  return "+";
}

namespace {

using detail::LexedLine;
using detail::Token;
using detail::TokenKind;

// What a line is, for the structure builder.
enum class LineKind : uint8_t {
  kBlank,
  kBroken,
  kProgram,
  kStart,
  kStatement,
  kIf,
  kWhile,
  kRepeat,
  kElse,
  kEndif,
  kEndwhile,
  kEndrepeat,
};

struct LineItem {
  LineKind kind = LineKind::kBlank;
  Stmt stmt;                        // For kStatement and the three headers.
  std::optional<std::string> name;  // For kProgram.
  SourceRange range;                // The line's tokens.
  std::optional<Word> firstWord;    // The reserved word the line starts with, even when it is broken.
};

// Thrown inside a line after its diagnostic is recorded; caught per line, so it never leaves parse().
struct LineError {};

std::string quoted(std::string_view text) { return "'" + std::string(text) + "'"; }

class LineParser {
 public:
  LineParser(const LexedLine& line, SyntaxTree& tree, Diagnostics& diagnostics)
      : line_(line), tree_(tree), diagnostics_(diagnostics) {}

  LineItem parse() {
    LineItem item;
    if (line_.tokens.empty()) return item;
    item.range = SourceRange{line_.tokens.front().range.begin, line_.tokens.back().range.end};
    item.stmt.range = item.range;
    item.stmt.line = line_.number;
    const Token& first = line_.tokens.front();
    std::optional<Word> word = first.kind == TokenKind::kWord ? findWord(first.text) : std::nullopt;
    item.firstWord = word;
    if (line_.truncated) {
      // Too long to parse; a structure header still opens its structure so that its end line matches.
      diagnostics_.error(DiagCode::kRlTooDeep, line_.range,
                         "line with more than " + std::to_string(detail::kMaxLineTokens) + " tokens");
      item.kind = word == Word::kIf       ? LineKind::kIf
                  : word == Word::kWhile  ? LineKind::kWhile
                  : word == Word::kRepeat ? LineKind::kRepeat
                                          : LineKind::kBroken;
      item.stmt.kind = word == Word::kIf ? StmtKind::kIf : word == Word::kWhile ? StmtKind::kWhile : StmtKind::kRepeat;
      return item;
    }
    try {
      if (!word) {
        unknownCommand(first);
      }
      pos_ = 1;
      parseCommand(*word, item);
      expectEnd();
    } catch (const LineError&) {
      // A header keeps its structure open so that its end line still matches; everything else is dropped.
      if (item.kind != LineKind::kIf && item.kind != LineKind::kWhile && item.kind != LineKind::kRepeat &&
          item.kind != LineKind::kElse && item.kind != LineKind::kEndif && item.kind != LineKind::kEndwhile &&
          item.kind != LineKind::kEndrepeat && item.kind != LineKind::kStart) {
        item.kind = LineKind::kBroken;
      }
    }
    return item;
  }

 private:
  [[noreturn]] void fail(DiagCode code, SourceRange range, std::string message) {
    diagnostics_.error(code, range, std::move(message));
    throw LineError{};
  }

  [[noreturn]] void unknownCommand(const Token& first) {
    if (first.kind == TokenKind::kWord) {
      if (auto w = findWordIgnoringCase(first.text)) {
        const std::string_view spelling = wordInfo(*w).spelling;
        Diagnostic& d = diagnostics_.error(DiagCode::kRlUnknownCommand, first.range,
                                           "unknown command " + quoted(first.text) + "; reserved words are lower case");
        d.fixes.push_back(Fix{"write " + quoted(spelling), {TextEdit{first.range, std::string(spelling)}}});
        throw LineError{};
      }
      fail(DiagCode::kRlUnknownCommand, first.range,
           "unknown command " + quoted(first.text) + " (to give a register a value, write: set NAME VALUE)");
    }
    badToken(first);
    fail(DiagCode::kRlUnknownCommand, first.range, "expected a command at the start of the line");
  }

  // Reports lexical errors that make a token unusable anywhere.
  void badToken(const Token& token) {
    switch (token.kind) {
      case TokenKind::kUnterminated:
        fail(DiagCode::kRlUnterminatedString, token.range, "string without its closing quote on this line");
      case TokenKind::kBadName:
        fail(DiagCode::kRlBadName, token.range,
             quoted(token.text) + " is neither a number nor a name (names start with a letter)");
      case TokenKind::kBad: fail(DiagCode::kRlBadCharacter, token.range, "unexpected character " + quoted(token.text));
      case TokenKind::kWord:
      case TokenKind::kInteger:
      case TokenKind::kReal:
      case TokenKind::kString:
      case TokenKind::kSymbol: return;
    }
  }

  const Token* peek() const { return pos_ < line_.tokens.size() ? &line_.tokens[pos_] : nullptr; }
  SourceRange endOfLine() const {
    const uint32_t end = line_.tokens.empty() ? line_.range.end : line_.tokens.back().range.end;
    return SourceRange{end, end};
  }
  bool atWord(Word word) const {
    const Token* t = peek();
    return t != nullptr && t->kind == TokenKind::kWord && t->text == wordInfo(word).spelling;
  }
  bool atSymbol(std::string_view symbol) const {
    const Token* t = peek();
    return t != nullptr && t->kind == TokenKind::kSymbol && t->text == symbol;
  }
  std::string describe(const Token* t) const { return t == nullptr ? "the end of the line" : quoted(t->text); }

  void expectWord(Word word, std::string_view context) {
    if (atWord(word)) {
      ++pos_;
      return;
    }
    const Token* t = peek();
    if (t != nullptr) badToken(*t);
    fail(DiagCode::kRlSyntax, t != nullptr ? t->range : endOfLine(),
         "expected " + quoted(wordInfo(word).spelling) + " " + std::string(context) + ", found " + describe(t));
  }

  void expectEnd() {
    const Token* t = peek();
    if (t == nullptr) return;
    badToken(*t);
    fail(DiagCode::kRlExtraText, SourceRange{t->range.begin, line_.tokens.back().range.end},
         "unexpected " + quoted(t->text) + " after the end of the command (one command per line)");
  }

  // A register name: letters and digits, starting with a letter, not reserved.
  std::string name(SourceRange& range, std::string_view context) {
    const Token* t = peek();
    if (t == nullptr) fail(DiagCode::kRlSyntax, endOfLine(), "expected a register name " + std::string(context));
    badToken(*t);
    range = t->range;
    if (t->kind != TokenKind::kWord) {
      fail(DiagCode::kRlBadName, t->range,
           "expected a register name " + std::string(context) + ", found " + quoted(t->text));
    }
    if (auto w = findWord(t->text)) {
      fail(DiagCode::kRlReservedName, t->range,
           quoted(t->text) + " is a reserved word (" + std::string(categoryName(wordInfo(*w).category)) +
               ") and cannot be a register name");
    }
    ++pos_;
    return std::string(t->text);
  }

  int32_t add(Expr expr) {
    tree_.exprs.push_back(std::move(expr));
    return static_cast<int32_t>(tree_.exprs.size() - 1);
  }
  SourceRange span(int32_t a, int32_t b) const {
    return SourceRange{tree_.exprs[static_cast<size_t>(a)].range.begin, tree_.exprs[static_cast<size_t>(b)].range.end};
  }
  void enter() {
    if (++depth_ > kMaxNesting) {
      const Token* t = peek();
      fail(DiagCode::kRlTooDeep, t != nullptr ? t->range : endOfLine(),
           "expression nested deeper than " + std::to_string(kMaxNesting) + " levels");
    }
  }

  int32_t expression() {
    enter();
    int32_t left = conjunction();
    while (atWord(Word::kOr)) {
      ++pos_;
      const int32_t right = conjunction();
      left = binary(BinaryOp::kOr, left, right);
    }
    --depth_;
    return left;
  }
  int32_t conjunction() {
    int32_t left = negation();
    while (atWord(Word::kAnd)) {
      ++pos_;
      const int32_t right = negation();
      left = binary(BinaryOp::kAnd, left, right);
    }
    return left;
  }
  int32_t negation() {
    if (!atWord(Word::kNot)) return comparison();
    const SourceRange notRange = peek()->range;
    ++pos_;
    enter();
    const int32_t operand = negation();
    --depth_;
    Expr e;
    e.kind = ExprKind::kNot;
    e.left = operand;
    e.range = SourceRange{notRange.begin, tree_.exprs[static_cast<size_t>(operand)].range.end};
    return add(std::move(e));
  }
  std::optional<BinaryOp> comparisonAhead() const {
    const Token* t = peek();
    if (t == nullptr || t->kind != TokenKind::kSymbol) return std::nullopt;
    if (t->text == "<") return BinaryOp::kLess;
    if (t->text == "<=") return BinaryOp::kLessEqual;
    if (t->text == ">") return BinaryOp::kGreater;
    if (t->text == ">=") return BinaryOp::kGreaterEqual;
    if (t->text == "=") return BinaryOp::kEqual;
    return std::nullopt;
  }
  int32_t comparison() {
    const int32_t left = additive();
    const std::optional<BinaryOp> op = comparisonAhead();
    if (!op) return left;
    ++pos_;
    const int32_t result = binary(*op, left, additive());
    if (comparisonAhead()) {
      fail(DiagCode::kRlSyntax, peek()->range,
           "comparisons do not chain: write 'A < B and B < C' instead of 'A < B < C'");
    }
    return result;
  }
  int32_t additive() {
    int32_t left = term();
    while (atSymbol("+") || atSymbol("-")) {
      const BinaryOp op = atSymbol("+") ? BinaryOp::kAdd : BinaryOp::kSub;
      ++pos_;
      left = binary(op, left, term());
    }
    return left;
  }
  int32_t term() {
    int32_t left = unary();
    while (atSymbol("*") || atSymbol("/")) {
      const BinaryOp op = atSymbol("*") ? BinaryOp::kMul : BinaryOp::kDiv;
      ++pos_;
      left = binary(op, left, unary());
    }
    return left;
  }
  int32_t unary() {
    if (!atSymbol("-")) return primary();
    const SourceRange minus = peek()->range;
    ++pos_;
    enter();
    const int32_t operand = unary();
    --depth_;
    Expr e;
    e.kind = ExprKind::kNegate;
    e.left = operand;
    e.range = SourceRange{minus.begin, tree_.exprs[static_cast<size_t>(operand)].range.end};
    return add(std::move(e));
  }
  int32_t binary(BinaryOp op, int32_t left, int32_t right) {
    if (++operators_ > kMaxOperators) {
      fail(DiagCode::kRlTooDeep, span(left, right),
           "expression with more than " + std::to_string(kMaxOperators) + " operators");
    }
    Expr e;
    e.kind = ExprKind::kBinary;
    e.op = op;
    e.left = left;
    e.right = right;
    e.range = span(left, right);
    return add(std::move(e));
  }
  int32_t primary() {
    const Token* t = peek();
    if (t == nullptr) fail(DiagCode::kRlSyntax, endOfLine(), "expected a value, found the end of the line");
    badToken(*t);
    Expr e;
    e.range = t->range;
    switch (t->kind) {
      case TokenKind::kInteger: {
        e.kind = ExprKind::kInteger;
        const auto [ptr, ec] = std::from_chars(t->text.data(), t->text.data() + t->text.size(), e.integer);
        if (ec != std::errc() || ptr != t->text.data() + t->text.size()) {
          fail(DiagCode::kRlNumberTooLarge, t->range,
               "integer " + quoted(t->text) + " is too large (the largest is 9223372036854775807)");
        }
        break;
      }
      case TokenKind::kReal: {
        e.kind = ExprKind::kReal;
        const std::string copy(t->text);
        e.real = std::strtod(copy.c_str(), nullptr);
        if (!std::isfinite(e.real))
          fail(DiagCode::kRlNumberTooLarge, t->range, "real " + quoted(t->text) + " is too large");
        break;
      }
      case TokenKind::kString:
        e.kind = ExprKind::kString;
        e.text = std::string(detail::stringContents(*t));
        break;
      case TokenKind::kSymbol: {
        if (t->text != "(") fail(DiagCode::kRlSyntax, t->range, "expected a value, found " + quoted(t->text));
        ++pos_;
        const int32_t inner = expression();
        if (!atSymbol(")")) {
          const Token* close = peek();
          if (close != nullptr) badToken(*close);
          fail(DiagCode::kRlSyntax, close != nullptr ? close->range : endOfLine(),
               "expected ')' to close the '(' at column " + std::to_string(t->range.begin - line_.range.begin + 1) +
                   ", found " + describe(close));
        }
        // The parenthesised expression's range includes its parentheses.
        tree_.exprs[static_cast<size_t>(inner)].range = SourceRange{t->range.begin, peek()->range.end};
        ++pos_;
        return inner;
      }
      case TokenKind::kWord: {
        if (auto w = findWord(t->text)) {
          switch (*w) {
            case Word::kTrue:
            case Word::kFalse:
              e.kind = ExprKind::kBoolean;
              e.boolean = *w == Word::kTrue;
              break;
            case Word::kBlocked: e.kind = ExprKind::kBlocked; break;
            case Word::kWeight: e.kind = ExprKind::kWeight; break;
            case Word::kAnd:
            case Word::kBack:
            case Word::kBeep:
            case Word::kBoolean:
            case Word::kDo:
            case Word::kDrop:
            case Word::kElse:
            case Word::kEndif:
            case Word::kEndwhile:
            case Word::kEndrepeat:
            case Word::kForward:
            case Word::kGrab:
            case Word::kIf:
            case Word::kInteger:
            case Word::kLeft:
            case Word::kNot:
            case Word::kOr:
            case Word::kPause:
            case Word::kProgram:
            case Word::kReal:
            case Word::kRegister:
            case Word::kRepeat:
            case Word::kRight:
            case Word::kSet:
            case Word::kStart:
            case Word::kStop:
            case Word::kString:
            case Word::kThen:
            case Word::kTimes:
            case Word::kTurn:
            case Word::kWhile:
              fail(
                  DiagCode::kRlSyntax, t->range,
                  "expected a value, found the reserved word " + quoted(t->text) + " (reserved words cannot be names)");
          }
        } else {
          e.kind = ExprKind::kName;
          e.text = std::string(t->text);
        }
        break;
      }
      case TokenKind::kUnterminated:
      case TokenKind::kBadName:
      case TokenKind::kBad: fail(DiagCode::kRlSyntax, t->range, "expected a value");  // badToken reported these
    }
    ++pos_;
    return add(std::move(e));
  }

  void parseCommand(Word word, LineItem& item) {
    Stmt& s = item.stmt;
    switch (word) {
      case Word::kProgram: {
        item.kind = LineKind::kProgram;
        const Token* t = peek();
        if (t != nullptr) badToken(*t);
        if (t == nullptr || t->kind != TokenKind::kString) {
          fail(DiagCode::kRlSyntax, t != nullptr ? t->range : endOfLine(),
               "expected the program's name in quotes after 'program', found " + describe(t));
        }
        item.name = std::string(detail::stringContents(*t));
        ++pos_;
        return;
      }
      case Word::kStart: item.kind = LineKind::kStart; return;
      case Word::kStop: statement(item, StmtKind::kStop); return;
      case Word::kGrab: statement(item, StmtKind::kGrab); return;
      case Word::kDrop: statement(item, StmtKind::kDrop); return;
      case Word::kForward:
      case Word::kBack:
      case Word::kPause:
        statement(item, word == Word::kForward ? StmtKind::kForward
                        : word == Word::kBack  ? StmtKind::kBack
                                               : StmtKind::kPause);
        s.first = expression();
        return;
      case Word::kBeep:
        statement(item, StmtKind::kBeep);
        s.first = expression();
        if (peek() == nullptr) {
          fail(DiagCode::kRlSyntax, endOfLine(), "expected the frequency in Hz after the time: beep TIME FREQUENCY");
        }
        s.second = expression();
        return;
      case Word::kTurn: {
        statement(item, StmtKind::kTurn);
        if (atWord(Word::kLeft) || atWord(Word::kRight)) {
          s.left = atWord(Word::kLeft);
          ++pos_;
        } else {
          const Token* t = peek();
          if (t != nullptr) badToken(*t);
          fail(DiagCode::kRlSyntax, t != nullptr ? t->range : endOfLine(),
               "expected 'left' or 'right' after 'turn', found " + describe(t));
        }
        s.first = expression();
        return;
      }
      case Word::kRegister: {
        statement(item, StmtKind::kRegister);
        const Token* t = peek();
        std::optional<Word> type = t != nullptr && t->kind == TokenKind::kWord ? findWord(t->text) : std::nullopt;
        if (!type || wordInfo(*type).category != WordCategory::kType) {
          if (t != nullptr) badToken(*t);
          fail(DiagCode::kRlSyntax, t != nullptr ? t->range : endOfLine(),
               "expected a register type (integer, real, boolean or string), found " + describe(t));
        }
        s.declared = *type == Word::kInteger  ? ValueType::kInteger
                     : *type == Word::kReal   ? ValueType::kReal
                     : *type == Word::kString ? ValueType::kString
                                              : ValueType::kBoolean;
        ++pos_;
        s.name = name(s.nameRange, "after the register type");
        return;
      }
      case Word::kSet:
        statement(item, StmtKind::kSet);
        s.name = name(s.nameRange, "after 'set'");
        s.second = expression();
        return;
      case Word::kIf:
        statement(item, StmtKind::kIf);
        item.kind = LineKind::kIf;
        s.first = expression();
        expectWord(Word::kThen, "after the if condition");
        return;
      case Word::kWhile:
        statement(item, StmtKind::kWhile);
        item.kind = LineKind::kWhile;
        s.first = expression();
        expectWord(Word::kDo, "after the while condition");
        return;
      case Word::kRepeat:
        statement(item, StmtKind::kRepeat);
        item.kind = LineKind::kRepeat;
        s.first = expression();
        expectWord(Word::kTimes, "after the repeat count");
        return;
      case Word::kElse: item.kind = LineKind::kElse; return;
      case Word::kEndif: item.kind = LineKind::kEndif; return;
      case Word::kEndwhile: item.kind = LineKind::kEndwhile; return;
      case Word::kEndrepeat: item.kind = LineKind::kEndrepeat; return;
      case Word::kBlocked:
      case Word::kWeight:
        fail(DiagCode::kRlTestAsCommand, line_.tokens.front().range,
             quoted(wordInfo(word).spelling) + " is a test, not a command; use it in an expression, e.g. 'if " +
                 std::string(wordInfo(word).spelling) + (word == Word::kBlocked ? " then'" : " > 0 then'"));
      case Word::kAnd:
      case Word::kBoolean:
      case Word::kDo:
      case Word::kFalse:
      case Word::kInteger:
      case Word::kLeft:
      case Word::kNot:
      case Word::kOr:
      case Word::kReal:
      case Word::kRight:
      case Word::kString:
      case Word::kThen:
      case Word::kTimes:
      case Word::kTrue:
        fail(DiagCode::kRlUnknownCommand, line_.tokens.front().range,
             "the " + std::string(categoryName(wordInfo(word).category)) + " " + quoted(wordInfo(word).spelling) +
                 " cannot start a line");
    }
  }

  void statement(LineItem& item, StmtKind kind) {
    item.kind = LineKind::kStatement;
    item.stmt.kind = kind;
  }

  const LexedLine& line_;
  SyntaxTree& tree_;
  Diagnostics& diagnostics_;
  size_t pos_ = 0;
  int depth_ = 0;
  int operators_ = 0;
};

// An open if, while or repeat.
struct Frame {
  LineKind kind = LineKind::kIf;
  int32_t stmt = -1;  // -1 when the structure is nested too deep and its contents are discarded.
  SourceRange header;
  bool inElse = false;
};

std::string_view structureWord(LineKind kind) {
  return kind == LineKind::kIf ? "if" : kind == LineKind::kWhile ? "while" : "repeat";
}
std::string_view endWord(LineKind kind) {
  return kind == LineKind::kIf ? "endif" : kind == LineKind::kWhile ? "endwhile" : "endrepeat";
}
LineKind opener(LineKind end) {
  return end == LineKind::kEndif ? LineKind::kIf : end == LineKind::kEndwhile ? LineKind::kWhile : LineKind::kRepeat;
}

class TreeBuilder {
 public:
  TreeBuilder(SyntaxTree& tree, Diagnostics& diagnostics) : tree_(tree), diagnostics_(diagnostics) {}

  void add(LineItem item) {
    switch (item.kind) {
      case LineKind::kBlank: return;
      case LineKind::kBroken: noteTopWord(item); return;
      case LineKind::kProgram:
        if (seenCommand_ || tree_.programName) {
          diagnostics_.error(DiagCode::kRlMisplacedProgram, item.range,
                             tree_.programName ? "a program has one name; this is a second 'program' line"
                                               : "'program' must be the first command of the program");
        } else {
          tree_.programName = item.name;
          tree_.programRange = item.range;
        }
        seenCommand_ = true;
        return;
      case LineKind::kStart:
        seenCommand_ = true;
        if (tree_.startRange) {
          Diagnostic& d = diagnostics_.error(DiagCode::kRlDuplicateStart, item.range,
                                             "a program has exactly one 'start'; this is a second one");
          d.notes.push_back(DiagNote{"the first 'start' is here", *tree_.startRange, true});
        } else {
          if (!frames_.empty()) {
            diagnostics_.error(DiagCode::kRlBeforeStart, item.range, "'start' cannot be inside a structure");
          }
          tree_.startRange = item.range;
        }
        return;
      case LineKind::kStatement: statementLine(std::move(item)); return;
      case LineKind::kIf:
      case LineKind::kWhile:
      case LineKind::kRepeat: openLine(std::move(item)); return;
      case LineKind::kElse: elseLine(item); return;
      case LineKind::kEndif:
      case LineKind::kEndwhile:
      case LineKind::kEndrepeat: endLine(item); return;
    }
  }

  void finish(const SourceFile& file) {
    while (!frames_.empty()) {
      const Frame& f = frames_.back();
      diagnostics_.error(
          DiagCode::kRlUnclosedBlock, f.header,
          "'" + std::string(structureWord(f.kind)) + "' without its '" + std::string(endWord(f.kind)) + "'");
      frames_.pop_back();
    }
    const auto end = static_cast<uint32_t>(file.text().size());
    if (!tree_.startRange) {
      diagnostics_.error(DiagCode::kRlMissingStart, SourceRange{0, 0},
                         "the program has no 'start' (every program needs one, before its commands)");
    }
    if (lastTopWord_ != Word::kStop) {
      Diagnostic& d = diagnostics_.error(DiagCode::kRlMissingStop, lastTopRange_.value_or(SourceRange{end, end}),
                                         "the program must end with 'stop'");
      d.fixes.push_back(Fix{"add 'stop' at the end", {TextEdit{SourceRange{end, end}, "\nstop\n"}}});
    }
  }

 private:
  bool structureTooDeep() const { return !frames_.empty() && frames_.back().stmt < 0; }

  std::vector<int32_t>* target() {
    if (frames_.empty()) return &tree_.body;
    Frame& f = frames_.back();
    if (f.stmt < 0) return nullptr;
    Stmt& s = tree_.stmts[static_cast<size_t>(f.stmt)];
    return f.inElse ? &s.elseBody : &s.body;
  }

  void noteTopWord(const LineItem& item) {
    if (frames_.empty()) {
      lastTopWord_ = item.firstWord;
      lastTopRange_ = item.range;
    }
  }

  bool checkAfterStart(const LineItem& item, bool declaration) {
    seenCommand_ = true;
    if (tree_.startRange || declaration) return true;
    if (!reportedBeforeStart_) {
      diagnostics_.error(DiagCode::kRlBeforeStart, item.range,
                         "commands must come after 'start' (only 'program' and 'register' lines may precede it)");
      reportedBeforeStart_ = true;
    }
    return true;
  }

  int32_t push(Stmt stmt) {
    tree_.stmts.push_back(std::move(stmt));
    return static_cast<int32_t>(tree_.stmts.size() - 1);
  }

  void statementLine(LineItem item) {
    checkAfterStart(item, item.stmt.kind == StmtKind::kRegister);
    noteTopWord(item);
    // push() may reallocate the statements, so the target list is looked up after it.
    if (target() == nullptr) return;
    const int32_t index = push(std::move(item.stmt));
    target()->push_back(index);
  }

  void openLine(LineItem item) {
    checkAfterStart(item, false);
    noteTopWord(item);
    Frame frame;
    frame.kind = item.kind;
    frame.header = item.range;
    bool keep = target() != nullptr;
    if (frames_.size() >= static_cast<size_t>(kMaxNesting)) {
      if (!structureTooDeep()) {
        diagnostics_.error(DiagCode::kRlTooDeep, item.range,
                           "structures nested deeper than " + std::to_string(kMaxNesting) + " levels");
      }
      keep = false;
    }
    if (keep) {
      // push() may reallocate the statements, so the target list is looked up after it.
      frame.stmt = push(std::move(item.stmt));
      target()->push_back(frame.stmt);
    }
    frames_.push_back(frame);
  }

  void elseLine(const LineItem& item) {
    noteTopWord(item);
    if (frames_.empty() || frames_.back().kind != LineKind::kIf) {
      diagnostics_.error(DiagCode::kRlUnmatchedEnd, item.range,
                         frames_.empty() ? "'else' without an 'if'"
                                         : "'else' inside a '" + std::string(structureWord(frames_.back().kind)) +
                                               "' that is not closed (missing '" +
                                               std::string(endWord(frames_.back().kind)) + "'?)");
      return;
    }
    Frame& f = frames_.back();
    if (f.inElse) {
      diagnostics_.error(DiagCode::kRlDuplicateElse, item.range, "an 'if' has at most one 'else'");
      return;
    }
    f.inElse = true;
    if (f.stmt >= 0) tree_.stmts[static_cast<size_t>(f.stmt)].hasElse = true;
  }

  void endLine(const LineItem& item) {
    noteTopWord(item);
    const LineKind want = opener(item.kind);
    size_t match = frames_.size();
    while (match > 0 && frames_[match - 1].kind != want) --match;
    if (match == 0) {
      diagnostics_.error(DiagCode::kRlUnmatchedEnd, item.range,
                         "'" + std::string(endWord(want)) + "' without a '" + std::string(structureWord(want)) + "'");
      return;
    }
    // Structures opened after the matching one were never closed.
    while (frames_.size() > match) {
      const Frame& f = frames_.back();
      diagnostics_.error(DiagCode::kRlUnclosedBlock, f.header,
                         "'" + std::string(structureWord(f.kind)) + "' without its '" + std::string(endWord(f.kind)) +
                             "' (the '" + std::string(endWord(want)) + "' on line " + std::to_string(item.stmt.line) +
                             " closes an outer '" + std::string(structureWord(want)) + "')");
      frames_.pop_back();
    }
    const Frame f = frames_.back();
    frames_.pop_back();
    if (f.stmt >= 0) tree_.stmts[static_cast<size_t>(f.stmt)].endRange = item.range;
    if (frames_.empty()) {
      // The structure's end line ends a top-level command, which is not 'stop'.
      lastTopWord_ = item.firstWord;
      lastTopRange_ = item.range;
    }
  }

  SyntaxTree& tree_;
  Diagnostics& diagnostics_;
  std::vector<Frame> frames_;
  bool seenCommand_ = false;
  bool reportedBeforeStart_ = false;
  std::optional<Word> lastTopWord_;
  std::optional<SourceRange> lastTopRange_;
};

}  // namespace

SyntaxTree parse(const SourceFile& file, Diagnostics& diagnostics) {
  SyntaxTree tree;
  TreeBuilder builder(tree, diagnostics);
  detail::lexLines(file.text(), [&](const LexedLine& line) {
    LineParser parser(line, tree, diagnostics);
    builder.add(parser.parse());
  });
  builder.finish(file);
  return tree;
}

}  // namespace chronon::robbie
