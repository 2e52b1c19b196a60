// The ladder's HTML standings page (ladder_page.h).

#include "chronon/ladder/ladder_page.h"

#include <algorithm>
#include <cstdio>

namespace chronon::ladder {

namespace {

std::string escape(const std::string& text) {
  std::string out;
  for (const char c : text) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      default: out += c;
    }
  }
  return out;
}

std::string format(const char* pattern, double value) {
  char text[64];
  std::snprintf(text, sizeof text, pattern, value);
  return text;
}

// Distinct line colours, reused after twelve robots.
constexpr const char* kColours[] = {"#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b",
                                    "#e377c2", "#17becf", "#bcbd22", "#7f7f7f", "#393b79", "#637939"};

}  // namespace

std::string standingsPage(const std::string& title, const std::vector<Standing>& standings,
                          const std::map<int64_t, std::vector<std::pair<int64_t, Rating>>>& history) {
  std::string page =
      "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>" + escape(title) +
      "</title>\n<style>body{font-family:sans-serif;margin:2em}table{border-collapse:collapse}"
      "td,th{padding:2px 10px;text-align:right;white-space:nowrap}td:nth-child(2),th:nth-child(2){text-align:left}"
      "tr.retired{color:#999}svg text{font-size:11px}</style></head><body>\n<h1>" +
      escape(title) + "</h1>\n";
  // The chart: batches along x, ratings along y, one line per active robot.
  int64_t lastBatch = 1;
  double lo = 1500, hi = 1500;
  for (const Standing& s : standings) {
    if (!s.robot.active) continue;
    const auto it = history.find(s.robot.id);
    if (it == history.end()) continue;
    for (const auto& [batch, r] : it->second) {
      lastBatch = std::max(lastBatch, batch);
      lo = std::min(lo, r.rating);
      hi = std::max(hi, r.rating);
    }
  }
  lo -= 50;
  hi += 50;
  const double width = 800, height = 400, left = 50, bottom = 20;
  const auto x = [&](int64_t batch) {
    return left + (lastBatch > 1
                       ? (width - left - 150) * static_cast<double>(batch - 1) / static_cast<double>(lastBatch - 1)
                       : 0);
  };
  const auto y = [&](double rating) { return (height - bottom) * (hi - rating) / (hi - lo); };
  page += "<h2>Ratings after each batch</h2>\n<svg id=\"chart\" xmlns=\"http://www.w3.org/2000/svg\" width=\"" +
          format("%.0f", width) + "\" height=\"" + format("%.0f", height) + "\">\n";
  for (double r = std::ceil(lo / 100) * 100; r <= hi; r += 100) {
    page += "<line x1=\"" + format("%.1f", left) + "\" x2=\"" + format("%.1f", width - 150) + "\" y1=\"" +
            format("%.1f", y(r)) + "\" y2=\"" + format("%.1f", y(r)) + "\" stroke=\"#ddd\"/><text x=\"0\" y=\"" +
            format("%.1f", y(r) + 4) + "\">" + format("%.0f", r) + "</text>\n";
  }
  page += "<text x=\"" + format("%.1f", left) + "\" y=\"" + format("%.0f", height - 4) + "\">batch 1</text><text x=\"" +
          format("%.1f", width - 190) + "\" y=\"" + format("%.0f", height - 4) + "\">batch " +
          std::to_string(lastBatch) + "</text>\n";
  int line = 0;
  for (const Standing& s : standings) {
    if (!s.robot.active) continue;
    const auto it = history.find(s.robot.id);
    if (it == history.end() || it->second.empty()) continue;
    const char* colour = kColours[line % (sizeof kColours / sizeof kColours[0])];
    std::string points;
    for (const auto& [batch, r] : it->second)
      points += format("%.1f", x(batch)) + "," + format("%.1f", y(r.rating)) + " ";
    page += "<polyline class=\"robot\" fill=\"none\" stroke=\"" + std::string(colour) + "\" points=\"" + points +
            "\"><title>" + escape(s.robot.name) + "</title></polyline>\n";
    page += "<text x=\"" + format("%.1f", width - 140) + "\" y=\"" + format("%.1f", 14.0 + 14 * line) + "\" fill=\"" +
            colour + "\">" + escape(s.robot.name) + "</text>\n";
    ++line;
  }
  page +=
      "</svg>\n<h2>Standings</h2>\n<table id=\"standings\"><tr><th>Rank</th><th>Robot</th><th>Entry</th>"
      "<th>Rating</th><th>Deviation</th><th>Volatility</th><th>Matches</th><th>Wins</th><th>Draws</th>"
      "<th>Losses</th><th>Points</th></tr>\n";
  int rank = 0;
  for (const Standing& s : standings) {
    page += std::string("<tr") + (s.robot.active ? "" : " class=\"retired\"") + "><td>" +
            (s.robot.active ? std::to_string(++rank) : "-") + "</td><td>" + escape(s.robot.name) + "</td><td>" +
            std::to_string(s.robot.id) + "</td><td>" + format("%.1f", s.rating.rating) + "</td><td>" +
            format("%.1f", s.rating.deviation) + "</td><td>" + format("%.6f", s.rating.volatility) + "</td><td>" +
            std::to_string(s.matches) + "</td><td>" + std::to_string(s.wins) + "</td><td>" + std::to_string(s.draws) +
            "</td><td>" + std::to_string(s.losses) + "</td><td>" + std::to_string(s.points) + "</td></tr>\n";
  }
  page +=
      "</table>\n<p>Glicko-2 ratings; a rating is within two deviations of the robot's strength about 95% of the "
      "time. Retired entries (replaced by a newer version) are grey.</p>\n</body></html>\n";
  return page;
}

}  // namespace chronon::ladder
