// Tests of tournament records (docs/tournament-records.md): JSON Lines with torn last lines, the
// group-commit appender, shards, the RoboWar and Grobots records' round trips, and tournaments that
// take known results (resume, merge) giving the standings of a run that played everything.

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <fstream>
#include <map>
#include <mutex>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <catch2/catch.hpp>

#include "chronon/arena/entry_files.h"
#include "chronon/arena/grobots_tournament_records.h"
#include "chronon/arena/robowar_tournament_records.h"
#include "chronon/arena/robowar_tournament_report.h"
#include "chronon/arena/tournament_records.h"
#include "chronon/arena/tournament_run_folder.h"
#include "chronon/compiler/grobocode.h"
#include "chronon/compiler/load.h"
#include "test_support.h"

namespace {

namespace fs = std::filesystem;
namespace rw = chronon::arena::robowar;
namespace gb = chronon::arena::grobots;
namespace records = chronon::arena::records;

fs::path tempFolder(const std::string& name) {
  const fs::path dir = fs::temp_directory_path() / ("chronon-records-test-" + name);
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

using chronon::test::readFile;

// The bundled RoboWar robots as a field (with the bytes of each file).
struct BundledField {
  rw::Field field;
};

const BundledField& bundledField() {
  static const BundledField kField = [] {
    BundledField b;
    std::string error;
    const std::vector<std::string> args{(chronon::test::sourceDir() / "stdlib" / "robowar").string()};
    if (!rw::loadField(args, chronon::robowar::Category::kUnlimited, b.field, error)) FAIL(error);
    return b;
  }();
  return kField;
}

rw::TournamentOptions smallOptions() {
  rw::TournamentOptions options;
  options.numDuels = 2;
  options.numGroups = 1;
  options.seed = 17;
  options.threads = 2;
  options.rules.maxChronons = 400;
  return options;
}

// The bundled robots' small tournament (smallOptions), played once, and its plan's header.
struct SmallTournament {
  rw::TournamentReport report;
  nlohmann::json header;
};

const SmallTournament& smallTournament() {
  static const SmallTournament kPlayed = [] {
    const BundledField& b = bundledField();
    const rw::TournamentOptions options = smallOptions();
    SmallTournament t;
    std::string error;
    t.report = rw::runTournament(b.field.contestants, options, {}, {}, error);
    if (!error.empty()) FAIL(error);
    t.header = rw::planHeader(b.field, options, chronon::robowar::Category::kUnlimited);
    return t;
  }();
  return kPlayed;
}

}  // namespace

TEST_CASE("JSON Lines: complete lines are records, a last line without its newline is torn", "[records]") {
  std::string error;
  auto lines = records::parseLines("{\"a\":1}\n\n{\"b\":2}\n{\"c\":", "f", error);
  REQUIRE(lines);
  CHECK(lines->records.size() == 2);
  CHECK(lines->torn);
  CHECK(lines->intactBytes == std::string("{\"a\":1}\n\n{\"b\":2}\n").size());
  lines = records::parseLines("{\"a\":1}\n", "f", error);
  REQUIRE(lines);
  CHECK_FALSE(lines->torn);
  // A damaged line in the middle is not a crash's trace: it is an error naming the line.
  CHECK_FALSE(records::parseLines("{\"a\":1}\nnot json\n{\"b\":2}\n", "f", error));
  CHECK(error == "f:2: not a JSON object");
  CHECK_FALSE(records::parseLines("[1,2]\n", "g", error));
  CHECK_FALSE(records::readLines("/no/such/file.jsonl", false, error));
  REQUIRE(records::readLines("/no/such/file.jsonl", true, error));
}

TEST_CASE("the appender writes every line whole, from many threads, and a torn tail can be cut", "[records]") {
  const fs::path dir = tempFolder("appender");
  const std::string path = (dir / "r.jsonl").string();
  {
    records::Appender out;
    std::string error;
    REQUIRE(out.open(path, error));
    std::vector<std::thread> threads;
    for (int t = 0; t < 4; ++t) {
      threads.emplace_back([&out, t] {
        for (int i = 0; i < 200; ++i) out.append(nlohmann::json{{"t", t}, {"i", i}}.dump());
      });
    }
    for (std::thread& t : threads) t.join();
    CHECK(out.flush());
    CHECK_FALSE(out.failed());
  }
  std::string error;
  auto lines = records::readLines(path, false, error);
  REQUIRE(lines);
  CHECK_FALSE(lines->torn);
  std::set<std::pair<int, int>> seen;
  for (const nlohmann::json& r : lines->records) seen.insert({r["t"].get<int>(), r["i"].get<int>()});
  CHECK(seen.size() == 800);
  // A kill in the middle of a write leaves part of a line; the reader reports it and it is cut off.
  { std::ofstream(path, std::ios::app) << "{\"t\":9,"; }
  lines = records::readLines(path, false, error);
  REQUIRE(lines);
  CHECK(lines->torn);
  REQUIRE(records::truncateFile(path, lines->intactBytes, error));
  lines = records::readLines(path, false, error);
  REQUIRE(lines);
  CHECK_FALSE(lines->torn);
  CHECK(lines->records.size() == 800);
  fs::remove_all(dir);
}

TEST_CASE("shards K/N split the matches into N disjoint parts", "[records]") {
  std::string error;
  CHECK_FALSE(records::parseShard("0/3", error));
  CHECK_FALSE(records::parseShard("4/3", error));
  CHECK_FALSE(records::parseShard("1-3", error));
  CHECK_FALSE(records::parseShard("x/3", error));
  for (int n : {1, 2, 7}) {
    std::vector<int> owners(100, 0);
    for (int k = 1; k <= n; ++k) {
      const auto shard = records::parseShard(std::to_string(k) + "/" + std::to_string(n), error);
      REQUIRE(shard);
      for (size_t i = 0; i < owners.size(); ++i) owners[i] += records::inShard(i, *shard) ? 1 : 0;
    }
    CHECK(std::all_of(owners.begin(), owners.end(), [](int c) { return c == 1; }));
  }
}

TEST_CASE("a sample of results is drawn by its seed in index order; a temporary folder goes with its scope",
          "[records]") {
  std::vector<nlohmann::json> results;
  for (int i = 0; i < 50; ++i) results.push_back({{"index", i}});
  std::map<size_t, const nlohmann::json*> byIndex;
  for (size_t i = 0; i < results.size(); ++i) byIndex[i] = &results[i];
  CHECK(records::sampleResults(byIndex, 0, 1).size() == 50);
  CHECK(records::sampleResults(byIndex, 60, 1).size() == 50);
  const std::vector<const nlohmann::json*> sample = records::sampleResults(byIndex, 10, 7);
  REQUIRE(sample.size() == 10);
  CHECK(std::is_sorted(sample.begin(), sample.end(), [](const nlohmann::json* a, const nlohmann::json* b) {
    return (*a)["index"].get<int>() < (*b)["index"].get<int>();
  }));
  CHECK(std::set<const nlohmann::json*>(sample.begin(), sample.end()).size() == 10);
  CHECK(records::sampleResults(byIndex, 10, 7) == sample);
  CHECK(records::sampleResults(byIndex, 10, 8) != sample);

  fs::path made;
  {
    const records::TempFolder folder("chronon-test-records");
    REQUIRE_FALSE(folder.path.empty());
    made = folder.path;
    CHECK(made.filename().string().rfind("chronon-test-records-", 0) == 0);
    std::ofstream(made / "robot.rtk") << "x";
    CHECK(fs::exists(made / "robot.rtk"));
  }
  CHECK_FALSE(fs::exists(made));
}

TEST_CASE("a run folder keeps the plan and results, refuses a second start and repairs a torn line", "[records]") {
  const records::TempFolder temp("chronon-test-run");
  REQUIRE_FALSE(temp.path.empty());
  const std::string dir = (temp.path / "run").string();
  const nlohmann::json header = {{"record", "tournament"},
                                 {"format", records::kFormatName},
                                 {"version", records::kFormatVersion},
                                 {"game", "robowar"}};
  const nlohmann::json first = {{"record", "match"}, {"index", 0}};
  const nlohmann::json second = {{"record", "match"}, {"index", 1}};
  std::string error;
  {
    records::RunFolder folder;
    REQUIRE(folder.create(dir, header, error));
    REQUIRE(folder.plan({first, second}, error));
    // The same matches again add nothing; another match under a planned index is refused.
    REQUIRE(folder.plan({first}, error));
    nlohmann::json other = second;
    other["seed"] = 3;
    CHECK_FALSE(folder.plan({other}, error));
    CHECK(error.find("match 1 is not the match this tournament plays there") != std::string::npos);
    folder.result({{"record", "result"}, {"match", first}, {"outcome", 1}});
    folder.result({{"record", "result"}, {"match", second}, {"outcome", 2}});
    REQUIRE(folder.finish(error));
  }
  CHECK(readFile(fs::path(dir) / records::kPlanFile).find("\"index\":1") != std::string::npos);
  records::RunFolder again;
  CHECK_FALSE(again.create(dir, header, error));
  CHECK(error == dir + " holds a tournament already; --resume " + dir + " continues it");
  // A crash in the middle of the last result: resume cuts it off and says so.
  const fs::path results = fs::path(dir) / records::kResultsFile;
  const std::string text = readFile(results);
  fs::resize_file(results, text.size() - 5);
  records::RunFolder resumed;
  std::vector<std::string> notes;
  REQUIRE(resumed.resume(dir, notes, error));
  CHECK(resumed.header() == header);
  REQUIRE(resumed.results().size() == 1);
  CHECK(resumed.results()[0]["outcome"] == 1);
  REQUIRE(notes.size() == 1);
  CHECK(notes[0] == results.string() +
                        ": its last line was torn (cut off by a crash); it is removed and its match "
                        "played again");
  CHECK(fs::file_size(results) == text.find('\n') + 1);
  records::RunFolder none;
  CHECK_FALSE(none.resume((temp.path / "nothing").string(), notes, error));
  CHECK(error.find("holds no tournament") != std::string::npos);
}

TEST_CASE("entry files: folders give their robots or sides by name, other arguments stay as given", "[records]") {
  const records::TempFolder folder("chronon-test-entries");
  REQUIRE_FALSE(folder.path.empty());
  for (const char* name : {"b.rtk", "a.TXT", "c.gb", "d.Gb", "notes.md"}) std::ofstream(folder.path / name) << "x";
  fs::create_directory(folder.path / "inner.rtk");
  const std::string dir = folder.path.string();
  CHECK(chronon::arena::entryFiles({dir, "missing.rtk"}, rw::isRobotFileName) ==
        std::vector<std::string>{dir + "/a.TXT", dir + "/b.rtk", "missing.rtk"});
  CHECK(chronon::arena::entryFiles({"x.gb", dir}, chronon::grobocode::isSideFileName) ==
        std::vector<std::string>{"x.gb", dir + "/c.gb", dir + "/d.Gb"});
  CHECK(chronon::grobocode::isSideFileName("side.GB"));
  CHECK_FALSE(chronon::grobocode::isSideFileName("gb"));
  CHECK_FALSE(chronon::grobocode::isSideFileName("side.gbx"));
}

TEST_CASE("a robot's record carries its bytes and refuses ones that do not match its hash", "[records]") {
  const std::string text = "#!!team x\nmain: 1 drop main jump\n";
  nlohmann::json robot = records::robotJson("x", "dir/x.rtk", text);
  std::string error;
  CHECK(records::robotBytes(robot, error) == text);
  const std::string binary("\x00\xff\x80 mac roman \xa5", 15);
  nlohmann::json rwr = records::robotJson("y", "y.rwr", binary);
  CHECK(rwr.contains("sourceBase64"));
  CHECK(records::robotBytes(rwr, error) == binary);
  robot["source"] = text + " ";
  CHECK_FALSE(records::robotBytes(robot, error));
  CHECK(error.find("does not match its hash") != std::string::npos);
}

TEST_CASE("RoboWar outcomes and matches read back to what was written", "[records]") {
  const rw::TournamentReport& report = smallTournament().report;
  const nlohmann::json& header = smallTournament().header;
  std::string error;
  bool sawBuggyOrKill = false;
  for (const rw::BoutResult& r : report.bouts) {
    const nlohmann::json written = rw::outcomeJson(r.result);
    // Through text, as a file carries it.
    const std::optional<rw::Result> back = rw::outcomeFromJson(nlohmann::json::parse(written.dump()), error);
    REQUIRE(back);
    CHECK(rw::outcomeJson(*back) == written);
    REQUIRE(back->robots.size() == r.result.robots.size());
    for (size_t k = 0; k < back->robots.size(); ++k) {
      CHECK(back->robots[k].points == r.result.robots[k].points);
      CHECK(back->robots[k].killer == r.result.robots[k].killer);
      sawBuggyOrKill = sawBuggyOrKill || r.result.robots[k].kills > 0;
    }
    const nlohmann::json match = rw::matchRecord(r.bout, header);
    const std::optional<rw::Bout> bout = rw::boutFromRecord(nlohmann::json::parse(match.dump()), 10, error);
    REQUIRE(bout);
    CHECK(bout->index == r.bout.index);
    CHECK(bout->seed == r.bout.seed);
    CHECK(bout->robots == r.bout.robots);
    CHECK(bout->phase == r.bout.phase);
  }
  CHECK(sawBuggyOrKill);
  // Malformed records are refused with a message, never a crash.
  CHECK_FALSE(rw::outcomeFromJson(nlohmann::json::parse(R"({"chronons":"x"})"), error));
  CHECK_FALSE(rw::outcomeFromJson(nlohmann::json::parse(R"({"chronons":3,"timedOut":false,"robots":[{}]})"), error));
  CHECK_FALSE(
      rw::boutFromRecord(nlohmann::json::parse(R"({"index":1,"phase":"duel","robots":[0,99],"seed":1})"), 10, error));
  CHECK_FALSE(
      rw::boutFromRecord(nlohmann::json::parse(R"({"index":1,"phase":"joust","robots":[0,1],"seed":1})"), 10, error));
}

TEST_CASE("verifying RoboWar results plays their bouts again and lists what they do not confirm", "[records]") {
  const BundledField& b = bundledField();
  const rw::TournamentOptions options = smallOptions();
  const rw::TournamentReport& report = smallTournament().report;
  const nlohmann::json& header = smallTournament().header;
  std::string error;
  const std::string plan = records::planId(header);
  std::vector<nlohmann::json> results;
  for (size_t i = 0; i < 6 && i < report.bouts.size(); ++i) {
    const rw::BoutResult& r = report.bouts[i];
    results.push_back(
        records::resultRecord(plan, rw::matchRecord(r.bout, header), "interpreter", rw::outcomeJson(r.result)));
  }
  // A result whose outcome was changed, and one that claims other robots' bytes.
  results[1]["outcome"]["chronons"] = 1;
  results[4]["match"]["hashes"][0] = "fnv1a64:0000000000000000";
  std::map<size_t, const nlohmann::json*> byIndex;
  REQUIRE(records::resultsByIndex(results, plan, byIndex, error));
  const std::vector<const nlohmann::json*> chosen = records::sampleResults(byIndex, 0, 1);
  const std::optional<std::vector<rw::Bout>> bouts = rw::boutsOfResults(chosen, b.field.contestants.size(), error);
  REQUIRE(bouts);
  REQUIRE(bouts->size() == 6);
  const std::vector<rw::BoutResult> again = rw::runBouts(b.field.contestants, *bouts, options.rules, 2, {});
  const std::vector<records::ResultDifference> differences = rw::unconfirmedResults(chosen, *bouts, again, header);
  REQUIRE(differences.size() == 2);
  CHECK(differences[0].recorded["chronons"] == 1);
  CHECK(differences[0].again == rw::outcomeJson(report.bouts[1].result));
  CHECK(differences[0].match.find("\"index\":1,") != std::string::npos);
  CHECK(differences[0].match.find("hashes") == std::string::npos);
  CHECK(differences[1].recorded == differences[1].again);
  // Known results: each outcome read by index; one whose match is not the stage's bout is dropped
  // with a note, so that the bout is played again.
  std::map<size_t, rw::Result> known;
  REQUIRE(rw::knownResults(byIndex, known, error));
  CHECK(known.size() == 6);
  std::vector<rw::Bout> stage;
  for (size_t i = 0; i < 6; ++i) stage.push_back(report.bouts[i].bout);
  std::vector<std::string> notes;
  const std::vector<nlohmann::json> stageRecords = rw::stageMatches(stage, header, byIndex, known, notes);
  CHECK(stageRecords.size() == 6);
  CHECK(stageRecords[3] == rw::matchRecord(stage[3], header));
  REQUIRE(notes.size() == 1);
  CHECK(notes[0] == "the result of match " + std::to_string(stage[4].index) + " answers another match; left out");
  CHECK(known.count(stage[4].index) == 0);
  CHECK(known.size() == 5);
  nlohmann::json unreadable = results[0];
  unreadable["outcome"] = "?";
  CHECK_FALSE(rw::knownResults({{0, &unreadable}}, known, error));
  CHECK(error.find("the result of match 0: ") == 0);
  // `play` takes the plan's match records only: the bouts they describe, or the first that differs.
  std::vector<nlohmann::json> matches;
  for (size_t i = 0; i < 3; ++i) matches.push_back(rw::matchRecord(report.bouts[i].bout, header));
  const std::optional<std::vector<rw::Bout>> planned =
      rw::boutsOfMatches(matches, b.field.contestants.size(), header, error);
  REQUIRE(planned);
  REQUIRE(planned->size() == 3);
  CHECK(planned->at(2).seed == report.bouts[2].bout.seed);
  matches[1]["hashes"][1] = "fnv1a64:0000000000000000";
  CHECK_FALSE(rw::boutsOfMatches(matches, b.field.contestants.size(), header, error));
  CHECK(error ==
        "match " + std::to_string(report.bouts[1].bout.index) + " does not match the plan's robots (hashes differ)");
  // A record from elsewhere without its hashes is not confirmed either (and reads no missing key).
  nlohmann::json unhashed = results[0];
  unhashed["match"].erase("hashes");
  const std::vector<const nlohmann::json*> lone = {&unhashed};
  CHECK(rw::unconfirmedResults(lone, {bouts->at(0)}, {again[0]}, header).size() == 1);
  // A record whose match does not read is refused before anything plays.
  nlohmann::json broken = results[0];
  broken["match"]["robots"] = {0, 99};
  CHECK_FALSE(rw::boutsOfResults({&broken}, b.field.contestants.size(), error));
  CHECK(error.find("names a robot the plan does not have") != std::string::npos);
  // Results are taken by index, from this plan only, and two that disagree are refused.
  byIndex.clear();
  CHECK_FALSE(records::resultsByIndex(results, "fnv1a64:other", byIndex, error));
  CHECK(error.find("another plan") != std::string::npos);
  std::vector<nlohmann::json> twice = {results[0], results[0]};
  twice[1]["outcome"]["chronons"] = 2;
  byIndex.clear();
  CHECK_FALSE(records::resultsByIndex(twice, plan, byIndex, error));
  CHECK(error.find("disagree") != std::string::npos);
}

TEST_CASE("a RoboWar tournament taking known results gives the standings of one that played them", "[records]") {
  const BundledField& b = bundledField();
  const rw::TournamentOptions options = smallOptions();
  std::string error;
  const rw::TournamentReport full = rw::runTournament(b.field.contestants, options, {}, {}, error);
  REQUIRE(error.empty());
  REQUIRE(full.winnersCircle);

  // Half of the results known (every other bout): the rest is played, and every played bout and
  // every stage is reported.
  rw::ResultLog log;
  for (const rw::BoutResult& r : full.bouts) {
    if (r.bout.index % 2 == 0) log.known[r.bout.index] = r.result;
  }
  std::vector<size_t> stages;
  std::atomic<size_t> played{0};
  log.planned = [&](const std::vector<rw::Bout>& bouts) { stages.push_back(bouts.size()); };
  log.played = [&](const rw::BoutResult& r) {
    CHECK(r.bout.index % 2 == 1);
    ++played;
  };
  const rw::TournamentReport resumed = rw::runTournament(b.field.contestants, options, {}, {}, error, &log);
  REQUIRE(error.empty());
  CHECK(stages.size() == 2);
  CHECK(played == full.bouts.size() / 2);
  CHECK(rw::formatStandingsTable(resumed) == rw::formatStandingsTable(full));
  CHECK(rw::formatBoutLog(resumed) == rw::formatBoutLog(full));

  // Nothing played: the first stage's bouts are missing. With the main round known, the Winners'
  // Circle is what is missing (what `plan --next` prints).
  rw::ResultLog planOnly;
  planOnly.playMissing = false;
  rw::runTournament(b.field.contestants, options, {}, {}, error, &planOnly);
  CHECK_FALSE(error.empty());
  REQUIRE_FALSE(planOnly.missing.empty());
  CHECK(planOnly.missing.front().phase == rw::BoutPhase::kDuel);
  rw::ResultLog mainKnown;
  mainKnown.playMissing = false;
  for (const rw::BoutResult& r : full.bouts) {
    if (r.bout.phase == rw::BoutPhase::kDuel || r.bout.phase == rw::BoutPhase::kGroup)
      mainKnown.known[r.bout.index] = r.result;
  }
  rw::runTournament(b.field.contestants, options, {}, {}, error, &mainKnown);
  REQUIRE_FALSE(mainKnown.missing.empty());
  CHECK(mainKnown.missing.front().phase == rw::BoutPhase::kWinnersDuel);
  CHECK(mainKnown.missing.size() + mainKnown.known.size() == full.bouts.size());
}

TEST_CASE("a RoboWar plan rebuilds its field: names, teams and paths as planned", "[records]") {
  const BundledField& b = bundledField();
  const rw::TournamentOptions options = smallOptions();
  const nlohmann::json header = rw::planHeader(b.field, options, chronon::robowar::Category::kUnlimited);
  rw::Field field;
  rw::TournamentOptions read;
  std::string error;
  REQUIRE(rw::fieldFromPlan(nlohmann::json::parse(header.dump()), field, read, error));
  REQUIRE(field.contestants.size() == b.field.contestants.size());
  REQUIRE(b.field.bytes.size() == b.field.paths.size());
  for (size_t i = 0; i < field.contestants.size(); ++i) {
    CHECK(field.contestants[i].name == b.field.contestants[i].name);
    CHECK(field.contestants[i].team == b.field.contestants[i].team);
    CHECK(field.paths[i] == b.field.paths[i]);
    // loadField keeps the bytes it compiled, which are the file's; the plan gives the same back.
    CHECK(b.field.bytes[i] == readFile(b.field.paths[i]));
    CHECK(field.bytes[i] == b.field.bytes[i]);
  }
  CHECK(read.seed == options.seed);
  CHECK(read.numDuels == options.numDuels);
  CHECK(read.rules.maxChronons == options.rules.maxChronons);
  // The rebuilt field plays the same tournament.
  read.threads = 2;
  const rw::TournamentReport a = rw::runTournament(b.field.contestants, options, {}, {}, error);
  const rw::TournamentReport c = rw::runTournament(field.contestants, read, {}, {}, error);
  CHECK(rw::formatStandingsCsv(a) == rw::formatStandingsCsv(c));
  // A robot whose source was changed after planning is refused.
  nlohmann::json tampered = header;
  tampered["robots"][0]["source"] = "main: main jump\n";
  CHECK_FALSE(rw::fieldFromPlan(tampered, field, read, error));
  CHECK(error.find("hash") != std::string::npos);
  // A robot whose bytes (hash and all) no longer compile is named by its file name alone, and a
  // file name that is no string is only a label: the robot is read as RoboTalk text.
  nlohmann::json broken = header;
  const std::string junk = "main: nosuchword main jump\n";
  broken["robots"][0] = chronon::arena::records::robotJson("x", "/far/away/x.rtk", junk);
  rw::Field brokenField;
  CHECK_FALSE(rw::fieldFromPlan(broken, brokenField, read, error));
  CHECK(error.find("no longer compiles") != std::string::npos);
  CHECK(error.find("x.rtk:") != std::string::npos);
  CHECK(error.find("/far/away") == std::string::npos);
  nlohmann::json labelled = header;
  labelled["robots"][1]["file"] = 7;
  rw::Field labelledField;
  CHECK(rw::fieldFromPlan(labelled, labelledField, read, error));
  CHECK(labelledField.contestants.size() == b.field.contestants.size());
}

TEST_CASE("Grobots round outcomes read back to the same bits and known rounds are not played", "[records]") {
  std::vector<std::unique_ptr<chronon::SourceFile>> files;
  std::vector<chronon::grobocode::SideResult> results;
  std::vector<const chronon::grobocode::Side*> sides;
  std::vector<gb::PlannedSide> planned;
  for (const char* name : {"algae.gb", "fighter.gb", "gatherer.gb"}) {
    const fs::path path = chronon::test::sourceDir() / "stdlib" / "grobots" / name;
    files.push_back(std::make_unique<chronon::SourceFile>(path.string(), readFile(path)));
    results.push_back(chronon::grobocode::compileSide(*files.back()));
    REQUIRE(results.back().loaded());
    planned.push_back({results.back().side.name, path.string(), readFile(path)});
  }
  for (const auto& r : results) sides.push_back(&r.side);
  gb::TournamentOptions options;
  options.rounds = 4;
  options.world.frameLimit = 600;
  options.seed = 5;
  options.threads = 2;
  const gb::TournamentResult full = gb::runTournament(sides, options);
  std::string error;
  for (const gb::RoundOutcome& round : full.rounds) {
    const nlohmann::json written = gb::outcomeJson(round);
    const std::optional<gb::RoundOutcome> back = gb::outcomeFromJson(nlohmann::json::parse(written.dump()), 3, error);
    REQUIRE(back);
    for (size_t i = 0; i < round.sides.size(); ++i) {
      CHECK(back->sides[i].fraction == round.sides[i].fraction);
      CHECK(back->sides[i].earlyFraction == round.sides[i].earlyFraction);
      CHECK(back->sides[i].killedFraction == round.sides[i].killedFraction);
    }
  }
  gb::RoundLog log;
  log.known[1] = *gb::outcomeFromJson(nlohmann::json::parse(gb::outcomeJson(full.rounds[1]).dump()), 3, error);
  log.known[3] = *gb::outcomeFromJson(nlohmann::json::parse(gb::outcomeJson(full.rounds[3]).dump()), 3, error);
  std::vector<int32_t> playedRounds;
  std::mutex lock;
  log.played = [&](int32_t round, const gb::RoundOutcome&) {
    const std::lock_guard<std::mutex> hold(lock);
    playedRounds.push_back(round);
  };
  const gb::TournamentResult resumed = gb::runTournament(sides, options, &log);
  std::sort(playedRounds.begin(), playedRounds.end());
  CHECK(playedRounds == std::vector<int32_t>{0, 2});
  CHECK(gb::formatStandings(resumed.standings) == gb::formatStandings(full.standings));

  const nlohmann::json header = gb::planHeader(planned, options);
  gb::TournamentOptions read;
  REQUIRE(gb::optionsFromPlan(nlohmann::json::parse(header.dump()), read, error));
  CHECK(read.rounds == 4);
  CHECK(read.world.frameLimit == 600);
  CHECK(read.seed == 5);
  CHECK(gb::matchRecord(2, header)["seed"] == gb::roundSeed(5, 2));
  CHECK_FALSE(gb::outcomeFromJson(gb::outcomeJson(full.rounds[0]), 2, error));

  // A round of some of the sides (a ladder's duel): its record names them and their hashes, and it
  // is the round runRound plays for those sides, whatever the thread count.
  const nlohmann::json duel = gb::matchRecord(7, header, {2, 0});
  CHECK(duel["sides"] == nlohmann::json::array({2, 0}));
  CHECK(duel["hashes"] == nlohmann::json::array({header["sides"][2]["hash"], header["sides"][0]["hash"]}));
  CHECK(duel["seed"] == gb::roundSeed(5, 7));
  CHECK(*gb::matchSides(duel, 3, error) == std::vector<int32_t>{2, 0});
  CHECK(gb::matchSides(gb::matchRecord(1, header), 3, error)->empty());
  CHECK_FALSE(gb::matchSides(duel, 2, error));
  CHECK_FALSE(gb::matchSides({{"sides", nlohmann::json::array()}}, 3, error));
  CHECK_FALSE(gb::matchSides({{"sides", {"a"}}}, 3, error));
  const std::vector<gb::RoundOutcome> duels = gb::runFieldRounds(
      sides, options.world, {{gb::roundSeed(5, 7), {2, 0}}, {gb::roundSeed(5, 8), {1, 2}}}, 2, {}, {});
  REQUIRE(duels.size() == 2);
  CHECK(duels[0].sides.size() == 2);
  CHECK(gb::outcomeJson(duels[0]) ==
        gb::outcomeJson(gb::runRound({sides[2], sides[0]}, options.world, gb::roundSeed(5, 7))));
  CHECK(gb::outcomeJson(duels[1]) ==
        gb::outcomeJson(gb::runRound({sides[1], sides[2]}, options.world, gb::roundSeed(5, 8))));

  // Verifying: a round of the whole field and a duel are played again; a changed outcome and a
  // match record that is not the plan's are not confirmed.
  const std::string plan = records::planId(header);
  std::vector<nlohmann::json> recorded = {
      records::resultRecord(plan, gb::matchRecord(2, header), "interpreter", gb::outcomeJson(full.rounds[2])),
      records::resultRecord(plan, duel, "interpreter", gb::outcomeJson(duels[0])),
      records::resultRecord(plan, gb::matchRecord(3, header), "interpreter", gb::outcomeJson(full.rounds[3]))};
  recorded[0]["outcome"]["frames"] = 1;
  recorded[2]["match"]["seed"] = 12345;
  std::vector<const nlohmann::json*> chosen;
  for (const nlohmann::json& r : recorded) chosen.push_back(&r);
  const std::optional<std::vector<gb::RecordedRound>> again =
      gb::roundsOfResults(chosen, header, sides.size(), options.rounds, options.seed, error);
  REQUIRE(again);
  REQUIRE(again->size() == 3);
  CHECK(again->at(0).round.sides == std::vector<int32_t>{0, 1, 2});
  CHECK(again->at(1).round.sides == std::vector<int32_t>{2, 0});
  CHECK(again->at(1).round.seed == gb::roundSeed(5, 7));
  std::vector<gb::FieldRound> rounds;
  for (const gb::RecordedRound& r : *again) rounds.push_back(r.round);
  const std::vector<records::ResultDifference> differences =
      gb::unconfirmedResults(chosen, *again, gb::runFieldRounds(sides, options.world, rounds, 2, {}, {}));
  REQUIRE(differences.size() == 2);
  CHECK(differences[0].match == "2 (seed " + std::to_string(gb::roundSeed(5, 2)) + ")");
  CHECK(differences[0].again == gb::outcomeJson(full.rounds[2]));
  CHECK(differences[1].match == "3 (seed " + std::to_string(gb::roundSeed(5, 3)) + ")");
  CHECK(differences[1].recorded == differences[1].again);
  // Known rounds: a result whose match is not the plan's round is left out with a note.
  std::map<size_t, const nlohmann::json*> byIndex = {{2, &recorded[0]}, {3, &recorded[2]}};
  std::map<int32_t, gb::RoundOutcome> known;
  std::vector<std::string> notes;
  REQUIRE(gb::knownRounds(byIndex, header, sides.size(), options.rounds, known, notes, error));
  CHECK(known.size() == 1);
  CHECK(known.count(2) == 1);
  CHECK(notes == std::vector<std::string>{"the result of match 3 answers another match; left out"});
  CHECK_FALSE(gb::knownRounds({{9, &recorded[0]}}, header, sides.size(), options.rounds, known, notes, error));
  CHECK(error == "a result names round 9; the plan has 4");
  // `play` takes the plan's rounds and duels only.
  const std::optional<gb::PlannedRounds> toPlay =
      gb::roundsOfMatches({gb::matchRecord(1, header), duel, gb::matchRecord(3, header)}, header, sides.size(),
                          options.rounds, options.seed, error);
  REQUIRE(toPlay);
  CHECK(toPlay->rounds == std::vector<int32_t>{1, 3});
  REQUIRE(toPlay->duels.size() == 1);
  CHECK(toPlay->duels[0].seed == gb::roundSeed(5, 7));
  CHECK(toPlay->duels[0].sides == std::vector<int32_t>{2, 0});
  CHECK(toPlay->duelMatches[0] == duel);
  CHECK_FALSE(
      gb::roundsOfMatches({gb::matchRecord(4, header)}, header, sides.size(), options.rounds, options.seed, error));
  CHECK(error.find("is not a round of the plan") != std::string::npos);
  nlohmann::json reseeded = duel;
  reseeded["seed"] = 1;
  CHECK_FALSE(gb::roundsOfMatches({reseeded}, header, sides.size(), options.rounds, options.seed, error));
  // A round past the plan's end is refused before anything plays.
  nlohmann::json past = recorded[0];
  past["match"]["index"] = 4;
  CHECK_FALSE(gb::roundsOfResults({&past}, header, sides.size(), options.rounds, options.seed, error));
  CHECK(error == "a result names round 4; the plan has 4");
}

TEST_CASE("records of another plan or of an unknown kind are refused", "[records]") {
  const BundledField& b = bundledField();
  rw::TournamentOptions options = smallOptions();
  const nlohmann::json header = rw::planHeader(b.field, options, chronon::robowar::Category::kUnlimited);
  options.seed = 18;
  const nlohmann::json other = rw::planHeader(b.field, options, chronon::robowar::Category::kUnlimited);
  CHECK(records::planId(header) != records::planId(other));
  records::RecordSet set;
  std::string error;
  records::Lines lines;
  lines.records = {header};
  REQUIRE(records::addRecords(set, lines, "a", true, error));
  lines.records = {other};
  CHECK_FALSE(records::addRecords(set, lines, "b", true, error));
  CHECK(error.find("another tournament") != std::string::npos);
  lines.records = {nlohmann::json{{"record", "ballot"}}};
  CHECK_FALSE(records::addRecords(set, lines, "c", true, error));
  lines.records = {};
  lines.torn = true;
  CHECK_FALSE(records::addRecords(set, lines, "d", true, error));
  CHECK(records::addRecords(set, lines, "d", false, error));
}

TEST_CASE("a shard's reader skips other shards' match lines unread and keeps everything else", "[records]") {
  std::string error;
  const auto shard = records::parseShard("2/3", error);
  REQUIRE(shard);
  records::LineFilter filter;
  filter.shard = &*shard;
  const std::string text =
      "{\"record\":\"tournament\",\"index\":0}\n"
      "{\"hashes\":[\"a\"],\"index\":0,\"record\":\"match\",\"seed\":1}\n"
      "{\"hashes\":[\"a\"],\"index\":1,\"record\":\"match\",\"seed\":1}\n"
      "{\"hashes\":[\"a\"],\"index\":2,\"record\":\"match\",\"seed\":1}\n"
      "{\"hashes\":[\"a\"],\"index\":4,\"record\":\"match\",\"seed\":1}\n"
      "{\"record\":\"result\",\"match\":{\"index\":3}}\n";
  const auto lines = records::parseLines(text, "t", error, filter);
  REQUIRE(lines);
  std::vector<int> kept;
  for (const nlohmann::json& r : lines->records) {
    if (r["record"] == "match") kept.push_back(r["index"].get<int>());
  }
  CHECK(kept == std::vector<int>{1, 4});
  CHECK(lines->records.size() == 4);  // the header, two matches of shard 2/3, the result
  // A damaged line of another shard is skipped unread (the job of its own shard reports it); a line
  // whose index the filter cannot read is parsed, and refused.
  CHECK_FALSE(records::parseLines("{\"record\":\"match\",\"index\":0,\n", "t", error, filter) == std::nullopt);
  CHECK_FALSE(records::parseLines("{\"record\":\"match\",\"index\":1 junk\n", "t", error, filter));
}
