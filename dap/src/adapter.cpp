// The debug adapter's dispatch and the stdio loop (dap/adapter.h).

#include "chronon/dap/adapter.h"

#include <algorithm>
#include <exception>
#include <utility>

#include "chronon/dap/protocol.h"
#include "chronon/dap/robbie_features.h"

namespace chronon::dap {

using arena::robowar::DebugStep;
using nlohmann::json;

Adapter::Adapter(std::function<void(const json&)> send) : send_(std::move(send)) {}

Adapter::~Adapter() = default;

void Adapter::handle(std::string_view body) {
  std::string error;
  int64_t requestSeq = 0;
  const std::optional<Request> request = parseRequest(body, error, requestSeq);
  if (!request) {
    fail(requestSeq, "", error);
    return;
  }
  // Every failure becomes an error response: a client's mistake (or a bug here) must not end the
  // debugging session.
  try {
    dispatch(*request);
  } catch (const RequestError& e) {
    fail(request->seq, request->command, e.message);
  } catch (const std::exception& e) {
    fail(request->seq, request->command, std::string("internal error: ") + e.what());
  }
}

void Adapter::reportFramingError(jsonrpc::ReadStatus status) {
  switch (status) {
    case jsonrpc::ReadStatus::kBadHeader: fail(0, "", "a message header has no valid Content-Length"); return;
    case jsonrpc::ReadStatus::kTooLarge:
      fail(0, "", "a message larger than " + std::to_string(jsonrpc::kMaxMessageBytes) + " bytes was skipped");
      return;
    case jsonrpc::ReadStatus::kTruncated:
    case jsonrpc::ReadStatus::kMessage:
    case jsonrpc::ReadStatus::kEndOfFile: return;
  }
}

void Adapter::respond(const Request& request, json body) {
  send_(successResponse(++seq_, request.seq, request.command, std::move(body)));
}

void Adapter::fail(int64_t requestSeq, std::string_view command, std::string_view message) {
  send_(errorResponse(++seq_, requestSeq, command, message));
}

void Adapter::sendEvent(std::string_view name, json body) { send_(makeEvent(++seq_, name, std::move(body))); }

Battle& Adapter::battle() {
  if (!battle_) throw RequestError{"no battle: send 'launch' first"};
  return *battle_;
}

int Adapter::robotOfThread(const json& arguments) {
  const int64_t threadId = integerArgument(arguments, "threadId");
  if (threadId < 1 || threadId > threadCount()) {
    throw RequestError{"unknown thread " + std::to_string(threadId)};
  }
  return static_cast<int>(threadId - 1);
}

int64_t Adapter::threadCount() { return battle().robbie ? 1 : static_cast<int64_t>(battle().robots.size()); }

bool Adapter::isPaused() { return battle().robbie ? battle().robbie->session->paused() : battle().session->paused(); }

bool Adapter::isEnded() { return battle().robbie ? battle().robbie->session->ended() : battle().session->ended(); }

void Adapter::applyStopOnErrors() {
  if (!battle_) return;
  if (battle_->robbie) {
    battle_->robbie->session->setStopOnErrors(stopOnErrors_);
  } else {
    battle_->session->setStopOnErrors(stopOnErrors_);
  }
}

bool Adapter::stepForward(const std::string& command, const std::string& granularity, int robot) {
  if (battle().robbie) {
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
    return battle().robbie->session->stepForward(step);
  }
  DebugStep step = DebugStep::kContinue;
  if (command == "next") {
    step = granularity == "instruction" ? DebugStep::kOver : DebugStep::kLineOver;
  } else if (command == "stepIn") {
    step = granularity == "line" || granularity == "statement" ? DebugStep::kLine : DebugStep::kInstruction;
  } else if (command == "stepOut") {
    // Out of the innermost call on the stack; without one, out of the robot's turn (its next chronon).
    step = DebugStep::kOut;
  }
  return battle().session->stepForward(step, robot);
}

void Adapter::reapplyBreakpoints() {
  if (battle_) applyBreakpoints(*battle_, breakpoints_);
}

void Adapter::syncThreads(const std::vector<bool>& alive) {
  // A robot that died since the last stop ends its thread; one that lives again (after a step back)
  // starts it again.
  for (size_t i = 0; i < alive.size() && i < threadAlive_.size(); ++i) {
    if (alive[i] == threadAlive_[i]) continue;
    threadAlive_[i] = alive[i];
    sendEvent("thread", json{{"reason", alive[i] ? "started" : "exited"}, {"threadId", static_cast<int64_t>(i) + 1}});
  }
}

void Adapter::afterRun(bool paused) {
  if (battle().robbie) {
    const RobbieDebug& robbie = *battle().robbie;
    if (paused || robbie.session->paused()) {
      sendEvent("stopped", stoppedBody(battle()));
      return;
    }
    if (!robbie.session->ended()) return;
    sendEvent("output", robbieEndOutput(robbie));
    syncThreads({false});
    sendEvent("terminated", json::object());
    sendEvent("exited", json{{"exitCode", robbie.session->result().end == robbie::RunEnd::kStopped ? 0 : 1}});
    return;
  }
  const arena::robowar::DebugSession& session = *battle().session;
  if (paused || session.paused()) {
    std::vector<bool> alive;
    for (const arena::robowar::DebugRobotState& r : session.snapshot().robots) alive.push_back(r.alive);
    syncThreads(alive);
    sendEvent("stopped", stoppedBody(battle()));
    return;
  }
  if (!session.ended()) return;
  sendEvent("output",
            json{{"category", "console"},
                 {"output", arena::robowar::formatResult(session.result(), robotNames(battle()), battle().seed)},
                 {"data", arena::robowar::resultJson(session.result(), robotNames(battle()), battle().seed)}});
  syncThreads(std::vector<bool>(battle().robots.size(), false));
  sendEvent("terminated", json::object());
  sendEvent("exited", json{{"exitCode", 0}});
}

void Adapter::dispatch(const Request& request) {
  const std::string& command = request.command;
  const json& args = request.arguments;
  if (command == "initialize") {
    respond(request, capabilities());
  } else if (command == "launch") {
    if (battle_) throw RequestError{"a battle is already launched"};
    const bool stopOnEntry = booleanArgumentOr(args, "stopOnEntry", false);
    battle_ = launchBattle(args);
    stopOnEntry_ = stopOnEntry;
    applyStopOnErrors();
    reapplyBreakpoints();
    respond(request, nullptr);
    // Configuration (breakpoints) comes after `initialized`; sending it once the robots are loaded
    // lets every breakpoint be verified against their code at once.
    sendEvent("initialized", nullptr);
    threadAlive_.assign(static_cast<size_t>(threadCount()), false);
    syncThreads(std::vector<bool>(static_cast<size_t>(threadCount()), true));
  } else if (command == "attach") {
    throw RequestError{"chronon dap cannot attach: use 'launch'"};
  } else if (command == "setBreakpoints") {
    const auto source = args.find("source");
    if (source == args.end() || !source->is_object()) throw RequestError{"missing argument 'source'"};
    const std::string path = absolutePath(stringArgument(*source, "path"));
    std::vector<RequestedBreakpoint> list;
    if (const auto it = args.find("breakpoints"); it != args.end()) {
      if (!it->is_array()) throw RequestError{"argument 'breakpoints' must be a list"};
      for (const json& b : *it) {
        if (!b.is_object()) throw RequestError{"each breakpoint must be an object with a 'line'"};
        RequestedBreakpoint r;
        r.id = nextBreakpointId_++;
        r.line = static_cast<int>(integerArgument(b, "line"));
        if (b.contains("condition")) r.condition = stringArgument(b, "condition");
        list.push_back(std::move(r));
      }
    }
    breakpoints_.lines[path] = list;
    std::map<int, json> resolved;
    if (battle_) resolved = applyBreakpoints(*battle_, breakpoints_);
    json out = json::array();
    for (const RequestedBreakpoint& r : list) {
      const auto it = resolved.find(r.id);
      out.push_back(it != resolved.end()
                        ? it->second
                        : json{{"id", r.id}, {"verified", false}, {"line", r.line}, {"message", "set before launch"}});
    }
    respond(request, json{{"breakpoints", std::move(out)}});
  } else if (command == "setFunctionBreakpoints") {
    const auto it = args.find("breakpoints");
    if (it == args.end() || !it->is_array()) throw RequestError{"missing argument 'breakpoints'"};
    std::vector<RequestedBreakpoint> list;
    for (const json& b : *it) {
      if (!b.is_object()) throw RequestError{"each function breakpoint must be an object with a 'name'"};
      RequestedBreakpoint r;
      r.id = nextBreakpointId_++;
      r.name = stringArgument(b, "name");
      if (b.contains("condition")) r.condition = stringArgument(b, "condition");
      list.push_back(std::move(r));
    }
    breakpoints_.functions = list;
    std::map<int, json> resolved;
    if (battle_) resolved = applyBreakpoints(*battle_, breakpoints_);
    json out = json::array();
    for (const RequestedBreakpoint& r : list) {
      const auto found = resolved.find(r.id);
      out.push_back(found != resolved.end()
                        ? found->second
                        : json{{"id", r.id}, {"verified", false}, {"message", "set before launch"}});
    }
    respond(request, json{{"breakpoints", std::move(out)}});
  } else if (command == "setExceptionBreakpoints") {
    const auto it = args.find("filters");
    if (it == args.end() || !it->is_array()) throw RequestError{"missing argument 'filters'"};
    stopOnErrors_ = std::any_of(it->begin(), it->end(), [](const json& f) { return f == kErrorFilter; });
    applyStopOnErrors();
    respond(request, json::object());
  } else if (command == "configurationDone") {
    Battle& b = battle();
    respond(request, nullptr);
    if (configured_) return;
    configured_ = true;
    (void)b;
    afterRun(stepForward(stopOnEntry_ ? "stepIn" : "continue", "instruction", 0));
  } else if (command == "dataBreakpointInfo") {
    respond(request, dataBreakpointInfoBody(battle(), args));
  } else if (command == "setDataBreakpoints") {
    const auto it = args.find("breakpoints");
    if (it == args.end() || !it->is_array()) throw RequestError{"missing argument 'breakpoints'"};
    std::vector<RequestedWatch> list;
    for (const json& b : *it) {
      if (!b.is_object()) throw RequestError{"each data breakpoint must be an object with a 'dataId'"};
      const std::string access = b.contains("accessType") ? stringArgument(b, "accessType") : "write";
      if (access != "write") throw RequestError{"data breakpoints stop on writes only"};
      list.push_back(RequestedWatch{nextBreakpointId_++, stringArgument(b, "dataId")});
    }
    breakpoints_.data = list;
    const std::map<int, json> resolved = applyBreakpoints(battle(), breakpoints_);
    json out = json::array();
    for (const RequestedWatch& r : list) out.push_back(resolved.at(r.id));
    respond(request, json{{"breakpoints", std::move(out)}});
  } else if (command == "disassemble") {
    respond(request, disassembleBody(battle(), args));
  } else if (command == "chronon/replay") {
    respond(request, replayBody(battle(), booleanArgumentOr(args, "replay", true)));
  } else if (command == "exceptionInfo") {
    respond(request, exceptionInfoBody(battle()));
  } else if (command == "threads") {
    respond(request, battle_ ? threadsBody(*battle_) : json{{"threads", json::array()}});
  } else if (command == "stackTrace") {
    respond(request, stackTraceBody(battle(), args));
  } else if (command == "scopes") {
    respond(request, scopesBody(battle(), args));
  } else if (command == "variables") {
    respond(request, variablesBody(battle(), args));
  } else if (command == "evaluate") {
    respond(request, evaluateBody(battle(), args));
  } else if (command == "continue" || command == "next" || command == "stepIn" || command == "stepOut") {
    const int robot = robotOfThread(args);
    if (isEnded()) throw RequestError{battle().robbie ? "the program has ended" : "the battle has ended"};
    const std::string granularity = args.contains("granularity") ? stringArgument(args, "granularity") : "";
    respond(request, command == "continue" ? json{{"allThreadsContinued", true}} : json(nullptr));
    afterRun(stepForward(command, granularity, robot));
  } else if (command == "stepBack" || command == "reverseContinue") {
    const int robot = robotOfThread(args);
    if (!isPaused() && !isEnded()) throw RequestError{"the battle has not started"};
    respond(request, nullptr);
    if (battle().robbie) {
      robbie::RobbieDebugSession& run = *battle().robbie->session;
      afterRun(command == "stepBack" ? run.stepBack() : run.reverseContinue());
    } else {
      arena::robowar::DebugSession& session = *battle().session;
      afterRun(command == "stepBack" ? session.stepBack(robot) : session.reverseContinue(robot));
    }
  } else if (command == "pause") {
    const int robot = robotOfThread(args);
    respond(request, nullptr);
    // Runs are synchronous, so the battle is already paused (or over) whenever a request is read. The
    // stopped event names the thread asked about, so that a client focuses it (the viewer's click on
    // a robot selects its thread this way).
    if (isPaused()) {
      sendEvent("stopped", pauseBody(battle(), robot));
    }
  } else if (command == "terminate") {
    respond(request, nullptr);
    sendEvent("terminated", json::object());
  } else if (command == "disconnect") {
    respond(request, nullptr);
    done_ = true;
  } else {
    throw RequestError{"unknown command '" + command + "'"};
  }
}

int runStdio(std::istream& in, std::ostream& out) {
  Adapter adapter([&](const json& message) { jsonrpc::writeMessage(out, dumpMessage(message)); });
  while (!adapter.done()) {
    const jsonrpc::ReadResult result = jsonrpc::readMessage(in);
    switch (result.status) {
      case jsonrpc::ReadStatus::kMessage: adapter.handle(result.body); break;
      case jsonrpc::ReadStatus::kBadHeader:
      case jsonrpc::ReadStatus::kTooLarge: adapter.reportFramingError(result.status); break;
      case jsonrpc::ReadStatus::kEndOfFile:
      case jsonrpc::ReadStatus::kTruncated: return 0;
    }
  }
  return 0;
}

}  // namespace chronon::dap
