// The interpreter behind the BrainEngine seam.

#include "chronon/vm/grobocode_engine.h"

#include "chronon/vm/grobocode_interpreter.h"

namespace chronon::grobocode {

namespace {

class InterpreterEngine final : public BrainEngine {
 public:
  int32_t run(BrainState& state, const Brain& brain, GrobocodeHost& host) override {
    return grobocode::run(state, brain, host);
  }
  std::string_view name() const override { return "interp"; }
};

}  // namespace

int32_t BrainEngine::think(BrainState& state, const Brain& brain, GrobocodeHost& host, int32_t processor) {
  const int32_t executed = run(state, brain, host);
  endThink(state, host, processor);
  return executed;
}

BrainEngine& interpreterEngine() {
  static InterpreterEngine engine;
  return engine;
}

}  // namespace chronon::grobocode
