// Register reads and writes of a robot: the host side of the interpreter (specs/robowar.md §5;
// ArenaDos.c getVar/putVar and the do* helpers).

#include <cstdlib>

#include "chronon/arena/robowar_world.h"

namespace chronon::arena::robowar {

using robotalk::Reg;

Bot& World::current(vm::Brain& brain) {
  // The brain being run is always who_'s; a foreign brain (a test driving the interpreter by
  // hand) is matched by address.
  if (who_ != nullptr && &who_->brain == &brain) return *who_;
  for (Bot& bot : bots_) {
    if (&bot.brain == &brain) return bot;
  }
  return bots_.front();
}

int16_t World::readRegister(vm::Brain& brain, Reg reg) { return getVar(current(brain), static_cast<int>(reg)); }

void World::writeRegister(vm::Brain& brain, Reg reg, int16_t value) {
  putVar(current(brain), static_cast<int>(reg), value);
}

bool World::legalEnergyDecrement(Bot& who, int amount) {
  if (amount > 600 || amount < 0) {
    robotError(who, "Illegal energy usage.");
    return false;
  }
  return true;
}

int16_t World::getVar(Bot& who, int index) {
  const auto reg = static_cast<Reg>(index);
  switch (reg) {
    case Reg::A:
    case Reg::B:
    case Reg::C:
    case Reg::D:
    case Reg::E:
    case Reg::F:
    case Reg::G:
    case Reg::H:
    case Reg::I:
    case Reg::J:
    case Reg::K:
    case Reg::L:
    case Reg::M:
    case Reg::N:
    case Reg::O:
    case Reg::P:
    case Reg::Q:
    case Reg::R:
    case Reg::S:
    case Reg::T:
    case Reg::U:
    case Reg::V:
    case Reg::W:
    case Reg::Z: return who.brain.letters[static_cast<size_t>(index)];
    case Reg::X: return static_cast<int16_t>(who.x);
    case Reg::Y: return static_cast<int16_t>(who.y);
    case Reg::Energy: return static_cast<int16_t>(who.energy);
    case Reg::Shield: return static_cast<int16_t>(who.shield);
    case Reg::Range: return static_cast<int16_t>(range(who));
    case Reg::Aim: return static_cast<int16_t>(who.aim);
    case Reg::SpeedX: return static_cast<int16_t>(who.speedX);
    case Reg::SpeedY: return static_cast<int16_t>(who.speedY);
    case Reg::Damage: return static_cast<int16_t>(who.damage);
    case Reg::Random: return static_cast<int16_t>(random_.below(360));
    case Reg::Collision: return static_cast<int16_t>(who.collision);
    case Reg::Channel: return static_cast<int16_t>(who.channel);
    case Reg::Signal:
      return who.team != 0 ? communications_[static_cast<size_t>(teamSlot_[static_cast<size_t>(who.index)])]
                                            [static_cast<size_t>(who.channel - 1)]
                           : int16_t{0};
    case Reg::Radar: return static_cast<int16_t>(radar(who));
    case Reg::Look: return static_cast<int16_t>(who.look);
    case Reg::Scan: return static_cast<int16_t>(who.scan);
    case Reg::Chronon: return static_cast<int16_t>(chronons_);
    case Reg::Robots: return static_cast<int16_t>(numAlive_);
    case Reg::Friend: return static_cast<int16_t>(who.collision != 0 ? who.friendFlag : 0);
    case Reg::Doppler: return static_cast<int16_t>(doppler(who));
    case Reg::Wall: return static_cast<int16_t>(who.wall);
    case Reg::Teammates: return static_cast<int16_t>(countTeammates(who));
    case Reg::Probe: {
      if (!who.hw.probes) {
        robotError(who, "Probes not enabled.");
        return 0;
      }
      const int target = findTarget(who);
      if (target == -1) return 0;
      return getVar(bots_[static_cast<size_t>(target)], who.brain.probeRegister);
    }
    case Reg::History: return who.history[static_cast<size_t>(who.brain.historyCell - 1)];
    case Reg::Id: return static_cast<int16_t>(who.index);
    case Reg::Kills: return static_cast<int16_t>(who.kills);
    case Reg::Nearest:
      // Windows 5.34: a handicap aid only for slow processors; faster robots die.
      if (who.hw.cpu > 10) {
        robotError(who, "NEAREST needs a processor speed of 10 or less");
        return 0;
      }
      return static_cast<int16_t>(nearest(who));
    case Reg::Fire:
    case Reg::Missile:
    case Reg::Nuke:
    case Reg::MoveX:
    case Reg::MoveY:
    case Reg::Joce:
    case Reg::Hellbore:
    case Reg::Drone:
    case Reg::Mine:
    case Reg::Laser:
    case Reg::Susie:
    case Reg::Bullet:
    case Reg::Stunner:
    case Reg::Top:
    case Reg::Bot:
    case Reg::Left:
    case Reg::Right:
    case Reg::Meganuke: return 0;
  }
  return 0;
}

void World::putVar(Bot& who, int index, int what) {
  const auto reg = static_cast<Reg>(index);
  switch (reg) {
    case Reg::A:
    case Reg::B:
    case Reg::C:
    case Reg::D:
    case Reg::E:
    case Reg::F:
    case Reg::G:
    case Reg::H:
    case Reg::I:
    case Reg::J:
    case Reg::K:
    case Reg::L:
    case Reg::M:
    case Reg::N:
    case Reg::O:
    case Reg::P:
    case Reg::Q:
    case Reg::R:
    case Reg::S:
    case Reg::T:
    case Reg::U:
    case Reg::V:
    case Reg::W:
    case Reg::Z: who.brain.letters[static_cast<size_t>(index)] = static_cast<int16_t>(what); break;
    case Reg::Fire:
      if (what > 0) {
        const int type = who.hw.bullets == chronon::robowar::BulletType::kRubber   ? 1
                         : who.hw.bullets == chronon::robowar::BulletType::kNormal ? 2
                                                                                   : 3;
        fireGun(who, what, type, type == 1 ? "rubber bullet" : type == 2 ? "bullet" : "explosive bullet");
      }
      break;
    case Reg::Bullet:
      if (what > 0) {
        if (who.hw.bullets == chronon::robowar::BulletType::kRubber) {
          robotError(who, "Normal bullets not available.");
        } else {
          fireGun(who, what, 2, "bullet");
        }
      }
      break;
    case Reg::Shield:
      if (what >= 0) {
        const int old = who.shield;
        if (what > 150) what = 150;
        if (who.hw.noNegativeEnergy && what > who.energy + old) what = who.energy + old;
        who.shield = what;
        who.energy += old - what;
        if (who.energy > who.hw.energyMax) who.energy = who.hw.energyMax;
      }
      break;
    case Reg::Aim:
      who.aim = ((what % 360) + 360) % 360;
      checkLevelInterrupt(who, vm::Interrupt::kRadar);
      checkLevelInterrupt(who, vm::Interrupt::kRange);
      break;
    case Reg::Look:
      who.look = ((what % 360) + 360) % 360;
      checkLevelInterrupt(who, vm::Interrupt::kRange);
      break;
    case Reg::Scan:
      who.scan = ((what % 360) + 360) % 360;
      checkLevelInterrupt(who, vm::Interrupt::kRadar);
      break;
    case Reg::SpeedX:
    case Reg::SpeedY: {
      int& speed = reg == Reg::SpeedX ? who.speedX : who.speedY;
      if (what > 20) what = 20;
      if (what < -20) what = -20;
      const int cost = std::abs(what - speed) * 2;
      if (who.hw.noNegativeEnergy && cost > who.energy) {
        const int delta = who.energy / 2;
        speed += what < speed ? -delta : delta;
        who.energy = 0;
      } else {
        speed = what;
        if (!legalEnergyDecrement(who, cost)) return;
        who.energy -= cost;
      }
      break;
    }
    case Reg::MoveX:
    case Reg::MoveY: {
      int& position = reg == Reg::MoveX ? who.x : who.y;
      const bool allowed = rules_.moveAndShoot || who.moveOrShoot != 1;
      const int cost = std::abs(what) * 2;
      if (who.hw.noNegativeEnergy && cost > who.energy) {
        if (allowed) {
          position += what < 0 ? -who.energy / 2 : who.energy / 2;
          who.moveOrShoot = 2;
        }
        who.energy = 0;
      } else {
        if (allowed) {
          position += what;
          who.moveOrShoot = 2;
        }
        if (!legalEnergyDecrement(who, cost)) return;
        who.energy -= cost;
      }
      break;
    }
    case Reg::Missile:
      if (what > 0) fireMissile(who, what);
      break;
    case Reg::Nuke:
      if (what > 0) layNuke(who, what, false);
      break;
    case Reg::Meganuke:
      if (what > 0) layNuke(who, what, true);
      break;
    case Reg::Channel:
      if (what > 0 && what < 11) {
        who.channel = what;
      } else {
        robotError(who, "Invalid channel (1-10)");
      }
      break;
    case Reg::Signal:
      if (who.team != 0) broadcastSignal(who, what);
      break;
    case Reg::Joce: joce(who); break;
    case Reg::Hellbore:
      if (what >= 4 && what <= 20) fireHellbore(who, what);
      break;
    case Reg::Drone:
      if (what > 0) {
        const int target = findTarget(who);
        if (target != -1) fireDrone(who, what, target);
      }
      break;
    case Reg::Mine:
      if (what > 5) layMine(who, what);
      break;
    case Reg::Laser:
      if (what > 0) fireLaser(who, what);
      break;
    case Reg::Susie:
      // SUSIE only changes other robots' icons, which have no effect on the battle.
      if (rules_.officialRules) robotError(who, "No undocumented commands in tournaments");
      break;
    case Reg::Stunner:
      if (what > 0) fireStunner(who, what);
      break;
    case Reg::History:
      if (who.brain.historyCell > 30) {
        who.history[static_cast<size_t>(who.brain.historyCell - 1)] = static_cast<int16_t>(what);
      } else {
        robotError(who, "Store to reserved history register");
      }
      break;
    case Reg::X:
    case Reg::Y:
    case Reg::Energy:
    case Reg::Range:
    case Reg::Damage:
    case Reg::Random:
    case Reg::Collision:
    case Reg::Radar:
    case Reg::Chronon:
    case Reg::Robots:
    case Reg::Friend:
    case Reg::Doppler:
    case Reg::Top:
    case Reg::Bot:
    case Reg::Left:
    case Reg::Right:
    case Reg::Wall:
    case Reg::Teammates:
    case Reg::Probe:
    case Reg::Id:
    case Reg::Kills:
    case Reg::Nearest: break;  // Read-only: writes are silently ignored (ArenaDos.c putVar).
  }
}

}  // namespace chronon::arena::robowar
