// The RoboWar part of a ladder (ladder_game.h): robot files, duels as RoboWar bouts under the default
// rules, played by arena/'s tournament code (docs/ladder.md).

#include <stdexcept>

#include "chronon/arena/entry_files.h"
#include "chronon/arena/random.h"
#include "chronon/arena/robowar_replay.h"
#include "chronon/arena/robowar_tournament.h"
#include "chronon/arena/robowar_tournament_field.h"
#include "chronon/arena/robowar_tournament_records.h"
#include "chronon/arena/tournament_records.h"
#include "chronon/ladder/ladder_game.h"

namespace chronon::ladder {

namespace {

namespace rw = chronon::arena::robowar;

class RoboWarPlayer : public DuelPlayer {
 public:
  rw::Field field;
  rw::TournamentOptions options;
  std::string engineName;

  std::vector<PlayedDuel> play(const std::vector<nlohmann::json>& matches, int threads) override {
    std::vector<rw::Bout> bouts;
    for (const nlohmann::json& m : matches) {
      std::string error;
      std::optional<rw::Bout> bout = rw::boutFromRecord(m, field.contestants.size(), error);
      if (!bout) throw std::runtime_error(error);
      bouts.push_back(std::move(*bout));
    }
    std::vector<PlayedDuel> out;
    for (const rw::BoutResult& r : rw::runBouts(field.contestants, bouts, options.rules, threads, {})) {
      out.push_back({rw::outcomeJson(r.result), r.result.robots[0].points, r.result.robots[1].points});
    }
    return out;
  }
  std::string engine() const override { return engineName; }
};

class RoboWarGame : public LadderGame {
 public:
  const char* entryWord() const override { return "robot"; }

  std::vector<std::string> entryFiles(const std::vector<std::string>& inputs) const override {
    return arena::entryFiles(inputs, rw::isRobotFileName);
  }

  EntryCheck check(const std::string& path) const override {
    if (grobocode::isSideFileName(path)) {
      return {std::nullopt,
              "a Grobots side; this ladder plays RoboWar robots (chronon ladder init DB --game grobots makes a "
              "Grobots ladder)",
              {}};
    }
    // The robot must compile and be within the hardware rules before it enters.
    rw::Field field;
    std::string error;
    if (!rw::loadField({path}, chronon::robowar::Category::kUnlimited, field, error) || field.contestants.empty())
      return {std::nullopt, {}, error.empty() ? field.rejected.front().message : error + "\n"};
    return {field.contestants[0].name, {}, {}, std::move(field.bytes[0])};
  }

  nlohmann::json planHeader(const Ladder& ladder, const std::vector<Robot>& robots,
                            std::map<int64_t, int>& index) const override {
    nlohmann::json header = {{"record", "tournament"},
                             {"format", arena::records::kFormatName},
                             {"version", arena::records::kFormatVersion},
                             {"game", "robowar"},
                             {"seed", ladder.seed()},
                             {"duels", 0},
                             {"groups", 0},
                             {"groupBouts", 1},
                             {"basic", true},
                             {"category", "unlimited"},
                             {"rules", rw::rulesJson(rw::Rules{})},
                             {"listed", false},
                             {"robots", nlohmann::json::array()},
                             {"rejected", nlohmann::json::array()},
                             {"notes", {"the next duels of a ladder (chronon ladder plan)"}}};
    for (const Robot& r : robots) {
      nlohmann::json robot = arena::records::robotJson(r.name, r.file, r.bytes);
      robot["team"] = 0;
      robot["teamName"] = "";
      index[r.id] = static_cast<int>(header["robots"].size());
      header["robots"].push_back(std::move(robot));
    }
    return header;
  }

  nlohmann::json duel(int64_t id, int a, int b, const nlohmann::json& header) const override {
    const auto index = static_cast<uint64_t>(id);
    return rw::matchRecord(
        rw::Bout{index, rw::BoutPhase::kDuel, {a, b}, arena::Random::derive(header["seed"].get<uint64_t>(), index)},
        header);
  }

  nlohmann::json renumber(const nlohmann::json& match, int64_t id, int a, int b) const override {
    // A stored duel is played again as a duel, whatever phase of a tournament it came from.
    nlohmann::json out = match;
    out["index"] = id;
    out["phase"] = "duel";
    out["robots"] = {a, b};
    return out;
  }

  std::unique_ptr<DuelPlayer> player(const Ladder& /*ladder*/, const nlohmann::json& header, LadderEngines& engines,
                                     std::string& error) const override {
    auto player = std::make_unique<RoboWarPlayer>();
    if (!rw::fieldFromPlan(header, player->field, player->options, error)) return nullptr;
    std::vector<std::pair<std::string, const robotalk::Program*>> programs;
    for (const rw::Contestant& c : player->field.contestants) programs.emplace_back(c.name, c.program);
    player->options.rules.engine = engines.roboTalk(programs);
    player->engineName = engines.name();
    return player;
  }

  std::string pointsText(int points) const override { return std::to_string(points); }
};

}  // namespace

const LadderGame& roboWarGame() {
  static const RoboWarGame game;
  return game;
}

}  // namespace chronon::ladder
