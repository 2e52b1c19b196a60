// `chronon replay verify FILE` runs a replay's battle again from its header and checks every recorded
// moment; `chronon view FILE` turns a replay into the self-contained viewer page.

#include <cstdio>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "chronon/arena/grobots_replay.h"
#include "chronon/arena/replay.h"
#include "chronon/arena/robbie_replay.h"
#include "chronon/arena/robowar_replay.h"
#include "chronon/arena/tournament_records.h"
#include "chronon/compiler/robbie.h"
#include "chronon/compiler/robbie_room_file.h"
#include "chronon/compiler/robotalk_assembler.h"
#include "chronon/jit/robbie_jit.h"
#include "command_line.h"
#include "commands.h"
#include "engine_option.h"
#include "replay_output.h"

namespace chronon::cli {

namespace {

namespace replay = arena::replay;

constexpr const char* kReplayDescription =
    "Checks replays (docs/replay-format.md). verify runs each replay's battle again from what its header\n"
    "records (the robots' or sides' files, the rules, the seed) and checks that every recorded moment,\n"
    "event and brain is what the fresh run gives. Either engine may re-run any replay: both give the\n"
    "same battle. Prints one line per file; exit 0 when all match, 1 when one differs or cannot be\n"
    "read, 2 on a usage error.\n";

constexpr const char* kViewDescription =
    "Writes the battle viewer with the replay FILE inside: one self-contained page that opens offline\n"
    "in any browser. The page is FILE with .html for its extension unless -o names it.\n";

// Re-runs a RoboWar battle of the entrants `files` (replay::entrantFiles: each recorded file name
// with its bytes); returns the fresh run's lines or nullopt with `error` set.
std::optional<std::vector<std::string>> rerunRoboWar(const nlohmann::json& header,
                                                     const std::vector<replay::Entrant>& files, EngineChoice& engines,
                                                     std::string& error) {
  std::vector<robotalk::LoadedRobot> robots;
  robots.reserve(files.size());
  for (const replay::Entrant& file : files) {
    // Under its recorded file name, which says whether the bytes are an .RWR file.
    robots.push_back(robotalk::loadRobotBytes(file.path, file.bytes, robotalk::CompileOptions{}));
    if (robots.back().diagnostics.hasErrors()) {
      error = std::filesystem::path(file.path).filename().string() + " no longer compiles";
      return std::nullopt;
    }
  }
  std::vector<arena::robowar::Entry> entries;
  std::vector<replay::Entrant> entrants;
  std::vector<NamedProgram> programs;
  for (size_t i = 0; i < robots.size(); ++i) {
    const nlohmann::json& e = header["entrants"][i];
    entries.push_back({&robots[i].program, e.value("team", 0)});
    entrants.push_back({robots[i].program.name, files[i].path, files[i].bytes});
    programs.push_back({robots[i].program.name, &robots[i].program});
  }
  prepareRoboTalkEngine(engines, programs);
  arena::robowar::Rules rules = arena::robowar::rulesFromJson(header.value("options", nlohmann::json::object()));
  rules.engine = engines.roboTalkEngine();
  std::vector<std::string> lines;
  arena::robowar::recordBattle(entries, entrants, header.value("seed", uint64_t{1}), rules,
                               header.value("engine", "interpreter"),
                               [&](std::string_view l) { lines.emplace_back(l); });
  return lines;
}

// Re-runs a Grobots round of the entrants `files` (replay::entrantFiles).
std::optional<std::vector<std::string>> rerunGrobots(const nlohmann::json& header,
                                                     const std::vector<replay::Entrant>& files, EngineChoice& engines,
                                                     std::string& error) {
  std::vector<SourceFile> texts;
  for (const replay::Entrant& file : files) texts.emplace_back(file.path, file.bytes);
  std::vector<LoadedSide> loaded = arena::grobots::loadSideBytes(std::move(texts)).sides;
  if (loaded.size() != files.size()) {
    error = "a side no longer loads";
    return std::nullopt;
  }
  std::vector<const grobocode::Side*> sides;
  std::vector<replay::Entrant> entrants;
  for (size_t i = 0; i < loaded.size(); ++i) {
    sides.push_back(&loaded[i].result.side);
    entrants.push_back({loaded[i].result.side.name, files[i].path, std::string(loaded[i].file.text())});
  }
  std::vector<int32_t> watch;
  arena::grobots::WorldOptions options =
      arena::grobots::RoundRecorder::optionsFromJson(header.value("options", nlohmann::json::object()), watch);
  options.keepPrints = true;
  prepareEngine(engines, sides);
  options.engine = &engines.engine();
  const auto seed = static_cast<int32_t>(header.value("seed", int64_t{1}));
  std::vector<std::string> lines;
  arena::grobots::World world(sides, options, seed);
  world.startRound();
  arena::grobots::RoundRecorder recorder(world, entrants, seed, header.value("engine", "interpreter"), watch,
                                         [&](std::string_view l) { lines.emplace_back(l); });
  while (!world.finished()) {
    world.step();
    recorder.frame(world.takeMessages());
  }
  recorder.end();
  return lines;
}

// Re-runs a Robbie run of the entrants `files` (replay::entrantFiles): the program, then the room file if any.
std::optional<std::vector<std::string>> rerunRobbie(const nlohmann::json& header,
                                                    const std::vector<replay::Entrant>& files, bool jit,
                                                    std::string& error) {
  robbie::CompileResult compiled = robbie::compile(SourceFile(files[0].path, files[0].bytes));
  if (!compiled.program) {
    error = "the program no longer compiles";
    return std::nullopt;
  }
  robbie::RoomSpec room = robbie::defaultRoom();
  if (files.size() > 1) {
    Diagnostics diagnostics;
    std::optional<robbie::RoomSpec> parsed =
        robbie::parseRoomFile(SourceFile(files[1].path, files[1].bytes), diagnostics);
    if (!parsed) {
      error = "the room file no longer reads";
      return std::nullopt;
    }
    room = std::move(*parsed);
  }
  std::unique_ptr<jit::RobbieJit> robbieJit;
  if (jit) {
    std::string reason;
    robbieJit = jit::RobbieJit::create(reason);
    if (robbieJit) robbieJit->prepare(*compiled.program, files[0].path, &reason);
  }
  robbie::Engine& runner = robbieJit ? static_cast<robbie::Engine&>(*robbieJit) : robbie::interpreterEngine();
  const int64_t steps = header.value("options", nlohmann::json::object()).value("stepLimit", robbie::kDefaultStepLimit);
  std::vector<std::string> lines;
  robbie::recordRun(*compiled.program, room, steps, runner, files, header.value("engine", "interpreter"),
                    [&](std::string_view l) { lines.emplace_back(l); });
  return lines;
}

// Verifies one file; prints its line and returns true when it matches.
bool verifyOne(const std::string& path, EngineChoice& engines) {
  std::string error;
  std::optional<replay::File> file = replay::readFile(path, error);
  if (!file) {
    // readFile's message already names the file.
    std::printf("%s\n", error.c_str());
    return false;
  }
  std::optional<std::vector<replay::Entrant>> files = replay::entrantFiles(file->header, error);
  std::optional<std::vector<std::string>> lines;
  // replay::parse has checked that the game is one of the three.
  const std::string game = file->header["game"].get<std::string>();
  if (files) {
    try {
      if (game == "robowar") {
        lines = rerunRoboWar(file->header, *files, engines, error);
      } else if (game == "grobots") {
        lines = rerunGrobots(file->header, *files, engines, error);
      } else {
        lines = rerunRobbie(file->header, *files, engines.jitRequested, error);
      }
    } catch (const nlohmann::json::exception& e) {
      error = std::string("the header is malformed (") + e.what() + ")";
    }
  }
  if (!lines) {
    std::printf("%s: error: %s\n", path.c_str(), error.c_str());
    return false;
  }
  const replay::Comparison c = replay::compare(*file, *lines);
  const char* engineName = engines.jitRequested ? "jit" : "interpreter";
  if (!file->end && c.moments == static_cast<int64_t>(file->moments.size())) {
    std::printf("%s: error: %s; the %lld moments it has match a fresh run\n", path.c_str(), file->warning.c_str(),
                static_cast<long long>(c.moments));
    return false;
  }
  if (!c.same) {
    std::printf("%s: DIFFERS (re-run with the %s): %s\n", path.c_str(), engineName, c.difference.c_str());
    return false;
  }
  std::string unitName = replay::stringField(file->header, "unit");
  if (unitName.empty()) unitName = "moment";
  std::printf("%s: ok, %lld %ss match (re-run with the %s)\n", path.c_str(), static_cast<long long>(c.moments),
              unitName.c_str(), engineName);
  return true;
}

}  // namespace

int runReplay(const Args& args) {
  EngineChoice engines;
  std::vector<std::string> files;
  const std::unique_ptr<CLI::App> app = commandApp("replay", kReplayDescription);
  app->require_subcommand(1);
  CLI::App* verify = app->add_subcommand("verify", "re-run each replay's battle and check every recorded moment");
  verify->add_option("files", files, "replay files")->required()->type_name("FILE");
  verify
      ->add_option_function<std::string>(
          "--engine", [&engines](const std::string& name) { engines.jitRequested = name == "jit"; },
          std::string("interp (default) | jit: the engine that re-runs the battles") + kJitLibraryHelp)
      ->check(quiet(CLI::IsMember({"interp", "jit"})))
      ->type_name("E");
  if (const std::optional<int> status = parseCommandLine(*app, args)) return *status;
  int status = 0;
  for (const std::string& f : files) {
    // Each file gets its own engines: the JIT's programs belong to one battle's robots.
    EngineChoice perFile;
    perFile.jitRequested = engines.jitRequested;
    if (!verifyOne(f, perFile)) status = 1;
    std::fflush(stdout);
  }
  return status;
}

int runView(const Args& args) {
  std::string input;
  std::string output;
  const std::unique_ptr<CLI::App> app = commandApp("view", kViewDescription);
  app->add_option("file", input, "the replay (docs/replay-format.md)")->required()->type_name("FILE");
  app->add_option("-o,--output", output, "the page to write (default: FILE with .html for its extension)")
      ->type_name("PAGE");
  if (const std::optional<int> status = parseCommandLine(*app, args)) return *status;
  std::string error;
  const std::optional<replay::File> file = replay::readFile(input, error);
  if (!file) {
    std::fprintf(stderr, "chronon view: %s\n", error.c_str());
    return 1;
  }
  if (!file->warning.empty())
    std::fprintf(stderr, "chronon view: warning: %s: %s\n", input.c_str(), file->warning.c_str());
  const std::optional<std::string> bytes = readWholeFile(input);
  if (!bytes) {
    std::fprintf(stderr, "chronon view: cannot read %s\n", input.c_str());
    return 1;
  }
  if (output.empty()) output = std::filesystem::path(input).replace_extension(".html").string();
  if (!writeWholeFile(output, viewerPage(*bytes, replay::entrantTitle(file->header)))) return 1;
  std::printf("%s\n", output.c_str());
  return 0;
}

}  // namespace chronon::cli
