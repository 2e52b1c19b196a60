// Tests of the ladder library (ladder/): Glicko-2 against Glickman's worked example, scheduling where
// pairings are thinnest, new versions replacing old entries, and batches stored atomically.

#include <filesystem>
#include <map>
#include <optional>
#include <set>
#include <string>

#include <catch2/catch.hpp>

#include "chronon/ladder/glicko2.h"
#include "chronon/ladder/ladder.h"
#include "chronon/ladder/ladder_page.h"

namespace {

namespace fs = std::filesystem;
namespace ld = chronon::ladder;

fs::path freshDb(const std::string& name) {
  const fs::path dir = fs::temp_directory_path() / ("chronon-ladder-test-" + name);
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir / "ladder.db";
}

}  // namespace

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
