#pragma once
// The comparisons of breakpoint conditions, which every game's debugger reads the same way: clauses
// `SUBJECT OP VALUE` joined by `&&` (docs/debugging.md "Conditions"). What a subject and a value may
// be differs by game (robowar_debug.h, robbie_debug.h, dap/src/grobots_features.cpp); the operators
// and what they mean do not.

#include <cstdint>
#include <string_view>
#include <utility>

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

}  // namespace chronon::arena::debug
