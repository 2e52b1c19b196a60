// The RoboTalk language session. RoboTalk is assembled as a whole program (labels are absolute
// addresses, specs/robowar.md §3.3), so the session keeps the text of every definition and
// assembles "definitions + input" for each input, then runs the input's words from their first
// address with the live brain (stack, A-Z) on a test host.

#include <algorithm>
#include <cstdio>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "chronon/compiler/load.h"
#include "chronon/compiler/robotalk.h"
#include "chronon/compiler/robotalk_assembler.h"
#include "chronon/compiler/robotalk_checker.h"
#include "chronon/compiler/robotalk_syntax.h"
#include "chronon/jit/robotalk_jit.h"
#include "chronon/vm/robotalk_brain.h"
#include "chronon/vm/robotalk_bytecode.h"
#include "chronon/vm/robotalk_host.h"
#include "chronon/vm/robotalk_interpreter.h"
#include "sessions.h"
#include "text.h"

namespace chronon::repl {

namespace {

using robotalk::Reg;

// The label that marks the end of the definitions when `effect` analyses code; the parentheses
// cannot start a RoboTalk word a user writes by accident.
constexpr std::string_view kEffectEnd = "(effect-end)";
// Most cells `effect` tries as inputs before it gives up.
constexpr int kMaxEffectInputs = 8;

// The hardware registers of a robot without an arena: reads answer values set with `set` (0 until
// then) and writes are stored so that later reads see them.
class TestHost final : public robotalk::Host {
 public:
  int16_t readRegister(robotalk::MachineState& brain, Reg reg) override {
    (void)brain;
    const auto it = values.find(reg);
    return it == values.end() ? 0 : it->second;
  }
  void writeRegister(robotalk::MachineState& brain, Reg reg, int16_t value) override {
    (void)brain;
    values[reg] = value;
  }
  std::map<Reg, int16_t> values;
};

// A definition typed earlier: its text and the labels it defines (upper case).
struct Unit {
  std::string text;
  std::vector<std::string> labels;
};

// The labels `text` defines, upper-cased, and whether its first token is one.
std::vector<std::string> definedLabels(std::string_view text, bool& startsWithLabel) {
  const SourceFile file("input", std::string(text));  // Tokens view its text: keep it alive.
  const robotalk::LexResult lexed = robotalk::lex(file);
  std::vector<std::string> labels;
  startsWithLabel = !lexed.tokens.empty() && lexed.tokens.front().kind == robotalk::TokenKind::kLabelDef;
  for (const robotalk::Token& t : lexed.tokens) {
    if (t.kind == robotalk::TokenKind::kLabelDef && t.text.size() > 1)
      labels.push_back(upperCopy(t.text.substr(0, t.text.size() - 1)));
  }
  return labels;
}

class RoboTalkSession final : public LanguageSession {
 public:
  RoboTalkSession() { reset(); }

  Language language() const override { return Language::kRoboTalk; }
  std::string_view codeHelp() const override {
    return "anything else is code: it runs at once, or defines what starts with a label (`name:`).\n";
  }
  // RoboTalk ignores case; completion follows the case the user is typing in.
  WordCase wordCase() const override { return WordCase::kFollowTyped; }

  bool needsMore(std::string_view input) const override {
    const SourceFile file("input", std::string(input));  // Tokens view its text: keep it alive.
    const robotalk::LexResult lexed = robotalk::lex(file);
    for (const Diagnostic& d : lexed.diagnostics.all()) {
      if (d.code == DiagCode::kUnclosedComment) return true;
    }
    if (lexed.diagnostics.hasErrors() || lexed.tokens.empty()) return false;
    if (lexed.tokens.front().kind != robotalk::TokenKind::kLabelDef) return false;
    // A definition goes on until it ends with a jump (RETURN is JUMP) or RTI; an empty line ends it.
    const robotalk::Token& last = lexed.tokens.back();
    const robotalk::OperatorInfo* op = robotalk::lookupOperator(last.text);
    return op == nullptr || (op->op != robotalk::Op::Jump && op->op != robotalk::Op::Rti);
  }

  Prepared prepare(std::string_view input, std::string& out) override {
    finish(false);
    bool definition = false;
    const std::vector<std::string> labels = definedLabels(input, definition);
    // A label defined again replaces the earlier definition that had it.
    std::vector<Unit> units;
    std::vector<std::string> replaced;
    for (const Unit& u : units_) {
      const bool clash = definition && std::any_of(u.labels.begin(), u.labels.end(), [&](const std::string& l) {
                           return std::find(labels.begin(), labels.end(), l) != labels.end();
                         });
      if (clash) {
        replaced.insert(replaced.end(), u.labels.begin(), u.labels.end());
      } else {
        units.push_back(u);
      }
    }
    std::string text = definitionsText(units);
    const auto offset = static_cast<uint32_t>(text.size());
    text += input;
    SourceFile file("input", text);
    const robotalk::SyntaxTree tree = robotalk::parse(file, options_);
    const SourceFile shown("input", std::string(input));
    const Diagnostics diagnostics = inputDiagnostics(tree.diagnostics, offset, static_cast<uint32_t>(input.size()));
    out += render(shown, diagnostics);
    if (diagnostics.hasErrors()) return Prepared::kError;
    if (definition) {
      for (const std::string& l : labels) {
        const bool again = std::find(replaced.begin(), replaced.end(), l) != replaced.end();
        out += (again ? "redefined " : "defined ") + lowerCopy(l) + "\n";
      }
      for (const std::string& l : replaced) {
        if (std::find(labels.begin(), labels.end(), l) == labels.end())
          out += "forgot " + lowerCopy(l) + " (it was defined with a label defined again)\n";
      }
      units.push_back(Unit{std::string(input), labels});
      units_ = std::move(units);
      return Prepared::kDefined;
    }
    program_ = robotalk::lower(file, tree);
    code_ = robotalk::decode(program_);
    text_ = std::move(text);
    offset_ = offset;
    endAddress_ = static_cast<int>(program_.code.size()) - 1;
    int start = endAddress_;
    for (const robotalk::SyntaxNode& node : tree.nodes) {
      if (node.range.begin >= offset && node.wordCount > 0) {
        start = static_cast<int>(node.address);
        break;
      }
    }
    saved_ = brain_;
    brain_.pc = start;
    return Prepared::kReady;
  }

  RunStatus advance(int64_t maxCycles, int64_t& executed, std::string& out) override {
    (void)out;
    if (!saved_) return RunStatus::kDone;
    const int budget = static_cast<int>(std::clamp<int64_t>(maxCycles, 1, 1 << 30));
    const robotalk::RunResult result =
        engine_ != nullptr ? engine_->run(code_, brain_, host_, budget) : robotalk::run(code_, brain_, host_, budget);
    executed += std::max(result.cycles, 1);
    switch (result.stop) {
      case robotalk::Stop::kBudget:
      case robotalk::Stop::kSync: return RunStatus::kRunning;
      case robotalk::Stop::kError:
        if (brain_.errorAddress == endAddress_) {
          brain_.failed = false;
          brain_.error = {};
          brain_.errorAddress = -1;
          return RunStatus::kDone;
        }
        return RunStatus::kError;
    }
    return RunStatus::kError;
  }

  std::string nextInstruction() const override {
    if (!saved_) return {};
    return instructionText(brain_.pc);
  }

  std::string runtimeError() const override {
    const int pc = brain_.errorAddress;
    std::string where;
    if (pc >= 0 && pc < static_cast<int>(program_.code.size())) {
      const SourceRange range = program_.code[static_cast<size_t>(pc)].range;
      if (range.begin >= offset_) {
        const LineColumn lc = SourceFile("input", text_.substr(offset_)).lineColumn(range.begin - offset_);
        where = "input:" + std::to_string(lc.line) + ":" + std::to_string(lc.column);
      } else {
        where = "in " + labelPlusOffset(pc);
      }
      where += " (" + wordText(pc) + ")";
    } else {
      where = "at " + std::to_string(pc);
    }
    return where + ": " + std::string(brain_.error);
  }

  void finish(bool keep) override {
    if (!saved_) return;
    if (!keep) brain_ = *saved_;
    saved_.reset();
  }

  std::string stackText() const override {
    std::string text = "stack:";
    if (brain_.sp == 0) text += " (empty)";
    for (int i = 0; i < brain_.sp; ++i) text += " " + std::to_string(brain_.stack[static_cast<size_t>(i)]);
    return text;
  }

  bool isWord(std::string_view name) const override {
    return robotalk::lookupOperator(name) != nullptr || robotalk::lookupRegister(name) != nullptr ||
           labelAddress(name).has_value();
  }

  bool help(std::string_view word, std::string& out) const override {
    std::string_view name = word;
    if (name.size() >= 2 && (name.back() == '\'' || name.back() == ':')) name.remove_suffix(1);
    if (const std::optional<int> address = labelAddress(name)) {
      out += lowerCopy(name) + ": label at address " + std::to_string(*address) + " (call it with `" + lowerCopy(name) +
             " call`)\n";
      return true;
    }
    if (const robotalk::OperatorInfo* op = robotalk::lookupOperator(name)) {
      out += std::string(op->name) + " ( " + std::string(op->effect) + " )";
      if (!op->synonyms.empty()) out += " also " + std::string(op->synonyms);
      out += ", " + std::to_string(op->cost) + (op->cost == 1 ? " cycle" : " cycles");
      out += "  " + std::string(op->doc) + "\n";
      return true;
    }
    if (const robotalk::RegisterInfo* reg = robotalk::lookupRegister(name)) {
      out += std::string(reg->name) + " register";
      if (reg->readable()) out += ", read: " + std::string(reg->name) + " ( -- n )";
      if (reg->writable()) out += ", write: n " + std::string(reg->name) + "' STORE";
      if (!reg->unit.empty()) out += " [" + std::string(reg->unit) + "]";
      out += "  " + std::string(reg->doc);
      if (robotalk::isUserVariable(static_cast<int>(reg->reg)))
        out += " (now " + std::to_string(brain_.letters[static_cast<size_t>(reg->reg)]) + ")";
      out += "\n";
      return true;
    }
    out += "unknown word: " + std::string(word) + "\n";
    return false;
  }

  std::vector<std::string> words() const override {
    std::set<std::string> all;
    for (const robotalk::OperatorInfo& op : robotalk::kOperators) {
      if (!op.has(robotalk::kInternal)) all.emplace(op.name);
    }
    for (const robotalk::RegisterInfo& reg : robotalk::kRegisters) all.emplace(reg.name);
    for (const Unit& u : units_) all.insert(u.labels.begin(), u.labels.end());
    return {all.begin(), all.end()};
  }

  bool see(std::string_view name, std::string& out) const override {
    const std::string wanted = upperCopy(name);
    for (size_t i = 0; i < units_.size(); ++i) {
      if (std::find(units_[i].labels.begin(), units_[i].labels.end(), wanted) == units_[i].labels.end()) continue;
      // Assemble the definitions up to and including this unit; the label's code ends where the
      // next label or the unit does.
      const std::vector<Unit> upTo(units_.begin(), units_.begin() + static_cast<std::ptrdiff_t>(i + 1));
      const robotalk::CompileResult result =
          robotalk::compile(SourceFile("definitions", definitionsText(upTo)), options_);
      const robotalk::Label* label = nullptr;
      for (const robotalk::Label& l : result.program.labels) {
        if (upperCopy(l.name) == wanted) label = &l;
      }
      if (label == nullptr) break;
      int end = static_cast<int>(result.program.code.size()) - 1;
      for (const robotalk::Label& l : result.program.labels) {
        if (l.address > label->address) end = std::min(end, static_cast<int>(l.address));
      }
      out += lowerCopy(label->name) + ":\n";
      RoboTalkSession view;
      view.program_ = result.program;
      view.text_ = definitionsText(upTo);
      for (int a = label->address; a < end; ++a) out += "  " + view.instructionText(a) + "\n";
      return true;
    }
    out += "no label " + std::string(name) + "\n";
    return false;
  }

  bool effect(std::string_view code, std::string& out) override {
    for (int inputs = 0; inputs <= kMaxEffectInputs; ++inputs) {
      std::string zeros;
      for (int i = 0; i < inputs; ++i) zeros += "0 ";
      std::string text = zeros;
      const auto offset = static_cast<uint32_t>(text.size());
      text += code;
      text += "\n" + std::string(kEffectEnd) + " jump\n" + definitionsText(units_) + std::string(kEffectEnd) + ":\n";
      const SourceFile file("effect", text);
      const robotalk::CompileResult result = robotalk::compile(file, options_);
      if (result.diagnostics.hasErrors()) {
        out += render(SourceFile("input", std::string(code)),
                      inputDiagnostics(result.diagnostics, offset, static_cast<uint32_t>(code.size())));
        return false;
      }
      Diagnostics checked;
      robotalk::check(result.program, robotalk::CheckOptions{}, checked);
      const bool underflow = std::any_of(checked.all().begin(), checked.all().end(),
                                         [](const Diagnostic& d) { return d.code == DiagCode::kStackUnderflow; });
      if (underflow) continue;
      const robotalk::Analysis analysis = robotalk::analyze(result.program);
      const size_t end = result.program.code.size() - 1;
      const robotalk::InstructionFacts& facts = analysis.facts[end];
      if (!facts.reachedFromStart) {
        out += "effect: unknown (control is computed at run time or never reaches the end)\n";
      } else if (facts.startMin != facts.startMax) {
        out += "effect: ( " + std::to_string(inputs) + " -- " + std::to_string(facts.startMin) + ".." +
               std::to_string(facts.startMax) + " )\n";
      } else {
        out += "effect: ( " + std::to_string(inputs) + " -- " + std::to_string(facts.startMin) + " )\n";
      }
      return true;
    }
    out += "effect: takes more than " + std::to_string(kMaxEffectInputs) + " cells, or underflows on some path\n";
    return true;
  }

  bool load(const std::string& path, std::string& out) override {
    const std::optional<SourceFile> file = readForLoad(path, out);
    if (!file) return false;
    const robotalk::CompileResult result = robotalk::compile(*file, options_);
    out += render(*file, result.diagnostics);
    if (result.diagnostics.hasErrors()) {
      out += "load: " + path + " did not load\n";
      return false;
    }
    finish(false);
    Unit unit{std::string(file->text()), {}};
    for (const robotalk::Label& l : result.program.labels) unit.labels.push_back(upperCopy(l.name));
    units_ = {std::move(unit)};
    out += "loaded " + robotalk::programNameFromPath(path) + ": " + std::to_string(result.program.code.size()) +
           " words, " + std::to_string(result.program.labels.size()) + " labels (earlier definitions are replaced)\n";
    return true;
  }

  bool useEngine(EngineChoice engine, std::string& reason) override {
    return chooseEngine(engine, jit_, engine_, nullptr, reason);
  }

  bool set(std::string_view name, std::span<const std::string> values, std::string& out) override {
    const robotalk::RegisterInfo* reg = robotalk::lookupRegister(name);
    if (reg == nullptr) {
      out += "set: no register " + std::string(name) + "\n";
      return false;
    }
    if (values.size() != 1) {
      out += "set: " + std::string(reg->name) + " takes one number\n";
      return false;
    }
    int value = 0;
    if (std::sscanf(values[0].c_str(), "%d", &value) != 1 || value < -32768 || value > 32767) {
      out += "set: not a 16-bit number: " + values[0] + "\n";
      return false;
    }
    if (robotalk::isUserVariable(static_cast<int>(reg->reg))) {
      brain_.letters[static_cast<size_t>(reg->reg)] = static_cast<int16_t>(value);
    } else {
      host_.values[reg->reg] = static_cast<int16_t>(value);
    }
    out += std::string(reg->name) + " = " + std::to_string(value) + "\n";
    return true;
  }

  void reset() override {
    units_.clear();
    brain_ = robotalk::MachineState();
    host_ = TestHost();
    saved_.reset();
    program_ = {};
    code_ = {};
    text_.clear();
    offset_ = 0;
  }

 private:
  static std::string definitionsText(const std::vector<Unit>& units) {
    std::string text;
    for (const Unit& u : units) text += u.text + "\n";
    return text;
  }

  std::optional<int> labelAddress(std::string_view name) const {
    const std::string wanted = upperCopy(name);
    for (const Unit& u : units_) {
      if (std::find(u.labels.begin(), u.labels.end(), wanted) == u.labels.end()) continue;
      const robotalk::CompileResult result =
          robotalk::compile(SourceFile("definitions", definitionsText(units_)), options_);
      for (const robotalk::Label& l : result.program.labels) {
        if (upperCopy(l.name) == wanted) return l.address;
      }
    }
    return std::nullopt;
  }

  std::string labelPlusOffset(int address) const {
    const robotalk::Label* best = nullptr;
    for (const robotalk::Label& l : program_.labels) {
      if (l.address <= address && (best == nullptr || l.address >= best->address)) best = &l;
    }
    if (best == nullptr) return std::to_string(address);
    const int offset = address - best->address;
    return lowerCopy(best->name) + (offset == 0 ? "" : "+" + std::to_string(offset));
  }

  std::string wordText(int address) const {
    const robotalk::Instruction& in = program_.code[static_cast<size_t>(address)];
    switch (in.origin) {
      case robotalk::Origin::kImplicitEnd: return "END";
      case robotalk::Origin::kImplicitRecall: return "RECALL";
      case robotalk::Origin::kObjectCode: return std::to_string(in.word);
      case robotalk::Origin::kRegisterRead:
      case robotalk::Origin::kLiteral:
      case robotalk::Origin::kLabelReference:
      case robotalk::Origin::kOperator:
      case robotalk::Origin::kQuotedRegister: break;
    }
    std::string text(std::string_view(text_).substr(in.range.begin, in.range.size()));
    if (in.origin == robotalk::Origin::kRegisterRead) text = upperCopy(text) + "'";
    if (in.origin == robotalk::Origin::kLabelReference) text += " (" + std::to_string(in.word) + ")";
    return text;
  }

  std::string instructionText(int address) const {
    if (address < 0 || address >= static_cast<int>(program_.code.size()))
      return std::to_string(address) + "  (outside the code)";
    char head[32];
    std::snprintf(head, sizeof head, "%04d  %6d  ", address, program_.code[static_cast<size_t>(address)].word);
    return head + wordText(address);
  }

  robotalk::CompileOptions options_;
  std::vector<Unit> units_;
  robotalk::MachineState brain_;
  TestHost host_;
  std::optional<robotalk::MachineState> saved_;
  robotalk::Program program_;
  robotalk::Bytecode code_;
  std::unique_ptr<jit::RoboTalkJit> jit_;  // Made at the first `engine jit`.
  robotalk::Engine* engine_ = nullptr;     // nullptr: the interpreter.
  std::string text_;
  uint32_t offset_ = 0;
  int endAddress_ = -1;
};

}  // namespace

std::unique_ptr<LanguageSession> makeRoboTalkSession() { return std::make_unique<RoboTalkSession>(); }

}  // namespace chronon::repl
