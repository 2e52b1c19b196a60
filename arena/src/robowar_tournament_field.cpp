#include <algorithm>
#include <cctype>
#include <fstream>
#include <map>
#include <sstream>
#include <system_error>

#include "chronon/arena/robowar_tournament_field.h"
#include "chronon/compiler/load.h"
#include "chronon/compiler/robotalk_assembler.h"
#include "chronon/compiler/robotalk_rwr.h"

namespace chronon::arena::robowar {

namespace {

namespace fs = std::filesystem;

// Compiles the robot `path` holding `bytes`. Returns the program, or nullptr with a rejection
// message: the errors rendered against the text, or listed by path when there is no text to point
// into (an .RWR file, or bytes refused as binary or too large).
std::unique_ptr<robotalk::Program> compileRobot(const std::string& path, std::string bytes, std::string& message) {
  robotalk::LoadedRobot robot = robotalk::loadRobotBytes(path, std::move(bytes), robotalk::CompileOptions{});
  if (robot.diagnostics.hasErrors()) {
    Diagnostics errors;
    for (const Diagnostic& d : robot.diagnostics.all()) {
      if (d.severity == Severity::kError) errors.add(d.code, d.severity, d.range, d.message).notes = d.notes;
    }
    if (robot.hasText) {
      message = render(robot.file, errors);
    } else {
      for (const Diagnostic& d : errors.all())
        message += path + ": error: " + d.message + " [" + codeName(d.code) + "]\n";
    }
    return nullptr;
  }
  auto program = std::make_unique<robotalk::Program>(std::move(robot.program));
  if (program->name.empty()) program->name = robotalk::programNameFromPath(path);
  return program;
}

// Checks a program's hardware against the category; empty when it may enter.
std::string hardwareProblem(const std::string& path, const robotalk::Program& program,
                            chronon::robowar::Category category) {
  const std::optional<int> points = chronon::robowar::hardwarePoints(program.hardware);
  if (!points) {
    return path + ": error: hardware (" + chronon::robowar::describe(program.hardware) +
           ") is not a combination the Hardware Store sells\n";
  }
  const int limit = chronon::robowar::pointLimit(category);
  if (*points > limit) {
    return path + ": error: hardware (" + chronon::robowar::describe(program.hardware) + ") costs " +
           std::to_string(*points) + " points; the " + std::string(chronon::robowar::categoryName(category)) +
           " category allows " + std::to_string(limit) + "\n";
  }
  return {};
}

std::vector<fs::path> robotsInFolder(const fs::path& folder) {
  std::vector<fs::path> files;
  std::error_code ec;
  for (fs::directory_iterator it(folder, ec), end; !ec && it != end; it.increment(ec)) {
    if (it->is_regular_file(ec) && isRobotFileName(it->path())) files.push_back(it->path());
  }
  std::sort(files.begin(), files.end());
  return files;
}

// Reads the robot file `path` and adds it to the field (addRobot). A file that cannot be read is
// rejected with the reader's message.
int addRobotFile(Field& field, const fs::path& path, chronon::robowar::Category category) {
  const std::string name = path.string();
  Diagnostics diagnostics;
  std::optional<std::string> bytes = robotalk::readRobotFile(name, diagnostics);
  if (!bytes) {
    std::string message;
    for (const Diagnostic& d : diagnostics.all())
      message += name + ": error: " + d.message + " [" + codeName(d.code) + "]\n";
    field.rejected.push_back(Rejection{name, message});
    return -1;
  }
  return addRobot(field, name, std::move(*bytes), category);
}

bool loadList(const fs::path& listPath, chronon::robowar::Category category, Field& field, std::string& error) {
  Diagnostics diagnostics;
  std::optional<SourceFile> file = loadSourceFile(listPath.string(), diagnostics);
  if (!file) {
    error = listPath.string() + ": " + (diagnostics.all().empty() ? "unreadable" : diagnostics.all().front().message);
    return false;
  }
  std::string listError;
  std::optional<TournamentList> list = parseTournamentList(file->text(), listError);
  if (!list) {
    error = listPath.string() + ": " + listError;
    return false;
  }
  field.listed = true;
  const fs::path folder = listPath.parent_path().empty() ? fs::path(".") : listPath.parent_path();
  if (!list->saveFile.empty()) field.saveFile = folder / list->saveFile;
  std::map<std::string, int> byPath;  // A robot listed in several groups is compiled and entered once.
  for (const ListGroup& group : list->groups) {
    ListedCombat combat;
    combat.count = group.count;
    for (const std::string& name : group.names) {
      std::optional<fs::path> robot = findRobotFile(folder, name);
      if (!robot) {
        error = listPath.string() + ": line " + std::to_string(group.line) + ": no robot file named '" + name +
                "' (tried .rtk, .txt, .RWR) in " + folder.string();
        return false;
      }
      const std::string key = robot->string();
      auto found = byPath.find(key);
      const int index = found != byPath.end() ? found->second : addRobotFile(field, *robot, category);
      byPath.emplace(key, index);
      if (index >= 0 && std::find(combat.robots.begin(), combat.robots.end(), index) == combat.robots.end()) {
        combat.robots.push_back(index);
      }
    }
    if (combat.robots.size() < 2) {
      field.notes.push_back("the combat at line " + std::to_string(group.line) +
                            " was dropped: fewer than two of its robots could enter");
      continue;
    }
    field.combats.push_back(std::move(combat));
  }
  return true;
}

}  // namespace

bool loadField(const std::vector<std::string>& arguments, chronon::robowar::Category category, Field& field,
               std::string& error) {
  if (arguments.empty()) {
    error = "no robots given";
    return false;
  }
  std::vector<fs::path> robots;
  for (const std::string& argument : arguments) {
    const fs::path path(argument);
    std::error_code ec;
    if (fs::is_directory(path, ec)) {
      std::vector<fs::path> inFolder = robotsInFolder(path);
      if (inFolder.empty()) {
        error = argument + ": no robot files (.rtk, .txt, .rwr) in this folder";
        return false;
      }
      robots.insert(robots.end(), inFolder.begin(), inFolder.end());
    } else if (fs::is_regular_file(path, ec)) {
      if (looksLikeTournamentList(path)) {
        if (arguments.size() != 1) {
          error = argument + ": a tournament list must be the only argument";
          return false;
        }
        return loadList(path, category, field, error);
      }
      robots.push_back(path);
    } else {
      error = argument + ": no such file or folder";
      return false;
    }
  }
  for (const fs::path& robot : robots) addRobotFile(field, robot, category);
  return true;
}

int addRobot(Field& field, const std::string& path, std::string bytes, chronon::robowar::Category category) {
  std::string message;
  std::unique_ptr<robotalk::Program> program = compileRobot(path, bytes, message);
  if (program) message = hardwareProblem(path, *program, category);
  if (!program || !message.empty()) {
    field.rejected.push_back(Rejection{path, message});
    return -1;
  }
  Contestant contestant;
  contestant.program = program.get();
  contestant.teamName = program->team;
  if (!contestant.teamName.empty()) {
    // Robots of one `#!!team` (any case) share a number; a new team takes the next one.
    const std::string team = robotalk::lowerAscii(contestant.teamName);
    int next = 1;
    for (const Contestant& c : field.contestants) {
      if (c.teamName.empty()) continue;
      if (robotalk::lowerAscii(c.teamName) == team) contestant.team = c.team;
      next = std::max(next, c.team + 1);
    }
    if (contestant.team == 0) contestant.team = next;
  }
  // Two files may share a stem (robot.txt and robot.rtk); the display names must stay apart.
  std::string name = program->name;
  for (int k = 2; std::any_of(field.contestants.begin(), field.contestants.end(),
                              [&](const Contestant& c) { return c.name == name; });
       ++k) {
    name = program->name + " (" + std::to_string(k) + ")";
  }
  contestant.name = name;
  field.programs.push_back(std::move(program));
  field.contestants.push_back(std::move(contestant));
  field.paths.push_back(path);
  field.bytes.push_back(std::move(bytes));
  return static_cast<int>(field.contestants.size()) - 1;
}

}  // namespace chronon::arena::robowar
