// Tests of RoboWar tournaments: the bundled robots, scheduling, score normalisation, the RoboWar 1.5
// list file, the hardware category check, determinism, and the `chronon tournament` command.

#include <algorithm>
#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>

#include <catch2/catch.hpp>

#include "chronon/arena/random.h"
#include "chronon/arena/robowar_tournament.h"
#include "chronon/arena/robowar_tournament_field.h"
#include "chronon/arena/robowar_tournament_report.h"
#include "chronon/compiler/load.h"
#include "chronon/compiler/robotalk_assembler.h"
#include "chronon/compiler/robotalk_object_code.h"
#include "test_support.h"

namespace {

namespace fs = std::filesystem;
namespace rw = chronon::arena::robowar;

fs::path bundledDir() { return chronon::test::sourceDir() / "stdlib" / "robowar"; }

std::vector<fs::path> bundledRobots() {
  std::vector<fs::path> files;
  for (const auto& entry : fs::directory_iterator(bundledDir())) {
    if (entry.path().extension() == ".rtk") files.push_back(entry.path());
  }
  std::sort(files.begin(), files.end());
  return files;
}

using chronon::test::readFile;

// A fresh, empty folder under the system's temporary directory.
fs::path tempFolder(const std::string& name) {
  const fs::path dir = fs::temp_directory_path() / ("chronon-tournament-test-" + name);
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

// Runs a shell command and returns its standard output and exit status.
std::pair<std::string, int> runCommand(const std::string& command) {
  std::string out;
  FILE* pipe = popen(command.c_str(), "r");
  REQUIRE(pipe != nullptr);
  std::array<char, 4096> buffer{};
  size_t n = 0;
  while ((n = fread(buffer.data(), 1, buffer.size(), pipe)) > 0) out.append(buffer.data(), n);
  const int status = pclose(pipe);
  return {out, WIFEXITED(status) ? WEXITSTATUS(status) : -1};
}

std::string quoted(const fs::path& p) { return "'" + p.string() + "'"; }

// A battle stand-in whose outcome is a pure function of the seed: robot k survives when bit k of the
// seed is set, and the first survivor is credited with one kill per dead robot.
rw::Result seededOutcome(const std::vector<rw::Entry>& entries, uint64_t seed, const rw::Rules& rules) {
  rw::Result r;
  r.chronons = static_cast<int>(seed % static_cast<uint64_t>(rules.maxChronons)) + 1;
  int firstAlive = -1;
  for (size_t k = 0; k < entries.size(); ++k) {
    rw::Outcome o;
    o.alive = ((seed >> k) & 1u) != 0;
    if (o.alive && firstAlive < 0) firstAlive = static_cast<int>(k);
    r.robots.push_back(o);
  }
  for (rw::Outcome& o : r.robots) {
    if (o.alive) {
      o.survivalPoints = entries.size() == 2 ? 1 : 3;
    } else {
      o.deathChronon = r.chronons / 2;
      o.cause = rw::DeathCause::kDamage;
      o.killer = firstAlive;
      if (firstAlive >= 0) ++r.robots[static_cast<size_t>(firstAlive)].kills;
    }
  }
  for (rw::Outcome& o : r.robots) o.points = o.survivalPoints + o.kills;
  return r;
}

// Compiled bundled robots that live for the whole test.
struct Bundled {
  std::vector<std::unique_ptr<chronon::robotalk::Program>> programs;
  std::vector<rw::Contestant> contestants;
};

const Bundled& bundled() {
  static const Bundled kBundled = [] {
    Bundled b;
    rw::Field field;
    std::string error;
    std::vector<std::string> args{bundledDir().string()};
    if (!rw::loadField(args, chronon::robowar::Category::kMortal, field, error)) FAIL(error);
    b.programs = std::move(field.programs);
    b.contestants = field.contestants;
    return b;
  }();
  return kBundled;
}

std::vector<rw::Contestant> fakeField(int n, const std::vector<int>& teams = {}) {
  std::vector<rw::Contestant> field;
  static const chronon::robotalk::Program kProgram;
  for (int i = 0; i < n; ++i) {
    rw::Contestant c;
    c.name = "robot" + std::to_string(i);
    c.program = &kProgram;
    c.team = static_cast<size_t>(i) < teams.size() ? teams[static_cast<size_t>(i)] : 0;
    field.push_back(c);
  }
  return field;
}

std::vector<int> range(int n) {
  std::vector<int> v(static_cast<size_t>(n));
  for (int i = 0; i < n; ++i) v[static_cast<size_t>(i)] = i;
  return v;
}

rw::BoutResult handMade(size_t index, rw::BoutPhase phase, std::vector<int> robots, std::vector<int> points) {
  rw::BoutResult r;
  r.bout.index = index;
  r.bout.phase = phase;
  r.bout.robots = std::move(robots);
  for (int p : points) {
    rw::Outcome o;
    o.points = p;
    o.alive = p > 0;
    r.result.robots.push_back(o);
  }
  return r;
}

}  // namespace

TEST_CASE("every bundled robot compiles cleanly within the Mortal limit", "[tournament]") {
  const std::vector<fs::path> robots = bundledRobots();
  REQUIRE(robots.size() >= 8);
  std::map<std::string, int> teamSizes;
  for (const fs::path& path : robots) {
    INFO(path.string());
    chronon::Diagnostics load;
    auto file = chronon::loadSourceFile(path.string(), load);
    REQUIRE(file);
    const std::string text(file->text());
    CHECK(text.rfind("# ", 0) == 0);
    CHECK(text.find("Author: Chronon project") != std::string::npos);
    CHECK(text.find("#!!hardware ") != std::string::npos);
    const auto compiled = chronon::robotalk::compile(*file, chronon::robotalk::CompileOptions{});
    // Every diagnostic, even a warning, would be a defect of a bundled robot.
    CHECK(chronon::render(*file, compiled.diagnostics) == "");
    CHECK(compiled.program.hardwareDeclared);
    const auto points = chronon::robowar::hardwarePoints(compiled.program.hardware);
    REQUIRE(points);
    CHECK(*points <= chronon::robowar::pointLimit(chronon::robowar::Category::kMortal));
    if (!compiled.program.team.empty()) ++teamSizes[compiled.program.team];
  }
  REQUIRE(teamSizes.count("PACK") == 1);
  CHECK(teamSizes["PACK"] == 2);
  const Bundled& b = bundled();
  CHECK(b.contestants.size() == robots.size());
}

TEST_CASE("duels pair every robot numDuels times except teammates", "[tournament]") {
  const uint64_t seed = 77;
  auto field = fakeField(5);
  auto duels = rw::scheduleDuels(field, range(5), 3, rw::BoutPhase::kDuel, 0, seed);
  CHECK(duels.size() == 10 * 3);
  std::map<std::pair<int, int>, int> pairs;
  for (size_t i = 0; i < duels.size(); ++i) {
    CHECK(duels[i].index == i);
    CHECK(duels[i].seed == chronon::arena::Random::derive(seed, i));
    REQUIRE(duels[i].robots.size() == 2);
    ++pairs[{duels[i].robots[0], duels[i].robots[1]}];
  }
  CHECK(pairs.size() == 10);
  for (const auto& [pair, count] : pairs) CHECK(count == 3);

  auto teamed = fakeField(5, {0, 1, 1, 0, 0});
  auto teamDuels = rw::scheduleDuels(teamed, range(5), 2, rw::BoutPhase::kDuel, 4, seed);
  CHECK(teamDuels.size() == 9 * 2);
  CHECK(teamDuels.front().index == 4);
  for (const auto& d : teamDuels) CHECK(!(d.robots[0] == 1 && d.robots[1] == 2));

  CHECK(rw::winnersDuels(3) == 8);
  CHECK(rw::winnersDuels(1) == 3);
  CHECK(rw::winnersGroupRounds(2) == 32);
}

TEST_CASE("groups draw six distinct robots and repeat groupBouts times", "[tournament]") {
  auto groups = rw::scheduleGroups(range(9), 9 * 2, 3, rw::BoutPhase::kGroup, 100, 5);
  REQUIRE(groups.size() == 9 * 2 * 3);
  std::set<std::vector<int>> distinct;
  for (size_t i = 0; i < groups.size(); ++i) {
    const auto& g = groups[i];
    CHECK(g.index == 100 + i);
    CHECK(g.robots.size() == 6);
    CHECK(std::set<int>(g.robots.begin(), g.robots.end()).size() == 6);
    CHECK(std::is_sorted(g.robots.begin(), g.robots.end()));
    if (i % 3 != 0) CHECK(g.robots == groups[i - 1].robots);
    distinct.insert(g.robots);
  }
  CHECK(distinct.size() > 1);
  CHECK(rw::scheduleGroups(range(9), 18, 3, rw::BoutPhase::kGroup, 100, 5).front().robots == groups.front().robots);

  auto small = rw::scheduleGroups(range(4), 4, 1, rw::BoutPhase::kGroup, 0, 5);
  REQUIRE(small.size() == 4);
  for (const auto& g : small) CHECK(g.robots == range(4));
}

TEST_CASE("group scores are normalised to weigh like duel scores", "[tournament]") {
  // Three robots, two duels per pair, one draw per robot fought twice.
  rw::TournamentOptions options;
  options.numDuels = 2;
  options.numGroups = 1;
  options.groupBouts = 2;
  std::vector<rw::BoutResult> results = {
      handMade(0, rw::BoutPhase::kDuel, {0, 1}, {1, 0}),
      handMade(1, rw::BoutPhase::kDuel, {0, 1}, {2, 0}),
      handMade(2, rw::BoutPhase::kDuel, {0, 2}, {1, 1}),
      handMade(3, rw::BoutPhase::kDuel, {0, 2}, {0, 1}),
      handMade(4, rw::BoutPhase::kDuel, {1, 2}, {0, 2}),
      handMade(5, rw::BoutPhase::kDuel, {1, 2}, {1, 0}),
      handMade(6, rw::BoutPhase::kGroup, {0, 1, 2}, {3, 1, 2}),
      handMade(7, rw::BoutPhase::kGroup, {0, 1, 2}, {4, 0, 2}),
      handMade(8, rw::BoutPhase::kGroup, {0, 1, 2}, {1, 3, 2}),
      handMade(9, rw::BoutPhase::kGroup, {0, 1, 2}, {0, 2, 3}),
      // Winners' Circle bouts do not count in the main round.
      handMade(10, rw::BoutPhase::kWinnersDuel, {0, 1}, {5, 5}),
  };
  auto s = rw::scoreMainRound(3, results, options);
  REQUIRE(s.size() == 3);
  CHECK(s[0].solo == 4);
  CHECK(s[1].solo == 1);
  CHECK(s[2].solo == 4);
  // Two draws of two bouts each: factor numDuels (N-1) / (2 groupBouts groupsFought) = 2*2 / (2*2*2) = 0.5.
  CHECK(s[0].groupsFought == 2);
  CHECK(s[0].group == Approx(8 * 0.5));
  CHECK(s[1].group == Approx(6 * 0.5));
  CHECK(s[2].group == Approx(9 * 0.5));
  CHECK(s[2].total == Approx(8.5));
  CHECK(s[2].finalScore == Approx(8.5));
  CHECK(s[0].duelsFought == 4);
  CHECK(s[0].boutsFought == 8);
  CHECK(s[0].wins == 6);

  // The circle: W = 2 finalists, wcDuels = 5 for numDuels 2 and 16 rounds for numGroups 1, so the
  // duel scale is numDuels (N-1) / (wcDuels (W-1)) = 4/5 and the group scale 4 / (2*16) = 1/8.
  std::vector<rw::BoutResult> circle = {
      handMade(20, rw::BoutPhase::kWinnersDuel, {0, 2}, {3, 2}),
      handMade(21, rw::BoutPhase::kWinnersGroup, {0, 2}, {8, 16}),
  };
  const std::vector<int> finalists = rw::topContestants(s, 2);
  CHECK(finalists == std::vector<int>{0, 2});
  rw::scoreWinnersCircle(s, finalists, circle, options);
  CHECK(rw::winnersDuels(2) == 5);
  CHECK(s[0].winnersSolo == Approx(3 * 4.0 / 5.0));
  CHECK(s[2].winnersSolo == Approx(2 * 4.0 / 5.0));
  CHECK(s[0].winnersGroup == Approx(8 / 8.0));
  CHECK(s[2].winnersGroup == Approx(16 / 8.0));
  CHECK(s[2].finalScore == Approx(8.5 + 1.6 + 2));
  CHECK(!s[1].inWinnersCircle);
  CHECK(s[1].finalScore == s[1].total);
}

TEST_CASE("the RoboWar 1.5 tournament list is parsed as the manual describes", "[tournament]") {
  std::string error;
  auto list = rw::parseTournamentList(
      "SAVE MY BATTLE RESULTS\r\n\r\n3\r\nTimBot\r\nStationary\r\nDumBot\r\n\r\nPearl\r\nLich\r\nAeneas III\r\n"
      "Silo IV\r\n\r\n2\r\nBlade\r\nFreud\r\n",
      error);
  REQUIRE(list);
  CHECK(list->saveFile == "MY BATTLE RESULTS");
  REQUIRE(list->groups.size() == 3);
  CHECK(list->groups[0].count == 3);
  CHECK(list->groups[0].names == std::vector<std::string>{"TimBot", "Stationary", "DumBot"});
  CHECK(list->groups[1].count == 1);
  CHECK(list->groups[1].names.size() == 4);
  CHECK(list->groups[1].names[2] == "Aeneas III");
  CHECK(list->groups[2].count == 2);
  CHECK(list->groups[2].line == 13);

  // Classic Mac line ends and no SAVE line.
  list = rw::parseTournamentList("A\rB\r", error);
  REQUIRE(list);
  CHECK(list->saveFile.empty());
  CHECK(list->groups.size() == 1);

  const std::vector<std::pair<std::string, std::string>> bad = {
      {"3\nOnlyOne\n", "line 1: a combat must involve from two to six robots, this group has 1"},
      {"a\nb\nc\nd\ne\nf\ng\n", "line 1: a combat must involve from two to six robots, this group has 7"},
      {"0\na\nb\n", "line 1: the count must be a whole number from 1 to 10000, got '0'"},
      {"99999999\na\nb\n", "line 1: the count must be a whole number from 1 to 10000, got '99999999'"},
      {"a\nb\n3\nc\n", "line 3: a count line must start its group (leave a blank line before it)"},
      {"SAVE\n\na\nb\n", "line 1: SAVE needs a file name"},
      {"a\nb\n\nSAVE x\n", "line 4: SAVE may only appear on the first line"},
      {"SAVE results\n\n", "the tournament list names no robots"},
      {std::string("a\0b\n", 4), "the tournament list is binary data, not text"},
  };
  for (const auto& [text, message] : bad) {
    INFO(text);
    CHECK_FALSE(rw::parseTournamentList(text, error));
    CHECK(error == message);
  }
}

TEST_CASE("list robots are found by name in the list's folder", "[tournament]") {
  const fs::path dir = tempFolder("find");
  for (const char* name : {"silo-iv.txt", "Pearl.RWR", "spinner.rtk", "notes.md"}) std::ofstream(dir / name) << "x";
  CHECK(rw::findRobotFile(dir, "Silo IV") == dir / "silo-iv.txt");
  CHECK(rw::findRobotFile(dir, "pearl") == dir / "Pearl.RWR");
  CHECK(rw::findRobotFile(dir, "SPINNER") == dir / "spinner.rtk");
  CHECK(rw::findRobotFile(dir, "spinner.rtk") == dir / "spinner.rtk");
  CHECK_FALSE(rw::findRobotFile(dir, "notes"));
  CHECK_FALSE(rw::findRobotFile(dir, "Lich"));
  fs::remove_all(dir);
}

TEST_CASE("the category check leaves out robots over the limit and robots with errors", "[tournament]") {
  const fs::path dir = tempFolder("category");
  std::ofstream(dir / "heavy.rtk")
      << "# heavy\n#!!hardware energy 150 damage 150 shield 100 cpu 50 missiles\nx: x jump\n";
  std::ofstream(dir / "broken.rtk") << "# broken\nnowhere jump\n";
  std::ofstream(dir / "light.rtk") << "# light\n#!!hardware energy 40 damage 30 cpu 5 bullets rubber\nx: sync x jump\n";
  std::string error;
  rw::Field mortal;
  REQUIRE(rw::loadField({dir.string()}, chronon::robowar::Category::kMortal, mortal, error));
  REQUIRE(mortal.contestants.size() == 1);
  CHECK(mortal.contestants[0].name == "light");
  REQUIRE(mortal.rejected.size() == 2);
  CHECK(mortal.rejected[0].path == (dir / "broken.rtk").string());
  CHECK(mortal.rejected[0].message.find("RT2") != std::string::npos);
  CHECK(mortal.rejected[1].message.find("costs 15 points; the mortal category allows 9") != std::string::npos);

  rw::Field unlimited;
  REQUIRE(rw::loadField({dir.string()}, chronon::robowar::Category::kUnlimited, unlimited, error));
  CHECK(unlimited.contestants.size() == 2);
  CHECK(unlimited.rejected.size() == 1);

  rw::Field league;
  REQUIRE(rw::loadField({(dir / "light.rtk").string()}, chronon::robowar::Category::kLittleLeague, league, error));
  CHECK(league.contestants.size() == 1);

  rw::Field missing;
  CHECK_FALSE(rw::loadField({(dir / "nothing.rtk").string()}, chronon::robowar::Category::kMortal, missing, error));
  CHECK(error.find("no such file or folder") != std::string::npos);
  fs::remove_all(dir);
}

TEST_CASE("a field reads each robot file once, as battle loads it, and keeps its bytes", "[tournament]") {
  const fs::path dir = tempFolder("field-bytes");
  // Object code, as `chronon compile` writes it, enters a tournament as it enters a battle.
  const std::string source = "# coded\n#!!team Red\nx: sync x jump\n";
  const chronon::robotalk::CompileResult compiled =
      chronon::robotalk::compile(chronon::SourceFile("c.rtk", source), {});
  REQUIRE_FALSE(compiled.diagnostics.hasErrors());
  const std::string object = chronon::robotalk::writeObjectCode(compiled.program.words(), "coded");
  std::ofstream(dir / "coded.txt") << object;
  std::ofstream(dir / "junk.rtk", std::ios::binary) << std::string("\x01\x00\x02\x03", 4);
  std::ofstream(dir / "red.rtk") << "# red\n#!!team red\nx: sync x jump\n";
  std::ofstream(dir / "blue.rtk") << "# blue\n#!!team Blue\nx: sync x jump\n";
  std::ofstream(dir / "zred.rtk") << "# zred\n#!!team RED\nx: sync x jump\n";
  std::string error;
  rw::Field field;
  REQUIRE(rw::loadField({dir.string()}, chronon::robowar::Category::kUnlimited, field, error));
  REQUIRE(field.contestants.size() == 4);
  REQUIRE(field.bytes.size() == 4);
  CHECK(field.contestants[1].name == "coded");
  CHECK(field.bytes[1] == object);
  for (size_t i = 0; i < field.paths.size(); ++i) CHECK(field.bytes[i] == chronon::test::readFile(field.paths[i]));
  // Teams are numbered in order of first appearance, names compared in any case.
  CHECK(field.contestants[0].team == 1);  // blue
  CHECK(field.contestants[2].team == 2);  // red
  CHECK(field.contestants[3].team == 2);  // zred
  // Bytes refused before compiling are listed by path, with the reader's code.
  REQUIRE(field.rejected.size() == 1);
  CHECK(field.rejected[0].message == (dir / "junk.rtk").string() + ": error: '" + (dir / "junk.rtk").string() +
                                         "' looks like binary data, not source text [RT102]\n");
  // addRobot takes bytes read elsewhere (a plan's) under a bare file name, numbering teams on.
  CHECK(rw::addRobot(field, "green.rtk", "# green\n#!!team Green\nx: sync x jump\n",
                     chronon::robowar::Category::kUnlimited) == 4);
  CHECK(field.contestants[4].team == 3);
  CHECK(rw::addRobot(field, "red.rtk", "# red again\n#!!team Red\nx: sync x jump\n",
                     chronon::robowar::Category::kUnlimited) == 5);
  CHECK(field.contestants[5].team == 2);
  CHECK(field.contestants[5].name == "red (2)");
  CHECK(rw::addRobot(field, "bad.rtk", "nowhere jump\n", chronon::robowar::Category::kUnlimited) == -1);
  CHECK(field.rejected.back().message.rfind("bad.rtk:", 0) == 0);
  fs::remove_all(dir);
}

TEST_CASE("a list file enters its robots once and a missing robot is an error", "[tournament]") {
  const fs::path dir = tempFolder("list");
  for (const char* name : {"spinner.rtk", "sitting-duck.rtk", "wanderer.rtk"})
    fs::copy_file(bundledDir() / name, dir / name);
  std::ofstream(dir / "cup.lst") << "SAVE results.txt\n\n2\nSpinner\nSitting Duck\n\nwanderer\nspinner\nsitting_duck\n";
  std::string error;
  rw::Field field;
  REQUIRE(rw::loadField({(dir / "cup.lst").string()}, chronon::robowar::Category::kMortal, field, error));
  CHECK(field.listed);
  CHECK(field.contestants.size() == 3);
  REQUIRE(field.combats.size() == 2);
  CHECK(field.combats[0].count == 2);
  CHECK(field.combats[0].robots == std::vector<int>{0, 1});
  CHECK(field.combats[1].robots == std::vector<int>{2, 0, 1});
  CHECK(field.saveFile == dir / "results.txt");

  // A list may also be a .txt file: its first line `SAVE ...` tells it from a robot.
  std::ofstream(dir / "cup.txt") << "\r\nsave out.txt\r\n\r\nSpinner\r\nWanderer\r\n";
  CHECK(rw::looksLikeTournamentList(dir / "cup.txt"));
  CHECK(rw::looksLikeTournamentList(dir / "cup.lst"));
  CHECK_FALSE(rw::looksLikeTournamentList(dir / "spinner.rtk"));
  rw::Field txt;
  REQUIRE(rw::loadField({(dir / "cup.txt").string()}, chronon::robowar::Category::kMortal, txt, error));
  CHECK(txt.listed);
  CHECK(txt.saveFile == dir / "out.txt");

  std::ofstream(dir / "bad.lst") << "Spinner\nLich\n";
  rw::Field bad;
  CHECK_FALSE(rw::loadField({(dir / "bad.lst").string()}, chronon::robowar::Category::kMortal, bad, error));
  CHECK(error.find("no robot file named 'Lich'") != std::string::npos);
  fs::remove_all(dir);
}

TEST_CASE("a tournament's results depend on the seed only, not on the threads", "[tournament]") {
  auto field = fakeField(8, {0, 0, 0, 0, 0, 0, 3, 3});
  rw::TournamentOptions options;
  options.numDuels = 2;
  options.numGroups = 1;
  options.groupBouts = 2;
  options.seed = 1234;
  std::string error;
  options.threads = 1;
  const auto one = rw::runTournament(field, options, seededOutcome, {}, error);
  REQUIRE(error.empty());
  options.threads = 2;
  const auto two = rw::runTournament(field, options, seededOutcome, {}, error);
  REQUIRE(error.empty());
  CHECK(rw::formatStandingsTable(one) == rw::formatStandingsTable(two));
  CHECK(rw::formatBoutLog(one) == rw::formatBoutLog(two));
  // 28 pairs minus the team's own pair, 8 groups fought twice, then the circle of six: 15 pairs x 5
  // duels (teammates in it do not duel) and 16 rounds.
  size_t duels = 0;
  size_t groups = 0;
  size_t circle = 0;
  for (const auto& b : one.bouts) {
    if (b.bout.phase == rw::BoutPhase::kDuel) ++duels;
    if (b.bout.phase == rw::BoutPhase::kGroup) ++groups;
    if (b.bout.phase == rw::BoutPhase::kWinnersDuel || b.bout.phase == rw::BoutPhase::kWinnersGroup) ++circle;
  }
  CHECK(duels == 27 * 2);
  CHECK(groups == 8 * 2);
  CHECK(circle >= 14 * 5 + 16);
  CHECK(one.winnersCircle);
  CHECK(std::count_if(one.standings.begin(), one.standings.end(),
                      [](const rw::Standing& s) { return s.inWinnersCircle; }) == 6);
  for (size_t i = 0; i < one.bouts.size(); ++i) CHECK(one.bouts[i].bout.index == i);
  CHECK(std::is_sorted(one.standings.begin(), one.standings.end(),
                       [](const rw::Standing& a, const rw::Standing& b) { return a.finalScore > b.finalScore; }));

  options.seed = 1235;
  const auto other = rw::runTournament(field, options, seededOutcome, {}, error);
  CHECK(rw::formatBoutLog(other) != rw::formatBoutLog(one));

  options.basic = true;
  const auto basic = rw::runTournament(field, options, seededOutcome, {}, error);
  CHECK_FALSE(basic.winnersCircle);
  CHECK(basic.bouts.size() == 27 * 2 + 8 * 2);

  rw::runTournament(fakeField(1), options, seededOutcome, {}, error);
  CHECK(error == "a tournament needs at least two robots (got 1)");
}

TEST_CASE("a tournament's JSON names its options, the robots left out and the standings in order", "[tournament]") {
  rw::Field field;
  field.contestants = fakeField(4);
  for (const rw::Contestant& c : field.contestants) field.paths.push_back(c.name + ".rtk");
  field.rejected.push_back({"broken.rtk", "broken.rtk:1:1: error: no"});
  rw::TournamentOptions options;
  options.numDuels = 1;
  options.numGroups = 0;
  options.seed = 77;
  options.rules.scoring = rw::Scoring::kWin516;
  std::string error;
  const rw::TournamentReport report = rw::runTournament(field.contestants, options, seededOutcome, {}, error);
  REQUIRE(error.empty());
  const nlohmann::json json = rw::tournamentJson(report, field);
  CHECK(json["seed"] == 77);
  CHECK(json["duels"] == 1);
  CHECK(json["scoring"] == "win516");
  CHECK(json["battles"] == report.bouts.size());
  CHECK(json["rejected"] ==
        nlohmann::json::array({{{"path", "broken.rtk"}, {"message", "broken.rtk:1:1: error: no"}}}));
  REQUIRE(json["standings"].size() == 4);
  for (size_t i = 0; i < 4; ++i) {
    const rw::Standing& s = report.standings[i];
    CHECK(json["standings"][i]["rank"] == i + 1);
    CHECK(json["standings"][i]["robot"] == s.name);
    CHECK(json["standings"][i]["path"] == s.name + ".rtk");
    CHECK(json["standings"][i]["final"] == s.finalScore);
  }
  // The scoring names the command line, replays and plans share.
  for (const rw::Scoring scoring : {rw::Scoring::kMac452, rw::Scoring::kWin516})
    CHECK(rw::scoringNamed(rw::scoringName(scoring)) == scoring);
  CHECK_FALSE(rw::scoringNamed("MAC452").has_value());
  CHECK_FALSE(rw::scoringNamed("").has_value());
}

TEST_CASE("real battles between bundled robots are deterministic across threads", "[tournament]") {
  rw::TournamentOptions options;
  options.numDuels = 1;
  options.numGroups = 1;
  options.basic = true;
  options.rules.maxChronons = 400;
  options.seed = 99;
  std::string error;
  options.threads = 1;
  const auto one = rw::runTournament(bundled().contestants, options, {}, {}, error);
  REQUIRE(error.empty());
  options.threads = 2;
  const auto two = rw::runTournament(bundled().contestants, options, {}, {}, error);
  REQUIRE(error.empty());
  CHECK(rw::formatBoutLog(one) == rw::formatBoutLog(two));
  CHECK(rw::formatStandingsTable(one) == rw::formatStandingsTable(two));
  // The spinner must beat the sitting duck: a bundled robot that cannot is broken.
  for (const auto& b : one.bouts) {
    if (b.bout.phase != rw::BoutPhase::kDuel) continue;
    const auto& a = one.contestants[static_cast<size_t>(b.bout.robots[0])].name;
    const auto& c = one.contestants[static_cast<size_t>(b.bout.robots[1])].name;
    if (a == "sitting-duck" && c == "spinner") {
      CHECK_FALSE(b.result.robots[0].alive);
      CHECK(b.result.robots[1].alive);
    }
  }
}

TEST_CASE("chronon tournament prints standings with every bundled robot", "[tournament]") {
  const std::string base = quoted(chronon::test::chrononBinary()) + " tournament " + quoted(bundledDir()) +
                           " --duels 1 --max-chronons 500 -j 2 --seed 7";
  auto [table, status] = runCommand(base + " 2>/dev/null");
  REQUIRE(status == 0);
  INFO(table);
  CHECK(table.find("Robot Name") != std::string::npos);
  CHECK(table.find("WC Group") != std::string::npos);
  for (const fs::path& robot : bundledRobots()) CHECK(table.find(robot.stem().string()) != std::string::npos);
  auto [again, status2] = runCommand(base + " -j 1 2>/dev/null");
  CHECK(status2 == 0);
  CHECK(again == table);

  auto [json, status3] = runCommand(base + " --json 2>/dev/null");
  REQUIRE(status3 == 0);
  const auto parsed = nlohmann::json::parse(json);
  CHECK(parsed["standings"].size() == bundledRobots().size());
  CHECK(parsed["seed"] == 7);

  auto [csv, status4] = runCommand(base + " --csv 2>/dev/null");
  CHECK(status4 == 0);
  CHECK(csv.rfind("rank,robot,team,", 0) == 0);
  CHECK(std::count(csv.begin(), csv.end(), '\n') == static_cast<long>(bundledRobots().size()) + 1);

  const fs::path log = tempFolder("log") / "bouts.tsv";
  auto [ignored, status5] = runCommand(base + " --basic --log " + quoted(log) + " >/dev/null 2>&1");
  CHECK(status5 == 0);
  const std::string logText = readFile(log);
  CHECK(logText.rfind("bout\tphase\tRobot\tScore\tAlive\tKills\tKiller\tChronon\n", 0) == 0);

  auto [usage, status6] = runCommand(quoted(chronon::test::chrononBinary()) + " tournament --duels x 2>&1");
  CHECK(status6 == 2);
  auto [rejected, status7] = runCommand(quoted(chronon::test::chrononBinary()) + " tournament " + quoted(bundledDir()) +
                                        " --category little-league --duels 1 2>&1");
  CHECK(status7 == 1);
  CHECK(rejected.find("little-league category allows 2") != std::string::npos);
}

TEST_CASE("chronon tournament and battle pick the game of a folder holding both", "[tournament]") {
  // Two bundled Grobots sides and two bundled RoboWar robots in one folder.
  const fs::path dir = tempFolder("mixed");
  const fs::path stdlib = chronon::test::sourceDir() / "stdlib";
  for (const fs::path& file : {stdlib / "grobots" / "algae.gb", stdlib / "grobots" / "fighter.gb",
                               stdlib / "robowar" / "dodger.rtk", stdlib / "robowar" / "spinner.rtk"})
    fs::copy_file(file, dir / file.filename());
  const std::string binary = quoted(chronon::test::chrononBinary());
  const std::string tournament = binary + " tournament " + quoted(dir) + " -j 2";
  const auto stderrOf = [&](const std::string& command) { return runCommand(command + " 2>&1 >/dev/null").first; };

  // No --game: the Grobots sides play, as before, and one note says what was left out and how to
  // play it.
  const std::string grobots = " --rounds 1 --frames 100";
  auto [sides, status] = runCommand(tournament + grobots + " 2>/dev/null");
  CHECK(status == 0);
  CHECK(sides.find("Chronon Algae") != std::string::npos);
  CHECK(sides.find("dodger") == std::string::npos);
  const std::string note = stderrOf(tournament + grobots);
  CHECK(note ==
        "chronon tournament: note: playing the Grobots sides; 2 RoboWar robots (.rtk, .txt, .rwr) in the same "
        "folder were left out (add --game robowar to play them instead)\n");
  // --game grobots says the same without the note.
  CHECK(runCommand(tournament + grobots + " --game grobots 2>/dev/null").first == sides);
  CHECK(stderrOf(tournament + grobots + " --game grobots").empty());

  // --game robowar: the RoboWar robots of the same folder play.
  auto [robots, status2] =
      runCommand(tournament + " --game robowar --duels 1 --groups 0 --max-chronons 300 2>/dev/null");
  CHECK(status2 == 0);
  CHECK(robots.find("Robot Name") != std::string::npos);
  CHECK(robots.find("dodger") != std::string::npos);
  CHECK(robots.find("spinner") != std::string::npos);
  CHECK(robots.find("Chronon Algae") == std::string::npos);
  CHECK(runCommand(tournament + " --game=robowar --duels 1 --groups 0 --max-chronons 300 2>/dev/null").first == robots);

  // battle shares the choice; with --game robowar a folder enters its robots.
  auto [battle, status3] = runCommand(binary + " battle " + quoted(dir) + " --game robowar --max-chronons 100");
  CHECK(status3 == 0);
  CHECK(battle.find("battle: seed 1") != std::string::npos);
  CHECK(battle.find("dodger") != std::string::npos);
  CHECK(stderrOf(binary + " battle " + quoted(dir) + " --frames 10 --every 0").find("2 RoboWar robots") !=
        std::string::npos);

  // Usage errors, and the help texts name the option.
  auto [unknown, status4] = runCommand(tournament + " --game chess 2>&1");
  CHECK(status4 == 2);
  CHECK(unknown.find("unknown game 'chess'") != std::string::npos);
  CHECK(runCommand(tournament + " --game 2>&1").second == 2);
  for (const char* help : {" tournament --help", " tournament x.gb --help", " battle --help", " battle x.gb --help"})
    CHECK(runCommand(binary + std::string(help)).first.find("--game") != std::string::npos);
  fs::remove_all(dir);
}

TEST_CASE("a tournament over the RoboWar 4.5.2 archive completes", "[tournament][corpus]") {
  CHRONON_REQUIRE_CORPUS();
  const fs::path archive = chronon::test::sharedDir() / "corpus" / "robowar" / "rw452-archive";
  auto [table, status] = runCommand(quoted(chronon::test::chrononBinary()) + " tournament " + quoted(archive) +
                                    " --duels 1 --groups 1 --basic --max-chronons 600 --seed 3 2>/dev/null");
  INFO(table);
  REQUIRE(status == 0);
  CHECK(table.find("Robot Name") != std::string::npos);
  for (const auto& entry : fs::directory_iterator(archive)) {
    CHECK(table.find(entry.path().stem().string()) != std::string::npos);
  }

  // RoboWar 5 robots run from the machine code in their .RWR files.
  const fs::path rwr = chronon::test::sharedDir() / "corpus" / "robowar" / "rwr";
  auto [rwrTable, rwrStatus] = runCommand(quoted(chronon::test::chrononBinary()) + " tournament " + quoted(rwr) +
                                          " --duels 1 --groups 1 --basic --max-chronons 600 --seed 3 2>/dev/null");
  INFO(rwrTable);
  REQUIRE(rwrStatus == 0);
  for (const auto& entry : fs::directory_iterator(rwr)) {
    if (entry.path().extension() == ".RWR") CHECK(rwrTable.find(entry.path().stem().string()) != std::string::npos);
  }
}

TEST_CASE("chronon tournament --engine jit prints what the interpreter does though a compile is still running",
          "[tournament][corpus]") {
  CHRONON_REQUIRE_CORPUS();
  // A robot of about 3000 instructions entered first: its compile takes the JIT's thread far longer
  // than this short tournament, which then ends the process without waiting for it
  // (cli::finishCommand), its log file and output complete.
  const fs::path knight = chronon::test::sharedDir() / "corpus" / "robowar" / "rw452-archive" / "dark-knight-4.txt";
  const fs::path folder = tempFolder("jit-exit");
  const std::string base = quoted(chronon::test::chrononBinary()) + " tournament " + quoted(knight) + " " +
                           quoted(bundledDir()) + " --duels 1 --groups 0 --basic --max-chronons 100 -j 1";
  auto [interp, interpStatus] = runCommand(base + " --log " + quoted(folder / "interp.tsv") + " 2>/dev/null");
  REQUIRE(interpStatus == 0);
  auto [jit, jitStatus] = runCommand(base + " --engine jit --log " + quoted(folder / "jit.tsv") + " 2>/dev/null");
  CHECK(jitStatus == 0);
  CHECK(jit == interp);
  CHECK(readFile(folder / "jit.tsv") == readFile(folder / "interp.tsv"));
  auto [json, jsonStatus] = runCommand(base + " --engine jit --json --stats 2>" + quoted(folder / "stats.txt"));
  CHECK(jsonStatus == 0);
  CHECK(nlohmann::json::parse(json)["standings"].size() == bundledRobots().size() + 1);
  const std::string stats = readFile(folder / "stats.txt");
  INFO(stats);
  // Timing decides whether the compile was still running; it nearly always is.
  if (stats.find("still queued") == std::string::npos) WARN("the JIT finished compiling before the tournament ended");
}

namespace {

const chronon::robotalk::Program& bundledProgram(const std::string& name) {
  for (const auto& c : bundled().contestants) {
    if (c.name == name) return *c.program;
  }
  FAIL("no bundled robot named " << name);
  throw std::logic_error("unreachable");
}

// Counts the events of robot `robot` of `kind` whose text contains `text`, over battles with seeds 1..n.
int countEvents(const std::vector<std::string>& robots, int robot, rw::Event::Kind kind, const std::string& text,
                int battles) {
  std::vector<rw::Entry> entries;
  for (const std::string& name : robots)
    entries.push_back({&bundledProgram(name), name.rfind("pack-", 0) == 0 ? 1 : 0});
  int count = 0;
  for (int seed = 1; seed <= battles; ++seed) {
    const rw::Result r = rw::runBattle(entries, static_cast<uint64_t>(seed), rw::Rules{}, true);
    for (const rw::Event& e : r.events) {
      if (e.robot == robot && e.kind == kind && e.text.find(text) != std::string::npos) ++count;
    }
  }
  return count;
}

}  // namespace

TEST_CASE("bundled robots do what their headers say", "[tournament]") {
  using Kind = rw::Event::Kind;
  CHECK(countEvents({"sitting-duck", "spinner"}, 0, Kind::kShot, "", 3) == 0);
  CHECK(countEvents({"sitting-duck", "spinner"}, 1, Kind::kShot, "bullet", 3) > 0);
  CHECK(countEvents({"wanderer", "spinner"}, 0, Kind::kShot, "", 3) == 0);
  CHECK(countEvents({"dodger", "spinner"}, 0, Kind::kInterrupt, "RADAR", 3) > 0);
  CHECK(countEvents({"missileer", "sitting-duck"}, 0, Kind::kShot, "missile", 3) > 0);
  CHECK(countEvents({"stunner", "wanderer"}, 0, Kind::kShot, "stunner", 3) > 0);
  CHECK(countEvents({"minelayer", "wanderer"}, 0, Kind::kShot, "mine", 3) > 0);
  CHECK(countEvents({"corner-camper", "sitting-duck"}, 0, Kind::kShot, "bullet", 3) > 0);
  // The leader only fires at what it sees or at what the scout reports; both must shoot at the duck.
  CHECK(countEvents({"pack-leader", "pack-scout", "sitting-duck"}, 0, Kind::kShot, "bullet", 3) > 0);
  CHECK(countEvents({"pack-leader", "pack-scout", "sitting-duck"}, 1, Kind::kShot, "bullet", 3) > 0);
  // Every weapon-carrying robot must beat the sitting duck in most battles.
  for (const char* name : {"spinner", "dodger", "missileer", "stunner", "minelayer", "corner-camper", "pack-scout"}) {
    INFO(name);
    CHECK(countEvents({name, "sitting-duck"}, 1, Kind::kDeath, "", 5) >= 3);
  }
}

TEST_CASE("chronon tournament accepts every documented spelling of its options", "[tournament][cli]") {
  const std::string binary = quoted(chronon::test::chrononBinary());
  const fs::path dir = tempFolder("spellings");
  const std::string robots = " " + quoted(bundledDir()) + " --duels 1 --groups 0 --max-chronons 200";
  const std::string sides =
      " " + quoted(chronon::test::sourceDir() / "stdlib" / "grobots") + " --rounds 2 --frames 200";
  const auto output = [&](const std::string& args) {
    auto [out, status] = runCommand(binary + " tournament" + args + " 2>/dev/null");
    INFO(args);
    CHECK(status == 0);
    return out;
  };
  // Each pair: a spelling and the canonical one it must equal.
  const std::vector<std::pair<std::string, std::string>> same = {
      {robots + " -j2", robots + " -j 2"},
      {robots + " --threads 2", robots + " -j 2"},
      {robots + " --threads=1", robots + " -j 2"},
      {robots + " --seed=5", robots + " --seed 5"},
      {robots + " --duels=1", robots},
      {robots + " --groups=1 --group-bouts=2", robots + " --groups 1 --group-bouts 2"},
      {robots + " --basic --category=mortal", robots + " --basic --category mortal"},
      {robots + " --scoring=win516", robots + " --scoring win516"},
      {robots + " --max-chronons=300", robots + " --max-chronons 300"},
      {robots + " --json", robots + " --json -j 1"},
      {robots + " --csv", robots + " --csv -j 1"},
      {robots + " --game=robowar", robots + " --game robowar"},
      {robots + " --engine=interp --stats", robots + " --engine interp"},
      {sides + " -j2 --world=8X8", sides + " -j 2 --world 8x8"},
      {sides + " --sides-per-round=3 --frames=150", sides + " --sides-per-round 3 --frames 150"},
      {sides + " --rounds=3 --game=grobots", sides + " --rounds 3"},
  };
  for (const auto& [spelling, canonical] : same) {
    INFO(spelling);
    CHECK(output(spelling) == output(canonical));
  }
  const std::string table = output(robots);
  CHECK(output(robots + " --log " + quoted(dir / "a.tsv") + " --replays " + quoted(dir / "r1")) == table);
  CHECK(output(robots + " --log=" + quoted(dir / "b.tsv") + " --replays=" + quoted(dir / "r2")) == table);
  CHECK(readFile(dir / "a.tsv") == readFile(dir / "b.tsv"));
  CHECK(output(robots + " --out " + quoted(dir / "o1")) == table);
  CHECK(output(robots + " --out=" + quoted(dir / "o2")) == table);
  CHECK(output(" --resume " + quoted(dir / "o1")) == table);
  CHECK(output(" --resume=" + quoted(dir / "o2") + " -j1") == table);

  // The subcommands, each with its options in both spellings.
  const std::string plan = quoted(dir / "plan.jsonl");
  output(" plan" + robots + " --basic -j 2 > " + plan);
  // Results come in the order matches end, which threads change; the records themselves do not.
  const auto sorted = [](std::string text) {
    std::vector<std::string> lines;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    std::sort(lines.begin(), lines.end());
    return lines;
  };
  CHECK(sorted(output(" play --shard 1/2 " + plan)) == sorted(output(" play --shard=1/2 -j1 " + plan)));
  output(" play --shard 1/2 --engine=interp " + plan + " > " + quoted(dir / "r-1.jsonl"));
  output(" play --shard=2/2 --threads=2 " + plan + " > " + quoted(dir / "r-2.jsonl"));
  const std::string results = quoted(dir / "r-1.jsonl") + " " + quoted(dir / "r-2.jsonl");
  CHECK(output(" merge " + plan + " " + results) == output(robots + " --basic"));
  CHECK(output(" merge " + plan + " " + results + " --json") == output(robots + " --basic --json"));
  CHECK(output(" merge " + plan + " " + results + " --csv") == output(robots + " --basic --csv"));
  CHECK(output(" merge --log=" + quoted(dir / "m.tsv") + " " + plan + " " + results) == output(robots + " --basic"));
  CHECK(output(" verify " + plan + " " + results + " --sample 3 --seed 2") ==
        output(" verify " + plan + " " + results + " --sample=3 --seed=2 -j1 --engine=interp"));
  CHECK(output(" plan --next " + plan + " " + results).find("\"record\":\"match\"") == std::string::npos);
  for (const char* help : {" --help", " -h", " plan --help", " play --help", " merge --help", " verify --help"})
    CHECK(output(help).find("Usage: chronon tournament") != std::string::npos);

  // Usage errors: one form, exit 2.
  for (const char* bad : {" --duels x", " --bogus", " -j 999", " play --shard 0/2", " --json --csv", " merge"}) {
    auto [message, status] = runCommand(binary + " tournament" + bad + " 2>&1");
    INFO(bad);
    CHECK(status == 2);
    CHECK(message.rfind("chronon tournament: ", 0) == 0);
  }
  fs::remove_all(dir);
}
