// A language added from outside the product: a toy stack language ("toy", `.toy` files) whose
// compiler and evaluator are written here, registered at each layer's plug-in point (the language
// registry, its diagnostic block, an lsp::LanguageSupport and a repl::LanguageSession) and then
// driven through the real language server and the real REPL loop. Nothing in lsp/, repl/ or
// compiler/ names it: if this file works, a language can be added by registration alone
// (docs/architecture.md, "How to add a language").
//
// The toy: blank-separated tokens; an integer literal (an optional '-' and digits) pushes itself;
// the words are `+ - dup drop swap .` (`.` pops and prints). Any other token is an unknown word:
// diagnostic TY1000 on its bytes.
//
// Its own executable (tests/CMakeLists.txt): a registration lasts as long as the process, and the
// tests of chronon_tests check the registry and the REPL's language lists with the three built-in
// languages only.

#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <charconv>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "chronon/compiler/diagnostic.h"
#include "chronon/compiler/language.h"
#include "chronon/compiler/source.h"
#include "chronon/lsp/disassembly.h"
#include "chronon/lsp/language.h"
#include "chronon/lsp/server.h"
#include "chronon/repl/repl.h"
#include "chronon/repl/session.h"
#include "test_lsp_harness.h"

namespace {

using chronon::DiagCode;
using chronon::Diagnostic;
using chronon::Diagnostics;
using chronon::LanguageId;
using chronon::SourceFile;
using chronon::SourceRange;
using nlohmann::json;
namespace lsp = chronon::lsp;
namespace repl = chronon::repl;

// ---- The toy language: words, compiler, evaluator ----

// The toy's diagnostic block (registerDiagnosticBlock) and its one code.
constexpr uint16_t kToyFirstCode = chronon::kFirstRegisteredCode;
constexpr uint16_t kToyLastCode = kToyFirstCode + 9;
constexpr auto kUnknownWord = static_cast<DiagCode>(kToyFirstCode);

enum class ToyOp : uint8_t { kPush, kAdd, kSubtract, kDup, kDrop, kSwap, kPrint };

struct ToyWord {
  std::string_view name;
  ToyOp op;
  std::string_view effect;
  std::string_view doc;
};

constexpr std::array<ToyWord, 6> kToyWords{{
    {"+", ToyOp::kAdd, "a b -- a+b", "Adds the top two numbers."},
    {"-", ToyOp::kSubtract, "a b -- a-b", "Subtracts the top number from the one below it."},
    {"dup", ToyOp::kDup, "a -- a a", "Copies the top number."},
    {"drop", ToyOp::kDrop, "a --", "Removes the top number."},
    {"swap", ToyOp::kSwap, "a b -- b a", "Exchanges the top two numbers."},
    {".", ToyOp::kPrint, "a --", "Removes the top number and prints it."},
}};

const ToyWord* toyWord(std::string_view name) {
  const auto it = std::find_if(kToyWords.begin(), kToyWords.end(), [&](const ToyWord& w) { return w.name == name; });
  return it == kToyWords.end() ? nullptr : &*it;
}

struct ToyInstruction {
  ToyOp op = ToyOp::kPush;
  int64_t value = 0;  // For kPush.
  SourceRange range;  // The token it came from.
  std::string text;   // Its spelling (a copy: a REPL step outlives the input line).
};

struct ToyProgram {
  std::vector<ToyInstruction> code;
  Diagnostics diagnostics;
};

bool isBlank(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'; }

// The number `token` spells, or nullopt when it is no integer literal (or too large for 64 bits).
std::optional<int64_t> literal(std::string_view token) {
  const std::string_view digits = token.starts_with('-') ? token.substr(1) : token;
  if (digits.empty() || !std::all_of(digits.begin(), digits.end(), [](char c) { return c >= '0' && c <= '9'; }))
    return std::nullopt;
  int64_t value = 0;
  const auto [end, error] = std::from_chars(token.data(), token.data() + token.size(), value);
  if (error != std::errc() || end != token.data() + token.size()) return std::nullopt;
  return value;
}

// Compiles `text`: one instruction per token, an unknown-word error for each token that is neither.
ToyProgram compileToy(std::string_view text) {
  ToyProgram program;
  size_t i = 0;
  while (i < text.size()) {
    if (isBlank(text[i])) {
      ++i;
      continue;
    }
    const size_t begin = i;
    while (i < text.size() && !isBlank(text[i])) ++i;
    const std::string_view token = text.substr(begin, i - begin);
    const SourceRange range{static_cast<uint32_t>(begin), static_cast<uint32_t>(i)};
    if (const std::optional<int64_t> number = literal(token)) {
      program.code.push_back(ToyInstruction{ToyOp::kPush, *number, range, std::string(token)});
    } else if (const ToyWord* word = toyWord(token)) {
      program.code.push_back(ToyInstruction{word->op, 0, range, std::string(token)});
    } else {
      program.diagnostics.error(kUnknownWord, range, "unknown word '" + std::string(token) + "'");
    }
  }
  return program;
}

// Runs one instruction on `stack`; returns the error, or an empty string. Printed numbers go to `out`.
std::string step(const ToyInstruction& instruction, std::vector<int64_t>& stack, std::string& out) {
  const auto needs = [&](size_t n) { return stack.size() >= n; };
  switch (instruction.op) {
    case ToyOp::kPush: stack.push_back(instruction.value); return {};
    case ToyOp::kAdd:
    case ToyOp::kSubtract: {
      if (!needs(2)) break;
      const int64_t b = stack.back();
      stack.pop_back();
      // Wrapping arithmetic through unsigned, so that no input is undefined behaviour.
      const auto a = static_cast<uint64_t>(stack.back());
      stack.back() = static_cast<int64_t>(instruction.op == ToyOp::kAdd ? a + static_cast<uint64_t>(b)
                                                                        : a - static_cast<uint64_t>(b));
      return {};
    }
    case ToyOp::kDup:
      if (!needs(1)) break;
      stack.push_back(stack.back());
      return {};
    case ToyOp::kDrop:
      if (!needs(1)) break;
      stack.pop_back();
      return {};
    case ToyOp::kSwap:
      if (!needs(2)) break;
      std::swap(stack[stack.size() - 1], stack[stack.size() - 2]);
      return {};
    case ToyOp::kPrint:
      if (!needs(1)) break;
      out += std::to_string(stack.back()) + "\n";
      stack.pop_back();
      return {};
  }
  return "stack underflow at '" + instruction.text + "'";
}

std::string instructionText(const ToyInstruction& instruction) {
  return instruction.op == ToyOp::kPush ? "push " + std::to_string(instruction.value) : instruction.text;
}

// ---- Its language support: diagnostics and a listing; every other feature is empty ----

class ToyAnalysis final : public lsp::DocumentAnalysis {
 public:
  explicit ToyAnalysis(const SourceFile& file) : diagnostics_(compileToy(file.text()).diagnostics.all()) {}
  const std::vector<Diagnostic>& diagnostics() const override { return diagnostics_; }
  std::optional<lsp::HoverInfo> hover(uint32_t) const override { return std::nullopt; }
  std::vector<lsp::CompletionEntry> completion(uint32_t) const override { return {}; }
  std::vector<SourceRange> definition(uint32_t) const override { return {}; }
  std::vector<SourceRange> references(uint32_t, bool) const override { return {}; }
  std::optional<lsp::RenameTarget> prepareRename(uint32_t) const override { return std::nullopt; }
  lsp::RenameResult rename(uint32_t, std::string_view) const override { return {{}, "toy has no names to rename"}; }
  std::vector<lsp::SymbolEntry> documentSymbols() const override { return {}; }
  std::vector<lsp::SemanticToken> semanticTokens() const override { return {}; }
  std::vector<lsp::InlayHintEntry> inlayHints(SourceRange) const override { return {}; }
  std::optional<lsp::SignatureInfo> signatureHelp(uint32_t) const override { return std::nullopt; }
  std::vector<chronon::TextEdit> format() const override { return {}; }
  std::vector<lsp::CodeActionEntry> codeActions(SourceRange) const override { return {}; }

 private:
  std::vector<Diagnostic> diagnostics_;
};

class ToySupport final : public lsp::LanguageSupport {
 public:
  explicit ToySupport(LanguageId language) : language_(language) {}
  LanguageId language() const override { return language_; }
  std::unique_ptr<lsp::DocumentAnalysis> analyze(const SourceFile& file) const override {
    return std::make_unique<ToyAnalysis>(file);
  }
  lsp::DisassemblyResult disassemble(const SourceFile& file) const override {
    const ToyProgram program = compileToy(file.text());
    if (program.diagnostics.hasErrors()) return lsp::noListing(file, program.diagnostics.all());
    std::string text;
    for (size_t i = 0; i < program.code.size(); ++i)
      text += std::to_string(i) + "  " + instructionText(program.code[i]) + "\n";
    return {text, 0};
  }

 private:
  LanguageId language_;
};

// ---- Its REPL session ----

class ToySession final : public repl::LanguageSession {
 public:
  explicit ToySession(LanguageId language) : language_(language) {}

  repl::Language language() const override { return language_; }
  bool needsMore(std::string_view) const override { return false; }

  repl::Prepared prepare(std::string_view input, std::string& out) override {
    finish(false);
    ToyProgram program = compileToy(input);
    out += chronon::render(SourceFile("input", std::string(input)), program.diagnostics);
    if (program.diagnostics.hasErrors()) return repl::Prepared::kError;
    code_ = std::move(program.code);
    saved_ = stack_;
    return repl::Prepared::kReady;
  }

  repl::RunStatus advance(int64_t maxCycles, int64_t& executed, std::string& out) override {
    for (int64_t n = 0; n < std::max<int64_t>(maxCycles, 1) && pc_ < code_.size(); ++n, ++executed) {
      error_ = step(code_[pc_], stack_, out);
      if (!error_.empty()) return repl::RunStatus::kError;
      ++pc_;
    }
    return pc_ == code_.size() ? repl::RunStatus::kDone : repl::RunStatus::kRunning;
  }

  std::string nextInstruction() const override {
    return pc_ < code_.size() ? std::to_string(pc_) + "  " + instructionText(code_[pc_]) : "";
  }
  std::string runtimeError() const override { return error_; }

  void finish(bool keep) override {
    if (!keep && !code_.empty()) stack_ = saved_;
    code_.clear();
    pc_ = 0;
  }

  std::string stackText() const override {
    if (stack_.empty()) return "stack: (empty)";
    std::string text = "stack:";
    for (const int64_t value : stack_) text += " " + std::to_string(value);
    return text;
  }

  bool isWord(std::string_view name) const override { return toyWord(name) != nullptr; }

  bool help(std::string_view word, std::string& out) const override {
    const ToyWord* w = toyWord(word);
    if (w == nullptr) {
      out += "help: no toy word " + std::string(word) + "\n";
      return false;
    }
    out += std::string(w->name) + " ( " + std::string(w->effect) + " ) " + std::string(w->doc) + "\n";
    return true;
  }

  std::vector<std::string> words() const override {
    std::vector<std::string> names;
    for (const ToyWord& w : kToyWords) names.emplace_back(w.name);
    std::sort(names.begin(), names.end());
    return names;
  }

  bool see(std::string_view, std::string& out) const override {
    out += "see: toy has no labels\n";
    return false;
  }
  bool effect(std::string_view, std::string& out) override {
    out += "effect: toy infers no effects\n";
    return false;
  }
  bool load(const std::string&, std::string& out) override {
    out += "load: toy has no files to load\n";
    return false;
  }
  bool set(std::string_view, std::span<const std::string>, std::string& out) override {
    out += "set: toy has no hardware\n";
    return false;
  }
  void reset() override {
    finish(false);
    stack_.clear();
  }

  bool useEngine(repl::EngineChoice engine, std::string& reason) override {
    switch (engine) {
      case repl::EngineChoice::kInterpreter: return true;
      case repl::EngineChoice::kJit: reason = "toy has no JIT"; return false;
    }
    return false;
  }

 private:
  LanguageId language_;
  std::vector<int64_t> stack_;
  std::vector<int64_t> saved_;  // The stack before the prepared code, for finish(false).
  std::vector<ToyInstruction> code_;
  size_t pc_ = 0;
  std::string error_;
};

// ---- Registration, at the start of each test (once per process) ----

constexpr std::array<std::string_view, 1> kToyAliases{"stack"};
constexpr std::array<std::string_view, 1> kToyExtensions{".toy"};

LanguageId toyLanguage();

std::unique_ptr<repl::LanguageSession> makeToySession() { return std::make_unique<ToySession>(toyLanguage()); }

// Registers the toy at every plug-in point and returns its id.
LanguageId toyLanguage() {
  static const LanguageId id = [] {
    // The row's id is ignored: the registry gives the next one.
    const LanguageId language = chronon::registerLanguage(
        chronon::LanguageInfo{LanguageId::kRoboTalk, "toy", kToyAliases, "toy", "Toy", "no game", kToyExtensions});
    chronon::registerDiagnosticBlock(kToyFirstCode, kToyLastCode, "TY");
    static const ToySupport support(language);
    lsp::registerLanguageSupport(support);
    repl::registerSession(language, makeToySession);
    return language;
  }();
  return id;
}

using Harness = chronon::test::LspHarness;

json range(int line, int begin, int end) {
  return json{{"start", {{"line", line}, {"character", begin}}}, {"end", {{"line", line}, {"character", end}}}};
}

}  // namespace

TEST_CASE("toy language: the registry holds it beside the built-in languages", "[toy]") {
  const LanguageId toy = toyLanguage();
  CHECK_FALSE(chronon::isBuiltIn(toy));
  CHECK(static_cast<size_t>(toy) == chronon::kBuiltInLanguageCount);
  CHECK(chronon::isBuiltIn(LanguageId::kRobbie));
  REQUIRE(chronon::languages().size() == chronon::kBuiltInLanguageCount + 1);
  CHECK(chronon::languages().back().id == toy);
  CHECK(&chronon::languageInfo(toy) == &chronon::languages().back());
  CHECK(chronon::languageInfo(toy).key == "toy");
  CHECK(chronon::languageInfo(toy).displayName == "Toy");
  CHECK(chronon::languageNamed("toy") == toy);
  CHECK(chronon::languageNamed("stack") == toy);
  CHECK(chronon::languageNamed("rl") == LanguageId::kRobbie);
  CHECK(chronon::languageOf("/x/Sum.TOY") == toy);
  CHECK(chronon::editorLanguageOf("sum.toy") == toy);
  CHECK(chronon::languageOf("dodger.rtk") == LanguageId::kRoboTalk);
  CHECK(chronon::codeName(kUnknownWord) == "TY1000");
  CHECK(chronon::codeName(DiagCode::kRlSyntax) == "RL700");

  // Each plug-in point now answers for it.
  CHECK(lsp::supportOf(toy) != nullptr);
  CHECK(lsp::supportOf(toy)->language() == toy);
  CHECK(lsp::languageFor("toy", "untitled") == lsp::supportOf(toy));
  CHECK(lsp::languageFor("plaintext", "b.Toy") == lsp::supportOf(toy));
  CHECK(lsp::supportOf(LanguageId::kRobbie) == &lsp::robbieSupport());
  const std::unique_ptr<repl::LanguageSession> session = repl::makeSession(toy);
  REQUIRE(session != nullptr);
  CHECK(session->language() == toy);
  CHECK(repl::parseLanguage(" TOY ") == toy);
  CHECK(repl::languageName(toy) == "toy");
  CHECK(repl::languageNames() == std::vector<std::string_view>{"grobocode", "robotalk", "rl", "toy"});
}

TEST_CASE("toy language: the registries refuse what would make a lookup ambiguous", "[toy]") {
  const LanguageId toy = toyLanguage();
  const auto row = [](std::string_view key, std::span<const std::string_view> aliases, std::string_view prompt,
                      std::span<const std::string_view> extensions) {
    return chronon::LanguageInfo{LanguageId::kRoboTalk, key, aliases, prompt, "X", "X", extensions};
  };
  constexpr std::array<std::string_view, 1> kOtherExtensions{".other"};
  constexpr std::array<std::string_view, 1> kGbExtension{".gb"};
  constexpr std::array<std::string_view, 1> kUpperExtension{".OTHER"};
  constexpr std::array<std::string_view, 1> kRlAlias{"rl"};
  constexpr std::array<std::string_view, 2> kTwice{"o", "o"};
  CHECK_THROWS_AS(chronon::registerLanguage(row("toy", {}, "toy", kOtherExtensions)), std::invalid_argument);
  CHECK_THROWS_AS(chronon::registerLanguage(row("other", kRlAlias, "other", kOtherExtensions)), std::invalid_argument);
  CHECK_THROWS_AS(chronon::registerLanguage(row("other", {}, "other", kGbExtension)), std::invalid_argument);
  CHECK_THROWS_AS(chronon::registerLanguage(row("other", {}, "other", kUpperExtension)), std::invalid_argument);
  CHECK_THROWS_AS(chronon::registerLanguage(row("other", {}, "other", {})), std::invalid_argument);
  CHECK_THROWS_AS(chronon::registerLanguage(row("other", {}, "oth", kOtherExtensions)), std::invalid_argument);
  CHECK_THROWS_AS(chronon::registerLanguage(row("other", kTwice, "other", kOtherExtensions)), std::invalid_argument);
  CHECK_THROWS_AS(chronon::registerLanguage(row("Other", {}, "Other", kOtherExtensions)), std::invalid_argument);
  // Nothing refused was added.
  CHECK(chronon::languages().size() == chronon::kBuiltInLanguageCount + 1);
  CHECK(chronon::languageOf("x.other") == std::nullopt);

  CHECK_THROWS_AS(chronon::registerDiagnosticBlock(kToyLastCode, kToyLastCode + 5, "XY"), std::invalid_argument);
  CHECK_THROWS_AS(chronon::registerDiagnosticBlock(900, 950, "XY"), std::invalid_argument);
  CHECK_THROWS_AS(chronon::registerDiagnosticBlock(2000, 2009, "GB"), std::invalid_argument);
  CHECK_THROWS_AS(chronon::registerDiagnosticBlock(2000, 2009, "xy"), std::invalid_argument);
  CHECK_THROWS_AS(chronon::registerDiagnosticBlock(2009, 2000, "XY"), std::invalid_argument);
  // A code of no registered block is printed as before.
  CHECK(chronon::codeName(static_cast<DiagCode>(2000)) == "RT2000");

  CHECK_THROWS_AS(lsp::registerLanguageSupport(lsp::robbieSupport()), std::invalid_argument);
  CHECK_THROWS_AS(lsp::registerLanguageSupport(*lsp::supportOf(toy)), std::invalid_argument);
  const ToySupport unknown(static_cast<LanguageId>(200));
  CHECK_THROWS_AS(lsp::registerLanguageSupport(unknown), std::invalid_argument);
  CHECK(lsp::supportOf(static_cast<LanguageId>(200)) == nullptr);
  CHECK_THROWS_AS(repl::registerSession(toy, makeToySession), std::invalid_argument);
  CHECK_THROWS_AS(repl::registerSession(LanguageId::kRobbie, makeToySession), std::invalid_argument);
  CHECK_THROWS_AS(repl::registerSession(static_cast<LanguageId>(200), makeToySession), std::invalid_argument);
  CHECK(repl::makeSession(static_cast<LanguageId>(200)) == nullptr);
}

TEST_CASE("toy language: the language server publishes an unknown word with its code and range", "[toy]") {
  toyLanguage();
  Harness h;
  h.start();
  // Known by its language id.
  const std::string named = "file:///work/sum.txt";
  h.open(named, "toy", "2 3 + .\n1 frob dup\n");
  const json diagnostics = h.diagnostics();
  REQUIRE(diagnostics.size() == 1);
  CHECK(diagnostics[0]["code"] == "TY1000");
  CHECK(diagnostics[0]["severity"] == 1);
  CHECK(diagnostics[0]["message"] == "unknown word 'frob'");
  CHECK(diagnostics[0]["range"] == range(1, 2, 6));

  // Known by its extension alone, with two unknown words.
  const std::string byFile = "file:///work/Loop.TOY";
  h.open(byFile, "", "dup  zap\tswap ?\n");
  const json two = h.diagnostics();
  REQUIRE(two.size() == 2);
  CHECK(two[0]["range"] == range(0, 5, 8));
  CHECK(two[1]["range"] == range(0, 14, 15));
  CHECK(two[1]["message"] == "unknown word '?'");

  // An edit that fixes the word clears the diagnostic.
  h.notify("textDocument/didChange",
           json{{"textDocument", {{"uri", named}, {"version", 2}}},
                {"contentChanges", json::array({json{{"range", range(1, 2, 6)}, {"text", "swap"}}})}});
  CHECK(h.diagnostics().empty());

  // The features the toy leaves empty answer empty; its listing comes through chronon/disassembly.
  const json hover =
      h.request(2, "textDocument/hover",
                json{{"textDocument", {{"uri", named}}}, {"position", {{"line", 0}, {"character", 0}}}})["result"];
  CHECK(hover.is_null());
  const json listing = h.request(3, "chronon/disassembly", json{{"textDocument", {{"uri", named}}}})["result"];
  CHECK(listing["diagnostics"] == 0);
  CHECK(listing["text"] == "0  push 2\n1  push 3\n2  +\n3  .\n4  push 1\n5  swap\n6  dup\n");
  const json errors = h.request(4, "chronon/disassembly", json{{"textDocument", {{"uri", byFile}}}})["result"];
  CHECK(errors["diagnostics"] == 2);
  CHECK(errors["text"] ==
        "No listing: Loop.TOY has 2 errors.\n\n"
        "Loop.TOY:1:6: error: unknown word 'zap' [TY1000]\n"
        "Loop.TOY:1:15: error: unknown word '?' [TY1000]\n");
}

TEST_CASE("toy language: the REPL switches to it by name and runs it", "[toy]") {
  const LanguageId toy = toyLanguage();
  repl::Repl r(repl::kDefaultLanguage);
  CHECK(r.complete("lang t") == std::vector<std::string>{"toy"});
  CHECK(r.feed("lang toy").output == "language: toy\n");
  CHECK(r.language() == toy);
  CHECK(r.prompt() == "toy> ");
  CHECK(r.feed("2 3 + .").output == "5\nstack: (empty)\n");
  CHECK(r.feed("7 dup").output == "stack: 7 7\n");
  // A compile error shows the word's diagnostic and leaves the stack as it was.
  CHECK(r.feed("1 frob").output == "input:1:3: error: unknown word 'frob' [TY1000]\nstack: 7 7\n");
  // So does a runtime error.
  CHECK(r.feed("drop drop drop").output == "error: stack underflow at 'drop'; the stack is as before\nstack: 7 7\n");
  CHECK(r.feed("help swap").output == "swap ( a b -- b a ) Exchanges the top two numbers.\n");
  CHECK(r.feed("words d").output == "drop dup\n(2 words)\n");
  CHECK(r.feed("step 1 +").output == "next: 0  push 1    stack: 7 7\n");
  CHECK(r.feed("step").output == "  0  push 1    stack: 7 7 1\n");
  CHECK(r.feed("step").output == "done\nstack: 7 8\n");
  CHECK(r.feed("step").output == "nothing to step: use step CODE\n");
  // The toy has no JIT: the REPL says so with its usual message and stays on the interpreter.
  CHECK(r.feed("engine jit").output ==
        "engine jit: the JIT cannot start (toy has no JIT); staying on the interpreter\n");
  CHECK(r.feed("engine interp").output == "engine: interp\n");
  CHECK(r.feed("lang nope").output == "unknown language 'nope': grobocode, robotalk, rl or toy\n");
  // Sessions keep their state while another language is current.
  CHECK(r.feed("lang grobocode").output == "language: grobocode\n");
  CHECK(r.feed("1 2 +").output == "stack: 3\n");
  CHECK(r.feed("lang stack").output == "language: toy\n");
  CHECK(r.feed(".").output == "8\nstack: 7\n");
  CHECK(r.feed("reset").output == "reset\nstack: (empty)\n");

  // Started in the toy, as `chronon repl --lang toy` would be if the binary registered it.
  repl::Repl started(toy);
  CHECK(started.startupNote().empty());
  CHECK(started.feed("40 2 + .").output == "42\nstack: (empty)\n");
}
