// The Grobots tournament's CSV, JSON and round log (arena/grobots_tournament_report.h).

#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "chronon/arena/grobots_tournament_report.h"

namespace {

namespace gb = chronon::arena::grobots;

std::vector<gb::Standing> twoStandings() {
  gb::Standing plain;
  plain.name = "Chronon Algae";
  plain.score = 0.25;
  plain.error = 0.03125;
  plain.survival = 1;
  plain.fraction = 0.5;
  plain.rounds = 4;
  plain.brainErrors = 7;
  gb::Standing odd;
  odd.name = "Quote \"Q\" Side, ok";
  odd.score = 1.0 / 3;
  odd.rounds = 3;
  return {plain, odd};
}

}  // namespace

TEST_CASE("Grobots standings as CSV quote every name and double the quotes inside", "[grobots][tournament]") {
  CHECK(gb::formatStandingsCsv(twoStandings()) ==
        "name,score,error,survival,early_death,late_death,early_score,fraction,kills,rounds\n"
        "\"Chronon Algae\",0.2500,0.0312,1.0000,0.0000,0.0000,0.0000,0.5000,0.0000,4\n"
        "\"Quote \"\"Q\"\" Side, ok\",0.3333,1.0000,0.0000,0.0000,0.0000,0.0000,0.0000,0.0000,3\n");
  CHECK(gb::formatStandingsCsv({}) ==
        "name,score,error,survival,early_death,late_death,early_score,fraction,kills,rounds\n");
}

TEST_CASE("Grobots standings as JSON keep every field of each side in order", "[grobots][tournament]") {
  const nlohmann::json json = gb::standingsJson(twoStandings());
  REQUIRE(json.size() == 2);
  CHECK(json[0] == nlohmann::json{{"name", "Chronon Algae"},
                                  {"score", 0.25},
                                  {"error", 0.03125},
                                  {"survival", 1.0},
                                  {"earlyDeath", 0.0},
                                  {"lateDeath", 0.0},
                                  {"earlyScore", 0.0},
                                  {"fraction", 0.5},
                                  {"kills", 0.0},
                                  {"rounds", 4},
                                  {"brainErrors", 7}});
  CHECK(json[1]["name"] == "Quote \"Q\" Side, ok");
  CHECK(gb::standingsJson({}) == nlohmann::json::array());
}

TEST_CASE("the Grobots round log has a line per round and side", "[grobots][tournament]") {
  gb::RoundOutcome first;
  first.frames = 800;
  first.sides.resize(2);
  first.sides[0].seeded = true;
  first.sides[0].alive = true;
  first.sides[0].fraction = 0.75;
  first.sides[0].earlyFraction = 0.5;
  first.sides[1].seeded = true;
  first.sides[1].fraction = 0.25;
  first.sides[1].killedFraction = 1;
  first.sides[1].brainErrors = 2;
  gb::RoundOutcome second;
  second.frames = 12;
  second.sides.resize(2);
  CHECK(gb::formatRoundLog({first, second}, {"A", "B"}) ==
        "round\tframes\tside\tseeded\talive\tfraction\tearly\tkilled\tbrain-errors\n"
        "1\t800\tA\t1\t1\t0.75\t0.5\t0\t0\n"
        "1\t800\tB\t1\t0\t0.25\t0\t1\t2\n"
        "2\t12\tA\t0\t0\t0\t0\t0\t0\n"
        "2\t12\tB\t0\t0\t0\t0\t0\t0\n");
}
