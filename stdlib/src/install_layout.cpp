#include "chronon/stdlib/install_layout.h"

#include <system_error>

// Set by stdlib/CMakeLists.txt from GNUInstallDirs: the installed library and data folders relative
// to the installed program's folder ("../lib/chronon", "../share/chronon" with the defaults).
#ifndef CHRONON_LIBRARY_FROM_PROGRAM
#error "CHRONON_LIBRARY_FROM_PROGRAM must be defined by the build"
#endif
#ifndef CHRONON_DATA_FROM_PROGRAM
#error "CHRONON_DATA_FROM_PROGRAM must be defined by the build"
#endif

namespace chronon::install {

namespace fs = std::filesystem;

fs::path programFolder() {
  std::error_code error;
  const fs::path self = fs::read_symlink("/proc/self/exe", error);
  return error ? fs::path() : self.parent_path();
}

std::vector<fs::path> candidates(Resource resource) {
  const fs::path folder = programFolder();
  if (folder.empty()) return {};
  const fs::path library = (folder / CHRONON_LIBRARY_FROM_PROGRAM).lexically_normal();
  const fs::path data = (folder / CHRONON_DATA_FROM_PROGRAM).lexically_normal();
  switch (resource) {
    // Tests and benchmarks run one folder below the build tree's chronon, hence the folder above.
    case Resource::kJitLibrary:
      return {folder / "chronon-jit.so", folder.parent_path() / "chronon-jit.so", library / "chronon-jit.so"};
    // The build writes the viewer into build/viewer (cli/CMakeLists.txt).
    case Resource::kViewer: return {folder / "viewer", data / "viewer"};
  }
  return {};
}

std::optional<fs::path> find(Resource resource) {
  for (const fs::path& path : candidates(resource)) {
    std::error_code error;
    const bool found =
        resource == Resource::kJitLibrary ? fs::is_regular_file(path, error) : fs::is_directory(path, error);
    if (found) return path;
  }
  return std::nullopt;
}

}  // namespace chronon::install
