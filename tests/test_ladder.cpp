// Tests of the ladder library (ladder/): Glicko-2 against Glickman's worked example, scheduling where
// pairings are thinnest, new versions replacing old entries, and batches stored atomically; a Grobots
// ladder's rules, duels, points and standings with real rounds, and `chronon ladder` on a Grobots
// ladder end to end (import of `tournament play` shards, verify, rebuild).

#include <sys/wait.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iterator>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include <sqlite3.h>
#include <catch2/catch.hpp>

#include "chronon/arena/grobots_tournament.h"
#include "chronon/arena/grobots_tournament_records.h"
#include "chronon/arena/tournament_records.h"
#include "chronon/compiler/grobocode.h"
#include "chronon/compiler/source.h"
#include "chronon/ladder/glicko2.h"
#include "chronon/ladder/grobots_ladder.h"
#include "chronon/ladder/ladder.h"
#include "chronon/ladder/ladder_game.h"
#include "chronon/ladder/ladder_import.h"
#include "chronon/ladder/ladder_page.h"
#include "chronon/ladder/ladder_play.h"
#include "chronon/ladder/ladder_standings.h"
#include "test_support.h"

namespace {

namespace fs = std::filesystem;
namespace ld = chronon::ladder;

fs::path freshDb(const std::string& name) {
  const fs::path dir = fs::temp_directory_path() / ("chronon-ladder-test-" + name);
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir / "ladder.db";
}

std::string readFile(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// Runs `command` through the shell; its exit status.
int shell(const std::string& command) {
  const int status = std::system(command.c_str());
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

// Changes ladder match `id`'s stored result record in the database file `db` behind the ladder's
// back with `change`; `alsoSet` ("column = ...", or empty) changes the same row further.
void alterStoredResult(const std::string& db, int64_t id, const std::function<void(nlohmann::json&)>& change,
                       const std::string& alsoSet = "") {
  sqlite3* handle = nullptr;
  REQUIRE(sqlite3_open(db.c_str(), &handle) == SQLITE_OK);
  sqlite3_stmt* read = nullptr;
  sqlite3_prepare_v2(handle, ("SELECT result FROM matches WHERE id = " + std::to_string(id)).c_str(), -1, &read,
                     nullptr);
  REQUIRE(sqlite3_step(read) == SQLITE_ROW);
  nlohmann::json record = nlohmann::json::parse(reinterpret_cast<const char*>(sqlite3_column_text(read, 0)));
  sqlite3_finalize(read);
  change(record);
  sqlite3_stmt* write = nullptr;
  const std::string update =
      "UPDATE matches SET result = ?" + (alsoSet.empty() ? "" : ", " + alsoSet) + " WHERE id = " + std::to_string(id);
  sqlite3_prepare_v2(handle, update.c_str(), -1, &write, nullptr);
  const std::string text = record.dump();
  sqlite3_bind_text(write, 1, text.c_str(), -1, SQLITE_TRANSIENT);
  REQUIRE(sqlite3_step(write) == SQLITE_DONE);
  sqlite3_finalize(write);
  sqlite3_close(handle);
}

}  // namespace

TEST_CASE("ladder standings print as a table, CSV and JSON for both games", "[ladder]") {
  ld::Standing first;
  first.robot.id = 3;
  first.robot.name = "we \"x\", y";
  first.rating = {1717.95, 195.07, 0.059998};
  first.matches = 5;
  first.wins = 4;
  first.losses = 1;
  first.points = 8;
  ld::Standing retired;
  retired.robot.id = 1;
  retired.robot.name = "old";
  retired.robot.active = false;
  retired.matches = 2;
  retired.draws = 2;
  const std::vector<ld::Standing> table{first, retired};
  CHECK(ld::formatStandingsTable(table, nullptr) ==
        "Rank  Robot                 Entry   Rating Deviation Volatility  Matches   Wins  Draws Losses  Points\n"
        "   1  we \"x\", y                 3   1718.0     195.1   0.059998        5      4      0      1       8\n"
        "   -  old                       1   1500.0     350.0   0.060000        2      0      2      0       0\n");
  // The name is quoted with its quotes doubled, so that the comma inside stays in the field.
  CHECK(ld::formatStandingsCsv(table, nullptr) ==
        "rank,robot,entry,active,rating,deviation,volatility,matches,wins,draws,losses,points\n"
        "1,\"we \"\"x\"\", y\",3,1,1717.95,195.07,0.059998,5,4,0,1,8\n"
        "-,\"old\",1,0,1500.00,350.00,0.060000,2,0,2,0,0\n");
  const nlohmann::json json = ld::standingsJson(table, nullptr);
  REQUIRE(json.size() == 2);
  CHECK(json[0]["rank"] == 1);
  CHECK(json[0]["robot"] == "we \"x\", y");
  CHECK(json[0]["points"] == 8);
  CHECK(json[1]["rank"] == 0);
  CHECK(json[1]["active"] == false);

  // A Grobots ladder shows the tournament's line of each side instead of points; a side without
  // one shows zeros.
  ld::GrobotsLines lines;
  lines[3].score = 0.9364;
  lines[3].survival = 1;
  lines[3].kills = 0.75;
  lines[3].brainErrors = 2;
  CHECK(
      ld::formatStandingsTable(table, &lines) ==
      "Rank  Side                  Entry   Rating Deviation Volatility  Matches   Wins  Draws Losses   Score Survival\n"
      "   1  we \"x\", y                 3   1718.0     195.1   0.059998        5      4      0      1   93.6%     "
      "100%\n"
      "   -  old                       1   1500.0     350.0   0.060000        2      0      2      0    0.0%       "
      "0%\n");
  CHECK(ld::formatStandingsCsv(table, &lines) ==
        "rank,side,entry,active,rating,deviation,volatility,matches,wins,draws,losses,score,survival,kills\n"
        "1,\"we \"\"x\"\", y\",3,1,1717.95,195.07,0.059998,5,4,0,1,0.9364,1.0000,0.7500\n"
        "-,\"old\",1,0,1500.00,350.00,0.060000,2,0,2,0,0.0000,0.0000,0.0000\n");
  const nlohmann::json grobots = ld::standingsJson(table, &lines);
  CHECK(grobots[0]["score"] == 0.9364);
  CHECK(grobots[0]["brainErrors"] == 2);
  CHECK_FALSE(grobots[0].contains("points"));
  CHECK(grobots[1]["error"] == 1.0);
  // The standings page's last column for a Grobots ladder.
  std::vector<ld::Standing> page = table;
  ld::setGrobotsScores(page, lines);
  CHECK(page[0].score == "93.6%");
  CHECK(page[1].score == "0.0%");
}

TEST_CASE("Glicko-2 reproduces Glickman's worked example", "[ladder]") {
  // "Example of the Glicko-2 system" (Glickman, 2012): a 1500 player with deviation 200 beats a 1400
  // (30) and loses to a 1550 (100) and a 1700 (300).
  const ld::Rating after = ld::update({1500, 200, 0.06}, {{1400, 30, 1}, {1550, 100, 0}, {1700, 300, 0}});
  CHECK(after.rating == Approx(1464.06).margin(0.01));
  CHECK(after.deviation == Approx(151.52).margin(0.01));
  CHECK(after.volatility == Approx(0.05999).margin(0.00001));
  // A period without games: the deviation grows, the rating stays.
  const ld::Rating idle = ld::update({1600, 100, 0.06}, {});
  CHECK(idle.rating == 1600);
  CHECK(idle.deviation > 100);
  CHECK(ld::update({1500, 350, 0.06}, {}).deviation == 350);
}

TEST_CASE("the ladder schedules the thinnest pairings and links new versions to old ones", "[ladder]") {
  const fs::path db = freshDb("schedule");
  std::string error;
  std::string note;
  {
    auto ladder = ld::Ladder::create(db.string(), 9, error);
    REQUIRE(ladder);
    CHECK(ld::Ladder::create(db.string(), 9, error) == nullptr);
  }
  auto ladder = ld::Ladder::open(db.string(), error);
  REQUIRE(ladder);
  CHECK(ladder->seed() == 9);
  const auto a = ladder->add("a", "a.rtk", "a1", note, error);
  const auto b = ladder->add("b", "b.rtk", "b1", note, error);
  const auto c = ladder->add("c", "c.rtk", "c1", note, error);
  REQUIRE((a && b && c));
  CHECK(ladder->add("a", "a.rtk", "a1", note, error) == a);
  CHECK(note.find("entered already") != std::string::npos);
  // Every pair once before any pair twice.
  const auto first = ladder->schedule(3);
  CHECK(std::set<std::pair<int64_t, int64_t>>(first.begin(), first.end()).size() == 3);
  std::vector<ld::DuelResult> results;
  for (const auto& [x, y] : first) results.push_back({x, y, 2, 0, {{"index", 0}}, {{"record", "result"}}});
  REQUIRE(ladder->store(results, "run", error));
  CHECK(ladder->nextMatchId() == 4);
  const auto standings = ladder->standings();
  REQUIRE(standings.size() == 3);
  CHECK(standings[0].rating.rating > 1500);
  CHECK(standings[2].rating.rating < 1500);
  CHECK(standings[0].matches == 2);
  // A new robot meets everyone before the old pairs meet again.
  const auto d = ladder->add("d", "d.rtk", "d1", note, error);
  REQUIRE(d);
  const auto next = ladder->schedule(3);
  for (const auto& [x, y] : next) CHECK((x == *d || y == *d));
  // A new version of "b" retires the old entry and points to it.
  const auto b2 = ladder->add("b", "b.rtk", "b2", note, error);
  REQUIRE(b2);
  CHECK(note.find("replaces entry") != std::string::npos);
  CHECK(ladder->robotByName("b")->id == *b2);
  CHECK(ladder->robotByName("b")->previous == *b);
  CHECK_FALSE(ladder->robotByHash(ladder->robotByName("b")->hash)->previous == 0);
  for (const auto& [x, y] : ladder->schedule(20)) CHECK((x != *b && y != *b));
  CHECK(ladder->history(*a).size() == 2);
  CHECK(ladder->ratingHistory(*a).size() == 1);
  // A failed batch leaves the ladder as it was: a duel of an entry that does not exist.
  CHECK_FALSE(ladder->store({{*a, 999, 1, 0, {}, {}}}, "run", error));
  CHECK(ladder->nextMatchId() == 4);
  fs::remove_all(db.parent_path());
}

TEST_CASE("the ladder library enters robots then plays and verifies their duels in batches", "[ladder]") {
  const fs::path db = freshDb("play");
  const fs::path robots = chronon::test::sourceDir() / "stdlib" / "robowar";
  const fs::path side = chronon::test::sourceDir() / "stdlib" / "grobots" / "algae.gb";
  const fs::path broken = db.parent_path() / "broken.rtk";
  std::ofstream(broken) << "start: nowhere jump\n";
  std::string error;
  REQUIRE(ld::Ladder::create(db.string(), 3, error));
  auto ladder = ld::Ladder::open(db.string(), error);
  REQUIRE(ladder);
  CHECK(&ld::gameOf(*ladder) == &ld::roboWarGame());
  // Two active entries are needed before anything is scheduled.
  CHECK_FALSE(ld::planDuels(*ladder, 5, error));
  CHECK(error == "the ladder needs at least two active robots");

  // A folder gives its robot files by name; a side and a robot that does not compile are left out,
  // each with its reason or the compiler's messages, and the rest enter.
  ld::AddReport report;
  REQUIRE(ld::addEntries(*ladder, {side.string(), robots.string(), broken.string()}, report, error));
  REQUIRE(report.files.size() == 12);
  CHECK(report.files[0].check.reason.find("a Grobots side") == 0);
  CHECK(report.files[1].path == (robots / "corner-camper.rtk").string());
  CHECK(report.files[11].check.diagnostics.find("broken.rtk:1:") != std::string::npos);
  CHECK_FALSE(report.files[11].check.name);
  CHECK(report.added == 10);
  CHECK(report.refused());
  // An entry keeps the bytes its check compiled, the file's; a refused file has none.
  CHECK(report.files[1].check.bytes == chronon::test::readFile(robots / "corner-camper.rtk"));
  CHECK(report.files[11].check.bytes.empty());
  CHECK(ld::grobotsGame().check(side.string()).bytes == chronon::test::readFile(side));
  // The same files again: nothing new, each with the ladder's note.
  ld::AddReport again;
  REQUIRE(ld::addEntries(*ladder, {robots.string()}, again, error));
  CHECK(again.added == 10);
  CHECK_FALSE(again.refused());
  CHECK(again.files[0].note.find("entered already") != std::string::npos);
  CHECK(ladder->robots(true).size() == 10);

  // 130 duels: a full batch and a part, each stored and rated as it ends.
  ld::InterpreterEngines engines;
  std::vector<int> progress;
  const std::optional<int> played = ld::playDuels(
      *ladder, ld::kDuelsPerBatch + 30, 2, engines, [&](int done, int) { progress.push_back(done); }, error);
  REQUIRE(played);
  CHECK(*played == ld::kDuelsPerBatch + 30);
  CHECK(progress == std::vector<int>{ld::kDuelsPerBatch, ld::kDuelsPerBatch + 30});
  CHECK(ladder->ratingHistory(ladder->robots(true)[0].id).size() == 2);
  // Every pairing of ten robots (45 of them) twice before any pairing a third time: each robot's 9
  // pairings twice, and 40 duels more among them all.
  int64_t participations = 0;
  for (const ld::Standing& s : ladder->standings()) {
    CHECK(s.matches >= 18);
    participations += s.matches;
  }
  CHECK(participations == 2 * 130);

  // The next duels as a plan: the ids follow the stored ones, and playing them as a tournament
  // plays the same robots.
  const std::optional<ld::DuelPlan> plan = ld::planDuels(*ladder, 3, error);
  REQUIRE(plan);
  CHECK(plan->header["robots"].size() == 10);
  REQUIRE(plan->matches.size() == 3);
  CHECK(plan->matches[0]["index"] == ladder->nextMatchId());
  CHECK(plan->entries.size() == 3);

  // Playing a sample and then every stored duel again gives the stored outcomes.
  std::optional<ld::VerifyReport> verified = ld::verifyDuels(*ladder, 10, 1, 2, error);
  REQUIRE(verified);
  CHECK(verified->checked == 10);
  CHECK(verified->stored == 130);
  CHECK(verified->differences.empty());
  ladder.reset();
  // A stored outcome changed behind the ladder's back is found.
  alterStoredResult(db.string(), 7, [](nlohmann::json& record) { record["outcome"]["chronons"] = -1; });
  ladder = ld::Ladder::open(db.string(), error);
  REQUIRE(ladder);
  verified = ld::verifyDuels(*ladder, 0, 1, 2, error);
  REQUIRE(verified);
  CHECK(verified->checked == 130);
  REQUIRE(verified->differences.size() == 1);
  CHECK(verified->differences[0].match == 7);
  CHECK(verified->differences[0].recorded["chronons"] == -1);
  CHECK(verified->differences[0].again["chronons"] != -1);
  ladder.reset();
  fs::remove_all(db.parent_path());
}

TEST_CASE("rebuild recomputes every stored rating from the stored duels", "[ladder]") {
  const fs::path db = freshDb("rebuild");
  std::string error;
  std::string note;
  auto ladder = ld::Ladder::create(db.string(), 3, error);
  REQUIRE(ladder);
  const auto a = ladder->add("a", "a.rtk", "a1", note, error);
  const auto b = ladder->add("b", "b.rtk", "b1", note, error);
  const auto c = ladder->add("c", "c.rtk", "c1", note, error);
  REQUIRE((a && b && c));
  // Three batches; between them a robot enters and another is replaced, so the rated set changes.
  const auto play = [&](int count, int scoreA) {
    std::vector<ld::DuelResult> results;
    for (const auto& [x, y] : ladder->schedule(count))
      results.push_back({x, y, scoreA, static_cast<int>((x + y) % 3), {{"index", 0}}, {{"record", "result"}}});
    REQUIRE(ladder->store(results, "run", error));
  };
  play(3, 2);
  REQUIRE(ladder->add("d", "d.rtk", "d1", note, error));
  play(5, 1);
  REQUIRE(ladder->add("b", "b.rtk", "b2", note, error));
  play(4, 0);
  const auto before = ladder->standings();
  const std::optional<ld::RebuildReport> report = ladder->rebuild(false, error);
  REQUIRE(report);
  CHECK(report->batches == 3);
  CHECK(report->ratings == 3 + 4 + 4);
  CHECK(report->differences.empty());
  // Writing what agrees changes nothing.
  REQUIRE(ladder->rebuild(true, error));
  const auto after = ladder->standings();
  REQUIRE(after.size() == before.size());
  for (size_t i = 0; i < after.size(); ++i) {
    CHECK(after[i].robot.id == before[i].robot.id);
    CHECK(after[i].rating.rating == before[i].rating.rating);
    CHECK(after[i].rating.deviation == before[i].rating.deviation);
  }
  ladder.reset();
  fs::remove_all(db.parent_path());
}

TEST_CASE("the standings page carries uPlot's chart data and the chart script", "[ladder]") {
  ld::Standing a;
  a.robot.id = 1;
  a.robot.name = "Alpha</script><b>";
  ld::Standing b;
  b.robot.id = 2;
  b.robot.name = "Beta";
  ld::Standing retired;
  retired.robot.id = 3;
  retired.robot.name = "Old";
  retired.robot.active = false;
  const std::map<int64_t, std::vector<std::pair<int64_t, ld::Rating>>> history = {
      {1, {{1, {1510.04, 300, 0.06}}, {2, {1520, 280, 0.06}}}},
      {2, {{2, {1490, 280, 0.06}}}},
      {3, {{1, {1400, 300, 0.06}}}}};
  const nlohmann::json data = ld::chartData({a, b, retired}, history);
  // Batches along x; a line per active robot, null where it has no rating yet; retired entries left out.
  CHECK(data["x"] == nlohmann::json::array({1, 2}));
  REQUIRE(data["lines"].size() == 2);
  CHECK(data["lines"][0]["name"] == "Alpha</script><b>");
  CHECK(data["lines"][0]["values"] == nlohmann::json::array({1510.0, 1520.0}));
  CHECK(data["lines"][1]["values"] == nlohmann::json::array({nullptr, 1490.0}));
  CHECK(data["lines"][0]["color"] != data["lines"][1]["color"]);
  const std::string page = ld::standingsPage("Ladder", {a, b, retired}, history, "var ChrononChart = {};");
  CHECK(page.find("<script>var ChrononChart = {};</script>") != std::string::npos);
  CHECK(page.find("ChrononChart.draw(document, 'chart-data', 'chart')") != std::string::npos);
  // A name never ends the data's script element, and is escaped in the table.
  CHECK(page.find("Alpha</script>") == std::string::npos);
  CHECK(page.find("Alpha<\\/script><b>") != std::string::npos);
  CHECK(page.find("<td>Alpha&lt;/script&gt;&lt;b&gt;</td>") != std::string::npos);
  CHECK(page.find("<polyline") == std::string::npos);
}

TEST_CASE("a Grobots ladder keeps its game and rules and rates real rounds of two sides", "[ladder][grobots]") {
  namespace gb = chronon::arena::grobots;
  const fs::path db = freshDb("grobots");
  std::string error;
  std::string note;
  gb::WorldOptions world;
  world.frameLimit = 400;
  {
    auto roboWar = ld::Ladder::create((db.parent_path() / "robowar.db").string(), 2, error);
    REQUIRE(roboWar);
    CHECK(roboWar->game() == ld::GameKind::kRoboWar);
    CHECK(roboWar->rules().is_null());
    REQUIRE(ld::Ladder::create(db.string(), 5, ld::GameKind::kGrobots, ld::grobotsRules(world), error));
  }
  auto ladder = ld::Ladder::open(db.string(), error);
  REQUIRE(ladder);
  CHECK(ladder->game() == ld::GameKind::kGrobots);
  gb::WorldOptions stored;
  REQUIRE(ld::grobotsWorld(ladder->rules(), stored, error));
  CHECK(stored.frameLimit == 400);
  CHECK(stored.width == world.width);
  CHECK_FALSE(ld::grobotsWorld({{"width", 5}}, stored, error));
  CHECK(ld::gameFromName("grobots") == ld::GameKind::kGrobots);
  CHECK_FALSE(ld::gameFromName("chess"));

  for (const char* name : {"algae", "fighter", "gatherer"}) {
    const fs::path path = chronon::test::sourceDir() / "stdlib" / "grobots" / (std::string(name) + ".gb");
    REQUIRE(ladder->add(name, path.filename().string(), readFile(path), note, error));
  }
  // The duels as a plan's match records: rounds of two sides, seeded by the ladder seed and the id.
  const std::vector<ld::Robot> robots = ladder->robots(true);
  std::map<int64_t, int> index;
  const nlohmann::json header = ld::grobotsPlanHeader(*ladder, robots, index);
  CHECK(header["game"] == "grobots");
  CHECK(header["world"] == ladder->rules());
  std::vector<chronon::grobocode::SideResult> compiled;
  for (const nlohmann::json& side : header["sides"])
    compiled.push_back(chronon::grobocode::compileSide(
        chronon::SourceFile(side["file"].get<std::string>(), side["source"].get<std::string>())));
  std::vector<const chronon::grobocode::Side*> sides;
  for (const auto& c : compiled) {
    REQUIRE(c.loaded());
    sides.push_back(&c.side);
  }
  const auto pairs = ladder->schedule(6);
  const int64_t first = ladder->nextMatchId();
  std::vector<gb::FieldRound> rounds;
  std::vector<nlohmann::json> matches;
  for (size_t k = 0; k < pairs.size(); ++k) {
    const int64_t id = first + static_cast<int64_t>(k);
    const auto match = ld::grobotsDuel(id, index[pairs[k].first], index[pairs[k].second], header);
    REQUIRE(match);
    CHECK((*match)["seed"] == gb::roundSeed(5, static_cast<int32_t>(id)));
    CHECK((*match)["hashes"].size() == 2);
    rounds.push_back({(*match)["seed"].get<int32_t>(), (*match)["sides"].get<std::vector<int32_t>>()});
    matches.push_back(*match);
  }
  CHECK_FALSE(ld::grobotsDuel(int64_t{1} << 40, 0, 1, header));
  const std::vector<gb::RoundOutcome> outcomes = gb::runFieldRounds(sides, stored, rounds, 2, {}, {});
  // A duel is the round runRound plays for its two sides and seed, on any thread count.
  CHECK(gb::outcomeJson(outcomes[0]) == gb::outcomeJson(gb::runRound({sides[static_cast<size_t>(rounds[0].sides[0])],
                                                                      sides[static_cast<size_t>(rounds[0].sides[1])]},
                                                                     stored, rounds[0].seed)));
  std::vector<ld::DuelResult> results;
  for (size_t k = 0; k < outcomes.size(); ++k) {
    REQUIRE(outcomes[k].sides.size() == 2);
    CHECK(outcomes[k].frames <= 400);
    const auto [a, b] = ld::grobotsPoints(outcomes[k]);
    CHECK(a == std::lround(outcomes[k].sides[0].fraction * 1e6));
    // Two sides share the biomass: their points add up to a million unless both died out.
    if (outcomes[k].sides[0].biomass + outcomes[k].sides[1].biomass > 0) CHECK(std::abs(a + b - 1000000) <= 1);
    results.push_back({pairs[k].first,
                       pairs[k].second,
                       a,
                       b,
                       matches[k],
                       {{"record", "result"}, {"outcome", gb::outcomeJson(outcomes[k])}}});
  }
  REQUIRE(ladder->store(results, "run", error));
  const auto table = ladder->standings();
  REQUIRE(table.size() == 3);
  CHECK(table[0].rating.rating >= table[2].rating.rating);
  for (const ld::Standing& s : table) CHECK(s.matches == 4);
  // The game's own columns are the tournament's, over each side's duels.
  const auto own = ld::grobotsStandings(*ladder);
  REQUIRE(own.size() == 3);
  const int64_t algae = robots[0].id;
  std::vector<gb::RoundOutcome> algaeRounds;
  for (size_t k = 0; k < outcomes.size(); ++k) {
    if (pairs[k].first == algae) algaeRounds.push_back({outcomes[k].frames, {outcomes[k].sides[0]}});
    if (pairs[k].second == algae) algaeRounds.push_back({outcomes[k].frames, {outcomes[k].sides[1]}});
  }
  CHECK(own.at(algae).score == gb::standings(algaeRounds, {"algae"})[0].score);
  for (const auto& [id, s] : own) CHECK(s.rounds == 4);
  const auto report = ladder->rebuild(false, error);
  REQUIRE(report);
  CHECK(report->differences.empty());
  ladder.reset();
  fs::remove_all(db.parent_path());
}

TEST_CASE("chronon ladder runs a Grobots ladder end to end", "[ladder][grobots][cli]") {
  const fs::path dir = freshDb("grobots-cli").parent_path();
  const std::string chronon = chronon::test::chrononBinary().string();
  const std::string sides = (chronon::test::sourceDir() / "stdlib" / "grobots").string();
  const std::string db = (dir / "g.db").string();
  const std::string out = (dir / "out.txt").string();
  const std::string err = (dir / "err.txt").string();
  const auto run = [&](const std::string& args) { return shell(chronon + " " + args + " >" + out + " 2>" + err); };
  REQUIRE(run("ladder init " + db + " --game grobots --frames 300 --world 8x8 --seed 3") == 0);
  REQUIRE(run("ladder add " + db + " " + sides + "/algae.gb " + sides + "/fighter.gb " + sides + "/gatherer.gb") == 0);
  CHECK(readFile(out) == "3 sides entered\n");
  // A RoboWar robot in a Grobots ladder, and a side that does not load, are refused with a reason.
  const std::string robot = (chronon::test::sourceDir() / "stdlib" / "robowar" / "dodger.rtk").string();
  CHECK(run("ladder add " + db + " " + robot) == 1);
  CHECK(readFile(err).find("a RoboWar robot; this ladder plays Grobots sides") != std::string::npos);
  {
    std::ofstream broken(dir / "broken.gb");
    broken << "#side Broken\n#type T\n#hardware\nprocessor 10\n#code\n";
  }
  CHECK(run("ladder add " + db + " " + (dir / "broken.gb").string()) == 1);
  CHECK(readFile(err).find("broken.gb") != std::string::npos);
  CHECK(readFile(err).find("does not load") != std::string::npos);
  // ... and a Grobots side in a RoboWar ladder.
  REQUIRE(run("ladder init " + (dir / "r.db").string()) == 0);
  CHECK(run("ladder add " + (dir / "r.db").string() + " " + sides + "/algae.gb") == 1);
  CHECK(readFile(err).find("a Grobots side; this ladder plays RoboWar robots") != std::string::npos);
  CHECK(run("ladder init " + (dir / "x.db").string() + " --frames 300") == 2);

  REQUIRE(run("ladder run " + db + " --matches 6 -j 2") == 0);
  CHECK(readFile(out) == "6 duels played and rated\n");
  // The next duels as a plan, played by `tournament play` in two shards and imported.
  const std::string plan = (dir / "plan.jsonl").string();
  REQUIRE(shell(chronon + " ladder plan " + db + " --matches 3 >" + plan) == 0);
  REQUIRE(shell(chronon + " tournament play --shard 1/2 " + plan + " >" + (dir / "s1.jsonl").string()) == 0);
  REQUIRE(shell(chronon + " tournament play --shard 2/2 " + plan + " >" + (dir / "s2.jsonl").string()) == 0);
  REQUIRE(run("ladder import " + db + " " + plan + " " + (dir / "s1.jsonl").string() + " " +
              (dir / "s2.jsonl").string()) == 0);
  CHECK(readFile(out) == "3 duels imported and rated\n");
  // `tournament verify` checks the shards against the ladder's plan, as it checks a tournament's.
  CHECK(run("tournament verify " + plan + " " + (dir / "s1.jsonl").string() + " " + (dir / "s2.jsonl").string()) == 0);
  CHECK(readFile(out) == "verified 3 of 3 results: 0 differ\n");
  REQUIRE(run("ladder standings " + db + " --json") == 0);
  const nlohmann::json table = nlohmann::json::parse(readFile(out));
  REQUIRE(table.size() == 3);
  int64_t matches = 0;
  for (const nlohmann::json& row : table) {
    matches += row["matches"].get<int64_t>();
    CHECK(row.contains("score"));
    CHECK(row.contains("survival"));
    CHECK_FALSE(row.contains("points"));
  }
  CHECK(matches == 2 * 9);
  REQUIRE(run("ladder standings " + db + " --csv") == 0);
  CHECK(readFile(out).rfind("rank,side,entry,active,rating,deviation,volatility,matches,wins,draws,losses,score,", 0) ==
        0);
  REQUIRE(run("ladder history " + db + " fighter") == 0);
  CHECK(readFile(out).find("%-") != std::string::npos);
  REQUIRE(run("ladder verify " + db + " -j 2") == 0);
  CHECK(readFile(out) == "verified 9 of 9 duels: 0 differ\n");
  REQUIRE(run("ladder rebuild " + db) == 0);
  CHECK(readFile(out).find(": 0 differ") != std::string::npos);
  // A result altered in the database is found by verify; a score altered, by rebuild.
  alterStoredResult(
      db, 4, [](nlohmann::json& record) { record["outcome"]["frames"] = record["outcome"]["frames"].get<int>() + 1; },
      "points_a = CASE WHEN points_a > points_b THEN points_b ELSE points_b + 1 END");
  CHECK(run("ladder verify " + db) == 1);
  CHECK(readFile(out).find("differs: ladder match 4\n") != std::string::npos);
  CHECK(run("ladder rebuild " + db) == 1);
  CHECK(readFile(out).find("batch 1\n") != std::string::npos);
  CHECK(run("ladder rebuild " + db + " --write") == 0);
  CHECK(run("ladder rebuild " + db) == 0);
  fs::remove_all(dir);
}

TEST_CASE("ladder import reads duels by hash and refuses malformed results without throwing", "[ladder]") {
  std::string error;
  auto ladder = ld::Ladder::create(":memory:", 3, error);
  REQUIRE(ladder);
  std::string note;
  const std::optional<int64_t> a = ladder->add("a", "a.rtk", "start: start jump\n", note, error);
  const std::optional<int64_t> b = ladder->add("b", "b.rtk", "go: go jump\n", note, error);
  REQUIRE(a);
  REQUIRE(b);
  const std::string hashA = ladder->robots(true)[0].hash;
  const std::string hashB = ladder->robots(true)[1].hash;
  const ld::ImportGame roboWar = ld::roboWarImport();
  const auto import = [&](const std::string& text, ld::ImportedDuels& out) {
    const auto lines = chronon::arena::records::parseLines(text, "r.jsonl", error);
    REQUIRE(lines);
    return ld::importDuels(*ladder, roboWar, *lines, "r.jsonl", out, error);
  };
  const std::string match = R"({"index":4,"hashes":[")" + hashA + R"(",")" + hashB + R"("]})";
  ld::ImportedDuels good;
  CHECK(import(R"({"record":"result","match":)" + match + R"(,"outcome":{"robots":[{"points":3},{"points":1}]}})" +
                   "\n" + R"({"record":"result","match":{"hashes":["x","y","z"]},"outcome":{"robots":[{},{},{}]}})" +
                   "\n",
               good));
  REQUIRE(good.duels.size() == 1);
  CHECK(good.skipped == 1);
  CHECK(good.duels[0].a == *a);
  CHECK(good.duels[0].pointsA == 3);
  CHECK(good.duels[0].match["entries"] == nlohmann::json({*a, *b}));
  for (const std::string& bad : std::vector<std::string>{
           R"({"record":"result"})",
           R"({"record":"result","match":{"hashes":[1,2]},"outcome":{"robots":[{"points":1},{"points":2}]}})",
           R"({"record":"result","match":)" + match + R"(,"outcome":{"robots":[{"points":1e3},{"points":2}]}})",
           R"({"record":"result","match":)" + match + R"(,"outcome":{"robots":[{"points":99999999999},{"points":2}]}})",
           R"({"record":"tournament","game":["robowar"]})",
       }) {
    INFO(bad);
    ld::ImportedDuels out;
    CHECK_FALSE(import(bad + "\n", out));
    CHECK(error.rfind("r.jsonl: ", 0) == 0);
  }
  ld::ImportedDuels stranger;
  CHECK_FALSE(import(
      R"({"record":"result","match":{"index":0,"hashes":["0","1"]},"outcome":{"robots":[{"points":1},{"points":2}]}})"
      "\n",
      stranger));
  CHECK(error.find("does not have (by hash)") != std::string::npos);
}
