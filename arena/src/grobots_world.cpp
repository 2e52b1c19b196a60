// The Grobots world's frame, tiles, seeding, manna and statistics (specs/grobots-world.md §1, §2,
// §5, §12, §13).

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "grobots_objects.h"

namespace chronon::arena::grobots {

using namespace gbw;

namespace {

// Manna and seeding constants (grobots-world.md §15).
constexpr Fixed kMannaRate = numD(0.25);
constexpr Fixed kMannaSize = num(400);
constexpr Fixed kInitialMannaDensity = num(150);
constexpr Fixed kSeedBudget = num(5000);
constexpr Fixed kSeedTypePenalty = num(100);
constexpr Fixed kSeedScatter = num(2);
constexpr Fixed kWallMargin = num(2);
constexpr Fixed kRobotFriction = raw(4);
constexpr double kRobotLinearDrag = 0.01;
constexpr double kRobotQuadraticDrag = 0.15;
constexpr Fixed kFoodFriction = raw(16);
constexpr double kFoodLinearDrag = 0.01;
constexpr double kFoodQuadraticDrag = 0.3;
constexpr double kWallRestitution = 0.9;

// Drag (§3): s = |v|; s -= s (s q + l); below the friction the object stops.
void drag(Object& o, Fixed friction, double linear, double quadratic) {
  if (isZero(o.velocity)) return;
  Fixed s = length(o.velocity);
  s = s - s * ((s * quadratic) + numD(linear));
  if (s > friction) {
    o.velocity = unit(o.velocity) * (s - friction);
  } else {
    o.velocity = {};
  }
}

}  // namespace

}  // namespace chronon::arena::grobots

namespace chronon::arena::gbw {

namespace {
constexpr uint32_t kGone = UINT32_MAX;

// Rebuilds one class's tile lists (§1) as the original does: the old objects are walked in tile
// order and prepended, so each list reverses; then the objects created this frame go in front in
// creation order. Dead objects are dropped and deleted.
//
// Here the lists are counted first and then filled in their final order: each tile holds its new
// objects in creation order, then its old ones in reverse walk order. One cursor per tile fills a
// tile from its end backwards: first the old objects in walk order, then the new ones in reverse
// creation order, which leaves the first new object at the tile's start. Objects created since the
// last resort are a suffix of the store: every resort clears `isNew` on the whole store, and new
// objects are only ever appended. With `place`, the objects' circles are copied too
// (TileLists::placed). With `spares`, the dead objects' storage goes there instead of being freed.
template <typename T>
void rebuild(WorldState& w, TileLists<T>& lists, std::vector<std::unique_ptr<T>>& store, bool place,
             Spares<T>* spares) {
  WorldState::ResortScratch& s = w.resortScratch;
  const size_t count = static_cast<size_t>(w.largeTile()) + 1;
  size_t firstNew = store.size();
  while (firstNew > 0 && store[firstNew - 1]->isNew) --firstNew;
  s.cursor.assign(count, 0);
  s.oldTile.resize(lists.items.size());
  s.newTile.resize(store.size() - firstNew);
  size_t deaths = 0;
  // Count, per tile, the old objects and the new ones that stay. With `place`, their circles are
  // staged as they are read (old ones at their index, new ones after), so that the filling below
  // does not read the objects again.
  const size_t oldCount = lists.items.size();
  std::vector<Placed<T>>& staged = lists.staged;
  staged.resize(place ? oldCount + store.size() - firstNew : 0);
  for (size_t k = 0; k < oldCount; ++k) {
    T* o = lists.items[k];
    s.oldTile[k] = kGone;
    if (o->dead) {
      ++deaths;
    } else if (!o->isNew) {
      s.oldTile[k] = static_cast<uint32_t>(w.tileOf(*o));
      ++s.cursor[s.oldTile[k]];
      if (place) staged[k] = {o, o->position, o->radius};
    }
  }
  for (size_t k = firstNew; k < store.size(); ++k) {
    T* o = store[k].get();
    uint32_t& tile = s.newTile[k - firstNew];
    tile = kGone;
    if (o->dead) {
      ++deaths;
    } else {
      tile = static_cast<uint32_t>(w.tileOf(*o));
      ++s.cursor[tile];
      if (place) staged[oldCount + k - firstNew] = {o, o->position, o->radius};
    }
    o->isNew = false;
  }
  // Tile t becomes [starts[t], starts[t + 1]); its cursor starts at its end.
  std::vector<uint32_t>& starts = lists.starts;
  starts.resize(count + 1);
  starts[0] = 0;
  uint32_t end = 0;
  for (size_t t = 0; t < count; ++t) {
    end += s.cursor[t];
    s.cursor[t] = end;
    starts[t + 1] = end;
  }
  std::vector<T*>& items = lists.spareItems;
  std::vector<Placed<T>>& placed = lists.sparePlaced;
  items.resize(end);
  placed.resize(place ? end : 0);
  for (size_t k = 0; k < oldCount; ++k) {
    const uint32_t tile = s.oldTile[k];
    if (tile == kGone) continue;
    const uint32_t at = --s.cursor[tile];
    items[at] = lists.items[k];
    if (place) placed[at] = staged[k];
  }
  for (size_t k = store.size(); k-- > firstNew;) {
    const uint32_t tile = s.newTile[k - firstNew];
    if (tile == kGone) continue;
    const uint32_t at = --s.cursor[tile];
    items[at] = store[k].get();
    if (place) placed[at] = staged[oldCount + k - firstNew];
  }
  lists.items.swap(items);
  lists.placed.swap(placed);
  // Every object of the store is either listed or new, so when none of those died the store keeps
  // all its objects.
  if (deaths == 0) return;
  if (spares != nullptr) {
    for (std::unique_ptr<T>& o : store) {
      if (o->dead) spares->objects.push_back(std::move(o));
    }
    std::erase(store, nullptr);
  } else {
    std::erase_if(store, [](const std::unique_ptr<T>& o) { return o->dead; });
  }
}
}  // namespace

void WorldState::resort() {
  // Robots are not kept: they are few, seldom die, and their brains hold memory of their own.
  rebuild<Robot>(*this, robotTiles, robots, false, nullptr);
  rebuild(*this, foodTiles, foods, true, &spareFoods);
  rebuild(*this, shotTiles, shots, true, &spareShots);
  rebuild(*this, areaTiles, areas, false, &spareAreas);
}

void WorldState::addFood(FixedVector at, Fixed value, SideState* owner, FixedVector velocity) {
  if (value.raw() <= 0) return;
  auto food = spareFoods.take();
  food->serial = ++lastSerial;
  food->position = at;
  food->velocity = velocity;
  food->value = value;
  food->owner = owner;
  food->radius = sqrtN(value) * 0.01 + raw(409);
  food->mass = value * 0.015;
  foods.push_back(std::move(food));
}

void WorldState::addExplosion(FixedVector at, Fixed power, SideState* owner) {
  if (power.raw() <= 0) return;
  auto area = spareAreas.take();
  area->serial = ++lastSerial;
  area->kind = ShotKind::kExplosion;
  area->position = at;
  area->owner = owner;
  area->power = power;
  area->radius = powN(power, raw(1351)) * numD(0.6);
  area->lifetime = 2;
  areas.push_back(std::move(area));
}

Robot* WorldState::addRobot(SideState& side, int32_t typeIndex, FixedVector at, int32_t parentId) {
  auto robot = std::make_unique<Robot>();
  robot->serial = ++lastSerial;
  Robot& r = *robot;
  const TypeInfo& t = side.types[static_cast<size_t>(typeIndex)];
  r.side = &side;
  r.typeIndex = typeIndex;
  r.type = &t;
  r.id = side.nextRobotId++;
  r.parentId = parentId;
  r.position = at;
  r.energy = t.spec.initialEnergy;
  r.armor = t.spec.armor;
  r.blasterCooldown = t.spec.blaster.reload;
  r.grenadeCooldown = t.spec.grenades.reload;
  r.syphonRate = Fixed{};
  for (int i = 0; i < 3; ++i) {
    const ::chronon::grobots::SensorSpec& spec = t.spec.sensors[static_cast<size_t>(i)];
    r.sensors[static_cast<size_t>(i)].exists = spec.declared;
    r.sensors[static_cast<size_t>(i)].range = spec.range;
    r.sensors[static_cast<size_t>(i)].capacity = std::max(1, std::min(spec.results, 1000));
    // The food sensor sees everything (§10).
    if (i == 1) r.sensors[1].seesFriends = true;
  }
  if (t.type->brain) {
    r.brain = std::make_unique<grobocode::MachineState>(
        grobocode::makeBrainState(*t.type->brain, std::max(0, std::min(t.spec.processorMemory, 1 << 20))));
  }
  updateMass(r);
  robots.push_back(std::move(robot));
  return &r;
}

int32_t WorldState::sidesAlive() const {
  int32_t alive = 0;
  for (const SideState& s : sides) alive += s.population > 0 ? 1 : 0;
  return alive;
}

void WorldState::collectStatistics() {
  for (SideState& s : sides) {
    s.population = 0;
    s.biomass = 0;
    std::fill(s.typePopulation.begin(), s.typePopulation.end(), 0);
  }
  std::vector<double>& constructorCost = sideConstructorCost;
  constructorCost.assign(sides.size(), 0.0);
  for (const auto& r : robots) {
    if (r->dead) continue;
    SideState& s = *r->side;
    ++s.population;
    ++s.typePopulation[static_cast<size_t>(r->typeIndex)];
    s.biomass += r->biomass().toDouble();
    constructorCost[static_cast<size_t>(s.index)] += r->type->constructorCost.toDouble();
  }
  double total = 0;
  for (const SideState& s : sides) total += s.biomass;
  for (SideState& s : sides) {
    // A side is sterile while its robots hold at most 10 energy of constructor hardware (§13).
    s.sterile = s.population == 0 || constructorCost[static_cast<size_t>(s.index)] <= 10.0;
    s.fraction = total > 0 ? s.biomass / total : 0;
    if (frame == options.earlyFrame && !s.earlyTaken) {
      s.earlyTaken = true;
      s.earlyFraction = s.fraction;
      s.earlyDeath = s.sterile;
    }
  }
}

}  // namespace chronon::arena::gbw

namespace chronon::arena::grobots {

World::World(std::vector<const grobocode::Side*> sides, const WorldOptions& options, int32_t seed)
    : impl_(std::make_unique<Impl>()) {
  WorldState& w = impl_->w;
  w.options = options;
  w.options.width = std::clamp(options.width, 10, 100000);
  w.options.height = std::clamp(options.height, 10, 100000);
  w.random = ::chronon::grobots::RandomState(seed);
  w.tilesX = (w.options.width + 9) / 10;
  w.tilesY = (w.options.height + 9) / 10;
  w.sides.resize(sides.size());
  for (size_t i = 0; i < sides.size(); ++i) {
    SideState& s = w.sides[i];
    s.side = sides[i];
    s.index = static_cast<int32_t>(i);
    s.name = sides[i]->name;
    for (const grobocode::Type& type : sides[i]->types) {
      TypeInfo t;
      t.type = &type;
      t.spec = grobocode::hardwareSpec(type);
      if (type.cost) {
        t.cost = saturate(type.cost->cost);
        t.mass = saturate(type.cost->mass);
        t.constructorCost = saturate(type.cost->hardware.constructor);
      }
      t.blaster = ::chronon::grobots::blasterFigures(t.spec.blaster);
      t.grenades = ::chronon::grobots::grenadeFigures(t.spec.grenades);
      t.hasBomb = t.spec.bomb.raw() > 0;
      s.types.push_back(t);
    }
    s.typePopulation.assign(s.types.size(), 0);
  }
}

World::~World() = default;

namespace {

FixedVector randomLocation(WorldState& w, Fixed margin) {
  const Fixed x = w.random.random(margin, w.width() - margin);
  const Fixed y = w.random.random(margin, w.height() - margin);
  return {x, y};
}

FixedVector randomVector(WorldState& w, Fixed length) {
  const Fixed r = w.random.random(Fixed{}, length);
  return polar(r, w.random.randomAngle());
}

// The seed list of a side (§12): `#seed` IDs, else every type without a bomb, in file order.
std::vector<int32_t> seedList(const SideState& s) {
  std::vector<int32_t> list;
  for (const int id : s.side->seeds) {
    if (id >= 1 && id <= static_cast<int>(s.types.size())) list.push_back(id - 1);
  }
  if (s.side->seeds.empty()) {
    for (size_t i = 0; i < s.types.size(); ++i) {
      if (!s.types[i].hasBomb) list.push_back(static_cast<int32_t>(i));
    }
  }
  return list;
}

void seedSide(WorldState& w, SideState& s, FixedVector at) {
  const std::vector<int32_t> list = seedList(s);
  if (list.empty()) return;
  Fixed budget = kSeedBudget - times(kSeedTypePenalty, static_cast<int64_t>(s.types.size()));
  std::vector<Robot*> placed;
  size_t next = 0;
  // A type that costs nothing would loop forever; the original's reader rejects cost < 20 anyway.
  while (placed.size() < 10000) {
    const TypeInfo& t = s.types[static_cast<size_t>(list[next % list.size()])];
    if (t.cost > budget || t.cost.raw() <= 0) break;
    placed.push_back(w.addRobot(s, list[next % list.size()], at + randomVector(w, kSeedScatter), 0));
    budget -= t.cost;
    ++next;
  }
  if (budget.raw() <= 0) return;
  const int32_t nextType = list[next % list.size()];
  for (Robot* r : placed) {
    if (r->type->spec.constructor.raw() > 0) {
      r->constructorType = nextType + 1;
      r->constructorProgress = budget;
      w.updateMass(*r);
      return;
    }
  }
  for (Robot* r : placed) {
    const Fixed room = r->maxEnergy() - r->energy;
    const Fixed given = minN(room, budget);
    if (given.raw() <= 0) continue;
    r->energy += given;
    budget -= given;
  }
  if (budget.raw() > 0) w.addFood(at, budget, nullptr);
}

}  // namespace

namespace {
// Clears the world and every side's per-round state (§12: shared memory, messages, counters).
void reset(WorldState& w) {
  w.robots.clear();
  w.foods.clear();
  w.shots.clear();
  w.areas.clear();
  w.sensorShots.clear();
  const size_t tiles = static_cast<size_t>(w.largeTile()) + 1;
  w.robotTiles.reset(tiles);
  w.foodTiles.reset(tiles);
  w.shotTiles.reset(tiles);
  w.areaTiles.reset(tiles);
  w.frame = 0;
  w.finished = false;
  w.mannaAccumulator = Fixed{};
  w.totalKilled = 0;
  for (SideState& s : w.sides) {
    s.shared->fill(Fixed{});
    s.sent.fill(0);
    s.nextRobotId = 1;
    s.seeded = false;
    s.id = 0;
    s.population = 0;
    s.biomass = 0;
    s.sterile = true;
    s.earlyTaken = false;
    s.earlyFraction = 0;
    s.earlyDeath = false;
    s.killed = 0;
    s.fraction = 0;
    s.brainErrors = 0;
  }
}
}  // namespace

void World::startEmptyRound() {
  WorldState& w = impl_->w;
  reset(w);
  for (SideState& s : w.sides) {
    s.seeded = true;
    s.id = s.index + 1;
  }
  w.resort();
  w.collectStatistics();
}

bool World::placeRobot(int32_t side, int32_t type, double x, double y) {
  WorldState& w = impl_->w;
  if (side < 0 || side >= static_cast<int32_t>(w.sides.size())) return false;
  SideState& s = w.sides[static_cast<size_t>(side)];
  if (type < 0 || type >= static_cast<int32_t>(s.types.size())) return false;
  w.addRobot(s, type, {fromD(x), fromD(y)}, 0);
  w.resort();
  w.collectStatistics();
  return true;
}

void World::startRound() {
  WorldState& w = impl_->w;
  reset(w);
  // Initial manna: piles of 40-400 until the total is laid (§5).
  Fixed mannaLeft = times(kInitialMannaDensity, static_cast<int64_t>(w.options.width) * w.options.height / 100);
  while (mannaLeft.raw() > 0) {
    Fixed size = w.random.random(num(40), num(400));
    if (size > mannaLeft) size = mannaLeft;
    w.addFood(randomLocation(w, kWallMargin), size, nullptr);
    mannaLeft -= size;
  }
  // Which sides play: selection sampling in roster order (§12).
  std::vector<SideState*> chosen;
  const int32_t n = static_cast<int32_t>(w.sides.size());
  const int32_t limit = w.options.seedLimit <= 0 ? n : std::min(n, w.options.seedLimit);
  int32_t seedsLeft = limit;
  for (int32_t i = 0; i < n; ++i) {
    const int32_t sidesLeft = n - i;
    if (seedsLeft >= sidesLeft || (seedsLeft > 0 && w.random.intInRange(0, sidesLeft - 1) < seedsLeft)) {
      chosen.push_back(&w.sides[static_cast<size_t>(i)]);
      --seedsLeft;
    }
  }
  // Seed positions, spread apart and away from the centre, then shuffled (§12).
  const int32_t count = static_cast<int32_t>(chosen.size());
  std::vector<FixedVector> positions;
  if (count > 0) {
    const Fixed margin = kWallMargin + num(std::min(w.options.width, w.options.height)) / num(20);
    const double spacing =
        std::sqrt((w.width() - margin - margin).toDouble() * (w.height() - margin - margin).toDouble() / count);
    const int64_t tries = 100 + 30 * static_cast<int64_t>(count) + static_cast<int64_t>(count) * count;
    const FixedVector centre{w.width() / num(2), w.height() / num(2)};
    int64_t k = 0;
    for (int32_t i = 0; i < count; ++i) {
      FixedVector p;
      for (;;) {
        if (k > tries) {
          p = randomLocation(w, kWallMargin);
          break;
        }
        p = randomLocation(w, margin);
        ++k;
        const double fromCentre = spacing * (1.0 - 2.0 * static_cast<double>(k) / static_cast<double>(tries));
        bool ok = std::sqrt(distSquared(p, centre)) > fromCentre;
        const double apart = spacing * (1.0 - static_cast<double>(k) / static_cast<double>(tries));
        for (const FixedVector& q : positions) ok = ok && std::sqrt(distSquared(p, q)) > apart;
        if (ok) break;
      }
      positions.push_back(p);
    }
    for (int32_t i = count - 1; i > 0; --i)
      std::swap(positions[static_cast<size_t>(i)], positions[static_cast<size_t>(w.random.intInRange(0, i))]);
  }
  int32_t nextId = 1;
  for (int32_t i = 0; i < count; ++i) {
    SideState& s = *chosen[static_cast<size_t>(i)];
    s.seeded = true;
    s.id = nextId++;
    seedSide(w, s, positions[static_cast<size_t>(i)]);
  }
  w.resort();
  w.collectStatistics();
  w.previousSidesAlive = w.sidesAlive();
}

void World::step() {
  WorldState& w = impl_->w;
  if (w.finished) return;
  w.previousSidesAlive = w.sidesAlive();
  // Manna (§2 step 2).
  w.mannaAccumulator += times(kMannaRate, static_cast<int64_t>(w.options.width) * w.options.height) / num(100);
  while (w.mannaAccumulator > kMannaSize) {
    w.addFood(randomLocation(w, kWallMargin), kMannaSize, nullptr);
    w.mannaAccumulator -= kMannaSize;
  }
  // Think, in tile order (§2 step 3).
  for (Robot* r : w.robotTiles.items) {
    if (!r->dead) w.think(*r);
  }
  // Move (§2 step 4, §3, §9 walls).
  const auto walls = [&](Object& o, bool reposition, auto&& onWall) {
    bool hit = false;
    if (o.position.x - o.radius < Fixed{}) {
      o.velocity.x = absN(o.velocity.x) * kWallRestitution;
      if (reposition) o.position.x = o.radius;
      hit = true;
    } else if (o.position.x + o.radius > w.width()) {
      o.velocity.x = -(absN(o.velocity.x) * kWallRestitution);
      if (reposition) o.position.x = w.width() - o.radius;
      hit = true;
    }
    if (o.position.y - o.radius < Fixed{}) {
      o.velocity.y = absN(o.velocity.y) * kWallRestitution;
      if (reposition) o.position.y = o.radius;
      hit = true;
    } else if (o.position.y + o.radius > w.height()) {
      o.velocity.y = -(absN(o.velocity.y) * kWallRestitution);
      if (reposition) o.position.y = w.height() - o.radius;
      hit = true;
    }
    if (hit) onWall();
  };
  for (Robot* r : w.robotTiles.items) {
    // Collision counts are for the last frame: they restart when the robot moves (§3.2).
    r->friendlyCollisions = r->enemyCollisions = r->foodCollisions = r->shotCollisions = r->wallCollisions = 0;
    r->position += r->velocity;
    drag(*r, kRobotFriction, kRobotLinearDrag, kRobotQuadraticDrag);
    walls(*r, true, [&] { ++r->wallCollisions; });
  }
  for (Food* f : w.foodTiles.items) {
    f->position += f->velocity;
    drag(*f, kFoodFriction, kFoodLinearDrag, kFoodQuadraticDrag);
    walls(*f, true, [] {});
  }
  for (Shot* s : w.shotTiles.items) {
    s->position += s->velocity;
    walls(*s, false, [&] {
      if (s->kind == ShotKind::kBlast) s->dead = true;
      if (s->kind == ShotKind::kGrenade && !s->dead) {
        s->dead = true;
        w.addExplosion(s->position, s->power, s->owner);
      }
    });
  }
  // Act (§2 step 5): per tile, robots, food, shots, areas.
  for (size_t t = 0; t < w.robotTiles.tiles(); ++t) {
    for (Robot* r : w.robotTiles[t]) {
      if (!r->dead) w.act(*r);
    }
    for (Food* f : w.foodTiles[t]) {
      f->value -= raw(491);
      if (f->value.raw() <= 0) {
        f->dead = true;
        continue;
      }
      f->radius = sqrtN(f->value) * 0.01 + raw(409);
      f->mass = f->value * 0.015;
    }
    for (Shot* s : w.shotTiles[t]) {
      if (s->dead) continue;
      if (--s->lifetime <= 0) {
        s->dead = true;
        if (s->kind == ShotKind::kGrenade) w.addExplosion(s->position, s->power, s->owner);
      }
    }
    for (Area* a : w.areaTiles[t]) {
      if (--a->lifetime <= 0) a->dead = true;
    }
  }
  // Resort, then collide and sense (§2 steps 6-7); sensor shots sense in this phase only.
  w.resort();
  w.collide();
  if (w.observer != nullptr) {
    for (const SensorShot& shot : w.sensorShots)
      w.observer->sensorShots.push_back({shot.owner->serial, shot.sensor, shot.position, shot.radius});
  }
  w.sensorShots.clear();
  ++w.frame;
  w.collectStatistics();
  const int32_t alive = w.sidesAlive();
  if ((alive < w.previousSidesAlive && alive <= 1) ||
      (w.options.frameLimit > 0 && w.frame % w.options.frameLimit == 0)) {
    w.finished = true;
  }
}

bool World::finished() const { return impl_->w.finished; }
int32_t World::frame() const { return impl_->w.frame; }

std::vector<double> World::biomass() const {
  std::vector<double> out;
  for (const SideState& s : impl_->w.sides) out.push_back(s.biomass);
  return out;
}

std::vector<int32_t> World::population() const {
  std::vector<int32_t> out;
  for (const SideState& s : impl_->w.sides) out.push_back(s.population);
  return out;
}

int32_t World::robotCount() const {
  int32_t n = 0;
  for (const auto& r : impl_->w.robots) n += r->dead ? 0 : 1;
  return n;
}

RoundOutcome World::outcome() const {
  const WorldState& w = impl_->w;
  RoundOutcome out;
  out.frames = w.frame;
  for (const SideState& s : w.sides) {
    SideRound r;
    r.seeded = s.seeded;
    r.alive = s.population > 0;
    r.sterile = s.sterile;
    r.earlyDeath = s.earlyTaken ? s.earlyDeath : s.sterile;
    r.fraction = s.fraction;
    r.earlyFraction = s.earlyTaken ? s.earlyFraction : s.fraction;
    r.killedFraction = w.totalKilled > 0 ? s.killed / w.totalKilled : 0;
    r.biomass = s.biomass;
    r.brainErrors = s.brainErrors;
    out.sides.push_back(r);
  }
  return out;
}

std::vector<std::string> World::takeMessages() {
  std::vector<std::string> out;
  out.swap(impl_->w.messages);
  return out;
}

std::string formatRoundResults(const RoundOutcome& outcome, const std::vector<std::string>& names) {
  std::string text = "#results after " + std::to_string(outcome.frames) + " frames\n";
  for (size_t i = 0; i < outcome.sides.size() && i < names.size(); ++i) {
    const SideRound& s = outcome.sides[i];
    if (!s.seeded) continue;
    char percent[32];
    std::snprintf(percent, sizeof percent, "%.1f", 100 * s.fraction);
    text += std::string(percent) + "%\t" + (s.alive ? (s.sterile ? "sterile" : "alive") : "extinct") + "\t" + names[i] +
            "\n";
  }
  return text;
}

RoundOutcome runRound(const std::vector<const grobocode::Side*>& sides, const WorldOptions& options, int32_t seed) {
  World world(sides, options, seed);
  world.startRound();
  while (!world.finished()) world.step();
  return world.outcome();
}

}  // namespace chronon::arena::grobots
