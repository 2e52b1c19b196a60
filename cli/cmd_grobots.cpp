// `chronon battle` for Grobots sides: options of the original's headless program
// (specs/grobots-world.md §14) with a seed. Also what the Grobots tournament shares with it (loading
// sides, --world) and the choice between the two games that battle and tournament make first
// (chooseGame, `--game`). Its part of `chronon tournament` is in tournament_grobots_game.cpp.

#include <unistd.h>

#include <atomic>
#include <charconv>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>

#include "chronon/arena/entry_files.h"
#include "chronon/arena/grobots_replay.h"
#include "chronon/arena/grobots_tournament.h"
#include "chronon/compiler/language.h"
#include "command_line.h"
#include "commands.h"
#include "engine_option.h"
#include "replay_output.h"

namespace chronon::cli {

namespace {

namespace gb = chronon::arena::grobots;

constexpr const char* kBattleDescription =
    "Runs one Grobots round and prints each side's biomass every N frames, brain errors as the original\n"
    "reports them, and the outcome.\n";

bool parseInt(const std::string& text, int64_t lo, int64_t hi, int64_t& out) {
  int64_t value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size() || value < lo || value > hi) return false;
  out = value;
  return true;
}

}  // namespace

bool parseWorld(const std::string& text, arena::grobots::WorldOptions& world) {
  const size_t x = text.find_first_of("xX*");
  int64_t w = 0;
  int64_t h = 0;
  if (x == std::string::npos || !parseInt(text.substr(0, x), 1, 1000, w) || !parseInt(text.substr(x + 1), 1, 1000, h))
    return false;
  world.width = static_cast<int32_t>(w * 10);
  world.height = static_cast<int32_t>(h * 10);
  return true;
}

std::vector<LoadedSide> loadSides(const std::vector<std::string>& paths) {
  arena::grobots::SideFiles files = arena::grobots::loadSideFiles(paths);
  for (const arena::grobots::SideFileReport& r : files.reports) {
    if (!r.diagnostics.all().empty()) printDiagnostics(r.file, r.diagnostics);
    switch (r.fate) {
      case arena::grobots::SideFileFate::kLoaded:
      case arena::grobots::SideFileFate::kUnreadable: break;
      case arena::grobots::SideFileFate::kNotLoaded:
        std::fprintf(stderr, "chronon: %s: side not loaded, left out\n", r.file.name().c_str());
        break;
    }
  }
  return std::move(files.sides);
}

std::optional<Game> chooseGame(const char* command, Args& args) {
  std::optional<Game> chosen;
  Args rest;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a != "--game" && a.rfind("--game=", 0) != 0) {
      rest.push_back(a);
      continue;
    }
    if (a == "--game" && i + 1 >= args.size()) {
      usageError(command, "--game needs a value (grobots or robowar)");
      return std::nullopt;
    }
    const std::string value = a == "--game" ? args[++i] : a.substr(std::string_view("--game=").size());
    if (value == "grobots") {
      chosen = Game::kGrobots;
    } else if (value == "robowar") {
      chosen = Game::kRoboWar;
    } else {
      usageError(command, "unknown game '" + value + "' (grobots, robowar)");
      return std::nullopt;
    }
  }
  args = std::move(rest);
  if (chosen) return chosen;
  // Option values look like positional arguments here; only .gb names and folders count, as before.
  bool sides = false;
  int robotsInFolders = 0;
  for (const std::string& a : args) {
    if (a.empty() || a[0] == '-') continue;
    if (languageOf(a) == LanguageId::kGrobocode) sides = true;
    std::error_code ec;
    if (!std::filesystem::is_directory(a, ec)) continue;
    for (const auto& entry : std::filesystem::directory_iterator(a, ec)) {
      const std::optional<LanguageId> language = languageOf(entry.path().string());
      if (language == LanguageId::kGrobocode) {
        sides = true;
      } else if (entry.is_regular_file(ec) && language == LanguageId::kRoboTalk) {
        ++robotsInFolders;
      }
    }
  }
  if (!sides) return Game::kRoboWar;
  if (robotsInFolders > 0) {
    std::string extensions;  // ".rtk, .txt, .rwr"
    for (const std::string_view e : languageInfo(LanguageId::kRoboTalk).extensions)
      extensions += (extensions.empty() ? "" : ", ") + std::string(e);
    std::fprintf(stderr,
                 "chronon %s: note: playing the Grobots sides; %d RoboWar robot%s (%s) in the same folder %s left "
                 "out (add --game robowar to play %s instead)\n",
                 command, robotsInFolders, robotsInFolders == 1 ? "" : "s", extensions.c_str(),
                 robotsInFolders == 1 ? "was" : "were", robotsInFolders == 1 ? "it" : "them");
  }
  return Game::kGrobots;
}

int runGrobotsBattle(const Args& args) {
  gb::WorldOptions worldOptions;
  uint64_t seedOption = 1;
  std::vector<std::string> positional;
  EngineChoice engine;
  int64_t every = 500;
  bool prints = false;
  std::string replayPath;
  std::vector<std::string> watchNames;
  std::string game;
  const std::unique_ptr<CLI::App> app = commandApp("battle", kBattleDescription);
  app->add_option("sides", positional, "Grobots sides (.gb files), or a FOLDER of them")
      ->required()
      ->type_name("SIDE.gb");
  app->add_option("--frames", worldOptions.frameLimit, "frame limit (default 18000; 0 = none)")
      ->check(quiet(CLI::Range(0, 1000000000)))
      ->type_name("N");
  app->add_option_function<std::string>(
         "--world", [&worldOptions](const std::string& text) { parseWorld(text, worldOptions); },
         "world size in tiles of 10 units (default 10x10)")
      ->check([](const std::string& text) {
        gb::WorldOptions world;
        return parseWorld(text, world) ? std::string() : "a world size is WxH, each from 1 to 1000";
      })
      ->type_name("WxH");
  app->add_option("--sides-per-round", worldOptions.seedLimit, "sides seeded (default 10; 0 = all)")
      ->check(quiet(CLI::Range(0, 100000)))
      ->type_name("N");
  app->add_option("--every", every, "biomass line every N frames (default 500; 0 = only at the end)")
      ->check(quiet(CLI::Range(int64_t{0}, int64_t{1000000000})))
      ->type_name("N");
  app->add_option("--seed", seedOption, "world seed (default 1)")
      ->check(quiet(CLI::Range(uint64_t{0}, static_cast<uint64_t>(INT64_MAX))))
      ->type_name("N");
  app->add_flag("--prints", prints,
                "also show what brains print, as the original reports it: <side>'s <type> #<id> prints: <value>");
  app->add_option("--replay", replayPath,
                  "also write the round's replay (docs/replay-format.md); a FILE ending in .html gets the battle "
                  "viewer with the replay inside, one page that opens offline")
      ->type_name("FILE");
  app->add_option("--watch", watchNames,
                  "record every frame of the brains of the side named SIDE (its name or its file name; repeatable); "
                  "the others' brains are recorded every 10 frames")
      ->allow_extra_args(false)
      ->type_name("SIDE");
  addGameOption(*app, game);
  addEngineOptions(*app, engine);
  if (const std::optional<int> status = parseCommandLine(*app, args)) return *status;
  std::vector<LoadedSide> loaded = loadSides(arena::entryFiles(positional, grobocode::isSideFileName));
  if (loaded.empty()) {
    std::fprintf(stderr, "chronon battle: no side to play\n");
    return 1;
  }
  std::vector<const grobocode::Side*> sides;
  for (const LoadedSide& s : loaded) {
    sides.push_back(&s.result.side);
    for (const grobocode::Type& t : s.result.side.types) {
      if (t.cost)
        std::printf("#type %s cost=%s mass=%s (%s)\n", t.name.c_str(),
                    chronon::grobots::formatRaw(t.cost->cost, 0).c_str(),
                    chronon::grobots::formatRaw(t.cost->mass, 1).c_str(), s.result.side.name.c_str());
    }
  }
  // A replay records prints whether or not they are shown.
  worldOptions.keepPrints = prints || !replayPath.empty();
  prepareEngine(engine, sides);
  worldOptions.engine = &engine.engine();
  const auto seed = static_cast<int32_t>(static_cast<uint32_t>(seedOption));
  gb::World world(sides, worldOptions, seed);
  world.startRound();
  std::optional<ReplayOutput> output;
  std::optional<gb::RoundRecorder> recorder;
  if (!replayPath.empty()) {
    std::vector<arena::replay::Entrant> entrants;
    std::vector<int32_t> watch;
    for (size_t i = 0; i < loaded.size(); ++i) {
      const std::string& name = loaded[i].result.side.name;
      const std::string file = std::filesystem::path(loaded[i].file.name()).filename().string();
      entrants.push_back({name, loaded[i].file.name(), std::string(loaded[i].file.text())});
      for (const std::string& w : watchNames) {
        if (w == name || w == file || w == loaded[i].file.name()) watch.push_back(static_cast<int32_t>(i));
      }
    }
    output.emplace(replayPath);
    recorder.emplace(world, entrants, seed, engine.jitRequested ? "jit" : "interpreter", watch, output->sink());
  }
  const auto biomassLine = [&] {
    std::printf("frame %d", world.frame());
    const std::vector<double> biomass = world.biomass();
    const std::vector<int32_t> population = world.population();
    for (size_t i = 0; i < sides.size(); ++i)
      std::printf("\t%s %.0f (%d)", sides[i]->name.c_str(), biomass[i], population[i]);
    std::printf("\n");
  };
  biomassLine();
  while (!world.finished()) {
    world.step();
    const std::vector<std::string> messages = world.takeMessages();
    for (const std::string& m : messages) {
      // Brain error reports are always shown; prints only with --prints.
      if (prints || m.find(" prints: ") == std::string::npos) std::printf("%s\n", m.c_str());
    }
    if (recorder) recorder->frame(messages);
    if (every > 0 && world.frame() % every == 0) biomassLine();
  }
  if (recorder) {
    recorder->end();
    std::string title;
    for (const LoadedSide& s : loaded) title += (title.empty() ? "" : " vs ") + s.result.side.name;
    recorder.reset();
    if (!output->finish(title + " (seed " + std::to_string(seedOption) + ")")) return 1;
  }
  if (every == 0 || world.frame() % every != 0) biomassLine();
  std::vector<std::string> names;
  for (const grobocode::Side* side : sides) names.push_back(side->name);
  std::fputs(gb::formatRoundResults(world.outcome(), names).c_str(), stdout);
  printEngineStats(engine);
  return finishCommand(engine, 0);
}

}  // namespace chronon::cli
