#pragma once
// Small text helpers shared by the REPL's sources; not part of the public API.

#include <string>
#include <string_view>
#include <vector>

namespace chronon::repl {

/// `text` without leading and trailing ASCII whitespace.
std::string_view trim(std::string_view text);
/// True when `text` starts with `prefix`, ignoring ASCII case.
bool startsWithNoCase(std::string_view text, std::string_view prefix);
/// True when `a` and `b` are equal, ignoring ASCII case.
bool equalsNoCase(std::string_view a, std::string_view b);
/// ASCII lower-case copy.
std::string lowerCopy(std::string_view text);
/// ASCII upper-case copy.
std::string upperCopy(std::string_view text);
/// `items` separated by spaces, wrapped before `width` columns; each line ends in '\n' (empty
/// when there are no items).
std::string joinWrapped(const std::vector<std::string>& items, size_t width);

}  // namespace chronon::repl
