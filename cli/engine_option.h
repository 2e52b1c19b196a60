#pragma once
// What `--engine interp|jit` and `--stats` (command_line.h: addEngineOptions) choose for the commands
// that run Grobots brains (run, battle, tournament) and RoboWar robots (battle, tournament): the JITs
// are created here, in cli/, and handed to the worlds as a grobocode::Engine or a
// robotalk::Engine so that arena/ never links LLVM (DESIGN.md layering).

#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include "chronon/compiler/grobocode.h"
#include "chronon/compiler/robotalk.h"
#include "chronon/jit/grobocode_jit.h"
#include "chronon/jit/robotalk_jit.h"
#include "chronon/vm/grobocode_engine.h"
#include "chronon/vm/robotalk_bytecode.h"
#include "chronon/vm/robotalk_engine.h"

namespace chronon::cli {

/// What every `--engine` option's help ends with: where the JIT comes from and what happens without
/// it (jit.h, "Loading the JIT" in docs/jit.md).
inline constexpr char kJitLibraryHelp[] =
    " (the JIT is chronon-jit.so beside chronon (installed: in PREFIX/lib/chronon), or where CHRONON_JIT_LIBRARY "
    "names; without it the interpreter runs, with a note)";

/// The engine options of one command.
struct EngineChoice {
  bool jitRequested = false;                      ///< `--engine jit` was given.
  bool stats = false;                             ///< `--stats` was given.
  std::unique_ptr<jit::GrobocodeJit> jit;         ///< The JIT once created (nullptr: interpreter).
  std::unique_ptr<jit::RoboTalkJit> roboTalkJit;  ///< The RoboTalk JIT once created (nullptr: interpreter).

  /// The engine to run brains with: the JIT when requested and available, else the interpreter.
  grobocode::Engine& engine();
  /// The engine to run RoboWar robots with, for arena::robowar::Rules::engine: the RoboTalk JIT when
  /// requested and available, else nullptr (the interpreter).
  robotalk::Engine* roboTalkEngine() { return roboTalkJit.get(); }
};

/// Creates the JIT when it was requested (a note on stderr when LLVM cannot, and the interpreter is
/// used), then names every type's brain of `sides` "side/type" for the statistics. Brains run on the
/// interpreter until their code is ready. With `warmUp` (battles, tournaments) a brain is compiled
/// on the JIT's background thread once it has run a while on the interpreter
/// (jit::kDefaultWarmInstructionsPerInstruction); without it every brain is queued at once.
void prepareEngine(EngineChoice& choice, const std::vector<const grobocode::Side*>& sides, bool warmUp = true);

/// A RoboWar program to compile up front, named in the statistics.
struct NamedProgram {
  std::string name;
  const robotalk::Program* program = nullptr;
};

/// Creates the RoboTalk JIT when it was requested (a note on stderr when LLVM cannot, and the
/// interpreter is used), then compiles each program of `programs` up front so that compile times are
/// reported per robot; printEngineStats notes each program the JIT declined (the interpreter ran it).
/// With `background` (tournaments) the programs are only queued: a thread compiles them while the
/// interpreter runs the battles, so a tournament never waits for LLVM; a program whose robots have
/// run kDefaultRoboTalkHotCycles natively is compiled again at level 2.
void prepareRoboTalkEngine(EngineChoice& choice, const std::vector<NamedProgram>& programs, bool background = false);

/// With a JIT in use, prints a note for each brain or program a JIT declined; with `--stats`, also
/// the compile records and cache hits of whichever JITs were created (to stderr).
void printEngineStats(const EngineChoice& choice);

/// Ends a command whose output is complete (every file written and closed) with exit status `code`.
/// Returns `code` when no JIT is compiling; otherwise flushes stdout and stderr and ends the process
/// at once: LLVM cannot stop a compile part-way, no robot is left to run its code, and a program of
/// thousands of instructions could keep a short tournament waiting longer than it ran.
int finishCommand(const EngineChoice& choice, int code);

}  // namespace chronon::cli
