#pragma once
// Glicko-2 ratings (Mark E. Glickman, "Example of the Glicko-2 system", 2012): a rating, its
// deviation (how uncertain it is) and a volatility (how erratic the player's results are), updated
// once per rating period from every game the player played in it.

#include <vector>

namespace chronon::ladder {

/// A player's rating on the Glicko scale (a new player: 1500, deviation 350, volatility 0.06).
struct Rating {
  double rating = 1500;
  double deviation = 350;
  double volatility = 0.06;
};

/// One game of a rating period: the opponent's rating and deviation at the start of the period, and
/// the score (1 a win, 0.5 a draw, 0 a loss).
struct Game {
  double opponentRating = 1500;
  double opponentDeviation = 350;
  double score = 0.5;
};

/// The system constant tau, which limits how fast the volatility changes (Glickman suggests 0.3 to 1.2).
inline constexpr double kTau = 0.5;

/// The rating after one period with `games`. A player with no games keeps rating and volatility
/// and grows its deviation (sqrt(phi² + sigma²) on the Glicko-2 scale), capped at 350.
Rating update(const Rating& player, const std::vector<Game>& games, double tau = kTau);

}  // namespace chronon::ladder
