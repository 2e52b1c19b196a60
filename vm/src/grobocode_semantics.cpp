// The run-time lookup of Grobocode's pure words (grobocode_semantics.h).

#include "chronon/vm/grobocode_semantics.h"

#include <array>
#include <cstddef>

namespace chronon::grobocode {

namespace {

// Prim values are instruction indices below 4096 (12 bits); a flat index gives O(1) lookup.
constexpr std::array<const PureWord*, 1 << kInstructionIndexBits> kByPrim = [] {
  std::array<const PureWord*, 1 << kInstructionIndexBits> t{};
  for (const PureWord& w : kPureWords) t[static_cast<size_t>(w.prim)] = &w;
  return t;
}();

}  // namespace

const PureWord* findPure(Prim prim) {
  const auto index = static_cast<size_t>(prim);
  return index < kByPrim.size() ? kByPrim[index] : nullptr;
}

}  // namespace chronon::grobocode
