#include "chronon/arena/random.h"

namespace chronon::arena {
namespace {

uint64_t splitmix64(uint64_t& x) {
  uint64_t z = (x += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

}  // namespace

Random::Random(uint64_t seed) {
  for (uint64_t& word : s_) word = splitmix64(seed);
}

uint32_t Random::reject(uint64_t m, uint32_t bound) {
  const uint32_t threshold = static_cast<uint32_t>(-bound) % bound;
  auto low = static_cast<uint32_t>(m);
  while (low < threshold) {
    m = static_cast<uint64_t>(static_cast<uint32_t>(next() >> 32)) * bound;
    low = static_cast<uint32_t>(m);
  }
  return static_cast<uint32_t>(m >> 32);
}

int32_t Random::between(int32_t lo, int32_t hi) {
  return lo + static_cast<int32_t>(below(static_cast<uint32_t>(hi - lo) + 1u));
}

uint64_t Random::derive(uint64_t seed, uint64_t index) {
  uint64_t x = seed ^ (index * 0xd1b54a32d192ed03ULL);
  splitmix64(x);
  return splitmix64(x);
}

}  // namespace chronon::arena
