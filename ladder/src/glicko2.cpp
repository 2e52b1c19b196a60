// Glicko-2, step by step as in Glickman's "Example of the Glicko-2 system" (2012).

#include "chronon/ladder/glicko2.h"

#include <algorithm>
#include <cmath>

namespace chronon::ladder {

namespace {

constexpr double kScale = 173.7178;  // Glicko to Glicko-2 scale
constexpr double kPi = 3.14159265358979323846;
constexpr double kEpsilon = 0.000001;  // convergence tolerance of step 5

double g(double phi) { return 1.0 / std::sqrt(1.0 + 3.0 * phi * phi / (kPi * kPi)); }

double expected(double mu, double muJ, double phiJ) { return 1.0 / (1.0 + std::exp(-g(phiJ) * (mu - muJ))); }

}  // namespace

Rating update(const Rating& player, const std::vector<Game>& games, double tau) {
  // Step 2: to the Glicko-2 scale.
  const double mu = (player.rating - 1500) / kScale;
  const double phi = player.deviation / kScale;
  const double sigma = player.volatility;
  if (games.empty()) {
    Rating out = player;
    out.deviation = std::min(350.0, std::sqrt(phi * phi + sigma * sigma) * kScale);
    return out;
  }
  // Steps 3 and 4: the estimated variance v and improvement delta.
  double vInverse = 0;
  double sum = 0;
  for (const Game& game : games) {
    const double muJ = (game.opponentRating - 1500) / kScale;
    const double phiJ = game.opponentDeviation / kScale;
    const double e = expected(mu, muJ, phiJ);
    vInverse += g(phiJ) * g(phiJ) * e * (1 - e);
    sum += g(phiJ) * (game.score - e);
  }
  const double v = 1.0 / vInverse;
  const double delta = v * sum;
  // Step 5: the new volatility, by the Illinois algorithm on f.
  const double a = std::log(sigma * sigma);
  const auto f = [&](double x) {
    const double ex = std::exp(x);
    const double d = phi * phi + v + ex;
    return ex * (delta * delta - phi * phi - v - ex) / (2 * d * d) - (x - a) / (tau * tau);
  };
  double lo = a;
  double hi = 0;
  if (delta * delta > phi * phi + v) {
    hi = std::log(delta * delta - phi * phi - v);
  } else {
    int k = 1;
    while (f(a - k * tau) < 0) ++k;
    hi = a - k * tau;
  }
  double fLo = f(lo);
  double fHi = f(hi);
  while (std::fabs(hi - lo) > kEpsilon) {
    const double c = lo + (lo - hi) * fLo / (fHi - fLo);
    const double fC = f(c);
    if (fC * fHi <= 0) {
      lo = hi;
      fLo = fHi;
    } else {
      fLo /= 2;
    }
    hi = c;
    fHi = fC;
  }
  const double sigmaNew = std::exp(lo / 2);
  // Steps 6 to 8: the new deviation and rating, back on the Glicko scale.
  const double phiStar = std::sqrt(phi * phi + sigmaNew * sigmaNew);
  const double phiNew = 1.0 / std::sqrt(1.0 / (phiStar * phiStar) + 1.0 / v);
  const double muNew = mu + phiNew * phiNew * sum;
  return {muNew * kScale + 1500, phiNew * kScale, sigmaNew};
}

}  // namespace chronon::ladder
