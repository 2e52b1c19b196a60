// The registry of language supports by language id, the token legend, and the analysis of input no
// frontend should see.

#include <array>
#include <stdexcept>
#include <string>
#include <vector>

#include "chronon/compiler/load.h"
#include "chronon/lsp/language.h"

namespace chronon::lsp {

namespace {

constexpr std::array<std::string_view, kTokenTypeCount> kTokenTypeNames{
    "keyword", "function", "variable", "property", "number", "comment", "macro", "type", "string"};
constexpr std::array<std::string_view, kTokenModifierCount> kTokenModifierNames{"declaration", "readonly",
                                                                                "defaultLibrary", "modification"};

// An analysis that only reports why the text was not analysed; every feature is empty.
class RejectedAnalysis final : public DocumentAnalysis {
 public:
  explicit RejectedAnalysis(Diagnostic diagnostic) : diagnostics_{std::move(diagnostic)} {}
  const std::vector<Diagnostic>& diagnostics() const override { return diagnostics_; }
  std::optional<HoverInfo> hover(uint32_t) const override { return std::nullopt; }
  std::vector<CompletionEntry> completion(uint32_t) const override { return {}; }
  std::vector<SourceRange> definition(uint32_t) const override { return {}; }
  std::vector<SourceRange> references(uint32_t, bool) const override { return {}; }
  std::optional<RenameTarget> prepareRename(uint32_t) const override { return std::nullopt; }
  RenameResult rename(uint32_t, std::string_view) const override {
    return RenameResult{{}, "the file is not analysed"};
  }
  std::vector<SymbolEntry> documentSymbols() const override { return {}; }
  std::vector<SemanticToken> semanticTokens() const override { return {}; }
  std::vector<InlayHintEntry> inlayHints(SourceRange) const override { return {}; }
  std::optional<SignatureInfo> signatureHelp(uint32_t) const override { return std::nullopt; }
  std::vector<TextEdit> format() const override { return {}; }
  std::vector<CodeActionEntry> codeActions(SourceRange) const override { return {}; }

 private:
  std::vector<Diagnostic> diagnostics_;
};

// Puts `support` in `table` at its language's id; a language has one support, and only a language
// of the registry has one.
void add(std::vector<const LanguageSupport*>& table, const LanguageSupport& support) {
  const LanguageId language = support.language();
  const auto index = static_cast<size_t>(language);
  if (index >= languages().size())
    throw std::invalid_argument("language support for id " + std::to_string(index) + ": no such language");
  if (index < table.size() && table[index] != nullptr)
    throw std::invalid_argument("language support for " + std::string(languageInfo(language).key) +
                                ": it has one already");
  if (index >= table.size()) table.resize(index + 1, nullptr);
  table[index] = &support;
}

// The supports by language id: entry i is the support of the language whose id has the value i, or
// nullptr. Made on first use with the built-in three, added as registerLanguageSupport adds the
// others, so that a registration during static initialisation finds them whatever the order of
// initialisation.
std::vector<const LanguageSupport*>& supports() {
  static std::vector<const LanguageSupport*> table = [] {
    std::vector<const LanguageSupport*> builtIn;
    add(builtIn, roboTalkSupport());
    add(builtIn, grobocodeSupport());
    add(builtIn, robbieSupport());
    return builtIn;
  }();
  return table;
}

}  // namespace

std::string_view tokenTypeName(TokenType type) { return kTokenTypeNames[static_cast<size_t>(type)]; }

std::string_view tokenModifierName(int bit) {
  return bit >= 0 && bit < kTokenModifierCount ? kTokenModifierNames[static_cast<size_t>(bit)] : "";
}

void registerLanguageSupport(const LanguageSupport& support) { add(supports(), support); }

const LanguageSupport* supportOf(LanguageId language) {
  const std::vector<const LanguageSupport*>& table = supports();
  const auto index = static_cast<size_t>(language);
  return index < table.size() ? table[index] : nullptr;
}

const LanguageSupport* languageFor(std::string_view languageId, std::string_view fileName) {
  // The client's language id wins; the file name decides only when the id is not ours.
  if (const std::optional<LanguageId> named = languageNamed(languageId)) return supportOf(*named);
  if (const std::optional<LanguageId> byFile = editorLanguageOf(fileName)) return supportOf(*byFile);
  return nullptr;
}

std::unique_ptr<DocumentAnalysis> rejectBadInput(std::string_view text) {
  if (text.size() > kMaxSourceBytes) {
    return std::make_unique<RejectedAnalysis>(
        Diagnostic{DiagCode::kFileTooLarge,
                   Severity::kError,
                   SourceRange{0, 0},
                   "file is " + std::to_string(text.size()) + " bytes; source files may be at most " +
                       std::to_string(kMaxSourceBytes) + " bytes, so it is not analysed",
                   {},
                   {}});
  }
  if (looksBinary(text)) {
    return std::make_unique<RejectedAnalysis>(Diagnostic{DiagCode::kBinaryInput,
                                                         Severity::kError,
                                                         SourceRange{0, 0},
                                                         "file looks like binary data, not source text",
                                                         {},
                                                         {}});
  }
  return nullptr;
}

}  // namespace chronon::lsp
