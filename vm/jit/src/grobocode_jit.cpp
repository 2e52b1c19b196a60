// The Grobocode JIT engine: the compile cache, LLJIT, and the call into native code.

#include "chronon/jit/grobocode_jit.h"

#include <llvm/ExecutionEngine/Orc/LLJIT.h>
#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>

#include <array>
#include <atomic>
#include <span>
#include <type_traits>
#include <vector>

#include "backend.h"
#include "chronon/vm/grobocode_interpreter.h"
#include "code_cache.h"
#include "grobocode_lower.h"
#include "grobocode_native.h"
#include "grobocode_plan.h"
#include "llvm_support.h"
#include "object_cache.h"
#include "tiered_engine.h"

namespace chronon::jit {

namespace detail {

extern "C" void chronon_jit_grobocode_step(NativeContext* context) {
  grobocode::step(*context->state, *context->brain, *context->host);
}

extern "C" int64_t chronon_jit_grobocode_read(NativeContext* context, int32_t hw) {
  const grobocode::HostValue value = context->host->readScalar(static_cast<grobocode::HwScalar>(hw));
  if (!value) {
    grobocode::raiseHostError(*context->state, value.error(), {});
    return -1;
  }
  return static_cast<int64_t>(static_cast<uint32_t>(value.value().raw()));
}

extern "C" int32_t chronon_jit_grobocode_write(NativeContext* context, int32_t hw, int32_t value) {
  const grobots::Fixed cell = grobots::Fixed::fromRaw(value);
  const grobocode::RuntimeError error = context->host->writeScalar(static_cast<grobocode::HwScalar>(hw), cell);
  if (error == grobocode::RuntimeError::kNone) return 0;
  grobocode::raiseHostError(*context->state, error, std::span<const grobots::Fixed>(&cell, 1));
  return 1;
}

extern "C" int32_t chronon_jit_grobocode_read_vector(NativeContext* context, int32_t hw, int32_t* out) {
  const grobocode::HostVector value = context->host->readVector(static_cast<grobocode::HwVector>(hw));
  if (!value) {
    grobocode::raiseHostError(*context->state, value.error(), {});
    return 1;
  }
  out[0] = value.value().x.raw();
  out[1] = value.value().y.raw();
  return 0;
}

extern "C" int32_t chronon_jit_grobocode_write_vector(NativeContext* context, int32_t hw, int32_t x, int32_t y) {
  const std::array<grobots::Fixed, 2> cells{grobots::Fixed::fromRaw(x), grobots::Fixed::fromRaw(y)};
  const grobocode::RuntimeError error =
      context->host->writeVector(static_cast<grobocode::HwVector>(hw), grobots::FixedVector{cells[0], cells[1]});
  if (error == grobocode::RuntimeError::kNone) return 0;
  grobocode::raiseHostError(*context->state, error, cells);
  return 1;
}

extern "C" int32_t chronon_jit_grobocode_call(NativeContext* context, int32_t prim, const int32_t* in, int32_t pops,
                                              int32_t* out, int32_t pushes) {
  std::array<grobots::Fixed, 2 * grobocode::kMaxEffectItems> inputs;
  std::array<grobots::Fixed, 2 * grobocode::kMaxEffectItems> outputs{};
  for (int32_t i = 0; i < pops; ++i) inputs[static_cast<size_t>(i)] = grobots::Fixed::fromRaw(in[i]);
  if (!grobocode::callHostWord(*context->state, *context->host, static_cast<grobocode::Prim>(prim),
                               std::span<const grobots::Fixed>(inputs.data(), static_cast<size_t>(pops)),
                               std::span<grobots::Fixed>(outputs.data(), static_cast<size_t>(pushes))))
    return 1;
  for (int32_t i = 0; i < pushes; ++i) out[i] = outputs[static_cast<size_t>(i)].raw();
  return 0;
}

}  // namespace detail

namespace {

using detail::NativeBrain;
using detail::NativeContext;

// Native code reads cells as raw int32 and the status as one byte.
static_assert(sizeof(grobots::Fixed) == 4 && std::is_standard_layout_v<grobots::Fixed>);
static_assert(sizeof(grobots::FixedVector) == 8 && std::is_standard_layout_v<grobots::FixedVector>);
static_assert(sizeof(grobocode::BrainStatus) == 1 && static_cast<int>(grobocode::BrainStatus::kOk) == 0);
static_assert(sizeof(NativeContext) == 8 * (static_cast<size_t>(detail::ContextField::kShared) + 1));

// Everything compiled code depends on, to tell brains with equal hashes apart.
std::vector<int32_t> brainKey(const grobocode::Program& brain) {
  std::vector<int32_t> key;
  key.reserve(brain.instructions.size() + brain.constants.size() + brain.labels.size() + 4);
  key.push_back(static_cast<int32_t>(brain.instructions.size()));
  for (const grobocode::Instruction& i : brain.instructions) key.push_back(i.word);
  key.push_back(static_cast<int32_t>(brain.constants.size()));
  for (const grobocode::Constant& c : brain.constants) key.push_back(c.value.raw());
  key.push_back(static_cast<int32_t>(brain.labels.size()));
  for (const grobocode::Label& l : brain.labels) key.push_back(l.address);
  key.push_back(static_cast<int32_t>(brain.variables.size()));
  key.push_back(static_cast<int32_t>(brain.vectors.size()));
  key.push_back(brain.startAddress());
  return key;
}

uint64_t hashKey(const std::vector<int32_t>& key) { return detail::hashWords(key); }

// One distinct brain. `function` stays nullptr while the brain waits for the background thread
// and for good when the JIT declined it; runs read it without the lock.
struct Compiled {
  std::vector<int32_t> key;
  std::atomic<NativeBrain> function{nullptr};
  // Per address, where native code hands over to the interpreter (`run`): the end of the block
  // holding the address (the address + 1 outside every block), and whether a block starts there.
  // Filled by the first compile, before it publishes `function`, and never changed after.
  std::vector<int32_t> blockEnd;
  std::vector<uint8_t> blockStart;
  std::string name;
  std::string note;  // Why it was declined.
  // The counts robots on every thread add to; nothing else of an entry changes once it is found.
  mutable std::atomic<int64_t> executed{0};        // Instructions run natively, for the hot-brain recompile.
  mutable std::atomic<bool> upgradeQueued{false};  // Set once, when it is queued for level 2.
  mutable std::atomic<int64_t> interpreted{0};     // Instructions the interpreter ran before the first compile.
  mutable std::atomic<bool> queued{false};         // Set once, when it is queued for its first compile.
};

// A compile for the background thread: the brain (a copy) and the level to compile it at.
struct Job {
  Compiled* target = nullptr;
  std::unique_ptr<grobocode::Program> brain;
  int optimization = 1;
};

// An LLJIT for `optimization` in which compiled code finds the interpreter's step.
std::unique_ptr<llvm::orc::LLJIT> makeLljit(int optimization, std::string& reason) {
  std::vector<detail::HostSymbol> symbols = {
#define CHRONON_GROBOCODE_JIT_SYMBOL(symbol) detail::hostSymbol(#symbol, &detail::symbol),
      CHRONON_GROBOCODE_JIT_HELPERS(CHRONON_GROBOCODE_JIT_SYMBOL)
#undef CHRONON_GROBOCODE_JIT_SYMBOL
  };
  return detail::makeLljit(detail::codeGenFor(optimization), symbols, reason);
}

}  // namespace

uint64_t detail::brainHash(const grobocode::Program& brain) { return hashKey(brainKey(brain)); }

// The JIT proper, behind the interface the program sees (grobocode_jit.h).
class NativeGrobocodeJit final : public GrobocodeJit {
 public:
  struct Impl;
  explicit NativeGrobocodeJit(std::unique_ptr<Impl> impl);
  ~NativeGrobocodeJit() override;
  int32_t run(grobocode::MachineState& state, const grobocode::Program& brain, grobocode::Host& host) override;
  bool prepare(const grobocode::Program& brain, std::string_view name) override;
  void waitIdle() override;
  JitStats stats() const override;

 private:
  std::unique_ptr<Impl> impl_;
};

struct NativeGrobocodeJit::Impl : detail::TieredEngine<Compiled, Job> {
  Impl() : TieredEngine([this](Job& job) { compileJob(job); }) {}

  const Compiled* find(const grobocode::Program& brain, std::string_view name);
  void enqueue(const Compiled& target, const grobocode::Program& brain, int optimization);
  void compileJob(Job& job);
  NativeBrain compile(const grobocode::Program& brain, CompileRecord& record, int optimization, Compiled& target);
};

void NativeGrobocodeJit::Impl::enqueue(const Compiled& target, const grobocode::Program& brain, int optimization) {
  // The worker is the only writer of a queued entry's code.
  worker.push(Job{const_cast<Compiled*>(&target), std::make_unique<grobocode::Program>(brain), optimization});
}

void NativeGrobocodeJit::Impl::compileJob(Job& job) {
  cache.compileQueued(
      *job.target, static_cast<int32_t>(job.brain->instructions.size()), job.optimization,
      [&](CompileRecord& record) { return compile(*job.brain, record, job.optimization, *job.target); });
}

NativeBrain NativeGrobocodeJit::Impl::compile(const grobocode::Program& brain, CompileRecord& record, int optimization,
                                              Compiled& target) {
  record.optimization = optimization;
  const auto size = static_cast<int32_t>(brain.instructions.size());
  if (!detail::compilableSize(size, options.maxInstructions, "brain", record.note)) return nullptr;
  const detail::Plan plan = detail::planBrain(brain);
  record.blocks = static_cast<int32_t>(plan.blocks.size());
  if (target.blockEnd.empty()) {
    // A level 2 recompile leaves the tables alone: runs may be reading them.
    target.blockEnd.resize(static_cast<size_t>(size));
    target.blockStart.assign(static_cast<size_t>(size), 0);
    for (int32_t at = 0; at < size; ++at) target.blockEnd[static_cast<size_t>(at)] = at + 1;
    for (const detail::Block& block : plan.blocks) {
      target.blockStart[static_cast<size_t>(block.start)] = 1;
      for (int32_t at = block.start; at < block.end; ++at) target.blockEnd[static_cast<size_t>(at)] = block.end;
    }
  }
  llvm::orc::LLJIT* lljit = jitFor(optimization, record.note, [](std::string& reason) { return makeLljit(2, reason); });
  if (lljit == nullptr) return nullptr;
  // Compiled code follows from the brain's key alone in this executable.
  const std::string programKey =
      detail::DiskObjectCache::programKey("grobocode", std::as_bytes(std::span(target.key)), optimization);
  const llvm::orc::ExecutorAddr address =
      detail::compileProgram(*lljit, "grobocode_brain", "brain", programKey, optimization, record.note,
                             [&](llvm::Module& module, const std::string& name) {
                               return detail::lowerBrain(module, plan, size, name, optimization);
                             });
  return address.isNull() ? nullptr : address.toPtr<NativeBrain>();
}

const Compiled* NativeGrobocodeJit::Impl::find(const grobocode::Program& brain, std::string_view name) {
  return cache.find(brainKey(brain), name, static_cast<int32_t>(brain.instructions.size()),
                    [&](Compiled& compiled, CompileRecord& record) {
                      compiled.name = record.name;
                      if (options.background) {
                        // A brain that must warm up first is queued by `run` (JitOptions::
                        // warmInstructionsPerInstruction).
                        if (options.warmInstructionsPerInstruction <= 0) {
                          compiled.queued.store(true, std::memory_order_relaxed);
                          enqueue(compiled, brain, options.optimization);
                        }
                        return false;
                      }
                      compiled.function.store(compile(brain, record, options.optimization, compiled),
                                              std::memory_order_release);
                      return true;
                    });
}

NativeGrobocodeJit::NativeGrobocodeJit(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
NativeGrobocodeJit::~NativeGrobocodeJit() = default;

std::unique_ptr<GrobocodeJit> detail::createGrobocodeJit(std::string& reason, const JitOptions& options) {
  if (!detail::initializeNativeTarget(reason)) return nullptr;
  std::unique_ptr<llvm::orc::LLJIT> jit = jit::makeLljit(options.optimization, reason);
  if (!jit) return nullptr;
  auto impl = std::make_unique<NativeGrobocodeJit::Impl>();
  impl->options = options;
  impl->jit = std::move(jit);
  return std::make_unique<NativeGrobocodeJit>(std::move(impl));
}

bool NativeGrobocodeJit::prepare(const grobocode::Program& brain, std::string_view name) {
  const Compiled* compiled = impl_->find(brain, name);
  if (impl_->options.background) return true;
  return compiled->function.load(std::memory_order_acquire) != nullptr;
}

void NativeGrobocodeJit::waitIdle() { impl_->worker.waitIdle(); }

JitStats NativeGrobocodeJit::stats() const { return impl_->stats(); }

int32_t NativeGrobocodeJit::run(grobocode::MachineState& state, const grobocode::Program& brain,
                                grobocode::Host& host) {
  if (state.status != grobocode::BrainStatus::kOk || state.remaining <= 0) return 0;
  grobocode::MachineState::EngineMemo& memo = state.engineMemo;
  if (memo.engine != this || memo.brain != &brain) {
    memo.engine = this;
    memo.brain = &brain;
    memo.code = impl_->find(brain, {});
    memo.uncounted = 0;
  }
  // Until the background thread has compiled it (or when the JIT declined it), the interpreter runs it.
  const NativeBrain function = static_cast<const Compiled*>(memo.code)->function.load(std::memory_order_acquire);
  // Compiled code indexes the tables by the brain's sizes; a state made for another brain is the
  // interpreter's to run (it checks every index).
  if (function == nullptr || state.variables.size() != brain.variables.size() ||
      state.vectors.size() != brain.vectors.size()) {
    const int32_t executed = grobocode::run(state, brain, host);
    const int64_t warm = impl_->options.warmInstructionsPerInstruction;
    if (function == nullptr && warm > 0 && impl_->options.background) {
      const auto* compiled = static_cast<const Compiled*>(memo.code);
      if (detail::firstToReach(compiled->queued, compiled->interpreted, memo.uncounted, executed,
                               warm * static_cast<int64_t>(brain.instructions.size())))
        impl_->enqueue(*compiled, brain, impl_->options.optimization);
    }
    return executed;
  }
  grobots::Fixed* memory = state.memory.denseCells();
  int32_t memorySize = memory == nullptr ? 0 : state.memory.size();
  NativeContext context{reinterpret_cast<int32_t*>(state.stack.data()),
                        &state.height,
                        state.returnStack.data(),
                        &state.returnHeight,
                        &state.pc,
                        &state.remaining,
                        &state.used,
                        reinterpret_cast<int32_t*>(state.variables.data()),
                        reinterpret_cast<int32_t*>(state.vectors.data()),
                        reinterpret_cast<uint8_t*>(&state.status),
                        reinterpret_cast<int32_t*>(memory),
                        &memorySize,
                        &state,
                        &brain,
                        &host,
                        reinterpret_cast<int32_t*>(host.sharedMemory().data())};
  // Native code runs whole blocks from their starts. Where it cannot (the pc inside a block, when a
  // think resumes where the last one ran out of budget or after a stepped or failed instruction; or
  // a block whose budget or stack checks fail), it returns, and the interpreter's fast loop runs up
  // to the block's end, which is the native code's next entry. Single-stepping there through
  // `grobocode::step` from native code cost more than the native blocks saved: a Grobots robot gets
  // a few dozen cycles a frame, so nearly every think begins and ends inside a block.
  const auto size = static_cast<int32_t>(brain.instructions.size());
  const std::vector<int32_t>& blockEnd = static_cast<const Compiled*>(memo.code)->blockEnd;
  const std::vector<uint8_t>& blockStart = static_cast<const Compiled*>(memo.code)->blockStart;
  const int32_t before = state.used;
  for (;;) {
    int32_t pc = state.pc;
    if (pc >= 0 && pc < size && blockStart[static_cast<size_t>(pc)] != 0) {
      // The interpreter may have allocated local memory (its first store) since the last call.
      memory = state.memory.denseCells();
      memorySize = memory == nullptr ? 0 : state.memory.size();
      context.memory = reinterpret_cast<int32_t*>(memory);
      function(&context);
      if (state.status != grobocode::BrainStatus::kOk || state.remaining <= 0) break;
      pc = state.pc;
    }
    // A pc outside the code is the interpreter's error.
    const bool inside = pc >= 0 && pc < size;
    grobocode::runUpTo(state, brain, host, inside ? blockEnd[static_cast<size_t>(pc)] - pc : 1);
    if (state.status != grobocode::BrainStatus::kOk || state.remaining <= 0) break;
  }
  const int32_t executed = state.used - before;
  const auto* compiled = static_cast<const Compiled*>(memo.code);
  if (impl_->reachesHot(*compiled, memo.uncounted, executed)) impl_->enqueue(*compiled, brain, 2);
  return executed;
}

}  // namespace chronon::jit
