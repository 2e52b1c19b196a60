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

// Compiles one robot file. Returns the program, or nullptr with a rejection message.
std::unique_ptr<robotalk::Program> compileRobot(const fs::path& path, std::string& message) {
  Diagnostics diagnostics;
  const auto listErrors = [&]() {
    for (const Diagnostic& d : diagnostics.all()) {
      if (d.severity == Severity::kError)
        message += path.string() + ": error: " + d.message + " [" + codeName(d.code) + "]\n";
    }
  };
  if (robotalk::isRwrPath(path.string())) {
    // An .RWR file carries the original compiler's machine code; that code is what the robot runs.
    std::optional<robotalk::RwrFile> rwr = robotalk::readRwrFile(path.string(), diagnostics);
    if (!rwr) {
      listErrors();
      return nullptr;
    }
    auto program = std::make_unique<robotalk::Program>(robotalk::programFromRwr(*rwr));
    if (program->name.empty()) program->name = robotalk::programNameFromPath(path.string());
    return program;
  }
  std::optional<SourceFile> file = loadSourceFile(path.string(), diagnostics);
  if (!file) {
    listErrors();
    return nullptr;
  }
  robotalk::CompileResult compiled = robotalk::compile(*file, robotalk::CompileOptions{});
  if (compiled.diagnostics.hasErrors()) {
    Diagnostics errors;
    for (const Diagnostic& d : compiled.diagnostics.all()) {
      if (d.severity == Severity::kError) errors.add(d.code, d.severity, d.range, d.message).notes = d.notes;
    }
    message = render(*file, errors);
    return nullptr;
  }
  auto program = std::make_unique<robotalk::Program>(std::move(compiled.program));
  if (program->name.empty()) program->name = robotalk::programNameFromPath(path.string());
  return program;
}

// Checks a program's hardware against the category; empty when it may enter.
std::string hardwareProblem(const fs::path& path, const robotalk::Program& program,
                            chronon::robowar::Category category) {
  const std::optional<int> points = chronon::robowar::hardwarePoints(program.hardware);
  if (!points) {
    return path.string() + ": error: hardware (" + chronon::robowar::describe(program.hardware) +
           ") is not a combination the Hardware Store sells\n";
  }
  const int limit = chronon::robowar::pointLimit(category);
  if (*points > limit) {
    return path.string() + ": error: hardware (" + chronon::robowar::describe(program.hardware) + ") costs " +
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

// Adds the robot at `path` to the field. Returns its contestant index, or -1 when it was rejected.
int addRobot(Field& field, const fs::path& path, chronon::robowar::Category category,
             std::map<std::string, int>& teams) {
  std::string message;
  std::unique_ptr<robotalk::Program> program = compileRobot(path, message);
  if (program) message = hardwareProblem(path, *program, category);
  if (!program || !message.empty()) {
    field.rejected.push_back(Rejection{path.string(), message});
    return -1;
  }
  Contestant contestant;
  contestant.program = program.get();
  contestant.teamName = program->team;
  if (!contestant.teamName.empty()) {
    auto [it, added] = teams.emplace(robotalk::lowerAscii(contestant.teamName), static_cast<int>(teams.size()) + 1);
    contestant.team = it->second;
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
  field.paths.push_back(path.string());
  return static_cast<int>(field.contestants.size()) - 1;
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
  std::map<std::string, int> teams;
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
      const int index = found != byPath.end() ? found->second : addRobot(field, *robot, category, teams);
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
  std::map<std::string, int> teams;
  for (const fs::path& robot : robots) addRobot(field, robot, category, teams);
  return true;
}

}  // namespace chronon::arena::robowar
