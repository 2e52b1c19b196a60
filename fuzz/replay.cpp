#include "chronon/arena/replay.h"
#include "chronon/arena/grobots_side_files.h"
#include "chronon/arena/robowar_replay.h"
#include "chronon/compiler/robotalk_assembler.h"
#include "fuzz_entries.h"

namespace chronon::fuzz {

void replayFile(std::string_view input) {
  std::string error;
  const std::optional<arena::replay::File> file = arena::replay::parse(input, error);
  if (!file) return;
  // What `chronon replay verify` reads from the header before it re-runs a battle, and the entrants
  // it loads from the bytes the header holds.
  const std::optional<std::vector<arena::replay::Entrant>> entrants = arena::replay::entrantFiles(file->header, error);
  if (entrants) {
    std::vector<SourceFile> sides;
    for (const arena::replay::Entrant& e : *entrants) {
      robotalk::loadRobotBytes(e.path, e.bytes, robotalk::CompileOptions{});
      sides.emplace_back(e.path, e.bytes);
    }
    arena::grobots::loadSideBytes(std::move(sides));
  }
  // What `chronon view` reads from it.
  arena::replay::entrantTitle(file->header);
  try {
    arena::robowar::rulesFromJson(file->header.value("options", nlohmann::json::object()));
  } catch (const nlohmann::json::exception&) {
    // `replay verify` reports a malformed header from this exception.
  }
  std::vector<std::string> lines{file->header.dump()};
  lines.insert(lines.end(), file->moments.begin(), file->moments.end());
  if (file->end) lines.push_back(nlohmann::json{{"end", *file->end}}.dump());
  arena::replay::compare(*file, lines);
}

}  // namespace chronon::fuzz
