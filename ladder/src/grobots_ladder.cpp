// A Grobots ladder's rules, records, points and standings (grobots_ladder.h, docs/ladder.md).

#include "chronon/ladder/grobots_ladder.h"

#include <cmath>
#include <cstdint>

#include "chronon/arena/grobots_tournament_records.h"

namespace chronon::ladder {

namespace gb = chronon::arena::grobots;

nlohmann::json grobotsRules(const gb::WorldOptions& world) {
  return {{"width", world.width},
          {"height", world.height},
          {"frameLimit", world.frameLimit},
          {"seedLimit", world.seedLimit},
          {"earlyFrame", world.earlyFrame}};
}

bool grobotsWorld(const nlohmann::json& rules, gb::WorldOptions& world, std::string& error) {
  // The rules are read as a plan header's world, by the function that reads plans.
  const nlohmann::json header = {
      {"game", "grobots"}, {"sides", nlohmann::json::array()}, {"seed", 1u}, {"rounds", 1}, {"world", rules}};
  gb::TournamentOptions options;
  if (!gb::optionsFromPlan(header, options, error)) {
    error = "the ladder's Grobots rules are malformed";
    return false;
  }
  world = options.world;
  return true;
}

nlohmann::json grobotsPlanHeader(const Ladder& ladder, const std::vector<Robot>& robots,
                                 std::map<int64_t, int>& index) {
  std::vector<gb::PlannedSide> sides;
  for (const Robot& r : robots) {
    index[r.id] = static_cast<int>(sides.size());
    sides.push_back({r.name, r.file, r.bytes});
  }
  gb::TournamentOptions options;
  std::string ignored;
  grobotsWorld(ladder.rules(), options.world, ignored);
  options.seed = ladder.seed();
  // A ladder's plan holds duels (matches with `sides`), whose numbers are the ladder's match ids;
  // it plays no round of the whole field.
  options.rounds = 1;
  nlohmann::json header = gb::planHeader(sides, options);
  header["notes"] = {"the next duels of a ladder (chronon ladder plan)"};
  return header;
}

std::optional<nlohmann::json> grobotsDuel(int64_t id, int a, int b, const nlohmann::json& header) {
  if (id < 0 || id > INT32_MAX) return std::nullopt;
  return gb::matchRecord(static_cast<int32_t>(id), header, {a, b});
}

std::pair<int, int> grobotsPoints(const gb::RoundOutcome& outcome) {
  const auto points = [](const gb::SideRound& s) {
    return static_cast<int>(std::lround(s.fraction * kGrobotsPointsScale));
  };
  return {points(outcome.sides.at(0)), points(outcome.sides.at(1))};
}

std::map<int64_t, gb::Standing> grobotsStandings(const Ladder& ladder) {
  // Each entry's duels as rounds of a field of one side (itself), so that the tournament's table
  // counts them as it counts a tournament's rounds.
  std::map<int64_t, std::vector<gb::RoundOutcome>> rounds;
  for (const MatchRow& m : ladder.matches()) {
    const nlohmann::json result = nlohmann::json::parse(m.result, nullptr, false);
    if (!result.is_object() || !result.contains("outcome")) continue;
    std::string error;
    const std::optional<gb::RoundOutcome> outcome = gb::outcomeFromJson(result["outcome"], 2, error);
    if (!outcome) continue;
    rounds[m.a].push_back({outcome->frames, {outcome->sides[0]}});
    rounds[m.b].push_back({outcome->frames, {outcome->sides[1]}});
  }
  std::map<int64_t, gb::Standing> out;
  for (const auto& [id, list] : rounds) out[id] = gb::standings(list, {std::string()}).front();
  return out;
}

}  // namespace chronon::ladder
