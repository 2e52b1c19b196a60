#pragma once
// A host for running Grobocode brains without a world (tests, `chronon run`): it serves settable
// hardware values, records every write, hardware call and printed line, keeps the side's shared
// memory and simple message channels, and owns a seeded random generator.

#include <array>
#include <cstdint>
#include <deque>
#include <map>
#include <string>
#include <vector>

#include "chronon/stdlib/grobots_hardware.h"
#include "chronon/vm/grobocode_host.h"

namespace chronon::grobocode {

/// A Host with no world behind it. Public members are the served values and the records.
class GrobocodeTestHost final : public Host {
 public:
  /// A recorded scalar hardware write.
  struct ScalarWrite {
    HwScalar hw;           ///< The variable written.
    grobots::Fixed value;  ///< The value written.
  };
  /// A recorded vector hardware write.
  struct VectorWrite {
    HwVector hw;                 ///< The variable written.
    grobots::FixedVector value;  ///< The value written.
  };
  /// A recorded hardware primitive call.
  struct Call {
    Prim prim;                           ///< The primitive.
    std::vector<grobots::Fixed> inputs;  ///< The cells it popped, deepest first.
  };

  /// A host whose random generator starts at `seed`. Unset hardware reads give the defaults of
  /// missing hardware (§3.1): 1 for armor, max-armor, max-energy, syphon-range,
  /// enemy-syphon-range, blaster- and grenades-reload-time and max-robot-results, else 0.
  explicit GrobocodeTestHost(int32_t seed = 1);

  /// Serves what a newborn robot of a type would read in a default 100 x 100 world
  /// (specs/grobots-world.md §1, §4): world size, position at the centre, time limit 18000 frames,
  /// its mass and radius (0.1 x sqrt(mass + 3)), initial energy, and every hardware figure of `spec`
  /// (maxima, ranges, sensor and gun firing costs, shot speed and lifetime). `massRaw` is the type's
  /// mass as a raw fixed-point value. Values set later override these.
  void serveType(const grobots::HardwareSpec& spec, int64_t massRaw);

  /// Served scalar values; a write stores here too, so later reads see it.
  std::map<HwScalar, grobots::Fixed> scalars;
  /// Served vector values; a write stores here too.
  std::map<HwVector, grobots::FixedVector> vectors;
  /// Errors to raise: a read or write of a scalar listed here returns its error (after recording a
  /// write), as the world does for an out-of-range read or a fractional integer write (§3.1).
  std::map<HwScalar, RuntimeError> scalarErrors;
  /// Errors to raise for vector reads and writes, as `scalarErrors`.
  std::map<HwVector, RuntimeError> vectorErrors;
  /// Served outputs of hardware primitives (missing cells are 0), e.g. next-robot's flag.
  std::map<Prim, std::vector<grobots::Fixed>> outputs;
  /// Hardware reads served (scalar and vector), so tests can check that each is read once.
  int64_t reads = 0;
  /// Every scalar write, in order.
  std::vector<ScalarWrite> scalarWrites;
  /// Every vector write, in order.
  std::vector<VectorWrite> vectorWrites;
  /// Every hardware primitive call, in order.
  std::vector<Call> calls;
  /// Every printed line, in order.
  std::vector<std::string> printed;
  /// The side's shared memory.
  SharedMemory shared{};
  /// Ten message channels (index channel - 1), each a queue of unread messages; a sender receives its
  /// own messages (§5.1).
  std::array<std::deque<std::vector<grobots::Fixed>>, 10> channels;
  /// The world's generator.
  grobots::RandomState generator;
  /// Number of `beep`s and `pause`s.
  int beeps = 0;
  /// Number of `pause`s.
  int pauses = 0;
  /// Instructions reported by `thought`, summed.
  int64_t instructionsThought = 0;

  HostValue readScalar(HwScalar hw) override;
  HostVector readVector(HwVector hw) override;
  RuntimeError writeScalar(HwScalar hw, grobots::Fixed value) override;
  RuntimeError writeVector(HwVector hw, grobots::FixedVector value) override;
  RuntimeError callHardware(Prim prim, std::span<const grobots::Fixed> inputs,
                            std::span<grobots::Fixed> outputs) override;
  RuntimeError send(grobots::Fixed channel, std::span<const grobots::Fixed> values) override;
  RuntimeError receive(grobots::Fixed channel, Message& message) override;
  SharedMemory& sharedMemory() override { return shared; }
  grobots::RandomState& random() override { return generator; }
  void print(std::string_view text) override { printed.emplace_back(text); }
  void beep() override { ++beeps; }
  void pause() override { ++pauses; }
  void thought(int32_t instructions) override { instructionsThought += instructions; }
};

}  // namespace chronon::grobocode
