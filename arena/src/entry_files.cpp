// Files named by a command's arguments (entry_files.h).

#include "chronon/arena/entry_files.h"

#include <algorithm>
#include <system_error>

namespace chronon::arena {

std::vector<std::string> entryFiles(const std::vector<std::string>& inputs,
                                    bool (*wanted)(const std::filesystem::path&)) {
  std::vector<std::string> out;
  for (const std::string& input : inputs) {
    std::error_code ec;
    if (!std::filesystem::is_directory(input, ec)) {
      out.push_back(input);
      continue;
    }
    std::vector<std::string> found;
    for (const auto& entry : std::filesystem::directory_iterator(input, ec)) {
      if (entry.is_regular_file(ec) && wanted(entry.path())) found.push_back(entry.path().string());
    }
    std::sort(found.begin(), found.end());
    out.insert(out.end(), found.begin(), found.end());
  }
  return out;
}

}  // namespace chronon::arena
