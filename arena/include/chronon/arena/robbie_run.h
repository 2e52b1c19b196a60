#pragma once
// Running an RL program in Robbie's room to the end: the program stops, raises a runtime error, or
// reaches the step limit. The result carries the room (event log, final state) and the program's
// registers for the final report (docs/robbie.md, "Event log" and "Final report").

#include <cstdint>
#include <string>

#include "chronon/arena/robbie_room.h"
#include "chronon/compiler/robbie_ir.h"
#include "chronon/vm/robbie_engine.h"
#include "chronon/vm/robbie_interpreter.h"

namespace chronon::robbie {

/// How a run ended.
enum class RunEnd : uint8_t {
  kStopped,    ///< The program executed `stop`.
  kError,      ///< A runtime error stopped Robbie.
  kStepLimit,  ///< The step limit was reached first (a runaway loop, or a program that runs forever).
};

/// A finished run.
struct RobbieRun {
  RobbieRoom room;                ///< The room after the run: event log, Robbie, objects, time.
  MachineState machine;           ///< The program's final registers, steps and error.
  RunEnd end = RunEnd::kStopped;  ///< How the run ended.
};

/// Runs `program` in a room built from `spec` with `engine` (the interpreter unless given) for at most
/// `stepLimit` instructions. Both engines give the same run (docs/robbie.md, "Engines").
RobbieRun runInRoom(const Program& program, const RoomSpec& spec, int64_t stepLimit,
                    Engine& engine = interpreterEngine());

/// The final report: program name, how the run ended (with the line of the stop or error), simulated
/// time, steps, Robbie's and the objects' state, and every declared register's value.
std::string finalReport(const Program& program, const RobbieRun& run);

}  // namespace chronon::robbie
