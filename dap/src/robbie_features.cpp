// The Debuggee of an RL program (dap/robbie_features.h).

#include "chronon/dap/robbie_features.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <limits>
#include <optional>
#include <string_view>

#include "chronon/arena/robbie_replay.h"
#include "chronon/arena/robbie_room.h"
#include "chronon/arena/robbie_run.h"
#include "chronon/compiler/load.h"
#include "chronon/compiler/robbie_room_file.h"
#include "chronon/dap/protocol.h"
#include "feature_support.h"

namespace chronon::dap {

using nlohmann::json;
using robbie::RobbieDebugSession;
using robbie::RobbieStopReason;

namespace {

using detail::addressText;
using detail::firstError;
using detail::scopeNamed;
// A DAP Variable without children.
const auto value = detail::plainVariable;

// Robbie is thread 1; its one frame and its scopes use the same numbering as a RoboWar robot 0's.
constexpr int64_t kFrameId = 1000;
enum class Scope : uint8_t { kRegisters = 11, kStack = 12, kHardware = 13, kObjects = 14 };
constexpr std::array kScopes{Scope::kRegisters, Scope::kStack, Scope::kHardware, Scope::kObjects};
constexpr int64_t kMaxSteps = 1000000000;

// "load Count", "push 10", "jump.f 12", "forward": an instruction as the IR listing shows it.
std::string instructionText(const robbie::Program& program, int address) {
  const robbie::Instruction& in = program.code[static_cast<size_t>(address)];
  std::string text(robbie::opName(in.op));
  switch (robbie::opInfo(in.op).operand) {
    case robbie::Operand::kNone: break;
    case robbie::Operand::kConstant:
      if (in.a >= 0 && static_cast<size_t>(in.a) < program.constants.size())
        text += " " + robbie::formatValue(program.constants[static_cast<size_t>(in.a)]);
      break;
    case robbie::Operand::kRegister:
      if (in.a >= 0 && static_cast<size_t>(in.a) < program.registers.size())
        text += " " + program.registers[static_cast<size_t>(in.a)].name;
      break;
    case robbie::Operand::kAddress: text += " " + std::to_string(in.a); break;
  }
  return text;
}

// The Hardware scope: Robbie's position and heading, what the claw holds, the simulated time.
std::vector<json> hardware(const RobbieDebugSession& session) {
  const robbie::RobbieRoom& room = session.room();
  std::vector<json> out;
  out.push_back(value("x", robbie::formatCm(room.x()), "cm"));
  out.push_back(value("y", robbie::formatCm(room.y()), "cm"));
  out.push_back(value("heading", std::to_string(room.heading()), "degrees"));
  if (room.held()) {
    const robbie::ObjectState& held = room.objects()[*room.held()];
    out.push_back(value("holding", held.name, "object"));
    out.push_back(value("weight", std::to_string(held.grams), "grams"));
  } else {
    out.push_back(value("holding", "nothing", "object"));
    out.push_back(value("weight", "0", "grams"));
  }
  out.push_back(value("time", std::to_string(room.timeMs()), "ms"));
  out.push_back(value("events", std::to_string(room.events().size() + room.droppedEvents()), "events"));
  out.push_back(value("steps", std::to_string(session.machine().steps), "instructions"));
  json objects = value("objects", std::to_string(room.objects().size()) + " in the room", "objects");
  objects["variablesReference"] = static_cast<int64_t>(Scope::kObjects);
  out.push_back(std::move(objects));
  return out;
}

}  // namespace

std::unique_ptr<RobbieDebuggee> RobbieDebuggee::launch(const json& arguments) {
  const std::string path = stringArgument(arguments, "program");
  if (const auto it = arguments.find("opponents"); it != arguments.end() && !(it->is_array() && it->empty())) {
    throw RequestError{"an RL program runs alone in Robbie's room: 'opponents' must be absent"};
  }
  const int64_t steps = integerArgumentOr(arguments, "steps", robbie::kDefaultStepLimit);
  if (steps < 1 || steps > kMaxSteps) throw RequestError{"argument 'steps' must be from 1 to 1000000000"};
  // Not make_unique: the constructor is private, so that a run exists only launched.
  std::unique_ptr<RobbieDebuggee> debug(new RobbieDebuggee());
  debug->path_ = absolutePath(path);
  debug->stepLimit_ = steps;
  debug->room_ = robbie::defaultRoom();
  if (const auto it = arguments.find("room"); it != arguments.end() && !it->is_null()) {
    const std::string roomPath = stringArgument(arguments, "room");
    Diagnostics diagnostics;
    std::optional<SourceFile> roomFile = loadSourceFile(roomPath, diagnostics);
    if (!roomFile) throw RequestError{roomPath + ": cannot read the room file"};
    std::optional<robbie::RoomSpec> parsed = robbie::parseRoomFile(*roomFile, diagnostics);
    if (!parsed) {
      const std::string error = firstError(*roomFile, diagnostics);
      throw RequestError{error.empty() ? roomPath + ": not a room file" : error};
    }
    debug->room_ = std::move(*parsed);
    debug->roomPath_ = roomPath;
  }
  Diagnostics diagnostics;
  std::optional<SourceFile> file = loadSourceFile(path, diagnostics);
  if (!file) {
    const std::string error = firstError(SourceFile(path, ""), diagnostics);
    throw RequestError{error.empty() ? path + ": cannot read the program" : error};
  }
  debug->file_ = std::move(*file);
  debug->compiled_ = robbie::compile(debug->file_);
  if (!debug->compiled_.program) {
    // Robbie explodes: a program with an error never runs (docs/robbie.md).
    throw RequestError{firstError(debug->file_, debug->compiled_.diagnostics)};
  }
  debug->session_ = std::make_unique<RobbieDebugSession>(*debug->compiled_.program, debug->room_, steps);
  return debug;
}

std::vector<int64_t> RobbieDebuggee::threadIds() const {
  return session_->ended() ? std::vector<int64_t>{} : std::vector<int64_t>{1};
}

void RobbieDebuggee::checkThread(int64_t threadId) const {
  if (threadId != 0 && threadId != 1) throw RequestError{"unknown thread " + std::to_string(threadId)};
}

bool RobbieDebuggee::stepForward(const std::string& command, const std::string& granularity, int64_t threadId) {
  checkThread(threadId);
  // RL has no procedures: `next` and a line stepIn go to the next line, stepOut to the end of
  // Robbie's current action (docs/debugging.md "Robbie programs").
  robbie::RobbieStep step = robbie::RobbieStep::kContinue;
  if (command == "next" || command == "stepIn") {
    step = granularity == "instruction" || (command == "stepIn" && granularity.empty())
               ? robbie::RobbieStep::kInstruction
               : robbie::RobbieStep::kLine;
  } else if (command == "stepOut") {
    step = robbie::RobbieStep::kCommand;
  }
  return session_->stepForward(step);
}

bool RobbieDebuggee::stepBack(int64_t threadId) {
  checkThread(threadId);
  return session_->stepBack();
}

bool RobbieDebuggee::reverseContinue(int64_t threadId) {
  checkThread(threadId);
  return session_->reverseContinue();
}

std::map<int, json> RobbieDebuggee::applyBreakpoints(const BreakpointRequests& requests) {
  std::map<int, json> resolved;
  std::vector<robbie::RobbieBreakpoint> installed;
  const robbie::Program& program = *compiled_.program;
  for (const auto& [path, list] : requests.lines) {
    for (const RequestedBreakpoint& r : list) {
      json b{{"id", r.id}, {"verified", false}, {"line", r.line}};
      int used = 0;
      std::string error;
      const std::optional<robbie::RobbieCondition> condition =
          robbie::parseRobbieCondition(r.condition, program, error);
      if (path != path_) {
        b["message"] = "this file is not the program being debugged";
      } else if (!condition) {
        b["message"] = error;
      } else {
        const std::vector<int> addresses = robbie::robbieLineBreakAddresses(program, r.line, used);
        if (addresses.empty()) {
          b["message"] = "no RL code on or after line " + std::to_string(r.line);
        } else {
          for (int address : addresses) installed.push_back({r.id, address, *condition});
          b = json{{"id", r.id}, {"verified", true}, {"line", used}, {"source", detail::sourceOf(path_)}};
        }
      }
      resolved[r.id] = std::move(b);
    }
  }
  for (const RequestedBreakpoint& r : requests.functions) {
    resolved[r.id] = json{{"id", r.id}, {"verified", false}, {"message", "RL programs have no labels"}};
  }
  for (const RequestedWatch& r : requests.data) {
    resolved[r.id] = json{{"id", r.id}, {"verified", false}, {"message", "data breakpoints are for RoboWar robots"}};
  }
  session_->setBreakpoints(std::move(installed));
  return resolved;
}

json RobbieDebuggee::threads() const { return json{{"threads", json::array({{{"id", 1}, {"name", "Robbie"}}})}}; }

json RobbieDebuggee::stackTrace(const json& arguments) const {
  const RobbieDebugSession& session = pausedRun();
  if (integerArgument(arguments, "threadId") != 1) throw RequestError{"unknown thread"};
  const robbie::Program& program = session.program();
  const int pc = session.machine().pc;
  json frame{{"id", kFrameId}, {"line", 0}, {"column", 0}, {"instructionPointerReference", addressText(pc)}};
  if (pc >= 0 && static_cast<size_t>(pc) < program.code.size()) {
    const robbie::Instruction& in = program.code[static_cast<size_t>(pc)];
    frame["name"] = "line " + std::to_string(in.line) + ": " + instructionText(program, pc);
    frame["source"] = detail::sourceOf(path_);
    frame["line"] = in.line;
    frame["column"] = file_.lineColumn(in.range.begin).column;
  } else {
    frame["name"] = "@" + std::to_string(pc) + " (outside the program)";
  }
  return json{{"stackFrames", json::array({frame})}, {"totalFrames", 1}};
}

json RobbieDebuggee::scopes(const json& arguments) const {
  const RobbieDebugSession& session = pausedRun();
  if (integerArgument(arguments, "frameId") != kFrameId) throw RequestError{"unknown frame"};
  return json{{"scopes", json::array({{{"name", "Registers"},
                                       {"presentationHint", "locals"},
                                       {"variablesReference", static_cast<int64_t>(Scope::kRegisters)},
                                       {"expensive", false}},
                                      {{"name", "Expression stack"},
                                       {"variablesReference", static_cast<int64_t>(Scope::kStack)},
                                       {"indexedVariables", session.machine().stack.size()},
                                       {"expensive", false}},
                                      {{"name", "Hardware"},
                                       {"presentationHint", "registers"},
                                       {"variablesReference", static_cast<int64_t>(Scope::kHardware)},
                                       {"expensive", false}}})}};
}

json RobbieDebuggee::variables(const json& arguments) const {
  const RobbieDebugSession& session = pausedRun();
  const int64_t reference = integerArgument(arguments, "variablesReference");
  const robbie::Program& program = session.program();
  const robbie::MachineState& machine = session.machine();
  json variables = json::array();
  switch (scopeNamed<Scope>(reference, kScopes, reference)) {
    case Scope::kRegisters:
      for (size_t i = 0; i < program.registers.size() && i < machine.registers.size(); ++i) {
        const robbie::RegisterInfo& reg = program.registers[i];
        json v =
            value(reg.name, robbie::formatValue(machine.registers[i]), std::string(robbie::valueTypeName(reg.type)));
        // A repeat loop's hidden counter: shown, but marked as the language's own.
        if (reg.hidden) v["presentationHint"] = json{{"kind", "virtual"}, {"attributes", {"readOnly"}}};
        variables.push_back(std::move(v));
      }
      break;
    case Scope::kStack:
      for (size_t i = machine.stack.size(); i-- > 0;) {
        const robbie::Value& v = machine.stack[i];
        variables.push_back(value(std::to_string(machine.stack.size() - 1 - i), robbie::formatValue(v),
                                  std::string(robbie::valueTypeName(robbie::typeOf(v)))));
      }
      break;
    case Scope::kHardware:
      for (json& v : hardware(session)) variables.push_back(std::move(v));
      break;
    case Scope::kObjects: {
      const robbie::RobbieRoom& room = session.room();
      for (size_t i = 0; i < room.objects().size(); ++i) {
        const robbie::ObjectState& o = room.objects()[i];
        std::string text =
            "(" + robbie::formatCm(o.x) + ", " + robbie::formatCm(o.y) + ") " + std::to_string(o.grams) + " g";
        if (room.held() && *room.held() == i) text += ", held";
        variables.push_back(value(o.name, text, "object"));
      }
      break;
    }
  }
  return json{{"variables", std::move(variables)}};
}

namespace {

// A value as RL writes it: true or false, an integer, a real (digits with a '.'), or a string in
// double quotes; nullopt for anything else.
std::optional<robbie::Value> valueFrom(const std::string& text) {
  if (text == "true" || text == "false") return robbie::Value{std::in_place_type<bool>, text == "true"};
  if (text.size() >= 2 && text.front() == '"' && text.back() == '"')
    return robbie::Value{std::in_place_type<std::string>, text.substr(1, text.size() - 2)};
  if (const std::optional<int64_t> n =
          detail::integerIn(text, std::numeric_limits<int64_t>::min(), std::numeric_limits<int64_t>::max()))
    return robbie::Value{std::in_place_type<int64_t>, *n};
  double real = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), real);
  if (!text.empty() && error == std::errc{} && end == text.data() + text.size() && std::isfinite(real))
    return robbie::Value{std::in_place_type<double>, real};
  return std::nullopt;
}

}  // namespace

json RobbieDebuggee::setVariable(const json& arguments) {
  const RobbieDebugSession& session = pausedRun();
  const int64_t reference = integerArgument(arguments, "variablesReference");
  const std::string name = detail::trimmed(stringArgument(arguments, "name"));
  const std::string text = detail::trimmed(stringArgument(arguments, "value"));
  const std::optional<robbie::Value> value = valueFrom(text);
  if (!value) throw RequestError{"'" + text + "' is no RL value: true, false, an integer, a real or a \"string\""};
  robbie::RobbieEdit edit;
  edit.value = *value;
  switch (scopeNamed<Scope>(reference, kScopes, reference)) {
    case Scope::kRegisters: {
      const robbie::Program& program = session.program();
      size_t i = 0;
      while (i < program.registers.size() && program.registers[i].name != name) ++i;
      if (i == program.registers.size()) throw RequestError{"no register '" + name + "'"};
      if (program.registers[i].hidden) throw RequestError{"a repeat loop's counter is the language's own"};
      edit.target = robbie::RobbieEdit::Target::kRegister;
      edit.index = static_cast<int>(i);
      break;
    }
    case Scope::kStack: {
      const std::optional<int64_t> depth = detail::integerIn(name, 0, std::numeric_limits<int32_t>::max());
      if (!depth) throw RequestError{"no stack cell '" + name + "'"};
      edit.target = robbie::RobbieEdit::Target::kStack;
      edit.index = static_cast<int>(*depth);
      break;
    }
    case Scope::kHardware:
    case Scope::kObjects:
      throw RequestError{
          "the room is Robbie's world: move him with commands (a register or a stack cell can be set "
          "here)"};
  }
  if (const std::string error = session_->setValue(edit); !error.empty()) throw RequestError{error};
  const robbie::MachineState& machine = session_->machine();
  const robbie::Value& now = edit.target == robbie::RobbieEdit::Target::kRegister
                                 ? machine.registers[static_cast<size_t>(edit.index)]
                                 : machine.stack[machine.stack.size() - 1 - static_cast<size_t>(edit.index)];
  return json{{"value", robbie::formatValue(now)}};
}

json RobbieDebuggee::evaluate(const json& arguments) const {
  const RobbieDebugSession& session = pausedRun();
  const std::string expression = detail::trimmed(stringArgument(arguments, "expression"));
  const auto result = detail::evaluateResult;
  const robbie::Program& program = session.program();
  const robbie::MachineState& machine = session.machine();
  // Register names are case-sensitive in RL (docs/robbie.md "Lines, tokens and names").
  for (size_t i = 0; i < program.registers.size() && i < machine.registers.size(); ++i) {
    if (program.registers[i].name == expression) return result(robbie::formatValue(machine.registers[i]));
  }
  if (expression == "pc") return result(std::to_string(machine.pc));
  if (expression == "stack") {
    std::string text;
    for (size_t i = machine.stack.size(); i-- > 0;) {
      if (!text.empty()) text += ' ';
      text += robbie::formatValue(machine.stack[i]);
    }
    return result(text.empty() ? "(empty)" : text);
  }
  for (const json& v : hardware(session)) {
    if (v["name"] == expression) return result(v["value"].get<std::string>());
  }
  throw RequestError{"cannot evaluate '" + expression +
                     "': give a register, a Hardware name (x, y, heading, holding, "
                     "weight, time, steps), pc or stack"};
}

json RobbieDebuggee::stopped() const {
  const RobbieDebugSession& session = *session_;
  const int line = session.lineOf(session.machine().pc);
  const std::string description =
      "Robbie at line " + std::to_string(line) + ", " + std::to_string(session.room().timeMs()) + " ms";
  const bool failed = session.reason() == RobbieStopReason::kException;
  return detail::stoppedEvent(session.reason(), 1, description, session.hits(),
                              failed ? std::optional<std::string_view>(session.error()) : std::nullopt);
}

json RobbieDebuggee::pause(int64_t threadId) const {
  checkThread(threadId);
  // Robbie is where the current stop left it, so the pause says what that stop said.
  return detail::pauseEvent(1, stopped()["description"].get<std::string>());
}

json RobbieDebuggee::exceptionInfo() const {
  const RobbieDebugSession& session = pausedRun();
  if (session.reason() != RobbieStopReason::kException) throw RequestError{"not stopped at a runtime error"};
  return json{{"exceptionId", std::string(kErrorFilter)},
              {"description", "runtime error at line " + std::to_string(session.lineOf(session.machine().pc)) + ": " +
                                  session.error() + " (Robbie stops here)"},
              {"breakMode", "always"}};
}

json RobbieDebuggee::disassemble(const json& arguments) const {
  // The program is one unit: a reference is the instruction's index itself.
  const detail::DisassembleRange range = detail::disassembleRange(arguments, 0);
  const int64_t first = range.first;
  const int64_t count = range.count;
  const robbie::Program& program = *compiled_.program;
  const int64_t size = static_cast<int64_t>(program.code.size());
  json instructions = json::array();
  for (int64_t a = first; a < first + count; ++a) {
    if (a < 0 || a >= size) {
      instructions.push_back(
          json{{"address", a < 0 ? std::string("-0x1") : addressText(static_cast<int>(std::min<int64_t>(a, 0xfffff)))},
               {"instruction", "(outside the program)"},
               {"presentationHint", "invalid"}});
      continue;
    }
    const int address = static_cast<int>(a);
    instructions.push_back(json{{"address", addressText(address)},
                                {"instruction", instructionText(program, address)},
                                {"location", detail::sourceOf(path_)},
                                {"line", program.code[static_cast<size_t>(address)].line}});
  }
  return json{{"instructions", std::move(instructions)}};
}

json RobbieDebuggee::replay(bool withReplay) {
  const RobbieDebugSession& session = *session_;
  const int64_t moment = session.paused()  ? session.machine().steps
                         : session.ended() ? session.result().machine.steps
                                           : 0;
  // The run is recorded once; later answers send the kept text.
  if (!withReplay || !replay_.empty()) return detail::replayBody(moment, 1, withReplay, "replay", replay_);
  std::vector<arena::replay::Entrant> entrants;
  const robbie::Program& program = *compiled_.program;
  entrants.push_back({program.name, path_, std::string(file_.text())});
  if (!roomPath_.empty()) {
    Diagnostics ignored;
    if (std::optional<SourceFile> room = loadSourceFile(roomPath_, ignored)) {
      entrants.push_back({"room", roomPath_, std::string(room->text())});
    }
  }
  std::string text;
  robbie::recordRun(program, room_, stepLimit_, robbie::interpreterEngine(), entrants, "interpreter",
                    [&](std::string_view line) {
                      text += line;
                      text += '\n';
                    });
  replay_ = std::move(text);
  return detail::replayBody(moment, 1, withReplay, "replay", replay_);
}

json RobbieDebuggee::endOutput() const {
  const robbie::RobbieRun& run = session_->result();
  const robbie::Program& program = *compiled_.program;
  const std::string text = "event log:\n" + run.room.logText() + "\n" + robbie::finalReport(program, run);
  const char* end = "stopped";
  switch (run.end) {
    case robbie::RunEnd::kStopped: end = "stopped"; break;
    case robbie::RunEnd::kError: end = "error"; break;
    case robbie::RunEnd::kStepLimit: end = "step limit"; break;
  }
  return json{{"category", "console"},
              {"output", text},
              {"data", {{"end", end}, {"steps", run.machine.steps}, {"timeMs", run.room.timeMs()}}}};
}

int RobbieDebuggee::exitCode() const { return session_->result().end == robbie::RunEnd::kStopped ? 0 : 1; }

json RobbieDebuggee::dataBreakpointInfo(const json& arguments) const {
  (void)arguments;
  return json{{"dataId", nullptr}, {"description", "data breakpoints are for RoboWar robots and Grobots sides"}};
}

const RobbieDebugSession& RobbieDebuggee::pausedRun() const {
  if (!session_->paused()) throw RequestError{"the program is not paused"};
  return *session_;
}

bool RobbieDebuggee::paused() const { return session_->paused(); }
bool RobbieDebuggee::ended() const { return session_->ended(); }
void RobbieDebuggee::setStopOnErrors(bool stop) { session_->setStopOnErrors(stop); }

}  // namespace chronon::dap
