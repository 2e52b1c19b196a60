#include "chronon/arena/robbie_replay.h"

#include <algorithm>
#include <array>

namespace chronon::robbie {

namespace {

// Forwards every command to the room and notes that one happened, so that the recorder writes a
// moment after each command and none after instructions that only compute.
class WatchingHost final : public Host {
 public:
  explicit WatchingHost(RobbieRoom& room) : room_(room) {}
  void move(int64_t cm, bool forward) override { acted = true, room_.move(cm, forward); }
  void turn(int64_t degrees, bool left) override { acted = true, room_.turn(degrees, left); }
  void grab() override { acted = true, room_.grab(); }
  void drop() override { acted = true, room_.drop(); }
  bool blocked() override { return room_.blocked(); }
  int64_t weight() override { return room_.weight(); }
  void beep(int64_t ms, int64_t hz) override { acted = true, room_.beep(ms, hz); }
  void pause(int64_t ms) override { acted = true, room_.pause(ms); }
  bool acted = false;

 private:
  RobbieRoom& room_;
};

constexpr int kRobbieKind = 0;
constexpr int kObjectKind = 1;
constexpr uint32_t kRobbieId = 1;

std::vector<arena::replay::Kind> kinds() {
  // Centimetres to the tenth, as the log prints them.
  return {{"robbie", {"x", "y", "heading", "held", "timeMs"}, {10, 10, 1, 1, 1}},
          {"object", {"object", "x", "y", "held"}, {1, 10, 10, 1}}};
}

const char* endName(RunEnd end) {
  switch (end) {
    case RunEnd::kStopped: return "stop";
    case RunEnd::kError: return "error";
    case RunEnd::kStepLimit: return "step limit";
  }
  return "stop";
}

}  // namespace

RobbieRun recordRun(const Program& program, const RoomSpec& spec, int64_t stepLimit, Engine& engine,
                    const std::vector<arena::replay::Entrant>& entrants, std::string_view engineName,
                    const arena::replay::LineSink& sink) {
  using arena::replay::Writer;
  RobbieRun run{RobbieRoom(spec), makeMachineState(program), RunEnd::kStopped};
  Writer writer(sink, kinds());
  nlohmann::json header = arena::replay::baseHeader("robbie", "step", 0, engineName, entrants);
  header["options"] = {{"stepLimit", stepLimit}};
  nlohmann::json obstacles = nlohmann::json::array();
  for (const RoomObstacle& o : spec.obstacles) obstacles.push_back({o.x1, o.y1, o.x2, o.y2});
  nlohmann::json objects = nlohmann::json::array();
  for (const RoomObject& o : spec.objects) objects.push_back({{"name", o.name}, {"grams", o.grams}});
  header["world"] = {{"width", spec.width},
                     {"height", spec.height},
                     {"walls", nlohmann::json::array({{0, 0, spec.width, spec.height}})},
                     {"obstacles", std::move(obstacles)},
                     {"objects", std::move(objects)}};
  std::vector<arena::replay::Kind> kindList = kinds();
  header["kinds"] = arena::replay::kindsJson(kindList);
  if (!header["entrants"].empty()) header["entrants"][0]["name"] = program.name.empty() ? "program" : program.name;
  writer.header(header);

  size_t eventsDone = 0;
  int64_t recorded = -1;
  const auto record = [&] {
    if (run.machine.steps == recorded) return;
    recorded = run.machine.steps;
    const RobbieRoom& room = run.room;
    writer.beginMoment(run.machine.steps);
    const int64_t held = room.held() ? static_cast<int64_t>(*room.held()) : -1;
    const std::array<int64_t, 5> robbie{Writer::scaled(room.x(), 10), Writer::scaled(room.y(), 10), room.heading(),
                                        held, room.timeMs()};
    writer.entity(kRobbieId, kRobbieKind, robbie);
    for (size_t i = 0; i < room.objects().size(); ++i) {
      const ObjectState& o = room.objects()[i];
      const std::array<int64_t, 4> v{static_cast<int64_t>(i), Writer::scaled(o.x, 10), Writer::scaled(o.y, 10),
                                     held == static_cast<int64_t>(i) ? 1 : 0};
      writer.entity(kRobbieId + 1 + static_cast<uint32_t>(i), kObjectKind, v);
    }
    for (; eventsDone < room.events().size(); ++eventsDone) {
      const RoomEvent& e = room.events()[eventsDone];
      writer.event("command", kRobbieId, std::to_string(e.timeMs) + " ms  " + e.text);
    }
    nlohmann::json state = {{"pc", run.machine.pc}};
    if (run.machine.pc >= 0 && static_cast<size_t>(run.machine.pc) < program.code.size())
      state["line"] = program.code[static_cast<size_t>(run.machine.pc)].line;
    nlohmann::json vars = nlohmann::json::object();
    for (size_t i = 0; i < program.registers.size() && i < run.machine.registers.size(); ++i) {
      if (program.registers[i].hidden) continue;
      vars[program.registers[i].name] = formatValue(run.machine.registers[i]);
    }
    state["vars"] = std::move(vars);
    writer.brain(kRobbieId, state);
    writer.endMoment();
  };
  record();
  WatchingHost host(run.room);
  // One instruction at a time, so that a moment is written right after each command with the
  // registers as they are then; a run split so behaves exactly as one call (robbie_engine.h).
  while (run.machine.status == RunStatus::kRunning && run.machine.steps < stepLimit) {
    host.acted = false;
    engine.run(run.machine, program, host, 1);
    if (host.acted) record();
  }
  switch (run.machine.status) {
    case RunStatus::kRunning: run.end = RunEnd::kStepLimit; break;
    case RunStatus::kStopped: run.end = RunEnd::kStopped; break;
    case RunStatus::kError: run.end = RunEnd::kError; break;
  }
  record();
  writer.end({{"ended", endName(run.end)}, {"report", finalReport(program, run)}});
  return run;
}

}  // namespace chronon::robbie
