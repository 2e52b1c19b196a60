// The interpreter behind the Engine seam.

#include "chronon/vm/grobocode_engine.h"

#include "chronon/vm/grobocode_interpreter.h"

namespace chronon::grobocode {

namespace {

class InterpreterEngine final : public Engine {
 public:
  int32_t run(MachineState& state, const Program& brain, Host& host) override {
    return grobocode::run(state, brain, host);
  }
  std::string_view name() const override { return "interp"; }
};

}  // namespace

int32_t Engine::think(MachineState& state, const Program& brain, Host& host, int32_t processor) {
  const int32_t executed = run(state, brain, host);
  endThink(state, host, processor);
  return executed;
}

Engine& interpreterEngine() {
  static InterpreterEngine engine;
  return engine;
}

}  // namespace chronon::grobocode
