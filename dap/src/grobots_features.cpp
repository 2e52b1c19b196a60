// The Debuggee of a Grobots round (dap/grobots_features.h).

#include "chronon/dap/grobots_features.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <cctype>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <string_view>
#include <system_error>

#include <unistd.h>

#include "chronon/arena/grobots_replay.h"
#include "chronon/compiler/grobocode_disasm.h"
#include "chronon/compiler/load.h"
#include "chronon/dap/protocol.h"
#include "chronon/stdlib/grobots_number.h"
#include "chronon/vm/grobocode_interpreter.h"
#include "feature_support.h"

namespace chronon::dap {

using arena::grobots::DebugRobotState;
using arena::grobots::DebugSession;
using arena::grobots::DebugSnapshot;
using arena::grobots::DebugStopReason;
using grobots::Fixed;
using nlohmann::json;

namespace {

using detail::addressText;
using detail::firstError;
using detail::scopeNamed;
// A DAP Variable without children.
const auto value = detail::plainVariable;

// Frame ids and variable references put the robot's serial above a small index, so that they need
// no table and stay valid for as long as the pause does.
constexpr int64_t kFramesPerRobot = 64;  // the frame at the pc and up to 50 return addresses
constexpr int64_t kScopesPerRobot = 8;
enum class Scope : uint8_t { kDataStack = 1, kReturnStack = 2, kVariables = 3, kHardware = 4 };
constexpr std::array kScopes{Scope::kDataStack, Scope::kReturnStack, Scope::kVariables, Scope::kHardware};
// Memory references name a type's instruction: type * kAddressesPerType + address, in hex.
constexpr int64_t kAddressesPerType = 0x10000;
constexpr int64_t kMaxFrames = 1000000;

// A number as the original prints it (toString: up to three decimals).
std::string numberText(Fixed n) {
  const grobots::Checked<std::string> text = grobots::toString(n);
  return text.ok() ? text.value() : std::to_string(n.toDouble());
}

std::string vectorText(grobots::FixedVector v) {
  const grobots::Checked<std::string> text = grobots::toString(v);
  return text.ok() ? text.value() : "<?>";
}

// "main+3: food-sensor-time": where an address is and what it holds.
std::string frameName(const grobocode::Program& brain, int32_t address) {
  std::string name = grobocode::describeAddress(brain, address);
  if (address >= 0 && static_cast<size_t>(address) < brain.instructions.size())
    name += ": " + grobocode::describe(brain, brain.instructions[static_cast<size_t>(address)]);
  return name;
}

std::vector<json> hardware(const DebugRobotState& r) {
  std::vector<json> out;
  out.push_back(value("position", vectorText(r.position), "vector"));
  out.push_back(value("velocity", vectorText(r.velocity), "vector"));
  out.push_back(value("energy", numberText(r.energy), "number"));
  out.push_back(value("max-energy", numberText(r.maxEnergy), "number"));
  out.push_back(value("armor", numberText(r.armor), "number"));
  out.push_back(value("shield", numberText(r.shield), "number"));
  out.push_back(value("radius", numberText(r.radius), "number"));
  out.push_back(value("mass", numberText(r.mass), "number"));
  out.push_back(value("flag", numberText(r.flag), "number"));
  out.push_back(value("constructor-type", std::to_string(r.constructorType), "integer"));
  out.push_back(value("constructor-progress", numberText(r.constructorProgress), "number"));
  out.push_back(value("blaster-cooldown", std::to_string(r.blasterCooldown), "frames"));
  out.push_back(value("grenades-cooldown", std::to_string(r.grenadeCooldown), "frames"));
  out.push_back(value("robot-found", std::to_string(r.found[0]), "integer"));
  out.push_back(value("food-found", std::to_string(r.found[1]), "integer"));
  out.push_back(value("shot-found", std::to_string(r.found[2]), "integer"));
  out.push_back(value("id", std::to_string(r.id), "integer"));
  out.push_back(value("remaining", std::to_string(r.brain.remaining), "cycles"));
  return out;
}

bool sameWithoutCase(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
         });
}

}  // namespace

std::unique_ptr<GrobotsDebuggee> GrobotsDebuggee::launch(const json& arguments) {
  // Not make_unique: the constructor is private, so that a round exists only launched.
  std::unique_ptr<GrobotsDebuggee> debug(new GrobotsDebuggee());
  std::vector<std::string> paths{stringArgument(arguments, "program")};
  if (const auto it = arguments.find("opponents"); it != arguments.end() && !it->is_null()) {
    if (!it->is_array()) throw RequestError{"argument 'opponents' must be a list of side files"};
    for (const json& o : *it) {
      if (!o.is_string()) throw RequestError{"argument 'opponents' must be a list of side files"};
      paths.push_back(o.get<std::string>());
    }
  }
  const int64_t seed = integerArgumentOr(arguments, "seed", 1);
  if (seed < INT32_MIN || seed > INT32_MAX) throw RequestError{"argument 'seed' is out of range"};
  debug->seed_ = static_cast<int32_t>(seed);
  const int64_t frames = integerArgumentOr(arguments, "frames", 18000);
  if (frames < 1 || frames > kMaxFrames) throw RequestError{"argument 'frames' must be from 1 to 1000000"};
  debug->options_.frameLimit = static_cast<int32_t>(frames);
  if (const auto it = arguments.find("world"); it != arguments.end() && !it->is_null()) {
    const std::string world = stringArgument(arguments, "world");
    int w = 0;
    int h = 0;
    char x = 0;
    std::istringstream in(world);
    if (!(in >> w >> x >> h) || (x != 'x' && x != 'X') || w < 1 || h < 1 || w > 1000 || h > 1000) {
      throw RequestError{"argument 'world' must be WxH in tiles of 10 units, e.g. 10x10"};
    }
    debug->options_.width = w * 10;
    debug->options_.height = h * 10;
  }
  debug->sides_.reserve(paths.size());
  for (const std::string& path : paths) {
    Diagnostics diagnostics;
    std::optional<SourceFile> file = loadSourceFile(path, diagnostics);
    if (!file) throw RequestError{path + ": cannot read the side"};
    debug->files_.push_back(std::make_unique<SourceFile>(std::move(*file)));
    grobocode::SideResult result = grobocode::compileSide(*debug->files_.back());
    if (!result.loaded()) {
      const std::string error = firstError(*debug->files_.back(), result.diagnostics);
      throw RequestError{error.empty() ? path + ": the side does not load" : error};
    }
    debug->sides_.push_back(std::move(result));
    debug->paths_.push_back(absolutePath(path));
  }
  std::vector<const grobocode::Side*> sides;
  for (const grobocode::SideResult& s : debug->sides_) sides.push_back(&s.side);
  debug->session_ = std::make_unique<DebugSession>(sides, debug->options_, debug->seed_);
  return debug;
}

std::map<int, json> GrobotsDebuggee::applyBreakpoints(const BreakpointRequests& requests) {
  std::map<int, json> resolved;
  std::vector<arena::grobots::DebugBreakpoint> installed;
  const grobocode::Side& side = sides_.front().side;
  // A condition is parsed once per type it applies to (variables differ between types).
  const auto conditionFor = [&](const RequestedBreakpoint& r, int32_t type,
                                std::string& error) -> std::optional<arena::grobots::DebugCondition> {
    const grobocode::Program& brain = *side.types[static_cast<size_t>(type)].brain;
    std::optional<arena::grobots::ParsedCondition> parsed = arena::grobots::parseCondition(r.condition, brain, error);
    if (!parsed) return std::nullopt;
    if (parsed->clauses.empty()) return arena::grobots::DebugCondition{};
    return arena::grobots::DebugCondition(
        [condition = std::move(*parsed)](const arena::grobots::DebugPosition& p, const grobocode::MachineState& s) {
          return condition.holds(p, s);
        });
  };
  for (const auto& [path, list] : requests.lines) {
    for (const RequestedBreakpoint& r : list) {
      json b{{"id", r.id}, {"verified", false}, {"line", r.line}};
      if (path != paths_.front()) {
        b["message"] = "this file is not the side being debugged";
        resolved[r.id] = std::move(b);
        continue;
      }
      int chosen = 0;
      const std::vector<arena::grobots::DebugLineAddresses> at =
          arena::grobots::debugLineAddresses(side, r.line, chosen);
      std::string error;
      for (const arena::grobots::DebugLineAddresses& typeAt : at) {
        if (typeAt.type < 0) continue;
        std::optional<arena::grobots::DebugCondition> condition = conditionFor(r, typeAt.type, error);
        if (!condition) break;
        for (int32_t address : typeAt.addresses)
          installed.push_back({r.id, 0, typeAt.type, address, false, *condition});
      }
      if (!error.empty()) {
        b["message"] = error;
      } else if (at.empty()) {
        b["message"] = "no code on or after line " + std::to_string(r.line);
      } else {
        b = json{{"id", r.id}, {"verified", true}, {"line", chosen}, {"source", detail::sourceOf(paths_.front())}};
      }
      resolved[r.id] = std::move(b);
    }
  }
  for (const RequestedBreakpoint& r : requests.functions) {
    json b{{"id", r.id}, {"verified", false}};
    std::string error;
    bool found = false;
    for (size_t t = 0; t < side.types.size() && error.empty(); ++t) {
      if (!side.types[t].brain) continue;
      const int32_t address = arena::grobots::debugLabelAddress(*side.types[t].brain, r.name);
      if (address < 0) continue;
      std::optional<arena::grobots::DebugCondition> condition = conditionFor(r, static_cast<int32_t>(t), error);
      if (!condition) break;
      installed.push_back({r.id, 0, static_cast<int32_t>(t), address, true, *condition});
      if (!found) {
        b = json{{"id", r.id},
                 {"verified", true},
                 {"source", detail::sourceOf(paths_.front())},
                 {"line", session_->lineOf(0, static_cast<int32_t>(t), address)}};
      }
      found = true;
    }
    if (!error.empty()) {
      b = json{{"id", r.id}, {"verified", false}, {"message", error}};
    } else if (!found) {
      b["message"] = "no type of the side has a label '" + r.name + "'";
    }
    resolved[r.id] = std::move(b);
  }
  std::vector<arena::grobots::DebugWatch> watches;
  for (const RequestedWatch& r : requests.data) {
    json b{{"id", r.id}, {"verified", false}};
    const size_t colon = r.dataId.rfind(':');
    bool ok = false;
    if (colon != std::string::npos) {
      const std::string typeName = r.dataId.substr(0, colon);
      const std::string name = r.dataId.substr(colon + 1);
      for (size_t t = 0; t < side.types.size() && !ok; ++t) {
        if (!side.types[t].brain || side.types[t].name != typeName) continue;
        const grobocode::Program& brain = *side.types[t].brain;
        for (size_t i = 0; i < brain.variables.size() && !ok; ++i) {
          if (brain.variables[i].name != name) continue;
          watches.push_back({r.id, 0, static_cast<int32_t>(t), false, static_cast<int32_t>(i)});
          ok = true;
        }
        for (size_t i = 0; i < brain.vectors.size() && !ok; ++i) {
          if (brain.vectors[i].name != name) continue;
          watches.push_back({r.id, 0, static_cast<int32_t>(t), true, static_cast<int32_t>(i)});
          ok = true;
        }
      }
    }
    if (ok) {
      b["verified"] = true;
    } else {
      b["message"] = "no variable '" + r.dataId + "' (give TYPE:VARIABLE of the side being debugged)";
    }
    resolved[r.id] = std::move(b);
  }
  session_->setBreakpoints(std::move(installed));
  session_->setWatches(std::move(watches));
  return resolved;
}

std::vector<int64_t> GrobotsDebuggee::threadIds() const {
  std::vector<int64_t> ids;
  if (!session_->paused()) return ids;
  for (const DebugRobotState& r : session_->snapshot().robots) {
    if (r.side == 0 && r.hasBrain) ids.push_back(r.serial);
  }
  return ids;
}

void GrobotsDebuggee::checkThread(int64_t threadId) const {
  // Before the first stop no robot is known yet; thread 0 stands for the side.
  if (threadId == 0 || !session_->paused()) return;
  const std::vector<int64_t> ids = threadIds();
  if (std::find(ids.begin(), ids.end(), threadId) == ids.end())
    throw RequestError{"unknown thread " + std::to_string(threadId)};
}

bool GrobotsDebuggee::stepForward(const std::string& command, const std::string& granularity, int64_t threadId) {
  checkThread(threadId);
  using arena::grobots::DebugStep;
  // stepOut leaves the innermost call; at top level, it goes to the robot's next frame.
  const DebugStep step = detail::forwardStep(command, granularity, DebugStep::kOver, DebugStep::kInstruction);
  // Before the first stop, a step goes to the first instruction of the first robot of the side,
  // before it runs (stop on entry): which robot of the round runs first depends on the seed, so
  // the robot is found at frame 0 and then its entry is sought.
  if (!session_->paused() && step != DebugStep::kContinue) {
    if (!session_->goToFrame(0)) return false;
    const DebugSnapshot& s = session_->snapshot();
    for (const DebugRobotState& r : s.robots) {
      if (r.side == 0 && r.hasBrain) return session_->goToEntry(r.serial);
    }
    return true;
  }
  return session_->stepForward(step, static_cast<uint32_t>(std::max<int64_t>(threadId, 0)));
}

bool GrobotsDebuggee::stepBack(int64_t threadId) {
  checkThread(threadId);
  return session_->stepBack(static_cast<uint32_t>(threadOrPaused(threadId)));
}

bool GrobotsDebuggee::reverseContinue(int64_t threadId) {
  checkThread(threadId);
  return session_->reverseContinue(static_cast<uint32_t>(threadOrPaused(threadId)));
}

json GrobotsDebuggee::threads() const {
  json threads = json::array();
  if (session_->paused()) {
    for (const DebugRobotState& r : session_->snapshot().robots) {
      if (r.side == 0 && r.hasBrain) threads.push_back({{"id", static_cast<int64_t>(r.serial)}, {"name", r.name}});
    }
  }
  return json{{"threads", std::move(threads)}};
}

json GrobotsDebuggee::stackTrace(const json& arguments) const {
  const DebugRobotState& r = robotOf(integerArgument(arguments, "threadId"));
  json frames = json::array({frameAt(r, 0, r.brain.pc)});
  for (int32_t k = r.brain.returnHeight; k-- > 0;)
    frames.push_back(frameAt(r, r.brain.returnHeight - k, r.brain.returnStack[static_cast<size_t>(k)]));
  const auto total = static_cast<int64_t>(frames.size());
  return json{{"stackFrames", std::move(frames)}, {"totalFrames", total}};
}

json GrobotsDebuggee::scopes(const json& arguments) const {
  const int64_t frameId = integerArgument(arguments, "frameId");
  const DebugRobotState& r = robotOfReference(frameId, kFramesPerRobot);
  const int64_t base = static_cast<int64_t>(r.serial) * kScopesPerRobot;
  const auto scope = [&](const char* name, Scope kind, const char* hint, int64_t count) {
    json s{{"name", name}, {"variablesReference", base + static_cast<int64_t>(kind)}, {"expensive", false}};
    if (hint != nullptr) s["presentationHint"] = hint;
    if (count >= 0) s["indexedVariables"] = count;
    return s;
  };
  return json{{"scopes", json::array({scope("Data stack", Scope::kDataStack, nullptr, r.brain.height),
                                      scope("Return stack", Scope::kReturnStack, nullptr, r.brain.returnHeight),
                                      scope("Variables", Scope::kVariables, "locals", -1),
                                      scope("Hardware", Scope::kHardware, "registers", -1)})}};
}

json GrobotsDebuggee::variables(const json& arguments) const {
  const int64_t reference = integerArgument(arguments, "variablesReference");
  const DebugRobotState& r = robotOfReference(reference, kScopesPerRobot);
  const grobocode::Program& brain = brainOf(r);
  json variables = json::array();
  switch (scopeNamed<Scope>(reference % kScopesPerRobot, kScopes, reference)) {
    case Scope::kDataStack:
      for (int32_t k = r.brain.height; k-- > 0;) {
        variables.push_back(
            value(std::to_string(r.brain.height - 1 - k), numberText(r.brain.stack[static_cast<size_t>(k)]), "number"));
      }
      break;
    case Scope::kReturnStack:
      for (int32_t k = r.brain.returnHeight; k-- > 0;) {
        const int32_t address = r.brain.returnStack[static_cast<size_t>(k)];
        variables.push_back(value(std::to_string(r.brain.returnHeight - 1 - k),
                                  grobocode::describeAddress(brain, address), "return address"));
      }
      break;
    case Scope::kVariables:
      for (size_t i = 0; i < brain.variables.size() && i < r.brain.variables.size(); ++i) {
        json v = value(brain.variables[i].name, numberText(r.brain.variables[i]), "number");
        v["evaluateName"] = brain.variables[i].name;
        variables.push_back(std::move(v));
      }
      for (size_t i = 0; i < brain.vectors.size() && i < r.brain.vectors.size(); ++i) {
        json v = value(brain.vectors[i].name, vectorText(r.brain.vectors[i]), "vector");
        v["evaluateName"] = brain.vectors[i].name;
        variables.push_back(std::move(v));
      }
      break;
    case Scope::kHardware:
      for (json& v : hardware(r)) variables.push_back(std::move(v));
      break;
  }
  return json{{"variables", std::move(variables)}};
}

namespace {

// A number as a Grobocode literal reads it (grobots::parseLiteral, the original's ParseNumber).
std::optional<Fixed> numberFrom(std::string_view text) {
  const auto parsed = grobots::parseLiteral(text);
  if (!parsed.ok()) return std::nullopt;
  return parsed.value();
}

// A vector as `vprint` prints it, "<x, y>", or as two numbers "x y" or "x, y".
std::optional<grobots::FixedVector> vectorFrom(std::string text) {
  if (text.size() >= 2 && text.front() == '<' && text.back() == '>') text = text.substr(1, text.size() - 2);
  for (char& c : text) {
    if (c == ',') c = ' ';
  }
  std::istringstream words(text);
  std::string x;
  std::string y;
  std::string more;
  if (!(words >> x >> y) || (words >> more)) return std::nullopt;
  const std::optional<Fixed> fx = numberFrom(x);
  const std::optional<Fixed> fy = numberFrom(y);
  if (!fx || !fy) return std::nullopt;
  return grobots::FixedVector{*fx, *fy};
}

}  // namespace

json GrobotsDebuggee::setVariable(const json& arguments) {
  const DebugSession& session = pausedRound();
  const int64_t reference = integerArgument(arguments, "variablesReference");
  const std::string name = detail::trimmed(stringArgument(arguments, "name"));
  const std::string text = detail::trimmed(stringArgument(arguments, "value"));
  const DebugRobotState& r = robotOfReference(reference, kScopesPerRobot);
  if (r.serial != session.snapshot().position.robot)
    throw RequestError{"only the paused robot's values can be set (" + session.snapshot().paused().name +
                       "): the others are between thinks"};
  const grobocode::Program& brain = brainOf(r);
  arena::grobots::DebugEdit edit;
  const auto number = [&] {
    const std::optional<Fixed> n = numberFrom(text);
    if (!n) throw RequestError{"'" + text + "' is no Grobocode number"};
    return *n;
  };
  switch (scopeNamed<Scope>(reference % kScopesPerRobot, kScopes, reference)) {
    case Scope::kDataStack: {
      const std::optional<int64_t> depth = detail::integerIn(name, 0, grobocode::kStackLimit - 1);
      if (!depth) throw RequestError{"no stack cell '" + name + "'"};
      edit.target = arena::grobots::DebugEdit::Target::kStack;
      edit.index = static_cast<int32_t>(*depth);
      edit.vector.x = number();
      break;
    }
    case Scope::kVariables: {
      bool found = false;
      for (size_t i = 0; i < brain.variables.size() && !found; ++i) {
        if (!sameWithoutCase(brain.variables[i].name, name)) continue;
        edit.target = arena::grobots::DebugEdit::Target::kVariable;
        edit.index = static_cast<int32_t>(i);
        edit.vector.x = number();
        found = true;
      }
      for (size_t i = 0; i < brain.vectors.size() && !found; ++i) {
        if (!sameWithoutCase(brain.vectors[i].name, name)) continue;
        const std::optional<grobots::FixedVector> v = vectorFrom(text);
        if (!v) throw RequestError{"'" + text + "' is no vector: write it as <x, y>"};
        edit.target = arena::grobots::DebugEdit::Target::kVector;
        edit.index = static_cast<int32_t>(i);
        edit.vector = *v;
        found = true;
      }
      if (!found) throw RequestError{"no variable '" + name + "' in this robot's type"};
      break;
    }
    case Scope::kReturnStack: throw RequestError{"return addresses cannot be set: they are where calls go back to"};
    case Scope::kHardware:
      throw RequestError{
          "hardware is the world's; write it from code (a variable, a vector or a stack cell can be "
          "set here)"};
  }
  if (const std::string error = session_->setValue(edit); !error.empty()) throw RequestError{error};
  if (edit.target == arena::grobots::DebugEdit::Target::kVector) return json{{"value", vectorText(edit.vector)}};
  return json{{"value", numberText(edit.vector.x)}};
}

json GrobotsDebuggee::evaluate(const json& arguments) const {
  const DebugSession& session = pausedRound();
  const int64_t frameId = integerArgumentOr(arguments, "frameId", 0);
  const DebugRobotState& r =
      frameId > 0 ? robotOfReference(frameId, kFramesPerRobot) : robotOf(session.snapshot().position.robot);
  const grobocode::Program& brain = brainOf(r);
  const std::string expression = detail::trimmed(stringArgument(arguments, "expression"));
  const auto result = detail::evaluateResult;
  for (size_t i = 0; i < brain.variables.size() && i < r.brain.variables.size(); ++i) {
    if (sameWithoutCase(brain.variables[i].name, expression)) return result(numberText(r.brain.variables[i]));
  }
  for (size_t i = 0; i < brain.vectors.size() && i < r.brain.vectors.size(); ++i) {
    if (sameWithoutCase(brain.vectors[i].name, expression)) return result(vectorText(r.brain.vectors[i]));
  }
  if (expression == "pc") return result(grobocode::describeAddress(brain, r.brain.pc));
  if (expression == "frame") return result(std::to_string(session.snapshot().position.frame));
  if (expression == "stack") {
    std::string text;
    for (int32_t k = 0; k < r.brain.height; ++k)
      text += (k == 0 ? "" : " ") + numberText(r.brain.stack[static_cast<size_t>(k)]);
    return result(text.empty() ? "(empty)" : text);
  }
  if (expression == "return-stack") {
    std::string text;
    for (int32_t k = 0; k < r.brain.returnHeight; ++k)
      text += (k == 0 ? "" : " ") + grobocode::describeAddress(brain, r.brain.returnStack[static_cast<size_t>(k)]);
    return result(text.empty() ? "(empty)" : text);
  }
  for (const json& v : hardware(r)) {
    if (v["name"] == expression) return result(v["value"].get<std::string>());
  }
  // Anything else is Grobocode run on a copy of the robot's brain at the paused moment, as the REPL
  // runs an input; a hover only shows names, never runs code.
  if (arguments.value("context", "") == "hover" || expression.empty())
    throw RequestError{"cannot evaluate '" + expression + "'"};
  const arena::grobots::DebugEvaluation evaluation = session_->evaluate(r.serial, expression);
  if (!evaluation.ok) throw RequestError{"cannot evaluate '" + expression + "': " + evaluation.error};
  // The stack top first, as the Data stack scope shows it, and what the code printed.
  std::string text;
  for (auto it = evaluation.stack.rbegin(); it != evaluation.stack.rend(); ++it)
    text += (text.empty() ? "" : " ") + numberText(*it);
  if (text.empty()) text = "(empty)";
  if (!evaluation.printed.empty()) text += " (printed " + evaluation.printed + ")";
  return result(text);
}

json GrobotsDebuggee::dataBreakpointInfo(const json& arguments) const {
  const std::string name = stringArgument(arguments, "name");
  const int64_t reference = integerArgumentOr(arguments, "variablesReference", 0);
  const DebugSession& session = pausedRound();
  const DebugRobotState& r =
      reference > 0 ? robotOfReference(reference, kScopesPerRobot) : robotOf(session.snapshot().position.robot);
  const grobocode::Program& brain = brainOf(r);
  const std::string typeName = sides_.front().side.types[static_cast<size_t>(r.type)].name;
  const auto declared = [&] {
    for (const auto& v : brain.variables) {
      if (v.name == name) return true;
    }
    for (const auto& v : brain.vectors) {
      if (v.name == name) return true;
    }
    return false;
  };
  if (!declared())
    return json{{"dataId", nullptr}, {"description", "only the type's #var and #vector variables can be watched"}};
  return json{{"dataId", typeName + ":" + name},
              {"description", name + " of every " + typeName},
              {"accessTypes", json::array({"write"})},
              {"canPersist", false}};
}

json GrobotsDebuggee::stopped() const {
  const DebugSnapshot& snapshot = session_->snapshot();
  const DebugRobotState& r = snapshot.paused();
  const std::string description = "frame " + std::to_string(snapshot.position.frame) + ", " + r.name + " at " +
                                  grobocode::describeAddress(brainOf(r), snapshot.position.pc);
  const bool failed = snapshot.reason == DebugStopReason::kException;
  return detail::stoppedEvent(snapshot.reason, static_cast<int64_t>(snapshot.position.robot), description,
                              snapshot.breakpoints,
                              failed ? std::optional<std::string_view>(snapshot.error) : std::nullopt);
}

json GrobotsDebuggee::pause(int64_t threadId) const {
  const int64_t thread = threadOrPaused(threadId);
  const DebugRobotState& r = robotOf(thread);
  return detail::pauseEvent(thread, "frame " + std::to_string(session_->snapshot().position.frame) + ", " + r.name +
                                        " at " + grobocode::describeAddress(brainOf(r), r.brain.pc));
}

json GrobotsDebuggee::exceptionInfo() const {
  const DebugSession& session = pausedRound();
  const DebugSnapshot& snapshot = session.snapshot();
  if (snapshot.reason != DebugStopReason::kException) throw RequestError{"not stopped at a runtime error"};
  const DebugRobotState& r = snapshot.paused();
  return json{{"exceptionId", std::string(kErrorFilter)},
              {"description", r.name + " had error in brain at " +
                                  grobocode::describeAddress(brainOf(r), snapshot.position.pc) + ": " + snapshot.error +
                                  " (its brain stops here)"},
              {"breakMode", "always"}};
}

json GrobotsDebuggee::disassemble(const json& arguments) const {
  const detail::DisassembleRange range = detail::disassembleRange(arguments, kAddressesPerType);
  const int64_t type = range.base / kAddressesPerType;
  const grobocode::Side& side = sides_.front().side;
  if (range.base < 0 || type >= static_cast<int64_t>(side.types.size()) || !side.types[static_cast<size_t>(type)].brain)
    throw RequestError{"memoryReference '" + stringArgument(arguments, "memoryReference") +
                       "' names no brain of the side"};
  const grobocode::Program& brain = *side.types[static_cast<size_t>(type)].brain;
  const int64_t first = range.first;
  const int64_t count = range.count;
  json instructions = json::array();
  for (int64_t a = first; a < first + count; ++a) {
    json in{{"address", addressText(type * kAddressesPerType + a)}};
    if (a < 0 || a >= static_cast<int64_t>(brain.instructions.size())) {
      in["instruction"] = "";
      in["presentationHint"] = "invalid";
    } else {
      const grobocode::Instruction& insn = brain.instructions[static_cast<size_t>(a)];
      char word[8];
      std::snprintf(word, sizeof word, "%04X", insn.word);
      in["instructionBytes"] = word;
      in["instruction"] = grobocode::describe(brain, insn);
      for (const grobocode::Label& l : brain.labels) {
        if (l.address == a && !l.gensym) in["symbol"] = l.name;
      }
      const int32_t line = session_->lineOf(0, static_cast<int32_t>(type), static_cast<int32_t>(a));
      if (line > 0) {
        in["location"] = detail::sourceOf(paths_.front());
        in["line"] = line;
      }
    }
    instructions.push_back(std::move(in));
  }
  return json{{"instructions", std::move(instructions)}};
}

json GrobotsDebuggee::replay(bool withReplay) {
  if (withReplay && replayFile_.empty()) {
    std::vector<const grobocode::Side*> sides;
    std::vector<arena::replay::Entrant> entrants;
    for (size_t i = 0; i < sides_.size(); ++i) {
      sides.push_back(&sides_[i].side);
      entrants.push_back({sides_[i].side.name, paths_[i], std::string(files_[i]->text())});
    }
    arena::replay::GzipBuffer gzip;
    // The debugged side is watched: its brains are in every frame, as the inspector shows them.
    arena::grobots::recordRound(sides, entrants, options_, seed_, "interpreter", {0},
                                [&](std::string_view line) { gzip.addLine(line); });
    // One adapter may debug several rounds in turn, and several adapters may run at once.
    static std::atomic<int> count{0};
    const std::filesystem::path path =
        std::filesystem::temp_directory_path() /
        ("chronon-debug-" + std::to_string(::getpid()) + "-" + std::to_string(++count) + ".replay");
    const std::string bytes = gzip.finish();
    std::ofstream out(path, std::ios::binary);
    if (!out || !out.write(bytes.data(), static_cast<std::streamsize>(bytes.size())) || !out.flush()) {
      throw RequestError{"cannot write the round's replay to " + path.string()};
    }
    replayFile_ = path.string();
  }
  const arena::grobots::DebugSession& s = *session_;
  const int64_t moment = s.paused() ? s.snapshot().position.frame : s.ended() ? s.outcome().frames : 0;
  return detail::replayBody(moment, s.paused() ? s.snapshot().position.robot : 0, withReplay, "replayFile",
                            replayFile_);
}

json GrobotsDebuggee::endOutput() const {
  const arena::grobots::RoundOutcome& outcome = session_->outcome();
  std::vector<std::string> names;
  for (const grobocode::SideResult& s : sides_) names.push_back(s.side.name);
  json sides = json::array();
  for (size_t i = 0; i < outcome.sides.size() && i < names.size(); ++i) {
    const arena::grobots::SideRound& s = outcome.sides[i];
    sides.push_back({{"name", names[i]},
                     {"seeded", s.seeded},
                     {"alive", s.alive},
                     {"sterile", s.sterile},
                     {"biomass", s.biomass},
                     {"fraction", s.fraction},
                     {"brainErrors", s.brainErrors}});
  }
  // The text is `chronon battle`'s results block for the same sides, seed and options.
  return json{{"category", "console"},
              {"output", arena::grobots::formatRoundResults(outcome, names)},
              {"data", {{"frames", outcome.frames}, {"sides", std::move(sides)}}}};
}

GrobotsDebuggee::~GrobotsDebuggee() {
  std::error_code ignored;
  if (!replayFile_.empty()) std::filesystem::remove(replayFile_, ignored);
}

const DebugSession& GrobotsDebuggee::pausedRound() const {
  if (!session_->paused()) throw RequestError{"the round is not paused"};
  return *session_;
}

const DebugRobotState& GrobotsDebuggee::robotOf(int64_t threadId) const {
  const DebugSession& session = pausedRound();
  const DebugRobotState* r = threadId > 0 ? session.snapshot().robot(static_cast<uint32_t>(threadId)) : nullptr;
  if (r == nullptr || r->side != 0 || !r->hasBrain) throw RequestError{"unknown thread " + std::to_string(threadId)};
  return *r;
}

const DebugRobotState& GrobotsDebuggee::robotOfReference(int64_t reference, int64_t perRobot) const {
  return robotOf(reference / perRobot);
}

const grobocode::Program& GrobotsDebuggee::brainOf(const DebugRobotState& r) const {
  return *session_->brain(r.side, r.type);
}

json GrobotsDebuggee::frameAt(const DebugRobotState& r, int64_t index, int32_t address) const {
  const grobocode::Program& brain = brainOf(r);
  json frame{{"id", static_cast<int64_t>(r.serial) * kFramesPerRobot + index},
             {"name", frameName(brain, address)},
             {"line", 0},
             {"column", 0},
             {"instructionPointerReference", addressText(r.type * kAddressesPerType + address)}};
  const int32_t line = session_->lineOf(r.side, r.type, address);
  if (line > 0) {
    frame["source"] = detail::sourceOf(paths_.front());
    frame["line"] = line;
    frame["column"] = 1;
  }
  return frame;
}

int64_t GrobotsDebuggee::threadOrPaused(int64_t threadId) const {
  if (threadId != 0 || !session_->paused()) return threadId;
  return session_->snapshot().position.robot;
}

bool GrobotsDebuggee::paused() const { return session_->paused(); }
bool GrobotsDebuggee::ended() const { return session_->ended(); }
void GrobotsDebuggee::setStopOnErrors(bool stop) { session_->setStopOnErrors(stop); }

}  // namespace chronon::dap
