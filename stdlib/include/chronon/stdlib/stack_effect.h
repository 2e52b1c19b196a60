#pragma once
// The one reader of stack-effect texts ("n1 n2 -- sum", "v1 v2 n -- b", "i i -- i", "... x n -- ..."),
// which the three languages' word tables write alike: items separated by spaces, top on the right,
// "--" between what is popped and what is pushed, "..." for a part that depends on run-time values.
// Each language gives the items its own meaning (robotalk::countEffect counts them,
// grobocode::parseEffect reads a kind letter, robbie::parseStackEffect a slot letter); parseShuffle
// reads a stack shuffle's effect as its meaning. Evaluated in constant expressions, so the tables are
// checked at compile time.

#include <array>
#include <cstddef>
#include <cstdint>
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

/// Most items on one side of a shuffle's effect.
inline constexpr int kMaxShuffleItems = 8;

/// A stack shuffle, in any of the languages: a word whose effect is fixed and names only one-cell
/// items of any kind (x), each pushed item one of the popped ones, so that the effect text is the
/// word's whole meaning ("x1 x2 -- x2 x1" exchanges the top two cells). Every executor runs a
/// shuffle from this reading of its table row; none restates it.
struct Shuffle {
  uint8_t pops = 0;                              ///< Cells the effect lists before "--".
  uint8_t pushes = 0;                            ///< Cells it lists after "--".
  std::array<uint8_t, kMaxShuffleItems> from{};  ///< Per pushed cell, deepest first: the popped cell
                                                 ///< it copies (0: the deepest popped).
  /// More cells are pushed than popped and they begin with the popped ones, in place ("x1 x2 --
  /// x1 x2 x1"): the word only copies. A language's executors may treat copies apart from the
  /// other shuffles where its original did (Grobocode's peek before a push, grobocode_semantics.h).
  bool copies = false;
  bool valid = false;  ///< False when the text is not a shuffle's.
};

/// Reads `effect` as a Shuffle: valid when it is well-formed, has no "...", every item is of kind
/// x (one cell, any value), no popped name repeats, and every pushed name is a popped one.
/// Otherwise returns `valid == false`. Never fails.
constexpr Shuffle parseShuffle(std::string_view effect) {
  Shuffle shuffle;
  std::array<std::string_view, kMaxShuffleItems> names{};
  bool ok = !effect.empty();
  const EffectScan scan = scanEffect(effect, [&](std::string_view item, bool afterDashes) {
    if (item[0] != 'x') ok = false;
    if (!ok) return;
    if (!afterDashes) {
      for (uint8_t i = 0; i < shuffle.pops; ++i)
        if (names[i] == item) ok = false;
      if (shuffle.pops >= kMaxShuffleItems || shuffle.pushes > 0) {
        ok = false;
        return;
      }
      names[shuffle.pops++] = item;
      return;
    }
    if (shuffle.pushes >= kMaxShuffleItems) {
      ok = false;
      return;
    }
    uint8_t source = 0;
    while (source < shuffle.pops && names[source] != item) ++source;
    if (source == shuffle.pops) ok = false;
    shuffle.from[shuffle.pushes++] = source;
  });
  if (!ok || scan.dashes != 1 || scan.variable) return Shuffle{};
  shuffle.copies = shuffle.pushes > shuffle.pops;
  for (uint8_t i = 0; i < shuffle.pops && shuffle.copies; ++i)
    if (shuffle.from[i] != i) shuffle.copies = false;
  shuffle.valid = true;
  return shuffle;
}

/// Runs the shuffle `s` on cells an executor reaches through `read(i)`, the i-th popped cell
/// (deepest first), and `write(i, cell)`, which stores the i-th pushed cell: every popped cell is
/// read first, then each pushed cell written, except one already holding its value (a cell that
/// stays where it is). The caller checks the stack's height and sets it after. Never fails.
template <class Read, class Write>
constexpr void applyShuffle(const Shuffle& s, Read&& read, Write&& write) {
  using Cell = decltype(read(0));
  std::array<Cell, kMaxShuffleItems> in{};
  for (int i = 0; i < s.pops; ++i) in[static_cast<size_t>(i)] = read(i);
  for (int i = 0; i < s.pushes; ++i) {
    const int from = s.from[static_cast<size_t>(i)];
    if (i != from) write(i, in[static_cast<size_t>(from)]);
  }
}

}  // namespace chronon
