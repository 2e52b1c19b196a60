// The RL JIT engine: the compile cache, LLJIT, the helpers compiled code calls, and the loop that
// alternates native runs between check points with interpreter single steps.

#include "chronon/jit/robbie_jit.h"

#include <llvm/ExecutionEngine/Orc/LLJIT.h>
#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>

#include <bit>
#include <chrono>
#include <cstdlib>
#include <map>
#include <mutex>
#include <utility>
#include <vector>

#include "backend.h"
#include "chronon/vm/robbie_interpreter.h"
#include "code_cache.h"
#include "llvm_support.h"
#include "robbie_lower.h"
#include "robbie_native.h"
#include "robbie_plan.h"

namespace chronon::jit {

namespace detail {

namespace {

std::string popString(RobbieContext* context) {
  std::string value = std::move(context->strings->back());
  context->strings->pop_back();
  return value;
}

}  // namespace

extern "C" void chronon_rl_push_constant(RobbieContext* context, int32_t index) {
  context->strings->push_back(std::get<std::string>(context->program->constants[static_cast<size_t>(index)]));
}

extern "C" void chronon_rl_load(RobbieContext* context, int32_t index) {
  context->strings->push_back(std::get<std::string>(context->state->registers[static_cast<size_t>(index)]));
}

extern "C" void chronon_rl_store(RobbieContext* context, int32_t index) {
  std::get<std::string>(context->state->registers[static_cast<size_t>(index)]) = popString(context);
}

extern "C" void chronon_rl_concat(RobbieContext* context) {
  std::string right = popString(context);
  context->strings->back() += right;
}

extern "C" int32_t chronon_rl_compare(RobbieContext* context, int32_t kind) {
  const std::string right = popString(context);
  const std::string left = popString(context);
  switch (static_cast<StringCompare>(kind)) {
    case StringCompare::kLess: return left < right ? 1 : 0;
    case StringCompare::kLessEqual: return left <= right ? 1 : 0;
    case StringCompare::kGreater: return left > right ? 1 : 0;
    case StringCompare::kGreaterEqual: return left >= right ? 1 : 0;
    case StringCompare::kEqual: return left == right ? 1 : 0;
  }
  return 0;
}

extern "C" void chronon_rl_spill(RobbieContext* context, int32_t type, int64_t bits) {
  std::vector<robbie::Value>& stack = context->state->stack;
  switch (static_cast<robbie::ValueType>(type)) {
    case robbie::ValueType::kInteger: stack.emplace_back(std::in_place_type<int64_t>, bits); return;
    case robbie::ValueType::kReal: stack.emplace_back(std::in_place_type<double>, std::bit_cast<double>(bits)); return;
    case robbie::ValueType::kBoolean: stack.emplace_back(std::in_place_type<bool>, bits != 0); return;
    case robbie::ValueType::kString:
      stack.emplace_back(std::in_place_type<std::string>, std::move((*context->strings)[static_cast<size_t>(bits)]));
      return;
  }
}

extern "C" void chronon_rl_move(RobbieContext* context, int64_t cm, int32_t forward) {
  context->host->move(cm, forward != 0);
}
extern "C" void chronon_rl_turn(RobbieContext* context, int64_t degrees, int32_t left) {
  context->host->turn(degrees, left != 0);
}
extern "C" void chronon_rl_grab(RobbieContext* context) { context->host->grab(); }
extern "C" void chronon_rl_drop(RobbieContext* context) { context->host->drop(); }
extern "C" int32_t chronon_rl_blocked(RobbieContext* context) { return context->host->blocked() ? 1 : 0; }
extern "C" int64_t chronon_rl_weight(RobbieContext* context) { return context->host->weight(); }
extern "C" void chronon_rl_beep(RobbieContext* context, int64_t ms, int64_t hz) { context->host->beep(ms, hz); }
extern "C" void chronon_rl_pause(RobbieContext* context, int64_t ms) { context->host->pause(ms); }

}  // namespace detail

namespace {

using detail::NativeRobbie;
using detail::RobbieContext;

static_assert(sizeof(RobbieContext) == 8 * (static_cast<size_t>(detail::RobbieField::kStrings) + 1));
static_assert(sizeof(double) == sizeof(uint64_t));

// Everything compiled code depends on, to tell programs with equal hashes apart: the code, the
// constants with their types (strings byte by byte) and the register types.
std::vector<int64_t> programKey(const robbie::Program& program) {
  std::vector<int64_t> key;
  key.reserve(2 * program.code.size() + 2 * program.constants.size() + program.registers.size() + 3);
  key.push_back(static_cast<int64_t>(program.code.size()));
  for (const robbie::Instruction& in : program.code) {
    key.push_back(static_cast<int64_t>(in.op));
    key.push_back(in.a);
  }
  key.push_back(static_cast<int64_t>(program.constants.size()));
  for (const robbie::Value& constant : program.constants) {
    key.push_back(static_cast<int64_t>(constant.index()));
    switch (robbie::typeOf(constant)) {
      case robbie::ValueType::kInteger: key.push_back(std::get<int64_t>(constant)); break;
      case robbie::ValueType::kReal: key.push_back(std::bit_cast<int64_t>(std::get<double>(constant))); break;
      case robbie::ValueType::kBoolean: key.push_back(std::get<bool>(constant) ? 1 : 0); break;
      case robbie::ValueType::kString: {
        const std::string& text = std::get<std::string>(constant);
        key.push_back(static_cast<int64_t>(text.size()));
        for (const char c : text) key.push_back(static_cast<unsigned char>(c));
        break;
      }
    }
  }
  key.push_back(static_cast<int64_t>(program.registers.size()));
  for (const robbie::RegisterInfo& reg : program.registers) key.push_back(static_cast<int64_t>(reg.type));
  return key;
}

uint64_t hashKey(const std::vector<int64_t>& key) { return detail::hashWords(key); }

struct Compiled {
  std::vector<int64_t> key;
  NativeRobbie function = nullptr;  // nullptr: declined.
  std::vector<bool> entries;        // Per instruction: a check point, where native code starts.
  std::string note;                 // Why it was declined.
};

// Copies the numeric registers into `slots`; false when a register's value does not have its declared
// type (a state made for another program), which is the interpreter's to run.
bool unbox(const robbie::MachineState& state, const robbie::Program& program, std::vector<uint64_t>& slots) {
  if (state.registers.size() != program.registers.size()) return false;
  for (size_t i = 0; i < slots.size(); ++i) {
    const robbie::Value& value = state.registers[i];
    if (robbie::typeOf(value) != program.registers[i].type) return false;
    switch (robbie::typeOf(value)) {
      case robbie::ValueType::kInteger: slots[i] = static_cast<uint64_t>(std::get<int64_t>(value)); break;
      case robbie::ValueType::kReal: slots[i] = std::bit_cast<uint64_t>(std::get<double>(value)); break;
      case robbie::ValueType::kBoolean: slots[i] = std::get<bool>(value) ? 1 : 0; break;
      case robbie::ValueType::kString: break;
    }
  }
  return true;
}

void box(const std::vector<uint64_t>& slots, robbie::MachineState& state) {
  for (size_t i = 0; i < slots.size(); ++i) {
    robbie::Value& value = state.registers[i];
    switch (robbie::typeOf(value)) {
      case robbie::ValueType::kInteger: std::get<int64_t>(value) = static_cast<int64_t>(slots[i]); break;
      case robbie::ValueType::kReal: std::get<double>(value) = std::bit_cast<double>(slots[i]); break;
      case robbie::ValueType::kBoolean: std::get<bool>(value) = slots[i] != 0; break;
      case robbie::ValueType::kString: break;
    }
  }
}

}  // namespace

uint64_t detail::robbieProgramHash(const robbie::Program& program) { return hashKey(programKey(program)); }

// The JIT proper, behind the interface the program sees (robbie_jit.h).
class NativeRobbieJit final : public RobbieJit {
 public:
  struct Impl;
  explicit NativeRobbieJit(std::unique_ptr<Impl> impl);
  ~NativeRobbieJit() override;
  void run(robbie::MachineState& state, const robbie::Program& program, robbie::Host& host, int64_t budget) override;
  bool prepare(const robbie::Program& program, std::string_view name, std::string* reason) override;
  JitStats stats() const override;

 private:
  std::unique_ptr<Impl> impl_;
};

struct NativeRobbieJit::Impl {
  JitOptions options;
  std::unique_ptr<llvm::orc::LLJIT> jit;
  detail::CodeCache<Compiled> cache;

  const Compiled* find(const robbie::Program& program, std::string_view name);
  NativeRobbie compile(const robbie::Program& program, Compiled& compiled, CompileRecord& record);
};

NativeRobbie NativeRobbieJit::Impl::compile(const robbie::Program& program, Compiled& compiled, CompileRecord& record) {
  if (!detail::compilableSize(static_cast<int64_t>(program.code.size()), options.maxInstructions, "program",
                              record.note))
    return nullptr;
  const detail::RobbiePlan plan = detail::planRobbie(program);
  if (!plan.problem.empty()) {
    record.note = plan.problem;
    return nullptr;
  }
  record.blocks = plan.entries;
  compiled.entries.assign(program.code.size(), false);
  for (size_t pc = 0; pc < program.code.size(); ++pc) compiled.entries[pc] = plan.reached[pc] && plan.check[pc];
  const llvm::orc::ExecutorAddr address = detail::compileProgram(
      *jit, "robbie_program", "robbie", {}, options.optimization, record.note,
      [&](llvm::Module& module, const std::string& name) { return detail::lowerRobbie(module, program, plan, name); });
  return address.isNull() ? nullptr : address.toPtr<NativeRobbie>();
}

const Compiled* NativeRobbieJit::Impl::find(const robbie::Program& program, std::string_view name) {
  return cache.find(programKey(program), name, static_cast<int32_t>(program.code.size()),
                    [&](Compiled& compiled, CompileRecord& record) {
                      compiled.function = compile(program, compiled, record);
                      compiled.note = record.note;
                      return true;
                    });
}

NativeRobbieJit::NativeRobbieJit(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
NativeRobbieJit::~NativeRobbieJit() = default;

std::unique_ptr<RobbieJit> detail::createRobbieJit(std::string& reason, const JitOptions& options) {
  if (!detail::initializeNativeTarget(reason)) return nullptr;
  const detail::HostSymbol symbols[] = {
#define CHRONON_RL_SYMBOL(symbol) detail::hostSymbol(#symbol, &detail::symbol),
      CHRONON_RL_HELPERS(CHRONON_RL_SYMBOL)
#undef CHRONON_RL_SYMBOL
  };
  std::unique_ptr<llvm::orc::LLJIT> jit = detail::makeLljit(detail::codeGenFor(options.optimization), symbols, reason);
  if (!jit) return nullptr;
  auto impl = std::make_unique<NativeRobbieJit::Impl>();
  impl->options = options;
  impl->jit = std::move(jit);
  return std::make_unique<NativeRobbieJit>(std::move(impl));
}

bool NativeRobbieJit::prepare(const robbie::Program& program, std::string_view name, std::string* reason) {
  const Compiled* compiled = impl_->find(program, name);
  if (reason != nullptr) *reason = compiled->note;
  return compiled->function != nullptr;
}

JitStats NativeRobbieJit::stats() const { return impl_->cache.stats(); }

void NativeRobbieJit::run(robbie::MachineState& state, const robbie::Program& program, robbie::Host& host,
                          int64_t budget) {
  if (state.status != robbie::RunStatus::kRunning || budget <= 0) return;
  const Compiled* compiled = impl_->find(program, {});
  std::vector<uint64_t> slots(program.registers.size());
  if (compiled->function == nullptr || !unbox(state, program, slots)) {
    robbie::run(state, program, host, budget);
    return;
  }
  std::vector<std::string> strings;
  RobbieContext context{slots.data(), 0, 0, 0, 0, 0, &state, &program, &host, &strings};
  int64_t left = budget;
  while (left > 0 && state.status == robbie::RunStatus::kRunning) {
    const int32_t pc = state.pc;
    // Native code starts only at check points, where the expression stack is empty; it returns at
    // one too, unless the program stopped, failed or jumped out of the code.
    if (state.stack.empty() && pc >= 0 && static_cast<size_t>(pc) < compiled->entries.size() &&
        compiled->entries[static_cast<size_t>(pc)]) {
      unbox(state, program, slots);
      context.left = left;
      context.pc = pc;
      context.status = static_cast<int64_t>(robbie::RunStatus::kRunning);
      compiled->function(&context);
      box(slots, state);
      state.steps += left - context.left;
      const bool moved = context.left != left;
      left = context.left;
      state.pc = static_cast<int32_t>(context.pc);
      state.status = static_cast<robbie::RunStatus>(context.status);
      if (state.status == robbie::RunStatus::kError) {
        state.error = static_cast<robbie::RuntimeError>(context.error);
        state.errorPc = static_cast<int32_t>(context.errorPc);
      }
      strings.clear();
      if (moved) continue;
    }
    // The budget does not cover the way to the next check point, or the program is between check
    // points or outside the code: one interpreter step.
    const int64_t steps = state.steps;
    robbie::run(state, program, host, 1);
    if (state.steps == steps && state.status == robbie::RunStatus::kRunning) break;
    left -= state.steps - steps;
  }
}

}  // namespace chronon::jit
