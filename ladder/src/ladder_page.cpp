// The ladder's HTML standings page (ladder_page.h).

#include "chronon/ladder/ladder_page.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <set>

#include "chronon/arena/replay.h"
#include "chronon/jsonrpc/json_text.h"
#include "text_format.h"

namespace chronon::ladder {

namespace {

using detail::format;

// Distinct line colours, reused after twelve robots.
constexpr const char* kColours[] = {"#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b",
                                    "#e377c2", "#17becf", "#bcbd22", "#7f7f7f", "#393b79", "#637939"};

}  // namespace

nlohmann::json chartData(const std::vector<Standing>& standings,
                         const std::map<int64_t, std::vector<std::pair<int64_t, Rating>>>& history) {
  std::set<int64_t> batches;
  for (const Standing& s : standings) {
    const auto it = history.find(s.robot.id);
    if (!s.robot.active || it == history.end()) continue;
    for (const auto& [batch, r] : it->second) batches.insert(batch);
  }
  const std::vector<int64_t> x(batches.begin(), batches.end());
  nlohmann::json lines = nlohmann::json::array();
  for (const Standing& s : standings) {
    const auto it = history.find(s.robot.id);
    if (!s.robot.active || it == history.end() || it->second.empty()) continue;
    std::map<int64_t, double> at;
    for (const auto& [batch, r] : it->second) at[batch] = std::round(r.rating * 10) / 10;
    nlohmann::json values = nlohmann::json::array();
    for (const int64_t batch : x) {
      const auto found = at.find(batch);
      values.push_back(found == at.end() ? nlohmann::json(nullptr) : nlohmann::json(found->second));
    }
    lines.push_back({{"name", s.robot.name},
                     {"color", kColours[lines.size() % (sizeof kColours / sizeof kColours[0])]},
                     {"values", std::move(values)}});
  }
  return {{"xLabel", "batch"}, {"yLabel", "rating"}, {"x", x}, {"lines", std::move(lines)}};
}

std::string standingsPage(const std::string& title, const std::vector<Standing>& standings,
                          const std::map<int64_t, std::vector<std::pair<int64_t, Rating>>>& history,
                          std::string_view chartScript, const std::string& scoreHeading) {
  std::string page =
      "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>" + arena::replay::htmlEscape(title) +
      "</title>\n<style>body{font-family:sans-serif;margin:2em}table{border-collapse:collapse}"
      "td,th{padding:2px 10px;text-align:right;white-space:nowrap}td:nth-child(2),th:nth-child(2){text-align:left}"
      "tr.retired{color:#999}#chart{max-width:1000px}</style></head><body>\n<h1>" +
      arena::replay::htmlEscape(title) + "</h1>\n";
  // The chart: batches along x, ratings along y, one line per active robot, drawn by uPlot. "</" is
  // written as "<\/" so that no robot name can end the script element early.
  std::string data = jsonrpc::jsonText(chartData(standings, history));
  for (size_t at = data.find("</"); at != std::string::npos; at = data.find("</", at + 3)) data.replace(at, 2, "<\\/");
  page +=
      "<h2>Ratings after each batch</h2>\n<div id=\"chart\"></div>\n"
      "<script id=\"chart-data\" type=\"application/json\">" +
      data + "</script>\n<script>" + std::string(chartScript) +
      "</script>\n<script>ChrononChart.draw(document, 'chart-data', 'chart');</script>\n";
  page +=
      "<h2>Standings</h2>\n<table id=\"standings\"><tr><th>Rank</th><th>Robot</th><th>Entry</th>"
      "<th>Rating</th><th>Deviation</th><th>Volatility</th><th>Matches</th><th>Wins</th><th>Draws</th>"
      "<th>Losses</th><th>" +
      arena::replay::htmlEscape(scoreHeading) + "</th></tr>\n";
  int rank = 0;
  for (const Standing& s : standings) {
    page += std::string("<tr") + (s.robot.active ? "" : " class=\"retired\"") + "><td>" +
            (s.robot.active ? std::to_string(++rank) : "-") + "</td><td>" + arena::replay::htmlEscape(s.robot.name) +
            "</td><td>" + std::to_string(s.robot.id) + "</td><td>" + format("%.1f", s.rating.rating) + "</td><td>" +
            format("%.1f", s.rating.deviation) + "</td><td>" + format("%.6f", s.rating.volatility) + "</td><td>" +
            std::to_string(s.matches) + "</td><td>" + std::to_string(s.wins) + "</td><td>" + std::to_string(s.draws) +
            "</td><td>" + std::to_string(s.losses) + "</td><td>" +
            (s.score.empty() ? std::to_string(s.points) : arena::replay::htmlEscape(s.score)) + "</td></tr>\n";
  }
  page +=
      "</table>\n<p>Glicko-2 ratings; a rating is within two deviations of the robot's strength about 95% of the "
      "time. Retired entries (replaced by a newer version) are grey.</p>\n</body></html>\n";
  return page;
}

}  // namespace chronon::ladder
