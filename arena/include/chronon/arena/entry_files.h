#pragma once
// Which files a command's arguments name: robots and sides are given as files or as folders of them.

#include <filesystem>
#include <string>
#include <vector>

namespace chronon::arena {

/// The files `inputs` names, in order: anything that is not a folder as given (a missing file too,
/// so that loading it reports it), and each folder as the regular files directly in it that `wanted`
/// accepts (robowar::isRobotFileName, grobocode::isSideFileName), sorted by name.
std::vector<std::string> entryFiles(const std::vector<std::string>& inputs,
                                    bool (*wanted)(const std::filesystem::path&));

}  // namespace chronon::arena
