#pragma once
// Where the files that `chronon` needs beside itself are: the JIT's library and the battle viewer.
// They are found from the running program's own path, as LLVM's tools and clangd find their
// resources, so that the same program works in a build tree (build/chronon beside
// build/chronon-jit.so and build/viewer/) and wherever `cmake --install` or the Debian package put
// it (PREFIX/bin/chronon, PREFIX/lib/chronon/chronon-jit.so, PREFIX/share/chronon/...;
// docs/install.md). The folders of an installation are relative to the program's folder and fixed
// when the build is configured (GNUInstallDirs), so an installation may be moved as a whole.

#include <cstdint>
#include <filesystem>
#include <optional>
#include <vector>

namespace chronon::install {

/// The files found beside the program.
enum class Resource : uint8_t {
  kJitLibrary,  ///< chronon-jit.so, the JIT's library (vm/jit; loaded on first use).
  kViewer,      ///< The folder holding the battle viewer: viewer.html, viewer.js and chart.js.
};

/// The folder of the running program, read from /proc/self/exe; empty when it cannot be read.
std::filesystem::path programFolder();

/// The places where `resource` may be, in the order to try them: the build tree's layout first,
/// then the installation's. Empty when the program's folder is unknown. No file is looked at.
std::vector<std::filesystem::path> candidates(Resource resource);

/// The first of candidates(resource) that exists (a regular file for kJitLibrary, a folder for
/// kViewer); nullopt when none does.
std::optional<std::filesystem::path> find(Resource resource);

}  // namespace chronon::install
