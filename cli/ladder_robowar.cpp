// The RoboWar part of `chronon ladder` (ladder_game.h): robot files, duels as RoboWar bouts under the
// default rules, played by arena/'s tournament code (docs/ladder.md).

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <stdexcept>

#include "chronon/arena/random.h"
#include "chronon/arena/robowar_replay.h"
#include "chronon/arena/robowar_tournament.h"
#include "chronon/arena/robowar_tournament_field.h"
#include "chronon/arena/robowar_tournament_records.h"
#include "chronon/arena/tournament_records.h"
#include "commands.h"
#include "ladder_game.h"
#include "tournament_command.h"

namespace chronon::cli {

namespace {

namespace rw = chronon::arena::robowar;
namespace ld = chronon::ladder;

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

class RoboWarLadder : public LadderGame {
 public:
  const char* entryWord() const override { return "robot"; }

  std::vector<std::string> entryFiles(const std::vector<std::string>& inputs) const override {
    std::vector<std::string> out;
    for (const std::string& input : inputs) {
      std::error_code ec;
      if (!std::filesystem::is_directory(input, ec)) {
        out.push_back(input);
        continue;
      }
      std::vector<std::string> found;
      for (const auto& entry : std::filesystem::directory_iterator(input, ec)) {
        if (entry.is_regular_file(ec) && rw::isRobotFileName(entry.path())) found.push_back(entry.path().string());
      }
      std::sort(found.begin(), found.end());
      out.insert(out.end(), found.begin(), found.end());
    }
    return out;
  }

  std::optional<std::string> check(const std::string& path) const override {
    if (isSidePath(path)) {
      std::fprintf(stderr,
                   "chronon ladder: left out %s: a Grobots side; this ladder plays RoboWar robots (chronon ladder "
                   "init DB --game grobots makes a Grobots ladder)\n",
                   path.c_str());
      return std::nullopt;
    }
    // The robot must compile and be within the hardware rules before it enters.
    rw::Field field;
    std::string error;
    if (!rw::loadField({path}, chronon::robowar::Category::kUnlimited, field, error) || field.contestants.empty()) {
      std::fprintf(stderr, "chronon ladder: left out %s:\n%s", path.c_str(),
                   error.empty() ? field.rejected.front().message.c_str() : (error + "\n").c_str());
      return std::nullopt;
    }
    return field.contestants[0].name;
  }

  nlohmann::json planHeader(const ld::Ladder& ladder, const std::vector<ld::Robot>& robots,
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
    for (const ld::Robot& r : robots) {
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

  std::unique_ptr<DuelPlayer> player(const ld::Ladder& /*ladder*/, const nlohmann::json& header,
                                     EngineChoice& engines) const override {
    auto player = std::make_unique<RoboWarPlayer>();
    std::string error;
    {
      // The robots are written out only to be compiled; the folder goes at once.
      const TempFolder temp;
      if (!rw::fieldFromPlan(header, temp.path, player->field, player->options, error)) {
        std::fprintf(stderr, "chronon ladder: %s\n", error.c_str());
        return nullptr;
      }
    }
    std::vector<NamedProgram> programs;
    for (const rw::Contestant& c : player->field.contestants) programs.push_back({c.name, c.program});
    prepareRoboTalkEngine(engines, programs, /*background=*/true);
    player->options.rules.engine = engines.roboTalkEngine();
    player->engineName = engineName(engines, engines.roboTalkJit != nullptr);
    return player;
  }

  std::string pointsText(int points) const override { return std::to_string(points); }
};

}  // namespace

const LadderGame& roboWarLadder() {
  static const RoboWarLadder game;
  return game;
}

}  // namespace chronon::cli
