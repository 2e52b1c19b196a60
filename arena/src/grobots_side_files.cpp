// Loading Grobots side files from disk or from a plan (grobots_side_files.h).

#include "chronon/arena/grobots_side_files.h"

#include <filesystem>
#include <utility>

#include "chronon/arena/tournament_records.h"
#include "chronon/compiler/load.h"

namespace chronon::arena::grobots {

namespace {

// The string at `key` of a plan's side record, or "" when there is none (robotBytes has checked that
// the record is an object).
std::string stringAt(const nlohmann::json& side, const char* key) {
  const auto at = side.find(key);
  return at != side.end() && at->is_string() ? at->get<std::string>() : std::string();
}

// Compiles the side `path` (its bytes, or nullopt when they could not be read, with what reading
// said in `diagnostics`) into `out`: a side that loads, and a report when there is something to say.
void addSide(SideFiles& out, const std::string& path, std::optional<std::string> bytes, Diagnostics diagnostics) {
  std::optional<SourceFile> file = bytes ? sourceFromBytes(path, std::move(*bytes), diagnostics) : std::nullopt;
  if (!file) {
    out.reports.push_back({SourceFile(path, ""), std::move(diagnostics), SideFileFate::kUnreadable});
    return;
  }
  grobocode::SideResult result = grobocode::compileSide(*file);
  const SideFileFate fate = result.loaded() ? SideFileFate::kLoaded : SideFileFate::kNotLoaded;
  if (fate == SideFileFate::kNotLoaded || !result.diagnostics.all().empty())
    out.reports.push_back({*file, result.diagnostics, fate});
  if (fate == SideFileFate::kLoaded) out.sides.push_back({std::move(*file), std::move(result)});
}

}  // namespace

SideFiles loadSideFiles(const std::vector<std::string>& paths) {
  SideFiles out;
  for (const std::string& path : paths) {
    Diagnostics diagnostics;
    std::optional<std::string> bytes = readFileBytes(path, kMaxSourceBytes, "source files", diagnostics);
    addSide(out, path, std::move(bytes), std::move(diagnostics));
  }
  sidesApart(out.sides);
  return out;
}

SideFiles loadSideBytes(std::vector<SourceFile> files) {
  SideFiles out;
  for (const SourceFile& file : files) addSide(out, file.name(), std::string(file.text()), {});
  sidesApart(out.sides);
  return out;
}

void sidesApart(std::vector<LoadedSide>& sides) {
  for (size_t i = 0; i < sides.size(); ++i) {
    std::string& name = sides[i].result.side.name;
    for (;;) {
      bool clash = false;
      for (size_t j = 0; j < i && !clash; ++j) clash = sides[j].result.side.name == name;
      if (!clash) break;
      name += "'";
    }
  }
}

std::optional<std::vector<LoadedSide>> sidesFromPlan(const nlohmann::json& header, std::string& error) {
  const auto sides = header.find("sides");
  if (sides == header.end() || !sides->is_array()) {
    error = "the plan names no sides";
    return std::nullopt;
  }
  std::vector<LoadedSide> out;
  for (size_t index = 0; index < sides->size(); ++index) {
    const nlohmann::json& side = (*sides)[index];
    std::optional<std::string> bytes = records::robotBytes(side, error);
    if (!bytes) return std::nullopt;
    const std::string name = stringAt(side, "name");
    // The file name alone, as a replay header keeps it: a side read from a plan has no folder.
    std::string fileName = std::filesystem::path(stringAt(side, "file")).filename().string();
    if (!grobocode::isSideFileName(fileName)) fileName = "side.gb";
    SourceFile file(fileName, std::move(*bytes));
    grobocode::SideResult result = grobocode::compileSide(file);
    if (!result.loaded()) {
      error = "side " + (name.empty() ? std::to_string(index + 1) : "'" + name + "'") + " of the plan no longer loads";
      return std::nullopt;
    }
    result.side.name = name;
    out.push_back({std::move(file), std::move(result)});
  }
  return out;
}

}  // namespace chronon::arena::grobots
