// The Robbie Language interpreter: a dispatch loop over the IR with one switch on the operation.

#include "chronon/vm/robbie_interpreter.h"

#include <string>
#include <utility>

#include "chronon/stdlib/robbie_words.h"

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
  int64_t popInteger() { return std::get<int64_t>(pop()); }
  double popReal() { return std::get<double>(pop()); }
  bool popBoolean() { return std::get<bool>(pop()); }
  template <typename T>
  void push(T value) {
    state_.stack.emplace_back(std::in_place_type<T>, std::move(value));
  }

  // Applies an integer operation with overflow detection.
  template <typename F>
  RuntimeError integerOp(F op) {
    const int64_t right = popInteger();
    const int64_t left = popInteger();
    int64_t result = 0;
    if (op(left, right, result)) return RuntimeError::kIntegerOverflow;
    push(result);
    return RuntimeError::kNone;
  }
  template <typename F>
  void realOp(F op) {
    const double right = popReal();
    const double left = popReal();
    push(op(left, right));
  }
  // Compares the top two values, which have one type (the lowering converted integers meeting reals).
  template <typename F>
  void compare(F op) {
    const Value right = pop();
    const Value left = pop();
    push(static_cast<bool>(op(left, right)));
  }

  RuntimeError step(const Instruction& in) {
    switch (in.op) {
      case Op::kPushConstant: state_.stack.push_back(program_.constants[static_cast<size_t>(in.a)]); return {};
      case Op::kLoad: state_.stack.push_back(state_.registers[static_cast<size_t>(in.a)]); return {};
      case Op::kStore: state_.registers[static_cast<size_t>(in.a)] = pop(); return {};
      case Op::kToReal: push(static_cast<double>(popInteger())); return {};
      case Op::kAddInteger:
        return integerOp([](int64_t a, int64_t b, int64_t& r) { return __builtin_add_overflow(a, b, &r); });
      case Op::kSubInteger:
        return integerOp([](int64_t a, int64_t b, int64_t& r) { return __builtin_sub_overflow(a, b, &r); });
      case Op::kMulInteger:
        return integerOp([](int64_t a, int64_t b, int64_t& r) { return __builtin_mul_overflow(a, b, &r); });
      case Op::kDivInteger: {
        const int64_t right = popInteger();
        const int64_t left = popInteger();
        if (right == 0) return RuntimeError::kDivisionByZero;
        if (left == INT64_MIN && right == -1) return RuntimeError::kIntegerOverflow;
        push(left / right);
        return {};
      }
      case Op::kNegInteger: {
        const int64_t value = popInteger();
        if (value == INT64_MIN) return RuntimeError::kIntegerOverflow;
        push(-value);
        return {};
      }
      case Op::kAddReal: realOp([](double a, double b) { return a + b; }); return {};
      case Op::kSubReal: realOp([](double a, double b) { return a - b; }); return {};
      case Op::kMulReal: realOp([](double a, double b) { return a * b; }); return {};
      case Op::kDivReal: {
        const double right = popReal();
        const double left = popReal();
        if (right == 0) return RuntimeError::kDivisionByZero;
        push(left / right);
        return {};
      }
      case Op::kNegReal: push(-popReal()); return {};
      case Op::kConcat: {
        std::string right = std::get<std::string>(pop());
        std::string left = std::get<std::string>(pop());
        push(left + right);
        return {};
      }
      case Op::kLess: compare([](const Value& a, const Value& b) { return a < b; }); return {};
      case Op::kLessEqual: compare([](const Value& a, const Value& b) { return a <= b; }); return {};
      case Op::kGreater: compare([](const Value& a, const Value& b) { return a > b; }); return {};
      case Op::kGreaterEqual: compare([](const Value& a, const Value& b) { return a >= b; }); return {};
      case Op::kEqual: compare([](const Value& a, const Value& b) { return a == b; }); return {};
      case Op::kNot: push(!popBoolean()); return {};
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
      case Op::kForward:
      case Op::kBack: {
        const int64_t cm = popInteger();
        if (cm < 0) return RuntimeError::kNegativeArgument;
        host_.move(cm, in.op == Op::kForward);
        return {};
      }
      case Op::kTurnLeft:
      case Op::kTurnRight: {
        const int64_t degrees = popInteger();
        if (degrees < 0) return RuntimeError::kNegativeArgument;
        host_.turn(degrees, in.op == Op::kTurnLeft);
        return {};
      }
      case Op::kGrab: host_.grab(); return {};
      case Op::kDrop: host_.drop(); return {};
      case Op::kBeep: {
        const int64_t hz = popInteger();
        const int64_t ms = popInteger();
        if (ms < 0) return RuntimeError::kNegativeArgument;
        if (hz < kMinBeepHz || hz > kMaxBeepHz) return RuntimeError::kFrequencyOutOfRange;
        host_.beep(ms, hz);
        return {};
      }
      case Op::kPause: {
        const int64_t ms = popInteger();
        if (ms < 0) return RuntimeError::kNegativeArgument;
        host_.pause(ms);
        return {};
      }
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
