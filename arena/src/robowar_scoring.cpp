// Damage, death, kill credit and scoring (specs/robowar.md §7 "Energy and shields", §8;
// ArenaDos.c doDamage/doShotDamage, Arena.c checkDeath/CalcKillPoints and the end of doCombat).

#include "chronon/arena/robowar_world.h"

namespace chronon::arena::robowar {

void World::doDamage(Bot& which, int amount) {
  // Shields absorb first.
  if (which.shield == 0) {
    which.damage -= amount;
  } else if (which.shield < amount) {
    which.damage -= amount - which.shield;
    which.shield = 0;
  } else {
    which.shield -= amount;
  }
}

bool World::doShotDamage(Bot& which, int amount, int owner) {
  const int oldDamage = which.damage;
  doDamage(which, amount);
  Bot& killer = bots_[static_cast<size_t>(owner)];
  // A kill counts when the victim is not the shooter or a teammate and the shooter has not
  // overloaded (energy > -200).
  if (which.damage <= 0 && oldDamage > 0 && which.index != owner && killer.energy > -200 &&
      !(which.team != 0 && which.team == killer.team)) {
    killer.killTime[static_cast<size_t>(which.index)] = chronons_;
    which.killer = owner;
  }
  return which.damage < oldDamage;
}

void World::checkDeath(Bot& who) {
  if (who.damage > 0 || who.deathTime != -1) return;
  who.shield = 0;
  who.alive = false;
  who.deathTime = chronons_;
  if (who.cause == DeathCause::kNone) who.cause = DeathCause::kDamage;
  --numAlive_;
  // Drones chasing the dead robot lose their target.
  for (Shot& shot : shots_) {
    if (!shot.dead && shot.kind == ShotKind::kDrone && shot.target == who.index) {
      shot.kind = ShotKind::kExplode;
      shot.victim = -1;
    }
  }
  const char* why = who.cause == DeathCause::kBuggy      ? "buggy"
                    : who.cause == DeathCause::kOverload ? "overload"
                                                         : "damage";
  event(Event::Kind::kDeath, who.index, who.killer, who.damage, why);
  // The battle ends 20 chronons after only one robot or one team is left.
  int firstTeam = -1;
  bool allSameTeam = true;
  for (const Bot& bot : bots_) {
    if (!bot.alive) continue;
    if (firstTeam == -1) {
      firstTeam = bot.team;
    } else if (bot.team != firstTeam) {
      allSameTeam = false;
    }
  }
  if ((allSameTeam && firstTeam > 0) || numAlive_ <= 1) tail_ = kTailChronons;
}

void World::calcKillPoints(Bot& who) {
  int kills = 0;
  for (int time : who.killTime) {
    if (time == -1) continue;
    // Mac 4.5.2: a dead killer keeps a kill only if it outlived the victim by 20 chronons.
    // Windows 5.16+: kills made up to 20 chronons after the killer's own death count too.
    const bool counts = who.alive || (rules_.scoring == Scoring::kWin516 ? time - who.deathTime <= kTailChronons
                                                                         : who.deathTime - time >= kTailChronons);
    if (counts) ++kills;
  }
  who.kills = kills;
  if (bots_.size() > 2 && !teamBattle_) {
    if (numAlive_ == 3 || numAlive_ == 2) {
      for (Bot& bot : bots_) {
        if (bot.alive) bot.survival = numAlive_ == 3 ? 1 : 2;
      }
    }
  }
}

void World::finish(Result& result) {
  for (Bot& bot : bots_) calcKillPoints(bot);
  const bool duel = bots_.size() <= 2 || teamBattle_;
  int sides = 0;
  std::array<int, kMaxRobots + 1> seenTeams{};
  for (Bot& bot : bots_) {
    if (!bot.alive) continue;
    bot.survival = duel ? 1 : 3;
    bool counted = false;
    for (int t = 0; t < sides; ++t) {
      if (bot.team != 0 && seenTeams[static_cast<size_t>(t)] == bot.team) counted = true;
    }
    if (!counted) seenTeams[static_cast<size_t>(sides++)] = bot.team;
  }
  result.chronons = chronons_;
  result.timedOut = chronons_ > rules_.maxChronons && sides > 1;
  result.robots.reserve(bots_.size());
  for (const Bot& bot : bots_) {
    Outcome out;
    out.alive = bot.alive;
    out.deathChronon = bot.deathTime;
    out.cause = bot.alive ? DeathCause::kNone : bot.cause;
    if (bot.brain.failed) {
      out.error = std::string(bot.brain.error);
      out.errorAddress = bot.brain.errorAddress;
    }
    out.killer = bot.killer;
    out.kills = bot.kills;
    out.survivalPoints = bot.survival;
    out.points = bot.survival + (rules_.aggressiveScoring ? bot.kills : 0);
    out.finalEnergy = bot.energy;
    out.finalDamage = bot.damage;
    result.robots.push_back(std::move(out));
  }
  result.events = std::move(events_);
}

}  // namespace chronon::arena::robowar
