// The Robbie Language in `chronon check` and `chronon run`: a `.rl` file is compiled by the RL
// frontend; run executes it in Robbie's room (the built-in default room or --room FILE) and prints
// the event log and the final report (docs/robbie.md).

#include <cstdio>
#include <memory>
#include <optional>
#include <string>

#include "chronon/arena/robbie_replay.h"
#include "chronon/arena/robbie_room.h"
#include "chronon/arena/robbie_run.h"
#include "chronon/compiler/load.h"
#include "chronon/compiler/robbie.h"
#include "chronon/compiler/robbie_room_file.h"
#include "chronon/jit/robbie_jit.h"
#include "command_line.h"
#include "commands.h"
#include "engine_option.h"
#include "replay_output.h"

namespace chronon::cli {

namespace {

constexpr const char* kRunRobbieDescription =
    "Compiles a Robbie Language program and, when it has no error, runs it in Robbie's room: the\n"
    "built-in default room (stdlib/robbie/rooms/default.room), or the room file given with --room.\n"
    "Prints the event log (one line per command Robbie carries out, with its simulated start time)\n"
    "and the final report (how the run ended, time, Robbie, the objects, the registers). A program\n"
    "with an error does not run at all (\"Robbie explodes\"). The run ends at `stop`, at a runtime\n"
    "error, or after N executed instructions (--steps, default 1000000).\n";

constexpr const char* kRunRobbieFooter =
    "\n"
    "Exit status: 0 when the program reached stop, 1 on compile or room errors, a runtime error or\n"
    "the step limit, 2 on a usage error.\n";

struct LoadedProgram {
  SourceFile file;
  robbie::CompileResult result;
};

std::optional<LoadedProgram> loadProgram(const std::string& path) {
  Diagnostics diagnostics;
  std::optional<SourceFile> file = loadSourceFile(path, diagnostics);
  if (!file) {
    printDiagnostics(SourceFile(path, ""), diagnostics);
    return std::nullopt;
  }
  robbie::CompileResult result = robbie::compile(*file);
  return LoadedProgram{std::move(*file), std::move(result)};
}

// The JIT with `program` compiled, or nullptr (after a note on stderr) when LLVM is not available or
// the JIT declines the program, which the interpreter then runs.
std::unique_ptr<jit::RobbieJit> createJit(const robbie::Program& program, const std::string& path) {
  std::string reason;
  std::unique_ptr<jit::RobbieJit> robbieJit = jit::RobbieJit::create(reason);
  if (!robbieJit) {
    std::fprintf(stderr, "chronon: note: the JIT is not available (%s); the interpreter runs %s\n", reason.c_str(),
                 path.c_str());
    return nullptr;
  }
  if (!robbieJit->prepare(program, path, &reason)) {
    std::fprintf(stderr, "chronon: note: the JIT declined %s (%s); the interpreter runs it\n", path.c_str(),
                 reason.c_str());
  }
  return robbieJit;
}

// `--stats`: the engine, and for the JIT the program's compile record.
void printStats(const jit::RobbieJit* robbieJit) {
  if (robbieJit == nullptr) {
    std::fprintf(stderr, "engine: interp\n");
    return;
  }
  for (const jit::CompileRecord& r : robbieJit->stats().records) {
    std::fprintf(stderr, "engine: jit, %s: %d instructions, %d entry point%s, compiled in %.2f ms%s%s\n",
                 r.name.c_str(), r.instructions, r.blocks, r.blocks == 1 ? "" : "s", r.milliseconds,
                 r.compiled ? "" : ", declined: ", r.note.c_str());
  }
}

}  // namespace

bool checkRobbie(const std::string& path) {
  const std::optional<LoadedProgram> loaded = loadProgram(path);
  if (!loaded) return true;
  printDiagnostics(loaded->file, loaded->result.diagnostics);
  return loaded->result.diagnostics.hasErrors();
}

int disasmRobbie(const std::string& path) {
  const std::optional<LoadedProgram> loaded = loadProgram(path);
  if (!loaded) return 1;
  printDiagnostics(loaded->file, loaded->result.diagnostics);
  if (!loaded->result.program) return 1;
  const std::string text = robbie::listing(*loaded->result.program);
  std::fwrite(text.data(), 1, text.size(), stdout);
  return 0;
}

int runRobbie(const Args& args) {
  std::string path;
  std::optional<std::string> roomPath;
  std::optional<std::string> replayPath;
  std::optional<SourceFile> roomFile;
  int64_t steps = robbie::kDefaultStepLimit;
  EngineChoice engine;
  const std::unique_ptr<CLI::App> app = commandApp("run", kRunRobbieDescription);
  app->add_option("program", path, "the Robbie Language program (.rl)")->required()->type_name("PROGRAM.rl");
  app->add_option_function<std::string>(
         "--room", [&roomPath](const std::string& file) { roomPath = file; },
         "the room file (default: the built-in room)")
      ->type_name("FILE");
  app->add_option("--steps", steps, "the step limit: instructions executed before the run ends (default 1000000)")
      ->check(quiet(CLI::PositiveNumber))
      ->type_name("N");
  app->add_option_function<std::string>(
         "--replay", [&replayPath](const std::string& file) { replayPath = file; },
         "also write the run's replay (docs/replay-format.md); a FILE ending in .html gets the battle viewer "
         "with the replay inside, one page that opens offline")
      ->type_name("FILE");
  app->add_option_function<std::string>(
         "--engine", [&engine](const std::string& name) { engine.jitRequested = name == "jit"; },
         std::string("interp | jit: run the program with the interpreter (default) or the LLVM JIT; both give the "
                     "same run, and a program the JIT declines runs on the interpreter with a note") +
             kJitLibraryHelp)
      ->check(quiet(CLI::IsMember({"interp", "jit"})))
      ->type_name("E");
  app->add_flag("--stats", engine.stats, "print the engine and the JIT's compile time to stderr");
  app->footer(kRunRobbieFooter);
  if (const std::optional<int> status = parseCommandLine(*app, args)) return *status;

  robbie::RoomSpec room = robbie::defaultRoom();
  if (roomPath) {
    Diagnostics diagnostics;
    std::optional<SourceFile> file = loadSourceFile(*roomPath, diagnostics);
    if (!file) {
      printDiagnostics(SourceFile(*roomPath, ""), diagnostics);
      return 1;
    }
    std::optional<robbie::RoomSpec> parsed = robbie::parseRoomFile(*file, diagnostics);
    printDiagnostics(*file, diagnostics);
    if (!parsed) return 1;
    room = std::move(*parsed);
    roomFile = std::move(file);
  }

  const std::optional<LoadedProgram> loaded = loadProgram(path);
  if (!loaded) return 1;
  printDiagnostics(loaded->file, loaded->result.diagnostics);
  if (!loaded->result.program) {
    std::fprintf(stderr, "chronon run: Robbie explodes: %s has %zu error(s), so none of it runs\n", path.c_str(),
                 loaded->result.diagnostics.errorCount());
    return 1;
  }
  const robbie::Program& program = *loaded->result.program;
  std::unique_ptr<jit::RobbieJit> robbieJit = engine.jitRequested ? createJit(program, path) : nullptr;
  robbie::Engine& runner = robbieJit ? static_cast<robbie::Engine&>(*robbieJit) : robbie::interpreterEngine();
  std::optional<robbie::RobbieRun> recorded;
  if (replayPath) {
    std::vector<arena::replay::Entrant> entrants{{program.name, path, std::string(loaded->file.text())}};
    if (roomFile) entrants.push_back({"room", *roomPath, std::string(roomFile->text())});
    ReplayOutput output(*replayPath);
    recorded =
        robbie::recordRun(program, room, steps, runner, entrants, robbieJit ? "jit" : "interpreter", output.sink());
    if (!output.finish((program.name.empty() ? path : program.name) + " in Robbie's room")) return 1;
  }
  const robbie::RobbieRun run = recorded ? std::move(*recorded) : robbie::runInRoom(program, room, steps, runner);
  if (engine.stats) printStats(robbieJit.get());
  const std::string text = "event log:\n" + run.room.logText() + "\n" + robbie::finalReport(program, run);
  std::fwrite(text.data(), 1, text.size(), stdout);
  std::fflush(stdout);
  return run.end == robbie::RunEnd::kStopped ? 0 : 1;
}

}  // namespace chronon::cli
