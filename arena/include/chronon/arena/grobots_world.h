#pragma once
// The Grobots world (specs/grobots-world.md): a rectangle of 10 x 10 tiles holding robots, food,
// shots, areas and sensor shots; one frame is manna, think, move, act, resort, collide and
// statistics (§2). Robots run their Grobocode brains through the host interface (DESIGN.md), pay
// for everything in energy, eat, build children, sense, shoot and die by the spec's rules.
//
// Determinism: one generator per world (grobots::RandomState, §1.9 of grobots-language.md), seeded
// from the caller's seed, drives manna, seeding, births and every brain's random words, so a seed
// gives the same round on every machine. Sensing and collisions go through the tiles, so they cost
// about O(objects x neighbours) rather than the original's O(sensors x all objects) (prior-art.md).

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "chronon/compiler/grobocode.h"

namespace chronon::grobocode {
class Engine;
}  // namespace chronon::grobocode

namespace chronon::arena::grobots {

/// The settings of a world and its rounds (the headless program's options, grobots-world.md §14).
struct WorldOptions {
  int32_t width = 100;         ///< World width in distance units (-w N gives 10 N).
  int32_t height = 100;        ///< World height in distance units.
  int32_t frameLimit = 18000;  ///< Frames per round; 0 means no limit (§2).
  int32_t seedLimit = 10;      ///< Sides seeded per round; 0 means all (§12).
  int32_t earlyFrame = 4500;   ///< Frame of the early-score and early-death sample (§13).
  bool keepPrints = false;     ///< Keep `print`/`vprint` output for takeMessages().
  /// The engine that runs the brains (vm/grobocode_engine.h); nullptr means the interpreter. The
  /// caller owns it; it must outlive the world and be safe to share between worker threads.
  grobocode::Engine* engine = nullptr;
};

/// One side's outcome of a round (grobots-world.md §13).
struct SideRound {
  bool seeded = false;        ///< Whether the side played this round.
  bool alive = false;         ///< Population > 0 at the end.
  bool sterile = true;        ///< Sterile at the end (no constructor worth more than 10, or extinct).
  bool earlyDeath = false;    ///< Sterile at the early frame.
  double fraction = 0;        ///< Final biomass / total biomass of all sides.
  double earlyFraction = 0;   ///< The same at the early frame.
  double killedFraction = 0;  ///< Enemy biomass killed by this side / total killed by all sides.
  double biomass = 0;         ///< Final biomass in energy units.
  int64_t brainErrors = 0;    ///< Brains of this side that stopped with a runtime error.
};

/// The outcome of a round.
struct RoundOutcome {
  int32_t frames = 0;            ///< Frames simulated.
  std::vector<SideRound> sides;  ///< Per side, in the order given to the world.
};

class RoundRecorder;

class DebugSession;

/// A Grobots world holding loaded sides. One thread at a time.
class World {
 public:
  /// A world for `sides` (each must be loaded, with costs computed; pointers stay owned by the
  /// caller and must outlive the world). `seed` seeds the world's generator.
  World(std::vector<const grobocode::Side*> sides, const WorldOptions& options, int32_t seed);
  ~World();
  /// A deep copy between frames (a debugger's keyframe): stepping the copy gives exactly the frames
  /// stepping the original would. The sides and the options' engine are shared, not copied; a
  /// replay recorder watching the original does not watch the copy.
  World(const World& other);
  /// Makes this world a deep copy of `other`, as the copy constructor does.
  World& operator=(const World& other);

  /// Starts a round: clears the world, lays the initial manna and seeds up to seedLimit sides
  /// (§12, §5).
  void startRound();
  /// Starts an empty round for scenarios and tests: no manna and no seeded sides; every side counts
  /// as seeded with ID = its position + 1. Place robots with placeRobot.
  void startEmptyRound();
  /// Places a newborn robot of side `side` (index in the world's list), type `type` (0-based) at
  /// (x, y) in distance units. Returns false when the indices are out of range.
  bool placeRobot(int32_t side, int32_t type, double x, double y);
  /// Simulates one frame (§2). Does nothing once the round is over.
  void step();
  /// True when the round has ended (time limit, or the living sides dropped to at most one, §2).
  bool finished() const;
  /// Frames simulated in this round.
  int32_t frame() const;
  /// Each side's biomass now, in energy units (§13).
  std::vector<double> biomass() const;
  /// Each side's population now.
  std::vector<int32_t> population() const;
  /// The round's outcome so far (final once finished()).
  RoundOutcome outcome() const;
  /// Brain error reports and printed lines since the last call, in order, as the original prints
  /// them (grobots-language.md §5.3).
  std::vector<std::string> takeMessages();
  /// Robots alive now (all sides).
  int32_t robotCount() const;

 private:
  friend class RoundRecorder;  // grobots_replay.h reads the objects of each frame.
  friend class DebugSession;   // grobots_debug.h reads the robots at each instruction.
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

/// The results of a round as `chronon battle` prints them: "#results after N frames", then one line
/// per seeded side, "<fraction in %, one decimal>%\t<alive|sterile|extinct>\t<name>", in the order
/// of `names` (the sides' names, as given to the world). Each line ends in '\n'.
std::string formatRoundResults(const RoundOutcome& outcome, const std::vector<std::string>& names);

/// Runs one whole round of `sides` with `options` from `seed` and returns its outcome.
RoundOutcome runRound(const std::vector<const grobocode::Side*>& sides, const WorldOptions& options, int32_t seed);

}  // namespace chronon::arena::grobots
