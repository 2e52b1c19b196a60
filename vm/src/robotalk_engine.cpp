// The RoboTalk interpreter behind the RoboTalkEngine seam.

#include "chronon/vm/robotalk_engine.h"

namespace chronon::robotalk {

namespace {

class InterpreterEngine final : public RoboTalkEngine {
 public:
  RunResult run(const Bytecode& code, Brain& brain, Host& host, int budget) override {
    return robotalk::run(code, brain, host, budget);
  }
  std::string_view name() const override { return "interp"; }
};

}  // namespace

RoboTalkEngine& roboTalkInterpreter() {
  static InterpreterEngine engine;
  return engine;
}

}  // namespace chronon::robotalk
