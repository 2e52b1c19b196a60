#pragma once
// Recording a Grobots round as a replay (docs/replay-format.md): every robot, food, shot, area and
// sensor shot of every frame, births, deaths, kills, prints and brain errors, each side's biomass and
// population, and the robots' brains (every 10 frames, every frame for watched sides).

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "chronon/arena/grobots_world.h"
#include "chronon/arena/replay.h"
#include "chronon/compiler/source.h"

namespace chronon::arena::gbw {
struct WorldObserver;
}  // namespace chronon::arena::gbw

namespace chronon::arena::grobots {

/// Records the frames of a World's round. Make it after World::startRound() (it records frame 0 at
/// once), call frame() after every World::step(), and end() when the round is over. The world's
/// options must have keepPrints set for prints to be recorded. Recording never changes the round.
class RoundRecorder {
 public:
  /// Records `world` (not owned; it must outlive the recorder) through `sink`. `entrants` are the
  /// side files in the world's side order; `seed` and `engineName` go into the header; `watch` lists
  /// the side indices whose brains are recorded every frame.
  RoundRecorder(World& world, const std::vector<replay::Entrant>& entrants, int32_t seed, std::string_view engineName,
                std::vector<int32_t> watch, const replay::LineSink& sink);
  ~RoundRecorder();
  RoundRecorder(const RoundRecorder&) = delete;
  RoundRecorder& operator=(const RoundRecorder&) = delete;

  /// Records the frame just simulated; `messages` are the world's messages of that frame
  /// (World::takeMessages()), which become `print` and `error` events.
  void frame(const std::vector<std::string>& messages);
  /// Writes the end line with the round's outcome.
  void end();

  /// The header's `options` object for `options` and the watched sides, and the options back from
  /// one (missing keys keep their defaults; `watch` receives the watched side indices).
  static nlohmann::json optionsJson(const WorldOptions& options, const std::vector<int32_t>& watch);
  static WorldOptions optionsFromJson(const nlohmann::json& json, std::vector<int32_t>& watch);

 private:
  void record();
  World& world_;
  replay::Writer writer_;
  std::vector<int32_t> watch_;
  std::vector<std::string> pending_;
  std::vector<SourceFile> sources_;               ///< Per side, its source text, for the line of a brain's pc.
  std::unique_ptr<gbw::WorldObserver> observer_;  ///< What the world reports to the recorder.
  uint32_t serialsBefore_ = 0;                    ///< The world's last serial when the previous frame was recorded.
  uint32_t nextSensorId_ = 0xFFFFFFFFu;           ///< The id of the next sensor shot (they count down).
};

/// Plays one round of `sides` (in side order; pointers owned by the caller) with `options` (prints
/// are kept whatever its keepPrints says, so that the replay has them) and `seed`, and records it
/// through `sink` as RoundRecorder does: the same lines `chronon battle --replay` writes for the same
/// sides, options and seed. `entrants`, `engineName` and `watch` go to the recorder. Returns the
/// round's outcome.
RoundOutcome recordRound(const std::vector<const grobocode::Side*>& sides, const std::vector<replay::Entrant>& entrants,
                         WorldOptions options, int32_t seed, std::string_view engineName, std::vector<int32_t> watch,
                         const replay::LineSink& sink);

}  // namespace chronon::arena::grobots
