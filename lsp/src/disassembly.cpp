// The `chronon/disassembly` feature: the listing each language's support makes of a document's
// current text (LanguageSupport::disassemble), after the checks every document gets.

#include "chronon/lsp/disassembly.h"

namespace chronon::lsp {

DisassemblyResult noListing(const SourceFile& file, const std::vector<Diagnostic>& diagnostics) {
  DisassemblyResult result;
  std::string rendered;
  for (const Diagnostic& d : diagnostics) {
    if (d.severity != Severity::kError) continue;
    ++result.errors;
    rendered += render(file, d);
  }
  result.text = "No listing: " + file.name() + " has " + std::to_string(result.errors) +
                (result.errors == 1 ? " error" : " errors") + ".\n\n" + rendered;
  return result;
}

DisassemblyResult disassembly(const LanguageSupport& language, const SourceFile& file) {
  // Too large or binary text reaches no frontend, whichever language's it is.
  if (const std::unique_ptr<DocumentAnalysis> rejected = rejectBadInput(file.text()))
    return noListing(file, rejected->diagnostics());
  return language.disassemble(file);
}

}  // namespace chronon::lsp
