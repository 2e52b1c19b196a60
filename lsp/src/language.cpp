// Each language's support by its registry id, the token legend, and the analysis of input no
// frontend should see.

#include <array>

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

}  // namespace

std::string_view tokenTypeName(TokenType type) { return kTokenTypeNames[static_cast<size_t>(type)]; }

std::string_view tokenModifierName(int bit) {
  return bit >= 0 && bit < kTokenModifierCount ? kTokenModifierNames[static_cast<size_t>(bit)] : "";
}

const LanguageSupport& supportOf(LanguageId language) {
  switch (language) {
    case LanguageId::kRoboTalk: return roboTalkSupport();
    case LanguageId::kGrobocode: return grobocodeSupport();
    case LanguageId::kRobbie: return robbieSupport();
  }
  return roboTalkSupport();
}

const LanguageSupport* languageFor(std::string_view languageId, std::string_view fileName) {
  // The client's language id wins; the file name decides only when the id is not ours.
  if (const std::optional<LanguageId> named = languageNamed(languageId)) return &supportOf(*named);
  if (const std::optional<LanguageId> byFile = editorLanguageOf(fileName)) return &supportOf(*byFile);
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
