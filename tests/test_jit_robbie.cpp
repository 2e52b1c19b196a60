// The Robbie Language under the LLVM JIT (vm/jit, chronon::jit::RobbieJit) against the interpreter:
// every bundled program in its room, budgets chopped into small pieces, every runtime error, strings,
// short-circuit operators, nested loops, the step limit, programs the JIT declines, and bad input.
// "The same" means the same final report and event log, and the same MachineState: registers (reals
// bit for bit), expression stack, pc, steps, status, error and errorPc (docs/robbie.md "Engines").

#include <sys/wait.h>
#include <algorithm>
#include <bit>
#include <catch2/catch.hpp>
#include <climits>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <type_traits>
#include <variant>
#include <vector>

#include "chronon/arena/robbie_room.h"
#include "chronon/arena/robbie_run.h"
#include "chronon/compiler/robbie.h"
#include "chronon/compiler/robbie_room_file.h"
#include "chronon/jit/jit.h"
#include "chronon/jit/robbie_jit.h"
#include "chronon/vm/robbie_engine.h"
#include "chronon/vm/robbie_interpreter.h"
#include "chronon/vm/robbie_semantics.h"
#include "test_support.h"

namespace {

namespace rl = chronon::robbie;
namespace fs = std::filesystem;
using chronon::SourceFile;
using chronon::jit::RobbieJit;

// One JIT for the whole test binary.
RobbieJit& theJit() {
  static std::unique_ptr<RobbieJit> jit = [] {
    std::string reason;
    auto made = RobbieJit::create(reason);
    INFO(reason);
    REQUIRE(made != nullptr);
    return made;
  }();
  return *jit;
}

using chronon::test::readFile;

rl::Program program(const std::string& text) {
  const rl::CompileResult result = rl::compile(SourceFile("t.rl", text));
  INFO(chronon::render(SourceFile("t.rl", text), result.diagnostics));
  REQUIRE(result.program.has_value());
  return *result.program;
}

rl::RoomSpec roomSpec(const std::string& text) {
  chronon::Diagnostics diagnostics;
  std::optional<rl::RoomSpec> spec = rl::parseRoomFile(SourceFile("t.room", text), diagnostics);
  REQUIRE(spec.has_value());
  return *spec;
}

// A value as a comparable string: the type, and reals by their bits (so NaN equals itself and -0.0
// differs from 0.0).
std::string exact(const rl::Value& value) {
  if (const double* real = std::get_if<double>(&value)) return "real:" + std::to_string(std::bit_cast<uint64_t>(*real));
  return std::to_string(value.index()) + ":" + rl::formatValue(value);
}

std::string exact(const std::vector<rl::Value>& values) {
  std::string out;
  for (const rl::Value& v : values) out += exact(v) + " ";
  return out;
}

void requireSameState(const rl::MachineState& jit, const rl::MachineState& interp) {
  REQUIRE(exact(jit.registers) == exact(interp.registers));
  REQUIRE(exact(jit.stack) == exact(interp.stack));
  REQUIRE(jit.pc == interp.pc);
  REQUIRE(jit.steps == interp.steps);
  REQUIRE(jit.status == interp.status);
  REQUIRE(jit.error == interp.error);
  REQUIRE(jit.errorPc == interp.errorPc);
}

// A host that records every call (with what it answered) and answers `blocked` in a fixed pattern.
class RecordingHost final : public rl::Host {
 public:
  void move(int64_t cm, bool forward) override { log += (forward ? "forward " : "back ") + std::to_string(cm) + "\n"; }
  void turn(int64_t degrees, bool left) override {
    log += (left ? "left " : "right ") + std::to_string(degrees) + "\n";
  }
  void grab() override { log += "grab\n"; }
  void drop() override { log += "drop\n"; }
  bool blocked() override {
    const bool answer = (++calls_ % 3) == 0;
    log += std::string("blocked? ") + (answer ? "yes" : "no") + "\n";
    return answer;
  }
  int64_t weight() override {
    log += "weight? " + std::to_string(calls_ * 100) + "\n";
    return static_cast<int64_t>(calls_++) * 100;
  }
  void beep(int64_t ms, int64_t hz) override { log += "beep " + std::to_string(ms) + " " + std::to_string(hz) + "\n"; }
  void pause(int64_t ms) override { log += "pause " + std::to_string(ms) + "\n"; }

  std::string log;

 private:
  int calls_ = 0;
};

// Runs `p` on both engines with recording hosts in one go; requires the same state and host calls.
// Returns the interpreter's state.
rl::MachineState compareRecorded(const rl::Program& p, int64_t budget) {
  RecordingHost jitHost;
  RecordingHost interpHost;
  rl::MachineState jit = rl::makeMachineState(p);
  rl::MachineState interp = rl::makeMachineState(p);
  theJit().run(jit, p, jitHost, budget);
  rl::run(interp, p, interpHost, budget);
  requireSameState(jit, interp);
  REQUIRE(jitHost.log == interpHost.log);
  return interp;
}

// Runs `p` on both engines with budgets of `chunk` steps resumed until both end or `limit` steps are
// spent, requiring the same state and host calls after every call.
void compareChopped(const rl::Program& p, int64_t chunk, int64_t limit) {
  RecordingHost jitHost;
  RecordingHost interpHost;
  rl::MachineState jit = rl::makeMachineState(p);
  rl::MachineState interp = rl::makeMachineState(p);
  while (interp.status == rl::RunStatus::kRunning && interp.steps < limit) {
    theJit().run(jit, p, jitHost, chunk);
    rl::run(interp, p, interpHost, chunk);
    requireSameState(jit, interp);
  }
  REQUIRE(jitHost.log == interpHost.log);
}

// The output of `chronon run`.
std::string runText(const rl::Program& p, const rl::RobbieRun& run) {
  return "event log:\n" + run.room.logText() + "\n" + rl::finalReport(p, run);
}

// Runs `p` in `spec` on both engines; requires the same output and state.
void compareInRoom(const rl::Program& p, const rl::RoomSpec& spec, int64_t steps) {
  const rl::RobbieRun interp = rl::runInRoom(p, spec, steps);
  const rl::RobbieRun jit = rl::runInRoom(p, spec, steps, theJit());
  REQUIRE(runText(p, jit) == runText(p, interp));
  REQUIRE(jit.end == interp.end);
  requireSameState(jit.machine, interp.machine);
}

struct Bundled {
  std::string name;
  rl::Program program;
  rl::RoomSpec room;
};

// Every program in stdlib/robbie with its room: the one the golden run tests use, else the default.
std::vector<Bundled> bundledPrograms() {
  const fs::path dir = chronon::test::sourceDir() / "stdlib" / "robbie";
  const std::map<std::string, std::string> rooms{
      {"move-ten-things.rl", "feeder.room"}, {"sorter.rl", "sorter.room"}, {"wall-follower.rl", "walled.room"}};
  std::vector<Bundled> out;
  for (const fs::directory_entry& entry : fs::directory_iterator(dir)) {
    if (entry.path().extension() != ".rl") continue;
    const std::string name = entry.path().filename().string();
    const auto room = rooms.find(name);
    out.push_back(Bundled{name, program(readFile(entry.path())),
                          room == rooms.end() ? rl::defaultRoom() : roomSpec(readFile(dir / "rooms" / room->second))});
  }
  std::sort(out.begin(), out.end(), [](const Bundled& a, const Bundled& b) { return a.name < b.name; });
  return out;
}

const std::string kRegisters =
    "register integer I\nregister integer J\nregister real R\nregister boolean B\n"
    "register string S\n";

}  // namespace

TEST_CASE("RL JIT: every bundled program runs to the same room state as on the interpreter", "[jit][robbie]") {
  const std::vector<Bundled> bundled = bundledPrograms();
  REQUIRE(bundled.size() >= 8);
  for (const Bundled& b : bundled) {
    INFO(b.name);
    std::string reason;
    CHECK(theJit().prepare(b.program, b.name, &reason));
    CHECK(reason.empty());
    for (const int64_t steps : {int64_t{1}, int64_t{200}, int64_t{5000}, rl::kDefaultStepLimit})
      compareInRoom(b.program, b.room, steps);
  }
}

TEST_CASE("RL JIT: budgets chopped into pieces suspend and resume at every instruction", "[jit][robbie]") {
  for (const Bundled& b : bundledPrograms()) {
    INFO(b.name);
    for (const int64_t chunk : {1, 2, 3, 7}) {
      INFO("chunk " << chunk);
      compareChopped(b.program, chunk, 3000);
      // The room too: the chopped run ends in the same room as one interpreter run.
      rl::RobbieRoom room(b.room);
      rl::MachineState state = rl::makeMachineState(b.program);
      while (state.status == rl::RunStatus::kRunning && state.steps < 3000) theJit().run(state, b.program, room, chunk);
      rl::RobbieRoom reference(b.room);
      rl::MachineState expected = rl::makeMachineState(b.program);
      rl::run(expected, b.program, reference, state.steps);
      requireSameState(state, expected);
      REQUIRE(room.logText() == reference.logText());
      REQUIRE(room.stateText() == reference.stateText());
    }
  }
}

TEST_CASE("RL JIT: every runtime error leaves the interpreter's state", "[jit][robbie]") {
  struct Case {
    const char* lines;
    rl::RuntimeError error;
  };
  using E = rl::RuntimeError;
  const std::vector<Case> cases{
      {"set I 1 / I\n", E::kDivisionByZero},
      {"set R 1.0 / R\n", E::kDivisionByZero},
      {"set R 2.5 + 1.0 / R\n", E::kDivisionByZero},
      {"set R -R\nset R 1.0 / R\n", E::kDivisionByZero},
      {"set B true = (1 / I > 0)\n", E::kDivisionByZero},
      {"set I 9223372036854775807\nset I I + 1\n", E::kIntegerOverflow},
      {"set I 0 - 9223372036854775807\nset I I - 2\n", E::kIntegerOverflow},
      {"set I 4611686018427387904\nset I I * 2\n", E::kIntegerOverflow},
      {"set I 0 - 9223372036854775807\nset I I - 1\nset J 0 - 1\nset I I / J\n", E::kIntegerOverflow},
      {"set I 0 - 9223372036854775807\nset I I - 1\nset I -I\n", E::kIntegerOverflow},
      {"set I 0 - 9223372036854775807\nset I I - 1\nforward 3 + (-I)\n", E::kIntegerOverflow},
      {"set I 0 - 1\nforward I\n", E::kNegativeArgument},
      {"set I 0 - 1\nback I\n", E::kNegativeArgument},
      {"set I 0 - 1\nturn left I\n", E::kNegativeArgument},
      {"set I 0 - 1\nturn right I\n", E::kNegativeArgument},
      {"set I 0 - 1\npause I\n", E::kNegativeArgument},
      {"set I 0 - 1\nbeep I 440\n", E::kNegativeArgument},
      {"set I 0 - 1\nset J 5\nbeep I J\n", E::kNegativeArgument},
      {"set I 59\nbeep 100 I\n", E::kFrequencyOutOfRange},
      {"set I 30001\nbeep 100 I\n", E::kFrequencyOutOfRange},
      {"set I 60\nbeep 100 I\nset I 30000\nbeep 100 I\nset I 0\nbeep I 440\nset I 1 / I\n", E::kDivisionByZero},
  };
  for (const Case& c : cases) {
    INFO(c.lines);
    const rl::Program p = program("start\n" + kRegisters + "forward 1\n" + c.lines + "forward 2\nstop\n");
    REQUIRE(theJit().prepare(p, "error case"));
    const rl::MachineState interp = compareRecorded(p, 1000);
    CHECK(interp.status == rl::RunStatus::kError);
    CHECK(interp.error == c.error);
    for (const int64_t chunk : {1, 2, 3, 7}) compareChopped(p, chunk, 1000);
  }
  // An error inside an expression leaves the operands beneath on the stack; both engines agree on them.
  const rl::Program inside = program("start\n" + kRegisters + "set R 2.5 + 1.0 / R\nstop\n");
  CHECK(exact(compareRecorded(inside, 100).stack) == exact(std::vector<rl::Value>{2.5}));
}

namespace {

// What an operation gives on values, written out here independently of robbie_semantics.def: the
// result, or the runtime error.
struct Outcome {
  std::optional<rl::Value> result;
  rl::RuntimeError error = rl::RuntimeError::kNone;
};

// The outcome of computed operation `op` on `in` (deepest first), as docs/robbie.md states it and as
// the interpreter computed it before the entries existed.
Outcome expectedComputed(rl::Op op, const std::vector<rl::Value>& in) {
  using rl::Op;
  using E = rl::RuntimeError;
  const auto i = [&](size_t k) { return std::get<int64_t>(in[k]); };
  const auto r = [&](size_t k) { return std::get<double>(in[k]); };
  const auto integer = [](int64_t v) { return Outcome{rl::Value(v), E::kNone}; };
  const auto real = [](double v) { return Outcome{rl::Value(v), E::kNone}; };
  const auto boolean = [](bool v) { return Outcome{rl::Value(v), E::kNone}; };
  const auto error = [](E e) { return Outcome{std::nullopt, e}; };
  int64_t sum = 0;
  if (op == Op::kToReal) return real(static_cast<double>(i(0)));
  if (op == Op::kAddInteger)
    return __builtin_add_overflow(i(0), i(1), &sum) ? error(E::kIntegerOverflow) : integer(sum);
  if (op == Op::kSubInteger)
    return __builtin_sub_overflow(i(0), i(1), &sum) ? error(E::kIntegerOverflow) : integer(sum);
  if (op == Op::kMulInteger)
    return __builtin_mul_overflow(i(0), i(1), &sum) ? error(E::kIntegerOverflow) : integer(sum);
  if (op == Op::kDivInteger) {
    if (i(1) == 0) return error(E::kDivisionByZero);
    if (i(0) == INT64_MIN && i(1) == -1) return error(E::kIntegerOverflow);
    return integer(i(0) / i(1));
  }
  if (op == Op::kNegInteger) return i(0) == INT64_MIN ? error(E::kIntegerOverflow) : integer(-i(0));
  if (op == Op::kAddReal) return real(r(0) + r(1));
  if (op == Op::kSubReal) return real(r(0) - r(1));
  if (op == Op::kMulReal) return real(r(0) * r(1));
  if (op == Op::kDivReal) return r(1) == 0 ? error(E::kDivisionByZero) : real(r(0) / r(1));
  if (op == Op::kNegReal) return real(-r(0));
  // The comparisons as std::variant compares two values of one type.
  if (op == Op::kLess) return boolean(in[0] < in[1]);
  if (op == Op::kLessEqual) return boolean(in[0] <= in[1]);
  if (op == Op::kGreater) return boolean(in[0] > in[1]);
  if (op == Op::kGreaterEqual) return boolean(in[0] >= in[1]);
  if (op == Op::kEqual) return boolean(in[0] == in[1]);
  if (op == Op::kNot) return boolean(!std::get<bool>(in[0]));
  FAIL("no expected outcome for " << rl::opName(op));
  return {};
}

// The error host operation `op` raises for the arguments `in` (deepest first), kNone when it asks
// the host.
rl::RuntimeError expectedCheck(rl::Op op, const std::vector<int64_t>& in) {
  using E = rl::RuntimeError;
  if (in[0] < 0) return E::kNegativeArgument;
  if (op == rl::Op::kBeep && (in[1] < 60 || in[1] > 30000)) return E::kFrequencyOutOfRange;
  return E::kNone;
}

const std::vector<rl::Value> kEdgeIntegers{
    int64_t{0},      int64_t{1},         int64_t{-1},        int64_t{7},
    int64_t{-3},     int64_t{INT64_MAX}, int64_t{INT64_MIN}, int64_t{INT64_MIN + 1},
    int64_t{1} << 32};
const std::vector<rl::Value> kEdgeReals{0.0, -0.0, 1.5, -2.5, std::nan(""), HUGE_VAL, -HUGE_VAL, 1e308, 5e-324};
const std::vector<rl::Value> kEdgeBooleans{false, true};
const std::vector<rl::Value> kEdgeStrings{std::string(), std::string("a"), std::string("ab"), std::string("b")};

// The edge values of slot `slot`; every type's for `x`.
std::vector<std::vector<rl::Value>> edgeValues(rl::Slot slot) {
  switch (slot) {
    case rl::Slot::kInteger: return {kEdgeIntegers};
    case rl::Slot::kReal: return {kEdgeReals};
    case rl::Slot::kBoolean: return {kEdgeBooleans};
    case rl::Slot::kAny: return {kEdgeIntegers, kEdgeReals, kEdgeBooleans, kEdgeStrings};
    case rl::Slot::kString:
    case rl::Slot::kOperand: break;
  }
  return {};
}

// Every operand list of `pops` values drawn from `values`.
std::vector<std::vector<rl::Value>> operandLists(const std::vector<rl::Value>& values, int32_t pops) {
  std::vector<std::vector<rl::Value>> out;
  for (const rl::Value& a : values) {
    if (pops == 1) {
      out.push_back({a});
    } else {
      for (const rl::Value& b : values) out.push_back({a, b});
    }
  }
  return out;
}

// forward 1, the operands pushed as constants, `op`, forward 2, stop: an error at `op` leaves the
// second forward undone.
rl::Program operationProgram(rl::Op op, const std::vector<rl::Value>& in) {
  rl::Program p;
  p.constants = in;
  p.constants.push_back(int64_t{1});
  p.constants.push_back(int64_t{2});
  const auto constant = static_cast<int32_t>(in.size());
  p.code.push_back({rl::Op::kPushConstant, constant});
  p.code.push_back({rl::Op::kForward, 0});
  for (size_t k = 0; k < in.size(); ++k) p.code.push_back({rl::Op::kPushConstant, static_cast<int32_t>(k)});
  p.code.push_back({op, 0});
  if (rl::opInfo(op).effect.pushes == 1) p.code.push_back({rl::Op::kStore, 0});
  p.code.push_back({rl::Op::kPushConstant, constant + 1});
  p.code.push_back({rl::Op::kForward, 0});
  p.code.push_back({rl::Op::kStop, 0});
  return p;
}

// Runs computed operation O on every edge operand list: its entry on values, the interpreter and the
// JIT must all give expectedComputed's result or error (the error at O's pc, its operands popped).
template <rl::Op O>
void checkComputed() {
  using W = rl::OpEntry<O>;
  for (const std::vector<rl::Value>& values : edgeValues(W::kOperand)) {
    for (const std::vector<rl::Value>& in : operandLists(values, W::kPops)) {
      std::string shown = std::string(rl::opName(O));
      for (const rl::Value& v : in) shown += " " + exact(v);
      INFO(shown);
      const Outcome expected = expectedComputed(O, in);
      // The entry on values, for the numbers and booleans.
      std::visit(
          [&](const auto& first) {
            using T = std::decay_t<decltype(first)>;
            // Strings reach an entry as views, as in the interpreter.
            using Cell = std::conditional_t<std::is_same_v<T, std::string>, std::string_view, T>;
            if constexpr (W::kOperand == rl::Slot::kAny || std::is_same_v<T, rl::ValueCell<W::kOperand>>) {
              using Out = rl::ValueCell<W::kResult>;
              Cell cells[2] = {};
              for (size_t k = 0; k < in.size(); ++k) cells[k] = std::get<T>(in[k]);
              Out out[1] = {};
              rl::ValueMachine m;
              const bool ok = W::apply(m, cells, out);
              CHECK(ok == (expected.error == rl::RuntimeError::kNone));
              CHECK(m.error == expected.error);
              if (ok && expected.result) CHECK(exact(rl::Value(out[0])) == exact(*expected.result));
            }
          },
          in[0]);
      // The engines, on a program that runs it.
      rl::Program p = operationProgram(O, in);
      const rl::ValueType result = expected.result ? rl::typeOf(*expected.result) : rl::typeOf(in[0]);
      p.registers.push_back(rl::RegisterInfo{"R", result, false, {}});
      REQUIRE(theJit().prepare(p, "computed"));
      // A NaN made from operands that are not NaN (inf - inf, 0 * inf) is the one place the engines
      // differ, and did before the entries: LLVM folds the constants to the positive quiet NaN, x86
      // computes its default NaN, the negative one. There both must give a NaN, of either sign, which
      // formatValue shows as "nan".
      const double* real = expected.result ? std::get_if<double>(&*expected.result) : nullptr;
      const bool madeNan =
          real != nullptr && std::isnan(*real) && std::none_of(in.begin(), in.end(), [](const rl::Value& v) {
            const double* d = std::get_if<double>(&v);
            return d != nullptr && std::isnan(*d);
          });
      if (madeNan) {
        RecordingHost host;
        rl::MachineState jit = rl::makeMachineState(p);
        rl::MachineState interp = rl::makeMachineState(p);
        theJit().run(jit, p, host, 100);
        rl::run(interp, p, host, 100);
        for (const rl::MachineState* end : {&jit, &interp}) {
          CHECK(end->status == rl::RunStatus::kStopped);
          CHECK(std::isnan(std::get<double>(end->registers[0])));
          // What a person sees of it is the same under both: replays, reports and the debugger
          // show a value by formatValue.
          CHECK(rl::formatValue(end->registers[0]) == "nan");
        }
        continue;
      }
      const rl::MachineState end = compareRecorded(p, 100);
      if (expected.result) {
        CHECK(end.status == rl::RunStatus::kStopped);
        CHECK(exact(end.registers[0]) == exact(*expected.result));
      } else {
        CHECK(end.status == rl::RunStatus::kError);
        CHECK(end.error == expected.error);
        CHECK(end.errorPc == static_cast<int32_t>(2 + in.size()));
        CHECK(end.stack.empty());
      }
    }
  }
}

// Runs host operation O on edge arguments: its entry's checks on values, the interpreter and the JIT
// must all raise expectedCheck's error, or ask the host with the arguments.
template <rl::Op O>
void checkHost() {
  using W = rl::OpEntry<O>;
  const std::vector<rl::Value> arguments{int64_t{0},     int64_t{1},         int64_t{-1},
                                         int64_t{59},    int64_t{60},        int64_t{30000},
                                         int64_t{30001}, int64_t{INT64_MIN}, int64_t{INT64_MAX}};
  for (const std::vector<rl::Value>& in : operandLists(arguments, W::kPops)) {
    std::vector<int64_t> cells;
    for (const rl::Value& v : in) cells.push_back(std::get<int64_t>(v));
    std::string shown = std::string(rl::opName(O));
    for (const int64_t c : cells) shown += " " + std::to_string(c);
    INFO(shown);
    const rl::RuntimeError expected = expectedCheck(O, cells);
    rl::ValueMachine m;
    CHECK(W::check(m, cells.data()) == (expected == rl::RuntimeError::kNone));
    CHECK(m.error == expected);
    const rl::Program p = operationProgram(O, in);
    REQUIRE(theJit().prepare(p, "host"));
    const rl::MachineState end = compareRecorded(p, 100);
    CHECK(end.error == expected);
    CHECK(end.status == (expected == rl::RuntimeError::kNone ? rl::RunStatus::kStopped : rl::RunStatus::kError));
    if (expected != rl::RuntimeError::kNone) {
      CHECK(end.errorPc == static_cast<int32_t>(2 + in.size()));
      CHECK(end.stack.empty());
    }
  }
}

}  // namespace

TEST_CASE("RL semantics: every entry on values, the interpreter and the JIT give the expected result or error",
          "[jit][robbie]") {
  // clang-format off
#define ROBBIE_COMPUTED_OP(Name, ...) checkComputed<rl::Op::Name>();
#define ROBBIE_HOST_CHECK(Name, ...) checkHost<rl::Op::Name>();
#include "chronon/vm/robbie_semantics.def"
#undef ROBBIE_HOST_CHECK
#undef ROBBIE_COMPUTED_OP
  // clang-format on
}

TEST_CASE("RL JIT: strings, short-circuit operators, nested loops and reals", "[jit][robbie]") {
  const std::string text =
      "start\n" + kRegisters +
      "register string T\nregister integer N\nregister real X\nregister real Y\nregister boolean E\n"
      "set S \"ab\" + \"c\"\n"
      "set T S + S\n"
      "set B S < T and T < \"b\" and not (S = T)\n"
      "if S = \"abc\" and T >= \"abcabc\" then\n  beep 10 440\nendif\n"
      "if S > T or blocked or blocked then\n  pause 1\nendif\n"
      "if blocked and weight > 0 then\n  pause 2\nendif\n"
      "repeat 3 times\n"
      "  set I 0\n"
      "  while I < 4 do\n"
      "    set I I + 1\n"
      "    if I = 2 or I = 3 then\n      set N N + I * 10\n    else\n      set N N - 1\n    endif\n"
      "    repeat I times\n      set X X + 0.1 * I\n    endrepeat\n"
      "  endwhile\n"
      "  set J J + weight\n"
      "  turn left 30\n"
      "endrepeat\n"
      "repeat 0 - 2 times\n  forward 1000\nendrepeat\n"
      "set R X / 3.0 - 0.001 * R + 7\n"
      "set B B or X > 1.5\n"
      "set Y 10.0\n"
      "repeat 400 times\n  set Y Y * 10.0\nendrepeat\n"
      "set Y Y - Y\n"
      "set X 1.0 / Y\n"
      "set E Y = Y or Y < 1.0 or Y >= 1.0\n"
      "stop\n";
  const rl::Program p = program(text);
  REQUIRE(theJit().prepare(p, "mix"));
  const rl::MachineState end = compareRecorded(p, 100000);
  REQUIRE(end.status == rl::RunStatus::kStopped);
  // Real values, so that the comparison is not of two wrong answers.
  CHECK(exact(end.registers[4]) == exact(rl::Value(std::string("abc"))));
  CHECK(exact(end.registers[5]) == exact(rl::Value(std::string("abcabc"))));
  CHECK(std::get<bool>(end.registers[3]));
  CHECK(std::get<int64_t>(end.registers[6]) == 3 * (20 + 30 - 2));
  // Y overflowed to infinity and became NaN; NaN divides without an error and compares false.
  CHECK(std::isnan(std::get<double>(end.registers[8])));
  CHECK(std::isnan(std::get<double>(end.registers[7])));
  CHECK_FALSE(std::get<bool>(end.registers[9]));
  for (const int64_t chunk : {1, 2, 3, 7}) compareChopped(p, chunk, 100000);
}

TEST_CASE("RL JIT: a runaway loop stops at the step limit with the interpreter's state", "[jit][robbie]") {
  const rl::Program p =
      program("start\n" + kRegisters + "while true do\n  set I I + 1\n  turn left 1\nendwhile\nstop\n");
  REQUIRE(theJit().prepare(p, "runaway"));
  for (const int64_t steps : {int64_t{1}, int64_t{2}, int64_t{5}, int64_t{999}, int64_t{1000}, int64_t{123457}}) {
    const rl::MachineState end = compareRecorded(p, steps);
    CHECK(end.status == rl::RunStatus::kRunning);
    CHECK(end.steps == steps);
  }
  compareInRoom(p, rl::defaultRoom(), rl::kDefaultStepLimit);
}

TEST_CASE("RL JIT: compiled code is cached per distinct program", "[jit][robbie]") {
  std::string reason;
  auto jit = RobbieJit::create(reason);
  REQUIRE(jit != nullptr);
  const rl::Program a = program("program \"A\"\nstart\nforward 10\nstop\n");
  const rl::Program renamed = program("program \"B\"\nstart\n\nforward   10\nstop\n");
  const rl::Program other = program("start\nforward 11\nstop\n");
  CHECK(chronon::jit::programHash(a) == chronon::jit::programHash(renamed));
  CHECK(chronon::jit::programHash(a) != chronon::jit::programHash(other));
  CHECK(jit->prepare(a, "a"));
  CHECK(jit->prepare(renamed, "renamed"));
  CHECK(jit->prepare(other, "other"));
  const chronon::jit::JitStats stats = jit->stats();
  REQUIRE(stats.records.size() == 2);
  CHECK(stats.cacheHits == 1);
  CHECK(stats.records[0].name == "a");
  CHECK(stats.records[0].compiled);
  CHECK(stats.records[0].instructions == 3);
  CHECK(stats.records[0].blocks == 1);  // One check point: instruction 0.
  CHECK(stats.records[0].milliseconds > 0);
}

TEST_CASE("RL JIT: hand-made IR outside what the frontend emits is declined or run exactly", "[jit][robbie]") {
  using rl::Op;
  const auto make = [](std::vector<rl::Instruction> code, std::vector<rl::Value> constants) {
    rl::Program p;
    p.code = std::move(code);
    p.constants = std::move(constants);
    p.registers.push_back(rl::RegisterInfo{"I", rl::ValueType::kInteger, false, {}});
    return p;
  };
  const auto declined = [](const rl::Program& p, const std::string& why) {
    std::string reason;
    CHECK_FALSE(theJit().prepare(p, "bad", &reason));
    CHECK(reason.find(why) != std::string::npos);
  };
  declined(make({}, {}), "empty program");
  declined(make({{Op::kPushConstant, 0}, {Op::kAddInteger, 0}, {Op::kStop, 0}}, {int64_t{1}}), "expects integer");
  declined(
      make({{Op::kPushConstant, 0}, {Op::kPushConstant, 1}, {Op::kAddInteger, 0}, {Op::kStop, 0}}, {int64_t{1}, 2.5}),
      "expects integer");
  declined(make({{Op::kPushConstant, 3}, {Op::kStop, 0}}, {int64_t{1}}), "constant index");
  declined(make({{Op::kLoad, 7}, {Op::kStop, 0}}, {}), "register index");
  // Two paths reach instruction 3 with different stacks.
  declined(
      make({{Op::kPushConstant, 1}, {Op::kJumpIfFalse, 3}, {Op::kPushConstant, 0}, {Op::kStop, 0}}, {int64_t{1}, true}),
      "disagree");
  // A loop inside an expression.
  declined(
      make({{Op::kPushConstant, 0}, {Op::kPushConstant, 1}, {Op::kAndJump, 1}, {Op::kStop, 0}}, {int64_t{1}, true}),
      "disagree");
  declined(make({{Op::kPushConstant, 0}, {Op::kJump, 0}}, {int64_t{1}}), "disagree");
  declined(make({{Op::kPushConstant, 0}, {Op::kLoad, 0}, {Op::kStore, 0}, {Op::kJump, 1}}, {int64_t{1}}),
           "backward jump inside an expression");
  declined(make({{Op::kPushConstant, 0}, {Op::kJump, 9}}, {int64_t{1}}), "out of the code");

  // Jumps out of the code with an empty stack, and code without a final stop, compile and end as the
  // interpreter ends them (stopped, without counting a step, unless the budget is spent).
  for (const rl::Program& p :
       {make({{Op::kPushConstant, 0}, {Op::kForward, 0}, {Op::kJump, 5}}, {int64_t{4}}),
        make({{Op::kPushConstant, 0}, {Op::kForward, 0}, {Op::kJump, -3}}, {int64_t{4}}),
        make({{Op::kPushConstant, 0}, {Op::kStore, 0}, {Op::kLoad, 0}, {Op::kForward, 0}}, {int64_t{4}})}) {
    REQUIRE(theJit().prepare(p, "exits"));
    for (const int64_t budget : {1, 2, 3, 4, 5, 100}) {
      const rl::MachineState end = compareRecorded(p, budget);
      if (budget >= 100) CHECK(end.status == rl::RunStatus::kStopped);
    }
  }
}

TEST_CASE("RL JIT: huge and deeply nested programs compile or decline cleanly", "[jit][robbie]") {
  // 100,000 commands: longer than the JIT takes, so it declines and the interpreter runs it.
  std::string huge = "start\nregister integer I\n";
  for (int i = 0; i < 100000; ++i) huge += i % 2 == 0 ? "set I I + 1\n" : "turn left 1\n";
  huge += "stop\n";
  const rl::Program big = program(huge);
  std::string reason;
  CHECK_FALSE(theJit().prepare(big, "huge", &reason));
  CHECK(reason.find("longer than") != std::string::npos);
  compareInRoom(big, rl::defaultRoom(), rl::kDefaultStepLimit);
  compareInRoom(big, rl::defaultRoom(), 12345);

  // 2,000 nested ifs: the frontend refuses them (structures nested deeper than 200 levels), so there is
  // nothing to run; 200 nested ifs and whiles compile natively and run as on the interpreter.
  std::string deep = "start\nregister integer I\n";
  for (int i = 0; i < 2000; ++i) deep += "if I < " + std::to_string(i + 1) + " then\n";
  for (int i = 0; i < 2000; ++i) deep += "endif\n";
  deep += "stop\n";
  CHECK_FALSE(rl::compile(SourceFile("deep.rl", deep)).program.has_value());
  std::string nested = "start\nregister integer I\nregister integer J\n";
  for (int i = 0; i < rl::kMaxNesting; ++i)
    nested += i % 2 == 0 ? "if I < " + std::to_string(i + 1) + " then\nset I I + 1\n"
                         : "while J < " + std::to_string(i) + " do\nset J J + 1\n";
  for (int i = rl::kMaxNesting - 1; i >= 0; --i) nested += i % 2 == 0 ? "endif\n" : "endwhile\n";
  nested += "stop\n";
  const rl::Program deepProgram = program(nested);
  CHECK(theJit().prepare(deepProgram, "nested"));
  const rl::MachineState end = compareRecorded(deepProgram, rl::kDefaultStepLimit);
  CHECK(end.status == rl::RunStatus::kStopped);
  compareChopped(deepProgram, 7, 20000);

  // A long expression: 1,000 operators in one line, natively.
  std::string sum = "start\nregister integer I\nregister real R\nset I 1";
  for (int i = 0; i < 999; ++i) sum += i % 3 == 0 ? " * 1" : " + " + std::to_string(i);
  sum += "\nset R ((((((((1.5))))))))";
  for (int i = 0; i < 100; ++i) sum += " / 1.1 - 0.3";
  sum += "\nstop\n";
  const rl::Program longExpression = program(sum);
  CHECK(theJit().prepare(longExpression, "long expression"));
  compareRecorded(longExpression, 100000);
  compareChopped(longExpression, 3, 100000);
}

TEST_CASE("chronon run --engine jit gives the interpreter's output for .rl files", "[jit][robbie]") {
  const fs::path dir = fs::temp_directory_path() / "chronon-jit-robbie-test";
  fs::create_directories(dir);
  const auto chronon = [&](const std::string& args, bool withStderr) {
    const std::string command = "'" + chronon::test::chrononBinary().string() + "' " + args + " > '" +
                                (dir / "out.txt").string() + "' " + (withStderr ? "2>&1" : "2>/dev/null");
    const int status = std::system(command.c_str());
    return std::make_pair(WIFEXITED(status) ? WEXITSTATUS(status) : -1, readFile(dir / "out.txt"));
  };
  const fs::path stdlibDir = chronon::test::sourceDir() / "stdlib" / "robbie";
  const std::string sorter =
      "'" + (stdlibDir / "sorter.rl").string() + "' --room '" + (stdlibDir / "rooms" / "sorter.room").string() + "'";
  const auto interp = chronon("run " + sorter, false);
  const auto jit = chronon("run " + sorter + " --engine jit", false);
  CHECK(interp.first == 0);
  CHECK(jit == interp);
  CHECK(jit.second.find("ended: stop at line") != std::string::npos);
  const auto stats = chronon("run " + sorter + " --engine=jit --stats", true);
  CHECK(stats.second.find("engine: jit, ") != std::string::npos);
  CHECK(stats.second.find("compiled in") != std::string::npos);
  CHECK(chronon("run " + sorter + " --stats", true).second.find("engine: interp\n") != std::string::npos);
  // A program the JIT declines (longer than it takes) runs on the interpreter, with a note.
  std::string text = "start\n";
  for (int i = 0; i < 40000; ++i) text += "turn left 1\n";
  text += "stop\n";
  std::ofstream(dir / "long.rl", std::ios::binary) << text;
  const auto declined = chronon("run '" + (dir / "long.rl").string() + "' --engine jit", true);
  CHECK(declined.first == 0);
  CHECK(declined.second.find("the JIT declined") != std::string::npos);
  CHECK(declined.second.find("the interpreter runs it") != std::string::npos);
  CHECK(chronon("run '" + (dir / "long.rl").string() + "' --engine fast", true).first == 2);
}

TEST_CASE("RL JIT: compiled programs inline every entry's word function", "[jit][robbie][bitcode]") {
  // The bundled programs (arithmetic, comparisons, not, host checks among them), printed as the
  // passes leave them (CHRONON_JIT_DUMP=1) at levels 1 and 2 by fresh JITs with no object cache.
  const std::vector<Bundled> bundled = bundledPrograms();
  REQUIRE(bundled.size() >= 8);
  const std::string before = chronon::jit::objectCacheFolder();
  REQUIRE(chronon::jit::setObjectCacheFolder(""));
  ::setenv("CHRONON_JIT_DUMP", "2", 1);
  // Before the passes, the lowering calls the entries' word functions.
  const std::string lowered = chronon::test::captureStandardError([&] {
    std::string reason;
    auto fresh = RobbieJit::create(reason);
    for (const Bundled& b : bundled) CHECK(fresh->prepare(b.program, b.name, &reason));
  });
  CHECK(chronon::test::calledFunctions(lowered, "chronon_word_robbie_").size() >= 5);
  ::setenv("CHRONON_JIT_DUMP", "1", 1);
  for (const int level : {1, 2}) {
    INFO("level " << level);
    chronon::jit::JitOptions options;
    options.optimization = level;
    const std::string ir = chronon::test::captureStandardError([&] {
      std::string reason;
      auto fresh = RobbieJit::create(reason, options);
      REQUIRE(fresh != nullptr);
      for (const Bundled& b : bundled) CHECK(fresh->prepare(b.program, b.name, &reason));
    });
    REQUIRE(ir.find("define") != std::string::npos);
    // After them, no call and no copy of a word function is left.
    CHECK(chronon::test::calledFunctions(ir, "chronon_word_").empty());
    CHECK_FALSE(chronon::test::definesFunction(ir, "chronon_word_"));
  }
  ::unsetenv("CHRONON_JIT_DUMP");
  chronon::jit::setObjectCacheFolder(before);
}
