// The world-less test host (grobocode_test_host.h).

#include "chronon/vm/grobocode_test_host.h"

#include <algorithm>
#include <utility>

namespace chronon::grobocode {

using grobots::Fixed;

GrobocodeTestHost::GrobocodeTestHost(int32_t seed) : generator(seed) {
  // Missing hardware reads its spec defaults (specs/grobots-language.md §3.1).
  for (const char* name : {"armor", "max-armor", "max-energy", "syphon-range", "enemy-syphon-range",
                           "blaster-reload-time", "grenades-reload-time", "max-robot-results"}) {
    if (const HardwareInfo* hw = lookupHardwareScalar(name))
      scalars[static_cast<HwScalar>(hw->index)] = Fixed::fromRaw(Fixed::kOneRaw);
  }
}

HostValue GrobocodeTestHost::readScalar(HwScalar hw) {
  const auto it = scalars.find(hw);
  return it == scalars.end() ? Fixed{} : it->second;
}

HostVector GrobocodeTestHost::readVector(HwVector hw) {
  const auto it = vectors.find(hw);
  return it == vectors.end() ? grobots::FixedVector{} : it->second;
}

RuntimeError GrobocodeTestHost::writeScalar(HwScalar hw, Fixed value) {
  scalarWrites.push_back(ScalarWrite{hw, value});
  scalars[hw] = value;
  return RuntimeError::kNone;
}

RuntimeError GrobocodeTestHost::writeVector(HwVector hw, grobots::FixedVector value) {
  vectorWrites.push_back(VectorWrite{hw, value});
  vectors[hw] = value;
  return RuntimeError::kNone;
}

RuntimeError GrobocodeTestHost::callHardware(Prim prim, std::span<const Fixed> inputs, std::span<Fixed> results) {
  calls.push_back(Call{prim, std::vector<Fixed>(inputs.begin(), inputs.end())});
  // The message words keep the channel rules of §2.7 here, since the test host holds the channels.
  if (prim == Prim::Messages || prim == Prim::ClearMessages || prim == Prim::SkipMessages) {
    const grobots::Checked<int, RuntimeError> channel = channelIndex(inputs.back());
    if (!channel) return channel.error();
    auto& queue = channels[static_cast<size_t>(channel.value())];
    if (prim == Prim::Messages) {
      results[0] = Fixed::fromInteger(static_cast<int64_t>(std::min<size_t>(queue.size(), 50))).valueOr(Fixed{});
    } else if (prim == Prim::ClearMessages) {
      queue.clear();
    } else {
      const grobots::Checked<int32_t> skip = inputs[0].toInteger();
      if (!skip) return RuntimeError::kNotInteger;
      for (int32_t i = 0; i < skip.value() && !queue.empty(); ++i) queue.pop_front();
    }
    return RuntimeError::kNone;
  }
  const auto served = outputs.find(prim);
  for (size_t i = 0; i < results.size(); ++i)
    results[i] = served != outputs.end() && i < served->second.size() ? served->second[i] : Fixed{};
  return RuntimeError::kNone;
}

RuntimeError GrobocodeTestHost::send(Fixed channel, std::span<const Fixed> values) {
  const grobots::Checked<int, RuntimeError> index = channelIndex(channel);
  if (!index) return index.error();
  auto& queue = channels[static_cast<size_t>(index.value())];
  queue.emplace_back(values.begin(), values.end());
  // A channel keeps the newest 50 messages (§5.1).
  if (queue.size() > 50) queue.pop_front();
  return RuntimeError::kNone;
}

RuntimeError GrobocodeTestHost::receive(Fixed channel, std::vector<Fixed>& message) {
  const grobots::Checked<int, RuntimeError> index = channelIndex(channel);
  if (!index) return index.error();
  auto& queue = channels[static_cast<size_t>(index.value())];
  if (queue.empty()) return RuntimeError::kNone;
  message = std::move(queue.front());
  queue.pop_front();
  return RuntimeError::kNone;
}

}  // namespace chronon::grobocode
