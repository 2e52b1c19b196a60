#pragma once
// The host a robot's brain talks to in the Grobots world: hardware reads and writes and the
// hardware words (specs/grobots-language.md §2.7, §3), answered from the robot and its world.

#include "grobots_objects.h"

namespace chronon::arena::gbw {

/// The Host of one robot during its Think.
class RobotHost final : public grobocode::Host {
 public:
  RobotHost(WorldState& world, Robot& robot) : w_(world), r_(robot) {}

  grobocode::HostValue readScalar(grobocode::HwScalar hw) override;
  grobocode::HostVector readVector(grobocode::HwVector hw) override;
  grobocode::RuntimeError writeScalar(grobocode::HwScalar hw, Fixed value) override;
  grobocode::RuntimeError writeVector(grobocode::HwVector hw, FixedVector value) override;
  grobocode::RuntimeError callHardware(grobocode::Prim prim, std::span<const Fixed> inputs,
                                       std::span<Fixed> outputs) override;
  grobocode::RuntimeError send(Fixed channel, std::span<const Fixed> values) override;
  grobocode::RuntimeError receive(Fixed channel, grobocode::Message& message) override;
  grobocode::SharedMemory& sharedMemory() override { return *r_.side->shared; }
  ::chronon::grobots::RandomState& random() override { return w_.random; }
  void print(std::string_view text) override;
  void beep() override {}
  void pause() override {}
  void thought(int32_t instructions) override;

 private:
  WorldState& w_;
  Robot& r_;
};

}  // namespace chronon::arena::gbw
