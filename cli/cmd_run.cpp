// `chronon run SIDE.gb [--type NAME] [--frames N] [--cycles N]`: runs one robot type's Grobocode
// brain against the world-less test host and prints what `print` and `vprint` print, one line each,
// formatted as the original (specs/grobots-language.md §1.8), then any runtime error as the original
// reports it (§5.3).

#include <charconv>
#include <cstdio>
#include <optional>
#include <string>

#include "chronon/compiler/grobocode.h"
#include "chronon/compiler/load.h"
#include "chronon/vm/grobocode_interpreter.h"
#include "chronon/vm/grobocode_test_host.h"
#include "commands.h"
#include "engine_option.h"

namespace chronon::cli {

namespace {

constexpr const char* kRunUsage =
    "usage: chronon run SIDE.gb [--type NAME] [--frames N] [--cycles N] [--seed N] [--engine interp|jit] [--stats]\n"
    "\n"
    "Compiles a Grobots side and runs one robot type's brain (the first type with code, or --type NAME,\n"
    "matched case-insensitively) for N frames (default 10) against a test host with no world: hardware\n"
    "reads give their defaults, writes and hardware calls are recorded, shared memory and messages work.\n"
    "As in the original, the first frame runs nothing; each later frame runs the processor's cycles\n"
    "(the type's `processor` speed, or --cycles N). Prints each print/vprint line, then a runtime error\n"
    "report if the brain crashed. Exit status: 0 after running, 1 when the side does not load, 2 on a\n"
    "usage error.\n"
    "\n"
    "chronon run PROGRAM.rl [--room FILE] [--engine interp|jit] [--stats] [--steps N] runs a Robbie\n"
    "Language program in Robbie's room instead, with the interpreter or the LLVM JIT (chronon run\n"
    "PROGRAM.rl --help for details).\n"
    "%s";

std::optional<int32_t> parseCount(const std::string& text) {
  int32_t value = 0;
  const char* end = text.data() + text.size();
  const auto [ptr, ec] = std::from_chars(text.data(), end, value);
  if (ec != std::errc() || ptr != end || value < 0) return std::nullopt;
  return value;
}

// The processor's speed and memory from the type's hardware lines (§6.3); the last line wins.
void processorOf(const grobocode::Type& type, int32_t& speed, int32_t& memory) {
  speed = 0;
  memory = 0;
  for (const grobocode::HardwareItem& item : type.hardware) {
    if (item.component != grobocode::Component::kProcessor) continue;
    speed = !item.arguments.empty() ? item.arguments[0] : 0;
    memory = item.arguments.size() > 1 ? item.arguments[1] : 0;
  }
}

}  // namespace

int runRun(const Args& args) {
  // A Robbie Language program runs in Robbie's room, with options of its own.
  for (const std::string& a : args) {
    if (!a.empty() && a[0] != '-' && isRobbiePath(a)) return runRobbie(args);
  }
  std::string path;
  std::optional<std::string> typeName;
  int32_t frames = 10;
  std::optional<int32_t> cycles;
  int32_t seed = 1;
  EngineChoice engine;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a == "--help" || a == "-h") {
      std::printf(kRunUsage, kEngineUsage);
      return 0;
    }
    bool bad = false;
    if (engineOption(args, i, engine, bad)) {
      if (bad) return 2;
      continue;
    }
    if (a == "--type" || a == "--frames" || a == "--cycles" || a == "--seed") {
      if (i + 1 >= args.size()) {
        std::fprintf(stderr, "chronon run: %s needs a value (see --help)\n", a.c_str());
        return 2;
      }
      const std::string& value = args[++i];
      if (a == "--type") {
        typeName = value;
        continue;
      }
      const std::optional<int32_t> n = parseCount(value);
      if (!n) {
        std::fprintf(stderr, "chronon run: %s needs a non-negative integer, not '%s'\n", a.c_str(), value.c_str());
        return 2;
      }
      if (a == "--frames") frames = *n;
      if (a == "--cycles") cycles = *n;
      if (a == "--seed") seed = *n;
      continue;
    }
    if (!a.empty() && a[0] == '-') {
      std::fprintf(stderr, "chronon run: unknown option '%s' (see --help)\n", a.c_str());
      return 2;
    }
    if (!path.empty()) {
      std::fprintf(stderr, "chronon run: one side file only (see --help)\n");
      return 2;
    }
    path = a;
  }
  if (path.empty()) {
    std::fprintf(stderr, kRunUsage, kEngineUsage);
    return 2;
  }

  const std::optional<LoadedSide> loaded = loadSide(path);
  if (!loaded) return 1;
  const grobocode::SideResult& result = loaded->result;
  printDiagnostics(loaded->file, result.diagnostics);
  // Like the original, a side that reaches #end loads even when single lines had errors (§4.7).
  if (!result.loaded()) return 1;

  const grobocode::Type* type = nullptr;
  for (const grobocode::Type& t : result.side.types) {
    if (typeName ? grobocode::namesEquivalent(trimBlanks(t.name), *typeName) : t.brain.has_value()) {
      type = &t;
      break;
    }
  }
  if (type == nullptr) {
    if (typeName) {
      std::fprintf(stderr, "chronon run: %s has no type named '%s'\n", path.c_str(), typeName->c_str());
    } else {
      std::fprintf(stderr, "chronon run: %s has no type with code\n", path.c_str());
    }
    return 1;
  }
  if (!type->brain) {
    std::fprintf(stderr, "chronon run: type '%s' has no #code, so its robots have no brain\n", type->name.c_str());
    return 1;
  }
  int32_t speed = 0;
  int32_t memory = 0;
  processorOf(*type, speed, memory);
  if (cycles) speed = *cycles;
  if (speed <= 0)
    std::fprintf(stderr, "chronon run: the processor runs 0 instructions a frame; the brain never runs\n");

  prepareEngine(engine, {&result.side});
  // One brain on the test host: wait for its native code so that `--engine jit` runs it from the
  // first frame.
  if (engine.jit) engine.jit->waitIdle();
  grobocode::BrainEngine& runner = engine.engine();
  grobocode::GrobocodeTestHost host(seed);
  host.serveType(grobocode::hardwareSpec(*type), type->cost ? type->cost->mass : 0);
  const grobocode::Brain& brain = *type->brain;
  grobocode::BrainState state = grobocode::makeBrainState(brain, memory);
  size_t shown = 0;
  for (int32_t frame = 0; frame < frames && state.status == grobocode::BrainStatus::kOk; ++frame) {
    runner.think(state, brain, host, speed);
    for (; shown < host.printed.size(); ++shown) std::printf("%s\n", host.printed[shown].c_str());
  }
  for (; shown < host.printed.size(); ++shown) std::printf("%s\n", host.printed[shown].c_str());
  if (state.status == grobocode::BrainStatus::kError) {
    std::printf("%s\n", grobocode::errorReport(state, brain, result.side.name, type->name, 1).c_str());
  }
  std::fflush(stdout);
  printEngineStats(engine);
  return finishCommand(engine, 0);
}

}  // namespace chronon::cli
