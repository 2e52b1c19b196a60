// A deep copy of the Grobots world between frames, for a debugger's keyframes (grobots_debug.h):
// every object, brain and tile list copied, and every pointer from one object to another redirected
// to the copies, so that the copy steps exactly as the original would.

#include <unordered_map>

#include "grobots_objects.h"

namespace chronon::arena::gbw {

namespace {

// Where each object of one store went: old address to new.
template <typename T>
using Moved = std::unordered_map<const T*, T*>;

// Copies a store of objects, remembering where each went.
template <typename T>
void copyStore(std::vector<std::unique_ptr<T>>& to, const std::vector<std::unique_ptr<T>>& from, Moved<T>& moved) {
  to.clear();
  to.reserve(from.size());
  moved.reserve(from.size());
  for (const std::unique_ptr<T>& o : from) {
    to.push_back(std::make_unique<T>(*o));
    moved.emplace(o.get(), to.back().get());
  }
}

// The copy of `o`, or nullptr for an object no longer in the world (a shot's source robot may have
// been removed while the shot flies; nothing reads it then).
template <typename T>
T* movedTo(const Moved<T>& moved, const T* o) {
  if (o == nullptr) return nullptr;
  const auto it = moved.find(o);
  return it == moved.end() ? nullptr : it->second;
}

// Copies one class's tile lists through `moved`. The spare and staged arrays are resort's scratch
// and start empty.
template <typename T>
void copyTiles(TileLists<T>& to, const TileLists<T>& from, const Moved<T>& moved) {
  to.items.clear();
  for (T* o : from.items) to.items.push_back(movedTo(moved, o));
  to.placed.clear();
  for (const Placed<T>& p : from.placed) to.placed.push_back({movedTo(moved, p.object), p.position, p.radius});
  to.starts = from.starts;
  to.spareItems.clear();
  to.sparePlaced.clear();
  to.staged.clear();
}

}  // namespace

void WorldState::copyFrom(const WorldState& other) {
  if (this == &other) return;
  options = other.options;
  random = other.random;
  frame = other.frame;
  finished = other.finished;
  mannaAccumulator = other.mannaAccumulator;
  previousSidesAlive = other.previousSidesAlive;
  tilesX = other.tilesX;
  tilesY = other.tilesY;
  // Sides copy as values (their shared memory comes along); they are never added or removed, so
  // an object's side is found by its index.
  sides = other.sides;
  const auto sideOf = [&](const SideState* s) {
    return s == nullptr ? nullptr : &sides[static_cast<size_t>(s->index)];
  };
  Moved<Robot> robotsMoved;
  Moved<Food> foodsMoved;
  Moved<Shot> shotsMoved;
  Moved<Area> areasMoved;
  copyStore(robots, other.robots, robotsMoved);
  copyStore(foods, other.foods, foodsMoved);
  copyStore(shots, other.shots, shotsMoved);
  copyStore(areas, other.areas, areasMoved);
  sensorShots = other.sensorShots;
  for (const std::unique_ptr<Robot>& r : robots) {
    r->side = sideOf(r->side);
    r->type = &r->side->types[static_cast<size_t>(r->typeIndex)];
  }
  for (const std::unique_ptr<Food>& f : foods) f->owner = sideOf(f->owner);
  for (const std::unique_ptr<Shot>& s : shots) {
    s->owner = sideOf(s->owner);
    s->source = movedTo(robotsMoved, s->source);
  }
  for (const std::unique_ptr<Area>& a : areas) {
    a->owner = sideOf(a->owner);
    a->source = movedTo(robotsMoved, a->source);
  }
  for (SensorShot& s : sensorShots) s.owner = movedTo(robotsMoved, s.owner);
  copyTiles(robotTiles, other.robotTiles, robotsMoved);
  copyTiles(foodTiles, other.foodTiles, foodsMoved);
  copyTiles(shotTiles, other.shotTiles, shotsMoved);
  copyTiles(areaTiles, other.areaTiles, areasMoved);
  // The collision phase's own arrays are rebuilt by every collide() before they are read.
  placedAreas.clear();
  placedAreaStarts.clear();
  tileContents.clear();
  resortScratch = {};
  // The copy starts without spare storage; the original keeps its own.
  spareFoods = {};
  spareShots = {};
  spareAreas = {};
  messages = other.messages;
  lastSerial = other.lastSerial;
  observer = nullptr;
  thinking = nullptr;
  totalKilled = other.totalKilled;
  sideConstructorCost.clear();
}

}  // namespace chronon::arena::gbw

namespace chronon::arena::grobots {

World::World(const World& other) : impl_(std::make_unique<Impl>()) { impl_->w.copyFrom(other.impl_->w); }

World& World::operator=(const World& other) {
  impl_->w.copyFrom(other.impl_->w);
  return *this;
}

}  // namespace chronon::arena::grobots
