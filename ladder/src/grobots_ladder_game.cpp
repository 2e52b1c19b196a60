// The Grobots part of a ladder (ladder_game.h): side files, duels as rounds of two sides in the world
// the ladder was made with, played by arena/ (docs/ladder.md, "Grobots").

#include <cstdio>
#include <filesystem>
#include <stdexcept>

#include "chronon/arena/entry_files.h"
#include "chronon/arena/grobots_side_files.h"
#include "chronon/arena/grobots_tournament.h"
#include "chronon/arena/grobots_tournament_records.h"
#include "chronon/arena/robowar_tournament_field.h"
#include "chronon/arena/tournament_records.h"
#include "chronon/compiler/source.h"
#include "chronon/ladder/grobots_ladder.h"
#include "chronon/ladder/ladder_game.h"

namespace chronon::ladder {

namespace {

namespace gb = chronon::arena::grobots;

class GrobotsPlayer : public DuelPlayer {
 public:
  std::vector<gb::LoadedSide> loaded;
  std::vector<const grobocode::Side*> sides;
  gb::WorldOptions world;
  std::string engineName;

  std::vector<PlayedDuel> play(const std::vector<nlohmann::json>& matches, int threads) override {
    std::vector<gb::FieldRound> rounds;
    for (const nlohmann::json& m : matches) {
      std::string error;
      std::optional<std::vector<int32_t>> named = gb::matchSides(m, sides.size(), error);
      const auto seed = m.find("seed");
      if (!named || named->size() != 2 || seed == m.end() || !seed->is_number_integer())
        throw std::runtime_error("a ladder match is not a duel of two sides");
      rounds.push_back({seed->get<int32_t>(), *named});
    }
    std::vector<PlayedDuel> out;
    for (const gb::RoundOutcome& r : gb::runFieldRounds(sides, world, rounds, threads, {}, {})) {
      const auto [a, b] = grobotsPoints(r);
      out.push_back({gb::outcomeJson(r), a, b});
    }
    return out;
  }
  std::string engine() const override { return engineName; }
};

class GrobotsGame : public LadderGame {
 public:
  const char* entryWord() const override { return "side"; }

  std::vector<std::string> entryFiles(const std::vector<std::string>& inputs) const override {
    return arena::entryFiles(inputs, grobocode::isSideFileName);
  }

  EntryCheck check(const std::string& path) const override {
    if (!grobocode::isSideFileName(path)) {
      const bool roboWar = arena::robowar::isRobotFileName(path);
      return {std::nullopt,
              std::string(roboWar ? "a RoboWar robot" : "not a Grobots side") +
                  "; this ladder plays Grobots sides (.gb)" +
                  (roboWar ? " (chronon ladder init DB makes a RoboWar ladder)" : ""),
              {}};
    }
    // The side must load as the original loads it (grobots-language.md §4.7) before it enters.
    const gb::SideFiles files = gb::loadSideFiles({path});
    if (files.sides.empty()) {
      const gb::SideFileReport& report = files.reports.front();
      std::string reason;
      switch (report.fate) {
        case gb::SideFileFate::kLoaded:
        case gb::SideFileFate::kUnreadable: break;  // The diagnostics say why.
        case gb::SideFileFate::kNotLoaded: reason = "the side does not load"; break;
      }
      return {std::nullopt, reason, render(report.file, report.diagnostics)};
    }
    return {std::filesystem::path(path).stem().string(), {}, {}, std::string(files.sides.front().file.text())};
  }

  nlohmann::json planHeader(const Ladder& ladder, const std::vector<Robot>& robots,
                            std::map<int64_t, int>& index) const override {
    return grobotsPlanHeader(ladder, robots, index);
  }

  nlohmann::json duel(int64_t id, int a, int b, const nlohmann::json& header) const override {
    std::optional<nlohmann::json> match = grobotsDuel(id, a, b, header);
    if (!match) throw std::runtime_error("the ladder has more matches than a Grobots round number holds");
    return *match;
  }

  nlohmann::json renumber(const nlohmann::json& match, int64_t id, int a, int b) const override {
    // The world seed stays the stored one: a duel imported from another plan was seeded by that plan.
    nlohmann::json out = match;
    out["index"] = id;
    out["sides"] = {a, b};
    return out;
  }

  std::unique_ptr<DuelPlayer> player(const Ladder& ladder, const nlohmann::json& header, LadderEngines& engines,
                                     std::string& error) const override {
    auto player = std::make_unique<GrobotsPlayer>();
    if (!grobotsWorld(ladder.rules(), player->world, error)) return nullptr;
    std::optional<std::vector<gb::LoadedSide>> loaded = gb::sidesFromPlan(header, error);
    if (!loaded) return nullptr;
    player->loaded = std::move(*loaded);
    for (const gb::LoadedSide& s : player->loaded) player->sides.push_back(&s.result.side);
    player->world.engine = &engines.grobocode(player->sides);
    player->engineName = engines.name();
    return player;
  }

  std::string pointsText(int points) const override {
    char text[32];
    std::snprintf(text, sizeof text, "%.1f%%", 100.0 * points / kGrobotsPointsScale);
    return text;
  }
};

}  // namespace

const LadderGame& grobotsGame() {
  static const GrobotsGame game;
  return game;
}

}  // namespace chronon::ladder
