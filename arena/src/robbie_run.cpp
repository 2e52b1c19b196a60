#include "chronon/arena/robbie_run.h"

namespace chronon::robbie {

RobbieRun runInRoom(const Program& program, const RoomSpec& spec, int64_t stepLimit, Engine& engine) {
  RobbieRun result{RobbieRoom(spec), makeMachineState(program), RunEnd::kStopped};
  engine.run(result.machine, program, result.room, stepLimit);
  switch (result.machine.status) {
    case RunStatus::kRunning: result.end = RunEnd::kStepLimit; break;
    case RunStatus::kStopped: result.end = RunEnd::kStopped; break;
    case RunStatus::kError: result.end = RunEnd::kError; break;
  }
  return result;
}

std::string finalReport(const Program& program, const RobbieRun& run) {
  std::string out = "program: " + (program.name.empty() ? std::string("(unnamed)") : "\"" + program.name + "\"") + "\n";
  const auto lineOf = [&](int32_t pc) {
    return pc >= 0 && static_cast<size_t>(pc) < program.code.size() ? program.code[static_cast<size_t>(pc)].line : 0u;
  };
  switch (run.end) {
    case RunEnd::kStopped: out += "ended: stop at line " + std::to_string(lineOf(run.machine.pc - 1)) + "\n"; break;
    case RunEnd::kError:
      out += "ended: runtime error at line " + std::to_string(lineOf(run.machine.errorPc)) + ": " +
             std::string(runtimeErrorMessage(run.machine.error)) + "\n";
      break;
    case RunEnd::kStepLimit:
      out += "ended: step limit of " + std::to_string(run.machine.steps) + " steps reached at line " +
             std::to_string(lineOf(run.machine.pc)) + " (a loop that never ends? raise it with --steps N)\n";
      break;
  }
  out += "time: " + std::to_string(run.room.timeMs()) + " ms\n";
  out += "steps: " + std::to_string(run.machine.steps) + "\n";
  out += run.room.stateText();
  out += "registers:\n";
  size_t shown = 0;
  for (size_t i = 0; i < program.registers.size(); ++i) {
    const RegisterInfo& reg = program.registers[i];
    if (reg.hidden) continue;
    out += "  " + reg.name + " (" + std::string(valueTypeName(reg.type)) +
           ") = " + formatValue(run.machine.registers[i]) + "\n";
    ++shown;
  }
  if (shown == 0) out += "  (none)\n";
  return out;
}

}  // namespace chronon::robbie
