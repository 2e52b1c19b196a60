// A Grobots tournament's records (docs/tournament-records.md).

#include "chronon/arena/grobots_tournament_records.h"

#include "chronon/arena/replay.h"
#include "chronon/arena/tournament_records.h"
#include "chronon/jsonrpc/json_text.h"

namespace chronon::arena::grobots {

nlohmann::json planHeader(const std::vector<PlannedSide>& sides, const TournamentOptions& options) {
  nlohmann::json list = nlohmann::json::array();
  for (const PlannedSide& s : sides) list.push_back(records::robotJson(s.name, s.path, s.bytes));
  const WorldOptions& w = options.world;
  return {{"record", "tournament"},
          {"format", records::kFormatName},
          {"version", records::kFormatVersion},
          {"game", "grobots"},
          {"chronon", replay::chrononVersion()},
          {"seed", options.seed},
          {"rounds", std::max(1, options.rounds)},
          {"world",
           {{"width", w.width},
            {"height", w.height},
            {"frameLimit", w.frameLimit},
            {"seedLimit", w.seedLimit},
            {"earlyFrame", w.earlyFrame}}},
          {"sides", std::move(list)}};
}

bool optionsFromPlan(const nlohmann::json& header, TournamentOptions& options, std::string& error) {
  const auto world = header.find("world");
  int64_t rounds = 0, width = 0, height = 0, frames = 0, seedLimit = 0, early = 0;
  if (header.value("game", std::string()) != "grobots" || !header.contains("sides") || !header["sides"].is_array()) {
    error = "the plan is not a Grobots tournament's";
    return false;
  }
  if (!header.contains("seed") || !header["seed"].is_number_unsigned() ||
      !records::readInteger(header, "rounds", rounds, 1, 10000000) || world == header.end() ||
      !records::readInteger(*world, "width", width, 10, 10000) ||
      !records::readInteger(*world, "height", height, 10, 10000) ||
      !records::readInteger(*world, "frameLimit", frames, 0, 1000000000) ||
      !records::readInteger(*world, "seedLimit", seedLimit, 0, 100000) ||
      !records::readInteger(*world, "earlyFrame", early, 0, 1000000000)) {
    error = "the plan's options are malformed";
    return false;
  }
  options.seed = header["seed"].get<uint64_t>();
  options.rounds = static_cast<int32_t>(rounds);
  options.world.width = static_cast<int32_t>(width);
  options.world.height = static_cast<int32_t>(height);
  options.world.frameLimit = static_cast<int32_t>(frames);
  options.world.seedLimit = static_cast<int32_t>(seedLimit);
  options.world.earlyFrame = static_cast<int32_t>(early);
  return true;
}

nlohmann::json matchRecord(int32_t round, const nlohmann::json& header) {
  nlohmann::json hashes = nlohmann::json::array();
  for (const nlohmann::json& s : header["sides"]) hashes.push_back(s.value("hash", ""));
  return {{"record", "match"},
          {"index", round},
          {"seed", roundSeed(header["seed"].get<uint64_t>(), round)},
          {"hashes", std::move(hashes)}};
}

nlohmann::json matchRecord(int32_t round, const nlohmann::json& header, const std::vector<int32_t>& sides) {
  nlohmann::json hashes = nlohmann::json::array();
  for (const int32_t s : sides) hashes.push_back(header["sides"][static_cast<size_t>(s)].value("hash", ""));
  return {{"record", "match"},
          {"index", round},
          {"seed", roundSeed(header["seed"].get<uint64_t>(), round)},
          {"sides", sides},
          {"hashes", std::move(hashes)}};
}

std::optional<std::vector<int32_t>> matchSides(const nlohmann::json& match, size_t fieldSize, std::string& error) {
  std::vector<int32_t> out;
  const auto sides = match.find("sides");
  if (sides == match.end()) return out;
  if (!sides->is_array() || sides->empty()) {
    error = "a match record's sides are malformed";
    return std::nullopt;
  }
  for (const nlohmann::json& s : *sides) {
    if (!s.is_number_integer() || s.get<int64_t>() < 0 || static_cast<uint64_t>(s.get<int64_t>()) >= fieldSize) {
      error = "a match names a side the plan does not have";
      return std::nullopt;
    }
    out.push_back(s.get<int32_t>());
  }
  return out;
}

nlohmann::json outcomeJson(const RoundOutcome& outcome) {
  nlohmann::json sides = nlohmann::json::array();
  for (const SideRound& s : outcome.sides) {
    sides.push_back({{"seeded", s.seeded},
                     {"alive", s.alive},
                     {"sterile", s.sterile},
                     {"earlyDeath", s.earlyDeath},
                     {"fraction", s.fraction},
                     {"earlyFraction", s.earlyFraction},
                     {"killedFraction", s.killedFraction},
                     {"biomass", s.biomass},
                     {"brainErrors", s.brainErrors}});
  }
  return {{"frames", outcome.frames}, {"sides", std::move(sides)}};
}

std::optional<RoundOutcome> outcomeFromJson(const nlohmann::json& outcome, size_t sides, std::string& error) {
  RoundOutcome out;
  int64_t frames = 0;
  error = "an outcome is malformed";
  const auto list = outcome.find("sides");
  if (!outcome.is_object() || !records::readInteger(outcome, "frames", frames, 0, INT32_MAX) || list == outcome.end() ||
      !list->is_array() || list->size() != sides)
    return std::nullopt;
  out.frames = static_cast<int32_t>(frames);
  for (const nlohmann::json& s : *list) {
    SideRound r;
    if (!s.is_object() || !records::readBoolean(s, "seeded", r.seeded) || !records::readBoolean(s, "alive", r.alive) ||
        !records::readBoolean(s, "sterile", r.sterile) || !records::readBoolean(s, "earlyDeath", r.earlyDeath) ||
        !records::readNumber(s, "fraction", r.fraction) || !records::readNumber(s, "earlyFraction", r.earlyFraction) ||
        !records::readNumber(s, "killedFraction", r.killedFraction) || !records::readNumber(s, "biomass", r.biomass) ||
        !records::readInteger(s, "brainErrors", r.brainErrors, 0, INT64_MAX))
      return std::nullopt;
    out.sides.push_back(r);
  }
  error.clear();
  return out;
}

bool knownRounds(const std::map<size_t, const nlohmann::json*>& byIndex, const nlohmann::json& header, size_t fieldSize,
                 int32_t rounds, std::map<int32_t, RoundOutcome>& known, std::vector<std::string>& notes,
                 std::string& error) {
  for (const auto& [index, record] : byIndex) {
    if (index >= static_cast<size_t>(rounds)) {
      error = "a result names round " + std::to_string(index) + "; the plan has " + std::to_string(rounds);
      return false;
    }
    nlohmann::json expected = matchRecord(static_cast<int32_t>(index), header);
    expected.erase("record");
    if ((*record)["match"] != expected) {
      notes.push_back("the result of match " + std::to_string(index) + " answers another match; left out");
      continue;
    }
    std::optional<RoundOutcome> outcome = outcomeFromJson((*record)["outcome"], fieldSize, error);
    if (!outcome) {
      error = "the result of match " + std::to_string(index) + ": " + error;
      return false;
    }
    known[static_cast<int32_t>(index)] = std::move(*outcome);
  }
  return true;
}

std::optional<PlannedRounds> roundsOfMatches(const std::vector<nlohmann::json>& matches, const nlohmann::json& header,
                                             size_t fieldSize, int32_t rounds, uint64_t seed, std::string& error) {
  PlannedRounds out;
  for (const nlohmann::json& m : matches) {
    const int64_t index = m.value("index", int64_t{-1});
    std::optional<std::vector<int32_t>> named = matchSides(m, fieldSize, error);
    if (!named) return std::nullopt;
    const int64_t limit = named->empty() ? rounds : INT32_MAX;
    const auto round = static_cast<int32_t>(index);
    if (index < 0 || index >= limit ||
        (named->empty() ? matchRecord(round, header) : matchRecord(round, header, *named)) != m) {
      error = "match " + jsonrpc::jsonText(m) + " is not a round of the plan";
      return std::nullopt;
    }
    if (named->empty()) {
      out.rounds.push_back(round);
    } else {
      out.duelMatches.push_back(matchRecord(round, header, *named));
      out.duels.push_back({roundSeed(seed, round), std::move(*named)});
    }
  }
  return out;
}

std::optional<std::vector<RecordedRound>> roundsOfResults(const std::vector<const nlohmann::json*>& results,
                                                          const nlohmann::json& header, size_t fieldSize,
                                                          int32_t rounds, uint64_t seed, std::string& error) {
  std::vector<RecordedRound> out;
  for (const nlohmann::json* r : results) {
    // The round and sides the result names; a match record that differs from the plan's is a
    // difference (unconfirmedResults), as an outcome that differs is.
    const size_t index = (*r)["match"]["index"].get<size_t>();
    std::optional<std::vector<int32_t>> named = matchSides((*r)["match"], fieldSize, error);
    if (!named) return std::nullopt;
    std::vector<int32_t> sides = std::move(*named);
    if (index >= (sides.empty() ? static_cast<size_t>(rounds) : size_t{INT32_MAX})) {
      error = "a result names round " + std::to_string(index) + "; the plan has " + std::to_string(rounds);
      return std::nullopt;
    }
    const auto round = static_cast<int32_t>(index);
    RecordedRound recorded;
    if (sides.empty()) {
      for (size_t i = 0; i < fieldSize; ++i) sides.push_back(static_cast<int32_t>(i));
      recorded.match = matchRecord(round, header);
    } else {
      recorded.match = matchRecord(round, header, sides);
    }
    recorded.match.erase("record");
    recorded.round = {roundSeed(seed, round), std::move(sides)};
    out.push_back(std::move(recorded));
  }
  return out;
}

std::vector<records::ResultDifference> unconfirmedResults(const std::vector<const nlohmann::json*>& results,
                                                          const std::vector<RecordedRound>& rounds,
                                                          const std::vector<RoundOutcome>& again) {
  std::vector<records::ResultDifference> out;
  for (size_t i = 0; i < again.size() && i < results.size() && i < rounds.size(); ++i) {
    nlohmann::json fresh = outcomeJson(again[i]);
    if ((*results[i])["outcome"] == fresh && (*results[i])["match"] == rounds[i].match) continue;
    out.push_back({std::to_string(rounds[i].match["index"].get<int64_t>()) + " (seed " +
                       std::to_string(rounds[i].round.seed) + ")",
                   (*results[i])["outcome"], std::move(fresh)});
  }
  return out;
}

}  // namespace chronon::arena::grobots
