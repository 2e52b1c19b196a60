#pragma once
// The one seeded random generator of a battle. Every random choice of a battle (start positions,
// RANDOM, the action order of each chronon) draws from it in a fixed order, so the same seed gives
// the same battle on any machine and any thread count.

#include <cstdint>

namespace chronon::arena {

/// A small, fast, portable generator (xoshiro256** seeded through splitmix64). Not for cryptography.
class Random {
 public:
  /// Seeds the generator; equal seeds give equal sequences everywhere.
  explicit Random(uint64_t seed);
  /// The next 64 random bits.
  uint64_t next() {
    const uint64_t result = rotl(s_[1] * 5, 7) * 9;
    const uint64_t t = s_[1] << 17;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = rotl(s_[3], 45);
    return result;
  }
  /// A uniform integer in [0, bound) for bound >= 1, without modulo bias. Inline, as `next` is: a
  /// RoboWar battle draws one for every robot's turn in every chronon (the action order).
  uint32_t below(uint32_t bound) {
    // Lemire's multiply-and-reject: unbiased and avoids a division on the common path.
    const uint64_t m = static_cast<uint64_t>(static_cast<uint32_t>(next() >> 32)) * bound;
    if (static_cast<uint32_t>(m) < bound) [[unlikely]]
      return reject(m, bound);
    return static_cast<uint32_t>(m >> 32);
  }
  /// A uniform integer in [lo, hi] (inclusive), lo <= hi.
  int32_t between(int32_t lo, int32_t hi);
  /// Derives the seed of the `index`-th sub-stream (for example the n-th battle of a tournament)
  /// from `seed`, so battles can be run in any order and on any thread.
  static uint64_t derive(uint64_t seed, uint64_t index);

 private:
  static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
  /// The rare rest of `below` once the first draw `m` landed in the low zone: the draw may be
  /// biased, so draws below the threshold are rejected.
  uint32_t reject(uint64_t m, uint32_t bound);

  uint64_t s_[4];
};

}  // namespace chronon::arena
