#pragma once
// The Grobocode disassembler: a listing of a compiled side, one brain per robot type, with the
// addresses the original gives its instructions (0-based indices into the brain's instruction array,
// the two `end` sentinels included; specs/grobots-language.md §4.4, §4.8).

#include <optional>
#include <string>
#include <string_view>

#include "chronon/compiler/grobocode.h"

namespace chronon::grobocode {

/// Lists one brain: a header line "; N instructions, start at A", then for each address the labels
/// that name it ("name:", gensyms included as "; gensym:"), and a line
/// "  ADDR  0xWORD  text" where text is `describe()` of the instruction. Returns the listing, each
/// line ending in '\n'. Never fails; unknown indices print as "?type:index".
std::string disassembleBrain(const Program& brain);

/// Lists a side: for each type (or only the type named `typeName`, compared case-insensitively) a
/// line "#type NAME" followed by its brain's listing, or "; no brain" for a type without `#code`.
/// Returns nullopt when `typeName` is given and no type has that name.
std::optional<std::string> disassembleSide(const Side& side, std::optional<std::string_view> typeName = std::nullopt);

}  // namespace chronon::grobocode
