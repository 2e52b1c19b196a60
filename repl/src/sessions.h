#pragma once
// The built-in language sessions, which session.cpp registers as the factories makeSession
// (session.h) uses, and what the sessions share. Not part of the public API.

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <type_traits>

#include "chronon/compiler/diagnostic.h"
#include "chronon/compiler/source.h"
#include "chronon/repl/session.h"

namespace chronon::repl {

/// A Grobocode session (grobocode_session.cpp).
std::unique_ptr<LanguageSession> makeGrobocodeSession();
/// A RoboTalk session (robotalk_session.cpp).
std::unique_ptr<LanguageSession> makeRoboTalkSession();
/// A Robbie Language session (robbie_session.cpp).
std::unique_ptr<LanguageSession> makeRobbieSession();

/// The file at `path` for a session's `load`, or nullopt after appending to `out` why it cannot be
/// read (missing, too large, binary: the rendered diagnostics of compiler/load.h).
std::optional<SourceFile> readForLoad(const std::string& path, std::string& out);

/// Diagnostics of a compile of a session's wrapped text (its definitions or declarations, then the
/// input at `offset`, `size` bytes long), moved to the input's own offsets for rendering against
/// the input alone. Warnings and notes about the wrapper are left out: they were shown when it was
/// defined or loaded, and would otherwise repeat after every input. Errors there are kept, at the
/// input's start; notes that point into the wrapper keep their message without a position.
Diagnostics inputDiagnostics(const Diagnostics& diagnostics, uint32_t offset, uint32_t size);

/// A session's useEngine: points `engine` at `interpreter`, or at the session's JIT, made by
/// Jit::create at the first kJit and kept (switching back loads and compiles nothing again). When
/// the JIT cannot start, `engine` stays the interpreter and `reason` says why. Returns false then.
template <class Jit, class Engine>
bool chooseEngine(EngineChoice choice, std::unique_ptr<Jit>& jit, Engine*& engine,
                  std::type_identity_t<Engine>* interpreter, std::string& reason) {
  switch (choice) {
    case EngineChoice::kInterpreter: engine = interpreter; return true;
    case EngineChoice::kJit:
      if (!jit) jit = Jit::create(reason);
      engine = jit ? jit.get() : interpreter;
      return jit != nullptr;
  }
  return false;
}

}  // namespace chronon::repl
