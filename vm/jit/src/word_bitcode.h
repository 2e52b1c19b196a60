#pragma once
// The word functions' bodies as LLVM bitcode (word_functions.h): clang-19 compiles
// word_functions.cpp and the sources of the number functions it calls to bitcode when the library is
// built, the library embeds it, and each compiled program links the bodies of the word functions
// it calls, so that LLVM inlines them (PostgreSQL's JIT does the same with its C functions). A word
// function whose body cannot live in a compiled program stays a call to the library's own copy.

#include <llvm/IR/Module.h>

#include <cstdint>
#include <string>
#include <string_view>

namespace chronon::jit::detail {

/// The embedded bitcode: one module holding every word function and what it calls.
std::string_view wordBitcode();

/// A hash of wordBitcode() (FNV-1a), which the object cache's keys mix in, since the same lowered IR
/// compiles to different code when the words' bodies change.
uint64_t wordBitcodeHash();

/// Whether compiled code may hold a copy of word function `symbol`'s body: it reads no mutable data
/// (a table built at start-up, a static local) and calls only functions of the bitcode or of the
/// process's shared libraries (libm). Without `wholeBodies`, also that it calls no function of the
/// bitcode: level 1's fast code generator makes slower code of a number function such as
/// grobots::dist than the project's compiler made of the library's copy, so a word that calls one
/// is better called there. False for a symbol the bitcode does not define.
bool inlinableWord(std::string_view symbol, bool wholeBodies);

/// Links into `module` the body of each word function it declares and may hold
/// (inlinableWord(symbol, wholeBodies); whole bodies at level 2), with what those bodies call, as
/// internal functions the passes inline (always, for the word functions themselves); the others
/// stay declarations bound to the library's copies. Returns false with `note` saying why when the
/// bitcode cannot be read or linked.
bool linkWordFunctions(llvm::Module& module, bool wholeBodies, std::string& note);

}  // namespace chronon::jit::detail
