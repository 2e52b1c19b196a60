#pragma once
// Helpers shared by the language supports (not part of the public API): text scanning around a
// cursor, formatting edits, markdown escaping, and small name utilities.

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "chronon/compiler/diagnostic.h"
#include "chronon/lsp/language.h"

namespace chronon::lsp::detail {

/// True for the bytes that separate tokens in both languages (blank, tab, CR, LF, VT, FF).
bool isBlank(char c);

/// The bytes from the last blank before `offset` up to `offset`: the word being typed.
SourceRange prefixAt(std::string_view text, uint32_t offset);

/// `offset`, clamped to the text, moved back over the spaces and tabs before it: the end of the word
/// a signature help asked at `offset` is about (the cursor may sit after a blank on the same line).
uint32_t backOverSpaces(std::string_view text, uint32_t offset);

/// The inputs of a stack effect text ("flag a -- b") as separate words, for a signature help's
/// parameters: the words before "--" (all of them when there is none).
std::vector<std::string> effectInputs(std::string_view effect);

/// Edits that remove trailing blanks and tabs from every line (line terminators are kept as they
/// are, so CRLF and CR files stay so). Indentation, tabs and blank lines are kept.
std::vector<TextEdit> trimTrailingBlanks(std::string_view text);

/// Splits `range` into one range per line of `text` (for semantic tokens, which may not span lines).
std::vector<SourceRange> splitByLine(std::string_view text, SourceRange range);

/// ASCII lower-case copy.
std::string lowerCopy(std::string_view text);

/// The LanguageSupport of `language` (the registry's id), whose documents `Analysis` (constructed
/// from the SourceFile) analyses and `disassembler` disassembles. Each built-in language support
/// defines one in its own file.
template <typename Analysis>
class SupportFor final : public LanguageSupport {
 public:
  /// Makes the listing of a document (LanguageSupport::disassemble).
  using Disassembler = DisassemblyResult (*)(const SourceFile& file);
  /// The support of `language`, whose listings `disassembler` makes.
  constexpr SupportFor(LanguageId language, Disassembler disassembler)
      : language_(language), disassembler_(disassembler) {}
  LanguageId language() const override { return language_; }
  std::unique_ptr<DocumentAnalysis> analyze(const SourceFile& file) const override {
    return std::make_unique<Analysis>(file);
  }
  DisassemblyResult disassemble(const SourceFile& file) const override { return disassembler_(file); }

 private:
  LanguageId language_;
  Disassembler disassembler_;
};

/// Levenshtein distance, capped: returns at most `cap` + 1.
int editDistance(std::string_view a, std::string_view b, int cap);

/// True when `candidate` is one slip of the keyboard from `typed`, ignoring case: one character
/// inserted, left out or changed, or two neighbours swapped ("positoin", "randomangle"). Such a
/// spelling fix is what the user meant, so it is the preferred quick fix; `typed` must have at least
/// four characters, since every short word is one slip from many others.
bool isLikelyTypo(std::string_view typed, std::string_view candidate);

/// True when the first of `candidates` (sorted by edit distance from `typed`) is a likely typo of it
/// (isLikelyTypo) and no other candidate is, so that its spelling fix is the one to prefer.
bool preferredSpelling(std::string_view typed, const std::vector<std::pair<int, std::string>>& candidates);

/// `candidate` in the case of `typed`, so that a spelling fix does not change the code's style:
/// lower case when `typed` has no upper-case letter, upper case when it has no lower-case one, and
/// as it is otherwise. For the languages' own words, which all three match without regard to case.
std::string inCaseOf(std::string_view typed, std::string_view candidate);

/// True when [begin, end) ranges `a` and `b` overlap or touch.
bool touches(SourceRange a, SourceRange b);

/// The code quick fixes that a diagnostic already carries (Diagnostic::fixes), as code actions.
void addCarriedFixes(const std::vector<Diagnostic>& diagnostics, SourceRange range,
                     std::vector<CodeActionEntry>& actions);

/// The code actions for `range`: the fixes the diagnostics carry (addCarriedFixes), then what
/// `more(i, diagnostic, actions)` adds for each diagnostic i that touches `range`, in order.
template <class More>
std::vector<CodeActionEntry> codeActionsFor(const std::vector<Diagnostic>& diagnostics, SourceRange range, More more) {
  std::vector<CodeActionEntry> actions;
  addCarriedFixes(diagnostics, range, actions);
  for (size_t i = 0; i < diagnostics.size(); ++i) {
    if (touches(diagnostics[i].range, range)) more(i, diagnostics[i], actions);
  }
  return actions;
}

}  // namespace chronon::lsp::detail
