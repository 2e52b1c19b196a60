// The Debuggee of a launched RoboWar battle (robowar_features.h).

#include "chronon/dap/robowar_features.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <fstream>
#include <iterator>
#include <optional>
#include <sstream>
#include <string_view>

#include "chronon/arena/robowar_replay.h"
#include "chronon/compiler/robotalk_disasm.h"
#include "chronon/dap/protocol.h"
#include "chronon/stdlib/robotalk_words.h"
#include "chronon/vm/robotalk_limits.h"
#include "feature_support.h"

namespace chronon::dap {

using arena::robowar::DebugEdit;
using arena::robowar::DebugRobotState;
using arena::robowar::DebugSession;
using arena::robowar::DebugSnapshot;
using arena::robowar::DebugStopReason;
using nlohmann::json;

namespace {

using detail::addressText;

// Frame ids and variable references encode the robot, so that they need no table and stay valid
// for as long as the pause does (the specification allows them to change at every stop).
constexpr int64_t kFramesPerRobot = 1000;
constexpr int64_t kScopesPerRobot = 10;
enum class Scope : uint8_t { kDataStack = 1, kRegisters = 2, kHardware = 3, kVector = 4 };
constexpr std::array kScopes{Scope::kDataStack, Scope::kRegisters, Scope::kHardware, Scope::kVector};

// Memory references (a frame's instructionPointerReference, disassemble's memoryReference) put the
// robot above its instruction index, so that one number names an instruction of one robot:
// robot r's address a is r * kAddressesPerRobot + a, written in hex as DAP clients expect.
constexpr int64_t kAddressesPerRobot = 0x10000;

constexpr int kMaxChronons = 1000000;

// The disassembler's text for each word of `program`, read from its listing lines
// ("00012   20104  JUMP"), so that frames name instructions exactly as `chronon disasm` does.
std::vector<std::string> wordTexts(const robotalk::Program& program) {
  std::vector<std::string> words(program.code.size());
  std::istringstream listing(robotalk::disassemble(program, robotalk::DisasmMode::kListing));
  std::string line;
  while (std::getline(listing, line)) {
    if (line.empty() || !std::isdigit(static_cast<unsigned char>(line[0]))) continue;
    std::istringstream fields(line);
    size_t address = 0;
    long word = 0;
    fields >> address >> word;
    std::string text;
    std::getline(fields, text);
    text.erase(0, text.find_first_not_of(' '));
    if (address < words.size()) words[address] = text;
  }
  return words;
}

// "hunt+3" for an address 3 words after the label hunt, "hunt" at it, the address alone before any.
std::string labelled(const RoboWarDebugRobot& robot, int address) {
  auto it = robot.labels.upper_bound(address);
  if (it == robot.labels.begin()) return "@" + std::to_string(address);
  --it;
  return address == it->first ? it->second : it->second + "+" + std::to_string(address - it->first);
}

std::string memoryReference(int robot, int address) {
  return addressText(robot * kAddressesPerRobot + static_cast<int64_t>(address));
}

const DebugRobotState& stateOf(const DebugSession& session, int robot) {
  return session.snapshot().robots[static_cast<size_t>(robot)];
}

// A register or hardware value: RoboTalk's are all integers.
json variable(const std::string& name, int64_t value) {
  return detail::plainVariable(name, std::to_string(value), "number");
}

// A data stack cell shown with its kind: RoboTalk cells are plain 16-bit integers, so the kind is
// what the value would mean to the robot's own code: a return address (just after a CALL, IF or IFE),
// a label's address, a quoted register (20300 + index, specs/robowar.md §3.3), or a number. The value
// stays the number in the original's format (decimal), the meaning follows it.
json stackCell(const RoboWarDebugRobot& robot, int value) {
  std::string text = std::to_string(value);
  std::string type = "number";
  const robotalk::Program& program = robot.loaded.program;
  const int size = static_cast<int>(program.code.size());
  if (value >= robotalk::kRegisterBase && value < robotalk::kRegisterBase + 100) {
    if (const robotalk::RegisterInfo* info = robotalk::findRegister(value - robotalk::kRegisterBase)) {
      text += " (" + std::string(info->name) + "')";
      type = "register";
    }
  } else if (value < size && arena::robowar::isReturnAddress(program, value)) {
    text += " (return to " + labelled(robot, value) + ")";
    type = "return address";
  } else if (const auto it = robot.labels.find(value); it != robot.labels.end()) {
    text += " (" + it->second + ")";
    type = "address";
  }
  return json{{"value", text}, {"type", type}, {"variablesReference", 0}};
}

// The Hardware scope's names and values, in display order.
std::vector<std::pair<std::string, int64_t>> hardwareValues(const DebugSnapshot& snapshot, int robot) {
  const DebugRobotState& s = snapshot.robots[static_cast<size_t>(robot)];
  return {{"x", s.x},
          {"y", s.y},
          {"aim", s.aim},
          {"look", s.look},
          {"scan", s.scan},
          {"speedX", s.speedX},
          {"speedY", s.speedY},
          {"energy", s.energy},
          {"damage", s.damage},
          {"shield", s.shield},
          {"stunned", s.stunned},
          {"alive", s.alive ? 1 : 0},
          {"chronon", snapshot.position.chronon}};
}

// The team of each robot, from their `#!!team` names (arena::robowar::teamsByName).
std::vector<int> teamsOf(const std::vector<std::unique_ptr<RoboWarDebugRobot>>& robots) {
  std::vector<std::string> names;
  for (const auto& robot : robots) names.push_back(robot->loaded.program.team);
  return arena::robowar::teamsByName(names);
}

// The robots' names in entry order, as arena::robowar::resultJson and formatResult take them.
std::vector<std::string> robotNames(const std::vector<std::unique_ptr<RoboWarDebugRobot>>& robots) {
  std::vector<std::string> names;
  for (const auto& robot : robots) names.push_back(robot->loaded.program.name);
  return names;
}

}  // namespace

std::unique_ptr<RoboWarDebuggee> RoboWarDebuggee::launch(const json& arguments) {
  std::vector<std::string> paths{stringArgument(arguments, "program")};
  if (const auto it = arguments.find("opponents"); it != arguments.end()) {
    if (!it->is_array()) throw RequestError{"argument 'opponents' must be a list of robot files"};
    for (const json& item : *it) {
      if (!item.is_string()) throw RequestError{"argument 'opponents' must be a list of robot files"};
      paths.push_back(item.get<std::string>());
    }
  }
  if (paths.size() > static_cast<size_t>(arena::robowar::kMaxRobots)) {
    throw RequestError{"a RoboWar battle takes at most 6 robots (program and 5 opponents)"};
  }
  // Not make_unique: the constructor is private, so that a battle exists only launched.
  std::unique_ptr<RoboWarDebuggee> battle(new RoboWarDebuggee());
  battle->seed_ = static_cast<uint64_t>(integerArgumentOr(arguments, "seed", 1));
  const int64_t maxChronons = integerArgumentOr(arguments, "maxChronons", battle->rules_.maxChronons);
  if (maxChronons < 1 || maxChronons > kMaxChronons) {
    throw RequestError{"argument 'maxChronons' must be from 1 to 1000000"};
  }
  battle->rules_.maxChronons = static_cast<int>(maxChronons);
  for (size_t i = 0; i < paths.size(); ++i) {
    auto robot = std::make_unique<RoboWarDebugRobot>();
    robot->path = absolutePath(paths[i]);
    robot->loaded = robotalk::loadRobot(paths[i], robotalk::CompileOptions{});
    // The loaded file is named by the path as given, so the error names the file as the launch did.
    if (const std::string error = detail::firstError(robot->loaded.file, robot->loaded.diagnostics); !error.empty())
      throw RequestError{error};
    robot->words = wordTexts(robot->loaded.program);
    for (const auto& [address, name] : robotalk::labelNames(robot->loaded.program)) robot->labels[address] = name;
    robot->threadName = robot->loaded.program.name + " (robot " + std::to_string(i) + ")";
    battle->robots_.push_back(std::move(robot));
  }
  // Robots naming the same `#!!team` are teammates, numbered as `chronon battle` numbers them, so
  // that the debugged battle is the one `battle` runs.
  const std::vector<int> teams = teamsOf(battle->robots_);
  std::vector<arena::robowar::DebugEntrant> entrants;
  for (size_t i = 0; i < battle->robots_.size(); ++i) {
    const RoboWarDebugRobot& robot = *battle->robots_[i];
    const bool hasSource = robot.loaded.kind == robotalk::RobotFileKind::kSource;
    entrants.push_back(
        {arena::robowar::Entry{&robot.loaded.program, teams[i]}, hasSource ? &robot.loaded.file : nullptr});
  }
  battle->session_ = std::make_unique<DebugSession>(std::move(entrants), battle->seed_, battle->rules_);
  return battle;
}

std::vector<int64_t> RoboWarDebuggee::threadIds() const {
  std::vector<int64_t> ids;
  if (session_->ended()) return ids;
  for (size_t i = 0; i < robots_.size(); ++i) {
    if (!session_->paused() || session_->snapshot().robots[i].alive) ids.push_back(static_cast<int64_t>(i) + 1);
  }
  return ids;
}

bool RoboWarDebuggee::stepForward(const std::string& command, const std::string& granularity, int64_t threadId) {
  using arena::robowar::DebugStep;
  // stepOut leaves the innermost call on the stack; without one, the robot's turn (its next chronon).
  const DebugStep step = detail::forwardStep(command, granularity, DebugStep::kLineOver, DebugStep::kOver);
  return session_->stepForward(step, steppedRobot(threadId));
}

std::map<int, json> RoboWarDebuggee::applyBreakpoints(const BreakpointRequests& requests) {
  std::map<int, json> resolved;
  std::vector<arena::robowar::DebugBreakpoint> installed;
  auto unverified = [&](const RequestedBreakpoint& r, const std::string& message) {
    json b{{"id", r.id}, {"verified", false}, {"message", message}};
    if (r.line > 0) b["line"] = r.line;
    resolved[r.id] = std::move(b);
  };
  // The breakpoint's condition, parsed; nullopt once the breakpoint is marked unverified with the
  // parser's message.
  const auto conditionOf = [&](const RequestedBreakpoint& r) {
    std::string error;
    std::optional<arena::robowar::DebugCondition> condition = arena::robowar::parseDebugCondition(r.condition, error);
    if (!condition) unverified(r, error);
    return condition;
  };
  for (const auto& [path, list] : requests.lines) {
    for (const RequestedBreakpoint& r : list) {
      const std::optional<arena::robowar::DebugCondition> condition = conditionOf(r);
      if (!condition) continue;
      bool inBattle = false;
      json b;
      for (size_t i = 0; i < robots_.size(); ++i) {
        const RoboWarDebugRobot& robot = *robots_[i];
        if (robot.path != path) continue;
        inBattle = true;
        const SourceFile* source = session_->source(static_cast<int>(i));
        if (source == nullptr) continue;
        const arena::robowar::LineBreakAddresses at =
            arena::robowar::lineBreakAddresses(robot.loaded.program, *source, r.line);
        if (at.line == 0) continue;
        for (int address : at.addresses) {
          installed.push_back({r.id, static_cast<int>(i), address, false, *condition});
        }
        b = json{{"id", r.id}, {"verified", true}, {"line", at.line}, {"source", detail::sourceOf(robot.path)}};
      }
      if (!b.is_null()) {
        resolved[r.id] = std::move(b);
      } else if (inBattle) {
        unverified(r, "no RoboTalk code on or after line " + std::to_string(r.line));
      } else {
        unverified(r, "this file is not one of the battle's robots");
      }
    }
  }
  for (const RequestedBreakpoint& r : requests.functions) {
    const std::optional<arena::robowar::DebugCondition> condition = conditionOf(r);
    if (!condition) continue;
    json b;
    for (size_t i = 0; i < robots_.size(); ++i) {
      const RoboWarDebugRobot& robot = *robots_[i];
      const int address = arena::robowar::labelAddress(robot.loaded.program, r.name);
      if (address < 0) continue;
      installed.push_back({r.id, static_cast<int>(i), address, true, *condition});
      if (b.is_null()) {
        b = json{{"id", r.id}, {"verified", true}};
        const int line = session_->lineOf(static_cast<int>(i), address);
        if (line > 0) {
          b["line"] = line;
          b["source"] = detail::sourceOf(robot.path);
        }
      }
    }
    if (b.is_null()) {
      unverified(r, "no label '" + r.name + "' in the battle's robots");
    } else {
      resolved[r.id] = std::move(b);
    }
  }
  std::vector<arena::robowar::DebugWatch> watches;
  for (const RequestedWatch& r : requests.data) {
    const size_t colon = r.dataId.find(':');
    int robot = -1;
    if (colon != std::string::npos) {
      try {
        robot = std::stoi(r.dataId.substr(0, colon));
      } catch (const std::exception&) {
        robot = -1;
      }
    }
    const int variable =
        colon == std::string::npos ? -1 : arena::robowar::debugVariableIndex(r.dataId.substr(colon + 1));
    if (robot < 0 || robot >= static_cast<int>(robots_.size()) || variable < 0) {
      resolved[r.id] = json{{"id", r.id}, {"verified", false}, {"message", "unknown dataId '" + r.dataId + "'"}};
      continue;
    }
    watches.push_back({r.id, robot, variable});
    resolved[r.id] = json{{"id", r.id}, {"verified", true}};
  }
  session_->setBreakpoints(std::move(installed));
  session_->setWatches(std::move(watches));
  return resolved;
}

json RoboWarDebuggee::threads() const {
  json threads = json::array();
  const DebugSession& session = *session_;
  for (size_t i = 0; i < robots_.size(); ++i) {
    if (session.paused() && !session.snapshot().robots[i].alive) continue;
    threads.push_back({{"id", static_cast<int64_t>(i) + 1}, {"name", robots_[i]->threadName}});
  }
  return json{{"threads", std::move(threads)}};
}

json RoboWarDebuggee::stackTrace(const json& arguments) const {
  const DebugSession& session = pausedSession();
  const int robotIndex = robotOfThread(integerArgument(arguments, "threadId"));
  const RoboWarDebugRobot& robot = *robots_[static_cast<size_t>(robotIndex)];
  const DebugRobotState& state = stateOf(session, robotIndex);
  const int size = static_cast<int>(robot.loaded.program.code.size());
  json frames = json::array();
  const int pc = state.brain.pc;
  if (pc >= 0 && pc < size) {
    frames.push_back(frameAt(robotIndex, 0, pc, labelled(robot, pc) + ": " + robot.words[static_cast<size_t>(pc)]));
  } else {
    frames.push_back(json{{"id", (robotIndex + 1) * kFramesPerRobot},
                          {"name", "@" + std::to_string(pc) + " (outside the program)"},
                          {"line", 0},
                          {"column", 0}});
  }
  // RoboTalk keeps return addresses on the data stack among the data. A cell is shown as one when it
  // points just after a CALL, IF or IFE: a guess, but the one a player makes reading the stack.
  for (int i = state.brain.sp - 1; i >= 0; --i) {
    const int value = state.brain.stack[static_cast<size_t>(i)];
    if (value >= size || !arena::robowar::isReturnAddress(robot.loaded.program, value)) continue;
    if (frames.size() >= static_cast<size_t>(kFramesPerRobot - 1)) break;
    frames.push_back(
        frameAt(robotIndex, static_cast<int>(frames.size()), value, "return to " + labelled(robot, value)));
  }
  const int64_t total = static_cast<int64_t>(frames.size());
  const int64_t start = std::clamp<int64_t>(integerArgumentOr(arguments, "startFrame", 0), 0, total);
  int64_t levels = integerArgumentOr(arguments, "levels", 0);
  if (levels <= 0) levels = total;
  json page = json::array();
  for (int64_t i = start; i < total && i < start + levels; ++i) page.push_back(frames[static_cast<size_t>(i)]);
  return json{{"stackFrames", std::move(page)}, {"totalFrames", total}};
}

json RoboWarDebuggee::scopes(const json& arguments) const {
  pausedSession();
  const int64_t frameId = integerArgument(arguments, "frameId");
  const int robot = robotOfThread(frameId / kFramesPerRobot);
  const int64_t base = (robot + 1) * kScopesPerRobot;
  const DebugRobotState& state = stateOf(*session_, robot);
  return json{{"scopes", json::array({{{"name", "Data stack"},
                                       {"presentationHint", "locals"},
                                       {"variablesReference", base + static_cast<int64_t>(Scope::kDataStack)},
                                       {"indexedVariables", state.brain.sp},
                                       {"expensive", false}},
                                      {{"name", "Registers"},
                                       {"presentationHint", "registers"},
                                       {"variablesReference", base + static_cast<int64_t>(Scope::kRegisters)},
                                       {"expensive", false}},
                                      {{"name", "Hardware"},
                                       {"variablesReference", base + static_cast<int64_t>(Scope::kHardware)},
                                       {"expensive", false}}})}};
}

json RoboWarDebuggee::variables(const json& arguments) const {
  const DebugSession& session = pausedSession();
  const int64_t reference = integerArgument(arguments, "variablesReference");
  const int robot = robotOfThread(reference / kScopesPerRobot);
  const DebugRobotState& state = stateOf(session, robot);
  json variables = json::array();
  switch (detail::scopeNamed<Scope>(reference % kScopesPerRobot, kScopes, reference)) {
    case Scope::kDataStack: {
      // Top first, as the original's debugger window lists it; names are depths (0 = top).
      const RoboWarDebugRobot& shown = *robots_[static_cast<size_t>(robot)];
      for (int i = state.brain.sp - 1; i >= 0; --i) {
        json cell = stackCell(shown, state.brain.stack[static_cast<size_t>(i)]);
        cell["name"] = std::to_string(state.brain.sp - 1 - i);
        variables.push_back(std::move(cell));
      }
      break;
    }
    case Scope::kRegisters:
      for (int i = 0; i < 26; ++i) {
        if (!robotalk::isUserVariable(i)) continue;
        variables.push_back(
            variable(std::string(1, static_cast<char>('A' + i)), state.brain.letters[static_cast<size_t>(i)]));
      }
      variables.push_back(variable("pc", state.brain.pc));
      variables.push_back(
          json{{"name", "vector"},
               {"value", "VSTORE cells 0-" + std::to_string(robotalk::kVectorCells - 1)},
               {"variablesReference", (robot + 1) * kScopesPerRobot + static_cast<int64_t>(Scope::kVector)},
               {"indexedVariables", robotalk::kVectorCells}});
      variables.push_back(json{
          {"name", "interrupts"}, {"value", state.brain.interruptsEnabled ? "on" : "off"}, {"variablesReference", 0}});
      break;
    case Scope::kVector: {
      const int64_t start = std::clamp<int64_t>(integerArgumentOr(arguments, "start", 0), 0, robotalk::kVectorCells);
      int64_t count = integerArgumentOr(arguments, "count", 0);
      if (count <= 0) count = robotalk::kVectorCells;
      for (int64_t i = start; i < robotalk::kVectorCells && i < start + count; ++i) {
        variables.push_back(variable(std::to_string(i), state.brain.vector[static_cast<size_t>(i)]));
      }
      break;
    }
    case Scope::kHardware:
      for (const auto& [name, value] : hardwareValues(session.snapshot(), robot))
        variables.push_back(variable(name, value));
      break;
  }
  return json{{"variables", std::move(variables)}};
}

json RoboWarDebuggee::setVariable(const json& arguments) {
  const DebugSession& session = pausedSession();
  const int64_t reference = integerArgument(arguments, "variablesReference");
  const std::string name = detail::trimmed(stringArgument(arguments, "name"));
  const std::string text = detail::trimmed(stringArgument(arguments, "value"));
  const int robot = robotOfThread(reference / kScopesPerRobot);
  if (robot != session.snapshot().position.robot)
    throw RequestError{"only the paused robot's values can be set (robot " +
                       std::to_string(session.snapshot().position.robot) + "): the others are between instructions"};
  // A cell is 16 bits; a quoted register (`aim'`) stands for its reference, 20300 + index (specs/robowar.md §3.3).
  std::optional<int64_t> value = detail::integerIn(text, -32768, 32767);
  if (!value && text.size() > 1 && text.back() == '\'') {
    if (const robotalk::RegisterInfo* info = robotalk::lookupRegister(text.substr(0, text.size() - 1)))
      value = info->quotedCode();
  }
  if (!value) throw RequestError{"'" + text + "' is no RoboTalk value: an integer from -32768 to 32767, or REG'"};
  DebugEdit edit;
  edit.value = static_cast<int16_t>(*value);
  const auto index = [&](int64_t highest) {
    const std::optional<int64_t> at = detail::integerIn(name, 0, highest);
    if (!at) throw RequestError{"no variable '" + name + "' to set here"};
    return static_cast<int>(*at);
  };
  switch (detail::scopeNamed<Scope>(reference % kScopesPerRobot, kScopes, reference)) {
    case Scope::kDataStack:
      edit.target = DebugEdit::Target::kStack;
      edit.index = index(robotalk::kStackCells - 1);
      break;
    case Scope::kRegisters: {
      const std::string lower = robotalk::lowerAscii(name);
      if (lower.size() != 1 || lower[0] < 'a' || lower[0] > 'z')
        throw RequestError{"only the variables A-Z of the Registers scope can be set, not '" + name + "'"};
      edit.target = DebugEdit::Target::kVariable;
      edit.index = lower[0] - 'a';
      break;
    }
    case Scope::kVector:
      edit.target = DebugEdit::Target::kVector;
      edit.index = index(robotalk::kVectorCells - 1);
      break;
    case Scope::kHardware:
      throw RequestError{
          "hardware registers are the battle's; store into them from code (a variable, a vector or "
          "a stack cell can be set here)"};
  }
  if (const std::string error = session_->setValue(edit); !error.empty()) throw RequestError{error};
  if (edit.target == DebugEdit::Target::kStack)
    return json{{"value", stackCell(*robots_[static_cast<size_t>(robot)], edit.value)["value"]}};
  return json{{"value", std::to_string(edit.value)}};
}

json RoboWarDebuggee::evaluate(const json& arguments) const {
  const DebugSession& session = pausedSession();
  std::string expression = stringArgument(arguments, "expression");
  const int robot = robotOfFrame(arguments);
  const DebugRobotState& state = stateOf(session, robot);
  expression = detail::trimmed(std::move(expression));
  const std::string lower = robotalk::lowerAscii(expression);
  const auto result = detail::evaluateResult;
  if (lower.size() == 1 && lower[0] >= 'a' && lower[0] <= 'z' && robotalk::isUserVariable(lower[0] - 'a')) {
    return result(std::to_string(state.brain.letters[static_cast<size_t>(lower[0] - 'a')]));
  }
  if (lower == "pc") return result(std::to_string(state.brain.pc));
  if (lower == "stack") {
    std::string text;
    for (int i = state.brain.sp - 1; i >= 0; --i) {
      if (!text.empty()) text += ' ';
      text += std::to_string(state.brain.stack[static_cast<size_t>(i)]);
    }
    return result(text.empty() ? "(empty)" : text);
  }
  for (const auto& [name, value] : hardwareValues(session.snapshot(), robot)) {
    if (robotalk::lowerAscii(name) == lower) return result(std::to_string(value));
  }
  // Anything else is RoboTalk run on a copy of the robot's brain, as the REPL runs an input; a hover
  // only shows names, never runs code.
  const std::string context = arguments.value("context", "");
  if (context == "hover" || expression.empty()) throw RequestError{"cannot evaluate '" + expression + "'"};
  const arena::robowar::DebugEvaluation evaluation = session.evaluate(robot, expression);
  if (!evaluation.ok) throw RequestError{"cannot evaluate '" + expression + "': " + evaluation.error};
  std::string text;
  for (auto it = evaluation.stack.rbegin(); it != evaluation.stack.rend(); ++it) {
    if (!text.empty()) text += ' ';
    text += std::to_string(*it);
  }
  return result(text.empty() ? "(empty)" : text);
}

json RoboWarDebuggee::dataBreakpointInfo(const json& arguments) const {
  const std::string name = stringArgument(arguments, "name");
  int robot = -1;
  if (arguments.contains("variablesReference")) {
    const int64_t reference = integerArgument(arguments, "variablesReference");
    if (reference % kScopesPerRobot != static_cast<int64_t>(Scope::kRegisters)) {
      return json{{"dataId", nullptr}, {"description", "only the user variables A-W and Z can be watched"}};
    }
    robot = robotOfThread(reference / kScopesPerRobot);
  } else if (arguments.contains("frameId")) {
    robot = robotOfThread(integerArgument(arguments, "frameId") / kFramesPerRobot);
  } else if (session_->paused()) {
    robot = session_->snapshot().position.robot;
  } else {
    robot = 0;
  }
  const int variable = arena::robowar::debugVariableIndex(name);
  if (variable < 0) {
    return json{{"dataId", nullptr}, {"description", "only the user variables A-W and Z can be watched"}};
  }
  const std::string letter(1, static_cast<char>('A' + variable));
  return json{{"dataId", std::to_string(robot) + ":" + letter},
              {"description", letter + " of " + robots_[static_cast<size_t>(robot)]->threadName},
              {"accessTypes", json::array({"write"})},
              {"canPersist", false}};
}

json RoboWarDebuggee::disassemble(const json& arguments) const {
  const detail::DisassembleRange range = detail::disassembleRange(arguments, kAddressesPerRobot);
  const int robotIndex = robotOfThread(range.base / kAddressesPerRobot + 1);
  const RoboWarDebugRobot& robot = *robots_[static_cast<size_t>(robotIndex)];
  const int64_t first = range.first;
  const int64_t count = range.count;
  const int size = static_cast<int>(robot.loaded.program.code.size());
  json instructions = json::array();
  for (int64_t a = first; a < first + count; ++a) {
    if (a < 0 || a >= size) {
      // The protocol asks for exactly instructionCount entries; outside the program they are
      // placeholders (with addresses that stay in this robot's range when they can).
      const int64_t shown = std::clamp<int64_t>(a, -1, kAddressesPerRobot - 1);
      json placeholder{{"address", shown < 0 ? "-0x1" : memoryReference(robotIndex, static_cast<int>(shown))},
                       {"instruction", "(outside the program)"},
                       {"presentationHint", "invalid"}};
      instructions.push_back(std::move(placeholder));
      continue;
    }
    const int address = static_cast<int>(a);
    const robotalk::Instruction& insn = robot.loaded.program.code[static_cast<size_t>(address)];
    json entry{{"address", memoryReference(robotIndex, address)},
               {"instructionBytes", std::to_string(insn.word)},
               {"instruction", robot.words[static_cast<size_t>(address)]}};
    if (const auto it = robot.labels.find(address); it != robot.labels.end()) entry["symbol"] = it->second;
    const int line = session_->lineOf(robotIndex, address);
    if (line > 0) {
      entry["location"] = detail::sourceOf(robot.path);
      entry["line"] = line;
    }
    instructions.push_back(std::move(entry));
  }
  return json{{"instructions", std::move(instructions)}};
}

json RoboWarDebuggee::exceptionInfo() const {
  const DebugSnapshot& snapshot = pausedSession().snapshot();
  if (snapshot.reason != DebugStopReason::kException) throw RequestError{"not stopped at a run-time error"};
  const RoboWarDebugRobot& robot = *robots_[static_cast<size_t>(snapshot.position.robot)];
  return json{{"exceptionId", std::string(kErrorFilter)},
              {"description", snapshot.error + " at " + labelled(robot, snapshot.position.pc) + " (" +
                                  robot.words[static_cast<size_t>(snapshot.position.pc)] + "): the original kills " +
                                  robot.threadName + " here"},
              {"breakMode", "always"}};
}

json RoboWarDebuggee::pause(int64_t threadId) const {
  const int robot = steppedRobot(threadId);
  const DebugSnapshot& snapshot = session_->snapshot();
  const RoboWarDebugRobot& shown = *robots_[static_cast<size_t>(robot)];
  return detail::pauseEvent(robot + 1, "chronon " + std::to_string(snapshot.position.chronon) + ", " +
                                           shown.threadName + " at " +
                                           labelled(shown, snapshot.robots[static_cast<size_t>(robot)].brain.pc));
}

json RoboWarDebuggee::stopped() const {
  const DebugSnapshot& snapshot = session_->snapshot();
  const int robotIndex = snapshot.position.robot;
  const RoboWarDebugRobot& robot = *robots_[static_cast<size_t>(robotIndex)];
  const std::string description = "chronon " + std::to_string(snapshot.position.chronon) + ", " + robot.threadName +
                                  " at " + labelled(robot, snapshot.position.pc);
  // A watch's stop says what changed as a run-time error says what failed.
  const bool failed =
      snapshot.reason == DebugStopReason::kException || snapshot.reason == DebugStopReason::kDataBreakpoint;
  return detail::stoppedEvent(snapshot.reason, robotIndex + 1, description, snapshot.breakpoints,
                              failed ? std::optional<std::string_view>(snapshot.error) : std::nullopt);
}

json RoboWarDebuggee::replay(bool withReplay) {
  if (withReplay && replay_.empty()) {
    std::vector<arena::robowar::Entry> entries;
    std::vector<arena::replay::Entrant> entrants;
    // The same teams launch gave the session.
    const std::vector<int> teams = teamsOf(robots_);
    for (size_t i = 0; i < robots_.size(); ++i) {
      const auto& robot = robots_[i];
      entries.push_back({&robot->loaded.program, teams[i]});
      std::string bytes;
      if (std::ifstream in(robot->path, std::ios::binary); in) bytes.assign(std::istreambuf_iterator<char>(in), {});
      entrants.push_back({robot->loaded.program.name, robot->path, std::move(bytes)});
    }
    arena::robowar::recordBattle(entries, entrants, seed_, rules_, "interpreter", [&](std::string_view line) {
      replay_ += line;
      replay_ += '\n';
    });
  }
  const DebugSession& s = *session_;
  const int moment = s.paused() ? s.snapshot().position.chronon : s.ended() ? s.result().chronons : 0;
  return detail::replayBody(moment, s.paused() ? s.snapshot().position.robot + 1 : 1, withReplay, "replay", replay_);
}

json RoboWarDebuggee::endOutput() const {
  const std::vector<std::string> names = robotNames(robots_);
  const arena::robowar::Result& result = session_->result();
  return json{{"category", "console"},
              {"output", arena::robowar::formatResult(result, names, seed_)},
              {"data", arena::robowar::resultJson(result, names, seed_)}};
}

const DebugSession& RoboWarDebuggee::pausedSession() const {
  if (!session_->paused()) throw RequestError{"the battle is not paused"};
  return *session_;
}

int RoboWarDebuggee::robotOfThread(int64_t threadId) const {
  if (threadId < 1 || threadId > static_cast<int64_t>(robots_.size())) {
    throw RequestError{"unknown thread " + std::to_string(threadId)};
  }
  return static_cast<int>(threadId - 1);
}

int RoboWarDebuggee::robotOfFrame(const json& arguments) const {
  const DebugSession& session = pausedSession();
  if (!arguments.contains("frameId")) return session.snapshot().position.robot;
  const int64_t frameId = integerArgument(arguments, "frameId");
  return robotOfThread(frameId / kFramesPerRobot);
}

json RoboWarDebuggee::frameAt(int robotIndex, int level, int address, const std::string& name) const {
  const RoboWarDebugRobot& robot = *robots_[static_cast<size_t>(robotIndex)];
  json frame{{"id", (robotIndex + 1) * kFramesPerRobot + level},
             {"name", name},
             {"line", 0},
             {"column", 0},
             {"instructionPointerReference", memoryReference(robotIndex, address)}};
  const int line = session_->lineOf(robotIndex, address);
  const SourceFile* source = session_->source(robotIndex);
  if (line > 0 && source != nullptr) {
    const robotalk::Instruction& insn = robot.loaded.program.code[static_cast<size_t>(address)];
    frame["source"] = detail::sourceOf(robot.path);
    frame["line"] = line;
    frame["column"] = source->lineColumn(insn.range.begin).column;
  } else {
    frame["presentationHint"] = "subtle";
  }
  return frame;
}

bool RoboWarDebuggee::paused() const { return session_->paused(); }
bool RoboWarDebuggee::ended() const { return session_->ended(); }
void RoboWarDebuggee::setStopOnErrors(bool stop) { session_->setStopOnErrors(stop); }
void RoboWarDebuggee::checkThread(int64_t threadId) const { (void)steppedRobot(threadId); }
bool RoboWarDebuggee::stepBack(int64_t threadId) { return session_->stepBack(steppedRobot(threadId)); }
bool RoboWarDebuggee::reverseContinue(int64_t threadId) { return session_->reverseContinue(steppedRobot(threadId)); }

}  // namespace chronon::dap
