// The RoboTalk JIT engine: the compile cache, LLJIT, and the call into native code.

#include "chronon/jit/robotalk_jit.h"

#include <llvm/ExecutionEngine/Orc/LLJIT.h>
#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>

#include <atomic>
#include <cstdlib>
#include <map>
#include <memory>
#include <mutex>
#include <span>
#include <type_traits>
#include <vector>

#include "backend.h"
#include "llvm_support.h"
#include "object_cache.h"
#include "robotalk_lower.h"
#include "robotalk_native.h"
#include "robotalk_plan.h"
#include "tiered_engine.h"

namespace chronon::jit {

namespace {
void noteStart(const robotalk::Bytecode& code, int32_t pc);
}  // namespace

namespace robotalk_detail {

extern "C" int32_t chronon_jit_robotalk_step(NativeContext* context) {
  const std::optional<robotalk::Stop> stop =
      robotalk::step(*context->code, *context->brain, *context->host, *context->counters);
  return stop ? static_cast<int32_t>(*stop) : -1;
}

extern "C" int32_t chronon_jit_robotalk_resume(NativeContext* context) {
  return static_cast<int32_t>(
      robotalk::resume(*context->code, *context->brain, *context->host, *context->budget, *context->counters));
}

extern "C" int32_t chronon_jit_robotalk_until(NativeContext* context, const uint8_t* leaders) {
  noteStart(*context->code, context->brain->pc);
  const std::optional<robotalk::Stop> stop = robotalk::resumeUntil(*context->code, *context->brain, *context->host,
                                                                   *context->budget, *context->counters, leaders);
  return stop ? static_cast<int32_t>(*stop) : -1;
}

extern "C" int32_t chronon_jit_robotalk_read(NativeContext* context, int32_t reg, int32_t at) {
  // Native code has read the direct registers itself (Lowering::lowerHwRead).
  return robotalk::readHardware(*context->brain, *context->host, static_cast<robotalk::Reg>(reg), at);
}

extern "C" int32_t chronon_jit_robotalk_write(NativeContext* context, int32_t reg, int32_t value, int32_t at) {
  return robotalk::writeHardware(*context->brain, *context->host, static_cast<robotalk::Reg>(reg),
                                 static_cast<int16_t>(value), at)
             ? 1
             : 0;
}

}  // namespace robotalk_detail

namespace {

using robotalk_detail::NativeContext;
using robotalk_detail::NativeProgram;

// Native code reads the brain's counters as int32 and its cells as int16, at their offsets in
// robotalk::MachineState and robotalk::RunCounters (ContextField): the arrays' cells start at the arrays' offsets.
static_assert(sizeof(int) == 4);
static_assert(std::is_same_v<decltype(robotalk::MachineState::stack)::value_type, int16_t>);
static_assert(std::is_same_v<decltype(robotalk::MachineState::letters)::value_type, int16_t>);
static_assert(std::is_same_v<decltype(robotalk::MachineState::vector)::value_type, int16_t>);
static_assert(std::is_standard_layout_v<robotalk::MachineState> && std::is_standard_layout_v<robotalk::RunCounters>);
static_assert(std::is_standard_layout_v<decltype(robotalk::MachineState::stack)> &&
              std::is_standard_layout_v<decltype(robotalk::MachineState::letters)> &&
              std::is_standard_layout_v<decltype(robotalk::MachineState::vector)>);
static_assert(sizeof(NativeContext) == 8 * (static_cast<size_t>(robotalk_detail::ContextSlot::kDirectReads) + 1));
static_assert(static_cast<int>(robotalk::Stop::kBudget) == 0 && static_cast<int>(robotalk::Stop::kSync) == 1 &&
              static_cast<int>(robotalk::Stop::kError) == 2);

// Everything compiled code depends on, one word per cell.
std::vector<int64_t> programKey(const robotalk::Bytecode& code) {
  std::vector<int64_t> key;
  key.reserve(code.cells.size());
  for (const robotalk::Cell& c : code.cells) {
    key.push_back((static_cast<int64_t>(c.push) << 40) | (static_cast<int64_t>(c.unknown) << 41) |
                  (static_cast<int64_t>(c.cost) << 32) | (static_cast<int64_t>(static_cast<uint16_t>(c.op)) << 16) |
                  static_cast<uint16_t>(c.value));
  }
  return key;
}

uint64_t hashKey(const std::vector<int64_t>& key) { return detail::hashWords(key); }

struct Compiled {
  std::vector<int64_t> key;
  // nullptr: declined (see `note`), or not compiled yet (JitOptions::background).
  std::atomic<NativeProgram> function{nullptr};
  std::string note;  // Why it was declined; read by prepare() after a synchronous compile.
  std::string name;  // As the statistics name it.
  // Cycles its robots have run in native code, for the hot recompile (JitOptions::hotInstructions).
  mutable std::atomic<int64_t> executed{0};
  mutable std::atomic<bool> upgradeQueued{false};
  // One flag per instruction (as many as key's words): whether native code found no block starting
  // there when it had to begin there (noteStart), for the hot recompile's block starts
  // (planProgram). Robots on every thread set flags; nothing clears them.
  std::unique_ptr<std::atomic<bool>[]> starts;
};

// A program waiting for the background thread, with its own copy of the code (the caller's may be
// gone by then), the level to compile it at, and for a hot recompile the addresses where calls
// began inside blocks so far (Compiled::starts).
struct Job {
  Compiled* target = nullptr;
  std::unique_ptr<robotalk::Bytecode> code;
  int optimization = 1;
  std::vector<bool> starts;
};

// The IR passes (detail::optimizeModule) for a compile at `optimization`. A RoboTalk program is
// short straight-line blocks joined by a dispatch on the pc, in which the O2 pipeline finds nothing
// the level-1 passes leave: under callgrind, the bundled robots' tournament executes the same number
// of instructions with either (646 and 649 million), and bench_jit's compute loops run as fast. So
// level 2 differs from level 1 only in its code generator, and compiles in about two thirds of the
// time, which matters because a tournament runs level-1 code until the recompile is ready.
constexpr int irPassesFor(int optimization) { return optimization >= 2 ? 1 : optimization; }

// Engine serial numbers for Bytecode::memo (0 means none), so that a memo never outlives its engine
// in a way that could be mistaken for another's.
std::atomic<uint64_t> nextSerial{1};

}  // namespace

uint64_t detail::roboTalkProgramHash(const robotalk::Bytecode& code) { return hashKey(programKey(code)); }

namespace {

// Called where native code hands the interpreter an address at which no block starts (a call
// begins there, an interrupt handler returned there, or a computed jump went there). A flag already
// set is only read, so that robots on several threads do not keep writing one cache line.
void noteStart(const robotalk::Bytecode& code, int32_t pc) {
  const auto* compiled = static_cast<const Compiled*>(code.memo.code);
  if (pc < 0 || static_cast<size_t>(pc) >= compiled->key.size()) return;
  std::atomic<bool>& flag = compiled->starts[static_cast<size_t>(pc)];
  if (!flag.load(std::memory_order_relaxed)) flag.store(true, std::memory_order_relaxed);
}

// An LLJIT generating code at `level`, with the step function defined; nullptr with `reason` set
// when LLVM cannot.
std::unique_ptr<llvm::orc::LLJIT> makeJit(llvm::CodeGenOptLevel level, std::string& reason) {
  const detail::HostSymbol symbols[] = {
#define CHRONON_ROBOTALK_JIT_SYMBOL(symbol) detail::hostSymbol(#symbol, &robotalk_detail::symbol),
      CHRONON_ROBOTALK_JIT_HELPERS(CHRONON_ROBOTALK_JIT_SYMBOL)
#undef CHRONON_ROBOTALK_JIT_SYMBOL
  };
  return detail::makeLljit(level, symbols, reason);
}

}  // namespace

// The JIT proper, behind the interface the program sees (robotalk_jit.h).
class NativeRoboTalkJit final : public RoboTalkJit {
 public:
  struct Impl;
  explicit NativeRoboTalkJit(std::unique_ptr<Impl> impl);
  ~NativeRoboTalkJit() override;
  robotalk::RunResult run(const robotalk::Bytecode& code, robotalk::MachineState& brain, robotalk::Host& host,
                          int budget) override;
  bool prepare(const robotalk::Bytecode& code, std::string_view name, std::string* note) override;
  void waitIdle() override;
  JitStats stats() const override;

 private:
  std::unique_ptr<Impl> impl_;
};

struct NativeRoboTalkJit::Impl : detail::TieredEngine<Compiled, Job> {
  Impl() : TieredEngine([this](Job& job) { compileJob(job); }) {}

  // This engine's number for Bytecode::memo (nextSerial).
  uint64_t serial = 0;

  const Compiled* find(const robotalk::Bytecode& code, std::string_view name);
  // Compiles `code`, whose programKey is `key` (the entry's, not computed again).
  NativeProgram compile(const robotalk::Bytecode& code, const std::vector<int64_t>& key, CompileRecord& record,
                        int optimization, const std::vector<bool>& starts);
  void enqueue(const Compiled& target, const robotalk::Bytecode& code, int optimization);
  void compileJob(Job& job);
};

void NativeRoboTalkJit::Impl::enqueue(const Compiled& target, const robotalk::Bytecode& code, int optimization) {
  // The worker is the only writer of a queued entry's code and note.
  Job job{const_cast<Compiled*>(&target), std::make_unique<robotalk::Bytecode>(code), optimization, {}};
  if (optimization >= 2) {
    job.starts.resize(target.key.size());
    for (size_t at = 0; at < job.starts.size(); ++at)
      job.starts[at] = target.starts[at].load(std::memory_order_relaxed);
  }
  worker.push(std::move(job));
}

void NativeRoboTalkJit::Impl::compileJob(Job& job) {
  cache.compileQueued(
      *job.target, static_cast<int32_t>(job.code->cells.size()), job.optimization,
      [&](CompileRecord& record) { return compile(*job.code, job.target->key, record, job.optimization, job.starts); });
}

NativeProgram NativeRoboTalkJit::Impl::compile(const robotalk::Bytecode& code, const std::vector<int64_t>& key,
                                               CompileRecord& record, int optimization,
                                               const std::vector<bool>& starts) {
  record.optimization = optimization;
  const auto size = static_cast<int32_t>(code.cells.size());
  if (!detail::compilableSize(size, options.maxInstructions, "program", record.note)) return nullptr;
  llvm::orc::LLJIT* target = jitFor(
      optimization, record.note, [](std::string& reason) { return makeJit(llvm::CodeGenOptLevel::Default, reason); });
  if (target == nullptr) return nullptr;
  const robotalk_detail::Plan plan = robotalk_detail::planProgram(code, starts);
  record.blocks = static_cast<int32_t>(plan.blocks.size());
  // Compiled code follows in this library from the program's cells, the level and where the plan's
  // blocks start (which, at level 2, depends on where earlier calls began: planProgram).
  std::vector<int64_t> words(key.begin(), key.end());
  words.reserve(key.size() + plan.blocks.size() + 1);
  words.push_back(static_cast<int64_t>(plan.blocks.size()));
  for (const robotalk_detail::Block& block : plan.blocks) words.push_back(block.start);
  const std::string cacheKey =
      detail::DiskObjectCache::programKey("robotalk", std::as_bytes(std::span(words)), optimization);
  const llvm::orc::ExecutorAddr address =
      detail::compileProgram(*target, "robotalk_program", "robot", cacheKey, irPassesFor(optimization), record.note,
                             [&](llvm::Module& module, const std::string& name) {
                               return robotalk_detail::lowerProgram(module, plan, size, name);
                             });
  return address.isNull() ? nullptr : address.toPtr<NativeProgram>();
}

const Compiled* NativeRoboTalkJit::Impl::find(const robotalk::Bytecode& code, std::string_view name) {
  return cache.find(programKey(code), name, static_cast<int32_t>(code.cells.size()),
                    [&](Compiled& compiled, CompileRecord& record) {
                      compiled.name = record.name;
                      compiled.starts = std::make_unique<std::atomic<bool>[]>(code.cells.size());
                      if (options.background) {
                        enqueue(compiled, code, options.optimization);
                        return false;
                      }
                      compiled.function.store(compile(code, compiled.key, record, options.optimization, {}),
                                              std::memory_order_release);
                      compiled.note = record.note;
                      return true;
                    });
}

NativeRoboTalkJit::NativeRoboTalkJit(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
NativeRoboTalkJit::~NativeRoboTalkJit() = default;

std::unique_ptr<RoboTalkJit> detail::createRoboTalkJit(std::string& reason, const JitOptions& options) {
  if (!detail::initializeNativeTarget(reason)) return nullptr;
  // Levels 0 and 1 use the fast code generator, whose time grows linearly with the program (a
  // median of about 7 ms a robot); a hot program's level 2 recompile (JitOptions::hotInstructions)
  // gets the optimising one, which makes its code two to three times as fast.
  auto impl = std::make_unique<NativeRoboTalkJit::Impl>();
  impl->options = options;
  impl->jit = makeJit(detail::codeGenFor(options.optimization), reason);
  if (!impl->jit) return nullptr;
  impl->serial = nextSerial.fetch_add(1);
  return std::make_unique<NativeRoboTalkJit>(std::move(impl));
}

bool NativeRoboTalkJit::prepare(const robotalk::Bytecode& code, std::string_view name, std::string* note) {
  const Compiled* compiled = impl_->find(code, name);
  if (impl_->options.background || compiled->function.load(std::memory_order_acquire) != nullptr) return true;
  if (note != nullptr) *note = compiled->note;
  return false;
}

void NativeRoboTalkJit::waitIdle() { impl_->worker.waitIdle(); }

JitStats NativeRoboTalkJit::stats() const { return impl_->stats(); }

robotalk::RunResult NativeRoboTalkJit::run(const robotalk::Bytecode& code, robotalk::MachineState& brain,
                                           robotalk::Host& host, int budget) {
  if (brain.failed) return robotalk::RunResult{robotalk::Stop::kError, 0};
  robotalk::EngineMemo& memo = code.memo;
  if (memo.engine != impl_->serial) {
    memo.engine = impl_->serial;
    memo.code = impl_->find(code, {});
    memo.uncounted = 0;
  }
  // Until the background thread has compiled it (or when the JIT declined it), the interpreter runs
  // it; both engines keep the same MachineState, so a robot may change engines between calls.
  const NativeProgram function = static_cast<const Compiled*>(memo.code)->function.load(std::memory_order_acquire);
  if (function == nullptr) return robotalk::run(code, brain, host, budget);
  robotalk::RunCounters counters;
  const int32_t limit = budget;
  NativeContext context{&brain, &counters, &limit, &code, &host, host.directReads};
  const int32_t stop = function(&context);
  const auto* compiled = static_cast<const Compiled*>(memo.code);
  if (impl_->reachesHot(*compiled, memo.uncounted, counters.cycles)) impl_->enqueue(*compiled, code, 2);
  return robotalk::RunResult{static_cast<robotalk::Stop>(stop), counters.cycles};
}

}  // namespace chronon::jit
