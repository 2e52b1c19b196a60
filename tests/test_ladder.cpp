// Tests of the ladder library (ladder/): Glicko-2 against Glickman's worked example, scheduling where
// pairings are thinnest, new versions replacing old entries, and batches stored atomically.

#include <filesystem>
#include <set>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "chronon/arena/tournament_records.h"
#include "chronon/ladder/glicko2.h"
#include "chronon/ladder/ladder.h"
#include "chronon/ladder/ladder_import.h"

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
  const auto import = [&](const std::string& text, ld::ImportedDuels& out) {
    const auto lines = chronon::arena::records::parseLines(text, "r.jsonl", error);
    REQUIRE(lines);
    return ld::importDuels(*ladder, *lines, "r.jsonl", out, error);
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
