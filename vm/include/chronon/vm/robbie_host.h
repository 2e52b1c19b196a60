#pragma once
// The host interface of a Robbie Language program: every command that acts on Robbie or reads his
// sensors (seeds/robbie-language.txt: forward, back, turn, grab, drop, blocked, weight, beep, pause)
// goes through it. arena/robbie_room.h implements it with Robbie's room.

#include <cstdint>

namespace chronon::robbie {

/// What an RL program needs from Robbie and his room. The interpreter has already checked each
/// argument (non-negative distances, angles and times, frequencies in 60-30,000 Hz), so a host never
/// sees an invalid one. Each method is called once per executed command, in program order.
class Host {
 public:
  virtual ~Host() = default;

  /// Moves `cm` (>= 0) centimetres forward (`forward` true) or backward, stopping early at an obstruction.
  virtual void move(int64_t cm, bool forward) = 0;
  /// Turns `degrees` (>= 0) to the left (`left` true, counter-clockwise) or right; never blocked.
  virtual void turn(int64_t degrees, bool left) = 0;
  /// Closes the claw on the object beneath Robbie when it can be lifted.
  virtual void grab() = 0;
  /// Puts the held object down beneath Robbie.
  virtual void drop() = 0;
  /// Returns true when an obstruction touches the fore sensor.
  virtual bool blocked() = 0;
  /// Returns the held object's weight in grams, 0 when the claw is empty.
  virtual int64_t weight() = 0;
  /// Sounds for `ms` (>= 0) milliseconds at `hz` (60-30,000) hertz.
  virtual void beep(int64_t ms, int64_t hz) = 0;
  /// Waits `ms` (>= 0) milliseconds.
  virtual void pause(int64_t ms) = 0;
};

}  // namespace chronon::robbie
