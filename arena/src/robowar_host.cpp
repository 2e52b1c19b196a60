// The registers of a robot's body: what reads return and what writes do (specs/robowar.md §5 and
// its "Write semantics"), for the interpreter through robotalk::Host.

#include <algorithm>
#include <cstdlib>

#include "chronon/arena/robowar_engine.h"
#include "robowar_int_registers.h"

namespace chronon::arena::robowar {

namespace {

using robotalk::Reg;

constexpr int kMaxSpeed = 20;
constexpr int kShieldCap = 150;
constexpr int kReservedHistoryCells = 30;
constexpr int kNearestMaxCpu = 10;
constexpr int kJoceEnergy = 200;

int16_t clip(int value) { return static_cast<int16_t>(robotalk::clipRegister(value)); }

// One remainder instead of two: AIM is written a few times a turn.
int angle(int value) {
  const int degrees = value % 360;
  return degrees < 0 ? degrees + 360 : degrees;
}

}  // namespace

int16_t Engine::readRegister(robotalk::MachineState& brain, Reg reg) {
  Robot& r = robotOf(brain);
  switch (reg) {
    // The registers that are one int of the robot or the battle (the list the direct reads share).
#define CHRONON_READ_INT_REGISTER(reg, value) \
  case Reg::reg: return clip(value);
    CHRONON_ROBOWAR_INT_REGISTERS(CHRONON_READ_INT_REGISTER, r)
#undef CHRONON_READ_INT_REGISTER
    case Reg::Range: return clip(range(r));
    case Reg::Random: return static_cast<int16_t>(random_.below(360));
    case Reg::Collision: return r.collision ? 1 : 0;
    case Reg::Signal: return signals_[static_cast<size_t>(r.radioGroup)][static_cast<size_t>(r.channel)];
    case Reg::Radar: return clip(radar(r));
    case Reg::Friend: return r.friendly ? 1 : 0;
    case Reg::Doppler: return clip(doppler(r));
    case Reg::Wall: return r.wall ? 1 : 0;
    case Reg::Teammates: return clip(livingTeammates(r));
    case Reg::Probe: return probe(r);
    case Reg::History: {
      const int cell = std::clamp(static_cast<int>(brain.historyCell), 1, robotalk::kHistoryCells);
      return r.history[static_cast<size_t>(cell)];
    }
    case Reg::Nearest:
      if (r.hardware.cpu > kNearestMaxCpu) {
        robotalk::fail(brain, "NEAREST needs a processor speed of 10 or less", brain.pc - 1);
        return 0;
      }
      return clip(nearest(r));
      // Write-only and interrupt-only registers read 0; user variables never reach the host.
      // clang-format off
#define CHRONON_USER_VARIABLE_CASE(name) case Reg::name:
    CHRONON_ROBOTALK_USER_VARIABLES(CHRONON_USER_VARIABLE_CASE)
#undef CHRONON_USER_VARIABLE_CASE
      // clang-format on
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

void Engine::writeRegister(robotalk::MachineState& brain, Reg reg, int16_t value) {
  Robot& r = robotOf(brain);
  const int address = brain.pc - 1;
  switch (reg) {
    case Reg::Aim:
    case Reg::Look:
    case Reg::Scan: {
      (reg == Reg::Aim ? r.aim : reg == Reg::Look ? r.look : r.scan) = angle(value);
      // Turning re-checks the level-triggered RANGE and RADAR interrupts at once (specs §6).
      enterLevelInterrupt(r, reg != Reg::Scan, reg != Reg::Look, false);
      return;
    }
    case Reg::SpeedX:
    case Reg::SpeedY: {
      int& speed = reg == Reg::SpeedX ? r.speedX : r.speedY;
      const int wanted = std::clamp(static_cast<int>(value), -kMaxSpeed, kMaxSpeed);
      r.energy -= 2 * std::abs(wanted - speed);
      speed = wanted;
      return;
    }
    case Reg::Shield: {
      if (value < 0) return;  // Ignored on the Mac (specs §5).
      const int wanted = std::min(static_cast<int>(value), kShieldCap);
      r.energy -= wanted - r.shield;
      r.shield = wanted;
      return;
    }
    case Reg::MoveX:
    case Reg::MoveY: {
      r.energy -= 2 * std::abs(static_cast<int>(value));
      // The 4.5 rule: no move in a chronon with a shot; the energy is spent all the same.
      if (!rules_.moveAndShoot && r.firedThisChronon) return;
      if (value == 0) return;
      r.movedThisChronon = true;
      int& coordinate = reg == Reg::MoveX ? r.x : r.y;
      coordinate = std::clamp(coordinate + value, 0, kArenaSize);
      return;
    }
    case Reg::Channel:
      if (value < 1 || value > kChannels) {
        robotalk::fail(brain, "Channel out of range", address);
        return;
      }
      r.channel = value;
      return;
    case Reg::Signal: {
      signals_[static_cast<size_t>(r.radioGroup)][static_cast<size_t>(r.channel)] = value;
      for (Robot& mate : robots_) {
        if (mate.alive && mate.index != r.index && teammates(mate, r) &&
            mate.brain.interrupts[static_cast<size_t>(robotalk::Interrupt::kSignal)].param == r.channel) {
          mate.signalHeard = true;
        }
      }
      return;
    }
    case Reg::History: {
      const int cell = std::clamp(static_cast<int>(brain.historyCell), 1, robotalk::kHistoryCells);
      if (cell <= kReservedHistoryCells) {
        robotalk::fail(brain, "Store to reserved history register", address);
        return;
      }
      r.history[static_cast<size_t>(cell)] = value;
      return;
    }
    case Reg::Fire:
    case Reg::Missile:
    case Reg::Nuke:
    case Reg::Hellbore:
    case Reg::Drone:
    case Reg::Mine:
    case Reg::Laser:
    case Reg::Bullet:
    case Reg::Stunner:
    case Reg::Meganuke: fire(r, reg, value); return;
    case Reg::Joce:
    case Reg::Susie:
      if (rules_.officialRules) {
        robotalk::fail(brain, "No undocumented commands in tournaments", address);
        return;
      }
      if (reg == Reg::Joce) {
        // The suicide bomb: a 200-energy TacNuke on the robot itself, and no damage left.
        launch(r, ShotKind::kTacNuke, kJoceEnergy, 0, -1);
        r.damage = 0;
        r.lastHitBy = r.index;
      }
      return;  // SUSIE only changes icons.
      // Read-only registers ignore writes (specs §5); user variables never reach the host.
      // clang-format off
#define CHRONON_USER_VARIABLE_CASE(name) case Reg::name:
    CHRONON_ROBOTALK_USER_VARIABLES(CHRONON_USER_VARIABLE_CASE)
#undef CHRONON_USER_VARIABLE_CASE
      // clang-format on
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
    case Reg::Nearest: return;
  }
}

}  // namespace chronon::arena::robowar
