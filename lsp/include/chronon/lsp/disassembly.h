#pragma once
// The `chronon/disassembly` request (a Chronon extension of LSP): the listing `chronon disasm FILE`
// prints, made from a document's current text rather than the saved file, so an editor can show the
// object code beside the source and follow every edit.

#include <string>

#include "chronon/compiler/source.h"
#include "chronon/lsp/language.h"

namespace chronon::lsp {

/// What `chronon/disassembly` answers for one document.
struct DisassemblyResult {
  /// The listing, byte for byte what `chronon disasm FILE` writes to stdout for the same text; when
  /// the text has errors, a line saying there is no listing followed by the errors as `chronon
  /// check` prints them (`file:line:col: error: message [CODE]`, with their notes).
  std::string text;
  /// The errors that prevent a listing (the compiler's, which are the ones `chronon disasm` stops
  /// on); 0 exactly when `text` is a listing.
  int errors = 0;
};

/// Disassembles `file` as `language` does: a Grobots side lists every type's brain
/// (grobocode::disassembleSide), a RoboTalk robot its words (robotalk::disassemble, listing mode, the
/// RoboWar 5 profile; object-code text is read as words), a Robbie Language program its IR
/// (robbie::listing). Text that is too large or binary gets its one diagnostic (rejectBadInput).
DisassemblyResult disassembly(const LanguageSupport& language, const SourceFile& file);

}  // namespace chronon::lsp
