#pragma once
// Which of the RoboWar arena's target slots a point touches: the hit test of every projectile on
// every pass (robowar_weapons.cpp), so it tests all slots at once instead of branching on each.
// Private to the arena; the tests hold the two ways of computing it to the same answers.

#include <cstddef>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace chronon::arena::robowar {

/// Bit i set when slot i's point (xs[i], ys[i]) is closer to (x, y) than sqrt(reachSquared):
/// dx * dx + dy * dy < reachSquared, computed in doubles in that order. `count` slots, at most 32.
/// The plain way, one slot at a time, with no branch.
inline unsigned nearSlotsPlain(const double* xs, const double* ys, size_t count, double x, double y,
                               double reachSquared) {
  unsigned near = 0;
  for (size_t slot = 0; slot < count; ++slot) {
    const double dx = xs[slot] - x;
    const double dy = ys[slot] - y;
    near |= static_cast<unsigned>(dx * dx + dy * dy < reachSquared) << slot;
  }
  return near;
}

#if defined(__SSE2__)
/// nearSlotsPlain two slots at a time with SSE2 (every x86-64 processor), for an even `count`: each
/// lane computes the same differences, squares, sum and comparison, so the answer is the same.
inline unsigned nearSlotsPaired(const double* xs, const double* ys, size_t count, double x, double y,
                                double reachSquared) {
  unsigned near = 0;
  const __m128d atX = _mm_set1_pd(x);
  const __m128d atY = _mm_set1_pd(y);
  const __m128d reach = _mm_set1_pd(reachSquared);
  for (size_t slot = 0; slot < count; slot += 2) {
    const __m128d dx = _mm_sub_pd(_mm_loadu_pd(xs + slot), atX);
    const __m128d dy = _mm_sub_pd(_mm_loadu_pd(ys + slot), atY);
    const __m128d squared = _mm_add_pd(_mm_mul_pd(dx, dx), _mm_mul_pd(dy, dy));
    near |= static_cast<unsigned>(_mm_movemask_pd(_mm_cmplt_pd(squared, reach))) << slot;
  }
  return near;
}
#endif

/// nearSlotsPlain, two slots at a time where SSE2 is there (an even `count`).
inline unsigned nearSlots(const double* xs, const double* ys, size_t count, double x, double y, double reachSquared) {
#if defined(__SSE2__)
  return nearSlotsPaired(xs, ys, count, x, y, reachSquared);
#else
  return nearSlotsPlain(xs, ys, count, x, y, reachSquared);
#endif
}

}  // namespace chronon::arena::robowar
