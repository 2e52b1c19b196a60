#pragma once
// Sizes of a RoboWar brain's state (specs/robowar.md §3.3 and §7).

#include "chronon/stdlib/robotalk_words.h"

namespace chronon::robotalk {

// The data stack's cells, kStackCells, are the operator table's (robotalk_words.h).
/// Cells of the VSTORE/VRECALL vector, indices 0-100.
inline constexpr int kVectorCells = 101;
/// Cells of the HISTORY register, 1-50.
inline constexpr int kHistoryCells = 50;

/// True when `index` is a valid VSTORE/VRECALL cell (out-of-range stores are ignored and recalls
/// give 0 in the original, specs/robowar.md §4).
constexpr bool validVectorIndex(int index) { return index >= 0 && index < kVectorCells; }

}  // namespace chronon::robotalk
