// `chronon run SIDE.gb [--type NAME] [--frames N] [--seed N]`: runs a Grobots side alone in a real
// world, as the original does when a side plays alone (specs/grobots-world.md §2, §12), so every
// hardware value a brain reads is the world's. Prints what brains print as the original reports it
// ("<side>'s <type> #<id> prints: <value>", grobots-language.md §3 word 101) and brain errors as the
// original reports them (§5.3).

#include <cctype>
#include <cstdio>
#include <optional>
#include <string>
#include <string_view>

#include "chronon/arena/grobots_world.h"
#include "chronon/compiler/grobocode.h"
#include "chronon/compiler/language.h"
#include "chronon/compiler/load.h"
#include "command_line.h"
#include "commands.h"
#include "engine_option.h"

namespace chronon::cli {

namespace {

constexpr const char* kRunDescription =
    "Compiles a Grobots side and runs it alone in a world of the default size, seeded as the original\n"
    "seeds a side that plays alone, for N frames (default 10), so `time`, `remaining` and every other\n"
    "hardware value a brain reads are the world's. As in the original, a newborn's first frame runs\n"
    "nothing: seeded robots first think in frame 1, where `time` is 1. Prints each print and vprint as\n"
    "the original reports it, \"<side>'s <type> #<id> prints: <value>\", and each brain error report,\n"
    "in the order they happen.\n";

constexpr const char* kRunFooter =
    "\n"
    "--cycles N is gone: in a world each robot runs its type's `processor` speed; change that line of\n"
    "the side to try another speed. Exit status: 0 after running, 1 when the side does not load or has\n"
    "no such type, 2 on a usage error.\n"
    "\n"
    "chronon run PROGRAM.rl [--room FILE] [--engine interp|jit] [--stats] [--steps N] [--replay FILE] runs\n"
    "a Robbie Language program in Robbie's room instead, with the interpreter or the LLVM JIT (chronon run\n"
    "PROGRAM.rl --help for details).\n";

// The processor's speed from the type's hardware lines (§6.3); the last line wins.
int32_t processorSpeed(const grobocode::Type& type) {
  int32_t speed = 0;
  for (const grobocode::HardwareItem& item : type.hardware) {
    if (item.component != grobocode::Component::kProcessor) continue;
    speed = !item.arguments.empty() ? item.arguments[0] : 0;
  }
  return speed;
}

// How the original names a robot's type in its reports: "<side>'s <type>", with "'" alone after a
// side name ending in s, as grobocode::errorReport and the world's print reports write it (§5.3).
std::string typeDescription(std::string_view side, std::string_view type) {
  std::string text(side);
  text += (!side.empty() && (side.back() == 's' || side.back() == 'S')) ? "' " : "'s ";
  text += type;
  return text;
}

// Whether a world report (a print or a brain error) is about a robot of the type `description`
// names: the description, " #", the robot's number, then a space. Requiring the number keeps a type
// whose name extends another's ("Foo" and "Foo #2") from matching.
bool reportIsAbout(std::string_view report, const std::string& description) {
  if (report.substr(0, description.size() + 2) != description + " #") return false;
  size_t at = description.size() + 2;
  const size_t digits = at;
  while (at < report.size() && std::isdigit(static_cast<unsigned char>(report[at])) != 0) ++at;
  return at > digits && at < report.size() && report[at] == ' ';
}

}  // namespace

int runRun(const Args& args) {
  // A Robbie Language program runs in Robbie's room, with options of its own.
  for (const std::string& a : args) {
    if (!a.empty() && a[0] != '-' && languageOf(a) == LanguageId::kRobbie) return runRobbie(args);
  }
  std::string path;
  std::optional<std::string> typeName;
  int32_t frames = 10;
  int32_t seed = 1;
  EngineChoice engine;
  std::string cycles;
  const std::unique_ptr<CLI::App> app = commandApp("run", kRunDescription);
  app->add_option("side", path, "the Grobots side (.gb); an RL program (.rl) runs in Robbie's room instead")
      ->required()
      ->type_name("SIDE.gb");
  app->add_option_function<std::string>(
         "--type", [&typeName](const std::string& name) { typeName = name; },
         "show only the prints and errors of that type's robots (matched case-insensitively); the whole side "
         "still plays")
      ->type_name("NAME");
  app->add_option("--frames", frames, "frames to run (default 10); the run ends sooner if the side dies out")
      ->check(quiet(CLI::NonNegativeNumber))
      ->type_name("N");
  app->add_option("--seed", seed, "world seed (default 1), as for chronon battle")
      ->check(quiet(CLI::NonNegativeNumber))
      ->type_name("N");
  addEngineOptions(*app, engine);
  // Parsed only to say why it is gone (see the footer); not listed among the options.
  CLI::Option* cyclesOption = app->add_option("--cycles", cycles)->group("");
  app->footer(kRunFooter);
  if (const std::optional<int> status = parseCommandLine(*app, args)) return *status;
  if (cyclesOption->count() > 0) {
    return usageError("run",
                      "--cycles is gone: in a world each robot runs its type's `processor` speed; change that line "
                      "of the side instead");
  }

  const std::optional<LoadedSide> loaded = loadSide(path);
  if (!loaded) return 1;
  const grobocode::SideResult& result = loaded->result;
  printDiagnostics(loaded->file, result.diagnostics);
  // Like the original, a side that reaches #end loads even when single lines had errors (§4.7).
  if (!result.loaded()) return 1;
  const grobocode::Side& side = result.side;

  // With --type, only that type's reports are shown; it must exist and have a brain to report from.
  const grobocode::Type* shown = nullptr;
  if (typeName) {
    for (const grobocode::Type& t : side.types) {
      if (grobocode::namesEquivalent(trimBlanks(t.name), *typeName)) {
        shown = &t;
        break;
      }
    }
    if (shown == nullptr) {
      std::fprintf(stderr, "chronon run: %s has no type named '%s'\n", path.c_str(), typeName->c_str());
      return 1;
    }
    if (!shown->brain) {
      std::fprintf(stderr, "chronon run: type '%s' has no #code, so its robots have no brain\n", shown->name.c_str());
      return 1;
    }
  }
  bool anyBrain = false;
  bool anyProcessor = false;
  for (const grobocode::Type& t : side.types) {
    if (shown != nullptr && &t != shown) continue;
    anyBrain = anyBrain || t.brain.has_value();
    anyProcessor = anyProcessor || (t.brain && processorSpeed(t) > 0);
  }
  if (!anyBrain) {
    std::fprintf(stderr, "chronon run: %s has no type with code\n", path.c_str());
    return 1;
  }
  // A processor of speed 0 (or none) never runs its brain (§5.2 item 5): say so rather than print nothing.
  if (!anyProcessor && shown != nullptr) {
    std::fprintf(stderr, "chronon run: type '%s' has no processor (speed 0), so its brain never runs\n",
                 shown->name.c_str());
  } else if (!anyProcessor) {
    std::fprintf(stderr, "chronon run: no type of %s has a processor (speed 0), so no brain runs\n", path.c_str());
  }

  // A handful of brains in a short run: compile them at once and wait for their native code, so
  // that `--engine jit` runs them from the first frame.
  prepareEngine(engine, {&side}, false);
  if (engine.jit) engine.jit->waitIdle();
  arena::grobots::WorldOptions options;
  options.keepPrints = true;
  options.engine = &engine.engine();
  // The side plays alone: the world seeds it as the original seeds a round of one side (§12).
  arena::grobots::World world({&side}, options, seed);
  world.startRound();
  if (world.robotCount() == 0)
    std::fprintf(stderr, "chronon run: %s seeds no robot (no type fits its seed budget, or its seed list is empty)\n",
                 path.c_str());
  const std::string shownDescription = shown != nullptr ? typeDescription(side.name, shown->name) : std::string();
  for (int32_t frame = 0; frame < frames && !world.finished(); ++frame) {
    world.step();
    for (const std::string& report : world.takeMessages()) {
      if (shown == nullptr || reportIsAbout(report, shownDescription)) std::printf("%s\n", report.c_str());
    }
  }
  std::fflush(stdout);
  printEngineStats(engine);
  return finishCommand(engine, 0);
}

}  // namespace chronon::cli
