#pragma once
// The debug adapter: dispatches DAP requests to the launched program (debuggee.h, whatever its game)
// and drives its stepping, sending responses and events through a callback. Malformed messages get error
// responses; nothing a client sends ends the adapter except `disconnect` (or the end of input).

#include <functional>
#include <istream>
#include <map>
#include <memory>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "chronon/dap/debuggee.h"
#include "chronon/dap/protocol.h"
#include "chronon/jsonrpc/transport.h"

namespace chronon::dap {

/// The protocol state machine. Single-threaded and without I/O: each outgoing message goes to the
/// `send` callback, so tests drive it message by message (runStdio() adds the transport). Stepping
/// requests run the battle synchronously (a duel runs to its end in milliseconds), so the adapter is
/// always paused, ended or not yet started between two requests.
class Adapter {
 public:
  /// Takes the callback that receives every outgoing message (responses and events).
  explicit Adapter(std::function<void(const nlohmann::json&)> send);
  ~Adapter();

  /// Handles one message body (JSON text). Never throws.
  void handle(std::string_view body);
  /// Answers a framing error from the transport with an error response naming no request.
  void reportFramingError(jsonrpc::ReadStatus status);
  /// True after `disconnect`.
  bool done() const { return done_; }

 private:
  void dispatch(const Request& request);
  void respond(const Request& request, nlohmann::json body);
  void fail(int64_t requestSeq, std::string_view command, std::string_view message);
  void sendEvent(std::string_view name, nlohmann::json body);
  Debuggee& debuggee();
  int64_t threadOf(const nlohmann::json& arguments);
  void afterRun(bool paused);
  // A forward run (or a backward one) that goes on past the stops hit counts and log points let
  // through (stopsAtHits: counts, logs, and says whether the stop stands).
  bool runForward(const std::string& command, const std::string& granularity, int64_t threadId);
  bool runBackward(bool stepBack, int64_t threadId);
  bool stopsAtHits(const nlohmann::json& stopped, bool forward);
  // The line or function breakpoint with adapter id `id`, or null (a data breakpoint's id).
  const RequestedBreakpoint* requested(int id) const;
  // A breakpoint of a set request, with a new id; a hit condition that does not parse is noted.
  RequestedBreakpoint readBreakpoint(const nlohmann::json& b);
  // Marks the breakpoints of `list` whose hit condition was refused unverified, with the reason.
  void refuseBadHitConditions(const std::vector<RequestedBreakpoint>& list, std::map<int, nlohmann::json>& resolved);
  void reapplyBreakpoints();
  void syncThreads();

  std::function<void(const nlohmann::json&)> send_;
  int64_t seq_ = 0;
  std::unique_ptr<Debuggee> debuggee_;
  BreakpointRequests breakpoints_;
  int nextBreakpointId_ = 1;
  std::map<int, int64_t> hitCounts_;             ///< Breakpoint id -> hits counted while running forward.
  std::map<int, std::string> badHitConditions_;  ///< Breakpoint id -> why its hit condition is refused.
  std::vector<int64_t> threadsShown_;            ///< The threads the client was last told exist, sorted.
  bool stopOnEntry_ = false;
  bool stopOnErrors_ = true;
  bool configured_ = false;
  bool done_ = false;
};

/// Runs the adapter over `in` and `out` with Content-Length framing until `disconnect` or the end of
/// input. Returns 0.
int runStdio(std::istream& in, std::ostream& out);

}  // namespace chronon::dap
