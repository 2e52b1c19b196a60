#pragma once
// Fields of the tables Chronon prints as CSV (RFC 4180 quoting: tournament and ladder standings) and
// as tab-separated logs (the tournaments' --log).

#include <string>
#include <string_view>

namespace chronon::arena {

/// `text` in double quotes, each double quote inside it doubled: `a "b"` becomes `"a ""b"""`.
std::string csvQuoted(std::string_view text);

/// `text` as it is when it holds no comma, double quote or line break; otherwise csvQuoted(text).
std::string csvField(std::string_view text);

/// `text` with every tab and line break turned into a space, so that a name keeps a tab-separated
/// log's columns.
std::string tsvField(std::string_view text);

}  // namespace chronon::arena
