// RoboTalk (RoboWar) language support: every feature reads the flat syntax tree of
// robotalk_syntax.h, the lowered program, the checker's facts and the word table.

#include <algorithm>
#include <array>

#include "chronon/compiler/robotalk_assembler.h"
#include "chronon/compiler/robotalk_checker.h"
#include "chronon/compiler/robotalk_disasm.h"
#include "chronon/compiler/robotalk_syntax.h"
#include "chronon/lsp/language.h"
#include "chronon/stdlib/robotalk_words.h"
#include "feature_util.h"

namespace chronon::lsp {

namespace {

using robotalk::kNoLabel;
using robotalk::kNoNode;
using robotalk::NodeKind;
using robotalk::SyntaxNode;

bool hasHardware(const robowar::RobotHardware& hw, robotalk::Hardware need) {
  switch (need) {
    case robotalk::Hardware::kNone: return true;
    case robotalk::Hardware::kMissile: return hw.missiles;
    case robotalk::Hardware::kTacNuke: return hw.tacNukes;
    case robotalk::Hardware::kHellbore: return hw.hellbores;
    case robotalk::Hardware::kMine: return hw.mines;
    case robotalk::Hardware::kStunner: return hw.stunners;
    case robotalk::Hardware::kDrone: return hw.drones;
    case robotalk::Hardware::kLaser: return hw.lasers;
    case robotalk::Hardware::kProbe: return hw.probes;
  }
  return true;
}

std::string_view accessText(robotalk::Access access) {
  switch (access) {
    case robotalk::Access::kRead: return "read-only";
    case robotalk::Access::kWrite: return "write-only";
    case robotalk::Access::kReadWrite: return "readable and writable";
    case robotalk::Access::kInterruptOnly: return "interrupt name only (for SETINT/SETPARAM)";
  }
  return "";
}

std::string operatorMarkdown(const robotalk::OperatorInfo& op) {
  std::array<char, 16> version{};
  std::string md = "**" + std::string(op.name) + "** `( " + std::string(op.effect) + " )`\n\n" + std::string(op.doc);
  md += "\n\n" + std::to_string(op.cost) + (op.cost == 1 ? " cycle" : " cycles") + " · since RoboWar " +
        std::string(robotalk::formatVersion(op.since, op.flags, version));
  if (!op.synonyms.empty()) md += " · also written " + std::string(op.synonyms);
  if (op.has(robotalk::kUndocumented)) md += "\n\nUndocumented: banned under the official rules.";
  return md;
}

std::string registerMarkdown(const robotalk::RegisterInfo& reg) {
  std::array<char, 16> version{};
  std::string md = "**" + std::string(reg.name) + "** register, " + std::string(accessText(reg.access));
  if (!reg.unit.empty()) md += ", in " + std::string(reg.unit);
  md += "\n\n" + std::string(reg.doc);
  if (reg.hardware != robotalk::Hardware::kNone)
    md += "\n\nWriting it needs " + std::string(robotalk::hardwareName(reg.hardware)) + ".";
  md += "\n\nsince RoboWar " + std::string(robotalk::formatVersion(reg.since, reg.flags, version));
  if (!reg.synonyms.empty()) md += " · also written " + std::string(reg.synonyms);
  return md;
}

bool isLabelishName(std::string_view name) {
  if (name.empty()) return false;
  for (const char c : name) {
    if (detail::isBlank(c) || c == ':' || c == '{' || c == '}' || c == '#' || c == '\'' || c == '"') return false;
  }
  const char first = name[0];
  if ((first >= '0' && first <= '9') ||
      ((first == '-' || first == '+') && name.size() > 1 && name[1] >= '0' && name[1] <= '9'))
    return false;
  return true;
}

class RoboTalkAnalysis final : public DocumentAnalysis {
 public:
  explicit RoboTalkAnalysis(const SourceFile& file) : file_(file) {
    tree_ = robotalk::parse(file_, options_);
    program_ = robotalk::lower(file_, tree_);
    Diagnostics all = tree_.diagnostics;
    if (!all.hasErrors()) {
      robotalk::check(program_, robotalk::CheckOptions{}, all);
      analysis_ = robotalk::analyze(program_);
      effects_ = robotalk::labelEffects(program_, analysis_);
      analysed_ = true;
    }
    all.sortByPosition();
    diagnostics_ = all.all();
  }

  const std::vector<Diagnostic>& diagnostics() const override { return diagnostics_; }

  std::optional<HoverInfo> hover(uint32_t offset) const override {
    const uint32_t index = robotalk::nodeAt(tree_, offset);
    if (index == kNoNode) return std::nullopt;
    const SyntaxNode& node = tree_.nodes[index];
    switch (node.kind) {
      case NodeKind::kOperator: return HoverInfo{node.range, operatorMarkdown(*node.op)};
      case NodeKind::kQuotedRegister:
        return HoverInfo{node.range, registerMarkdown(*node.reg) + "\n\nQuoted: pushes a reference to the register."};
      case NodeKind::kRegisterRead:
        return HoverInfo{node.range, registerMarkdown(*node.reg) + "\n\nUnquoted: compiles to `" +
                                         std::string(node.reg->name) + "' RECALL` and pushes its value."};
      case NodeKind::kLabelDefinition:
      case NodeKind::kLabelReference: return labelHover(node);
      case NodeKind::kNumber: return HoverInfo{node.range, "number `" + std::to_string(node.value) + "`"};
      case NodeKind::kDirective:
        return HoverInfo{node.range, "directive `" + std::string(file_.slice(node.range)) + "`"};
      case NodeKind::kBlockComment:
      case NodeKind::kLineComment:
      case NodeKind::kUnknown: return std::nullopt;
    }
    return std::nullopt;
  }

  std::vector<CompletionEntry> completion(uint32_t offset) const override {
    std::vector<CompletionEntry> items;
    const uint32_t at = robotalk::nodeAt(tree_, offset);
    if (at != kNoNode &&
        (tree_.nodes[at].kind == NodeKind::kBlockComment || tree_.nodes[at].kind == NodeKind::kLineComment) &&
        tree_.nodes[at].range.end > offset) {
      return items;
    }
    const SourceRange replace = detail::prefixAt(file_.text(), offset);
    // RoboTalk ignores case; words are offered in the case the robot is written in.
    const bool lower = wordsInLowerCase();
    const auto cased = [&](std::string_view word) { return lower ? detail::lowerCopy(word) : upperCopy(word); };
    for (const robotalk::OperatorInfo& op : robotalk::kOperators) {
      if (op.has(robotalk::kInternal) || !robotalk::availableIn(op, options_.profile)) continue;
      const std::string name = cased(op.name);
      items.push_back(CompletionEntry{name, CompletionKind::kFunction, "( " + std::string(op.effect) + " )",
                                      operatorMarkdown(op), name, false, replace});
    }
    for (const robotalk::RegisterInfo& reg : robotalk::kRegisters) {
      if (!robotalk::availableIn(reg, options_.profile) || !hasHardware(tree_.hardware, reg.hardware)) continue;
      const std::string name = cased(reg.name);
      items.push_back(CompletionEntry{name, CompletionKind::kProperty, std::string(accessText(reg.access)),
                                      registerMarkdown(reg), name, false, replace});
    }
    for (const robotalk::SyntaxLabel& label : tree_.labels) {
      items.push_back(CompletionEntry{label.name, CompletionKind::kLabel, "label at " + std::to_string(label.address),
                                      "", label.name, false, replace});
    }
    items.push_back(CompletionEntry{"subroutine", CompletionKind::kSnippet, "name: ... return",
                                    "A subroutine: entered with `name call` (or `flag name if`), it returns with "
                                    "RETURN, which jumps to the return address CALL left on the stack.",
                                    "${1:name}:\n\t$0\n\t" + cased("return"), true, replace});
    items.push_back(CompletionEntry{cased("call"), CompletionKind::kSnippet, "name call", "Calls a subroutine.",
                                    "${1:name} " + cased("call"), true, replace});
    items.push_back(CompletionEntry{cased("if"), CompletionKind::kSnippet, "flag name if",
                                    "Calls the subroutine `name` when the flag is non-zero.",
                                    "${1:flag} ${2:name} " + cased("if"), true, replace});
    items.push_back(CompletionEntry{cased("ife"), CompletionKind::kSnippet, "flag then else ife",
                                    "Calls `then` when the flag is non-zero, else `else`.",
                                    "${1:flag} ${2:then} ${3:else} " + cased("ife"), true, replace});
    items.push_back(CompletionEntry{cased("store"), CompletionKind::kSnippet, "value register' store",
                                    "Stores a value into a register.",
                                    "${1:value} ${2:" + cased("aim") + "}' " + cased("store"), true, replace});
    return items;
  }

  std::vector<SourceRange> definition(uint32_t offset) const override {
    const uint32_t label = robotalk::labelOf(tree_, robotalk::nodeAt(tree_, offset));
    if (label == kNoLabel) return {};
    return {nameRange(tree_.labels[label].range)};
  }

  std::vector<SourceRange> references(uint32_t offset, bool includeDeclaration) const override {
    const uint32_t label = robotalk::labelOf(tree_, robotalk::nodeAt(tree_, offset));
    std::vector<SourceRange> ranges;
    if (label == kNoLabel) return ranges;
    for (const uint32_t node : robotalk::occurrencesOf(tree_, label, includeDeclaration))
      ranges.push_back(nameRange(tree_.nodes[node].range));
    return ranges;
  }

  std::optional<RenameTarget> prepareRename(uint32_t offset) const override {
    const uint32_t node = robotalk::nodeAt(tree_, offset);
    const uint32_t label = robotalk::labelOf(tree_, node);
    if (label == kNoLabel) return std::nullopt;
    const SourceRange range = nameRange(tree_.nodes[node].range);
    return RenameTarget{range, std::string(file_.slice(range))};
  }

  RenameResult rename(uint32_t offset, std::string_view newName) const override {
    RenameResult result;
    const uint32_t label = robotalk::labelOf(tree_, robotalk::nodeAt(tree_, offset));
    if (label == kNoLabel) {
      result.error = "only labels can be renamed in RoboTalk (registers are built in)";
      return result;
    }
    if (!isLabelishName(newName)) {
      result.error = "'" + std::string(newName) + "' is not a valid label name";
      return result;
    }
    if (robotalk::lookupOperator(newName) != nullptr || robotalk::lookupRegister(newName) != nullptr) {
      result.error = "'" + std::string(newName) + "' is a RoboTalk word; a label may not take its name";
      return result;
    }
    const uint32_t existing = robotalk::findLabel(tree_, newName);
    if (existing != kNoLabel && existing != label) {
      result.error = "a label named '" + std::string(newName) + "' already exists";
      return result;
    }
    for (const uint32_t node : robotalk::occurrencesOf(tree_, label, true))
      result.edits.push_back(TextEdit{nameRange(tree_.nodes[node].range), std::string(newName)});
    return result;
  }

  std::vector<SymbolEntry> documentSymbols() const override {
    SymbolEntry robot{program_.name.empty() ? std::string(file_.name()) : program_.name,
                      SymbolKind::kFile,
                      robowar::describe(tree_.hardware),
                      SourceRange{0, static_cast<uint32_t>(file_.text().size())},
                      SourceRange{0, 0},
                      {}};
    std::vector<uint32_t> definitions;
    for (uint32_t i = 0; i < tree_.nodes.size(); ++i) {
      const SyntaxNode& node = tree_.nodes[i];
      if (node.kind == NodeKind::kDirective) {
        robot.children.push_back(
            SymbolEntry{std::string(file_.slice(node.range)), SymbolKind::kProperty, "", node.range, node.range, {}});
      }
      if (node.kind == NodeKind::kLabelDefinition) definitions.push_back(i);
    }
    for (size_t k = 0; k < definitions.size(); ++k) {
      const SyntaxNode& node = tree_.nodes[definitions[k]];
      const uint32_t end = k + 1 < definitions.size() ? tree_.nodes[definitions[k + 1]].range.begin
                                                      : static_cast<uint32_t>(file_.text().size());
      std::string detail;
      if (node.label != kNoLabel) detail = effectText(node.label);
      const SourceRange name = nameRange(node.range);
      robot.children.push_back(SymbolEntry{std::string(file_.slice(name)),
                                           SymbolKind::kFunction,
                                           detail,
                                           SourceRange{node.range.begin, std::max(end, node.range.end)},
                                           name,
                                           {}});
    }
    return {robot};
  }

  std::vector<SemanticToken> semanticTokens() const override {
    std::vector<SemanticToken> tokens;
    const auto add = [&](SourceRange range, TokenType type, uint32_t modifiers) {
      for (const SourceRange part : detail::splitByLine(file_.text(), range))
        tokens.push_back(SemanticToken{part, type, modifiers});
    };
    for (const SyntaxNode& node : tree_.nodes) {
      switch (node.kind) {
        case NodeKind::kLabelDefinition: add(node.range, TokenType::kFunction, kModDeclaration); break;
        case NodeKind::kLabelReference: add(node.range, TokenType::kFunction, 0); break;
        case NodeKind::kNumber: add(node.range, TokenType::kNumber, 0); break;
        case NodeKind::kOperator:
          add(node.range, node.op->has(robotalk::kBranch) ? TokenType::kKeyword : TokenType::kFunction,
              kModDefaultLibrary);
          break;
        case NodeKind::kQuotedRegister:
        case NodeKind::kRegisterRead:
          add(node.range, TokenType::kProperty, kModDefaultLibrary | (node.reg->writable() ? 0u : kModReadonly));
          break;
        case NodeKind::kDirective: add(node.range, TokenType::kMacro, 0); break;
        case NodeKind::kBlockComment:
        case NodeKind::kLineComment: add(node.range, TokenType::kComment, 0); break;
        case NodeKind::kUnknown: break;
      }
    }
    return tokens;
  }

  std::vector<InlayHintEntry> inlayHints(SourceRange range) const override {
    std::vector<InlayHintEntry> hints;
    if (!analysed_) return hints;
    for (const robotalk::LabelEffect& effect : effects_) {
      if (effect.range.end < range.begin || effect.range.end > range.end) continue;
      const std::string label = knownPart(effect.text);
      if (!label.empty())
        hints.push_back(InlayHintEntry{effect.range.end, label, "stack at this label, as the checker infers it"});
    }
    // Stack depth after the last instruction of each line, where it is known.
    const std::string_view text = file_.text();
    for (size_t i = 0; i < program_.code.size(); ++i) {
      const robotalk::Instruction& in = program_.code[i];
      if (in.origin == robotalk::Origin::kImplicitEnd || in.origin == robotalk::Origin::kRegisterRead) continue;
      // Only the last instruction before a line end (or the end of the code) gets a hint.
      uint32_t lineEnd = in.range.end;
      while (lineEnd < text.size() && text[lineEnd] != '\n' && text[lineEnd] != '\r') ++lineEnd;
      if (i + 1 < program_.code.size() && program_.code[i + 1].origin != robotalk::Origin::kImplicitEnd &&
          program_.code[i + 1].range.begin < lineEnd && program_.code[i + 1].range.begin >= in.range.end)
        continue;
      if (lineEnd < range.begin || lineEnd > range.end) continue;
      if (const std::optional<std::string> depth = depthAfter(i)) {
        // A comment at the end of the line keeps the hint after the last instruction.
        hints.push_back(InlayHintEntry{in.range.end, *depth, "stack depth after this line"});
      }
    }
    std::sort(hints.begin(), hints.end(),
              [](const InlayHintEntry& a, const InlayHintEntry& b) { return a.offset < b.offset; });
    return hints;
  }

  std::optional<SignatureInfo> signatureHelp(uint32_t offset) const override {
    const uint32_t end = detail::backOverSpaces(file_.text(), offset);
    const uint32_t node = robotalk::nodeAt(tree_, end > 0 ? end - 1 : 0);
    if (node == kNoNode || tree_.nodes[node].kind != NodeKind::kOperator) return std::nullopt;
    const robotalk::OperatorInfo& op = *tree_.nodes[node].op;
    return SignatureInfo{std::string(op.name) + " ( " + std::string(op.effect) + " )", std::string(op.doc),
                         detail::effectInputs(op.effect)};
  }

  std::vector<TextEdit> format() const override { return detail::trimTrailingBlanks(file_.text()); }

  std::vector<CodeActionEntry> codeActions(SourceRange range) const override {
    return detail::codeActionsFor(diagnostics_, range,
                                  [&](size_t i, const Diagnostic& d, std::vector<CodeActionEntry>& actions) {
                                    if (d.code == DiagCode::kStoreWithoutVariable) quoteBeforeStore(i, actions);
                                    if (d.code == DiagCode::kUnknownToken || d.code == DiagCode::kUndefinedLabel)
                                      suggestNames(i, actions);
                                  });
  }

 private:
  // A label token without its colon.
  SourceRange nameRange(SourceRange range) const {
    const std::string_view text = file_.slice(range);
    if (!text.empty() && text.back() == ':') --range.end;
    return range;
  }

  std::string effectText(uint32_t label) const {
    for (const robotalk::LabelEffect& e : effects_) {
      if (e.range == tree_.labels[label].range) return e.text;
    }
    return {};
  }

  // The stack comment of a label: a comment that follows its definition on the same line.
  std::string stackComment(uint32_t definition) const {
    if (definition == kNoNode || definition + 1 >= tree_.nodes.size()) return {};
    for (uint32_t i = definition + 1; i < tree_.nodes.size(); ++i) {
      const SyntaxNode& next = tree_.nodes[i];
      const std::string_view between =
          file_.text().substr(tree_.nodes[definition].range.end, next.range.begin - tree_.nodes[definition].range.end);
      if (between.find_first_of("\r\n") != std::string_view::npos) return {};
      if (next.kind == NodeKind::kBlockComment || next.kind == NodeKind::kLineComment)
        return std::string(file_.slice(next.range));
    }
    return {};
  }

  std::optional<HoverInfo> labelHover(const SyntaxNode& node) const {
    if (node.label == kNoLabel) return std::nullopt;
    const robotalk::SyntaxLabel& label = tree_.labels[node.label];
    std::string md = "**" + label.name + ":** label at address " + std::to_string(label.address) + ", " +
                     std::to_string(label.references.size()) +
                     (label.references.size() == 1 ? " reference" : " references");
    if (const std::string effect = effectText(node.label); !effect.empty())
      md += "\n\ninferred stack: `" + effect + "`";
    if (const std::string comment = stackComment(label.definition); !comment.empty())
      md += "\n\nstack comment: `" + comment + "`";
    return HoverInfo{node.range, md};
  }

  // A label's effect text without the parts the checker does not know ("[?]", "sub ( -- ? )"): a hint
  // that only says "unknown" is noise on every line of a robot the checker cannot follow.
  static std::string knownPart(std::string_view text) {
    // The text is the depth in brackets, then for a subroutine " sub (...)" (labelEffects()).
    const size_t close = text.find(']');
    const std::string_view depth = close == std::string_view::npos ? text : text.substr(0, close + 1);
    std::string_view sub = close == std::string_view::npos ? std::string_view() : text.substr(close + 1);
    while (!sub.empty() && sub.front() == ' ') sub.remove_prefix(1);
    std::string out = depth == "[?]" ? std::string() : std::string(depth);
    if (!sub.empty() && sub != "sub ( -- ? )") out += (out.empty() ? "" : " ") + std::string(sub);
    return out;
  }

  // True when the robot's operators and registers are written mostly in lower case (more words all in
  // lower case than all in upper case); an empty robot counts as upper case, as the manual writes it.
  bool wordsInLowerCase() const {
    int lower = 0;
    int upper = 0;
    for (const SyntaxNode& node : tree_.nodes) {
      switch (node.kind) {
        case NodeKind::kOperator:
        case NodeKind::kQuotedRegister:
        case NodeKind::kRegisterRead: {
          bool anyLower = false;
          bool anyUpper = false;
          for (const char c : file_.slice(node.range)) {
            anyLower = anyLower || (c >= 'a' && c <= 'z');
            anyUpper = anyUpper || (c >= 'A' && c <= 'Z');
          }
          lower += anyLower && !anyUpper ? 1 : 0;
          upper += anyUpper && !anyLower ? 1 : 0;
          break;
        }
        case NodeKind::kLabelDefinition:
        case NodeKind::kNumber:
        case NodeKind::kLabelReference:
        case NodeKind::kDirective:
        case NodeKind::kBlockComment:
        case NodeKind::kLineComment:
        case NodeKind::kUnknown: break;
      }
    }
    return lower > upper;
  }

  // ASCII upper-case copy (the word table spells every word in upper case already; this keeps the
  // snippets' words in step).
  static std::string upperCopy(std::string_view text) {
    std::string out(text);
    for (char& c : out) c = (c >= 'a' && c <= 'z') ? static_cast<char>(c - 'a' + 'A') : c;
    return out;
  }

  std::optional<std::string> depthAfter(size_t index) const {
    if (index >= analysis_.facts.size()) return std::nullopt;
    const robotalk::InstructionFacts& facts = analysis_.facts[index];
    if (!facts.reached || (facts.base == robotalk::DepthBase::kUnknown && !facts.reachedFromStart)) return std::nullopt;
    const int16_t word = program_.code[index].word;
    int delta = 1;
    if (robotalk::classify(word) == robotalk::WordKind::kOperator) {
      const robotalk::OperatorInfo* op = robotalk::findOperator(static_cast<uint16_t>(word));
      if (op == nullptr || op->has(robotalk::kBranch) || op->has(robotalk::kDynamicEffect) ||
          op->has(robotalk::kTerminator))
        return std::nullopt;
      delta = op->counts.pushes - op->counts.pops;
    }
    // The facts hold before the instruction; shifted by its effect they hold after it.
    robotalk::InstructionFacts after = facts;
    after.minDepth += delta;
    after.maxDepth += delta;
    after.startMin += delta;
    after.startMax += delta;
    return robotalk::formatDepth(after);
  }

  uint32_t previousWord(uint32_t node) const {
    while (node > 0) {
      --node;
      const NodeKind kind = tree_.nodes[node].kind;
      if (kind != NodeKind::kBlockComment && kind != NodeKind::kLineComment && kind != NodeKind::kDirective &&
          kind != NodeKind::kLabelDefinition)
        return node;
    }
    return kNoNode;
  }

  void quoteBeforeStore(size_t diagnostic, std::vector<CodeActionEntry>& actions) const {
    const uint32_t store = robotalk::nodeAt(tree_, diagnostics_[diagnostic].range.begin);
    if (store == kNoNode) return;
    const uint32_t before = previousWord(store);
    if (before == kNoNode || tree_.nodes[before].kind != NodeKind::kRegisterRead) return;
    const SyntaxNode& reg = tree_.nodes[before];
    actions.push_back(CodeActionEntry{"Quote the register: " + std::string(file_.slice(reg.range)) + "'",
                                      {TextEdit{SourceRange{reg.range.end, reg.range.end}, "'"}},
                                      diagnostic,
                                      true});
  }

  void suggestNames(size_t diagnostic, std::vector<CodeActionEntry>& actions) const {
    const SourceRange range = diagnostics_[diagnostic].range;
    const std::string_view word = file_.slice(range);
    if (word.empty() || word.size() > 40) return;
    std::vector<std::pair<int, std::string>> candidates;
    const auto consider = [&](std::string_view name) {
      const int distance = detail::editDistance(word, name, 2);
      if (distance <= 2) candidates.emplace_back(distance, std::string(name));
    };
    // Words of the language are offered in the case of the word typed; labels keep their own spelling.
    for (const robotalk::OperatorInfo& op : robotalk::kOperators) {
      if (!op.has(robotalk::kInternal)) consider(detail::inCaseOf(word, op.name));
    }
    for (const robotalk::RegisterInfo& reg : robotalk::kRegisters) consider(detail::inCaseOf(word, reg.name));
    for (const robotalk::SyntaxLabel& label : tree_.labels) consider(label.name);
    std::stable_sort(candidates.begin(), candidates.end(),
                     [](const auto& a, const auto& b) { return a.first < b.first; });
    const bool typo = detail::preferredSpelling(word, candidates);
    // A likely typo of a label wins over the carried fix that creates the label (RT205).
    if (typo) {
      for (CodeActionEntry& action : actions) {
        if (action.diagnostic == diagnostic) action.preferred = false;
      }
    }
    for (size_t k = 0; k < candidates.size() && k < 3; ++k) {
      actions.push_back(CodeActionEntry{"Change to '" + candidates[k].second + "'",
                                        {TextEdit{range, candidates[k].second}},
                                        diagnostic,
                                        typo && k == 0});
    }
  }

  SourceFile file_;
  robotalk::CompileOptions options_;
  robotalk::SyntaxTree tree_;
  robotalk::Program program_;
  robotalk::Analysis analysis_;
  std::vector<robotalk::LabelEffect> effects_;
  bool analysed_ = false;
  std::vector<Diagnostic> diagnostics_;
};

// A robot's words in listing mode, made as `chronon disasm` makes them (the RoboWar 5 profile;
// object-code text is read as words).
DisassemblyResult listRobot(const SourceFile& file) {
  const robotalk::LoadedRobot robot = robotalk::loadRobotText(file, robotalk::CompileOptions{});
  if (robot.diagnostics.hasErrors()) return noListing(robot.file, robot.diagnostics.all());
  return DisassemblyResult{robotalk::disassemble(robot.program, robotalk::DisasmMode::kListing), 0};
}

}  // namespace

const LanguageSupport& roboTalkSupport() {
  static const detail::SupportFor<RoboTalkAnalysis> support(LanguageId::kRoboTalk, listRobot);
  return support;
}

}  // namespace chronon::lsp
