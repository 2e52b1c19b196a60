// The standings page of a tournament (tournament_page.h).

#include "tournament_page.h"

#include <cstdio>
#include <filesystem>
#include <optional>
#include <string>

#include "chronon/arena/replay.h"
#include "replay_output.h"

namespace chronon::cli {

namespace {

// `target` as a link from a page in `folder`: relative, each path segment percent-encoded where it
// holds anything but letters, digits and - _ . ~.
std::string linkTo(const std::filesystem::path& target, const std::filesystem::path& folder) {
  std::error_code ec;
  std::filesystem::path relative =
      std::filesystem::absolute(target, ec).lexically_relative(std::filesystem::absolute(folder, ec));
  if (relative.empty()) relative = std::filesystem::absolute(target, ec);
  std::string out;
  for (const unsigned char c : relative.generic_string()) {
    if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_' ||
        c == '.' || c == '~' || c == '/') {
      out += static_cast<char>(c);
    } else {
      char hex[4];
      std::snprintf(hex, sizeof hex, "%%%02X", c);
      out += hex;
    }
  }
  return out;
}

}  // namespace

bool writeTournamentPage(const std::string& path, const std::string& title, const std::string& standings,
                         const std::vector<PageMatch>& matches) {
  const std::filesystem::path folder = std::filesystem::path(path).parent_path();
  std::string page =
      "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>" + arena::replay::htmlEscape(title) +
      "</title>\n<style>body{font-family:sans-serif;margin:2em}pre{font-size:13px}table{border-collapse:collapse}"
      "td,th{padding:2px 10px;text-align:left;white-space:nowrap}tr:nth-child(even){background:#f4f4f4}</style>"
      "</head><body>\n<h1>" +
      arena::replay::htmlEscape(title) + "</h1>\n<h2>Standings</h2>\n<pre id=\"standings\">" +
      arena::replay::htmlEscape(standings) +
      "</pre>\n<h2>Matches</h2>\n<table id=\"matches\"><tr><th>Match</th><th>Result</th><th>Replay</th></tr>\n";
  size_t pages = 0;
  for (const PageMatch& m : matches) {
    page += "<tr class=\"match\"><td>" + arena::replay::htmlEscape(m.label) + "</td><td>";
    for (size_t i = 0; i < m.result.size(); ++i) page += (i == 0 ? "" : "; ") + arena::replay::htmlEscape(m.result[i]);
    page += "</td><td>";
    if (!m.replay.empty()) {
      const std::optional<std::string> bytes = readWholeFile(m.replay);
      if (!bytes) {
        std::fprintf(stderr, "chronon tournament: cannot read the replay %s\n", m.replay.c_str());
        return false;
      }
      const std::filesystem::path viewer = std::filesystem::path(m.replay).replace_extension(".html");
      std::string viewerTitle = m.label;
      for (const std::string& cell : m.result) viewerTitle += " · " + cell;
      if (!writeWholeFile(viewer.string(), viewerPage(*bytes, viewerTitle))) return false;
      ++pages;
      page += "<a class=\"view\" href=\"" + linkTo(viewer, folder) + "\">view</a> (<a href=\"" +
              linkTo(m.replay, folder) + "\">replay</a>)";
    }
    page += "</td></tr>\n";
  }
  page += "</table>\n";
  if (pages > 0) {
    page +=
        "<p>Each <em>view</em> link opens the battle viewer with that match's replay inside, a page that works "
        "offline; the <em>replay</em> file is what <code>chronon replay verify</code> checks.</p>\n";
  }
  page += "</body></html>\n";
  if (!writeWholeFile(path, page)) return false;
  if (pages > 0) std::fprintf(stderr, "viewer pages of %zu matches written beside their replays\n", pages);
  return true;
}

}  // namespace chronon::cli
