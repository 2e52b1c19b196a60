#pragma once
// The comparisons of breakpoint conditions, which every game's debugger reads the same way: clauses
// `SUBJECT OP VALUE` joined by `&&` (docs/debugging.md "Conditions"). What a subject and a value may
// be differs by game (robowar_debug.h, robbie_debug.h, dap/src/grobots_features.cpp); the operators
// and what they mean do not.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace chronon::arena::debug {

/// A clause's comparison.
enum class Compare : uint8_t { kEqual, kNotEqual, kLess, kLessEqual, kGreater, kGreaterEqual };

/// How a condition spells each comparison: two-character operators first, so that a reader trying
/// them in order does not take "<=" for "<"; "=" is accepted for "==".
inline constexpr std::pair<std::string_view, Compare> kCompareSpellings[] = {
    {"==", Compare::kEqual}, {"!=", Compare::kNotEqual}, {"<=", Compare::kLessEqual}, {">=", Compare::kGreaterEqual},
    {"<", Compare::kLess},   {">", Compare::kGreater},   {"=", Compare::kEqual},
};

/// `left OP right` for comparison `how`.
template <typename T>
bool compare(Compare how, const T& left, const T& right) {
  switch (how) {
    case Compare::kEqual: return left == right;
    case Compare::kNotEqual: return left != right;
    case Compare::kLess: return left < right;
    case Compare::kLessEqual: return left <= right;
    case Compare::kGreater: return left > right;
    case Compare::kGreaterEqual: return left >= right;
  }
  return false;
}

/// One clause of a condition as written: its two sides without the blanks around them, its
/// comparison, and where each side starts in the condition's text (byte offsets; a message gives
/// offset + 1 as the column).
struct ClauseText {
  std::string_view subject;           ///< The left side, never empty.
  size_t subjectAt = 0;               ///< Where the subject starts.
  Compare compare = Compare::kEqual;  ///< The comparison between them.
  std::string_view value;             ///< The right side; empty when nothing follows the comparison.
  size_t valueAt = 0;                 ///< Where the value starts, or would.
};

/// Splits a condition into its clauses `SUBJECT OP VALUE`, joined by `&&` (docs/debugging.md
/// "Conditions"); a blank text has none. A clause's comparison is its first comparison spelling
/// (kCompareSpellings; where a one- and a two-character spelling start at the same place, the
/// two-character one). Reading the subjects and values is the game's, which reports their errors
/// with `atColumn`. Returns nullopt with `error` when a clause has no comparison or nothing before
/// it ("expected a comparison (== != < <= > >=) at column N", "expected a subject at column N").
std::optional<std::vector<ClauseText>> splitCondition(std::string_view text, std::string& error);

/// `message` followed by " at column N", N being the 1-based column of byte offset `at`.
std::string atColumn(std::string_view message, size_t at);

}  // namespace chronon::arena::debug
