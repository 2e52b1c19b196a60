// `chronon ladder`: a persistent ladder of RoboWar robots or Grobots sides in an SQLite file (ladder/,
// docs/ladder.md). Parsed with CLI11; the database, the scheduling and the ratings are in the ladder
// library, the battles and their records in arena/; what differs between the games is behind
// LadderGame (ladder_game.h), chosen once by the ladder's game.

#include <CLI/CLI.hpp>
#include <cstdio>
#include <filesystem>
#include <map>
#include <stdexcept>
#include <string>

#include "chronon/arena/grobots_tournament.h"
#include "chronon/arena/tournament_records.h"
#include "chronon/ladder/grobots_ladder.h"
#include "chronon/ladder/ladder.h"
#include "chronon/ladder/ladder_import.h"
#include "chronon/ladder/ladder_page.h"
#include "command_line.h"
#include "commands.h"
#include "engine_option.h"
#include "ladder_game.h"
#include "replay_output.h"
#include "tournament_command.h"

namespace chronon::cli {

namespace {

namespace gb = chronon::arena::grobots;
namespace ld = chronon::ladder;

// Matches stored per batch: a batch is one rating period and one transaction, so a killed run loses
// at most the batch it was playing.
constexpr int kBatch = 100;

constexpr const char* kDescription =
    "A persistent ladder of RoboWar robots or Grobots sides (init --game) in an SQLite file DB\n"
    "(docs/ladder.md): robots enter and leave over time (a new version of a robot replaces the old\n"
    "entry, linked to it), duels (RoboWar bouts, Grobots rounds of two sides) are scheduled where\n"
    "pairings have the fewest matches, every result is stored with its match record, and Glicko-2\n"
    "ratings (rating, deviation, volatility) are updated once per batch of 100 duels, in match order,\n"
    "beside the game's own score (RoboWar points, Grobots biomass).\n";

// The ladder's game: the one place the ladder chooses by game (ladder_game.h).
const LadderGame& gameOf(const ld::Ladder& ladder) {
  switch (ladder.game()) {
    case ld::GameKind::kRoboWar: return roboWarLadder();
    case ld::GameKind::kGrobots: return grobotsLadder();
  }
  return roboWarLadder();
}

int add(ld::Ladder& ladder, const std::vector<std::string>& inputs) {
  const LadderGame& game = gameOf(ladder);
  int added = 0;
  int status = 0;
  for (const std::string& path : game.entryFiles(inputs)) {
    const std::optional<std::string> name = game.check(path);
    if (!name) {
      status = 1;
      continue;
    }
    std::string note;
    std::string error;
    const std::optional<int64_t> id = ladder.add(*name, std::filesystem::path(path).filename().string(),
                                                 readWholeFile(path).value_or(""), note, error);
    if (!id) {
      std::fprintf(stderr, "chronon ladder: %s\n", error.c_str());
      return 1;
    }
    if (!note.empty()) std::fprintf(stderr, "note: %s\n", note.c_str());
    ++added;
  }
  std::printf("%d %s%s entered\n", added, game.entryWord(), added == 1 ? "" : "s");
  return status;
}

// The next `count` duels (ladder.schedule) as match records of `header`'s robots, with the ids and
// seeds the ladder gives them; `pairs` gets the entries of each.
std::vector<nlohmann::json> nextDuels(const ld::Ladder& ladder, const nlohmann::json& header, int count,
                                      std::map<int64_t, int>& index, std::vector<std::pair<int64_t, int64_t>>& pairs) {
  const LadderGame& game = gameOf(ladder);
  pairs = ladder.schedule(count);
  const int64_t first = ladder.nextMatchId();
  std::vector<nlohmann::json> matches;
  for (size_t k = 0; k < pairs.size(); ++k) {
    matches.push_back(
        game.duel(first + static_cast<int64_t>(k), index[pairs[k].first], index[pairs[k].second], header));
  }
  return matches;
}

int plan(ld::Ladder& ladder, int matches) {
  const std::vector<ld::Robot> robots = ladder.robots(true);
  if (robots.size() < 2) {
    std::fprintf(stderr, "chronon ladder: the ladder needs at least two active %ss\n", gameOf(ladder).entryWord());
    return 1;
  }
  std::map<int64_t, int> index;
  const nlohmann::json header = gameOf(ladder).planHeader(ladder, robots, index);
  std::vector<std::pair<int64_t, int64_t>> pairs;
  printLine(header.dump());
  for (const nlohmann::json& match : nextDuels(ladder, header, matches, index, pairs)) printLine(match.dump());
  return 0;
}

int run(ld::Ladder& ladder, int matches, int threads, EngineChoice& engines) {
  const LadderGame& game = gameOf(ladder);
  const std::vector<ld::Robot> robots = ladder.robots(true);
  if (robots.size() < 2) {
    std::fprintf(stderr, "chronon ladder: the ladder needs at least two active %ss\n", game.entryWord());
    return 1;
  }
  // The active robots as a plan header, compiled as a tournament compiles them.
  std::map<int64_t, int> index;
  const nlohmann::json header = game.planHeader(ladder, robots, index);
  const std::unique_ptr<DuelPlayer> player = game.player(ladder, header, engines);
  if (!player) return 1;
  ProgressLine line(0);
  int played = 0;
  std::string error;
  while (played < matches) {
    const int count = std::min(kBatch, matches - played);
    std::vector<std::pair<int64_t, int64_t>> pairs;
    const std::vector<nlohmann::json> records = nextDuels(ladder, header, count, index, pairs);
    const std::vector<PlayedDuel> results = player->play(records, threads);
    std::vector<ld::DuelResult> duels;
    for (size_t k = 0; k < results.size(); ++k) {
      nlohmann::json match = records[k];
      match["entries"] = {pairs[k].first, pairs[k].second};
      duels.push_back({pairs[k].first, pairs[k].second, results[k].pointsA, results[k].pointsB, match,
                       arena::records::resultRecord("ladder", match, player->engine(), results[k].outcome)});
    }
    if (!ladder.store(duels, "run", error)) {
      std::fprintf(stderr, "chronon ladder: %s\n", error.c_str());
      return 1;
    }
    played += static_cast<int>(duels.size());
    line.update(static_cast<size_t>(played), static_cast<size_t>(matches));
  }
  std::printf("%d duels played and rated\n", played);
  return finishCommand(engines, 0);
}

int import(ld::Ladder& ladder, const std::vector<std::string>& files) {
  const LadderGame& game = gameOf(ladder);
  const ld::ImportGame rules = ld::importGameOf(ladder);
  ld::ImportedDuels imported;
  for (const std::string& file : files) {
    std::string error;
    std::optional<arena::records::Lines> lines = arena::records::readLines(file, false, error);
    if (!lines || !ld::importDuels(ladder, rules, *lines, file, imported, error)) {
      std::fprintf(stderr, "chronon ladder: %s\n", error.c_str());
      return 1;
    }
  }
  const std::vector<ld::DuelResult>& duels = imported.duels;
  const size_t skipped = imported.skipped;
  std::string error;
  if (!ladder.store(duels, "import", error)) {
    std::fprintf(stderr, "chronon ladder: %s\n", error.c_str());
    return 1;
  }
  if (skipped > 0) std::fprintf(stderr, "note: %zu results of more than two %ss left out\n", skipped, game.entryWord());
  std::printf("%zu duels imported and rated\n", duels.size());
  return 0;
}

// A rating as rebuild prints it: rating, deviation and volatility, or "none".
std::string ratingText(const std::optional<ld::Rating>& r) {
  if (!r) return "none";
  char text[96];
  std::snprintf(text, sizeof text, "%.6f %.6f %.8f", r->rating, r->deviation, r->volatility);
  return text;
}

int rebuild(ld::Ladder& ladder, bool write) {
  std::string error;
  const std::optional<ld::RebuildReport> report = ladder.rebuild(write, error);
  if (!report) {
    std::fprintf(stderr, "chronon ladder: %s\n", error.c_str());
    return 1;
  }
  for (const ld::RatingDifference& d : report->differences) {
    const std::string where = d.batch == 0 ? "current rating" : "batch " + std::to_string(d.batch);
    std::printf("differs: entry %lld, %s\n  stored:     %s\n  recomputed: %s\n", static_cast<long long>(d.robot),
                where.c_str(), ratingText(d.stored).c_str(), ratingText(d.recomputed).c_str());
  }
  std::printf("recomputed %lld ratings over %lld batches: %zu differ%s\n", static_cast<long long>(report->ratings),
              static_cast<long long>(report->batches), report->differences.size(),
              write && !report->differences.empty() ? "; the recomputed ratings are stored" : "");
  return report->differences.empty() || write ? 0 : 1;
}

// Plays stored duels again (all, or `sample` drawn with `seed`) and prints each whose outcome differs.
int verify(ld::Ladder& ladder, int sample, uint64_t seed, int threads) {
  const LadderGame& game = gameOf(ladder);
  const std::vector<ld::MatchRow> rows = ladder.matches();
  std::map<size_t, const nlohmann::json*> byIndex;
  std::vector<nlohmann::json> results;
  results.reserve(rows.size());
  for (const ld::MatchRow& row : rows) {
    results.push_back(nlohmann::json::parse(row.result));
    results.back()["ladderMatch"] = row.id;
  }
  for (size_t i = 0; i < results.size(); ++i) byIndex[i] = &results[i];
  const std::vector<const nlohmann::json*> chosen = sampleResults(byIndex, sample, seed);
  // Every robot that played, by hash, compiled once.
  const std::vector<ld::Robot> robots = ladder.robots(false);
  std::map<int64_t, int> place;
  const nlohmann::json header = game.planHeader(ladder, robots, place);
  std::map<std::string, int> index;
  for (const ld::Robot& r : robots) index[r.hash] = place[r.id];
  std::vector<nlohmann::json> matches;
  for (const nlohmann::json* r : chosen) {
    const nlohmann::json& hashes = (*r)["match"].at("hashes");
    matches.push_back(game.renumber((*r)["match"], (*r)["ladderMatch"].get<int64_t>(),
                                    index.at(hashes.at(0).get<std::string>()),
                                    index.at(hashes.at(1).get<std::string>())));
  }
  EngineChoice engines;
  const std::unique_ptr<DuelPlayer> player = game.player(ladder, header, engines);
  if (!player) return 1;
  const std::vector<PlayedDuel> fresh = player->play(matches, threads);
  size_t differ = 0;
  for (size_t i = 0; i < fresh.size(); ++i) {
    const nlohmann::json& again = fresh[i].outcome;
    if ((*chosen[i])["outcome"] != again) {
      ++differ;
      std::printf("differs: ladder match %lld\n  recorded: %s\n  re-run:   %s\n",
                  static_cast<long long>((*chosen[i])["ladderMatch"].get<int64_t>()),
                  (*chosen[i])["outcome"].dump().c_str(), again.dump().c_str());
    }
  }
  std::printf("verified %zu of %zu duels: %zu differ\n", fresh.size(), rows.size(), differ);
  return finishCommand(engines, differ == 0 ? 0 : 1);
}

// What every game's `standings --json` row holds: the entry, its rating and its duels; `rank` is 0
// for a retired entry.
nlohmann::json standingRow(const ld::Standing& s, int rank) {
  return {{"rank", rank},
          {"robot", s.robot.name},
          {"entry", s.robot.id},
          {"active", s.robot.active},
          {"previous", s.robot.previous},
          {"hash", s.robot.hash},
          {"rating", s.rating.rating},
          {"deviation", s.rating.deviation},
          {"volatility", s.rating.volatility},
          {"matches", s.matches},
          {"wins", s.wins},
          {"draws", s.draws},
          {"losses", s.losses}};
}

// The standings of a Grobots ladder: ratings and duels as for RoboWar, and the tournament's own
// columns (arena::grobots::standings over each side's duels) in place of points.
int printGrobotsStandings(ld::Ladder& ladder, std::vector<ld::Standing>& table, bool json, bool csv) {
  std::map<int64_t, gb::Standing> own = ld::grobotsStandings(ladder);
  if (json) {
    nlohmann::json out = nlohmann::json::array();
    int rank = 0;
    for (const ld::Standing& s : table) {
      const gb::Standing& g = own[s.robot.id];
      out.push_back(standingRow(s, s.robot.active ? ++rank : 0));
      out.back().update({{"score", g.score},
                         {"error", g.error},
                         {"survival", g.survival},
                         {"kills", g.kills},
                         {"brainErrors", g.brainErrors}});
    }
    std::printf("%s\n", out.dump(2).c_str());
    return 0;
  }
  if (csv) {
    std::printf("rank,side,entry,active,rating,deviation,volatility,matches,wins,draws,losses,score,survival,kills\n");
  } else {
    std::printf("%4s  %-20s %6s %8s %9s %10s %8s %6s %6s %6s %7s %8s\n", "Rank", "Side", "Entry", "Rating", "Deviation",
                "Volatility", "Matches", "Wins", "Draws", "Losses", "Score", "Survival");
  }
  int rank = 0;
  for (const ld::Standing& s : table) {
    const std::string place = s.robot.active ? std::to_string(++rank) : "-";
    const gb::Standing& g = own[s.robot.id];
    if (csv) {
      std::printf("%s,\"%s\",%lld,%d,%.2f,%.2f,%.6f,%lld,%lld,%lld,%lld,%.4f,%.4f,%.4f\n", place.c_str(),
                  s.robot.name.c_str(), static_cast<long long>(s.robot.id), s.robot.active ? 1 : 0, s.rating.rating,
                  s.rating.deviation, s.rating.volatility, static_cast<long long>(s.matches),
                  static_cast<long long>(s.wins), static_cast<long long>(s.draws), static_cast<long long>(s.losses),
                  g.score, g.survival, g.kills);
    } else {
      std::printf("%4s  %-20s %6lld %8.1f %9.1f %10.6f %8lld %6lld %6lld %6lld %6.1f%% %7.0f%%\n", place.c_str(),
                  s.robot.name.c_str(), static_cast<long long>(s.robot.id), s.rating.rating, s.rating.deviation,
                  s.rating.volatility, static_cast<long long>(s.matches), static_cast<long long>(s.wins),
                  static_cast<long long>(s.draws), static_cast<long long>(s.losses), 100 * g.score, 100 * g.survival);
    }
  }
  return 0;
}

int standings(ld::Ladder& ladder, bool json, bool csv, const std::string& html, const std::string& db) {
  std::vector<ld::Standing> table = ladder.standings();
  const bool grobots = ladder.game() == ld::GameKind::kGrobots;
  if (!html.empty()) {
    std::map<int64_t, std::vector<std::pair<int64_t, ld::Rating>>> history;
    for (const ld::Standing& s : table) history[s.robot.id] = ladder.ratingHistory(s.robot.id);
    if (grobots) {
      // The page's last column is the tournament's score: the mean share of the final biomass.
      std::map<int64_t, gb::Standing> own = ld::grobotsStandings(ladder);
      for (ld::Standing& s : table) {
        char text[32];
        std::snprintf(text, sizeof text, "%.1f%%", 100 * own[s.robot.id].score);
        s.score = text;
      }
    }
    const std::string title = "Ladder " + std::filesystem::path(db).filename().string();
    if (!writeWholeFile(html, ld::standingsPage(title, table, history, chartScript(), grobots ? "Score" : "Points")))
      return 1;
    std::fprintf(stderr, "standings page written to %s\n", html.c_str());
  }
  if (grobots) return printGrobotsStandings(ladder, table, json, csv);
  if (json) {
    nlohmann::json out = nlohmann::json::array();
    int rank = 0;
    for (const ld::Standing& s : table) {
      out.push_back(standingRow(s, s.robot.active ? ++rank : 0));
      out.back()["points"] = s.points;
    }
    std::printf("%s\n", out.dump(2).c_str());
    return 0;
  }
  if (csv) std::printf("rank,robot,entry,active,rating,deviation,volatility,matches,wins,draws,losses,points\n");
  if (!csv)
    std::printf("%4s  %-20s %6s %8s %9s %10s %8s %6s %6s %6s %7s\n", "Rank", "Robot", "Entry", "Rating", "Deviation",
                "Volatility", "Matches", "Wins", "Draws", "Losses", "Points");
  int rank = 0;
  for (const ld::Standing& s : table) {
    const std::string place = s.robot.active ? std::to_string(++rank) : "-";
    if (csv) {
      std::printf("%s,\"%s\",%lld,%d,%.2f,%.2f,%.6f,%lld,%lld,%lld,%lld,%lld\n", place.c_str(), s.robot.name.c_str(),
                  static_cast<long long>(s.robot.id), s.robot.active ? 1 : 0, s.rating.rating, s.rating.deviation,
                  s.rating.volatility, static_cast<long long>(s.matches), static_cast<long long>(s.wins),
                  static_cast<long long>(s.draws), static_cast<long long>(s.losses), static_cast<long long>(s.points));
    } else {
      std::printf("%4s  %-20s %6lld %8.1f %9.1f %10.6f %8lld %6lld %6lld %6lld %7lld\n", place.c_str(),
                  s.robot.name.c_str(), static_cast<long long>(s.robot.id), s.rating.rating, s.rating.deviation,
                  s.rating.volatility, static_cast<long long>(s.matches), static_cast<long long>(s.wins),
                  static_cast<long long>(s.draws), static_cast<long long>(s.losses), static_cast<long long>(s.points));
    }
  }
  return 0;
}

int history(ld::Ladder& ladder, const std::string& name) {
  const std::optional<ld::Robot> robot = ladder.robotByName(name);
  if (!robot) {
    std::fprintf(stderr, "chronon ladder: no %s named '%s' in the ladder\n", gameOf(ladder).entryWord(), name.c_str());
    return 1;
  }
  std::map<int64_t, std::string> names;
  for (const ld::Robot& r : ladder.robots(false)) names[r.id] = r.name + " #" + std::to_string(r.id);
  std::printf("%s (entry %lld%s%s)\n", robot->name.c_str(), static_cast<long long>(robot->id),
              robot->active ? "" : ", retired",
              robot->previous != 0 ? (", replaces entry " + std::to_string(robot->previous)).c_str() : "");
  std::printf("ratings by batch:\n");
  for (const auto& [batch, r] : ladder.ratingHistory(robot->id))
    std::printf("  batch %lld: %.1f (deviation %.1f, volatility %.6f)\n", static_cast<long long>(batch), r.rating,
                r.deviation, r.volatility);
  std::printf("duels:\n");
  const LadderGame& game = gameOf(ladder);
  for (const ld::MatchRow& m : ladder.history(robot->id)) {
    const bool first = m.a == robot->id;
    const int mine = first ? m.pointsA : m.pointsB;
    const int theirs = first ? m.pointsB : m.pointsA;
    std::printf("  match %lld (batch %lld) vs %s: %s-%s %s\n", static_cast<long long>(m.id),
                static_cast<long long>(m.batch), names[first ? m.b : m.a].c_str(), game.pointsText(mine).c_str(),
                game.pointsText(theirs).c_str(),
                mine > theirs    ? "won"
                : mine == theirs ? "draw"
                                 : "lost");
  }
  return 0;
}

}  // namespace

int runLadder(const Args& args) {
  const std::unique_ptr<CLI::App> parser = commandApp("ladder", kDescription);
  CLI::App& app = *parser;
  app.require_subcommand(1);
  std::string db;
  uint64_t seed = 1;
  std::vector<std::string> inputs;
  int matches = 100;
  int threads = 0;
  std::string engine = "interp";
  bool stats = false;
  bool json = false;
  bool csv = false;
  std::string robot;

  CLI::App* init =
      app.add_subcommand("init", "make a new, empty ladder file DB of RoboWar robots (default) or Grobots sides");
  init->add_option("db", db, "the ladder's SQLite file")->required()->type_name("DB");
  init->add_option("--seed", seed, "the seed every match's seed derives from (default 1)")->type_name("N");
  std::string game = "robowar";
  init->add_option("--game", game, "robowar | grobots: the game the ladder plays (default robowar)")
      ->check(CLI::IsMember({"robowar", "grobots"}))
      ->type_name("G");
  int frames = 18000;
  init->add_option("--frames", frames, "Grobots: frame limit of every round (default 18000; 0 = none)")
      ->check(CLI::Range(0, 1000000000))
      ->type_name("N");
  std::string world = "10x10";
  init->add_option("--world", world, "Grobots: WxH, world size in tiles of 10 units (default 10x10)")
      ->check([](const std::string& text) {
        gb::WorldOptions options;
        return parseWorld(text, options) ? std::string() : "a world size is WxH, each from 1 to 1000";
      })
      ->type_name("WxH");
  CLI::App* addCmd =
      app.add_subcommand("add", "enter robots or sides (files or folders); a new version replaces the old");
  addCmd->add_option("db", db, "the ladder's SQLite file")->required()->type_name("DB");
  addCmd->add_option("robots", inputs, "robot (or side) files or folders")->required()->type_name("ROBOT");
  CLI::App* runCmd = app.add_subcommand("run", "play the next duels where pairings are thinnest, and rate them");
  runCmd->add_option("db", db, "the ladder's SQLite file")->required()->type_name("DB");
  runCmd->add_option("--matches", matches, "duels to play (default 100)")
      ->check(CLI::Range(1, 10000000))
      ->type_name("N");
  runCmd->add_option("-j,--threads", threads, "worker threads (default: all cores)")
      ->check(CLI::Range(0, 256))
      ->type_name("N");
  runCmd
      ->add_option("--engine", engine,
                   std::string("interp (default) | jit: the same results either way") + kJitLibraryHelp)
      ->check(CLI::IsMember({"interp", "jit"}))
      ->type_name("E");
  runCmd->add_flag("--stats", stats, "print JIT compile times and cache hits to stderr");
  CLI::App* planCmd = app.add_subcommand(
      "plan",
      "print the next duels as a tournament plan, for chronon tournament play on other machines and ladder import");
  planCmd->add_option("db", db, "the ladder's SQLite file")->required()->type_name("DB");
  planCmd->add_option("--matches", matches, "duels to plan (default 100)")
      ->check(CLI::Range(1, 10000000))
      ->type_name("N");
  CLI::App* standingsCmd = app.add_subcommand("standings", "print the ratings and points of every entry");
  standingsCmd->add_option("db", db, "the ladder's SQLite file")->required()->type_name("DB");
  auto* jsonFlag = standingsCmd->add_flag("--json", json, "as JSON");
  standingsCmd->add_flag("--csv", csv, "as CSV")->excludes(jsonFlag);
  std::string html;
  standingsCmd
      ->add_option("--html", html, "also write a standings page with a chart of the ratings after each batch to FILE")
      ->type_name("FILE");
  CLI::App* historyCmd = app.add_subcommand("history", "a robot's duels and its rating after each batch");
  historyCmd->add_option("db", db, "the ladder's SQLite file")->required()->type_name("DB");
  historyCmd->add_option("robot", robot, "the robot's name (its latest entry)")->required()->type_name("ROBOT");
  CLI::App* verifyCmd = app.add_subcommand("verify", "play stored duels again and report any whose result differs");
  verifyCmd->add_option("db", db, "the ladder's SQLite file")->required()->type_name("DB");
  int sample = 0;
  verifyCmd->add_option("--sample", sample, "check N duels drawn at random (default: all)")
      ->check(CLI::Range(0, INT32_MAX))
      ->type_name("N");
  verifyCmd->add_option("--seed", seed, "seed of the sample's draw (default 1)")->type_name("N");
  verifyCmd->add_option("-j,--threads", threads, "worker threads (default: all cores)")
      ->check(CLI::Range(0, 256))
      ->type_name("N");
  CLI::App* rebuildCmd = app.add_subcommand(
      "rebuild",
      "recompute every rating from the stored duels and report any that differs from the stored one (exit 1)");
  rebuildCmd->add_option("db", db, "the ladder's SQLite file")->required()->type_name("DB");
  bool write = false;
  rebuildCmd->add_flag("--write", write, "store the recomputed ratings in place of those that differ (exit 0)");
  CLI::App* importCmd =
      app.add_subcommand("import", "store duel results played elsewhere (chronon tournament play), matched by hash");
  importCmd->add_option("db", db, "the ladder's SQLite file")->required()->type_name("DB");
  importCmd->add_option("files", inputs, "result files, and optionally their plan (whose rules are then checked)")
      ->required()
      ->type_name("FILE");
  if (const std::optional<int> status = parseCommandLine(app, args)) return *status;
  std::string error;
  if (init->parsed()) {
    const ld::GameKind chosen = ld::gameFromName(game).value_or(ld::GameKind::kRoboWar);
    nlohmann::json rules;
    if (chosen == ld::GameKind::kGrobots) {
      gb::WorldOptions options;
      options.frameLimit = frames;
      parseWorld(world, options);
      rules = ld::grobotsRules(options);
    } else if (init->count("--frames") > 0 || init->count("--world") > 0) {
      return usageError("ladder init", "--frames and --world are rules of a Grobots ladder (--game grobots)");
    }
    if (!ld::Ladder::create(db, seed, chosen, rules, error)) {
      std::fprintf(stderr, "chronon ladder: %s\n", error.c_str());
      return 1;
    }
    if (chosen == ld::GameKind::kGrobots) {
      std::printf("ladder %s made (Grobots, seed %llu, frame limit %d, world %dx%d)\n", db.c_str(),
                  static_cast<unsigned long long>(seed), rules["frameLimit"].get<int>(), rules["width"].get<int>() / 10,
                  rules["height"].get<int>() / 10);
    } else {
      std::printf("ladder %s made (seed %llu)\n", db.c_str(), static_cast<unsigned long long>(seed));
    }
    return 0;
  }
  std::unique_ptr<ld::Ladder> ladder = ld::Ladder::open(db, error);
  if (!ladder) {
    std::fprintf(stderr, "chronon ladder: %s\n", error.c_str());
    return 1;
  }
  try {
    if (addCmd->parsed()) return add(*ladder, inputs);
    if (runCmd->parsed()) {
      EngineChoice engines;
      engines.jitRequested = engine == "jit";
      engines.stats = stats;
      return run(*ladder, matches, threads, engines);
    }
    if (standingsCmd->parsed()) return standings(*ladder, json, csv, html, db);
    if (historyCmd->parsed()) return history(*ladder, robot);
    if (verifyCmd->parsed()) return verify(*ladder, sample, seed, threads);
    if (rebuildCmd->parsed()) return rebuild(*ladder, write);
    if (planCmd->parsed()) return plan(*ladder, matches);
    return import(*ladder, inputs);
  } catch (const nlohmann::json::exception& e) {
    std::fprintf(stderr, "chronon ladder: a record is malformed (%s)\n", e.what());
    return 1;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "chronon ladder: %s\n", e.what());
    return 1;
  }
}

}  // namespace chronon::cli
