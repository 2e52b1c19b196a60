// `chronon tournament`: a RoboWar tournament over robot files, a folder, or a RoboWar 1.5 list.

#include <unistd.h>

#include <atomic>
#include <charconv>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "chronon/arena/robowar_replay.h"
#include "chronon/arena/robowar_tournament.h"
#include "chronon/arena/robowar_tournament_field.h"
#include "chronon/arena/robowar_tournament_report.h"
#include "commands.h"
#include "engine_option.h"
#include "replay_output.h"

namespace chronon::cli {

namespace {

namespace rw = chronon::arena::robowar;

// The usage text before the engine options.
constexpr const char* kUsageHead =
    "usage: chronon tournament [ROBOT... | FOLDER | LISTFILE] [options]\n"
    "\n"
    "Runs a RoboWar tournament (specs/robowar.md §8): every pair duels, random groups of six fight,\n"
    "group scores are normalised to weigh like duel scores, and the top six meet again in the Winners'\n"
    "Circle. A FOLDER enters every .rtk, .txt and .rwr robot in it. A LISTFILE (a .lst/.list file, or a\n"
    "file whose first line is 'SAVE name') is a RoboWar 1.5 tournament list: each listed group of 2-6\n"
    "robots, found by name in the list's folder, fights the number of times on its count line.\n"
    "Robots with compile errors or too much hardware for the category are reported and left out.\n"
    "\n"
    "options:\n"
    "  --seed N           tournament seed (default 1); the same seed gives the same output\n"
    "  -j N               worker threads (default: all cores); results do not depend on it\n"
    "  --duels N          duels per pair (default 3)\n"
    "  --groups N         group draws per robot: robots x N groups of six (default 1)\n"
    "  --group-bouts N    battles per drawn group (default 1)\n"
    "  --basic            no Winners' Circle\n"
    "  --category C       little-league | mortal | titan | unlimited (default unlimited)\n"
    "  --scoring S        mac452 (default) | win516\n"
    "  --max-chronons N   chronon limit of each battle (default 1500)\n"
    "  --json             standings as JSON\n"
    "  --csv              standings as CSV\n"
    "  --log FILE         write the per-bout log (bout phase Robot Score Alive Kills Killer Chronon)\n"
    "  --replays DIR      keep a replay of every bout in DIR (NNNN-phase-robot-robot.replay, NNNN the\n"
    "                     bout's index in the log; docs/replay-format.md); chronon view shows one\n"
    "  --game G           robowar | grobots: the game a folder holding both robots and sides plays\n"
    "                     (default: grobots, with a note saying how many robots were left out)\n"
    "  --help             this text\n";
// The usage text after the engine options.
constexpr const char* kUsageTail =
    "\n"
    "Given Grobots sides (.gb files, or a folder of them) it plays a Grobots tournament instead; its\n"
    "options (--rounds, --frames, --world, --sides-per-round ...) are listed by\n"
    "'chronon tournament SIDE.gb --help'. A folder holding both plays its Grobots sides unless\n"
    "--game robowar is given.\n";

// Runs every bout of `report` again with a recorder (battles are deterministic, so each is the bout
// the standings counted) and writes its replay into `folder`; false after a message on failure.
bool writeReplays(const rw::TournamentReport& report, const rw::Field& field, const rw::TournamentOptions& options,
                  const char* engineName, const std::string& folder) {
  if (!makeFolder(folder, "tournament")) return false;
  std::vector<std::string> bytes;
  for (const std::string& path : field.paths) bytes.push_back(readWholeFile(path).value_or(""));
  std::atomic<bool> ok{true};
  parallelFor(report.bouts.size(), options.threads, [&](size_t b) {
    const rw::Bout& bout = report.bouts[b].bout;
    std::vector<rw::Entry> entries;
    std::vector<arena::replay::Entrant> entrants;
    char index[16];
    std::snprintf(index, sizeof index, "%04zu", bout.index);
    std::vector<std::string> parts{index, rw::phaseName(bout.phase)};
    for (const int r : bout.robots) {
      const rw::Contestant& c = report.contestants[static_cast<size_t>(r)];
      entries.push_back({c.program, c.team});
      entrants.push_back({c.name, field.paths[static_cast<size_t>(r)], bytes[static_cast<size_t>(r)]});
      parts.push_back(c.name);
    }
    ReplayOutput output((std::filesystem::path(folder) / (fileNameOf(parts) + ".replay")).string());
    rw::recordBattle(entries, entrants, bout.seed, options.rules, engineName, output.sink());
    if (!output.finish("")) ok = false;
  });
  if (ok) std::fprintf(stderr, "replays of %zu bouts written to %s\n", report.bouts.size(), folder.c_str());
  return ok;
}

// The whole usage text, engine options included.
std::string usage() { return std::string(kUsageHead) + kEngineUsage + kUsageTail; }

bool parseCount(const std::string& text, int lo, int hi, int& out) {
  int value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size() || value < lo || value > hi) return false;
  out = value;
  return true;
}

bool parseSeed(const std::string& text, uint64_t& out) {
  uint64_t value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size() || text.empty()) return false;
  out = value;
  return true;
}

nlohmann::json toJson(const rw::TournamentReport& report, const rw::Field& field) {
  nlohmann::json standings = nlohmann::json::array();
  int rank = 0;
  for (const rw::Standing& s : report.standings) {
    const rw::Contestant& c = report.contestants[static_cast<size_t>(s.contestant)];
    standings.push_back({{"rank", ++rank},
                         {"robot", s.name},
                         {"path", field.paths[static_cast<size_t>(s.contestant)]},
                         {"team", c.teamName},
                         {"solo", s.solo},
                         {"group", s.group},
                         {"total", s.total},
                         {"wcSolo", s.winnersSolo},
                         {"wcGroup", s.winnersGroup},
                         {"final", s.finalScore},
                         {"inWinnersCircle", s.inWinnersCircle},
                         {"bouts", s.boutsFought},
                         {"wins", s.wins},
                         {"kills", s.kills}});
  }
  nlohmann::json rejected = nlohmann::json::array();
  for (const rw::Rejection& r : field.rejected) rejected.push_back({{"path", r.path}, {"message", r.message}});
  const rw::TournamentOptions& o = report.options;
  return {{"seed", o.seed},
          {"duels", o.numDuels},
          {"groups", o.numGroups},
          {"groupBouts", o.groupBouts},
          {"winnersCircle", report.winnersCircle},
          {"listed", report.listed},
          {"maxChronons", o.rules.maxChronons},
          {"scoring", o.rules.scoring == rw::Scoring::kMac452 ? "mac452" : "win516"},
          {"battles", report.bouts.size()},
          {"notes", report.notes},
          {"rejected", rejected},
          {"standings", standings}};
}

void drawProgress(size_t done, size_t total) {
  const int width = 40;
  const int filled = total == 0 ? width : static_cast<int>(done * width / total);
  std::fprintf(stderr, "\r[%.*s%*s] %zu/%zu battles", filled, "########################################",
               width - filled, "", done, total);
  if (done >= total) std::fputc('\n', stderr);
  std::fflush(stderr);
}

bool writeFile(const std::string& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << text;
  return static_cast<bool>(out);
}

}  // namespace

int runTournament(const Args& arguments) {
  Args args = arguments;
  const std::optional<Game> game = chooseGame("tournament", args);
  if (!game) return 2;
  if (*game == Game::kGrobots) return runGrobotsTournament(args);
  rw::TournamentOptions options;
  chronon::robowar::Category category = chronon::robowar::Category::kUnlimited;
  bool json = false;
  bool csv = false;
  std::string logPath;
  std::string replayDir;
  std::vector<std::string> robots;
  EngineChoice engines;
  bool badEngine = false;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    const auto value = [&](std::string& out) {
      if (i + 1 >= args.size()) {
        std::fprintf(stderr, "chronon tournament: %s needs a value\n", a.c_str());
        return false;
      }
      out = args[++i];
      return true;
    };
    std::string v;
    const auto count = [&](int lo, int hi, int& out) {
      if (!value(v)) return false;
      if (!parseCount(v, lo, hi, out)) {
        std::fprintf(stderr, "chronon tournament: %s wants a whole number from %d to %d, got '%s'\n", a.c_str(), lo, hi,
                     v.c_str());
        return false;
      }
      return true;
    };
    if (a == "--help" || a == "-h") {
      std::fputs(usage().c_str(), stdout);
      return 0;
    } else if (a == "--seed") {
      if (!value(v)) return 2;
      if (!parseSeed(v, options.seed)) {
        std::fprintf(stderr, "chronon tournament: --seed wants a whole number, got '%s'\n", v.c_str());
        return 2;
      }
    } else if (a == "-j") {
      if (!count(1, 256, options.threads)) return 2;
    } else if (a.rfind("-j", 0) == 0 && a.size() > 2) {
      if (!parseCount(a.substr(2), 1, 256, options.threads)) {
        std::fprintf(stderr, "chronon tournament: -j wants a whole number from 1 to 256, got '%s'\n", a.c_str() + 2);
        return 2;
      }
    } else if (a == "--duels") {
      if (!count(0, 1000, options.numDuels)) return 2;
    } else if (a == "--groups") {
      if (!count(0, 1000, options.numGroups)) return 2;
    } else if (a == "--group-bouts") {
      if (!count(1, 1000, options.groupBouts)) return 2;
    } else if (a == "--max-chronons") {
      if (!count(1, 1000000, options.rules.maxChronons)) return 2;
    } else if (a == "--basic") {
      options.basic = true;
    } else if (a == "--json") {
      json = true;
    } else if (a == "--csv") {
      csv = true;
    } else if (a == "--log") {
      if (!value(logPath)) return 2;
    } else if (a == "--replays") {
      if (!value(replayDir)) return 2;
    } else if (a == "--category") {
      if (!value(v)) return 2;
      const auto parsed = chronon::robowar::parseCategory(v);
      if (!parsed) {
        std::fprintf(stderr, "chronon tournament: unknown category '%s' (little-league, mortal, titan, unlimited)\n",
                     v.c_str());
        return 2;
      }
      category = *parsed;
    } else if (a == "--scoring") {
      if (!value(v)) return 2;
      if (v == "mac452") {
        options.rules.scoring = rw::Scoring::kMac452;
      } else if (v == "win516") {
        options.rules.scoring = rw::Scoring::kWin516;
      } else {
        std::fprintf(stderr, "chronon tournament: unknown scoring '%s' (mac452, win516)\n", v.c_str());
        return 2;
      }
    } else if (engineOption(args, i, engines, badEngine)) {
      if (badEngine) return 2;
    } else if (!a.empty() && a[0] == '-') {
      std::fprintf(stderr, "chronon tournament: unknown option '%s'\n\n%s", a.c_str(), usage().c_str());
      return 2;
    } else {
      robots.push_back(a);
    }
  }
  if (json && csv) {
    std::fprintf(stderr, "chronon tournament: choose one of --json and --csv\n");
    return 2;
  }
  if (robots.empty()) {
    std::fputs(usage().c_str(), stderr);
    return 2;
  }

  rw::Field field;
  std::string error;
  if (!rw::loadField(robots, category, field, error)) {
    std::fprintf(stderr, "chronon tournament: %s\n", error.c_str());
    return 1;
  }
  for (const rw::Rejection& r : field.rejected) {
    std::fprintf(stderr, "chronon tournament: left out %s:\n%s", r.path.c_str(), r.message.c_str());
  }
  for (const std::string& note : field.notes) std::fprintf(stderr, "note: %s\n", note.c_str());

  std::vector<NamedProgram> programs;
  for (const rw::Contestant& c : field.contestants) programs.push_back({c.name, c.program});
  prepareRoboTalkEngine(engines, programs, /*background=*/true);
  options.rules.engine = engines.roboTalkEngine();
  rw::ProgressCallback progress;
  if (isatty(fileno(stderr)) != 0) progress = drawProgress;
  rw::TournamentReport report =
      field.listed ? rw::runListedTournament(field.contestants, field.combats, options, {}, progress, error)
                   : rw::runTournament(field.contestants, options, {}, progress, error);
  if (!error.empty()) {
    std::fprintf(stderr, "chronon tournament: %s\n", error.c_str());
    return 1;
  }
  for (const std::string& note : report.notes) std::fprintf(stderr, "note: %s\n", note.c_str());
  printEngineStats(engines);

  if (!replayDir.empty() &&
      !writeReplays(report, field, options, engines.roboTalkJit ? "jit" : "interpreter", replayDir))
    return 1;
  if (!logPath.empty() && !writeFile(logPath, rw::formatBoutLog(report))) {
    std::fprintf(stderr, "chronon tournament: cannot write the log to %s\n", logPath.c_str());
    return 1;
  }
  const std::string table = rw::formatStandingsTable(report);
  if (!field.saveFile.empty()) {
    if (!writeFile(field.saveFile.string(), table)) {
      std::fprintf(stderr, "chronon tournament: cannot write the results to %s\n", field.saveFile.string().c_str());
      return 1;
    }
    std::fprintf(stderr, "results saved to %s\n", field.saveFile.string().c_str());
  }
  if (json) {
    std::fputs((toJson(report, field).dump(2) + "\n").c_str(), stdout);
  } else if (csv) {
    std::fputs(rw::formatStandingsCsv(report).c_str(), stdout);
  } else {
    std::fputs(table.c_str(), stdout);
  }
  return finishCommand(engines, 0);
}

}  // namespace chronon::cli
