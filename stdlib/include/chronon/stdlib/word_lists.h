#pragma once
// The compile-time check behind the X-macro word lists (CHRONON_GROBOCODE_HOST_CALL_WORDS,
// CHRONON_ROBOTALK_SILENT_OPERATORS, ...): a switch over every word of a table must stay exhaustive,
// so a class of words that the table's flags define reaches it as a list of case labels, and each
// list is checked against the flags with a static_assert.

#include <cstddef>

namespace chronon {

/// True when `listed` names exactly the entries of `table` for which `selected(entry)` is true,
/// none twice: `key(entry)` is the entry's name as the list spells it (its enum value). Evaluated in
/// constant expressions; compares enum values only.
template <typename Id, size_t N, typename Table, typename Key, typename Selected>
constexpr bool listsExactly(const Id (&listed)[N], const Table& table, Key key, Selected selected) {
  size_t found = 0;
  for (const auto& entry : table) {
    size_t times = 0;
    for (const Id id : listed) times += id == key(entry) ? 1 : 0;
    if (times > 1 || (times == 1) != selected(entry)) return false;
    found += times;
  }
  return found == N;
}

}  // namespace chronon
