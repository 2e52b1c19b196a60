#pragma once
// The registers whose value is one int the arena keeps (specs/robowar.md §5), each with where that int
// is for robot `robot`: the one list that readRegister (robowar_host.cpp) reads them from, clipped to
// int16_t, and that each robot's direct-read table points into (Engine::pointDirectReads,
// robowar_engine.cpp), so that both engines read them there without a host call.
// entry(register, int lvalue) for each; CHRONON and ROBOTS are Engine members, so the list expands
// inside Engine's member functions only.

// clang-format off
#define CHRONON_ROBOWAR_INT_REGISTERS(entry, robot) \
  entry(X, (robot).x)                               \
  entry(Y, (robot).y)                               \
  entry(Energy, (robot).energy)                     \
  entry(Shield, (robot).shield)                     \
  entry(Aim, (robot).aim)                           \
  entry(SpeedX, (robot).speedX)                     \
  entry(SpeedY, (robot).speedY)                     \
  entry(Damage, (robot).damage)                     \
  entry(Look, (robot).look)                         \
  entry(Scan, (robot).scan)                         \
  entry(Channel, (robot).channel)                   \
  entry(Id, (robot).index)                          \
  entry(Kills, (robot).rawKills)                    \
  entry(Chronon, chronon_)                          \
  entry(Robots, living_)
// clang-format on
