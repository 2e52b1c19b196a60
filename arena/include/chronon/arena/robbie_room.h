#pragma once
// Robbie's room (docs/robbie.md, "Robbie's room"): the world of Robbie the Robot. It implements the RL
// host interface: Robbie moves until a wall or an obstacle touches a contact sensor, turns freely,
// picks up objects of at most 10 kg lying beneath him, weighs what he holds to the gram, and every
// command takes simulated time. Every command is written to an event log.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "chronon/compiler/robbie_room_file.h"
#include "chronon/vm/robbie_host.h"

namespace chronon::robbie {

/// Simulated time per centimetre moved: Robbie drives at 20 cm/s.
inline constexpr int64_t kMsPerCm = 50;
/// Simulated time per degree turned: Robbie turns at 100 degrees/s.
inline constexpr int64_t kMsPerDegree = 10;
/// Simulated time of one grab or drop (the claw extends and retracts).
inline constexpr int64_t kClawMs = 1000;
/// How far from Robbie's centre an object still lies "beneath his central body", in cm.
inline constexpr double kClawReachCm = 10;
/// Most events kept in the log; later ones are counted, not stored (bounded memory on runaways).
inline constexpr size_t kMaxLoggedEvents = 100000;

/// The text of the built-in default room; identical to stdlib/robbie/rooms/default.room.
std::string_view defaultRoomText();

/// The default room, parsed from defaultRoomText().
RoomSpec defaultRoom();

/// One object's state in the room.
struct ObjectState {
  std::string name;
  double x = 0;  ///< cm; a held object is where Robbie is.
  double y = 0;
  int64_t grams = 0;
};

/// One logged event: when it started and what happened.
struct RoomEvent {
  int64_t timeMs = 0;
  std::string text;
};

/// Robbie's room: the Host of `chronon run` for RL programs.
class RobbieRoom : public Host {
 public:
  /// Builds the room described by `spec` with Robbie at his start, at time 0.
  explicit RobbieRoom(const RoomSpec& spec);

  void move(int64_t cm, bool forward) override;
  void turn(int64_t degrees, bool left) override;
  void grab() override;
  void drop() override;
  bool blocked() override;
  int64_t weight() override;
  void beep(int64_t ms, int64_t hz) override;
  void pause(int64_t ms) override;

  /// Simulated time so far, in ms (saturates at INT64_MAX).
  int64_t timeMs() const { return timeMs_; }
  /// Robbie's position in cm and heading in degrees (0-359, counter-clockwise from east).
  double x() const { return x_; }
  double y() const { return y_; }
  int64_t heading() const { return heading_; }
  /// Index into objects() of the held object, if any.
  std::optional<size_t> held() const { return held_; }
  /// The objects, in room-file order, held ones at Robbie's position.
  const std::vector<ObjectState>& objects() const { return objects_; }
  /// The event log (at most kMaxLoggedEvents entries) and how many events were left out.
  const std::vector<RoomEvent>& events() const { return events_; }
  size_t droppedEvents() const { return droppedEvents_; }

  /// The log as text, one event a line: "    1500 ms  forward 50: ...".
  std::string logText() const;
  /// Robbie's and the objects' final state as text (docs/robbie.md, "Final report").
  std::string stateText() const;

 private:
  // Distance in cm Robbie can travel from his position along (dx, dy) before touching a wall or obstacle.
  double freeDistance(double dx, double dy) const;
  void log(std::string text);
  void spend(int64_t ms);

  RoomSpec spec_;
  double x_ = 0;
  double y_ = 0;
  int64_t heading_ = 0;
  std::vector<ObjectState> objects_;
  std::optional<size_t> held_;
  int64_t timeMs_ = 0;
  std::vector<RoomEvent> events_;
  size_t droppedEvents_ = 0;
};

/// A position or distance in cm as the log and reports print it: one decimal ("150.0").
std::string formatCm(double cm);

}  // namespace chronon::robbie
