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
  uint64_t next();
  /// A uniform integer in [0, bound) for bound >= 1, without modulo bias.
  uint32_t below(uint32_t bound);
  /// A uniform integer in [lo, hi] (inclusive), lo <= hi.
  int32_t between(int32_t lo, int32_t hi);
  /// Derives the seed of the `index`-th sub-stream (for example the n-th battle of a tournament)
  /// from `seed`, so battles can be run in any order and on any thread.
  static uint64_t derive(uint64_t seed, uint64_t index);

 private:
  uint64_t s_[4];
};

}  // namespace chronon::arena
