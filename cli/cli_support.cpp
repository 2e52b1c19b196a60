// Helpers shared by the subcommands: printing diagnostics and loading Grobots sides.

#include <cstdio>

#include "chronon/compiler/load.h"
#include "commands.h"

namespace chronon::cli {

void printDiagnostics(const SourceFile& file, const Diagnostics& diagnostics) {
  const std::string text = render(file, diagnostics);
  std::fwrite(text.data(), 1, text.size(), stderr);
}

std::optional<LoadedSide> loadSide(const std::string& path) {
  Diagnostics diagnostics;
  std::optional<SourceFile> file = loadSourceFile(path, diagnostics);
  if (!file) {
    printDiagnostics(SourceFile(path, ""), diagnostics);
    return std::nullopt;
  }
  grobocode::SideResult result = grobocode::compileSide(*file);
  return LoadedSide{std::move(*file), std::move(result)};
}

}  // namespace chronon::cli
