// `chronon ladder`: a persistent RoboWar ladder in an SQLite file (ladder/, docs/ladder.md). Parsed
// with CLI11; the database, the scheduling and the ratings are in the ladder library, the battles and
// their records in arena/.

#include <CLI/CLI.hpp>
#include <cstdio>
#include <filesystem>
#include <map>
#include <string>

#include "chronon/arena/random.h"
#include "chronon/arena/robowar_replay.h"
#include "chronon/arena/robowar_tournament.h"
#include "chronon/arena/robowar_tournament_field.h"
#include "chronon/arena/robowar_tournament_records.h"
#include "chronon/arena/tournament_records.h"
#include "chronon/ladder/ladder.h"
#include "chronon/ladder/ladder_import.h"
#include "chronon/ladder/ladder_page.h"
#include "commands.h"
#include "engine_option.h"
#include "replay_output.h"
#include "tournament_command.h"

namespace chronon::cli {

namespace {

namespace rw = chronon::arena::robowar;
namespace ld = chronon::ladder;

// Matches stored per batch: a batch is one rating period and one transaction, so a killed run loses
// at most the batch it was playing.
constexpr int kBatch = 100;

constexpr const char* kDescription =
    "A persistent RoboWar ladder in an SQLite file DB (docs/ladder.md): robots enter and leave over time\n"
    "(a new version of a robot replaces the old entry, linked to it), duels are scheduled where\n"
    "pairings have the fewest matches, every result is stored with its match record, and Glicko-2\n"
    "ratings (rating, deviation, volatility) are updated once per batch of 100 duels, in match order,\n"
    "beside RoboWar's own points.\n";

// The robot files named by `inputs`: files as given, folders expanded to their robot files by name.
std::vector<std::string> robotFiles(const std::vector<std::string>& inputs) {
  std::vector<std::string> out;
  for (const std::string& input : inputs) {
    std::error_code ec;
    if (!std::filesystem::is_directory(input, ec)) {
      out.push_back(input);
      continue;
    }
    std::vector<std::string> found;
    for (const auto& entry : std::filesystem::directory_iterator(input, ec)) {
      if (entry.is_regular_file(ec) && rw::isRobotFileName(entry.path())) found.push_back(entry.path().string());
    }
    std::sort(found.begin(), found.end());
    out.insert(out.end(), found.begin(), found.end());
  }
  return out;
}

int add(ld::Ladder& ladder, const std::vector<std::string>& inputs) {
  int added = 0;
  int status = 0;
  for (const std::string& path : robotFiles(inputs)) {
    // The robot must compile and be within the hardware rules before it enters.
    rw::Field field;
    std::string error;
    if (!rw::loadField({path}, chronon::robowar::Category::kUnlimited, field, error) || field.contestants.empty()) {
      std::fprintf(stderr, "chronon ladder: left out %s:\n%s", path.c_str(),
                   error.empty() ? field.rejected.front().message.c_str() : (error + "\n").c_str());
      status = 1;
      continue;
    }
    std::string note;
    const std::optional<int64_t> id =
        ladder.add(field.contestants[0].name, std::filesystem::path(path).filename().string(),
                   readWholeFile(path).value_or(""), note, error);
    if (!id) {
      std::fprintf(stderr, "chronon ladder: %s\n", error.c_str());
      return 1;
    }
    if (!note.empty()) std::fprintf(stderr, "note: %s\n", note.c_str());
    ++added;
  }
  std::printf("%d robot%s entered\n", added, added == 1 ? "" : "s");
  return status;
}

// The robots `robots` as the header of a tournament plan (docs/tournament-records.md) under the
// ladder's rules, so that arena/ compiles them and `tournament play` can play the ladder's duels;
// `index` gets each entry's place in it.
nlohmann::json ladderPlan(const ld::Ladder& ladder, const std::vector<ld::Robot>& robots,
                          std::map<int64_t, int>& index) {
  nlohmann::json header = {{"record", "tournament"},
                           {"format", arena::records::kFormatName},
                           {"version", arena::records::kFormatVersion},
                           {"game", "robowar"},
                           {"seed", ladder.seed()},
                           {"duels", 0},
                           {"groups", 0},
                           {"groupBouts", 1},
                           {"basic", true},
                           {"category", "unlimited"},
                           {"rules", rw::rulesJson(rw::Rules{})},
                           {"listed", false},
                           {"robots", nlohmann::json::array()},
                           {"rejected", nlohmann::json::array()},
                           {"notes", {"the next duels of a ladder (chronon ladder plan)"}}};
  for (const ld::Robot& r : robots) {
    nlohmann::json robot = arena::records::robotJson(r.name, r.file, r.bytes);
    robot["team"] = 0;
    robot["teamName"] = "";
    index[r.id] = static_cast<int>(header["robots"].size());
    header["robots"].push_back(std::move(robot));
  }
  return header;
}

// The next `count` duels (ladder.schedule) as bouts of `header`'s robots, with the ids and seeds the
// ladder gives them; `pairs` gets the entries of each.
std::vector<rw::Bout> nextBouts(const ld::Ladder& ladder, int count, std::map<int64_t, int>& index,
                                std::vector<std::pair<int64_t, int64_t>>& pairs) {
  pairs = ladder.schedule(count);
  const int64_t first = ladder.nextMatchId();
  std::vector<rw::Bout> bouts;
  for (size_t k = 0; k < pairs.size(); ++k) {
    const auto id = static_cast<uint64_t>(first + static_cast<int64_t>(k));
    bouts.push_back(rw::Bout{id,
                             rw::BoutPhase::kDuel,
                             {index[pairs[k].first], index[pairs[k].second]},
                             arena::Random::derive(ladder.seed(), id)});
  }
  return bouts;
}

int plan(ld::Ladder& ladder, int matches) {
  const std::vector<ld::Robot> robots = ladder.robots(true);
  if (robots.size() < 2) {
    std::fprintf(stderr, "chronon ladder: the ladder needs at least two active robots\n");
    return 1;
  }
  std::map<int64_t, int> index;
  const nlohmann::json header = ladderPlan(ladder, robots, index);
  std::vector<std::pair<int64_t, int64_t>> pairs;
  printLine(header.dump());
  for (const rw::Bout& bout : nextBouts(ladder, matches, index, pairs)) printLine(rw::matchRecord(bout, header).dump());
  return 0;
}

int run(ld::Ladder& ladder, int matches, int threads, EngineChoice& engines) {
  const std::vector<ld::Robot> robots = ladder.robots(true);
  if (robots.size() < 2) {
    std::fprintf(stderr, "chronon ladder: the ladder needs at least two active robots\n");
    return 1;
  }
  // The active robots as a plan header, compiled as a tournament compiles them.
  std::map<int64_t, int> index;
  const nlohmann::json header = ladderPlan(ladder, robots, index);
  rw::Field field;
  rw::TournamentOptions options;
  std::string error;
  {
    // The robots are written out only to be compiled; the folder goes at once.
    const TempFolder temp;
    if (!rw::fieldFromPlan(header, temp.path, field, options, error)) {
      std::fprintf(stderr, "chronon ladder: %s\n", error.c_str());
      return 1;
    }
  }
  std::vector<NamedProgram> programs;
  for (const rw::Contestant& c : field.contestants) programs.push_back({c.name, c.program});
  prepareRoboTalkEngine(engines, programs, /*background=*/true);
  options.rules.engine = engines.roboTalkEngine();
  const std::string engine = engineName(engines, engines.roboTalkJit != nullptr);
  ProgressLine line(0);
  int played = 0;
  while (played < matches) {
    const int count = std::min(kBatch, matches - played);
    std::vector<std::pair<int64_t, int64_t>> pairs;
    const std::vector<rw::Bout> bouts = nextBouts(ladder, count, index, pairs);
    const std::vector<rw::BoutResult> results = rw::runBouts(field.contestants, bouts, options.rules, threads, {});
    std::vector<ld::DuelResult> duels;
    for (size_t k = 0; k < results.size(); ++k) {
      const rw::BoutResult& r = results[k];
      nlohmann::json match = rw::matchRecord(r.bout, header);
      match["entries"] = {pairs[k].first, pairs[k].second};
      duels.push_back({pairs[k].first, pairs[k].second, r.result.robots[0].points, r.result.robots[1].points, match,
                       arena::records::resultRecord("ladder", match, engine, rw::outcomeJson(r.result))});
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
  ld::ImportedDuels imported;
  for (const std::string& file : files) {
    std::string error;
    std::optional<arena::records::Lines> lines = arena::records::readLines(file, false, error);
    if (!lines || !ld::importDuels(ladder, *lines, file, imported, error)) {
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
  if (skipped > 0) std::fprintf(stderr, "note: %zu results of more than two robots left out\n", skipped);
  std::printf("%zu duels imported and rated\n", duels.size());
  return 0;
}

// Plays stored duels again (all, or `sample` drawn with `seed`) and prints each whose outcome differs.
int verify(ld::Ladder& ladder, int sample, uint64_t seed, int threads) {
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
  nlohmann::json header = {{"record", "tournament"},
                           {"game", "robowar"},
                           {"seed", ladder.seed()},
                           {"duels", 0},
                           {"groups", 0},
                           {"groupBouts", 1},
                           {"basic", true},
                           {"rules", rw::rulesJson(rw::Rules{})}};
  std::map<std::string, int> index;
  for (const ld::Robot& r : ladder.robots(false)) {
    nlohmann::json robot = arena::records::robotJson(r.name, r.file, r.bytes);
    robot["team"] = 0;
    robot["teamName"] = "";
    index[r.hash] = static_cast<int>(header["robots"].size());
    header["robots"].push_back(std::move(robot));
  }
  rw::Field field;
  rw::TournamentOptions options;
  std::string error;
  {
    const TempFolder temp;
    if (!rw::fieldFromPlan(header, temp.path, field, options, error)) {
      std::fprintf(stderr, "chronon ladder: %s\n", error.c_str());
      return 1;
    }
  }
  std::vector<rw::Bout> bouts;
  for (const nlohmann::json* r : chosen) {
    const nlohmann::json& match = (*r)["match"];
    rw::Bout bout{(*r)["ladderMatch"].get<size_t>(), rw::BoutPhase::kDuel, {}, match.at("seed").get<uint64_t>()};
    for (const nlohmann::json& hash : match.at("hashes")) bout.robots.push_back(index.at(hash.get<std::string>()));
    bouts.push_back(std::move(bout));
  }
  const std::vector<rw::BoutResult> fresh = rw::runBouts(field.contestants, bouts, options.rules, threads, {});
  size_t differ = 0;
  for (size_t i = 0; i < fresh.size(); ++i) {
    const nlohmann::json again = rw::outcomeJson(fresh[i].result);
    if ((*chosen[i])["outcome"] != again) {
      ++differ;
      std::printf("differs: ladder match %zu\n  recorded: %s\n  re-run:   %s\n", bouts[i].index,
                  (*chosen[i])["outcome"].dump().c_str(), again.dump().c_str());
    }
  }
  std::printf("verified %zu of %zu duels: %zu differ\n", fresh.size(), rows.size(), differ);
  return differ == 0 ? 0 : 1;
}

int standings(ld::Ladder& ladder, bool json, bool csv, const std::string& html, const std::string& db) {
  const std::vector<ld::Standing> table = ladder.standings();
  if (!html.empty()) {
    std::map<int64_t, std::vector<std::pair<int64_t, ld::Rating>>> history;
    for (const ld::Standing& s : table) history[s.robot.id] = ladder.ratingHistory(s.robot.id);
    const std::string title = "Ladder " + std::filesystem::path(db).filename().string();
    if (!writeWholeFile(html, ld::standingsPage(title, table, history))) return 1;
    std::fprintf(stderr, "standings page written to %s\n", html.c_str());
  }
  if (json) {
    nlohmann::json out = nlohmann::json::array();
    int rank = 0;
    for (const ld::Standing& s : table) {
      out.push_back({{"rank", s.robot.active ? ++rank : 0},
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
                     {"losses", s.losses},
                     {"points", s.points}});
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
    std::fprintf(stderr, "chronon ladder: no robot named '%s' in the ladder\n", name.c_str());
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
  for (const ld::MatchRow& m : ladder.history(robot->id)) {
    const bool first = m.a == robot->id;
    const int mine = first ? m.pointsA : m.pointsB;
    const int theirs = first ? m.pointsB : m.pointsA;
    std::printf("  match %lld (batch %lld) vs %s: %d-%d %s\n", static_cast<long long>(m.id),
                static_cast<long long>(m.batch), names[first ? m.b : m.a].c_str(), mine, theirs,
                mine > theirs    ? "won"
                : mine == theirs ? "draw"
                                 : "lost");
  }
  return 0;
}

}  // namespace

int runLadder(const Args& args) {
  CLI::App app{kDescription, "chronon ladder"};
  app.require_subcommand(1);
  app.option_defaults()->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);
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

  CLI::App* init = app.add_subcommand("init", "make a new, empty ladder file DB");
  init->add_option("db", db, "the ladder's SQLite file")->required()->type_name("DB");
  init->add_option("--seed", seed, "the seed every match's seed derives from (default 1)")->type_name("N");
  CLI::App* addCmd = app.add_subcommand("add", "enter robots (files or folders); a new version replaces the old");
  addCmd->add_option("db", db, "the ladder's SQLite file")->required()->type_name("DB");
  addCmd->add_option("robots", inputs, "robot files or folders")->required()->type_name("ROBOT");
  CLI::App* runCmd = app.add_subcommand("run", "play the next duels where pairings are thinnest, and rate them");
  runCmd->add_option("db", db, "the ladder's SQLite file")->required()->type_name("DB");
  runCmd->add_option("--matches", matches, "duels to play (default 100)")
      ->check(CLI::Range(1, 10000000))
      ->type_name("N");
  runCmd->add_option("-j,--threads", threads, "worker threads (default: all cores)")
      ->check(CLI::Range(0, 256))
      ->type_name("N");
  runCmd->add_option("--engine", engine, "interp | jit (default interp; the same results)")
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
  CLI::App* importCmd =
      app.add_subcommand("import", "store duel results played elsewhere (chronon tournament play), matched by hash");
  importCmd->add_option("db", db, "the ladder's SQLite file")->required()->type_name("DB");
  importCmd->add_option("files", inputs, "result files, and optionally their plan (whose rules are then checked)")
      ->required()
      ->type_name("FILE");
  try {
    std::vector<std::string> reversed(args.rbegin(), args.rend());
    app.parse(reversed);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    std::fprintf(stderr, "chronon ladder: %s\nRun 'chronon ladder --help' for the options.\n", e.what());
    return 2;
  }
  std::string error;
  if (init->parsed()) {
    if (!ld::Ladder::create(db, seed, error)) {
      std::fprintf(stderr, "chronon ladder: %s\n", error.c_str());
      return 1;
    }
    std::printf("ladder %s made (seed %llu)\n", db.c_str(), static_cast<unsigned long long>(seed));
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
    if (planCmd->parsed()) return plan(*ladder, matches);
    return import(*ladder, inputs);
  } catch (const nlohmann::json::exception& e) {
    std::fprintf(stderr, "chronon ladder: a record is malformed (%s)\n", e.what());
    return 1;
  }
}

}  // namespace chronon::cli
