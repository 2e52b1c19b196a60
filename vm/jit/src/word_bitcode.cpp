// The word functions' bitcode, embedded and linked into compiled programs (word_bitcode.h).

#include "word_bitcode.h"

#include <llvm/ADT/StringExtras.h>
#include <llvm/Bitcode/BitcodeReader.h>
#include <llvm/IR/Constants.h>
#include <llvm/IR/Function.h>
#include <llvm/IR/GlobalAlias.h>
#include <llvm/IR/GlobalVariable.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/LLVMContext.h>
#include <llvm/Linker/Linker.h>
#include <llvm/Support/DynamicLibrary.h>
#include <llvm/Support/MemoryBuffer.h>

#include <map>
#include <set>

#include "llvm_support.h"

// Defined by the build's word_bitcode_data.cpp (vm/jit/embed_bitcode.cmake): the bytes of the
// bitcode and their count.
extern "C" const char chronon_word_bitcode[];
extern "C" const uint64_t chronon_word_bitcode_size;

namespace chronon::jit::detail {

namespace {

constexpr std::string_view kWordPrefix = "chronon_word_";

// What the bitcode holds: which word functions a compiled program may hold a copy of.
struct Analysis {
  std::set<std::string, std::less<>> inlinable;
  // Those of `inlinable` whose bodies call no function of the bitcode (libm and intrinsics only).
  std::set<std::string, std::less<>> leaves;
};

// Whether `function`'s body calls a function that the bitcode defines.
bool callsDefined(const llvm::Function& function) {
  for (const llvm::BasicBlock& block : function)
    for (const llvm::Instruction& instruction : block)
      if (const auto* call = llvm::dyn_cast<llvm::CallBase>(&instruction))
        if (const llvm::Function* callee = call->getCalledFunction(); callee == nullptr || !callee->isDeclaration())
          return true;
  return false;
}

// Whether `value`, used by a body, can be copied into a compiled program: constant data, and
// functions the bitcode defines (checked in turn) or the process's shared libraries export.
// `seen` holds the functions checked or being checked.
bool portable(const llvm::Value* value, std::map<const llvm::Function*, bool>& seen);

bool portableBody(const llvm::Function& function, std::map<const llvm::Function*, bool>& seen) {
  if (const auto it = seen.find(&function); it != seen.end()) return it->second;
  // A recursive call finds the function being checked: as good as the rest of its body.
  seen[&function] = true;
  bool ok = true;
  if (function.isDeclaration()) {
    ok = function.isIntrinsic() || llvm::sys::DynamicLibrary::SearchForAddressOfSymbol(function.getName().str());
  } else {
    for (const llvm::BasicBlock& block : function)
      for (const llvm::Instruction& instruction : block)
        for (const llvm::Use& operand : instruction.operands())
          if (!portable(operand.get(), seen)) ok = false;
  }
  seen[&function] = ok;
  return ok;
}

bool portable(const llvm::Value* value, std::map<const llvm::Function*, bool>& seen) {
  if (const auto* function = llvm::dyn_cast<llvm::Function>(value)) return portableBody(*function, seen);
  if (const auto* variable = llvm::dyn_cast<llvm::GlobalVariable>(value)) {
    // Mutable data (a table a constructor fills, a static local and its guard) exists once, in
    // the library: a copy in each program would be another, empty one.
    if (!variable->isConstant() || !variable->hasInitializer()) return false;
    return portable(variable->getInitializer(), seen);
  }
  if (const auto* alias = llvm::dyn_cast<llvm::GlobalAlias>(value)) return portable(alias->getAliasee(), seen);
  if (const auto* constant = llvm::dyn_cast<llvm::Constant>(value)) {
    for (const llvm::Use& operand : constant->operands())
      if (!portable(operand.get(), seen)) return false;
  }
  return true;
}

const Analysis& analysis() {
  static const Analysis kAnalysis = [] {
    Analysis result;
    // The process's own symbols, which the JIT's linker binds declarations to as well.
    llvm::sys::DynamicLibrary::LoadLibraryPermanently(nullptr);
    llvm::LLVMContext context;
    auto module = llvm::parseBitcodeFile(llvm::MemoryBufferRef(wordBitcode(), "word_functions"), context);
    if (!module) {
      llvm::consumeError(module.takeError());
      return result;
    }
    std::map<const llvm::Function*, bool> seen;
    for (const llvm::Function& function : **module)
      if (!function.isDeclaration() && function.getName().starts_with(kWordPrefix) && portableBody(function, seen)) {
        result.inlinable.insert(function.getName().str());
        if (!callsDefined(function)) result.leaves.insert(function.getName().str());
      }
    return result;
  }();
  return kAnalysis;
}

}  // namespace

std::string_view wordBitcode() {
  return std::string_view(chronon_word_bitcode, static_cast<size_t>(chronon_word_bitcode_size));
}

uint64_t wordBitcodeHash() {
  static const uint64_t kHash = fnv1a(wordBitcode());
  return kHash;
}

bool inlinableWord(std::string_view symbol, bool wholeBodies) {
  return (wholeBodies ? analysis().inlinable : analysis().leaves).contains(symbol);
}

bool linkWordFunctions(llvm::Module& module, bool wholeBodies, std::string& note) {
  // The program's own definitions; the linker turns its declarations into the copied bodies.
  bool wanted = false;
  std::set<std::string, std::less<>> own;
  for (const llvm::GlobalValue& value : module.global_values()) {
    if (!value.isDeclaration()) own.insert(value.getName().str());
    if (value.isDeclaration() && inlinableWord(value.getName(), wholeBodies)) wanted = true;
  }
  if (!wanted) return true;
  auto source = llvm::getOwningLazyBitcodeModule(
      llvm::MemoryBuffer::getMemBuffer(wordBitcode(), "word_functions", false), module.getContext());
  if (!source) {
    note = "LLVM: the word functions' bitcode: " + llvm::toString(source.takeError());
    return false;
  }
  (*source)->setDataLayout(module.getDataLayout());
  (*source)->setTargetTriple(module.getTargetTriple());
  // The library's static constructors fill its own tables; a program holds none of them.
  for (const char* appending : {"llvm.global_ctors", "llvm.global_dtors"})
    if (llvm::GlobalVariable* list = (*source)->getNamedGlobal(appending)) list->eraseFromParent();
  // A body the program may not hold is renamed away, so that its declaration stays and is bound to
  // the library's copy.
  for (llvm::Function& function : **source)
    if (function.getName().starts_with(kWordPrefix) && !inlinableWord(function.getName(), wholeBodies))
      function.setName(function.getName() + ".library");
  if (llvm::Linker::linkModules(module, std::move(*source), llvm::Linker::LinkOnlyNeeded)) {
    note = "LLVM: the word functions' bitcode does not link";
    return false;
  }
  for (llvm::GlobalValue& value : module.global_values()) {
    if (value.isDeclaration() || own.contains(value.getName())) continue;
    value.setLinkage(llvm::GlobalValue::InternalLinkage);
    value.setVisibility(llvm::GlobalValue::DefaultVisibility);
    auto* function = llvm::dyn_cast<llvm::Function>(&value);
    if (function == nullptr) continue;
    // The host's CPU and features, which the JIT compiles for, apply to the copied bodies too.
    function->removeFnAttr("target-cpu");
    function->removeFnAttr("target-features");
    function->removeFnAttr("tune-cpu");
    if (function->getName().starts_with(kWordPrefix)) {
      function->removeFnAttr(llvm::Attribute::NoInline);
      function->removeFnAttr(llvm::Attribute::OptimizeNone);
      function->addFnAttr(llvm::Attribute::AlwaysInline);
    }
  }
  return true;
}

}  // namespace chronon::jit::detail
