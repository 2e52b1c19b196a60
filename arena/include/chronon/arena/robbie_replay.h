#pragma once
// Recording a Robbie run as a replay (docs/replay-format.md): the room, Robbie's position, heading and
// claw and the objects after every command, the event log, and the RL registers with the source line.

#include <cstdint>
#include <string_view>
#include <vector>

#include "chronon/arena/replay.h"
#include "chronon/arena/robbie_run.h"

namespace chronon::robbie {

/// Runs `program` in the room `spec` exactly as runInRoom does and writes the run's replay through
/// `sink`: one moment (numbered by steps executed) after each command Robbie carries out, and one at
/// the end. `entrants` holds the program's file and, when the room came from a file, the room file;
/// `engineName` is recorded as the engine. Returns the run.
RobbieRun recordRun(const Program& program, const RoomSpec& spec, int64_t stepLimit, Engine& engine,
                    const std::vector<arena::replay::Entrant>& entrants, std::string_view engineName,
                    const arena::replay::LineSink& sink);

}  // namespace chronon::robbie
