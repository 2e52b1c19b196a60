// The Grobocode language session: an incrementally compiled brain (compiler/grobocode_incremental.h)
// run by the Grobocode interpreter on a test host (specs/grobots-language.md).

#include <algorithm>
#include <cstdio>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "chronon/compiler/grobocode.h"
#include "chronon/compiler/grobocode_checker.h"
#include "chronon/compiler/grobocode_incremental.h"
#include "chronon/compiler/load.h"
#include "chronon/jit/grobocode_jit.h"
#include "chronon/vm/grobocode_brain.h"
#include "chronon/vm/grobocode_interpreter.h"
#include "chronon/vm/grobocode_test_host.h"
#include "sessions.h"
#include "text.h"

namespace chronon::repl {

namespace {

using grobocode::BrainStatus;
using grobocode::IncrementalBrain;
using grobocode::MachineState;
using grobocode::Program;
using grobots::Fixed;

// Local memory cells of the REPL's brain, as a mid-sized processor would give.
constexpr int32_t kMemoryCells = 1000;
// The label `effect` wraps code in; its parentheses keep it apart from any user label.
constexpr std::string_view kEffectLabel = "(effect)";

std::string number(Fixed n) {
  const auto text = grobots::toString(n);
  return text.ok() ? text.value() : "<raw " + std::to_string(n.raw()) + ">";
}

// The first token of the first line that has one (text before `;` only, §4.1).
std::string_view firstToken(std::string_view input) {
  while (!input.empty()) {
    const size_t eol = input.find_first_of("\r\n");
    std::string_view line = input.substr(0, eol);
    line = line.substr(0, line.find(';'));
    line = trim(line);
    if (!line.empty()) return line.substr(0, line.find_first_of(" \t\f\v"));
    if (eol == std::string_view::npos) break;
    input.remove_prefix(eol + 1);
  }
  return {};
}

// The last token of code (tags and comments skipped), lower-cased.
std::string lastCodeToken(std::string_view input) {
  std::string last;
  while (true) {
    const size_t eol = input.find_first_of("\r\n");
    std::string_view line = trim(input.substr(0, eol).substr(0, input.substr(0, eol).find(';')));
    if (!line.empty() && line.front() != '#') {
      const size_t space = line.find_last_of(" \t\f\v");
      last = lowerCopy(space == std::string_view::npos ? line : line.substr(space + 1));
    }
    if (eol == std::string_view::npos) break;
    input.remove_prefix(eol + 1);
  }
  return last;
}

// A unit that starts with a label declaration or a tag defines; anything else runs at once.
bool isDefinition(std::string_view input) {
  const std::string_view first = firstToken(input);
  return (first.size() >= 2 && first.back() == ':') || (!first.empty() && first.front() == '#');
}

class GrobocodeSession final : public LanguageSession {
 public:
  GrobocodeSession() { reset(); }

  Language language() const override { return Language::kGrobocode; }
  std::string_view codeHelp() const override {
    return "anything else is code: it runs at once, or defines what starts with a label (`name:`).\n";
  }

  bool needsMore(std::string_view input) const override {
    IncrementalBrain trial = code_;
    Diagnostics diagnostics;
    trial.compile(SourceFile("input", std::string(input)), diagnostics, true);
    if (diagnostics.hasErrors()) return false;
    if (trial.openConstructs() > 0) return true;
    // A definition goes on until it ends with a transfer that never falls through; an empty line
    // ends it otherwise.
    if (firstToken(input).empty() || firstToken(input).front() == '#' || !isDefinition(input)) return false;
    const std::string last = lastCodeToken(input);
    return last != "return" && last != "jump" && last != "forever";
  }

  Prepared prepare(std::string_view input, std::string& out) override {
    finish(false);
    SourceFile file("input", std::string(input));
    IncrementalBrain candidate = code_;
    Diagnostics diagnostics;
    candidate.compile(file, diagnostics, true);
    if (!diagnostics.hasErrors() && candidate.openConstructs() > 0) {
      const auto end = static_cast<uint32_t>(input.size());
      diagnostics.error(DiagCode::kGbCompileStackLeft, SourceRange{end, end},
                        "item left on compile-time stack (unmatched compile-time word)");
    }
    out += render(file, diagnostics);
    if (diagnostics.hasErrors()) return Prepared::kError;
    const auto before = static_cast<int32_t>(code_.brain().instructions.size());
    if (isDefinition(input)) {
      reportDefinitions(code_.brain(), candidate.brain(), before, out);
      code_ = std::move(candidate);
      definitions_.push_back({before, static_cast<int32_t>(code_.brain().instructions.size())});
      syncVariables();
      return Prepared::kDefined;
    }
    saved_.emplace(Saved{code_, state_});
    code_ = std::move(candidate);
    const auto size = static_cast<uint32_t>(input.size());
    endAddress_ = code_.appendEnd(SourceRange{size, size});
    begin_ = before;
    input_.emplace(std::move(file));
    syncVariables();
    state_.pc = before;
    state_.status = BrainStatus::kOk;
    state_.error = grobocode::RuntimeError::kNone;
    return Prepared::kReady;
  }

  RunStatus advance(int64_t maxCycles, int64_t& executed, std::string& out) override {
    if (!saved_) return RunStatus::kDone;
    const auto cycles = static_cast<int32_t>(std::clamp<int64_t>(maxCycles, 1, 1 << 30));
    state_.remaining = cycles;
    // The session edits its brain in place (new inputs, definitions, a rollback), which the engines'
    // memos of decoded and compiled code cannot see when the tables keep their storage and sizes:
    // forget them, so that each run looks its brain up again by content.
    state_.interpreterMemo = {};
    state_.engineMemo = {};
    executed +=
        engine_ != nullptr ? engine_->run(state_, code_.brain(), host_) : grobocode::run(state_, code_.brain(), host_);
    flushPrints(out);
    switch (state_.status) {
      case BrainStatus::kOk: return RunStatus::kRunning;
      case BrainStatus::kStopped:
        out += "(stopped)\n";
        state_.status = BrainStatus::kOk;
        return RunStatus::kDone;
      case BrainStatus::kError:
        if (state_.errorPc == endAddress_ && state_.error == grobocode::RuntimeError::kFellOffEnd) {
          state_.status = BrainStatus::kOk;
          state_.error = grobocode::RuntimeError::kNone;
          state_.errorMessage.clear();
          return RunStatus::kDone;
        }
        return RunStatus::kError;
    }
    return RunStatus::kError;
  }

  std::string nextInstruction() const override {
    if (!saved_) return {};
    return instructionText(state_.pc);
  }

  std::string runtimeError() const override {
    const int32_t pc = state_.errorPc;
    std::string where;
    const Program& brain = code_.brain();
    if (pc >= begin_ && pc < endAddress_ && input_) {
      const LineColumn lc = input_->lineColumn(brain.instructions[static_cast<size_t>(pc)].range.begin);
      where = "input:" + std::to_string(lc.line) + ":" + std::to_string(lc.column);
    } else {
      where = "in " + grobocode::describeAddress(brain, pc);
    }
    // A call through a label that was used but never defined reads address -1 (§4.4).
    std::string hint;
    if (pc >= 0 && pc < static_cast<int32_t>(brain.instructions.size())) {
      const grobocode::Instruction& in = brain.instructions[static_cast<size_t>(pc)];
      const auto type = static_cast<grobocode::InstructionType>(in.type());
      if ((type == grobocode::InstructionType::kLabelCall || type == grobocode::InstructionType::kLabelRead) &&
          static_cast<size_t>(in.index()) < brain.labels.size() &&
          brain.labels[static_cast<size_t>(in.index())].address < 0)
        hint = " (" + brain.labels[static_cast<size_t>(in.index())].name + " is not defined yet)";
    }
    if (pc >= 0 && pc < static_cast<int32_t>(brain.instructions.size())) {
      where += " (" + grobocode::describe(brain, brain.instructions[static_cast<size_t>(pc)]) + ")";
    }
    return where + ": " + state_.errorMessage + hint;
  }

  void finish(bool keep) override {
    if (!saved_) return;
    code_ = std::move(saved_->code);
    if (!keep) state_ = std::move(saved_->state);
    state_.status = BrainStatus::kOk;
    saved_.reset();
    input_.reset();
  }

  std::string stackText() const override {
    std::string text = "stack:";
    if (state_.height == 0) text += " (empty)";
    for (int32_t i = 0; i < state_.height; ++i) text += " " + number(state_.stack[static_cast<size_t>(i)]);
    if (state_.returnHeight > 0) {
      text += "  return:";
      for (int32_t i = 0; i < state_.returnHeight; ++i)
        text += " " + std::to_string(state_.returnStack[static_cast<size_t>(i)]);
    }
    return text;
  }

  bool isWord(std::string_view name) const override {
    return grobocode::resolveBuiltin(name).which != grobocode::Builtin::Which::kNone || userSymbol(name);
  }

  bool help(std::string_view word, std::string& out) const override {
    std::string_view name = word;
    if (name.size() >= 2 && (name.back() == '!' || name.back() == '&' || name.back() == '^' || name.back() == ':'))
      name.remove_suffix(1);
    const Program& brain = code_.brain();
    if (const grobocode::Label* label = findLabel(name)) {
      if (label->address < 0) {
        out += label->name + ": label used but not defined yet\n";
        return true;
      }
      out += std::string(label->name) + ": label at address " + std::to_string(label->address);
      std::string effectText;
      if (inferEffect(label->name, effectText) && effectText.starts_with("(")) out += ", effect " + effectText;
      out += "\n";
      return true;
    }
    for (size_t i = 0; i < brain.variables.size(); ++i) {
      if (grobocode::namesEquivalent(brain.variables[i].name, name)) {
        out += "#var " + brain.variables[i].name + ": ( -- n ), now " + number(state_.variables[i]) + "\n";
        return true;
      }
    }
    for (size_t i = 0; i < brain.vectors.size(); ++i) {
      if (grobocode::namesEquivalent(brain.vectors[i].name, name)) {
        out += "#vector " + brain.vectors[i].name + ": ( -- x y ), now " + number(state_.vectors[i].x) + " " +
               number(state_.vectors[i].y) + "\n";
        return true;
      }
    }
    for (const grobocode::Constant& c : brain.constants) {
      if (grobocode::namesEquivalent(c.name, name) && !grobots::parseLiteral(c.name).ok()) {
        out += "#const " + c.name + ": ( -- n ) = " + number(c.value) + "\n";
        return true;
      }
    }
    const grobocode::Builtin builtin = grobocode::resolveBuiltin(name);
    switch (builtin.which) {
      case grobocode::Builtin::Which::kPrimitive: {
        const grobocode::PrimitiveInfo& p = *builtin.primitive;
        out += std::string(p.name) + " ( " + std::string(p.effect) + " )";
        if (!p.returnEffect.empty()) out += " return ( " + std::string(p.returnEffect) + " )";
        out += "  " + std::string(p.doc) + "\n";
        return true;
      }
      case grobocode::Builtin::Which::kCompileWord: {
        const grobocode::CompileWordInfo& c = *builtin.compileWord;
        out += std::string(c.name) + " (compile time: " + std::string(c.csEffect) + ")  " + std::string(c.doc) + "\n";
        return true;
      }
      case grobocode::Builtin::Which::kHardwareScalar:
      case grobocode::Builtin::Which::kHardwareVector: {
        const grobocode::HardwareInfo& h = *builtin.hardware;
        const bool vector = h.shape == grobocode::Shape::kVector;
        out += std::string(h.name) + (vector ? " ( -- x y )" : " ( -- n )");
        if (h.writable()) out += ", " + std::string(h.name) + (vector ? "! ( x y -- )" : "! ( n -- )");
        if (!h.unit.empty()) out += " [" + std::string(h.unit) + "]";
        out += "  " + std::string(h.doc) + "\n";
        return true;
      }
      case grobocode::Builtin::Which::kNone: break;
    }
    out += "unknown word: " + std::string(word) + "\n";
    return false;
  }

  std::vector<std::string> words() const override {
    std::set<std::string> all;
    for (const grobocode::PrimitiveInfo& p : grobocode::kPrimitives) all.emplace(p.name);
    for (const grobocode::CompileWordInfo& c : grobocode::kCompileWords) all.emplace(c.name);
    for (const grobocode::HardwareInfo& h : grobocode::kHardwareScalars) all.emplace(h.name);
    for (const grobocode::HardwareInfo& h : grobocode::kHardwareVectors) all.emplace(h.name);
    const Program& brain = code_.brain();
    for (const grobocode::Label& l : brain.labels) {
      if (!l.gensym && l.name != kEffectLabel) all.insert(l.name);
    }
    for (const grobocode::Variable& v : brain.variables) all.insert(v.name);
    for (const grobocode::VectorVariable& v : brain.vectors) all.insert(v.name);
    for (const grobocode::Constant& c : brain.constants) {
      if (!grobots::parseLiteral(c.name).ok()) all.insert(c.name);
    }
    return {all.begin(), all.end()};
  }

  bool see(std::string_view name, std::string& out) const override {
    const grobocode::Label* label = findLabel(name);
    if (label == nullptr || label->address < 0) {
      out += "no label " + std::string(name) + "\n";
      return false;
    }
    const Program& brain = code_.brain();
    const int32_t begin = label->address;
    auto end = static_cast<int32_t>(brain.instructions.size());
    for (const Definition& d : definitions_) {
      if (begin >= d.begin && begin < d.end) end = d.end;
    }
    for (const grobocode::Label& other : brain.labels) {
      if (!other.gensym && other.address > begin && other.address < end) end = other.address;
    }
    for (int32_t a = begin; a < end; ++a) {
      for (const grobocode::Label& l : brain.labels) {
        if (l.address == a) out += (l.gensym ? "; " : "") + l.name + ":\n";
      }
      out += "  " + instructionText(a) + "\n";
    }
    return true;
  }

  bool effect(std::string_view code, std::string& out) override {
    std::string text;
    const bool ok = inferEffect(code, text);
    out += ok ? "effect: " + text + "\n" : text;
    return ok;
  }

  // The checker's effect of `code` compiled as the body of a routine that is called once: "( 1 -- 1 )"
  // or a sentence saying why it is unknown. Returns false with the diagnostics in `text` when the
  // code does not compile. Nothing is kept.
  bool inferEffect(std::string_view code, std::string& text) const {
    IncrementalBrain trial = code_;
    Diagnostics diagnostics;
    const SourceFile file("input", std::string(code));
    trial.compile(SourceFile("effect", std::string(kEffectLabel) + ":"), diagnostics, true);
    trial.compile(file, diagnostics, true);
    if (!diagnostics.hasErrors() && trial.openConstructs() > 0) {
      const auto end = static_cast<uint32_t>(code.size());
      diagnostics.error(DiagCode::kGbCompileStackLeft, SourceRange{end, end},
                        "item left on compile-time stack (unmatched compile-time word)");
    }
    if (diagnostics.hasErrors()) {
      text = render(file, diagnostics);
      return false;
    }
    trial.compile(SourceFile("effect", "return " + std::string(kEffectLabel)), diagnostics, true);
    text = "unknown";
    for (const grobocode::RoutineEffect& e : grobocode::routineEffects(trial.brain())) {
      if (e.name != kEffectLabel) continue;
      if (!e.returns) {
        text = "never returns";
      } else if (!e.known) {
        text = "unknown (paths leave different depths, or control is computed at run time)";
      } else {
        text = "( " + std::to_string(e.inputs) + " -- " + std::to_string(e.outputs) + " )";
      }
    }
    return true;
  }

  bool load(const std::string& path, std::string& out) override {
    const std::optional<SourceFile> file = readForLoad(path, out);
    if (!file) return false;
    const grobocode::SideResult result = grobocode::compileSide(*file);
    out += render(*file, result.diagnostics);
    if (!result.loaded() || result.diagnostics.hasErrors()) {
      out += "load: " + path + " did not load\n";
      return false;
    }
    const grobocode::Type* type = nullptr;
    for (const grobocode::Type& t : result.side.types) {
      if (t.brain && type == nullptr) type = &t;
    }
    const Program* brain = type != nullptr ? &*type->brain : nullptr;
    if (brain == nullptr && result.side.common) brain = &*result.side.common;
    if (brain == nullptr) {
      out += "load: " + path + " has no code\n";
      return false;
    }
    finish(false);
    code_ = IncrementalBrain(*brain);
    definitions_.clear();
    MachineState fresh = grobocode::makeBrainState(*brain, kMemoryCells);
    fresh.stack = state_.stack;
    fresh.height = state_.height;
    state_ = std::move(fresh);
    knownInitial_.clear();
    knownVectors_.clear();
    syncVariables();
    size_t labels = 0;
    for (const grobocode::Label& l : brain->labels) labels += l.gensym ? 0 : 1;
    out += "loaded " + result.side.name + (type != nullptr ? ", type " + type->name : std::string(", common code")) +
           ": " + std::to_string(brain->instructions.size()) + " instructions, " + std::to_string(labels) +
           " labels, " + std::to_string(brain->variables.size() + brain->vectors.size()) +
           " variables (earlier definitions are replaced)\n";
    return true;
  }

  bool set(std::string_view name, std::span<const std::string> values, std::string& out) override {
    std::vector<Fixed> numbers;
    for (const std::string& v : values) {
      const auto literal = grobots::parseLiteral(v);
      if (!literal.ok()) {
        out += "set: not a number: " + v + "\n";
        return false;
      }
      numbers.push_back(literal.value());
    }
    if (const grobocode::HardwareInfo* h = grobocode::lookupHardwareScalar(name)) {
      if (numbers.size() != 1) {
        out += "set: " + std::string(h->name) + " takes one number\n";
        return false;
      }
      host_.scalars[static_cast<grobocode::HwScalar>(h->index)] = numbers[0];
      out += std::string(h->name) + " = " + number(numbers[0]) + "\n";
      return true;
    }
    if (const grobocode::HardwareInfo* h = grobocode::lookupHardwareVector(name)) {
      if (numbers.size() != 2) {
        out += "set: " + std::string(h->name) + " is a vector and takes two numbers\n";
        return false;
      }
      host_.vectors[static_cast<grobocode::HwVector>(h->index)] = grobots::FixedVector{numbers[0], numbers[1]};
      out += std::string(h->name) + " = " + number(numbers[0]) + " " + number(numbers[1]) + "\n";
      return true;
    }
    out += "set: no hardware variable " + std::string(name) + "\n";
    return false;
  }

  bool useEngine(EngineChoice engine, std::string& reason) override {
    return chooseEngine(engine, jit_, engine_, nullptr, reason);
  }

  void reset() override {
    saved_.reset();
    input_.reset();
    code_ = IncrementalBrain();
    state_ = grobocode::makeBrainState(code_.brain(), kMemoryCells);
    state_.pc = 0;
    host_ = grobocode::GrobocodeTestHost();
    printedShown_ = 0;
    definitions_.clear();
    knownInitial_.clear();
    knownVectors_.clear();
  }

 private:
  struct Saved {
    IncrementalBrain code;
    MachineState state;
  };
  struct Definition {
    int32_t begin;
    int32_t end;
  };

  std::string instructionText(int32_t address) const {
    const Program& brain = code_.brain();
    if (address < 0 || address >= static_cast<int32_t>(brain.instructions.size()))
      return std::to_string(address) + "  (outside the code)";
    const grobocode::Instruction& instruction = brain.instructions[static_cast<size_t>(address)];
    char head[32];
    std::snprintf(head, sizeof head, "%04d  0x%04X  ", address, static_cast<unsigned>(instruction.word));
    return head + grobocode::describe(brain, instruction);
  }

  const grobocode::Label* findLabel(std::string_view name) const {
    for (const grobocode::Label& l : code_.brain().labels) {
      if (!l.gensym && grobocode::namesEquivalent(l.name, name)) return &l;
    }
    return nullptr;
  }

  bool userSymbol(std::string_view name) const {
    const Program& brain = code_.brain();
    const auto named = [&](const auto& items) {
      return std::any_of(items.begin(), items.end(),
                         [&](const auto& item) { return grobocode::namesEquivalent(item.name, name); });
    };
    return findLabel(name) != nullptr || named(brain.variables) || named(brain.vectors) || named(brain.constants);
  }

  // New variables get their initial values; redefined ones (`#var x 7` again) take the new value.
  void syncVariables() {
    const Program& brain = code_.brain();
    for (size_t i = 0; i < brain.variables.size(); ++i) {
      if (i >= state_.variables.size()) {
        state_.variables.push_back(brain.variables[i].initial);
      } else if (i < knownInitial_.size() && knownInitial_[i] != brain.variables[i].initial.raw()) {
        state_.variables[i] = brain.variables[i].initial;
      }
    }
    for (size_t i = 0; i < brain.vectors.size(); ++i) {
      const grobots::FixedVector initial{brain.vectors[i].x, brain.vectors[i].y};
      if (i >= state_.vectors.size()) {
        state_.vectors.push_back(initial);
      } else if (i < knownVectors_.size() &&
                 (knownVectors_[i].first != initial.x.raw() || knownVectors_[i].second != initial.y.raw())) {
        state_.vectors[i] = initial;
      }
    }
    knownInitial_.clear();
    for (const grobocode::Variable& v : brain.variables) knownInitial_.push_back(v.initial.raw());
    knownVectors_.clear();
    for (const grobocode::VectorVariable& v : brain.vectors) knownVectors_.emplace_back(v.x.raw(), v.y.raw());
  }

  static void reportDefinitions(const Program& before, const Program& after, int32_t oldSize, std::string& out) {
    for (size_t i = 0; i < after.labels.size(); ++i) {
      const grobocode::Label& l = after.labels[i];
      if (l.gensym || l.address < oldSize) continue;
      const bool existed = i < before.labels.size() && before.labels[i].address >= 0;
      out += (existed ? "redefined " : "defined ") + l.name + "\n";
    }
    for (size_t i = before.variables.size(); i < after.variables.size(); ++i)
      out += "defined variable " + after.variables[i].name + "\n";
    for (size_t i = before.vectors.size(); i < after.vectors.size(); ++i)
      out += "defined vector " + after.vectors[i].name + "\n";
    for (size_t i = before.constants.size(); i < after.constants.size(); ++i) {
      if (!grobots::parseLiteral(after.constants[i].name).ok())
        out += "defined constant " + after.constants[i].name + "\n";
    }
  }

  void flushPrints(std::string& out) {
    for (; printedShown_ < host_.printed.size(); ++printedShown_) out += host_.printed[printedShown_] + "\n";
  }

  IncrementalBrain code_;
  MachineState state_;
  std::unique_ptr<jit::GrobocodeJit> jit_;  // Made at the first `engine jit`.
  grobocode::Engine* engine_ = nullptr;     // nullptr: the interpreter.
  grobocode::GrobocodeTestHost host_;
  size_t printedShown_ = 0;
  std::vector<Definition> definitions_;
  std::vector<int32_t> knownInitial_;
  std::vector<std::pair<int32_t, int32_t>> knownVectors_;
  std::optional<Saved> saved_;
  std::optional<SourceFile> input_;
  int32_t begin_ = 0;
  int32_t endAddress_ = -1;
};

}  // namespace

std::unique_ptr<LanguageSession> makeGrobocodeSession() { return std::make_unique<GrobocodeSession>(); }

}  // namespace chronon::repl
