// The RoboTalk interpreter behind the Engine seam.

#include "chronon/vm/robotalk_engine.h"

namespace chronon::robotalk {

namespace {

class InterpreterEngine final : public Engine {
 public:
  RunResult run(const Bytecode& code, MachineState& brain, Host& host, int budget) override {
    return robotalk::run(code, brain, host, budget);
  }
  std::string_view name() const override { return "interp"; }
};

}  // namespace

Engine& roboTalkInterpreter() {
  static InterpreterEngine engine;
  return engine;
}

}  // namespace chronon::robotalk
