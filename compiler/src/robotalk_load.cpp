// Loading a robot from any of the file kinds Chronon reads (.RWR, object-code text, RoboTalk source).

#include "chronon/compiler/load.h"
#include "chronon/compiler/robotalk_assembler.h"
#include "chronon/compiler/robotalk_object_code.h"
#include "chronon/compiler/robotalk_rwr.h"

namespace chronon::robotalk {

LoadedRobot loadRobot(const std::string& path, const CompileOptions& options) {
  LoadedRobot robot;
  robot.file = SourceFile(path, "");
  if (isRwrPath(path)) robot.kind = RobotFileKind::kRwr;
  std::optional<std::string> bytes = readRobotFile(path, robot.diagnostics);
  if (!bytes) return robot;
  return loadRobotBytes(path, std::move(*bytes), options);
}

std::optional<std::string> readRobotFile(const std::string& path, Diagnostics& diagnostics) {
  const bool rwr = isRwrPath(path);
  return readFileBytes(path, rwr ? kMaxRwrBytes : kMaxSourceBytes, rwr ? ".RWR files" : "source files", diagnostics);
}

LoadedRobot loadRobotBytes(const std::string& path, std::string bytes, const CompileOptions& options) {
  LoadedRobot robot;
  robot.file = SourceFile(path, "");
  if (isRwrPath(path)) {
    robot.kind = RobotFileKind::kRwr;
    if (!withinSizeLimit(path, bytes.size(), kMaxRwrBytes, ".RWR files", robot.diagnostics)) return robot;
    if (auto rwr = parseRwr(bytes, programNameFromPath(path), robot.diagnostics)) robot.program = programFromRwr(*rwr);
    robot.rwrBytes = std::move(bytes);
    return robot;
  }
  auto file = sourceFromBytes(path, std::move(bytes), robot.diagnostics);
  if (!file) return robot;
  return loadRobotText(std::move(*file), options);
}

LoadedRobot loadRobotText(SourceFile file, const CompileOptions& options) {
  LoadedRobot robot;
  robot.file = std::move(file);
  robot.hasText = true;
  if (looksLikeObjectCode(robot.file.text())) {
    robot.kind = RobotFileKind::kObjectCode;
    ObjectCodeResult read = readObjectCode(robot.file);
    robot.program = programFromWords(read.words, programNameFromPath(robot.file.name()));
    robot.diagnostics = std::move(read.diagnostics);
  } else {
    CompileResult result = compile(robot.file, options);
    robot.program = std::move(result.program);
    robot.diagnostics = std::move(result.diagnostics);
  }
  robot.diagnostics.sortByPosition();
  return robot;
}

}  // namespace chronon::robotalk
