// The debug adapter's dispatch and the stdio loop (dap/adapter.h).

#include "chronon/dap/adapter.h"

#include <algorithm>
#include <exception>
#include <iterator>
#include <utility>

#include "chronon/dap/protocol.h"
#include "chronon/jsonrpc/json_text.h"

namespace chronon::dap {

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

Debuggee& Adapter::debuggee() {
  if (!debuggee_) throw RequestError{"nothing launched: send 'launch' first"};
  return *debuggee_;
}

int64_t Adapter::threadOf(const json& arguments) {
  const int64_t threadId = integerArgument(arguments, "threadId");
  debuggee().checkThread(threadId);
  return threadId;
}

void Adapter::reapplyBreakpoints() {
  if (debuggee_) debuggee_->applyBreakpoints(breakpoints_);
}

void Adapter::syncThreads() {
  // A robot that died (or, in Grobots, was born) since the last stop ends (or starts) its thread; one
  // that lives again after a step back starts it again.
  std::vector<int64_t> now = debuggee_ ? debuggee_->threadIds() : std::vector<int64_t>{};
  std::sort(now.begin(), now.end());
  std::vector<int64_t> gone;
  std::vector<int64_t> born;
  std::set_difference(threadsShown_.begin(), threadsShown_.end(), now.begin(), now.end(), std::back_inserter(gone));
  std::set_difference(now.begin(), now.end(), threadsShown_.begin(), threadsShown_.end(), std::back_inserter(born));
  for (const int64_t id : gone) sendEvent("thread", json{{"reason", "exited"}, {"threadId", id}});
  for (const int64_t id : born) sendEvent("thread", json{{"reason", "started"}, {"threadId", id}});
  threadsShown_ = std::move(now);
}

void Adapter::afterRun(bool paused) {
  Debuggee& d = debuggee();
  if (paused || d.paused()) {
    syncThreads();
    sendEvent("stopped", d.stopped());
    return;
  }
  if (!d.ended()) return;
  sendEvent("output", d.endOutput());
  syncThreads();
  sendEvent("terminated", json::object());
  sendEvent("exited", json{{"exitCode", d.exitCode()}});
}

const RequestedBreakpoint* Adapter::requested(int id) const {
  for (const auto& [path, list] : breakpoints_.lines) {
    for (const RequestedBreakpoint& b : list) {
      if (b.id == id) return &b;
    }
  }
  for (const RequestedBreakpoint& b : breakpoints_.functions) {
    if (b.id == id) return &b;
  }
  return nullptr;
}

RequestedBreakpoint Adapter::readBreakpoint(const json& b) {
  RequestedBreakpoint r;
  r.id = nextBreakpointId_++;
  if (b.contains("condition")) r.condition = stringArgument(b, "condition");
  if (b.contains("hitCondition")) {
    const std::string text = stringArgument(b, "hitCondition");
    std::string error;
    if (!text.empty()) {
      r.hitCondition = parseHitCondition(text, error);
      if (!r.hitCondition) badHitConditions_[r.id] = error;
    }
  }
  if (b.contains("logMessage")) r.logMessage = stringArgument(b, "logMessage");
  return r;
}

void Adapter::refuseBadHitConditions(const std::vector<RequestedBreakpoint>& list, std::map<int, json>& resolved) {
  for (const RequestedBreakpoint& r : list) {
    const auto bad = badHitConditions_.find(r.id);
    if (bad == badHitConditions_.end()) continue;
    json b{{"id", r.id}, {"verified", false}, {"message", bad->second}};
    if (r.line > 0) b["line"] = r.line;
    resolved[r.id] = std::move(b);
  }
}

// Breakpoints with a hit condition or a log message are the debugger's, not the game's: the game
// stops at them as at any breakpoint, and here a stop is counted, logged and, unless some hit
// breakpoint wants to stop, run on. True when the stop `stopped` (a stopped event's body) stands.
bool Adapter::stopsAtHits(const json& stopped, bool forward) {
  const auto hits = stopped.find("hitBreakpointIds");
  const std::string reason = stopped.value("reason", "");
  if (hits == stopped.end() || (reason != "breakpoint" && reason != "function breakpoint")) return true;
  bool stop = false;
  for (const json& hit : *hits) {
    const int id = hit.get<int>();
    const RequestedBreakpoint* b = requested(id);
    if (b == nullptr) {  // A data breakpoint.
      stop = true;
      continue;
    }
    if (badHitConditions_.count(id) != 0) continue;  // Reported unverified: it never stops.
    // Going back, hits are not counted again and log points print nothing: they were when passed.
    if (!forward) {
      stop = stop || !b->logMessage;
      continue;
    }
    const int64_t count = ++hitCounts_[id];
    if (b->hitCondition && !b->hitCondition->matches(count)) continue;
    if (!b->logMessage) {
      stop = true;
      continue;
    }
    Debuggee& d = debuggee();
    const std::string text = interpolateLogMessage(*b->logMessage, [&](const std::string& expression) {
      try {
        return d.evaluate(json{{"expression", expression}, {"context", "watch"}}).value("result", std::string());
      } catch (const RequestError& e) {
        return "<" + e.message + ">";
      }
    });
    sendEvent("output", json{{"category", "console"}, {"output", text + "\n"}});
  }
  return stop;
}

bool Adapter::runForward(const std::string& command, const std::string& granularity, int64_t threadId) {
  Debuggee& d = debuggee();
  while (true) {
    const bool paused = d.stepForward(command, granularity, threadId);
    if (!paused || !d.paused() || stopsAtHits(d.stopped(), true)) return paused;
  }
}

bool Adapter::runBackward(bool stepBack, int64_t threadId) {
  Debuggee& d = debuggee();
  while (true) {
    const bool paused = stepBack ? d.stepBack(threadId) : d.reverseContinue(threadId);
    if (!paused || !d.paused() || stepBack || stopsAtHits(d.stopped(), false)) return paused;
  }
}

void Adapter::dispatch(const Request& request) {
  const std::string& command = request.command;
  const json& args = request.arguments;
  if (command == "initialize") {
    respond(request, capabilities());
  } else if (command == "launch") {
    if (debuggee_) throw RequestError{"a program is already launched"};
    const bool stopOnEntry = booleanArgumentOr(args, "stopOnEntry", false);
    // `engine` is `chronon battle --engine`'s, so that a launch can name what a battle names. The
    // debugger runs one instruction at a time, which only the interpreter does; the JIT plays the
    // same battles (differential tests), so a session asked for it runs the interpreter and says so.
    bool jitAsked = false;
    if (const auto it = args.find("engine"); it != args.end() && !it->is_null()) {
      const std::string engine = stringArgument(args, "engine");
      if (engine != "interp" && engine != "jit") throw RequestError{"argument 'engine' must be \"interp\" or \"jit\""};
      jitAsked = engine == "jit";
    }
    debuggee_ = launchDebuggee(args);
    stopOnEntry_ = stopOnEntry;
    debuggee_->setStopOnErrors(stopOnErrors_);
    reapplyBreakpoints();
    respond(request, nullptr);
    // Configuration (breakpoints) comes after `initialized`; sending it once the robots are loaded
    // lets every breakpoint be verified against their code at once.
    sendEvent("initialized", nullptr);
    if (jitAsked) {
      sendEvent("output", json{{"category", "console"},
                               {"output",
                                "[engine jit: the debugger runs every brain in the interpreter, one instruction "
                                "at a time; both engines play the same battles]\n"}});
    }
    syncThreads();
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
        RequestedBreakpoint r = readBreakpoint(b);
        r.line = static_cast<int>(integerArgument(b, "line"));
        list.push_back(std::move(r));
      }
    }
    breakpoints_.lines[path] = list;
    std::map<int, json> resolved;
    if (debuggee_) resolved = debuggee_->applyBreakpoints(breakpoints_);
    refuseBadHitConditions(list, resolved);
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
      RequestedBreakpoint r = readBreakpoint(b);
      r.name = stringArgument(b, "name");
      list.push_back(std::move(r));
    }
    breakpoints_.functions = list;
    std::map<int, json> resolved;
    if (debuggee_) resolved = debuggee_->applyBreakpoints(breakpoints_);
    refuseBadHitConditions(list, resolved);
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
    if (debuggee_) debuggee_->setStopOnErrors(stopOnErrors_);
    respond(request, json::object());
  } else if (command == "configurationDone") {
    (void)debuggee();  // Refused before a launch.
    respond(request, nullptr);
    if (configured_) return;
    configured_ = true;
    afterRun(runForward(stopOnEntry_ ? "stepIn" : "continue", "instruction", 0));
  } else if (command == "dataBreakpointInfo") {
    respond(request, debuggee().dataBreakpointInfo(args));
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
    const std::map<int, json> resolved = debuggee().applyBreakpoints(breakpoints_);
    json out = json::array();
    for (const RequestedWatch& r : list) out.push_back(resolved.at(r.id));
    respond(request, json{{"breakpoints", std::move(out)}});
  } else if (command == "disassemble") {
    respond(request, debuggee().disassemble(args));
  } else if (command == "chronon/replay") {
    respond(request, debuggee().replay(booleanArgumentOr(args, "replay", true)));
  } else if (command == "exceptionInfo") {
    respond(request, debuggee().exceptionInfo());
  } else if (command == "threads") {
    respond(request, debuggee_ ? debuggee_->threads() : json{{"threads", json::array()}});
  } else if (command == "stackTrace") {
    respond(request, debuggee().stackTrace(args));
  } else if (command == "scopes") {
    respond(request, debuggee().scopes(args));
  } else if (command == "variables") {
    respond(request, debuggee().variables(args));
  } else if (command == "evaluate") {
    respond(request, debuggee().evaluate(args));
  } else if (command == "setVariable") {
    respond(request, debuggee().setVariable(args));
  } else if (command == "continue" || command == "next" || command == "stepIn" || command == "stepOut") {
    const int64_t thread = threadOf(args);
    if (debuggee().ended()) throw RequestError{debuggee().endedMessage()};
    const std::string granularity = args.contains("granularity") ? stringArgument(args, "granularity") : "";
    respond(request, command == "continue" ? json{{"allThreadsContinued", true}} : json(nullptr));
    afterRun(runForward(command, granularity, thread));
  } else if (command == "stepBack" || command == "reverseContinue") {
    const int64_t thread = threadOf(args);
    Debuggee& d = debuggee();
    if (!d.paused() && !d.ended()) throw RequestError{"the program has not started"};
    respond(request, nullptr);
    afterRun(runBackward(command == "stepBack", thread));
  } else if (command == "pause") {
    const int64_t thread = threadOf(args);
    respond(request, nullptr);
    // Runs are synchronous, so the battle is already paused (or over) whenever a request is read. The
    // stopped event names the thread asked about, so that a client focuses it (the viewer's click on
    // a robot selects its thread this way).
    if (debuggee().paused()) sendEvent("stopped", debuggee().pause(thread));
  } else if (command == "terminate") {
    respond(request, nullptr);
    sendEvent("terminated", json::object());
  } else if (command == "disconnect") {
    // The session ends here: what it owns (a Grobots round's replay file) goes with it.
    debuggee_.reset();
    respond(request, nullptr);
    done_ = true;
  } else {
    throw RequestError{"unknown command '" + command + "'"};
  }
}

int runStdio(std::istream& in, std::ostream& out) {
  Adapter adapter([&](const json& message) { jsonrpc::writeMessage(out, jsonrpc::jsonText(message)); });
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
