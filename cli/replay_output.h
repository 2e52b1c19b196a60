#pragma once
// Where `--replay FILE` and `--replays DIR` put a replay: a `.html` name gets the viewer page with the
// replay inside (one self-contained file that opens offline), any other name the replay itself.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "chronon/arena/replay.h"

namespace chronon::cli {

/// The viewer page carrying `replay` (the replay file's bytes), titled `title`. The page is
/// editors/viewer's viewer.html, read once from the folder install::find(Resource::kViewer) names;
/// without it, a page that says so, the replay still inside (after one note on stderr).
std::string viewerPage(std::string_view replay, std::string_view title);

/// The chart script of the standings pages (editors/viewer/src/standings.ts with uPlot: chart.js,
/// read with the viewer's page): it defines the global ChrononChart, whose draw(document, dataId,
/// targetId) draws the JSON chart data in element dataId into element targetId.
std::string_view chartScript();

/// Collects a replay's lines, compressed as they come, and writes them out at the end.
class ReplayOutput {
 public:
  /// A replay that finish() writes to `path` (a page when it ends in .html, any case).
  explicit ReplayOutput(std::string path);
  /// The sink a recorder writes the lines to.
  arena::replay::LineSink sink();
  /// Writes the file; prints a message naming the file and returns false when it cannot.
  bool finish(std::string_view title);

 private:
  std::string path_;
  arena::replay::GzipBuffer gzip_;
};

/// A file name made of `parts` joined by '-', with characters other than letters, digits, '.', '_'
/// and '-' replaced by '_' (robot names may hold anything).
std::string fileNameOf(const std::vector<std::string>& parts);

/// True when `path` ends in `.html` or `.htm` (any case).
bool isPagePath(std::string_view path);

/// The bytes of the file at `path` (at most 64 MiB), or nullopt when it cannot be read.
std::optional<std::string> readWholeFile(const std::string& path);

/// Creates `folder` (and its parents) when missing; prints "chronon COMMAND: cannot make the folder
/// ..." and returns false when it cannot.
bool makeFolder(const std::string& folder, const char* command);

/// Writes `bytes` to `path`; prints "chronon: cannot write PATH" and returns false on failure.
bool writeWholeFile(const std::string& path, std::string_view bytes);

}  // namespace chronon::cli
