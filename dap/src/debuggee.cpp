// The three games behind the debug adapter's one interface (dap/debuggee.h).

#include "chronon/dap/debuggee.h"

#include <algorithm>
#include <filesystem>
#include <optional>

#include "chronon/compiler/language.h"
#include "chronon/dap/grobots_features.h"
#include "chronon/dap/protocol.h"
#include "chronon/dap/robbie_features.h"

namespace chronon::dap {

using nlohmann::json;

namespace {

// A RoboWar battle: threads are the robots in entry order, id = index + 1.
class RoboWarDebuggee final : public Debuggee {
 public:
  explicit RoboWarDebuggee(std::unique_ptr<Battle> battle) : battle_(std::move(battle)) {}

  bool paused() const override { return battle_->session->paused(); }
  bool ended() const override { return battle_->session->ended(); }
  std::string endedMessage() const override { return "the battle has ended"; }
  void setStopOnErrors(bool stop) override { battle_->session->setStopOnErrors(stop); }

  std::vector<int64_t> threadIds() const override {
    std::vector<int64_t> ids;
    const arena::robowar::DebugSession& session = *battle_->session;
    if (session.ended()) return ids;
    for (size_t i = 0; i < battle_->robots.size(); ++i) {
      if (!session.paused() || session.snapshot().robots[i].alive) ids.push_back(static_cast<int64_t>(i) + 1);
    }
    return ids;
  }
  void checkThread(int64_t threadId) const override { (void)robot(threadId); }

  bool stepForward(const std::string& command, const std::string& granularity, int64_t threadId) override {
    using arena::robowar::DebugStep;
    DebugStep step = DebugStep::kContinue;
    if (command == "next") {
      step = granularity == "instruction" ? DebugStep::kOver : DebugStep::kLineOver;
    } else if (command == "stepIn") {
      step = granularity == "line" || granularity == "statement" ? DebugStep::kLine : DebugStep::kInstruction;
    } else if (command == "stepOut") {
      // Out of the innermost call on the stack; without one, out of the robot's turn (its next chronon).
      step = DebugStep::kOut;
    }
    return battle_->session->stepForward(step, robot(threadId));
  }
  bool stepBack(int64_t threadId) override { return battle_->session->stepBack(robot(threadId)); }
  bool reverseContinue(int64_t threadId) override { return battle_->session->reverseContinue(robot(threadId)); }

  std::map<int, json> applyBreakpoints(const BreakpointRequests& requests) override {
    return dap::applyBreakpoints(*battle_, requests);
  }
  json threads() const override { return threadsBody(*battle_); }
  json stackTrace(const json& arguments) const override { return stackTraceBody(*battle_, arguments); }
  json scopes(const json& arguments) const override { return scopesBody(*battle_, arguments); }
  json variables(const json& arguments) const override { return variablesBody(*battle_, arguments); }
  json evaluate(const json& arguments) const override { return evaluateBody(*battle_, arguments); }
  json dataBreakpointInfo(const json& arguments) const override { return dataBreakpointInfoBody(*battle_, arguments); }
  json disassemble(const json& arguments) const override { return disassembleBody(*battle_, arguments); }
  json exceptionInfo() const override { return exceptionInfoBody(*battle_); }
  json stopped() const override { return stoppedBody(*battle_); }
  json pause(int64_t threadId) const override { return pauseBody(*battle_, robot(threadId)); }
  json replay(bool withReplay) override { return replayBody(*battle_, withReplay); }
  json endOutput() const override {
    const std::vector<std::string> names = robotNames(*battle_);
    const arena::robowar::Result& result = battle_->session->result();
    return json{{"category", "console"},
                {"output", arena::robowar::formatResult(result, names, battle_->seed)},
                {"data", arena::robowar::resultJson(result, names, battle_->seed)}};
  }
  int exitCode() const override { return 0; }

 private:
  // The robot index of a thread; thread 0 stands for the program (robot 0).
  int robot(int64_t threadId) const {
    if (threadId == 0) return 0;
    if (threadId < 1 || threadId > static_cast<int64_t>(battle_->robots.size()))
      throw RequestError{"unknown thread " + std::to_string(threadId)};
    return static_cast<int>(threadId - 1);
  }

  std::unique_ptr<Battle> battle_;
};

// A Robbie Language run: one thread, Robbie, id 1.
class RobbieDebuggee final : public Debuggee {
 public:
  explicit RobbieDebuggee(std::unique_ptr<RobbieDebug> robbie) : robbie_(std::move(robbie)) {}

  bool paused() const override { return robbie_->session->paused(); }
  bool ended() const override { return robbie_->session->ended(); }
  std::string endedMessage() const override { return "the program has ended"; }
  void setStopOnErrors(bool stop) override { robbie_->session->setStopOnErrors(stop); }

  std::vector<int64_t> threadIds() const override {
    return robbie_->session->ended() ? std::vector<int64_t>{} : std::vector<int64_t>{1};
  }
  void checkThread(int64_t threadId) const override {
    if (threadId != 0 && threadId != 1) throw RequestError{"unknown thread " + std::to_string(threadId)};
  }

  bool stepForward(const std::string& command, const std::string& granularity, int64_t threadId) override {
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
    return robbie_->session->stepForward(step);
  }
  bool stepBack(int64_t threadId) override {
    checkThread(threadId);
    return robbie_->session->stepBack();
  }
  bool reverseContinue(int64_t threadId) override {
    checkThread(threadId);
    return robbie_->session->reverseContinue();
  }

  std::map<int, json> applyBreakpoints(const BreakpointRequests& requests) override {
    return applyRobbieBreakpoints(*robbie_, requests);
  }
  json threads() const override { return robbieThreadsBody(*robbie_); }
  json stackTrace(const json& arguments) const override { return robbieStackTraceBody(*robbie_, arguments); }
  json scopes(const json& arguments) const override { return robbieScopesBody(*robbie_, arguments); }
  json variables(const json& arguments) const override { return robbieVariablesBody(*robbie_, arguments); }
  json evaluate(const json& arguments) const override { return robbieEvaluateBody(*robbie_, arguments); }
  json dataBreakpointInfo(const json& arguments) const override {
    (void)arguments;
    return json{{"dataId", nullptr}, {"description", "data breakpoints are for RoboWar robots and Grobots sides"}};
  }
  json disassemble(const json& arguments) const override { return robbieDisassembleBody(*robbie_, arguments); }
  json exceptionInfo() const override { return robbieExceptionInfoBody(*robbie_); }
  json stopped() const override { return robbieStoppedBody(*robbie_); }
  json pause(int64_t threadId) const override {
    checkThread(threadId);
    json body = robbieStoppedBody(*robbie_);
    body["reason"] = "pause";
    body.erase("hitBreakpointIds");
    body.erase("text");
    return body;
  }
  json replay(bool withReplay) override {
    json body = robbieReplayBody(*robbie_, withReplay && replay_.empty());
    if (!withReplay) return body;
    // The run is recorded once; later answers send the kept text.
    if (replay_.empty()) replay_ = body["replay"].get<std::string>();
    body["replay"] = replay_;
    return body;
  }
  json endOutput() const override { return robbieEndOutput(*robbie_); }
  int exitCode() const override { return robbie_->session->result().end == robbie::RunEnd::kStopped ? 0 : 1; }

 private:
  std::unique_ptr<RobbieDebug> robbie_;
  std::string replay_;
};

// A Grobots round: threads are the debugged side's robots, id = the robot's serial number.
class GrobotsDebuggee final : public Debuggee {
 public:
  explicit GrobotsDebuggee(std::unique_ptr<GrobotsDebug> grobots) : grobots_(std::move(grobots)) {}
  ~GrobotsDebuggee() override {
    // The replay file written for the viewer belongs to the session.
    std::error_code ignored;
    if (!grobots_->replayFile.empty()) std::filesystem::remove(grobots_->replayFile, ignored);
  }
  GrobotsDebuggee(const GrobotsDebuggee&) = delete;
  GrobotsDebuggee& operator=(const GrobotsDebuggee&) = delete;

  bool paused() const override { return grobots_->session->paused(); }
  bool ended() const override { return grobots_->session->ended(); }
  std::string endedMessage() const override { return "the round has ended"; }
  void setStopOnErrors(bool stop) override { grobots_->session->setStopOnErrors(stop); }

  std::vector<int64_t> threadIds() const override { return grobotsThreadIds(*grobots_); }
  void checkThread(int64_t threadId) const override {
    // Before the first stop no robot is known yet; thread 0 stands for the side.
    if (threadId == 0 || !grobots_->session->paused()) return;
    if (!isGrobotsThread(*grobots_, threadId)) throw RequestError{"unknown thread " + std::to_string(threadId)};
  }

  bool stepForward(const std::string& command, const std::string& granularity, int64_t threadId) override {
    checkThread(threadId);
    return grobotsStepForward(*grobots_, command, granularity, threadId);
  }
  bool stepBack(int64_t threadId) override {
    checkThread(threadId);
    return grobots_->session->stepBack(static_cast<uint32_t>(threadOrPaused(threadId)));
  }
  bool reverseContinue(int64_t threadId) override {
    checkThread(threadId);
    return grobots_->session->reverseContinue(static_cast<uint32_t>(threadOrPaused(threadId)));
  }

  std::map<int, json> applyBreakpoints(const BreakpointRequests& requests) override {
    return applyGrobotsBreakpoints(*grobots_, requests);
  }
  json threads() const override { return grobotsThreadsBody(*grobots_); }
  json stackTrace(const json& arguments) const override { return grobotsStackTraceBody(*grobots_, arguments); }
  json scopes(const json& arguments) const override { return grobotsScopesBody(*grobots_, arguments); }
  json variables(const json& arguments) const override { return grobotsVariablesBody(*grobots_, arguments); }
  json evaluate(const json& arguments) const override { return grobotsEvaluateBody(*grobots_, arguments); }
  json dataBreakpointInfo(const json& arguments) const override {
    return grobotsDataBreakpointInfoBody(*grobots_, arguments);
  }
  json disassemble(const json& arguments) const override { return grobotsDisassembleBody(*grobots_, arguments); }
  json exceptionInfo() const override { return grobotsExceptionInfoBody(*grobots_); }
  json stopped() const override { return grobotsStoppedBody(*grobots_); }
  json pause(int64_t threadId) const override { return grobotsPauseBody(*grobots_, threadOrPaused(threadId)); }
  json replay(bool withReplay) override { return grobotsReplayBody(*grobots_, withReplay); }
  json endOutput() const override { return grobotsEndOutput(*grobots_); }
  int exitCode() const override { return 0; }

 private:
  // Thread 0 stands for the paused robot.
  int64_t threadOrPaused(int64_t threadId) const {
    if (threadId != 0 || !grobots_->session->paused()) return threadId;
    return grobots_->session->snapshot().position.robot;
  }

  std::unique_ptr<GrobotsDebug> grobots_;
};

}  // namespace

std::unique_ptr<Debuggee> launchDebuggee(const json& arguments) {
  // A `program` of no language's extension, or none at all, is left to the RoboWar launch.
  const auto program = arguments.find("program");
  const std::optional<LanguageId> language =
      program != arguments.end() && program->is_string() ? languageOf(program->get<std::string>()) : std::nullopt;
  switch (language.value_or(LanguageId::kRoboTalk)) {
    case LanguageId::kRobbie: return std::make_unique<RobbieDebuggee>(launchRobbie(arguments));
    case LanguageId::kGrobocode: return std::make_unique<GrobotsDebuggee>(launchGrobots(arguments));
    case LanguageId::kRoboTalk: break;
  }
  return std::make_unique<RoboWarDebuggee>(launchBattle(arguments));
}

}  // namespace chronon::dap
