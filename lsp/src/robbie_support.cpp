// Robbie Language language support: diagnostics and register symbols come from the RL frontend
// (robbie.h), word docs from the word table (robbie_words.h). RL has one scope and case-sensitive
// names that can never be reserved words (docs/robbie.md "Lines, tokens and names"), so every name
// token spelled like a declared register is that register: navigation and rename work on the
// document's tokens, which also covers lines the parser left out after an error.

#include <algorithm>
#include <string>

#include "chronon/compiler/robbie.h"
#include "chronon/compiler/robbie_ir.h"
#include "chronon/lsp/language.h"
#include "chronon/stdlib/robbie_words.h"
#include "feature_util.h"

namespace chronon::lsp {

namespace {

using robbie::WordCategory;

// What a token of an RL line is (the lexical classes of docs/robbie.md).
enum class TokenKind : uint8_t { kName, kNumber, kString, kComment };

struct Token {
  TokenKind kind = TokenKind::kName;
  SourceRange range;
};

// The manual's curly quotes, in UTF-8.
constexpr std::string_view kOpenCurly = "\xE2\x80\x9C";
constexpr std::string_view kCloseCurly = "\xE2\x80\x9D";

bool isAlnum(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'); }
bool isLetter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
bool isLineEnd(char c) { return c == '\n' || c == '\r'; }

// Splits `text` into names, numbers, strings and comments; operators and blanks are left out. A
// string or comment ends at its line's end, as in the frontend's lexer.
std::vector<Token> tokenize(std::string_view text) {
  std::vector<Token> tokens;
  size_t i = 0;
  const auto lineEnd = [&](size_t from) {
    while (from < text.size() && !isLineEnd(text[from])) ++from;
    return from;
  };
  const auto add = [&](TokenKind kind, size_t begin, size_t end) {
    tokens.push_back(Token{kind, SourceRange{static_cast<uint32_t>(begin), static_cast<uint32_t>(end)}});
  };
  while (i < text.size()) {
    const char c = text[i];
    if (c == ';') {
      const size_t end = lineEnd(i);
      add(TokenKind::kComment, i, end);
      i = end;
    } else if (c == '"' || text.substr(i, kOpenCurly.size()) == kOpenCurly) {
      const std::string_view close = c == '"' ? std::string_view("\"") : kCloseCurly;
      const size_t open = c == '"' ? 1 : kOpenCurly.size();
      const size_t limit = lineEnd(i + open);
      size_t end = text.substr(0, limit).find(close, i + open);
      end = end == std::string_view::npos ? limit : end + close.size();
      add(TokenKind::kString, i, end);
      i = end;
    } else if (isAlnum(c)) {
      size_t end = i;
      while (end < text.size() && isAlnum(text[end])) ++end;
      // A real literal: digits, a point, digits.
      if (!isLetter(c) && end + 1 < text.size() && text[end] == '.' && text[end + 1] >= '0' && text[end + 1] <= '9') {
        ++end;
        while (end < text.size() && isAlnum(text[end])) ++end;
      }
      add(isLetter(c) ? TokenKind::kName : TokenKind::kNumber, i, end);
      i = end;
    } else {
      ++i;
    }
  }
  return tokens;
}

// What an argument code of robbie_words.def means, for hover.
std::string_view argumentMeaning(std::string_view code) {
  if (code == "i") return "an integer expression";
  if (code == "b") return "a boolean expression";
  if (code == "x") return "an expression of the register's type";
  if (code == "NAME") return "a register name";
  if (code == "TYPE") return "a type: integer, real, boolean or string";
  if (code == "DIR") return "left or right";
  if (code == "\"...\"") return "a string literal";
  return {};
}

// The argument codes of a word's `arguments` text that are placeholders (not words like `then`).
std::vector<std::string> argumentCodes(std::string_view arguments) {
  std::vector<std::string> codes;
  size_t i = 0;
  while (i < arguments.size()) {
    size_t end = arguments.find(' ', i);
    if (end == std::string_view::npos) end = arguments.size();
    const std::string_view item = arguments.substr(i, end - i);
    if (!argumentMeaning(item).empty()) codes.emplace_back(item);
    i = end + 1;
  }
  return codes;
}

// How a word reads when written on its own line: "forward i", "if b then".
std::string usage(const robbie::WordInfo& info) {
  std::string text(info.spelling);
  if (info.arguments.empty()) return text;
  // Operators carry their own operands ("b and b", "not b").
  if (info.category == WordCategory::kOperator) return std::string(info.arguments);
  return text + " " + std::string(info.arguments);
}

std::string wordMarkdown(const robbie::WordInfo& info) {
  std::string md = "**" + std::string(info.spelling) + "** (" + std::string(robbie::categoryName(info.category)) +
                   ") `" + usage(info) + "`\n\n" + std::string(info.doc);
  const std::vector<std::string> codes = argumentCodes(info.arguments);
  if (!codes.empty()) {
    md += "\n\nArguments:";
    for (const std::string& code : codes) md += "\n- `" + code + "`: " + std::string(argumentMeaning(code));
  }
  return md;
}

CompletionKind completionKind(WordCategory category) {
  switch (category) {
    case WordCategory::kCommand: return CompletionKind::kFunction;
    case WordCategory::kSensor: return CompletionKind::kProperty;
    case WordCategory::kLiteral: return CompletionKind::kConstant;
    case WordCategory::kStructure:
    case WordCategory::kDeclaration:
    case WordCategory::kType:
    case WordCategory::kDirection:
    case WordCategory::kOperator: return CompletionKind::kKeyword;
  }
  return CompletionKind::kKeyword;
}

TokenType tokenType(WordCategory category) {
  switch (category) {
    case WordCategory::kCommand: return TokenType::kFunction;
    case WordCategory::kSensor: return TokenType::kProperty;
    case WordCategory::kType: return TokenType::kType;
    case WordCategory::kStructure:
    case WordCategory::kDeclaration:
    case WordCategory::kDirection:
    case WordCategory::kOperator:
    case WordCategory::kLiteral: return TokenType::kKeyword;
  }
  return TokenType::kKeyword;
}

// A line without its comment and surrounding blanks (a register line holds no string).
std::string codeOf(std::string_view line) {
  line = line.substr(0, line.find(';'));
  while (!line.empty() && detail::isBlank(line.front())) line.remove_prefix(1);
  while (!line.empty() && detail::isBlank(line.back())) line.remove_suffix(1);
  return std::string(line);
}

bool isValidName(std::string_view name) {
  return !name.empty() && isLetter(name.front()) && std::all_of(name.begin(), name.end(), isAlnum);
}

class RobbieAnalysis final : public DocumentAnalysis {
 public:
  explicit RobbieAnalysis(const SourceFile& file) : file_(file), result_(robbie::compile(file_)) {
    diagnostics_ = result_.diagnostics.all();
    tokens_ = tokenize(file_.text());
  }

  const std::vector<Diagnostic>& diagnostics() const override { return diagnostics_; }

  std::optional<HoverInfo> hover(uint32_t offset) const override {
    const Token* token = tokenAt(offset);
    if (token == nullptr) return std::nullopt;
    const std::string_view text = file_.slice(token->range);
    switch (token->kind) {
      case TokenKind::kName:
        if (const std::optional<robbie::Word> word = robbie::findWord(text))
          return HoverInfo{token->range, wordMarkdown(robbie::wordInfo(*word))};
        if (const robbie::Symbol* symbol = findSymbol(text)) return HoverInfo{token->range, registerMarkdown(*symbol)};
        return std::nullopt;
      case TokenKind::kNumber:
        return HoverInfo{token->range, text.find('.') == std::string_view::npos ? "integer literal" : "real literal"};
      case TokenKind::kString: return HoverInfo{token->range, "string literal"};
      case TokenKind::kComment: return std::nullopt;
    }
    return std::nullopt;
  }

  std::vector<CompletionEntry> completion(uint32_t offset) const override {
    std::vector<CompletionEntry> items;
    offset = std::min<uint32_t>(offset, static_cast<uint32_t>(file_.text().size()));
    // Nothing is proposed inside a comment or a string (a comment runs to its line's end, so a cursor
    // at its end is still in it; a closed string ends before its closing quote).
    for (const Token& t : tokens_) {
      if (t.range.begin >= offset) break;
      if (t.kind == TokenKind::kComment && offset <= t.range.end) return items;
      if (t.kind == TokenKind::kString && (offset < t.range.end || (offset == t.range.end && !closed(t)))) return items;
    }
    uint32_t begin = offset;
    while (begin > 0 && isAlnum(file_.text()[begin - 1])) --begin;
    const SourceRange replace{begin, offset};
    for (const robbie::WordInfo& info : robbie::kWords) {
      items.push_back(CompletionEntry{std::string(info.spelling), completionKind(info.category), usage(info),
                                      wordMarkdown(info), std::string(info.spelling), false, replace});
    }
    for (const robbie::Symbol& symbol : result_.symbols) {
      items.push_back(CompletionEntry{symbol.name, CompletionKind::kVariable,
                                      std::string(robbie::valueTypeName(symbol.type)) + " register",
                                      registerMarkdown(symbol), symbol.name, false, replace});
    }
    const auto snippet = [&](std::string label, std::string detail, std::string doc, std::string body) {
      items.push_back(CompletionEntry{std::move(label), CompletionKind::kSnippet, std::move(detail), std::move(doc),
                                      std::move(body), true, replace});
    };
    snippet("if", "if … then … endif", "Runs the commands when the condition is true.",
            "if ${1:condition} then\n\t$0\nendif");
    snippet("ifelse", "if … then … else … endif", "Runs one of two command lists.",
            "if ${1:condition} then\n\t$2\nelse\n\t$0\nendif");
    snippet("while", "while … do … endwhile", "Runs the commands as long as the condition is true.",
            "while ${1:condition} do\n\t$0\nendwhile");
    snippet("repeat", "repeat N times … endrepeat", "Runs the commands a number of times.",
            "repeat ${1:N} times\n\t$0\nendrepeat");
    snippet("register", "register TYPE NAME", "Declares a register.",
            "register ${1|integer,real,boolean,string|} ${2:Name}");
    return items;
  }

  std::vector<SourceRange> definition(uint32_t offset) const override {
    const robbie::Symbol* symbol = symbolAt(offset);
    if (symbol == nullptr) return {};
    return {symbol->range};
  }

  std::vector<SourceRange> references(uint32_t offset, bool includeDeclaration) const override {
    std::vector<SourceRange> ranges;
    const robbie::Symbol* symbol = symbolAt(offset);
    if (symbol == nullptr) return ranges;
    for (const Token& t : tokens_) {
      if (t.kind != TokenKind::kName || file_.slice(t.range) != symbol->name) continue;
      if (!includeDeclaration && t.range == symbol->range) continue;
      ranges.push_back(t.range);
    }
    return ranges;
  }

  std::optional<RenameTarget> prepareRename(uint32_t offset) const override {
    const robbie::Symbol* symbol = symbolAt(offset);
    if (symbol == nullptr) return std::nullopt;
    return RenameTarget{tokenAt(offset)->range, symbol->name};
  }

  RenameResult rename(uint32_t offset, std::string_view newName) const override {
    RenameResult result;
    const robbie::Symbol* symbol = symbolAt(offset);
    if (symbol == nullptr) {
      const Token* token = tokenAt(offset);
      const std::string_view text = token != nullptr ? file_.slice(token->range) : std::string_view();
      result.error = robbie::findWord(text) ? "'" + std::string(text) +
                                                  "' is a reserved word of the Robbie Language; only registers can "
                                                  "be renamed"
                                            : "only registers can be renamed in the Robbie Language";
      return result;
    }
    if (!isValidName(newName)) {
      result.error = "'" + std::string(newName) +
                     "' is not a valid register name (letters and digits, starting with "
                     "a letter)";
      return result;
    }
    if (robbie::findWord(newName)) {
      result.error = "'" + std::string(newName) + "' is a reserved word; a register may not take its name";
      return result;
    }
    if (newName != symbol->name && findSymbol(newName) != nullptr) {
      result.error = "a register named '" + std::string(newName) + "' already exists";
      return result;
    }
    for (const SourceRange range : references(offset, true))
      result.edits.push_back(TextEdit{range, std::string(newName)});
    return result;
  }

  std::vector<SymbolEntry> documentSymbols() const override {
    const robbie::SyntaxTree& tree = result_.tree;
    SymbolEntry program{tree.programName.value_or(std::string(file_.name())),
                        SymbolKind::kFile,
                        "RL program",
                        SourceRange{0, static_cast<uint32_t>(file_.text().size())},
                        tree.programName ? tree.programRange : SourceRange{0, 0},
                        {}};
    for (const robbie::Symbol& symbol : result_.symbols) {
      program.children.push_back(SymbolEntry{symbol.name,
                                             SymbolKind::kVariable,
                                             std::string(robbie::valueTypeName(symbol.type)),
                                             lineOf(symbol.range),
                                             symbol.range,
                                             {}});
    }
    return {program};
  }

  std::vector<SemanticToken> semanticTokens() const override {
    std::vector<SemanticToken> tokens;
    for (const Token& t : tokens_) {
      switch (t.kind) {
        case TokenKind::kComment: tokens.push_back(SemanticToken{t.range, TokenType::kComment, 0}); break;
        case TokenKind::kString: tokens.push_back(SemanticToken{t.range, TokenType::kString, 0}); break;
        case TokenKind::kNumber: tokens.push_back(SemanticToken{t.range, TokenType::kNumber, 0}); break;
        case TokenKind::kName: {
          const std::string_view text = file_.slice(t.range);
          if (const std::optional<robbie::Word> word = robbie::findWord(text)) {
            const robbie::WordInfo& info = robbie::wordInfo(*word);
            tokens.push_back(SemanticToken{t.range, tokenType(info.category),
                                           info.category == WordCategory::kSensor ? kModReadonly : 0u});
          } else if (const robbie::Symbol* symbol = findSymbol(text)) {
            tokens.push_back(
                SemanticToken{t.range, TokenType::kVariable, t.range == symbol->range ? kModDeclaration : 0u});
          }
          break;
        }
      }
    }
    return tokens;
  }

  std::vector<InlayHintEntry> inlayHints(SourceRange) const override { return {}; }

  std::optional<SignatureInfo> signatureHelp(uint32_t offset) const override {
    // The command that starts the cursor's line, when it takes arguments.
    const std::string_view text = file_.text();
    uint32_t lineStart = std::min<uint32_t>(offset, static_cast<uint32_t>(text.size()));
    while (lineStart > 0 && !isLineEnd(text[lineStart - 1])) --lineStart;
    for (const Token& t : tokens_) {
      if (t.range.begin < lineStart) continue;
      if (t.range.begin > offset || t.kind != TokenKind::kName) return std::nullopt;
      const std::optional<robbie::Word> word = robbie::findWord(file_.slice(t.range));
      if (!word) return std::nullopt;
      const robbie::WordInfo& info = robbie::wordInfo(*word);
      std::vector<std::string> parameters = argumentCodes(info.arguments);
      if (parameters.empty() || info.category == WordCategory::kOperator) return std::nullopt;
      return SignatureInfo{usage(info), std::string(info.doc), std::move(parameters)};
    }
    return std::nullopt;
  }

  std::vector<TextEdit> format() const override { return detail::trimTrailingBlanks(file_.text()); }

  std::vector<CodeActionEntry> codeActions(SourceRange range) const override {
    std::vector<CodeActionEntry> actions;
    detail::addCarriedFixes(diagnostics_, range, actions);
    return actions;
  }

 private:
  // The token under the cursor: the one containing `offset`, or ending at it.
  const Token* tokenAt(uint32_t offset) const {
    const auto it = std::lower_bound(tokens_.begin(), tokens_.end(), offset,
                                     [](const Token& t, uint32_t at) { return t.range.end < at; });
    if (it == tokens_.end() || it->range.begin > offset) return nullptr;
    return &*it;
  }

  bool closed(const Token& string) const {
    const std::string_view text = file_.slice(string.range);
    return text.size() >= 2 && (text.back() == '"' || text.ends_with(kCloseCurly));
  }

  const robbie::Symbol* findSymbol(std::string_view name) const {
    for (const robbie::Symbol& symbol : result_.symbols) {
      if (symbol.name == name) return &symbol;
    }
    return nullptr;
  }

  const robbie::Symbol* symbolAt(uint32_t offset) const {
    const Token* token = tokenAt(offset);
    if (token == nullptr || token->kind != TokenKind::kName) return nullptr;
    return findSymbol(file_.slice(token->range));
  }

  // The whole line holding `range`.
  SourceRange lineOf(SourceRange range) const {
    const std::string_view text = file_.text();
    uint32_t begin = std::min<uint32_t>(range.begin, static_cast<uint32_t>(text.size()));
    uint32_t end = std::min<uint32_t>(range.end, static_cast<uint32_t>(text.size()));
    while (begin > 0 && !isLineEnd(text[begin - 1])) --begin;
    while (end < text.size() && !isLineEnd(text[end])) ++end;
    return SourceRange{begin, end};
  }

  std::string registerMarkdown(const robbie::Symbol& symbol) const {
    const SourceRange line = lineOf(symbol.range);
    std::string md = "**" + symbol.name + "** " + std::string(robbie::valueTypeName(symbol.type)) +
                     " register\n\ndeclared on line " + std::to_string(file_.lineColumn(symbol.range.begin).line) +
                     ": `" + codeOf(file_.slice(line)) + "`";
    return md;
  }

  SourceFile file_;
  robbie::CompileResult result_;
  std::vector<Diagnostic> diagnostics_;
  std::vector<Token> tokens_;
};

// A program's IR, as `chronon disasm` lists it.
DisassemblyResult listProgram(const SourceFile& file) {
  const robbie::CompileResult program = robbie::compile(file);
  if (!program.program) return noListing(file, program.diagnostics.all());
  return DisassemblyResult{robbie::listing(*program.program), 0};
}

}  // namespace

const LanguageSupport& robbieSupport() {
  static const detail::SupportFor<RobbieAnalysis> support(LanguageId::kRobbie, listProgram);
  return support;
}

}  // namespace chronon::lsp
