// The Robbie Language interpreter: a dispatch loop over the IR with one switch on the operation.
// The computed operations and the host operations' argument checks are the entries of
// robbie_semantics.def, run here on values; the switch writes the rest (the control operations,
// kConcat and what the host is asked).

#include "chronon/vm/robbie_interpreter.h"

#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "chronon/vm/robbie_semantics.h"

namespace chronon::robbie {

std::string_view runtimeErrorMessage(RuntimeError error) {
  switch (error) {
    case RuntimeError::kNone: return "";
    case RuntimeError::kDivisionByZero: return "division by zero";
    case RuntimeError::kIntegerOverflow: return "integer overflow (beyond 64 bits)";
    case RuntimeError::kNegativeArgument: return "negative distance, angle or time";
    case RuntimeError::kFrequencyOutOfRange: return "beep frequency outside 60 to 30,000 Hz";
  }
  return "";
}

MachineState makeMachineState(const Program& program) {
  MachineState state;
  state.registers.reserve(program.registers.size());
  for (const RegisterInfo& reg : program.registers) state.registers.push_back(defaultValue(reg.type));
  return state;
}

namespace {

class Machine {
 public:
  Machine(MachineState& state, const Program& program, Host& host) : state_(state), program_(program), host_(host) {}

  void run(int64_t budget) {
    const auto size = static_cast<int32_t>(program_.code.size());
    for (int64_t done = 0; done < budget && state_.status == RunStatus::kRunning; ++done) {
      // The lowering always ends with stop; running off the end anyway stops cleanly.
      if (state_.pc < 0 || state_.pc >= size) {
        state_.status = RunStatus::kStopped;
        return;
      }
      const Instruction& in = program_.code[static_cast<size_t>(state_.pc)];
      ++state_.steps;
      ++state_.pc;
      const RuntimeError error = step(in);
      if (error != RuntimeError::kNone) {
        state_.status = RunStatus::kError;
        state_.error = error;
        state_.errorPc = state_.pc - 1;
      }
    }
  }

 private:
  Value pop() {
    Value v = std::move(state_.stack.back());
    state_.stack.pop_back();
    return v;
  }
  bool popBoolean() { return std::get<bool>(pop()); }
  template <typename T>
  void push(T value) {
    state_.stack.emplace_back(std::in_place_type<T>, std::move(value));
  }

  // The cell an entry reads from stack value `v`: its number or boolean, or a view of its string
  // (which lives until the operands are popped, after the entry ran).
  template <class In>
  static In cell(const Value& v) {
    if constexpr (std::is_same_v<In, std::string_view>) {
      return std::get<std::string>(v);
    } else {
      return std::get<In>(v);
    }
  }

  // Runs computed operation O's entry on the top OpEntry<O>::kPops values, of type In: pops them, then
  // pushes the result or returns the entry's error.
  template <Op O, class In>
  RuntimeError computeOn() {
    using W = OpEntry<O>;
    using Out = std::conditional_t<W::kResult == Slot::kAny, In, ValueCell<W::kResult>>;
    std::vector<Value>& stack = state_.stack;
    const size_t base = stack.size() - static_cast<size_t>(W::kPops);
    In in[W::kPops];
    for (size_t k = 0; k < static_cast<size_t>(W::kPops); ++k) in[k] = cell<In>(stack[base + k]);
    Out out[1];
    ValueMachine m;
    const bool ok = W::apply(m, in, out);
    for (int32_t k = 0; k < W::kPops; ++k) stack.pop_back();
    if (!ok) [[unlikely]]
      return m.error;
    push(out[0]);
    return RuntimeError::kNone;
  }
  // Runs computed operation O: on its operands' type, which for an `x` slot (the comparisons) is the
  // top value's (the lowering gave both operands one type).
  template <Op O>
  RuntimeError compute() {
    using W = OpEntry<O>;
    if constexpr (W::kOperand == Slot::kAny) {
      switch (typeOf(state_.stack.back())) {
        case ValueType::kInteger: return computeOn<O, int64_t>();
        case ValueType::kReal: return computeOn<O, double>();
        case ValueType::kBoolean: return computeOn<O, bool>();
        case ValueType::kString: return computeOn<O, std::string_view>();
      }
      return RuntimeError::kNone;
    } else {
      return computeOn<O, ValueCell<W::kOperand>>();
    }
  }
  // Pops host operation O's arguments, runs its checks, and when they pass hands the arguments
  // (deepest first) to `ask`, which asks the host.
  template <Op O, class Ask>
  RuntimeError hostCall(Ask ask) {
    using W = OpEntry<O>;
    using In = ValueCell<W::kOperand>;
    In in[W::kPops];
    for (int32_t k = W::kPops - 1; k >= 0; --k) in[k] = std::get<In>(pop());
    ValueMachine m;
    if (!W::check(m, in)) [[unlikely]]
      return m.error;
    ask(in);
    return RuntimeError::kNone;
  }

  RuntimeError step(const Instruction& in) {
    switch (in.op) {
      // The computed operations: their entries (ROBBIE_COMPUTED_OP).
      // clang-format off
#define ROBBIE_COMPUTED_OP(Name, ...) case Op::Name: return compute<Op::Name>();
#define ROBBIE_HOST_CHECK(Name, ...)
#include "chronon/vm/robbie_semantics.def"
#undef ROBBIE_HOST_CHECK
#undef ROBBIE_COMPUTED_OP
      // clang-format on
      case Op::kPushConstant: state_.stack.push_back(program_.constants[static_cast<size_t>(in.a)]); return {};
      case Op::kLoad: state_.stack.push_back(state_.registers[static_cast<size_t>(in.a)]); return {};
      case Op::kStore: state_.registers[static_cast<size_t>(in.a)] = pop(); return {};
      // The one computed operation without an entry: it makes a string, which native code leaves to
      // a helper (chronon_rl_concat).
      case Op::kConcat: {
        std::string right = std::get<std::string>(pop());
        std::string left = std::get<std::string>(pop());
        push(left + right);
        return {};
      }
      case Op::kJump: state_.pc = in.a; return {};
      case Op::kJumpIfFalse:
        if (!popBoolean()) state_.pc = in.a;
        return {};
      case Op::kAndJump:
      case Op::kOrJump: {
        // The left operand decides alone when it is false (and) or true (or); it stays as the result.
        const bool left = std::get<bool>(state_.stack.back());
        if (left == (in.op == Op::kOrJump)) {
          state_.pc = in.a;
        } else {
          state_.stack.pop_back();
        }
        return {};
      }
      case Op::kBlocked: push(host_.blocked()); return {};
      case Op::kWeight: push(host_.weight()); return {};
      // The host operations with arguments check them with their entries (ROBBIE_HOST_CHECK).
      case Op::kForward: return hostCall<Op::kForward>([&](const int64_t* cm) { host_.move(cm[0], true); });
      case Op::kBack: return hostCall<Op::kBack>([&](const int64_t* cm) { host_.move(cm[0], false); });
      case Op::kTurnLeft: return hostCall<Op::kTurnLeft>([&](const int64_t* degrees) { host_.turn(degrees[0], true); });
      case Op::kTurnRight:
        return hostCall<Op::kTurnRight>([&](const int64_t* degrees) { host_.turn(degrees[0], false); });
      case Op::kGrab: host_.grab(); return {};
      case Op::kDrop: host_.drop(); return {};
      case Op::kBeep: return hostCall<Op::kBeep>([&](const int64_t* msHz) { host_.beep(msHz[0], msHz[1]); });
      case Op::kPause: return hostCall<Op::kPause>([&](const int64_t* ms) { host_.pause(ms[0]); });
      case Op::kStop: state_.status = RunStatus::kStopped; return {};
    }
    return {};
  }

  MachineState& state_;
  const Program& program_;
  Host& host_;
};

}  // namespace

void run(MachineState& state, const Program& program, Host& host, int64_t budget) {
  if (state.status != RunStatus::kRunning) return;
  Machine(state, program, host).run(budget);
}

}  // namespace chronon::robbie
