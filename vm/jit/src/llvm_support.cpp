// The LLVM side the JIT engines share (llvm_support.h).

#include "llvm_support.h"

#include <llvm/ExecutionEngine/Orc/CompileUtils.h>
#include <llvm/ExecutionEngine/Orc/Core.h>
#include <llvm/ExecutionEngine/Orc/JITTargetMachineBuilder.h>
#include <llvm/IR/Verifier.h>
#include <llvm/Passes/PassBuilder.h>
#include <llvm/Support/raw_ostream.h>
#include <llvm/Transforms/IPO/AlwaysInliner.h>
#include <llvm/Transforms/InstCombine/InstCombine.h>
#include <llvm/Transforms/Scalar/EarlyCSE.h>
#include <llvm/Transforms/Scalar/SROA.h>
#include <llvm/Transforms/Scalar/SimplifyCFG.h>

#include <cstdlib>

#include "object_cache.h"
#include "word_bitcode.h"
#include "word_functions.h"

#include <llvm/ADT/StringExtras.h>

namespace chronon::jit::detail {

std::unique_ptr<llvm::orc::LLJIT> makeLljit(llvm::CodeGenOptLevel codeGen, std::span<const HostSymbol> symbols,
                                            std::string& reason) {
  auto machine = llvm::orc::JITTargetMachineBuilder::detectHost();
  if (!machine) {
    reason = "LLVM: " + llvm::toString(machine.takeError());
    return nullptr;
  }
  machine->setCodeGenOptLevel(codeGen);
  // One target machine for the life of the JIT: LLJIT's concurrent compiler builds a new one for
  // every module, which costs milliseconds per program.
  auto jit =
      llvm::orc::LLJITBuilder()
          .setJITTargetMachineBuilder(std::move(*machine))
          .setCompileFunctionCreator([](llvm::orc::JITTargetMachineBuilder builder)
                                         -> llvm::Expected<std::unique_ptr<llvm::orc::IRCompileLayer::IRCompiler>> {
            auto target = builder.createTargetMachine();
            if (!target) return target.takeError();
            return std::make_unique<llvm::orc::TMOwningSimpleCompiler>(std::move(*target), &objectCache());
          })
          .create();
  if (!jit) {
    reason = "LLVM: " + llvm::toString(jit.takeError());
    return nullptr;
  }
  llvm::orc::SymbolMap map;
  const auto flags = llvm::JITSymbolFlags::Exported | llvm::JITSymbolFlags::Callable;
  for (const HostSymbol& symbol : symbols) map[(*jit)->mangleAndIntern(symbol.name)] = {symbol.address, flags};
  // The word functions, for the calls a program keeps (word_bitcode.h).
  for (const WordFunction& word : wordFunctions())
    map[(*jit)->mangleAndIntern(word.symbol)] = {llvm::orc::ExecutorAddr::fromPtr(word.address), flags};
  if (llvm::Error e = (*jit)->getMainJITDylib().define(llvm::orc::absoluteSymbols(std::move(map)))) {
    reason = "LLVM: " + llvm::toString(std::move(e));
    return nullptr;
  }
  return std::move(*jit);
}

void optimizeModule(llvm::Module& module, int optimization) {
  if (optimization <= 0) return;
  llvm::LoopAnalysisManager lam;
  llvm::FunctionAnalysisManager fam;
  llvm::CGSCCAnalysisManager cgam;
  llvm::ModuleAnalysisManager mam;
  llvm::PassBuilder builder;
  builder.registerModuleAnalyses(mam);
  builder.registerCGSCCAnalyses(cgam);
  builder.registerFunctionAnalyses(fam);
  builder.registerLoopAnalyses(lam);
  builder.crossRegisterProxies(lam, fam, cgam, mam);
  if (optimization >= 2) {
    builder.buildPerModuleDefaultPipeline(llvm::OptimizationLevel::O2).run(module, mam);
    return;
  }
  llvm::ModulePassManager pipeline;
  // The word functions' bodies (word_bitcode.h) first, so that the passes below see through them.
  pipeline.addPass(llvm::AlwaysInlinerPass());
  llvm::FunctionPassManager passes;
  passes.addPass(llvm::SROAPass(llvm::SROAOptions::ModifyCFG));
  passes.addPass(llvm::EarlyCSEPass());
  passes.addPass(llvm::InstCombinePass());
  passes.addPass(llvm::SimplifyCFGPass());
  pipeline.addPass(llvm::createModuleToFunctionPassAdaptor(std::move(passes)));
  pipeline.run(module, mam);
}

namespace {

// The name of the function compiled under `programKey`: `kind`_KEY.
std::string programSymbol(std::string_view kind, const std::string& programKey) {
  return std::string(kind) + "_" + programKey;
}

// The function `symbol` of the object the cache keeps under `programKey`, linked into `jit` (or
// found there, when an earlier call linked it). A null address when the cache holds no such object
// (or a damaged one) or LLVM cannot link it: the caller then compiles.
llvm::orc::ExecutorAddr loadCached(llvm::orc::LLJIT& jit, const std::string& programKey, const std::string& symbol) {
  if (auto existing = jit.lookup(symbol))
    return *existing;
  else
    llvm::consumeError(existing.takeError());
  std::unique_ptr<llvm::MemoryBuffer> object = objectCache().load(programKey);
  if (!object) return {};
  if (llvm::Error e = jit.addObjectFile(std::move(object))) {
    llvm::consumeError(std::move(e));
    return {};
  }
  auto address = jit.lookup(symbol);
  if (!address) {
    llvm::consumeError(address.takeError());
    return {};
  }
  return *address;
}

// Verifies `function` (the module's one definition, named by its kind, such as "robotalk_program"),
// renames it after its code and `optimization` (kind_HASH_oN, the same in every run), prints the
// module when CHRONON_JIT_DUMP asks (=2 before, =1 after the passes), optimises it at
// `optimization` unless the object cache holds its object (object_cache.h), adds it to `jit` and
// looks the function up. The same code compiled into `jit` before returns the earlier function.
// With a `programKey` (DiskObjectCache::programKey) the function keeps the name the caller gave
// it (programSymbol) and the object is kept under that key, so nothing is printed. Returns the
// function's address, or a null address with `note` saying why.
llvm::orc::ExecutorAddr finishModule(llvm::orc::LLJIT& jit, std::unique_ptr<llvm::LLVMContext> context,
                                     std::unique_ptr<llvm::Module> module, llvm::Function& function, int optimization,
                                     std::string& note, const std::string& programKey) {
  std::string problems;
  llvm::raw_string_ostream out(problems);
  if (llvm::verifyFunction(function, &out)) {
    note = "internal error: invalid IR: " + problems;
    return {};
  }
  // The function is named after its code, so that the same program gets the same name (and the
  // object cache the same key) in every run, whatever order the programs are compiled in. A
  // program key names both already.
  std::string ir;
  std::string symbol = function.getName().str();
  if (programKey.empty()) {
    llvm::raw_string_ostream text(ir);
    module->print(text, nullptr);
    text.flush();
    symbol += "_" + llvm::utohexstr(fnv1a(ir), true, 16) + "_o" + std::to_string(optimization);
  }
  // The same code compiled into this JIT before is the same function: no second definition.
  if (auto existing = jit.lookup(symbol)) {
    // The module goes before the context it lives in.
    module.reset();
    context.reset();
    return *existing;
  } else {
    llvm::consumeError(existing.takeError());
  }
  function.setName(symbol);
  const char* dump = std::getenv("CHRONON_JIT_DUMP");
  if (dump != nullptr && dump[0] == '2') module->print(llvm::errs(), nullptr);
  // The module is named by its key, which the object cache reads when the code generator asks it.
  // When the cache holds the object, the passes would only be thrown away.
  DiskObjectCache& cache = objectCache();
  bool cached = false;
  if (!cache.folder().empty()) {
    // The IR as printed above, or the program key, names the module fully.
    const std::string key = programKey.empty() ? DiskObjectCache::keyOf(ir, optimization) : programKey;
    module->setModuleIdentifier(key);
    cached = cache.has(key);
  }
  if (!cached) {
    if (!linkWordFunctions(*module, optimization >= 2, note)) return {};
    optimizeModule(*module, optimization);
  }
  if (dump != nullptr && dump[0] == '1') module->print(llvm::errs(), nullptr);
  if (llvm::Error e = jit.addIRModule(llvm::orc::ThreadSafeModule(std::move(module), std::move(context)))) {
    note = "LLVM: " + llvm::toString(std::move(e));
    return {};
  }
  auto address = jit.lookup(symbol);
  if (!address) {
    note = "LLVM: " + llvm::toString(address.takeError());
    return {};
  }
  return *address;
}

}  // namespace

llvm::orc::ExecutorAddr compileProgram(llvm::orc::LLJIT& jit, std::string_view kind, const char* moduleName,
                                       const std::string& programKey, int optimization, std::string& note,
                                       llvm::function_ref<llvm::Function*(llvm::Module&, const std::string&)> lower) {
  const std::string name = programKey.empty() ? std::string(kind) : programSymbol(kind, programKey);
  // Compiled code follows from the key alone in this library, so an object cached under it (by an
  // earlier run, or a compile at another level) is linked without lowering.
  if (!programKey.empty()) {
    const llvm::orc::ExecutorAddr cached = loadCached(jit, programKey, name);
    if (!cached.isNull()) return cached;
  }
  auto context = std::make_unique<llvm::LLVMContext>();
  auto module = std::make_unique<llvm::Module>(moduleName, *context);
  module->setDataLayout(jit.getDataLayout());
  llvm::Function* function = lower(*module, name);
  if (function == nullptr) {
    note = "internal error: an instruction's code disagrees with its planned stack effect";
    return {};
  }
  return finishModule(jit, std::move(context), std::move(module), *function, optimization, note, programKey);
}

bool compilableSize(int64_t size, int64_t maxInstructions, std::string_view what, std::string& note) {
  if (size == 0) {
    note = "empty " + std::string(what);
    return false;
  }
  if (size > maxInstructions) {
    note = std::string(what) + " longer than " + std::to_string(maxInstructions) + " instructions";
    return false;
  }
  return true;
}

}  // namespace chronon::jit::detail
