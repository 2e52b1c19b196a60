#pragma once
// The `chronon/disassembly` request (a Chronon extension of LSP): the listing `chronon disasm FILE`
// prints, made from a document's current text rather than the saved file, so an editor can show the
// object code beside the source and follow every edit.

#include "chronon/compiler/source.h"
#include "chronon/lsp/language.h"

namespace chronon::lsp {

/// Disassembles `file` as `language` does (LanguageSupport::disassemble, whose result type,
/// DisassemblyResult, language.h declares): a Grobots side lists every type's brain
/// (grobocode::disassembleSide), a RoboTalk robot its words (robotalk::disassemble, listing mode, the
/// RoboWar 5 profile; object-code text is read as words), a Robbie Language program its IR
/// (robbie::listing), a registered language what its support makes. Text that is too large or binary
/// gets its one diagnostic (rejectBadInput) and never reaches the support.
DisassemblyResult disassembly(const LanguageSupport& language, const SourceFile& file);

}  // namespace chronon::lsp
