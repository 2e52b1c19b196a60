#include "replay_output.h"

#include <algorithm>
#include <cctype>
#include <cstddef>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <vector>

#include "chronon/stdlib/install_layout.h"

namespace chronon::cli {

// The stand-ins for a chronon that finds no viewer (cli/viewer_missing.html, cli/chart_missing.js,
// built into the program).
extern const unsigned char kViewerMissingPage[];
extern const std::size_t kViewerMissingPageSize;
extern const unsigned char kChartMissingScript[];
extern const std::size_t kChartMissingScriptSize;

namespace {

void replaceOnce(std::string& text, std::string_view placeholder, std::string_view value) {
  const size_t at = text.find(placeholder);
  if (at != std::string::npos) text.replace(at, placeholder.size(), value);
}

// The viewer's page and chart script, read once per process from the folder install_layout.h finds
// (build/viewer, or PREFIX/share/chronon/viewer), or the stand-ins with one note on stderr.
struct ViewerFiles {
  std::string page;   ///< viewer.html, with the placeholders of the replay and the title.
  std::string chart;  ///< chart.js, which defines ChrononChart.
};

ViewerFiles readViewerFiles() {
  std::string problem;
  if (const std::optional<std::filesystem::path> folder = install::find(install::Resource::kViewer)) {
    std::optional<std::string> page = readWholeFile((*folder / "viewer.html").string());
    std::optional<std::string> chart = readWholeFile((*folder / "chart.js").string());
    if (page && chart && page->find("@@CHRONON_REPLAY_BASE64@@") != std::string::npos)
      return {std::move(*page), std::move(*chart)};
    problem = folder->string() + " does not hold a readable viewer.html and chart.js";
  } else {
    std::string looked;
    for (const std::filesystem::path& path : install::candidates(install::Resource::kViewer))
      looked += (looked.empty() ? "" : " or ") + path.string();
    problem = "no battle viewer at " + (looked.empty() ? std::string("the program's folder (unknown)") : looked);
  }
  std::fprintf(stderr,
               "chronon: %s; pages are written without it, the replay inside (cmake/setup.sh, then build "
               "again; or reinstall)\n",
               problem.c_str());
  return {std::string(reinterpret_cast<const char*>(kViewerMissingPage), kViewerMissingPageSize),
          std::string(reinterpret_cast<const char*>(kChartMissingScript), kChartMissingScriptSize)};
}

const ViewerFiles& viewerFiles() {
  static const ViewerFiles files = readViewerFiles();
  return files;
}

}  // namespace

std::string_view chartScript() { return viewerFiles().chart; }

std::string viewerPage(std::string_view replay, std::string_view title) {
  std::string page = viewerFiles().page;
  // The replay first: a title may hold any text, base64 never holds '@'.
  replaceOnce(page, "@@CHRONON_REPLAY_BASE64@@", arena::replay::base64(replay));
  replaceOnce(page, "@@CHRONON_TITLE@@", arena::replay::htmlEscape(title));
  return page;
}

std::string fileNameOf(const std::vector<std::string>& parts) {
  std::string name;
  for (const std::string& part : parts) {
    if (!name.empty()) name += '-';
    for (const char c : part) {
      const bool plain = std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '.' || c == '_' || c == '-';
      name += plain ? c : '_';
    }
  }
  return name.substr(0, 200);
}

bool isPagePath(std::string_view path) {
  std::string lower;
  for (const char c : path) lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return lower.ends_with(".html") || lower.ends_with(".htm");
}

std::optional<std::string> readWholeFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  std::string bytes;
  char chunk[1 << 16];
  while (in.read(chunk, sizeof chunk) || in.gcount() > 0) {
    bytes.append(chunk, static_cast<size_t>(in.gcount()));
    if (bytes.size() > (size_t{64} << 20)) return std::nullopt;
  }
  return bytes;
}

bool makeFolder(const std::string& folder, const char* command) {
  std::error_code ec;
  std::filesystem::create_directories(folder, ec);
  if (!ec) return true;
  std::fprintf(stderr, "chronon %s: cannot make the folder %s (%s)\n", command, folder.c_str(), ec.message().c_str());
  return false;
}

bool writeWholeFile(const std::string& path, std::string_view bytes) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  out.close();
  if (!out) {
    std::fprintf(stderr, "chronon: cannot write %s\n", path.c_str());
    return false;
  }
  return true;
}

ReplayOutput::ReplayOutput(std::string path) : path_(std::move(path)) {}

arena::replay::LineSink ReplayOutput::sink() {
  return [this](std::string_view line) { gzip_.addLine(line); };
}

bool ReplayOutput::finish(std::string_view title) {
  const std::string bytes = gzip_.finish();
  return writeWholeFile(path_, isPagePath(path_) ? viewerPage(bytes, title) : bytes);
}

}  // namespace chronon::cli
