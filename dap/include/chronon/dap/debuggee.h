#pragma once
// What the debug adapter debugs, whatever the game, behind one interface, so that the adapter's
// dispatch (adapter.h) names no game: each game implements it over its own debugging session of
// arena/ (RoboWarDebuggee in robowar_features.h, RobbieDebuggee in robbie_features.h,
// GrobotsDebuggee in grobots_features.h). Every method that takes request arguments throws
// RequestError for arguments it cannot use.

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "chronon/dap/breakpoint_requests.h"

namespace chronon::dap {

/// One launched program under the debugger.
class Debuggee {
 public:
  virtual ~Debuggee() = default;

  /// True while paused at a position.
  virtual bool paused() const = 0;
  /// True once the program has run to its end.
  virtual bool ended() const = 0;
  /// What a step request answers once the program has ended ("the battle has ended").
  virtual std::string endedMessage() const = 0;
  /// Whether run-time errors stop the program (the "errors" exception filter).
  virtual void setStopOnErrors(bool stop) = 0;

  /// The ids of the threads that exist now, for thread events: every robot before the start (RoboWar,
  /// Robbie), the robots alive at the pause (Grobots: those of the debugged side), none after the end.
  virtual std::vector<int64_t> threadIds() const = 0;
  /// Throws RequestError unless `threadId` names a thread that a step or pause request may name.
  virtual void checkThread(int64_t threadId) const = 0;

  /// Runs forward for `command` (continue, next, stepIn, stepOut) with `granularity` for the thread
  /// `threadId` (0: the program's first thread). Returns true when paused.
  virtual bool stepForward(const std::string& command, const std::string& granularity, int64_t threadId) = 0;
  /// Steps back one instruction of the thread. Returns true when paused.
  virtual bool stepBack(int64_t threadId) = 0;
  /// Runs back to the previous breakpoint hit (or the thread's first instruction). Returns true when paused.
  virtual bool reverseContinue(int64_t threadId) = 0;

  /// Resolves and installs every breakpoint; returns each DAP Breakpoint object by id.
  virtual std::map<int, nlohmann::json> applyBreakpoints(const BreakpointRequests& requests) = 0;

  /// The threads response body.
  virtual nlohmann::json threads() const = 0;
  /// The stackTrace response body.
  virtual nlohmann::json stackTrace(const nlohmann::json& arguments) const = 0;
  /// The scopes response body.
  virtual nlohmann::json scopes(const nlohmann::json& arguments) const = 0;
  /// The variables response body.
  virtual nlohmann::json variables(const nlohmann::json& arguments) const = 0;
  /// The evaluate response body.
  virtual nlohmann::json evaluate(const nlohmann::json& arguments) const = 0;
  /// Sets the variable `name` of the scope or variable `variablesReference` to `value` (a
  /// setVariable request) at the paused position, and returns the response body (its new `value`).
  /// The program runs on from there with it, also after stepping back past the position and forward
  /// again. Throws RequestError when not paused, for a name that cannot be set (each game's header
  /// says which can) or a value it cannot hold.
  virtual nlohmann::json setVariable(const nlohmann::json& arguments) = 0;
  /// The dataBreakpointInfo response body.
  virtual nlohmann::json dataBreakpointInfo(const nlohmann::json& arguments) const = 0;
  /// The disassemble response body.
  virtual nlohmann::json disassemble(const nlohmann::json& arguments) const = 0;
  /// The exceptionInfo response body at a run-time error stop.
  virtual nlohmann::json exceptionInfo() const = 0;
  /// The stopped event body for the current pause.
  virtual nlohmann::json stopped() const = 0;
  /// The stopped event body `pause` answers for thread `threadId` (reason pause, that thread).
  virtual nlohmann::json pause(int64_t threadId) const = 0;
  /// The `chronon/replay` response body (a request of Chronon's own, for the battle viewer at the
  /// paused moment; each game's says what it holds): `withReplay` false sends only the moment and the
  /// selected entity.
  virtual nlohmann::json replay(bool withReplay) = 0;
  /// The output event body at the end (the game's own result text, and as data).
  virtual nlohmann::json endOutput() const = 0;
  /// The exit code the exited event reports at the end.
  virtual int exitCode() const = 0;
};

/// Declares, inside a game's Debuggee class, every method but endedMessage and exitCode, which
/// every game defines in its features file as Debuggee documents them. A game's header lists what
/// its answers hold.
#define CHRONON_DAP_DEBUGGEE_METHODS                                                                       \
  bool paused() const override;                                                                            \
  bool ended() const override;                                                                             \
  void setStopOnErrors(bool stop) override;                                                                \
  std::vector<int64_t> threadIds() const override;                                                         \
  void checkThread(int64_t threadId) const override;                                                       \
  bool stepForward(const std::string& command, const std::string& granularity, int64_t threadId) override; \
  bool stepBack(int64_t threadId) override;                                                                \
  bool reverseContinue(int64_t threadId) override;                                                         \
  std::map<int, nlohmann::json> applyBreakpoints(const BreakpointRequests& requests) override;             \
  nlohmann::json threads() const override;                                                                 \
  nlohmann::json stackTrace(const nlohmann::json& arguments) const override;                               \
  nlohmann::json scopes(const nlohmann::json& arguments) const override;                                   \
  nlohmann::json variables(const nlohmann::json& arguments) const override;                                \
  nlohmann::json evaluate(const nlohmann::json& arguments) const override;                                 \
  nlohmann::json setVariable(const nlohmann::json& arguments) override;                                    \
  nlohmann::json dataBreakpointInfo(const nlohmann::json& arguments) const override;                       \
  nlohmann::json disassemble(const nlohmann::json& arguments) const override;                              \
  nlohmann::json exceptionInfo() const override;                                                           \
  nlohmann::json stopped() const override;                                                                 \
  nlohmann::json pause(int64_t threadId) const override;                                                   \
  nlohmann::json replay(bool withReplay) override;                                                         \
  nlohmann::json endOutput() const override;

/// Loads what a launch request names and sets up its session, by the language of `program`'s
/// extension (languageOf): a `.rl` program is a Robbie run (RobbieDebuggee::launch), a `.gb` side a
/// Grobots round (GrobotsDebuggee::launch), anything else a RoboWar battle (RoboWarDebuggee::launch;
/// the launch arguments of each are in docs/debugging.md). Throws RequestError naming the file and
/// its first error when it does not load, or for launch arguments it cannot use.
std::unique_ptr<Debuggee> launchDebuggee(const nlohmann::json& arguments);

}  // namespace chronon::dap
