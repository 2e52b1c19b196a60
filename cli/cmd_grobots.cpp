// `chronon battle` for Grobots sides: options of the original's headless program
// (specs/grobots-world.md §14) with a seed. Also what the Grobots tournament shares with it (loading
// sides, --world) and the choice between the two games that battle and tournament make first
// (chooseGame, `--game`). The tournament itself is in tournament_grobots.cpp.

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

#include "chronon/arena/grobots_replay.h"
#include "chronon/arena/grobots_tournament.h"
#include "chronon/arena/robowar_tournament_field.h"
#include "commands.h"
#include "engine_option.h"
#include "replay_output.h"

namespace chronon::cli {

namespace {

namespace gb = chronon::arena::grobots;

constexpr const char* kBattleUsage =
    "usage: chronon battle SIDE.gb... [options]\n"
    "\n"
    "Runs one Grobots round and prints each side's biomass every N frames, brain errors as the original\n"
    "reports them, and the outcome.\n"
    "\n"
    "options:\n"
    "  --frames N           frame limit (default 18000; 0 = none)\n"
    "  --world WxH          world size in tiles of 10 units (default 10x10)\n"
    "  --sides-per-round N  sides seeded (default 10; 0 = all)\n"
    "  --every N            biomass line every N frames (default 500; 0 = only at the end)\n"
    "  --seed N             world seed (default 1)\n"
    "  --prints             also show what brains print, as the original reports it:\n"
    "                       <side>'s <type> #<id> prints: <value>\n"
    "  --replay FILE        also write the round's replay (docs/replay-format.md); a FILE ending in\n"
    "                       .html gets the battle viewer with the replay inside, one page that opens\n"
    "                       offline\n"
    "  --watch SIDE         record every frame of the brains of the side named SIDE (its name or its\n"
    "                       file name; repeatable); the others' brains are recorded every 10 frames\n"
    "  --game G             grobots | robowar: the game a folder holding both sides and RoboWar robots\n"
    "                       plays (default: grobots, with a note saying how many robots were left out)\n"
    "%s"
    "  --help               this text\n";

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

// Expands folders to their .gb files, sorted by name.
std::vector<std::string> sidePaths(const std::vector<std::string>& positional) {
  std::vector<std::string> out;
  for (const std::string& p : positional) {
    std::error_code ec;
    if (std::filesystem::is_directory(p, ec)) {
      std::vector<std::string> found;
      for (const auto& entry : std::filesystem::directory_iterator(p, ec)) {
        if (entry.is_regular_file(ec) && isSidePath(entry.path().string())) found.push_back(entry.path().string());
      }
      std::sort(found.begin(), found.end());
      out.insert(out.end(), found.begin(), found.end());
    } else {
      out.push_back(p);
    }
  }
  return out;
}

// Loads each side; reports and skips the ones the original would reject. Sides with the same name
// get a "'" appended, as the original does (§14).
std::vector<LoadedSide> loadSides(const std::vector<std::string>& paths) {
  std::vector<LoadedSide> sides;
  for (const std::string& path : paths) {
    std::optional<LoadedSide> loaded = loadSide(path);
    if (!loaded) continue;
    if (!loaded->result.diagnostics.all().empty()) printDiagnostics(loaded->file, loaded->result.diagnostics);
    if (!loaded->result.loaded()) {
      std::fprintf(stderr, "chronon: %s: side not loaded, left out\n", path.c_str());
      continue;
    }
    for (;;) {
      bool clash = false;
      for (const LoadedSide& s : sides) clash = clash || s.result.side.name == loaded->result.side.name;
      if (!clash) break;
      loaded->result.side.name += "'";
    }
    sides.push_back(std::move(*loaded));
  }
  return sides;
}

namespace {

// The options of battle; returns false (after a message) on a usage error.
struct Common {
  gb::WorldOptions world;
  uint64_t seed = 1;
  std::vector<std::string> positional;
  EngineChoice engine;
};

bool commonOption(const Args& args, size_t& i, Common& c, bool& bad) {
  const std::string& a = args[i];
  const auto value = [&]() -> const std::string* {
    if (i + 1 >= args.size()) {
      std::fprintf(stderr, "chronon: %s needs a value\n", a.c_str());
      bad = true;
      return nullptr;
    }
    return &args[++i];
  };
  if (engineOption(args, i, c.engine, bad)) return true;
  int64_t n = 0;
  if (a == "--frames") {
    const std::string* v = value();
    if (v == nullptr) return true;
    if (!parseInt(*v, 0, 1000000000, n)) bad = true;
    c.world.frameLimit = static_cast<int32_t>(n);
  } else if (a == "--world") {
    const std::string* v = value();
    if (v == nullptr) return true;
    if (!parseWorld(*v, c.world)) bad = true;
  } else if (a == "--sides-per-round") {
    const std::string* v = value();
    if (v == nullptr) return true;
    if (!parseInt(*v, 0, 100000, n)) bad = true;
    c.world.seedLimit = static_cast<int32_t>(n);
  } else if (a == "--seed") {
    const std::string* v = value();
    if (v == nullptr) return true;
    if (!parseInt(*v, 0, INT64_MAX, n)) bad = true;
    c.seed = static_cast<uint64_t>(n);
  } else {
    return false;
  }
  if (bad) std::fprintf(stderr, "chronon: bad value for %s\n", a.c_str());
  return true;
}


}  // namespace

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
      std::fprintf(stderr, "chronon %s: --game needs a value (grobots or robowar)\n", command);
      return std::nullopt;
    }
    const std::string value = a == "--game" ? args[++i] : a.substr(std::string_view("--game=").size());
    if (value == "grobots") {
      chosen = Game::kGrobots;
    } else if (value == "robowar") {
      chosen = Game::kRoboWar;
    } else {
      std::fprintf(stderr, "chronon %s: unknown game '%s' (grobots, robowar)\n", command, value.c_str());
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
    if (isSidePath(a)) sides = true;
    std::error_code ec;
    if (!std::filesystem::is_directory(a, ec)) continue;
    for (const auto& entry : std::filesystem::directory_iterator(a, ec)) {
      if (isSidePath(entry.path().string())) {
        sides = true;
      } else if (entry.is_regular_file(ec) && arena::robowar::isRobotFileName(entry.path())) {
        ++robotsInFolders;
      }
    }
  }
  if (!sides) return Game::kRoboWar;
  if (robotsInFolders > 0) {
    std::fprintf(stderr,
                 "chronon %s: note: playing the Grobots sides; %d RoboWar robot%s (.rtk, .txt, .rwr) in the same "
                 "folder %s left out (add --game robowar to play %s instead)\n",
                 command, robotsInFolders, robotsInFolders == 1 ? "" : "s", robotsInFolders == 1 ? "was" : "were",
                 robotsInFolders == 1 ? "it" : "them");
  }
  return Game::kGrobots;
}

int runGrobotsBattle(const Args& args) {
  Common c;
  int64_t every = 500;
  bool prints = false;
  std::string replayPath;
  std::vector<std::string> watchNames;
  for (size_t i = 0; i < args.size(); ++i) {
    bool bad = false;
    const std::string& a = args[i];
    if (a == "--help" || a == "-h") {
      std::printf(kBattleUsage, kEngineUsage);
      return 0;
    }
    if (commonOption(args, i, c, bad)) {
      if (bad) return 2;
      continue;
    }
    if (a == "--every" && i + 1 < args.size()) {
      if (!parseInt(args[++i], 0, 1000000000, every)) {
        std::fprintf(stderr, "chronon battle: bad value for --every\n");
        return 2;
      }
    } else if (a == "--prints") {
      prints = true;
    } else if ((a == "--replay" || a == "--watch") && i + 1 < args.size()) {
      (a == "--replay" ? replayPath : watchNames.emplace_back()) = args[++i];
    } else if (!a.empty() && a[0] == '-') {
      std::fprintf(stderr, "chronon battle: unknown option '%s' (see --help)\n", a.c_str());
      return 2;
    } else {
      c.positional.push_back(a);
    }
  }
  std::vector<LoadedSide> loaded = loadSides(sidePaths(c.positional));
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
  c.world.keepPrints = prints || !replayPath.empty();
  prepareEngine(c.engine, sides);
  c.world.engine = &c.engine.engine();
  const auto seed = static_cast<int32_t>(static_cast<uint32_t>(c.seed));
  gb::World world(sides, c.world, seed);
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
    recorder.emplace(world, entrants, seed, c.engine.jitRequested ? "jit" : "interpreter", watch, output->sink());
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
    if (!output->finish(title + " (seed " + std::to_string(c.seed) + ")")) return 1;
  }
  if (every == 0 || world.frame() % every != 0) biomassLine();
  std::vector<std::string> names;
  for (const grobocode::Side* side : sides) names.push_back(side->name);
  std::fputs(gb::formatRoundResults(world.outcome(), names).c_str(), stdout);
  printEngineStats(c.engine);
  return finishCommand(c.engine, 0);
}

}  // namespace chronon::cli
