// Loading a robot from any of the file kinds Chronon reads (.RWR, object-code text, RoboTalk source).

#include "chronon/compiler/load.h"
#include "chronon/compiler/robotalk_assembler.h"
#include "chronon/compiler/robotalk_object_code.h"
#include "chronon/compiler/robotalk_rwr.h"

namespace chronon::robotalk {

LoadedRobot loadRobot(const std::string& path, const CompileOptions& options) {
  LoadedRobot robot;
  robot.file = SourceFile(path, "");
  if (isRwrPath(path)) {
    robot.kind = RobotFileKind::kRwr;
    if (auto rwr = readRwrFile(path, robot.diagnostics)) robot.program = programFromRwr(*rwr);
    return robot;
  }
  auto file = loadSourceFile(path, robot.diagnostics);
  if (!file) return robot;
  return loadRobotText(std::move(*file), options);
}

LoadedRobot loadRobotText(SourceFile file, const CompileOptions& options) {
  LoadedRobot robot;
  robot.file = std::move(file);
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
