#pragma once
// The one reader of stack-effect texts ("n1 n2 -- sum", "v1 v2 n -- b", "i i -- i", "... x n -- ..."),
// which the three languages' word tables write alike: items separated by spaces, top on the right,
// "--" between what is popped and what is pushed, "..." for a part that depends on run-time values.
// Each language gives the items its own meaning (robotalk::countEffect counts them,
// grobocode::parseEffect reads a kind letter, robbie::parseStackEffect a slot letter). Evaluated in
// constant expressions, so the tables are checked at compile time.

#include <cstddef>
#include <string_view>

namespace chronon {

/// What scanEffect found besides the items.
struct EffectScan {
  int dashes = 0;         ///< How many "--" the text holds (a well-formed effect has exactly one).
  bool variable = false;  ///< The text holds "...".
};

/// Reads `text` item by item and calls `item(word, afterDashes)` for every item but "--" and "...",
/// in order; `afterDashes` is true once a "--" came before it. Returns the "--" count and whether
/// "..." occurred. Never fails: what the items mean, and whether they are valid, is the caller's.
template <class Item>
constexpr EffectScan scanEffect(std::string_view text, Item&& item) {
  EffectScan scan;
  size_t i = 0;
  while (i < text.size()) {
    if (text[i] == ' ') {
      ++i;
      continue;
    }
    size_t end = text.find(' ', i);
    if (end == std::string_view::npos) end = text.size();
    const std::string_view word = text.substr(i, end - i);
    i = end;
    if (word == "--") {
      ++scan.dashes;
    } else if (word == "...") {
      scan.variable = true;
    } else {
      item(word, scan.dashes > 0);
    }
  }
  return scan;
}

}  // namespace chronon
