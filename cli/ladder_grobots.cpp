// The Grobots part of `chronon ladder` (ladder_game.h): side files, duels as rounds of two sides in
// the world the ladder was made with, played by arena/ (docs/ladder.md, "Grobots").

#include <cstdio>
#include <filesystem>
#include <stdexcept>

#include "chronon/arena/grobots_tournament.h"
#include "chronon/arena/grobots_tournament_records.h"
#include "chronon/arena/robowar_tournament_field.h"
#include "chronon/arena/tournament_records.h"
#include "chronon/compiler/source.h"
#include "chronon/ladder/grobots_ladder.h"
#include "commands.h"
#include "ladder_game.h"
#include "tournament_command.h"

namespace chronon::cli {

namespace {

namespace gb = chronon::arena::grobots;
namespace ld = chronon::ladder;

class GrobotsPlayer : public DuelPlayer {
 public:
  std::vector<grobocode::SideResult> compiled;
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
      const auto [a, b] = ld::grobotsPoints(r);
      out.push_back({gb::outcomeJson(r), a, b});
    }
    return out;
  }
  std::string engine() const override { return engineName; }
};

class GrobotsLadder : public LadderGame {
 public:
  const char* entryWord() const override { return "side"; }

  std::vector<std::string> entryFiles(const std::vector<std::string>& inputs) const override {
    return sidePaths(inputs);
  }

  std::optional<std::string> check(const std::string& path) const override {
    if (!isSidePath(path)) {
      const bool roboWar = arena::robowar::isRobotFileName(path);
      std::fprintf(stderr, "chronon ladder: left out %s: %s; this ladder plays Grobots sides (.gb)%s\n", path.c_str(),
                   roboWar ? "a RoboWar robot" : "not a Grobots side",
                   roboWar ? " (chronon ladder init DB makes a RoboWar ladder)" : "");
      return std::nullopt;
    }
    // The side must load as the original loads it (grobots-language.md §4.7) before it enters.
    std::optional<LoadedSide> loaded = loadSide(path);
    if (!loaded) return std::nullopt;
    if (!loaded->result.loaded()) {
      printDiagnostics(loaded->file, loaded->result.diagnostics);
      std::fprintf(stderr, "chronon ladder: left out %s: the side does not load\n", path.c_str());
      return std::nullopt;
    }
    return std::filesystem::path(path).stem().string();
  }

  nlohmann::json planHeader(const ld::Ladder& ladder, const std::vector<ld::Robot>& robots,
                            std::map<int64_t, int>& index) const override {
    return ld::grobotsPlanHeader(ladder, robots, index);
  }

  nlohmann::json duel(int64_t id, int a, int b, const nlohmann::json& header) const override {
    std::optional<nlohmann::json> match = ld::grobotsDuel(id, a, b, header);
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

  std::unique_ptr<DuelPlayer> player(const ld::Ladder& ladder, const nlohmann::json& header,
                                     EngineChoice& engines) const override {
    auto player = std::make_unique<GrobotsPlayer>();
    std::string error;
    if (!ld::grobotsWorld(ladder.rules(), player->world, error)) {
      std::fprintf(stderr, "chronon ladder: %s\n", error.c_str());
      return nullptr;
    }
    for (const nlohmann::json& side : header["sides"]) {
      std::optional<std::string> bytes = arena::records::robotBytes(side, error);
      if (!bytes) {
        std::fprintf(stderr, "chronon ladder: %s\n", error.c_str());
        return nullptr;
      }
      player->compiled.push_back(grobocode::compileSide(SourceFile(side.value("file", "side.gb"), *bytes)));
      if (!player->compiled.back().loaded()) {
        std::fprintf(stderr, "chronon ladder: side %s no longer loads\n", side.value("name", "").c_str());
        return nullptr;
      }
    }
    for (const grobocode::SideResult& s : player->compiled) player->sides.push_back(&s.side);
    prepareEngine(engines, player->sides);
    player->world.engine = &engines.engine();
    player->engineName = engineName(engines, engines.jit != nullptr);
    return player;
  }

  std::string pointsText(int points) const override {
    char text[32];
    std::snprintf(text, sizeof text, "%.1f%%", 100.0 * points / ld::kGrobotsPointsScale);
    return text;
  }
};

}  // namespace

const LadderGame& grobotsLadder() {
  static const GrobotsLadder game;
  return game;
}

}  // namespace chronon::cli
