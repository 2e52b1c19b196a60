#pragma once
// The objects of the Grobots world and the world's private state (grobots_world.h). Shared by the
// world's source files only.

#include <algorithm>
#include <array>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "chronon/arena/grobots_world.h"
#include "chronon/stdlib/grobots_hardware.h"
#include "chronon/vm/grobocode_brain.h"
#include "chronon/vm/grobocode_host.h"
#include "grobots_math.h"

namespace chronon::arena::gbw {

/// Object classes in the original's list order (grobots-world.md §1); decorations have no effect
/// on the simulation and are not kept.
enum class ObjectClass : uint8_t { kRobot, kFood, kShot, kArea, kSensorShot };

/// Shot and area kinds, numbered as `shot-type` reports them (grobots-language.md §3.2).
enum class ShotKind : uint8_t {
  kBlast = 1,
  kGrenade = 2,
  kSyphon = 3,
  kEnemySyphon = 4,
  kForceField = 5,
  kExplosion = 6
};

struct SideState;
struct Robot;

/// An owned object on the heap that copies as a value: a copy owns a copy of the object. The world's
/// state is copied whole for a debugger's keyframes (grobots_copy.cpp), and the brain of a robot or
/// the shared memory of a side must come along, while their addresses stay fixed between copies.
template <typename T>
class DeepPtr {
 public:
  DeepPtr() = default;
  DeepPtr(std::unique_ptr<T> p) : p_(std::move(p)) {}  // NOLINT(google-explicit-constructor): as unique_ptr
  DeepPtr(const DeepPtr& other) : p_(other.p_ ? std::make_unique<T>(*other.p_) : nullptr) {}
  DeepPtr(DeepPtr&&) noexcept = default;
  DeepPtr& operator=(const DeepPtr& other) {
    if (this != &other) p_ = other.p_ ? std::make_unique<T>(*other.p_) : nullptr;
    return *this;
  }
  DeepPtr& operator=(DeepPtr&&) noexcept = default;
  ~DeepPtr() = default;
  T& operator*() const { return *p_; }
  T* operator->() const { return p_.get(); }
  T* get() const { return p_.get(); }
  explicit operator bool() const { return p_ != nullptr; }
  bool operator==(std::nullptr_t) const { return p_ == nullptr; }

 private:
  std::unique_ptr<T> p_;
};

/// What every object has: a circle that moves.
struct Object {
  FixedVector position;
  FixedVector velocity;
  Fixed radius;
  Fixed mass;
  bool dead = false;
  bool isNew = true;    ///< Created since the last resort (the original's "news" list).
  uint32_t serial = 0;  ///< 1, 2, ... in order of creation in the round: the object's identity in a replay.
};

/// A robot type as the world uses it: the compiled type with its hardware and prices.
struct TypeInfo {
  const grobocode::Type* type = nullptr;
  ::chronon::grobots::HardwareSpec spec;
  Fixed cost;             ///< Type cost (energy to build one).
  Fixed mass;             ///< Type mass.
  Fixed constructorCost;  ///< Cost of the constructor hardware alone (sterility, §13).
  ::chronon::grobots::GunFigures blaster;
  ::chronon::grobots::GunFigures grenades;
  bool hasBomb = false;
};

/// One sensor result (grobots-world.md §10).
struct SensorResult {
  FixedVector position;
  FixedVector velocity;
  Fixed radius;
  Fixed mass;
  Fixed energy;
  int32_t side = 0;
  int32_t type = 0;
  int32_t id = 0;
  Fixed shieldFraction = num(1);
  Fixed bomb;
  bool reloading = false;
  Fixed flag;
  int32_t shotType = 0;
  Fixed power;
  double focusDistance = 0;  ///< Squared distance from the focus point, the sort key.
};

/// One of a robot's three sensors and its last results.
struct Sensor {
  bool exists = false;
  Fixed range;
  int32_t capacity = 1;
  Fixed focusDistance;
  Fixed focusDirection;
  bool seesFriends = false;
  bool seesEnemies = true;
  int32_t time = -1;  ///< Frame of the last firing; -1 if never.
  bool ordered = false;
  int32_t found = 0;
  FixedVector overallSum;
  std::vector<SensorResult> results;
  int32_t current = 0;
};

/// A robot (grobots-world.md §4-§11).
///
/// The fields every frame's move, Act and Think read or write come first, so that they share the
/// three cache lines after Object's instead of being spread over all nine of the robot's: robots are
/// visited in tile order, not in memory order, so each line touched is likely a miss.
struct Robot : Object {
  const TypeInfo* type = nullptr;
  SideState* side = nullptr;
  DeepPtr<grobocode::MachineState> brain;
  Fixed energy;
  Fixed armor;
  bool killed = false;  ///< `die` was executed.
  // Weapons: the orders of this frame.
  bool blasterOrdered = false;
  bool grenadeOrdered = false;
  // Engine.
  Fixed enginePower;
  FixedVector engineVelocity;
  // Constructor.
  int32_t constructorType = 0;  ///< 1-based, 0 none.
  Fixed constructorRate;
  Fixed constructorProgress;
  Fixed abortion;
  // Eater.
  Fixed eaterLeft;
  Fixed eaten;
  // Repair, shield.
  Fixed repairRate;
  Fixed shieldSetting;
  Fixed activeShield;
  int32_t blasterCooldown = 0;
  int32_t grenadeCooldown = 0;
  Fixed forceFieldPower;
  Fixed syphonRate, syphoned, syphonedNow;
  Fixed enemySyphonRate, enemySyphoned, enemySyphonedNow;
  // Collisions counted in the last collision pass.
  int32_t friendlyCollisions = 0, enemyCollisions = 0, foodCollisions = 0, shotCollisions = 0, wallCollisions = 0;

  // Read when a brain asks, or when the robot fires, builds or is hit.
  int32_t typeIndex = 0;  ///< 0-based index into the side's types.
  int32_t id = 0;
  int32_t parentId = 0;
  Fixed flag;
  int32_t lastHit = 0;  ///< Side ID of the last damage.
  int32_t childId = 0;
  Fixed eatenThisFrame;
  Fixed blasterAngle;
  Fixed grenadeAngle;
  Fixed grenadeDistance;
  Fixed forceFieldDistance;
  Fixed forceFieldDirection;
  Fixed forceFieldAngle;
  Fixed syphonDistance, syphonDirection;
  Fixed enemySyphonDistance, enemySyphonDirection;
  // Sensors: robot, food, shot.
  std::array<Sensor, 3> sensors;
  // Messages: next unread sequence number per channel.
  std::array<int64_t, 10> nextMessage{};

  Fixed shieldFraction() const;
  Fixed maxEnergy() const { return type->spec.maxEnergy; }
  /// Biomass (§13): type cost - initial energy + energy + constructor progress.
  Fixed biomass() const { return type->cost - type->spec.initialEnergy + energy + constructorProgress; }
};

/// Food: manna (no owner) or a corpse.
struct Food : Object {
  Fixed value;
  SideState* owner = nullptr;
};

/// A shot: blast, grenade, or syphon probe.
struct Shot : Object {
  ShotKind kind = ShotKind::kBlast;
  SideState* owner = nullptr;
  Robot* source = nullptr;  ///< The firing robot, valid in the frame a probe exists.
  Fixed power;
  int32_t lifetime = 0;
};

/// An area: an explosion or a force field.
struct Area : Object {
  ShotKind kind = ShotKind::kExplosion;
  SideState* owner = nullptr;
  Robot* source = nullptr;
  Fixed power;
  Fixed pushAngle;
  int32_t lifetime = 0;
  bool effective = true;  ///< Acts only in its first collision phase.
};

/// A sensor shot: a circle centred on its robot that detects in its first collision phase only.
struct SensorShot : Object {
  Robot* owner = nullptr;
  int32_t sensor = 0;
};

/// Messages a channel keeps: the newest 50 (grobots-world.md §7).
inline constexpr int32_t kMessageRing = 50;

/// One message channel of a side: message number s (0-based, in sending order) sits at
/// channel[s % kMessageRing] while it is among the kMessageRing newest (SideState::oldestKept). A
/// fixed ring, so that sending allocates nothing.
using Channel = std::array<grobocode::Message, kMessageRing>;

/// One side in the world.
struct SideState {
  const grobocode::Side* side = nullptr;
  int32_t index = 0;  ///< Position in the world's side list.
  int32_t id = 0;     ///< Side ID in seeding order (1-based); 0 when not seeded.
  std::vector<TypeInfo> types;
  DeepPtr<grobocode::SharedMemory> shared{std::make_unique<grobocode::SharedMemory>()};
  std::array<Channel, 10> channels;
  std::array<int64_t, 10> sent{};  ///< Messages ever sent per channel.
  /// The number (0-based, in sending order) of the oldest message channel `ch` (0-9) still holds:
  /// the ring keeps the newest kMessageRing.
  int64_t oldestKept(size_t ch) const { return std::max<int64_t>(0, sent[ch] - kMessageRing); }
  int32_t nextRobotId = 1;
  // Statistics (§13).
  bool seeded = false;
  int32_t population = 0;
  std::vector<int32_t> typePopulation;
  double biomass = 0;
  bool sterile = true;
  bool earlyTaken = false;
  double earlyFraction = 0;
  bool earlyDeath = false;
  double killed = 0;
  double fraction = 0;
  int64_t brainErrors = 0;
  std::string name;
};

/// The number of the first message on channel `ch` (0-9) that robot `r` can still read: the next it
/// has not read, or the oldest its side's ring still holds when that one was overwritten.
inline int64_t firstUnread(const Robot& r, size_t ch) { return std::max(r.nextMessage[ch], r.side->oldestKept(ch)); }

/// An object with its circle at the time of the last resort (see TileLists::placed).
template <typename T>
struct Placed {
  T* object = nullptr;
  FixedVector position;
  Fixed radius;
};

/// One class's tile lists (grobots-world.md §1): every object in tile order, each tile's objects in
/// list order, in one array.
template <typename T>
struct TileLists {
  std::vector<T*> items;  ///< Every listed object, tile by tile.
  /// The circle of each item as resort found it, same index as `items` (foods and shots only).
  /// Right after resort comes the collision phase, and nothing in it resizes an object or moves a
  /// food or a shot (collisions change velocities, energy and flags; only robots pushed out of
  /// each other move), so the copies are exact all through the phase, and the pair tests read one
  /// contiguous array instead of chasing a pointer per pair.
  std::vector<Placed<T>> placed;
  std::vector<uint32_t> starts{0};  ///< Tile t holds items [starts[t], starts[t + 1]).
  // The arrays resort fills next and swaps in, kept for their capacity; stale between resorts.
  std::vector<T*> spareItems;
  std::vector<Placed<T>> sparePlaced;
  std::vector<Placed<T>> staged;  ///< Circles read while counting, by old index then new.

  /// The number of tiles, the large tile included.
  size_t tiles() const { return starts.size() - 1; }
  /// The objects of tile `t`, in list order.
  std::span<T* const> operator[](size_t t) const { return {items.data() + starts[t], items.data() + starts[t + 1]}; }
  /// The circles of tile `t`'s objects as resort found them.
  std::span<const Placed<T>> placedIn(size_t t) const {
    return {placed.data() + starts[t], placed.data() + starts[t + 1]};
  }
  /// Empties `tiles` tiles.
  void reset(size_t tiles) {
    items.clear();
    placed.clear();
    starts.assign(tiles + 1, 0);
  }
};

/// Dead objects of one class kept for their storage. Creating a food, shot or area takes one from
/// here before it allocates, and resort puts the dead back, so that once a round's populations
/// have peaked a frame allocates nothing (issue 19: no allocation in a frame). Nothing points at an
/// object once resort has dropped it (shots and areas that name a robot live one frame), so reusing
/// its storage changes no battle. An object is allocated only when none is spare, so the objects
/// in the store and spare together never outnumber the most that were in the store at once.
template <typename T>
struct Spares {
  std::vector<std::unique_ptr<T>> objects;

  /// A fresh object (every field as `T{}` gives it), reusing a dead one's storage when there is one.
  std::unique_ptr<T> take() {
    if (objects.empty()) return std::make_unique<T>();
    std::unique_ptr<T> o = std::move(objects.back());
    objects.pop_back();
    *o = T{};
    return o;
  }
};

/// What a replay recorder asked to see that a frame does not leave behind: the deaths (robot serial,
/// side ID of the last hit) and the frame's sensor shots, which are gone by the end of the frame.
struct WorldObserver {
  struct SensorSeen {
    uint32_t robot = 0;  ///< Serial of the robot that fired it.
    int32_t sensor = 0;  ///< 0 robot, 1 food, 2 shot sensor.
    FixedVector position;
    Fixed radius;
  };
  struct Death {
    uint32_t robot = 0;   ///< Serial of the robot.
    int32_t lastHit = 0;  ///< Side ID of the last damage, 0 for none.
    std::string name;     ///< "<side>'s <type> #<id>".
  };
  std::vector<Death> deaths;
  std::vector<SensorSeen> sensorShots;
};

/// The world's private state.
struct WorldState {
  ::chronon::arena::grobots::WorldOptions options;
  ::chronon::grobots::RandomState random{1};
  std::vector<SideState> sides;
  int32_t frame = 0;
  bool finished = false;
  Fixed mannaAccumulator;
  int32_t previousSidesAlive = 0;
  int32_t tilesX = 10, tilesY = 10;
  std::vector<std::unique_ptr<Robot>> robots;
  std::vector<std::unique_ptr<Food>> foods;
  std::vector<std::unique_ptr<Shot>> shots;
  std::vector<std::unique_ptr<Area>> areas;
  Spares<Food> spareFoods;
  Spares<Shot> spareShots;
  Spares<Area> spareAreas;
  /// This frame's sensor shots, by value: they live from Act to the end of the frame, nothing points
  /// at them, and the vector keeps its capacity from frame to frame, so firing allocates nothing.
  std::vector<SensorShot> sensorShots;
  // Per tile (plus the large tile at the end), per class, in list order.
  TileLists<Robot> robotTiles;
  TileLists<Food> foodTiles;
  TileLists<Shot> shotTiles;
  TileLists<Area> areaTiles;
  // Scratch arrays of resort, kept so that their capacity is reused from frame to frame.
  struct ResortScratch {
    std::vector<uint32_t> oldTile, newTile;  ///< Tile of each listed and each new object, or kGone.
    std::vector<uint32_t> cursor;            ///< Per tile, the count, then the fill cursor.
  } resortScratch;
  // The effective areas with their circles, tile by tile in list order, for the collision phase (see
  // TileLists::placed; only effective areas take part in collisions): tile t's are
  // [placedAreaStarts[t], placedAreaStarts[t + 1]). One array rather than a vector per tile, so that
  // a frame clears nothing per tile.
  std::vector<Placed<Area>> placedAreas;
  std::vector<uint32_t> placedAreaStarts;
  /// Per tile, what it holds during the collision phase: a set of kTileHas... bits.
  std::vector<uint8_t> tileContents;
  std::vector<std::string> messages;
  /// Serial of the last object created (Object::serial).
  uint32_t lastSerial = 0;
  /// What a replay recorder watches (grobots_replay.h); null when nobody records.
  WorldObserver* observer = nullptr;
  /// The robot whose brain is running, during its Think only: a debugger's engine learns from it
  /// which robot an instruction belongs to (grobots_debug.h).
  const Robot* thinking = nullptr;
  double totalKilled = 0;
  /// Scratch of collectStatistics: constructor hardware cost per side.
  std::vector<double> sideConstructorCost;

  /// The effective areas of tile `t` with their circles, in list order (collision phase only).
  std::span<const Placed<Area>> placedAreasIn(size_t t) const {
    return {placedAreas.data() + placedAreaStarts[t], placedAreas.data() + placedAreaStarts[t + 1]};
  }
  int32_t largeTile() const { return tilesX * tilesY; }
  /// The tile of `o` (§1): the large tile for a radius of 5 or more, else the tile of its position
  /// clamped into the world.
  int32_t tileOf(const Object& o) const {
    if (o.radius >= num(5)) return largeTile();
    const int32_t tx = std::clamp(o.position.x.raw() >> Fixed::kFractionBits, 0, options.width - 1) / 10;
    const int32_t ty = std::clamp(o.position.y.raw() >> Fixed::kFractionBits, 0, options.height - 1) / 10;
    return std::clamp(ty, 0, tilesY - 1) * tilesX + std::clamp(tx, 0, tilesX - 1);
  }
  Fixed width() const { return num(options.width); }
  Fixed height() const { return num(options.height); }

  // grobots_world.cpp
  void resort();
  void addFood(FixedVector at, Fixed value, SideState* owner, FixedVector velocity = {});
  void addExplosion(FixedVector at, Fixed power, SideState* owner);
  Robot* addRobot(SideState& side, int32_t typeIndex, FixedVector at, int32_t parentId);
  int32_t sidesAlive() const;
  void collectStatistics();
  // grobots_robot.cpp
  void think(Robot& robot);
  void act(Robot& robot);
  void damage(Robot& robot, Fixed amount, SideState* by);
  void die(Robot& robot);
  void setConstructorType(Robot& robot, int32_t type);
  void updateMass(Robot& robot);
  // grobots_collide.cpp
  void collide();
  void sense(SensorShot& shot);
  // grobots_copy.cpp
  /// Makes this state a deep copy of `other`: its own objects, brains and tile lists, with every
  /// pointer between objects redirected to the copies; the sides' compiled code, the options and
  /// the engine are shared. Only between frames (no sensor shots pending); the copy has no observer.
  void copyFrom(const WorldState& other);
};

/// How the original names a robot in its reports (GBRobot::Description): "<side>'s <type> #<id>",
/// with "'" alone after a side name ending in s. grobocode::errorReport names robots the same way
/// (grobots-language.md §5.3), so a robot's prints, its error report and its replay events begin alike.
std::string robotDescription(const Robot& r);

/// Energy spending "all or nothing": takes `amount` only if it is all there (§5).
bool takeExactly(Robot& robot, Fixed amount);
/// Energy spending "up to": takes at most `amount`, returns what was taken (§5).
Fixed takeUpTo(Robot& robot, Fixed amount);

}  // namespace chronon::arena::gbw

namespace chronon::arena::grobots {

/// The world's private state behind World (grobots_world.h).
struct World::Impl {
  gbw::WorldState w;
};

}  // namespace chronon::arena::grobots
