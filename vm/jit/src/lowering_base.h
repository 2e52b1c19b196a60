#pragma once
// What the three lowerings (grobocode_lower.cpp, robotalk_lower.cpp, robbie_lower.cpp) share: the
// module and the builder, one function of the context pointer, the declarations of the C++ helpers
// it calls, the types, constants and blocks every lowering makes, and the dispatch of a function
// entered at a block start. Each language's lowering derives from it and adds what its machine
// needs (its context fields, its checks, its instructions). No language's rules live here.

#include <llvm/ADT/ArrayRef.h>
#include <llvm/IR/BasicBlock.h>
#include <llvm/IR/Constants.h>
#include <llvm/IR/Function.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/Module.h>

#include <algorithm>
#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <type_traits>
#include <vector>

/// The declaration of helper `function`, an extern "C" function of a *_native.h, under its own name
/// (LoweringBase::declareHelper, inside a lowering).
#define CHRONON_JIT_HELPER(function) declareHelper(#function, &function)

namespace chronon::jit::detail {

/// The part of a lowering that does not depend on the language; see the file comment.
class LoweringBase {
 protected:
  /// A lowering into `module`, whose context the builder uses.
  explicit LoweringBase(llvm::Module& module) : module_(module), context_(module.getContext()), b_(context_) {}

  llvm::IntegerType* i32() { return b_.getInt32Ty(); }
  llvm::IntegerType* i64() { return b_.getInt64Ty(); }
  /// The i32 constant `v` (sign-extended from its low 32 bits).
  llvm::ConstantInt* c32(int64_t v) { return llvm::ConstantInt::get(i32(), static_cast<uint64_t>(v), true); }
  /// The i64 constant `v`.
  llvm::ConstantInt* c64(int64_t v) { return llvm::ConstantInt::get(i64(), static_cast<uint64_t>(v), true); }
  /// A new block named `name` at the end of the function.
  llvm::BasicBlock* newBlock(const char* name) { return llvm::BasicBlock::Create(context_, name, function_); }

  /// Starts the function `name`, which takes the context pointer and returns `result`; its argument
  /// becomes contextArg_, and the insertion point its entry block ("entry"), still empty.
  llvm::Function* startFunction(const std::string& name, llvm::Type* result) {
    function_ = declare(result, {b_.getPtrTy()}, name);
    contextArg_ = function_->getArg(0);
    b_.SetInsertPoint(newBlock("entry"));
    return function_;
  }
  /// The declaration of the C++ helper `symbol` (grobocode_native.h and its siblings), of type
  /// `result`(`params`...), which the JIT binds to the helper when it links the module.
  llvm::Function* declare(llvm::Type* result, llvm::ArrayRef<llvm::Type*> params, const std::string& symbol) {
    return llvm::Function::Create(llvm::FunctionType::get(result, params, false), llvm::Function::ExternalLinkage,
                                  symbol, module_);
  }
  /// The declaration of the C++ helper `function` under `symbol`, its own name (CHRONON_JIT_HELPER),
  /// with the LLVM type its C++ type maps to: void, i32, i64 or a pointer; declared on first use.
  /// The JIT binds the symbol to the function when it links the module, so each helper's signature
  /// is written once, in C++.
  template <typename R, typename... A>
  llvm::Function* declareHelper(const char* symbol, R (*)(A...)) {
    if (llvm::Function* declared = module_.getFunction(symbol)) return declared;
    return declare(typeFor<R>(), {typeFor<A>()...}, symbol);
  }
  /// The LLVM type of a helper's parameter or result of C++ type `T`.
  template <typename T>
  llvm::Type* typeFor() {
    if constexpr (std::is_void_v<T>) {
      return b_.getVoidTy();
    } else if constexpr (std::is_pointer_v<T>) {
      return b_.getPtrTy();
    } else {
      static_assert(std::is_same_v<T, int32_t> || std::is_same_v<T, int64_t>,
                    "a helper takes and returns int32_t, int64_t and pointers only");
      return b_.getIntNTy(8 * sizeof(T));
    }
  }
  /// The pointer the context holds in its slot `slot` (the context is an array of pointers).
  llvm::Value* contextPointer(int slot) {
    llvm::Type* ptr = b_.getPtrTy();
    return b_.CreateLoad(ptr, b_.CreateConstInBoundsGEP1_64(ptr, contextArg_, static_cast<uint64_t>(slot)));
  }
  /// A word function's call (word_functions.h) at the insertion point: `inputs` (cells of
  /// `cellType`, deepest first) go in; `check(result)`, given the function's i32 result, leaves
  /// for the failure path where it failed and goes on at the insertion point where it succeeded;
  /// then `pushes` cells come out into `outputs`, read only there, since a failed word writes
  /// none. A `leading` argument, when given, comes before the cells (the Robbie Language's
  /// operand type). The scratch cells are the call's own stack slots, in the entry block, so that
  /// once the passes inline the body from the words' bitcode they become registers.
  template <class Check>
  void callWord(const char* symbol, llvm::Type* cellType, llvm::ArrayRef<llvm::Value*> inputs, size_t pushes,
                std::vector<llvm::Value*>& outputs, Check check, llvm::Value* leading = nullptr) {
    llvm::BasicBlock& entry = function_->getEntryBlock();
    llvm::IRBuilder<> slots(&entry, entry.begin());
    llvm::Value* in = slots.CreateAlloca(llvm::ArrayType::get(cellType, std::max<size_t>(inputs.size(), 1)));
    llvm::Value* out = slots.CreateAlloca(llvm::ArrayType::get(cellType, std::max<size_t>(pushes, 1)));
    for (size_t i = 0; i < inputs.size(); ++i)
      b_.CreateStore(inputs[i], b_.CreateConstInBoundsGEP1_64(cellType, in, i));
    std::vector<llvm::Type*> params{b_.getPtrTy(), b_.getPtrTy()};
    std::vector<llvm::Value*> args{in, out};
    if (leading != nullptr) {
      params.insert(params.begin(), leading->getType());
      args.insert(args.begin(), leading);
    }
    auto* type = llvm::FunctionType::get(b_.getInt32Ty(), params, false);
    check(b_.CreateCall(module_.getOrInsertFunction(symbol, type), args));
    outputs.clear();
    for (size_t j = 0; j < pushes; ++j)
      outputs.push_back(b_.CreateLoad(cellType, b_.CreateConstInBoundsGEP1_64(cellType, out, j)));
  }
  /// `count` header blocks ("block"), one per block the function can be entered at, in headers_.
  void makeHeaders(size_t count) {
    headers_.reserve(count);
    for (size_t i = 0; i < count; ++i) headers_.push_back(newBlock("block"));
  }
  /// At the insertion point: a switch on `pc` that enters headers_[i] where pc is blocks[i].start,
  /// and `otherwise` anywhere else (a pc where no block starts is the interpreter's).
  template <typename Block>
  void switchToBlocks(llvm::Value* pc, llvm::BasicBlock* otherwise, std::span<const Block> blocks) {
    llvm::SwitchInst* sw = b_.CreateSwitch(pc, otherwise, static_cast<unsigned>(blocks.size()));
    for (size_t i = 0; i < blocks.size(); ++i) sw->addCase(c32(blocks[i].start), headers_[i]);
  }

  llvm::Module& module_;
  llvm::LLVMContext& context_;
  llvm::IRBuilder<> b_;
  llvm::Function* function_ = nullptr;
  llvm::Value* contextArg_ = nullptr;
  /// The header of each block the function can be entered at (makeHeaders).
  std::vector<llvm::BasicBlock*> headers_;
};

/// The machine that the languages' machine-word entries (GROBOCODE_MACHINE_WORD and
/// ROBOTALK_MACHINE_WORD: control flow, the return stack, memory) run on in native code, with the
/// number operations of grobots_number_ops.h they use (pure words are word functions instead,
/// word_functions.h): cells are integers of
/// `cellType`, wide values of `wideType`, flags i1, and each operation emits its instruction at the
/// builder's insertion point. A failed `require` calls `onFailure(ok)`, which branches to the
/// lowering's deopt exit when `ok` is false, and goes on.
template <class OnFailure>
struct IrMachine {
  using Cell = llvm::Value*;  ///< An integer of cellType.
  using Wide = llvm::Value*;  ///< An integer of wideType.
  using Flag = llvm::Value*;  ///< An i1.
  llvm::IRBuilder<>& b;
  llvm::IntegerType* cellType;
  llvm::IntegerType* wideType;
  OnFailure onFailure;

  Cell cell(int64_t v) { return llvm::ConstantInt::get(cellType, static_cast<uint64_t>(v), true); }
  Wide wide(int64_t v) { return llvm::ConstantInt::get(wideType, static_cast<uint64_t>(v), true); }
  // Cells and wide values are both integer Values: one operation serves both widths.
  llvm::Value* add(llvm::Value* a, llvm::Value* c) { return b.CreateAdd(a, c); }
  llvm::Value* sub(llvm::Value* a, llvm::Value* c) { return b.CreateSub(a, c); }
  llvm::Value* mul(llvm::Value* a, llvm::Value* c) { return b.CreateMul(a, c); }
  llvm::Value* quotient(llvm::Value* a, llvm::Value* c) { return b.CreateSDiv(a, c); }
  llvm::Value* remainder(llvm::Value* a, llvm::Value* c) { return b.CreateSRem(a, c); }
  llvm::Value* bitAnd(llvm::Value* a, llvm::Value* c) { return b.CreateAnd(a, c); }
  llvm::Value* shiftRight(llvm::Value* a, int bits) { return b.CreateAShr(a, static_cast<uint64_t>(bits)); }
  llvm::Value* select(Flag f, llvm::Value* a, llvm::Value* c) { return b.CreateSelect(f, a, c); }
  Wide widen(Cell a) { return b.CreateSExt(a, wideType); }
  Cell narrow(Wide a) { return b.CreateTrunc(a, cellType); }
  Flag equal(llvm::Value* a, llvm::Value* c) { return b.CreateICmpEQ(a, c); }
  Flag notEqual(llvm::Value* a, llvm::Value* c) { return b.CreateICmpNE(a, c); }
  Flag less(llvm::Value* a, llvm::Value* c) { return b.CreateICmpSLT(a, c); }
  Flag greater(llvm::Value* a, llvm::Value* c) { return b.CreateICmpSGT(a, c); }
  Flag lessEqual(llvm::Value* a, llvm::Value* c) { return b.CreateICmpSLE(a, c); }
  Flag greaterEqual(llvm::Value* a, llvm::Value* c) { return b.CreateICmpSGE(a, c); }
  Flag both(Flag a, Flag c) { return b.CreateAnd(a, c); }
  Flag either(Flag a, Flag c) { return b.CreateOr(a, c); }
  Flag differ(Flag a, Flag c) { return b.CreateXor(a, c); }
  Flag negation(Flag a) { return b.CreateNot(a); }
  /// Always true: a failure branches away in the emitted code. `error` is the interpreter's to raise.
  template <class Error>
  bool require(Flag ok, Error) {
    onFailure(ok);
    return true;
  }
};

/// What a failed check does on a machine a lowering derives from IrMachine to add operations of its
/// own (Lowering::Words): the lowering's `require`, given as a lambda. Called while lowering only.
using CheckFailure = std::function<void(llvm::Value* ok)>;

}  // namespace chronon::jit::detail
