// The RL interpreter behind the Engine seam.

#include "chronon/vm/robbie_engine.h"

namespace chronon::robbie {

namespace {

class InterpreterEngine final : public Engine {
 public:
  void run(MachineState& state, const Program& program, Host& host, int64_t budget) override {
    robbie::run(state, program, host, budget);
  }
  std::string_view name() const override { return "interp"; }
};

}  // namespace

Engine& interpreterEngine() {
  static InterpreterEngine engine;
  return engine;
}

}  // namespace chronon::robbie
