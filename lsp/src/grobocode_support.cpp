// Grobocode (Grobots side file) language support: every feature reads the side compiler's result
// (grobocode.h), its classified tokens (SideResult::uses), the checker and the word table.

#include <algorithm>
#include <array>
#include <cstdio>
#include <map>
#include <set>
#include <tuple>

#include "chronon/compiler/grobocode.h"
#include "chronon/compiler/grobocode_checker.h"
#include "chronon/compiler/grobocode_disasm.h"
#include "chronon/lsp/language.h"
#include "chronon/stdlib/grobocode_words.h"
#include "feature_util.h"

namespace chronon::lsp {

namespace {

using grobocode::SymbolUse;
using grobocode::UseKind;

// Which user-symbol table a use belongs to; kNone for built-ins, literals and tags.
enum class Family : uint8_t { kNone, kLabel, kVariable, kVector, kConstant };

Family familyOf(UseKind kind) {
  switch (kind) {
    case UseKind::kLabelDefinition:
    case UseKind::kLabelAddress:
    case UseKind::kLabelCall:
    case UseKind::kStartLabel: return Family::kLabel;
    case UseKind::kVariableDeclaration:
    case UseKind::kVariableRead:
    case UseKind::kVariableWrite: return Family::kVariable;
    case UseKind::kVectorDeclaration:
    case UseKind::kVectorRead:
    case UseKind::kVectorWrite: return Family::kVector;
    case UseKind::kConstantDeclaration:
    case UseKind::kConstantRead: return Family::kConstant;
    case UseKind::kTag:
    case UseKind::kHardwareComponent:
    case UseKind::kLiteral:
    case UseKind::kPrimitive:
    case UseKind::kCompileWord:
    case UseKind::kHardwareRead:
    case UseKind::kHardwareWrite:
    case UseKind::kUndefined: return Family::kNone;
  }
  return Family::kNone;
}

bool isDeclaration(UseKind kind) {
  return kind == UseKind::kLabelDefinition || kind == UseKind::kVariableDeclaration ||
         kind == UseKind::kVectorDeclaration || kind == UseKind::kConstantDeclaration;
}

std::string_view familyName(Family family) {
  switch (family) {
    case Family::kLabel: return "label";
    case Family::kVariable: return "variable";
    case Family::kVector: return "vector variable";
    case Family::kConstant: return "constant";
    case Family::kNone: return "symbol";
  }
  return "symbol";
}

struct TagDoc {
  std::string_view name;
  std::string_view doc;
};
constexpr std::array kTagDocs{
    TagDoc{"#side", "Starts the side; the rest of the line is its name."},
    TagDoc{"#author", "The side's author."},
    TagDoc{"#date", "The side's date (ignored)."},
    TagDoc{"#comment", "Starts free text, ignored up to the next tag."},
    TagDoc{"#color", "The side's or type's colour, hex `rgb` or `rrggbb`."},
    TagDoc{"#seed", "The type IDs (1-based) of the side's first robots."},
    TagDoc{"#type", "Starts a robot type; the rest of the line is its name."},
    TagDoc{"#decoration", "A type's decoration: a colour and a shape."},
    TagDoc{"#hardware", "Starts the type's hardware lines (one component per line)."},
    TagDoc{"#code", "Starts Grobocode: side-level code is common to every type."},
    TagDoc{"#start", "Where the brain starts: a label, or here when bare."},
    TagDoc{"#var", "Declares a scalar variable: `#var name [initial]`."},
    TagDoc{"#vector", "Declares a vector variable: `#vector name [x y]`."},
    TagDoc{"#const", "Declares a constant: `#const name value`."},
    TagDoc{"#end", "Ends the side."},
};

std::string primitiveMarkdown(const grobocode::PrimitiveInfo& p) {
  std::string md = "**" + std::string(p.name) + "** `( " + std::string(p.effect) + " )`";
  if (!p.returnEffect.empty()) md += " return stack `( " + std::string(p.returnEffect) + " )`";
  md += "\n\n" + std::string(p.doc);
  if (p.component != grobocode::Component::kNone)
    md += "\n\nNeeds hardware: " + std::string(grobocode::componentName(p.component)) + ".";
  if (p.has(grobocode::kUnimplemented)) md += "\n\nExecuting it crashes the brain (a name only in the original).";
  return md;
}

std::string compileWordMarkdown(const grobocode::CompileWordInfo& w) {
  return "**" + std::string(w.name) + "** compile-time word, compile stack `( " + std::string(w.csEffect) + " )`\n\n" +
         std::string(w.doc);
}

std::string hardwareMarkdown(const grobocode::HardwareInfo& h) {
  std::string md = "**" + std::string(h.name) + "** hardware " +
                   (h.shape == grobocode::Shape::kVector ? "vector (2 cells)" : "variable (1 cell)") + ", readable, " +
                   (h.writable() ? "writable with `" + std::string(h.name) + "!`" : std::string("read-only"));
  if (!h.unit.empty()) md += ", in " + std::string(h.unit);
  md += "\n\n" + std::string(h.doc);
  if (h.component != grobocode::Component::kNone)
    md += "\n\nComponent: " + std::string(grobocode::componentName(h.component)) + ".";
  return md;
}

// A tag as written ("#Type", "# type") in canonical form ("#type").
std::string normalizedTag(std::string_view text) {
  std::string tag = detail::lowerCopy(text);
  tag.erase(std::remove_if(tag.begin(), tag.end(), [](char c) { return detail::isBlank(c); }), tag.end());
  return tag;
}

const grobocode::HardwareInfo* lookupHardware(std::string_view name) {
  if (const grobocode::HardwareInfo* h = grobocode::lookupHardwareScalar(name)) return h;
  return grobocode::lookupHardwareVector(name);
}

std::string fixedText(grobots::Fixed value) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.3f", value.toDouble());
  std::string text = buffer;
  while (!text.empty() && text.back() == '0') text.pop_back();
  if (!text.empty() && text.back() == '.') text.pop_back();
  return text;
}

class GrobocodeAnalysis final : public DocumentAnalysis {
 public:
  explicit GrobocodeAnalysis(const SourceFile& file) : file_(file), result_(grobocode::compileSide(file_)) {
    Diagnostics all = result_.diagnostics;
    if (!all.hasErrors() && result_.loaded()) grobocode::checkSide(file_, result_.side, all);
    all.sortByPosition();
    diagnostics_ = all.all();
    uses_ = result_.uses;
    std::stable_sort(uses_.begin(), uses_.end(),
                     [](const SymbolUse& a, const SymbolUse& b) { return a.range.begin < b.range.begin; });
    // Names are compared lower-cased (§4.1); the first declaration of a name in a brain wins (§4.3).
    for (size_t i = 0; i < uses_.size(); ++i) {
      keys_.push_back(familyOf(uses_[i].kind) == Family::kNone ? std::string() : detail::lowerCopy(nameOf(uses_[i])));
      if (isDeclaration(uses_[i].kind))
        declarations_.emplace(DeclarationKey{familyOf(uses_[i].kind), uses_[i].scope, keys_[i]}, static_cast<int>(i));
    }
    for (const grobocode::Type& type : result_.side.types)
      effects_.push_back(type.brain ? grobocode::routineEffects(*type.brain) : std::vector<grobocode::RoutineEffect>{});
    if (!result_.diagnostics.hasErrors()) collectDepthHints();
  }

  const std::vector<Diagnostic>& diagnostics() const override { return diagnostics_; }

  std::optional<HoverInfo> hover(uint32_t offset) const override {
    const int index = useAt(offset);
    if (index < 0) return std::nullopt;
    const SymbolUse& use = uses_[static_cast<size_t>(index)];
    const std::string_view text = file_.slice(use.range);
    const std::string name(nameOf(use));
    switch (use.kind) {
      case UseKind::kTag:
        for (const TagDoc& tag : kTagDocs) {
          if (tag.name == normalizedTag(text))
            return HoverInfo{use.range, "**" + std::string(tag.name) + "** " + std::string(tag.doc)};
        }
        return std::nullopt;
      case UseKind::kHardwareComponent:
        return HoverInfo{use.range, "**" + detail::lowerCopy(text) + "** hardware component"};
      case UseKind::kPrimitive:
        if (const auto* p = grobocode::lookupPrimitive(text)) return HoverInfo{use.range, primitiveMarkdown(*p)};
        return std::nullopt;
      case UseKind::kCompileWord:
        if (const auto* w = grobocode::lookupCompileWord(text)) return HoverInfo{use.range, compileWordMarkdown(*w)};
        return std::nullopt;
      case UseKind::kHardwareRead:
      case UseKind::kHardwareWrite:
        if (const auto* h = lookupHardware(name)) return HoverInfo{use.range, hardwareMarkdown(*h)};
        return std::nullopt;
      case UseKind::kLiteral: {
        const auto value = grobots::parseLiteral(text);
        if (!value.ok()) return std::nullopt;
        return HoverInfo{use.range, "number `" + fixedText(value.value()) + "`"};
      }
      case UseKind::kUndefined: return HoverInfo{use.range, "undefined symbol `" + std::string(text) + "`"};
      case UseKind::kLabelDefinition:
      case UseKind::kLabelAddress:
      case UseKind::kLabelCall:
      case UseKind::kStartLabel:
      case UseKind::kVariableDeclaration:
      case UseKind::kVariableRead:
      case UseKind::kVariableWrite:
      case UseKind::kVectorDeclaration:
      case UseKind::kVectorRead:
      case UseKind::kVectorWrite:
      case UseKind::kConstantDeclaration:
      case UseKind::kConstantRead: return symbolHover(index);
    }
    return std::nullopt;
  }

  std::vector<CompletionEntry> completion(uint32_t offset) const override {
    std::vector<CompletionEntry> items;
    const SourceRange replace = detail::prefixAt(file_.text(), offset);
    const std::string_view prefix = file_.slice(replace);
    // Inside a `;` comment there is nothing to complete.
    const std::string_view text = file_.text();
    uint32_t lineBegin = replace.begin;
    while (lineBegin > 0 && text[lineBegin - 1] != '\n' && text[lineBegin - 1] != '\r') --lineBegin;
    if (text.substr(lineBegin, replace.begin - lineBegin).find(';') != std::string_view::npos) return items;
    if (!prefix.empty() && prefix.front() == '#') {
      for (const TagDoc& tag : kTagDocs)
        items.push_back(CompletionEntry{std::string(tag.name), CompletionKind::kKeyword, "tag", std::string(tag.doc),
                                        std::string(tag.name), false, replace});
      return items;
    }
    const int scope = scopeAt(offset);
    if (inHardwareSection(offset)) {
      for (int c = 1; c < grobocode::kComponentCount; ++c) {
        const auto component = static_cast<grobocode::Component>(c);
        if (component == grobocode::Component::kRadio) continue;
        const std::string name(grobocode::componentName(component));
        items.push_back(CompletionEntry{name, CompletionKind::kModule, "hardware component", "", name, false, replace});
      }
      return items;
    }
    for (const grobocode::PrimitiveInfo& p : grobocode::kPrimitives) {
      if (p.has(grobocode::kUnimplemented) || !fitted(scope, p.component)) continue;
      items.push_back(CompletionEntry{std::string(p.name), CompletionKind::kFunction,
                                      "( " + std::string(p.effect) + " )", primitiveMarkdown(p), std::string(p.name),
                                      false, replace});
    }
    for (const grobocode::CompileWordInfo& w : grobocode::kCompileWords) {
      items.push_back(CompletionEntry{std::string(w.name), CompletionKind::kKeyword, "compile-time word",
                                      compileWordMarkdown(w), std::string(w.name), false, replace});
    }
    const auto addHardware = [&](const grobocode::HardwareInfo& h) {
      if (!fitted(scope, h.component)) return;
      items.push_back(CompletionEntry{std::string(h.name), CompletionKind::kProperty, std::string(h.unit),
                                      hardwareMarkdown(h), std::string(h.name), false, replace});
      if (h.writable()) {
        items.push_back(CompletionEntry{std::string(h.name) + "!", CompletionKind::kProperty, "write",
                                        hardwareMarkdown(h), std::string(h.name) + "!", false, replace});
      }
    };
    for (const grobocode::HardwareInfo& h : grobocode::kHardwareScalars) addHardware(h);
    for (const grobocode::HardwareInfo& h : grobocode::kHardwareVectors) addHardware(h);
    for (const SymbolUse& use : uses_) {
      if (!isDeclaration(use.kind) || (use.scope != scope && use.scope != -1)) continue;
      const std::string name(nameOf(use));
      const Family family = familyOf(use.kind);
      const CompletionKind kind = family == Family::kLabel      ? CompletionKind::kLabel
                                  : family == Family::kConstant ? CompletionKind::kConstant
                                                                : CompletionKind::kVariable;
      items.push_back(CompletionEntry{name, kind, std::string(familyName(family)), "", name, false, replace});
      if (family == Family::kLabel) {
        items.push_back(CompletionEntry{name + "&", kind, "label address", "", name + "&", false, replace});
      } else if (family == Family::kVariable || family == Family::kVector) {
        items.push_back(CompletionEntry{name + "!", kind, "store", "", name + "!", false, replace});
      }
    }
    items.push_back(CompletionEntry{"if … then", CompletionKind::kSnippet, "flag if ... then",
                                    "Runs the body when the flag is non-zero.", "if\n\t$0\nthen", true, replace});
    items.push_back(CompletionEntry{"if … else … then", CompletionKind::kSnippet, "flag if ... else ... then",
                                    "Two-way conditional.", "if\n\t$1\nelse\n\t$0\nthen", true, replace});
    items.push_back(CompletionEntry{"do … loop", CompletionKind::kSnippet, "do ... flag while ... loop",
                                    "A loop tested with while (or until) and closed by loop.",
                                    "do\n\t$1 while\n\t$0\nloop", true, replace});
    items.push_back(CompletionEntry{"do … forever", CompletionKind::kSnippet, "do ... forever", "An endless loop.",
                                    "do\n\t$0\nforever", true, replace});
    items.push_back(CompletionEntry{"subroutine", CompletionKind::kSnippet, "name: ; in -- out ... return",
                                    "A subroutine with a stack comment, called by its bare name.",
                                    "${1:name}: ; ${2:n} -- ${3:n}\n\t$0\nreturn", true, replace});
    return items;
  }

  std::vector<SourceRange> definition(uint32_t offset) const override {
    const int index = useAt(offset);
    if (index < 0) return {};
    const int def = resolve(index);
    if (def < 0) return {};
    return {nameRange(uses_[static_cast<size_t>(def)])};
  }

  std::vector<SourceRange> references(uint32_t offset, bool includeDeclaration) const override {
    std::vector<SourceRange> ranges;
    for (const int i : occurrences(useAt(offset))) {
      if (!includeDeclaration && isDeclaration(uses_[static_cast<size_t>(i)].kind)) continue;
      ranges.push_back(nameRange(uses_[static_cast<size_t>(i)]));
    }
    return ranges;
  }

  std::optional<RenameTarget> prepareRename(uint32_t offset) const override {
    const int index = useAt(offset);
    if (index < 0 || familyOf(uses_[static_cast<size_t>(index)].kind) == Family::kNone) return std::nullopt;
    const SourceRange range = nameRange(uses_[static_cast<size_t>(index)]);
    return RenameTarget{range, std::string(file_.slice(range))};
  }

  RenameResult rename(uint32_t offset, std::string_view newName) const override {
    RenameResult result;
    const int index = useAt(offset);
    if (index < 0 || familyOf(uses_[static_cast<size_t>(index)].kind) == Family::kNone) {
      result.error = "only labels, variables, vectors and constants can be renamed";
      return result;
    }
    if (const std::string why = badName(newName, uses_[static_cast<size_t>(index)].scope); !why.empty()) {
      result.error = why;
      return result;
    }
    for (const int i : occurrences(index))
      result.edits.push_back(TextEdit{nameRange(uses_[static_cast<size_t>(i)]), std::string(newName)});
    return result;
  }

  std::vector<SymbolEntry> documentSymbols() const override {
    const grobocode::Side& side = result_.side;
    const auto fileEnd = static_cast<uint32_t>(file_.text().size());
    SymbolEntry root{side.name.empty() ? std::string("side") : side.name,
                     SymbolKind::kNamespace,
                     side.author,
                     SourceRange{0, fileEnd},
                     tagRange("#side", -1).value_or(SourceRange{0, 0}),
                     {}};
    const uint32_t endTag = tagRange("#end", -2).value_or(SourceRange{fileEnd, fileEnd}).begin;
    if (const auto code = tagRange("#code", -1)) {
      const uint32_t end = side.types.empty() ? endTag : side.types.front().range.begin;
      root.children.push_back(codeSymbol(-1, SourceRange{code->begin, std::max(end, code->end)}, *code));
    }
    for (size_t t = 0; t < side.types.size(); ++t) {
      const grobocode::Type& type = side.types[t];
      const uint32_t end = t + 1 < side.types.size() ? side.types[t + 1].range.begin : std::max(endTag, type.range.end);
      SymbolEntry entry{type.name,
                        SymbolKind::kClass,
                        "type " + std::to_string(t + 1),
                        SourceRange{type.range.begin, std::max(end, type.range.end)},
                        type.range,
                        {}};
      const int scope = static_cast<int>(t);
      if (const auto hw = tagRange("#hardware", scope)) {
        SymbolEntry hardware{"hardware", SymbolKind::kStruct, "", *hw, *hw, {}};
        for (const grobocode::HardwareItem& item : type.hardware) {
          hardware.children.push_back(SymbolEntry{std::string(grobocode::componentName(item.component)),
                                                  SymbolKind::kProperty,
                                                  std::string(file_.slice(item.range)),
                                                  item.range,
                                                  item.range,
                                                  {}});
          hardware.range.end = std::max(hardware.range.end, item.range.end);
        }
        entry.children.push_back(std::move(hardware));
      }
      if (const auto code = tagRange("#code", scope))
        entry.children.push_back(codeSymbol(scope, SourceRange{code->begin, std::max(end, code->end)}, *code));
      root.children.push_back(std::move(entry));
    }
    return {root};
  }

  std::vector<SemanticToken> semanticTokens() const override {
    std::vector<SemanticToken> tokens;
    for (const SymbolUse& use : uses_) {
      const auto add = [&](TokenType type, uint32_t modifiers) {
        tokens.push_back(SemanticToken{use.range, type, modifiers});
      };
      switch (use.kind) {
        case UseKind::kTag: add(TokenType::kMacro, 0); break;
        case UseKind::kHardwareComponent: add(TokenType::kType, kModDefaultLibrary); break;
        case UseKind::kLabelDefinition: add(TokenType::kFunction, kModDeclaration); break;
        case UseKind::kLabelAddress:
        case UseKind::kLabelCall:
        case UseKind::kStartLabel: add(TokenType::kFunction, 0); break;
        case UseKind::kVariableDeclaration:
        case UseKind::kVectorDeclaration: add(TokenType::kVariable, kModDeclaration); break;
        case UseKind::kVariableRead:
        case UseKind::kVectorRead: add(TokenType::kVariable, 0); break;
        case UseKind::kVariableWrite:
        case UseKind::kVectorWrite: add(TokenType::kVariable, kModModification); break;
        case UseKind::kConstantDeclaration: add(TokenType::kVariable, kModDeclaration | kModReadonly); break;
        case UseKind::kConstantRead: add(TokenType::kVariable, kModReadonly); break;
        case UseKind::kLiteral: add(TokenType::kNumber, 0); break;
        case UseKind::kPrimitive: add(TokenType::kFunction, kModDefaultLibrary); break;
        case UseKind::kCompileWord: add(TokenType::kKeyword, 0); break;
        case UseKind::kHardwareRead: {
          const grobocode::HardwareInfo* h = lookupHardware(file_.slice(use.range));
          add(TokenType::kProperty, kModDefaultLibrary | (h != nullptr && !h->writable() ? kModReadonly : 0u));
          break;
        }
        case UseKind::kHardwareWrite: add(TokenType::kProperty, kModDefaultLibrary | kModModification); break;
        case UseKind::kUndefined: break;
      }
    }
    // `;` comments run to the end of their line (§4.1).
    const std::string_view text = file_.text();
    size_t i = 0;
    while (i < text.size()) {
      if (text[i] == ';') {
        size_t end = i;
        while (end < text.size() && text[end] != '\n' && text[end] != '\r') ++end;
        tokens.push_back(
            SemanticToken{SourceRange{static_cast<uint32_t>(i), static_cast<uint32_t>(end)}, TokenType::kComment, 0});
        i = end;
        continue;
      }
      ++i;
    }
    std::stable_sort(tokens.begin(), tokens.end(),
                     [](const SemanticToken& a, const SemanticToken& b) { return a.range.begin < b.range.begin; });
    return tokens;
  }

  std::vector<InlayHintEntry> inlayHints(SourceRange range) const override {
    std::vector<InlayHintEntry> hints;
    for (const InlayHintEntry& hint : depthHints_) {
      if (hint.offset >= range.begin && hint.offset <= range.end) hints.push_back(hint);
    }
    for (const SymbolUse& use : uses_) {
      if (use.kind != UseKind::kLabelDefinition || use.scope < 0 || use.range.end < range.begin ||
          use.range.end > range.end)
        continue;
      const std::string key = detail::lowerCopy(nameOf(use));
      for (const grobocode::RoutineEffect& e : effects_[static_cast<size_t>(use.scope)]) {
        if (detail::lowerCopy(e.name) != key) continue;
        // An effect the checker does not know gets no hint rather than one that says so.
        if (e.returns && !e.known) continue;
        const std::string label = !e.returns
                                      ? "( never returns )"
                                      : "( " + std::to_string(e.inputs) + " -- " + std::to_string(e.outputs) + " )";
        hints.push_back(InlayHintEntry{use.range.end, label, "inferred effect in cells, as the checker sees it"});
      }
    }
    std::stable_sort(hints.begin(), hints.end(),
                     [](const InlayHintEntry& a, const InlayHintEntry& b) { return a.offset < b.offset; });
    return hints;
  }

  std::optional<SignatureInfo> signatureHelp(uint32_t offset) const override {
    const uint32_t end = detail::backOverSpaces(file_.text(), offset);
    const int index = useAt(end);
    if (index < 0 || uses_[static_cast<size_t>(index)].kind != UseKind::kPrimitive) return std::nullopt;
    const grobocode::PrimitiveInfo* p =
        grobocode::lookupPrimitive(file_.slice(uses_[static_cast<size_t>(index)].range));
    if (p == nullptr) return std::nullopt;
    return SignatureInfo{std::string(p->name) + " ( " + std::string(p->effect) + " )", std::string(p->doc),
                         detail::effectInputs(p->effect)};
  }

  std::vector<TextEdit> format() const override { return detail::trimTrailingBlanks(file_.text()); }

  std::vector<CodeActionEntry> codeActions(SourceRange range) const override {
    return detail::codeActionsFor(diagnostics_, range,
                                  [&](size_t i, const Diagnostic& d, std::vector<CodeActionEntry>& actions) {
                                    if (d.code == DiagCode::kGbUndefinedSymbol) undefinedFixes(i, actions);
                                    if (d.code == DiagCode::kGbCompileStackLeft) closeFix(i, actions);
                                  });
  }

 private:
  // The name a use spells: its text without the `:`, `&`, `^` or `!` suffix its kind implies.
  std::string_view nameOf(const SymbolUse& use) const {
    std::string_view text = file_.slice(use.range);
    switch (use.kind) {
      case UseKind::kLabelDefinition:
      case UseKind::kLabelAddress:
      case UseKind::kVariableWrite:
      case UseKind::kVectorWrite:
      case UseKind::kHardwareWrite:
        if (!text.empty()) text.remove_suffix(1);
        return text;
      case UseKind::kLabelCall:
        if (!text.empty() && text.back() == '^') text.remove_suffix(1);
        return text;
      case UseKind::kTag:
      case UseKind::kHardwareComponent:
      case UseKind::kStartLabel:
      case UseKind::kVariableDeclaration:
      case UseKind::kVariableRead:
      case UseKind::kVectorDeclaration:
      case UseKind::kVectorRead:
      case UseKind::kConstantDeclaration:
      case UseKind::kConstantRead:
      case UseKind::kLiteral:
      case UseKind::kPrimitive:
      case UseKind::kCompileWord:
      case UseKind::kHardwareRead:
      case UseKind::kUndefined: return text;
    }
    return text;
  }

  SourceRange nameRange(const SymbolUse& use) const {
    return SourceRange{use.range.begin, use.range.begin + static_cast<uint32_t>(nameOf(use).size())};
  }

  // The use under `offset`: the one containing it, else one ending exactly there. -1 when none.
  int useAt(uint32_t offset) const {
    const auto it = std::upper_bound(uses_.begin(), uses_.end(), offset,
                                     [](uint32_t o, const SymbolUse& u) { return o < u.range.begin; });
    if (it == uses_.begin()) return -1;
    const auto index = static_cast<int>(it - uses_.begin() - 1);
    const SymbolUse& use = uses_[static_cast<size_t>(index)];
    if (offset < use.range.end || offset == use.range.end) return index;
    return -1;
  }

  // The brain scope at `offset`: that of the nearest use before it (or -1).
  int scopeAt(uint32_t offset) const {
    int scope = -1;
    for (const SymbolUse& use : uses_) {
      if (use.range.begin > offset) break;
      scope = use.scope;
      if (use.kind == UseKind::kTag && normalizedTag(file_.slice(use.range)) == "#type") scope = use.scope + 1;
    }
    return std::min(scope, static_cast<int>(result_.side.types.size()) - 1);
  }

  bool inHardwareSection(uint32_t offset) const {
    bool hardware = false;
    for (const SymbolUse& use : uses_) {
      if (use.range.begin > offset) break;
      if (use.kind == UseKind::kTag) {
        hardware = normalizedTag(file_.slice(use.range)) == "#hardware";
      }
    }
    return hardware;
  }

  // True when `component` is fitted on the type `scope` (always for kNone and outside types).
  bool fitted(int scope, grobocode::Component component) const {
    if (component == grobocode::Component::kNone || scope < 0 ||
        static_cast<size_t>(scope) >= result_.side.types.size())
      return true;
    for (const grobocode::HardwareItem& item : result_.side.types[static_cast<size_t>(scope)].hardware) {
      if (item.component == component) return true;
    }
    return false;
  }

  // The declaration a use refers to: the first declaration of its family and name in its own brain,
  // else in common code (§4.6: a type's brain starts as a copy of the common brain). -1 when none.
  int resolve(int index) const {
    if (index < 0) return -1;
    const SymbolUse& use = uses_[static_cast<size_t>(index)];
    const Family family = familyOf(use.kind);
    if (family == Family::kNone) return -1;
    for (const int scope : {use.scope, -1}) {
      const auto it = declarations_.find(DeclarationKey{family, scope, keys_[static_cast<size_t>(index)]});
      if (it != declarations_.end()) return it->second;
      if (use.scope == -1) break;
    }
    return -1;
  }

  // Every use that means the same symbol as use `index`, in source order.
  std::vector<int> occurrences(int index) const {
    std::vector<int> found;
    if (index < 0) return found;
    const SymbolUse& use = uses_[static_cast<size_t>(index)];
    const Family family = familyOf(use.kind);
    if (family == Family::kNone) return found;
    const int def = resolve(index);
    const std::string& key = keys_[static_cast<size_t>(index)];
    for (size_t i = 0; i < uses_.size(); ++i) {
      const SymbolUse& other = uses_[i];
      if (familyOf(other.kind) != family || keys_[i] != key) continue;
      const int otherDef = resolve(static_cast<int>(i));
      if (def >= 0 ? otherDef == def : (otherDef < 0 && other.scope == use.scope)) found.push_back(static_cast<int>(i));
    }
    return found;
  }

  std::string badName(std::string_view name, int scope) const {
    const std::string quoted = "'" + std::string(name) + "'";
    if (name.empty()) return "a name may not be empty";
    for (const char c : name) {
      if (detail::isBlank(c) || c == ';') return quoted + " is not a valid name (no blanks or `;`)";
    }
    if (name.front() == '#') return quoted + " would be read as a tag";
    if (name.size() >= 2 && (name.back() == '!' || name.back() == ':' || name.back() == '&' || name.back() == '^'))
      return quoted + " ends in a suffix (`!`, `:`, `&` or `^`)";
    if (grobots::parseLiteral(name).ok()) return quoted + " is a number";
    if (grobocode::resolveBuiltin(name).which != grobocode::Builtin::Which::kNone)
      return quoted + " is a Grobocode word; a symbol may not take its name";
    const std::string key = detail::lowerCopy(name);
    for (const SymbolUse& use : uses_) {
      if (isDeclaration(use.kind) && (use.scope == scope || use.scope == -1 || scope == -1) &&
          detail::lowerCopy(nameOf(use)) == key)
        return "a " + std::string(familyName(familyOf(use.kind))) + " named " + quoted + " already exists";
    }
    return {};
  }

  std::optional<HoverInfo> symbolHover(int index) const {
    const SymbolUse& use = uses_[static_cast<size_t>(index)];
    const Family family = familyOf(use.kind);
    const int def = resolve(index);
    const std::string name(nameOf(use));
    std::string md = "**" + name + "** " + std::string(familyName(family));
    if (def < 0) return HoverInfo{use.range, md + " (not declared)"};
    const SymbolUse& d = uses_[static_cast<size_t>(def)];
    if (family == Family::kLabel) {
      md += ", defined in " + scopeName(d.scope);
      const std::string key = detail::lowerCopy(name);
      if (d.scope >= 0) {
        for (const grobocode::RoutineEffect& e : effects_[static_cast<size_t>(d.scope)]) {
          if (detail::lowerCopy(e.name) != key) continue;
          md += "\n\ninferred effect: " +
                (!e.returns ? std::string("never returns")
                 : e.known  ? "`( " + std::to_string(e.inputs) + " -- " + std::to_string(e.outputs) + " )` cells"
                            : std::string("unknown"));
        }
      }
      if (const std::string comment = commentAfter(d.range.end); !comment.empty())
        md += "\n\nstack comment: `" + comment + "`";
      return HoverInfo{use.range, md};
    }
    md += family == Family::kConstant ? ", read-only" : ", readable and writable (`" + name + "!`)";
    if (family == Family::kVector) md += ", 2 cells";
    md += "\n\ndeclared in " + scopeName(d.scope) + ": `" + std::string(lineOf(d.range.begin)) + "`";
    return HoverInfo{use.range, md};
  }

  std::string scopeName(int scope) const {
    if (scope < 0) return "common code";
    return "type " + result_.side.types[static_cast<size_t>(scope)].name;
  }

  std::string_view lineOf(uint32_t offset) const {
    const std::string_view text = file_.text();
    uint32_t begin = offset;
    while (begin > 0 && text[begin - 1] != '\n' && text[begin - 1] != '\r') --begin;
    uint32_t end = offset;
    while (end < text.size() && text[end] != '\n' && text[end] != '\r') ++end;
    std::string_view line = text.substr(begin, end - begin);
    const size_t semicolon = line.find(';');
    if (semicolon != std::string_view::npos) line = line.substr(0, semicolon);
    while (!line.empty() && detail::isBlank(line.back())) line.remove_suffix(1);
    while (!line.empty() && detail::isBlank(line.front())) line.remove_prefix(1);
    return line;
  }

  // The text of a `;` comment after `offset` on its line (the stack comment after a label).
  std::string commentAfter(uint32_t offset) const {
    const std::string_view text = file_.text();
    uint32_t i = offset;
    while (i < text.size() && text[i] != '\n' && text[i] != '\r' && text[i] != ';') ++i;
    if (i >= text.size() || text[i] != ';') return {};
    uint32_t end = i;
    while (end < text.size() && text[end] != '\n' && text[end] != '\r') ++end;
    std::string_view comment = text.substr(i + 1, end - i - 1);
    while (!comment.empty() && detail::isBlank(comment.front())) comment.remove_prefix(1);
    while (!comment.empty() && detail::isBlank(comment.back())) comment.remove_suffix(1);
    return std::string(comment);
  }

  // The range of the first tag `name` ("#code") in `scope`; scope -2 matches any scope.
  std::optional<SourceRange> tagRange(std::string_view name, int scope) const {
    for (const SymbolUse& use : uses_) {
      if (use.kind != UseKind::kTag || (scope != -2 && use.scope != scope)) continue;
      if (normalizedTag(file_.slice(use.range)) == name) return use.range;
    }
    return std::nullopt;
  }

  SymbolEntry codeSymbol(int scope, SourceRange range, SourceRange selection) const {
    SymbolEntry code{"code", SymbolKind::kModule, "", range, selection, {}};
    for (const SymbolUse& use : uses_) {
      if (use.scope != scope || !isDeclaration(use.kind)) continue;
      const Family family = familyOf(use.kind);
      const SymbolKind kind = family == Family::kLabel      ? SymbolKind::kFunction
                              : family == Family::kConstant ? SymbolKind::kConstant
                                                            : SymbolKind::kVariable;
      const SourceRange name = nameRange(use);
      code.children.push_back(
          SymbolEntry{std::string(file_.slice(name)), kind, std::string(familyName(family)), use.range, name, {}});
    }
    return code;
  }

  // The scope of the diagnostic's position: that of the nearest use at or before it.
  int scopeOfOffset(uint32_t offset) const {
    int scope = -1;
    for (const SymbolUse& use : uses_) {
      if (use.range.begin > offset) break;
      scope = use.scope;
    }
    return scope;
  }

  uint32_t nextLineStart(uint32_t offset) const {
    const std::string_view text = file_.text();
    while (offset < text.size() && text[offset] != '\n' && text[offset] != '\r') ++offset;
    if (offset < text.size() && text[offset] == '\r') ++offset;
    if (offset < text.size() && text[offset] == '\n') ++offset;
    return offset;
  }

  uint32_t lineStartOf(uint32_t offset) const {
    const std::string_view text = file_.text();
    while (offset > 0 && text[offset - 1] != '\n' && text[offset - 1] != '\r') --offset;
    return offset;
  }

  std::string_view newline() const { return file_.text().find("\r\n") != std::string_view::npos ? "\r\n" : "\n"; }

  void undefinedFixes(size_t diagnostic, std::vector<CodeActionEntry>& actions) const {
    const SourceRange range = diagnostics_[diagnostic].range;
    std::string_view name = file_.slice(range);
    if (name.size() >= 2 && name.back() == '!') name.remove_suffix(1);
    if (name.empty() || name.size() > 100) return;
    const int scope = scopeOfOffset(range.begin);
    // Declare it right after the `#code` line of its brain, where declarations usually go.
    std::optional<SourceRange> code;
    for (const SymbolUse& use : uses_) {
      if (use.range.begin > range.begin) break;
      if (use.kind == UseKind::kTag && use.scope == scope && normalizedTag(file_.slice(use.range)) == "#code")
        code = use.range;
    }
    std::optional<CodeActionEntry> declare;
    if (code && badName(name, scope).empty()) {
      const uint32_t at = nextLineStart(code->end);
      declare = CodeActionEntry{"Declare variable '" + std::string(name) + "' (#var)",
                                {TextEdit{SourceRange{at, at}, "#var " + std::string(name) + std::string(newline())}},
                                diagnostic,
                                false};
    }
    std::vector<std::pair<int, std::string>> candidates;
    const auto consider = [&](std::string_view candidate) {
      const int distance = detail::editDistance(name, candidate, 2);
      if (distance <= 2) candidates.emplace_back(distance, std::string(candidate));
    };
    // Words of the language are offered in the case of the word typed; declared names keep their own.
    for (const grobocode::PrimitiveInfo& p : grobocode::kPrimitives) consider(detail::inCaseOf(name, p.name));
    for (const grobocode::CompileWordInfo& w : grobocode::kCompileWords) consider(detail::inCaseOf(name, w.name));
    for (const grobocode::HardwareInfo& h : grobocode::kHardwareScalars) consider(detail::inCaseOf(name, h.name));
    for (const grobocode::HardwareInfo& h : grobocode::kHardwareVectors) consider(detail::inCaseOf(name, h.name));
    for (const SymbolUse& use : uses_) {
      if (isDeclaration(use.kind) && (use.scope == scope || use.scope == -1)) consider(nameOf(use));
    }
    std::stable_sort(candidates.begin(), candidates.end(),
                     [](const auto& a, const auto& b) { return a.first < b.first; });
    candidates.erase(std::unique(candidates.begin(), candidates.end()), candidates.end());
    const std::string suffix = file_.slice(range).size() > name.size() ? "!" : "";
    // A name one slip from a known one was meant as that name: its spelling fix comes first and is
    // preferred. Otherwise declaring the name is.
    const bool typo = detail::preferredSpelling(name, candidates);
    if (declare && !typo) {
      declare->preferred = true;
      actions.push_back(std::move(*declare));
    }
    for (size_t k = 0; k < candidates.size() && k < 3; ++k) {
      const std::string spelled = candidates[k].second + suffix;
      actions.push_back(
          CodeActionEntry{"Change to '" + spelled + "'", {TextEdit{range, spelled}}, diagnostic, typo && k == 0});
    }
    if (declare && typo) actions.push_back(std::move(*declare));
  }

  // GB603: a compile-time word left open. Closes the innermost open construct before the tag that
  // ended the brain (`then` for if/nif/else, `loop` for do...while, `forever` for a bare do).
  void closeFix(size_t diagnostic, std::vector<CodeActionEntry>& actions) const {
    const SourceRange at = diagnostics_[diagnostic].range;
    const int scope = scopeOfOffset(lineStartOf(at.begin) > 0 ? lineStartOf(at.begin) - 1 : 0);
    std::vector<std::string> open;
    for (const SymbolUse& use : uses_) {
      if (use.range.begin >= at.begin) break;
      if (use.scope != scope || use.kind != UseKind::kCompileWord) continue;
      const grobocode::CompileWordInfo* w = grobocode::lookupCompileWord(file_.slice(use.range));
      if (w == nullptr) continue;
      switch (w->word) {
        case grobocode::CompileWord::If:
        case grobocode::CompileWord::Nif: open.push_back("then"); break;
        case grobocode::CompileWord::Do: open.push_back("forever"); break;
        case grobocode::CompileWord::While:
        case grobocode::CompileWord::Until:
          if (!open.empty() && open.back() == "forever") open.back() = "loop";
          break;
        case grobocode::CompileWord::Then:
        case grobocode::CompileWord::Loop:
        case grobocode::CompileWord::Forever:
        case grobocode::CompileWord::WhileLoop:
        case grobocode::CompileWord::UntilLoop:
          if (!open.empty()) open.pop_back();
          break;
        case grobocode::CompileWord::Else:
        case grobocode::CompileWord::AndIf:
        case grobocode::CompileWord::AndNif:
        case grobocode::CompileWord::Celse:
        case grobocode::CompileWord::CNop: break;
      }
    }
    const std::string word = open.empty() ? "then" : open.back();
    const uint32_t insert = lineStartOf(at.begin);
    actions.push_back(CodeActionEntry{"Close the open construct with '" + word + "'",
                                      {TextEdit{SourceRange{insert, insert}, word + std::string(newline())}},
                                      diagnostic,
                                      true});
  }

  // "Stack depth at the end of a line": after the last instruction of each code line, the depth the
  // checker infers before it plus its own effect. Lines where the checker does not know the depth, or
  // that end in a call (whose effect is the callee's), get no hint. Common code appears in every
  // type's brain; its lines get the hint of the first type that knows the depth there.
  void collectDepthHints() {
    const std::string_view text = file_.text();
    std::set<uint32_t> seen;
    for (const grobocode::Type& type : result_.side.types) {
      if (!type.brain) continue;
      const std::vector<grobocode::Instruction>& code = type.brain->instructions;
      const std::vector<grobocode::DepthFact> depths = grobocode::instructionDepths(*type.brain);
      for (size_t pc = 0; pc < code.size() && pc < depths.size(); ++pc) {
        const grobocode::Instruction& in = code[pc];
        if (in.line == grobocode::kSentinelLine || in.range.size() == 0) continue;
        uint32_t lineEnd = in.range.end;
        while (lineEnd < text.size() && text[lineEnd] != '\n' && text[lineEnd] != '\r') ++lineEnd;
        if (pc + 1 < code.size() && code[pc + 1].line != grobocode::kSentinelLine &&
            code[pc + 1].range.begin >= in.range.begin && code[pc + 1].range.begin < lineEnd)
          continue;
        const grobocode::DepthFact& fact = depths[pc];
        if (!fact.reached || !fact.known || !fact.change) continue;
        if (!seen.insert(in.range.end).second) continue;
        const int depth = fact.depth + *fact.change;
        const std::string label = fact.relative
                                      ? "[" + std::string(depth > 0 ? "+" : "") + std::to_string(depth) + " rel]"
                                      : "[" + std::to_string(depth) + "]";
        std::string tooltip = fact.relative
                                  ? "data-stack cells after this line, relative to the entry of its subroutine"
                                  : "data-stack cells after this line";
        // Say so when some way here passes code whose effect the checker cannot follow.
        if (!fact.complete)
          tooltip +=
              ", on the paths the checker can follow (it does not follow receive, a send or dropn "
              "without a constant count, or a call of unknown effect)";
        depthHints_.push_back(InlayHintEntry{in.range.end, label, tooltip});
      }
    }
  }

  // A user symbol's identity: its table, its brain and its lower-cased name.
  using DeclarationKey = std::tuple<Family, int, std::string>;

  SourceFile file_;
  grobocode::SideResult result_;
  std::vector<InlayHintEntry> depthHints_;
  std::vector<std::string> keys_;               // Per use: the lower-cased name of a user symbol.
  std::map<DeclarationKey, int> declarations_;  // The first declaration of each symbol.
  std::vector<Diagnostic> diagnostics_;
  std::vector<SymbolUse> uses_;
  std::vector<std::vector<grobocode::RoutineEffect>> effects_;  // Per type.
};

// Every type's brain of a side, as `chronon disasm` lists them.
DisassemblyResult listSide(const SourceFile& file) {
  const grobocode::SideResult side = grobocode::compileSide(file);
  if (side.diagnostics.hasErrors()) return noListing(file, side.diagnostics.all());
  // Without a type name every type is listed, so there is always a listing.
  return DisassemblyResult{grobocode::disassembleSide(side.side).value_or(std::string()), 0};
}

}  // namespace

const LanguageSupport& grobocodeSupport() {
  static const detail::SupportFor<GrobocodeAnalysis> support(LanguageId::kGrobocode, listSide);
  return support;
}

}  // namespace chronon::lsp
