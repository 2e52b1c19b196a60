#pragma once
// The host interface of a Grobocode brain: everything a brain does beyond its own stacks, variables
// and local memory goes through it (DESIGN.md "hardware words are calls through one host
// interface"). The Grobots world implements it; GrobocodeTestHost serves settable values for tests.

#include <algorithm>
#include <array>
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "chronon/stdlib/grobocode_words.h"
#include "chronon/stdlib/grobots_number.h"

namespace chronon::grobocode {

/// Cells of a side's shared memory, addresses 1..1000 (specs/grobots-language.md §5.1).
inline constexpr int kSharedMemoryCells = 1000;
/// A side's shared memory; cell i (1-based) is element i - 1. Zeroed at each round start.
using SharedMemory = std::array<grobots::Fixed, kSharedMemoryCells>;

/// The most cells one message holds (`send`, specs/grobots-language.md §2.7 #120).
inline constexpr int32_t kMaxMessageCells = 8;

/// One message: up to kMaxMessageCells cells in the sender's stack order, deepest first. A value
/// that needs no allocation, so that sending and receiving allocate nothing in a frame.
struct Message {
  std::array<grobots::Fixed, kMaxMessageCells> cells{};
  int32_t size = 0;  ///< Cells in use; 0 when there was no message.

  /// The cells in use.
  std::span<const grobots::Fixed> view() const { return {cells.data(), static_cast<size_t>(size)}; }
  /// Makes the message hold `values` (at most kMaxMessageCells of them are kept).
  void assign(std::span<const grobots::Fixed> values) {
    size = static_cast<int32_t>(std::min<size_t>(values.size(), kMaxMessageCells));
    std::copy_n(values.begin(), size, cells.begin());
  }
};

/// A value read from the host, or the runtime error the read raises (for example an integer-valued
/// read over 524287 is kArithmeticOverflow, §3.1).
using HostValue = grobots::Checked<grobots::Fixed, RuntimeError>;
/// A vector value read from the host, or the runtime error the read raises.
using HostVector = grobots::Checked<grobots::FixedVector, RuntimeError>;

/// The channel index 0..9 for a channel number that must be an integer in 1..10 (§2.7 messages),
/// or the error: kNotInteger for a fraction, kIndexOutOfRange outside 1..10.
grobots::Checked<int, RuntimeError> channelIndex(grobots::Fixed channel);

/// The primitives that are one call of Host::callHardware and nothing else: the words the
/// table flags kHardware or kMessage, except those that end the think or the brain (`die`, the
/// periodic sensors: the interpreter acts on their result) and those whose effect depends on their
/// inputs (`send`, `receive`). The interpreter's and the JIT planner's switches over every Prim
/// expand it into their case labels; grobocode_interpreter.cpp checks it against the flags.
#define CHRONON_GROBOCODE_HOST_CALL_WORDS(X) \
  X(SeekLocation)                            \
  X(SeekMovingLocation)                      \
  X(RestrictPosition)                        \
  X(Messages)                                \
  X(ClearMessages)                           \
  X(SkipMessages)                            \
  X(TypePopulation)                          \
  X(Autoconstruct)                           \
  X(BalanceType)                             \
  X(FireRobotSensor)                         \
  X(FireFoodSensor)                          \
  X(FireShotSensor)                          \
  X(NextRobot)                               \
  X(NextFood)                                \
  X(NextShot)                                \
  X(FireBlaster)                             \
  X(FireGrenade)                             \
  X(LeadBlaster)                             \
  X(LeadGrenade)                             \
  X(SetForceField)

/// The periodic sensors: one call of Host::callHardware, then a sync when the sensor fired
/// (the words the table flags kHardware and kSuspend). The interpreter's and the JIT planner's
/// switches expand it into their case labels; grobocode_interpreter.cpp checks it against the flags.
#define CHRONON_GROBOCODE_PERIODIC_SENSORS(X) \
  X(PeriodicRobotSensor)                      \
  X(PeriodicFoodSensor)                       \
  X(PeriodicShotSensor)

/// What a brain needs from its robot and world. Every method is called at most once per executed
/// instruction, from `run`/`think` (grobocode_interpreter.h), never concurrently for one host.
class Host {
 public:
  virtual ~Host() = default;

  /// Reads scalar hardware variable `hw` (§3.2). Returns its value or the error the read raises.
  virtual HostValue readScalar(HwScalar hw) = 0;
  /// Reads vector hardware variable `hw` (§3.3). Returns its value or the error the read raises.
  virtual HostVector readVector(HwVector hw) = 0;
  /// Writes `value` to writable scalar `hw` (the interpreter has already rejected read-only and
  /// unimplemented names, §3.1). Returns RuntimeError::kNone or the error the write raises.
  virtual RuntimeError writeScalar(HwScalar hw, grobots::Fixed value) = 0;
  /// Writes `value` to writable vector `hw` (only engine-velocity, §3.3). Returns kNone or an error.
  virtual RuntimeError writeVector(HwVector hw, grobots::FixedVector value) = 0;

  /// Executes hardware primitive `prim` (§2.7: seek-location ... set-force-field, die, messages,
  /// clear-messages, skip-messages, type-population, ...; everything flagged kHardware, and kMessage
  /// words except send and receive). `inputs` holds the cells its effect pops, deepest first
  /// (PrimitiveInfo::parsed.popCells()); the host fills `outputs`, whose size is the cells the effect
  /// pushes, deepest first. Index, channel and integer checks on the inputs are the host's, as they
  /// depend on the world (§2.7). Returns RuntimeError::kNone or the error to stop the brain with.
  virtual RuntimeError callHardware(Prim prim, std::span<const grobots::Fixed> inputs,
                                    std::span<grobots::Fixed> outputs) = 0;
  /// `send` (§2.7 #120): sends `values` (1 to 8 numbers, in the sender's stack order, deepest first)
  /// on `channel` as popped (the host range-checks it: "index out of range" outside 1..10). Returns
  /// kNone or an error.
  virtual RuntimeError send(grobots::Fixed channel, std::span<const grobots::Fixed> values) = 0;
  /// `receive` (§2.7 #121): sets `message` to the next unread message on `channel` in the sender's
  /// order, or to size 0 when there is none. Returns kNone or an error (bad channel).
  virtual RuntimeError receive(grobots::Fixed channel, Message& message) = 0;

  /// The side's shared memory (`read`, `write`, `vread`, `vwrite`, §2.7).
  virtual SharedMemory& sharedMemory() = 0;
  /// The world's one random generator, shared with every brain and the simulation (§1.9).
  virtual grobots::RandomState& random() = 0;

  /// `print`/`vprint` produced `text` (formatted as §1.8); the world shows it when reportPrints is on.
  virtual void print(std::string_view text) = 0;
  /// `beep` (§2.6): a sound, no simulation effect.
  virtual void beep() = 0;
  /// `pause` (§2.6): stops the whole simulation after this frame when reportErrors is on.
  virtual void pause() = 0;
  /// End of a Think (§5.2 item 2): the brain executed `instructions` instructions this frame; the
  /// world charges raw 2 energy per instruction when the robot has that much.
  virtual void thought(int32_t instructions) = 0;
};

}  // namespace chronon::grobocode
