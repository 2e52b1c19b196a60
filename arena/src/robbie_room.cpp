// Robbie's room: geometry of movement and the contact sensors, the claw, and simulated time.

#include "chronon/arena/robbie_room.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

#include "chronon/stdlib/robbie_words.h"

namespace chronon::robbie {

namespace {

// Slack for floating-point contact tests, in cm: far below anything a program can measure.
constexpr double kEpsilon = 1e-6;

constexpr std::string_view kDefaultRoom =
    "; Robbie's default room (docs/robbie.md, \"Room files\"): a 4 m by 3 m room with a pillar and a low\n"
    "; cabinet, and a few objects on the floor. Coordinates in cm from the south-west corner; headings in\n"
    "; degrees counter-clockwise from east.\n"
    "room 400 300\n"
    "robbie 100 150 0\n"
    "obstacle 250 200 290 240   ; a pillar\n"
    "obstacle 0 0 60 40         ; a cabinet in the south-west corner\n"
    "object Crate 150 150 2500  ; 50 cm ahead of Robbie\n"
    "object Anvil 200 100 15000 ; too heavy for the claw\n"
    "object Ball 100 150 450    ; right beneath Robbie\n";

// The unit vector of `heading` degrees; exact for multiples of 90 so that axis-parallel runs stay on
// whole centimetres.
void direction(int64_t heading, double& dx, double& dy) {
  switch (heading) {
    case 0: dx = 1, dy = 0; return;
    case 90: dx = 0, dy = 1; return;
    case 180: dx = -1, dy = 0; return;
    case 270: dx = 0, dy = -1; return;
    default: {
      const double radians = static_cast<double>(heading) * M_PI / 180.0;
      dx = std::cos(radians);
      dy = std::sin(radians);
    }
  }
}

int64_t saturatingMul(int64_t a, int64_t b) {
  int64_t r = 0;
  return __builtin_mul_overflow(a, b, &r) ? std::numeric_limits<int64_t>::max() : r;
}

// Distance along the ray from (px, py) in direction (dx, dy) at which it enters the open interior of
// the axis-parallel box, or infinity when it never does (a ray along an edge does not enter).
double entryDistance(double px, double py, double dx, double dy, const RoomObstacle& box) {
  double low = -std::numeric_limits<double>::infinity();
  double high = std::numeric_limits<double>::infinity();
  const auto slab = [&](double p, double d, double lo, double hi) {
    if (std::fabs(d) < 1e-12) {
      if (p <= lo + kEpsilon || p >= hi - kEpsilon) high = -1;  // Parallel and outside (or on the edge).
      return;
    }
    const double t1 = (lo - p) / d;
    const double t2 = (hi - p) / d;
    low = std::max(low, std::min(t1, t2));
    high = std::min(high, std::max(t1, t2));
  };
  slab(px, dx, box.x1, box.x2);
  slab(py, dy, box.y1, box.y2);
  if (high <= kEpsilon || low >= high - kEpsilon) return std::numeric_limits<double>::infinity();
  return std::max(low, 0.0);
}

}  // namespace

std::string_view defaultRoomText() { return kDefaultRoom; }

RoomSpec defaultRoom() {
  Diagnostics diagnostics;
  // The built-in text is tested to parse without diagnostics.
  return parseRoomFile(SourceFile("default.room", std::string(kDefaultRoom)), diagnostics).value_or(RoomSpec{});
}

std::string formatCm(double cm) {
  char text[48];
  // Adding 0.0 turns a negative zero into zero, so "-0.0" never appears.
  std::snprintf(text, sizeof text, "%.1f", std::round(cm * 10) / 10 + 0.0);
  return text;
}

RobbieRoom::RobbieRoom(const RoomSpec& spec) : spec_(spec), x_(spec.robbieX), y_(spec.robbieY), heading_(spec.heading) {
  for (const RoomObject& o : spec.objects) objects_.push_back(ObjectState{o.name, o.x, o.y, o.grams});
}

void RobbieRoom::log(std::string text) {
  if (events_.size() >= kMaxLoggedEvents) {
    ++droppedEvents_;
    return;
  }
  events_.push_back(RoomEvent{timeMs_, std::move(text)});
}

void RobbieRoom::spend(int64_t ms) {
  if (__builtin_add_overflow(timeMs_, ms, &timeMs_)) timeMs_ = std::numeric_limits<int64_t>::max();
}

double RobbieRoom::freeDistance(double dx, double dy) const {
  double free = std::numeric_limits<double>::infinity();
  // The walls: Robbie stays inside [0, width] x [0, height].
  if (dx > 1e-12) free = std::min(free, (spec_.width - x_) / dx);
  if (dx < -1e-12) free = std::min(free, -x_ / dx);
  if (dy > 1e-12) free = std::min(free, (spec_.height - y_) / dy);
  if (dy < -1e-12) free = std::min(free, -y_ / dy);
  for (const RoomObstacle& box : spec_.obstacles) free = std::min(free, entryDistance(x_, y_, dx, dy, box));
  return std::max(free, 0.0);
}

void RobbieRoom::move(int64_t cm, bool forward) {
  double dx = 0;
  double dy = 0;
  direction(heading_, dx, dy);
  if (!forward) dx = -dx, dy = -dy;
  const double free = freeDistance(dx, dy);
  const double wanted = static_cast<double>(cm);
  const bool stopped = free < wanted - kEpsilon;
  const double moved = stopped ? free : wanted;
  x_ = std::clamp(x_ + dx * moved, 0.0, spec_.width);
  y_ = std::clamp(y_ + dy * moved, 0.0, spec_.height);
  if (held_) objects_[*held_].x = x_, objects_[*held_].y = y_;
  std::string text = std::string(forward ? "forward " : "back ") + std::to_string(cm) + ": ";
  text += stopped ? "blocked after " + formatCm(moved) + " cm" : "moved " + formatCm(moved) + " cm";
  text += ", at (" + formatCm(x_) + ", " + formatCm(y_) + ")";
  log(std::move(text));
  spend(static_cast<int64_t>(std::llround(moved * static_cast<double>(kMsPerCm))));
}

void RobbieRoom::turn(int64_t degrees, bool left) {
  const int64_t step = degrees % 360;
  heading_ = ((heading_ + (left ? step : -step)) % 360 + 360) % 360;
  log(std::string("turn ") + (left ? "left " : "right ") + std::to_string(degrees) + ": heading " +
      std::to_string(heading_));
  spend(saturatingMul(degrees, kMsPerDegree));
}

void RobbieRoom::grab() {
  if (held_) {
    log("grab: the claw already holds " + objects_[*held_].name + "; nothing happens");
  } else {
    std::optional<size_t> beneath;
    double nearest = kClawReachCm;
    for (size_t i = 0; i < objects_.size(); ++i) {
      const double d = std::hypot(objects_[i].x - x_, objects_[i].y - y_);
      if (d <= nearest + kEpsilon && (!beneath || d < nearest - kEpsilon)) {
        beneath = i;
        nearest = d;
      }
    }
    if (!beneath) {
      log("grab: nothing beneath Robbie");
    } else if (objects_[*beneath].grams > kMaxGrabGrams) {
      log("grab: " + objects_[*beneath].name + " (" + std::to_string(objects_[*beneath].grams) +
          " g) is too heavy; the claw releases it");
    } else {
      held_ = beneath;
      objects_[*beneath].x = x_;
      objects_[*beneath].y = y_;
      log("grab: picked up " + objects_[*beneath].name + " (" + std::to_string(objects_[*beneath].grams) + " g)");
    }
  }
  spend(kClawMs);
}

void RobbieRoom::drop() {
  if (!held_) {
    log("drop: the claw is empty");
  } else {
    log("drop: put " + objects_[*held_].name + " down at (" + formatCm(x_) + ", " + formatCm(y_) + ")");
    held_.reset();
  }
  spend(kClawMs);
}

bool RobbieRoom::blocked() {
  double dx = 0;
  double dy = 0;
  direction(heading_, dx, dy);
  return freeDistance(dx, dy) < 1e-3;
}

int64_t RobbieRoom::weight() { return held_ ? objects_[*held_].grams : 0; }

void RobbieRoom::beep(int64_t ms, int64_t hz) {
  log("beep " + std::to_string(ms) + " ms at " + std::to_string(hz) + " Hz");
  spend(ms);
}

void RobbieRoom::pause(int64_t ms) {
  log("pause " + std::to_string(ms) + " ms");
  spend(ms);
}

std::string RobbieRoom::logText() const {
  std::string out;
  for (const RoomEvent& e : events_) {
    char head[40];
    std::snprintf(head, sizeof head, "%10lld ms  ", static_cast<long long>(e.timeMs));
    out += head + e.text + "\n";
  }
  if (droppedEvents_ > 0) out += "(" + std::to_string(droppedEvents_) + " more events not logged)\n";
  return out;
}

std::string RobbieRoom::stateText() const {
  std::string out = "robbie: at (" + formatCm(x_) + ", " + formatCm(y_) + "), heading " + std::to_string(heading_);
  out += held_ ? ", holding " + objects_[*held_].name + " (" + std::to_string(objects_[*held_].grams) + " g)\n"
               : ", claw empty\n";
  out += "objects:\n";
  if (objects_.empty()) out += "  (none)\n";
  for (size_t i = 0; i < objects_.size(); ++i) {
    const ObjectState& o = objects_[i];
    out += "  " + o.name + " (" + std::to_string(o.grams) + " g) at (" + formatCm(o.x) + ", " + formatCm(o.y) + ")";
    out += held_ == i ? ", held\n" : "\n";
  }
  return out;
}

}  // namespace chronon::robbie
