#pragma once
// Recording a RoboWar battle as a replay (docs/replay-format.md): every robot's position, heading,
// speed, energy, damage and shield, every projectile, the event log and every brain at every chronon.

#include <cstdint>
#include <string_view>
#include <vector>

#include "chronon/arena/replay.h"
#include "chronon/arena/robowar_battle.h"

namespace chronon::arena::robowar {

/// Runs the battle exactly as runBattle(entries, seed, rules, true) does and writes its replay, line
/// by line, through `sink`. `entrants` are the files the entries were loaded from, in entry order
/// (their bytes go into the header so that the replay can be verified); `engineName` is recorded as
/// the engine ("interpreter" or "jit"). Returns the battle's result, events included.
Result recordBattle(const std::vector<Entry>& entries, const std::vector<replay::Entrant>& entrants, uint64_t seed,
                    const Rules& rules, std::string_view engineName, const replay::LineSink& sink);

/// The header's `options` object for `rules`, and the rules back from one (missing keys keep their
/// defaults). Used by recordBattle and by `chronon replay verify`.
nlohmann::json rulesJson(const Rules& rules);
Rules rulesFromJson(const nlohmann::json& options);

}  // namespace chronon::arena::robowar
