// The ladder's work over its game (ladder_play.h).

#include "chronon/ladder/ladder_play.h"

#include <algorithm>
#include <filesystem>
#include <memory>

#include "chronon/arena/tournament_records.h"

namespace chronon::ladder {

namespace {

// The next `count` duels (Ladder::schedule) as match records of `header`'s robots, with the ids and
// seeds the ladder gives them; `entries` gets the entries of each.
std::vector<nlohmann::json> nextDuels(const Ladder& ladder, const nlohmann::json& header, int count,
                                      std::map<int64_t, int>& index,
                                      std::vector<std::pair<int64_t, int64_t>>& entries) {
  const LadderGame& game = gameOf(ladder);
  entries = ladder.schedule(count);
  const int64_t first = ladder.nextMatchId();
  std::vector<nlohmann::json> matches;
  for (size_t k = 0; k < entries.size(); ++k) {
    matches.push_back(
        game.duel(first + static_cast<int64_t>(k), index[entries[k].first], index[entries[k].second], header));
  }
  return matches;
}

// The active entries, or none with `error` when fewer than two are active.
std::vector<Robot> activeEntries(const Ladder& ladder, std::string& error) {
  std::vector<Robot> robots = ladder.robots(true);
  if (robots.size() >= 2) return robots;
  error = std::string("the ladder needs at least two active ") + gameOf(ladder).entryWord() + "s";
  return {};
}

}  // namespace

const LadderGame& gameOf(const Ladder& ladder) {
  switch (ladder.game()) {
    case GameKind::kRoboWar: return roboWarGame();
    case GameKind::kGrobots: return grobotsGame();
  }
  return roboWarGame();
}

bool AddReport::refused() const {
  return std::any_of(files.begin(), files.end(), [](const EntryOutcome& f) { return !f.check.name; });
}

bool addEntries(Ladder& ladder, const std::vector<std::string>& inputs, AddReport& report, std::string& error) {
  const LadderGame& game = gameOf(ladder);
  for (const std::string& path : game.entryFiles(inputs)) {
    report.files.push_back({path, game.check(path), {}});
    EntryOutcome& file = report.files.back();
    if (!file.check.name) continue;
    // The entry keeps the bytes the check read and compiled (a .RWR robot's are binary).
    if (!ladder.add(*file.check.name, std::filesystem::path(path).filename().string(), file.check.bytes, file.note,
                    error))
      return false;
    ++report.added;
  }
  return true;
}

std::optional<DuelPlan> planDuels(const Ladder& ladder, int count, std::string& error) {
  const std::vector<Robot> robots = activeEntries(ladder, error);
  if (robots.empty()) return std::nullopt;
  DuelPlan plan;
  std::map<int64_t, int> index;
  plan.header = gameOf(ladder).planHeader(ladder, robots, index);
  plan.matches = nextDuels(ladder, plan.header, count, index, plan.entries);
  return plan;
}

std::optional<int> playDuels(Ladder& ladder, int matches, int threads, LadderEngines& engines,
                             const std::function<void(int done, int matches)>& progress, std::string& error) {
  const LadderGame& game = gameOf(ladder);
  const std::vector<Robot> robots = activeEntries(ladder, error);
  if (robots.empty()) return std::nullopt;
  // The active robots as a plan header, compiled as a tournament compiles them.
  std::map<int64_t, int> index;
  const nlohmann::json header = game.planHeader(ladder, robots, index);
  const std::unique_ptr<DuelPlayer> player = game.player(ladder, header, engines, error);
  if (!player) return std::nullopt;
  int played = 0;
  while (played < matches) {
    const int count = std::min(kDuelsPerBatch, matches - played);
    std::vector<std::pair<int64_t, int64_t>> entries;
    const std::vector<nlohmann::json> records = nextDuels(ladder, header, count, index, entries);
    const std::vector<PlayedDuel> results = player->play(records, threads);
    std::vector<DuelResult> duels;
    for (size_t k = 0; k < results.size(); ++k) {
      nlohmann::json match = records[k];
      match["entries"] = {entries[k].first, entries[k].second};
      duels.push_back({entries[k].first, entries[k].second, results[k].pointsA, results[k].pointsB, match,
                       arena::records::resultRecord("ladder", match, player->engine(), results[k].outcome)});
    }
    if (!ladder.store(duels, "run", error)) return std::nullopt;
    played += static_cast<int>(duels.size());
    if (progress) progress(played, matches);
  }
  return played;
}

std::optional<VerifyReport> verifyDuels(const Ladder& ladder, int sample, uint64_t seed, int threads,
                                        std::string& error) {
  const LadderGame& game = gameOf(ladder);
  const std::vector<MatchRow> rows = ladder.matches();
  std::vector<nlohmann::json> results;
  results.reserve(rows.size());
  for (const MatchRow& row : rows) {
    results.push_back(nlohmann::json::parse(row.result));
    results.back()["ladderMatch"] = row.id;
  }
  std::map<size_t, const nlohmann::json*> byIndex;
  for (size_t i = 0; i < results.size(); ++i) byIndex[i] = &results[i];
  const std::vector<const nlohmann::json*> chosen = arena::records::sampleResults(byIndex, sample, seed);
  // Every robot that played, by hash, compiled once.
  const std::vector<Robot> robots = ladder.robots(false);
  std::map<int64_t, int> place;
  const nlohmann::json header = game.planHeader(ladder, robots, place);
  std::map<std::string, int> index;
  for (const Robot& r : robots) index[r.hash] = place[r.id];
  std::vector<nlohmann::json> matches;
  for (const nlohmann::json* r : chosen) {
    const nlohmann::json& hashes = (*r)["match"].at("hashes");
    matches.push_back(game.renumber((*r)["match"], (*r)["ladderMatch"].get<int64_t>(),
                                    index.at(hashes.at(0).get<std::string>()),
                                    index.at(hashes.at(1).get<std::string>())));
  }
  InterpreterEngines engines;
  const std::unique_ptr<DuelPlayer> player = game.player(ladder, header, engines, error);
  if (!player) return std::nullopt;
  const std::vector<PlayedDuel> fresh = player->play(matches, threads);
  VerifyReport report;
  report.checked = fresh.size();
  report.stored = rows.size();
  for (size_t i = 0; i < fresh.size(); ++i) {
    if ((*chosen[i])["outcome"] != fresh[i].outcome)
      report.differences.push_back(
          {(*chosen[i])["ladderMatch"].get<int64_t>(), (*chosen[i])["outcome"], fresh[i].outcome});
  }
  return report;
}

}  // namespace chronon::ladder
