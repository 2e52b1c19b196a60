// The ladder's database (ladder.h, docs/ladder.md), through SQLite's C API.

#include "chronon/ladder/ladder.h"

#include <sqlite3.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <queue>
#include <tuple>

#include "chronon/arena/replay.h"
#include "chronon/jsonrpc/json_text.h"

namespace chronon::ladder {

namespace {

constexpr const char* kSchema =
    "CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);"
    "CREATE TABLE robots(id INTEGER PRIMARY KEY, name TEXT NOT NULL, file TEXT NOT NULL, hash TEXT NOT NULL UNIQUE,"
    " bytes BLOB NOT NULL, active INTEGER NOT NULL, previous INTEGER REFERENCES robots(id));"
    "CREATE TABLE batches(id INTEGER PRIMARY KEY, kind TEXT NOT NULL);"
    "CREATE TABLE matches(id INTEGER PRIMARY KEY, batch INTEGER NOT NULL REFERENCES batches(id),"
    " a INTEGER NOT NULL REFERENCES robots(id), b INTEGER NOT NULL REFERENCES robots(id),"
    " points_a INTEGER NOT NULL, points_b INTEGER NOT NULL, match TEXT NOT NULL, result TEXT NOT NULL);"
    "CREATE INDEX matches_a ON matches(a);"
    "CREATE INDEX matches_b ON matches(b);"
    "CREATE TABLE ratings(robot INTEGER PRIMARY KEY REFERENCES robots(id), rating REAL NOT NULL,"
    " deviation REAL NOT NULL, volatility REAL NOT NULL);"
    "CREATE TABLE rating_history(batch INTEGER NOT NULL, robot INTEGER NOT NULL, rating REAL NOT NULL,"
    " deviation REAL NOT NULL, volatility REAL NOT NULL, PRIMARY KEY(batch, robot));";

// A prepared statement, finalized at the end of scope.
class Statement {
 public:
  Statement(sqlite3* db, const char* sql) { sqlite3_prepare_v2(db, sql, -1, &stmt_, nullptr); }
  ~Statement() { sqlite3_finalize(stmt_); }
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;
  bool ok() const { return stmt_ != nullptr; }
  Statement& bind(int i, int64_t v) {
    sqlite3_bind_int64(stmt_, i, v);
    return *this;
  }
  Statement& bind(int i, double v) {
    sqlite3_bind_double(stmt_, i, v);
    return *this;
  }
  Statement& bind(int i, const std::string& v) {
    sqlite3_bind_text(stmt_, i, v.data(), static_cast<int>(v.size()), SQLITE_TRANSIENT);
    return *this;
  }
  Statement& blob(int i, const std::string& v) {
    sqlite3_bind_blob(stmt_, i, v.data(), static_cast<int>(v.size()), SQLITE_TRANSIENT);
    return *this;
  }
  /// Steps once: true while a row is there.
  bool row() { return stmt_ != nullptr && sqlite3_step(stmt_) == SQLITE_ROW; }
  /// Runs a statement that returns no rows; true when it succeeded.
  bool run() { return stmt_ != nullptr && sqlite3_step(stmt_) == SQLITE_DONE; }
  int64_t integer(int i) const { return sqlite3_column_int64(stmt_, i); }
  double real(int i) const { return sqlite3_column_double(stmt_, i); }
  std::string text(int i) const {
    const auto* p = static_cast<const char*>(sqlite3_column_blob(stmt_, i));
    return p == nullptr ? std::string() : std::string(p, static_cast<size_t>(sqlite3_column_bytes(stmt_, i)));
  }

 private:
  sqlite3_stmt* stmt_ = nullptr;
};

constexpr const char* kRobotColumns = "SELECT id, name, file, hash, bytes, active, COALESCE(previous, 0) FROM robots";

Robot robotFrom(const Statement& s) {
  return Robot{s.integer(0), s.text(1), s.text(2), s.text(3), s.text(4), s.integer(5) != 0, s.integer(6)};
}

double score(int mine, int theirs) { return mine > theirs ? 1.0 : mine == theirs ? 0.5 : 0.0; }

}  // namespace

const char* gameName(GameKind game) {
  switch (game) {
    case GameKind::kRoboWar: return "robowar";
    case GameKind::kGrobots: return "grobots";
  }
  return "robowar";
}

std::optional<GameKind> gameFromName(const std::string& name) {
  for (const GameKind game : {GameKind::kRoboWar, GameKind::kGrobots}) {
    if (name == gameName(game)) return game;
  }
  return std::nullopt;
}

Ladder::Ladder(sqlite3* db) : db_(db) {}

Ladder::~Ladder() { sqlite3_close(db_); }

bool Ladder::exec(const std::string& sql, std::string& error) const {
  char* message = nullptr;
  if (sqlite3_exec(db_, sql.c_str(), nullptr, nullptr, &message) == SQLITE_OK) return true;
  error = message != nullptr ? message : "SQLite error";
  sqlite3_free(message);
  return false;
}

std::unique_ptr<Ladder> Ladder::create(const std::string& path, uint64_t seed, std::string& error) {
  return create(path, seed, GameKind::kRoboWar, nullptr, error);
}

std::unique_ptr<Ladder> Ladder::create(const std::string& path, uint64_t seed, GameKind game,
                                       const nlohmann::json& rules, std::string& error) {
  std::error_code ec;
  if (std::filesystem::exists(path, ec)) {
    error = path + " exists already";
    return nullptr;
  }
  sqlite3* db = nullptr;
  if (sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nullptr) != SQLITE_OK) {
    error = path + ": " + sqlite3_errmsg(db);
    sqlite3_close(db);
    return nullptr;
  }
  std::unique_ptr<Ladder> ladder(new Ladder(db));
  ladder->seed_ = seed;
  ladder->game_ = game;
  ladder->rules_ = rules;
  // A RoboWar ladder has no `rules` row (it plays RoboWar's defaults), as before there were others.
  if (!ladder->exec(std::string("PRAGMA journal_mode=WAL; PRAGMA foreign_keys=ON; BEGIN; ") + kSchema +
                        "INSERT INTO meta VALUES('format', 'chronon-ladder'), ('version', '" +
                        std::to_string(kSchemaVersion) + "'), ('game', '" + gameName(game) + "'), ('seed', '" +
                        std::to_string(seed) + "');",
                    error)) {
    error = path + ": " + error;
    return nullptr;
  }
  if (!rules.is_null()) {
    Statement s(db, "INSERT INTO meta VALUES('rules', ?)");
    if (!s.bind(1, jsonrpc::jsonText(rules)).run()) {
      error = path + ": " + sqlite3_errmsg(db);
      return nullptr;
    }
  }
  if (!ladder->exec("COMMIT", error)) {
    error = path + ": " + error;
    return nullptr;
  }
  return ladder;
}

std::unique_ptr<Ladder> Ladder::open(const std::string& path, std::string& error) {
  std::error_code ec;
  if (!std::filesystem::exists(path, ec)) {
    error = path + ": no such ladder (chronon ladder init makes one)";
    return nullptr;
  }
  sqlite3* db = nullptr;
  if (sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READWRITE, nullptr) != SQLITE_OK) {
    error = path + ": " + sqlite3_errmsg(db);
    sqlite3_close(db);
    return nullptr;
  }
  std::unique_ptr<Ladder> ladder(new Ladder(db));
  // Another process writing waits up to 10 s rather than failing; references are checked.
  sqlite3_busy_timeout(db, 10000);
  std::string ignored;
  ladder->exec("PRAGMA foreign_keys=ON", ignored);
  std::map<std::string, std::string> meta;
  {
    Statement s(db, "SELECT key, value FROM meta");
    while (s.row()) meta[s.text(0)] = s.text(1);
  }
  if (meta["format"] != "chronon-ladder" || meta["version"] != std::to_string(kSchemaVersion)) {
    error = path + ": not a Chronon ladder of version " + std::to_string(kSchemaVersion);
    return nullptr;
  }
  const std::optional<GameKind> game = gameFromName(meta["game"]);
  if (!game) {
    error = path + ": a ladder of an unknown game '" + meta["game"] + "'";
    return nullptr;
  }
  ladder->game_ = *game;
  if (meta.count("rules") != 0) {
    ladder->rules_ = nlohmann::json::parse(meta["rules"], nullptr, false);
    if (ladder->rules_.is_discarded()) {
      error = path + ": the ladder's rules are damaged";
      return nullptr;
    }
  }
  ladder->seed_ = std::stoull(meta["seed"]);
  return ladder;
}

std::optional<int64_t> Ladder::add(const std::string& name, const std::string& file, const std::string& bytes,
                                   std::string& note, std::string& error) {
  const std::string hash = arena::replay::contentHash(bytes);
  if (const std::optional<Robot> same = robotByHash(hash)) {
    note = name + " is entered already (entry " + std::to_string(same->id) + ")";
    return same->id;
  }
  if (!exec("BEGIN IMMEDIATE", error)) return std::nullopt;
  int64_t previous = 0;
  {
    Statement s(db_, "SELECT id FROM robots WHERE name = ? AND active = 1");
    s.bind(1, name);
    if (s.row()) previous = s.integer(0);
  }
  bool ok = true;
  if (previous != 0) {
    Statement retire(db_, "UPDATE robots SET active = 0 WHERE id = ?");
    ok = retire.bind(1, previous).run();
    note = name + ": a new version replaces entry " + std::to_string(previous);
  }
  Statement insert(db_, "INSERT INTO robots(name, file, hash, bytes, active, previous) VALUES(?, ?, ?, ?, 1, ?)");
  insert.bind(1, name).bind(2, file).bind(3, hash).blob(4, bytes);
  // Parameter 5 stays NULL (SQLite's default) for a robot that replaces none.
  if (previous != 0) insert.bind(5, previous);
  ok = ok && insert.run();
  const int64_t id = sqlite3_last_insert_rowid(db_);
  if (!ok || !exec("COMMIT", error)) {
    error = std::string("cannot add ") + name + ": " + sqlite3_errmsg(db_);
    std::string ignored;
    exec("ROLLBACK", ignored);
    return std::nullopt;
  }
  return id;
}

std::vector<Robot> Ladder::robots(bool activeOnly) const {
  Statement s(db_, (std::string(kRobotColumns) + (activeOnly ? " WHERE active = 1" : "") + " ORDER BY id").c_str());
  std::vector<Robot> out;
  while (s.row()) out.push_back(robotFrom(s));
  return out;
}

std::optional<Robot> Ladder::robotByHash(const std::string& hash) const {
  Statement s(db_, (std::string(kRobotColumns) + " WHERE hash = ?").c_str());
  s.bind(1, hash);
  if (!s.row()) return std::nullopt;
  return robotFrom(s);
}

std::optional<Robot> Ladder::robotByName(const std::string& name) const {
  Statement s(db_, (std::string(kRobotColumns) + " WHERE name = ? ORDER BY id DESC LIMIT 1").c_str());
  s.bind(1, name);
  if (!s.row()) return std::nullopt;
  return robotFrom(s);
}

std::vector<std::pair<int64_t, int64_t>> Ladder::schedule(int count) const {
  const std::vector<Robot> active = robots(true);
  std::map<std::pair<int64_t, int64_t>, int64_t> played;
  {
    Statement s(db_, "SELECT MIN(a, b), MAX(a, b), COUNT(*) FROM matches GROUP BY 1, 2");
    while (s.row()) played[{s.integer(0), s.integer(1)}] = s.integer(2);
  }
  // The thinnest pairing first: (matches so far, lower id, higher id), smallest on top.
  using Key = std::tuple<int64_t, int64_t, int64_t>;
  std::priority_queue<Key, std::vector<Key>, std::greater<>> queue;
  for (size_t i = 0; i < active.size(); ++i) {
    for (size_t j = i + 1; j < active.size(); ++j) {
      const auto pair = std::make_pair(active[i].id, active[j].id);
      const auto it = played.find(pair);
      queue.emplace(it == played.end() ? 0 : it->second, pair.first, pair.second);
    }
  }
  std::vector<std::pair<int64_t, int64_t>> out;
  while (static_cast<int>(out.size()) < count && !queue.empty()) {
    auto [n, a, b] = queue.top();
    queue.pop();
    out.emplace_back(a, b);
    queue.emplace(n + 1, a, b);
  }
  return out;
}

int64_t Ladder::nextMatchId() const {
  Statement s(db_, "SELECT COALESCE(MAX(id), 0) + 1 FROM matches");
  return s.row() ? s.integer(0) : 1;
}

bool Ladder::store(const std::vector<DuelResult>& results, const std::string& kind, std::string& error) {
  if (!exec("BEGIN IMMEDIATE", error)) return false;
  const auto fail = [&](const std::string& what) {
    error = what + ": " + sqlite3_errmsg(db_);
    std::string ignored;
    exec("ROLLBACK", ignored);
    return false;
  };
  Statement batchInsert(db_, "INSERT INTO batches(kind) VALUES(?)");
  if (!batchInsert.bind(1, kind).run()) return fail("cannot start a batch");
  const int64_t batch = sqlite3_last_insert_rowid(db_);
  // Ratings at the start of the period: every game of the period is rated against them (Glicko-2).
  std::map<int64_t, Rating> start;
  {
    Statement s(db_, "SELECT robot, rating, deviation, volatility FROM ratings");
    while (s.row()) start[s.integer(0)] = Rating{s.real(1), s.real(2), s.real(3)};
  }
  std::map<int64_t, std::vector<Game>> games;
  int64_t id = nextMatchId();
  for (const DuelResult& r : results) {
    Statement insert(db_,
                     "INSERT INTO matches(id, batch, a, b, points_a, points_b, match, result) "
                     "VALUES(?, ?, ?, ?, ?, ?, ?, ?)");
    insert.bind(1, id++).bind(2, batch).bind(3, r.a).bind(4, r.b);
    insert.bind(5, static_cast<int64_t>(r.pointsA)).bind(6, static_cast<int64_t>(r.pointsB));
    insert.bind(7, jsonrpc::jsonText(r.match)).bind(8, jsonrpc::jsonText(r.result));
    if (!insert.run()) return fail("cannot store a match");
    const Rating a = start.count(r.a) != 0 ? start[r.a] : Rating{};
    const Rating b = start.count(r.b) != 0 ? start[r.b] : Rating{};
    games[r.a].push_back({b.rating, b.deviation, score(r.pointsA, r.pointsB)});
    games[r.b].push_back({a.rating, a.deviation, score(r.pointsB, r.pointsA)});
  }
  for (const Robot& robot : robots(true)) {
    const Rating before = start.count(robot.id) != 0 ? start[robot.id] : Rating{};
    const auto it = games.find(robot.id);
    const Rating after = update(before, it == games.end() ? std::vector<Game>{} : it->second);
    Statement save(db_, "INSERT OR REPLACE INTO ratings VALUES(?, ?, ?, ?)");
    Statement history(db_, "INSERT INTO rating_history VALUES(?, ?, ?, ?, ?)");
    if (!save.bind(1, robot.id).bind(2, after.rating).bind(3, after.deviation).bind(4, after.volatility).run() ||
        !history.bind(1, batch)
             .bind(2, robot.id)
             .bind(3, after.rating)
             .bind(4, after.deviation)
             .bind(5, after.volatility)
             .run())
      return fail("cannot store a rating");
  }
  if (!exec("COMMIT", error)) return fail("cannot commit");
  return true;
}

std::optional<RebuildReport> Ladder::rebuild(bool write, std::string& error) {
  RebuildReport report;
  std::vector<int64_t> batches;
  {
    Statement s(db_, "SELECT id FROM batches ORDER BY id");
    while (s.row()) batches.push_back(s.integer(0));
  }
  const auto same = [](const Rating& x, const Rating& y) {
    return x.rating == y.rating && x.deviation == y.deviation && x.volatility == y.volatility;
  };
  // The latest recomputed rating of every robot rated so far, and every recomputed history row.
  std::map<int64_t, Rating> current;
  std::vector<std::tuple<int64_t, int64_t, Rating>> rows;
  for (const int64_t batch : batches) {
    // As store(): every duel of the period is rated against the ratings at its start, in match order.
    std::map<int64_t, std::vector<Game>> games;
    Statement m(db_, "SELECT a, b, points_a, points_b FROM matches WHERE batch = ? ORDER BY id");
    m.bind(1, batch);
    while (m.row()) {
      const int64_t a = m.integer(0), b = m.integer(1);
      const int pa = static_cast<int>(m.integer(2)), pb = static_cast<int>(m.integer(3));
      const Rating ra = current.count(a) != 0 ? current[a] : Rating{};
      const Rating rb = current.count(b) != 0 ? current[b] : Rating{};
      games[a].push_back({rb.rating, rb.deviation, score(pa, pb)});
      games[b].push_back({ra.rating, ra.deviation, score(pb, pa)});
    }
    std::map<int64_t, Rating> next = current;
    Statement h(db_, "SELECT robot, rating, deviation, volatility FROM rating_history WHERE batch = ? ORDER BY robot");
    h.bind(1, batch);
    while (h.row()) {
      const int64_t robot = h.integer(0);
      const Rating stored{h.real(1), h.real(2), h.real(3)};
      const auto it = games.find(robot);
      const Rating after = update(current.count(robot) != 0 ? current[robot] : Rating{},
                                  it == games.end() ? std::vector<Game>{} : it->second);
      next[robot] = after;
      rows.emplace_back(batch, robot, after);
      ++report.ratings;
      if (!same(stored, after)) report.differences.push_back({batch, robot, stored, after});
    }
    current = std::move(next);
    ++report.batches;
  }
  std::map<int64_t, Rating> table;
  {
    Statement s(db_, "SELECT robot, rating, deviation, volatility FROM ratings ORDER BY robot");
    while (s.row()) table[s.integer(0)] = Rating{s.real(1), s.real(2), s.real(3)};
  }
  for (const auto& [robot, stored] : table) {
    const auto it = current.find(robot);
    if (it == current.end()) {
      report.differences.push_back({0, robot, stored, std::nullopt});
    } else if (!same(stored, it->second)) {
      report.differences.push_back({0, robot, stored, it->second});
    }
  }
  for (const auto& [robot, rating] : current) {
    if (table.count(robot) == 0) report.differences.push_back({0, robot, std::nullopt, rating});
  }
  if (!write || report.differences.empty()) return report;
  if (!exec("BEGIN IMMEDIATE", error)) return std::nullopt;
  const auto fail = [&](const std::string& what) -> std::optional<RebuildReport> {
    error = what + ": " + sqlite3_errmsg(db_);
    std::string ignored;
    exec("ROLLBACK", ignored);
    return std::nullopt;
  };
  for (const auto& [batch, robot, r] : rows) {
    Statement u(db_,
                "UPDATE rating_history SET rating = ?, deviation = ?, volatility = ? WHERE batch = ? AND robot = ?");
    if (!u.bind(1, r.rating).bind(2, r.deviation).bind(3, r.volatility).bind(4, batch).bind(5, robot).run())
      return fail("cannot store a rating");
  }
  if (!exec("DELETE FROM ratings", error)) return fail("cannot store the ratings");
  for (const auto& [robot, r] : current) {
    Statement save(db_, "INSERT INTO ratings VALUES(?, ?, ?, ?)");
    if (!save.bind(1, robot).bind(2, r.rating).bind(3, r.deviation).bind(4, r.volatility).run())
      return fail("cannot store a rating");
  }
  if (!exec("COMMIT", error)) return fail("cannot commit");
  return report;
}

std::vector<Standing> Ladder::standings() const {
  std::map<int64_t, Standing> byId;
  for (Robot& r : robots(false)) byId[r.id].robot = std::move(r);
  {
    Statement s(db_, "SELECT robot, rating, deviation, volatility FROM ratings");
    while (s.row()) {
      const auto it = byId.find(s.integer(0));
      if (it != byId.end()) it->second.rating = Rating{s.real(1), s.real(2), s.real(3)};
    }
  }
  {
    Statement s(db_, "SELECT a, b, points_a, points_b FROM matches");
    while (s.row()) {
      const int64_t a = s.integer(0), b = s.integer(1);
      const int pa = static_cast<int>(s.integer(2)), pb = static_cast<int>(s.integer(3));
      for (const auto& [who, mine, theirs] : {std::tuple{a, pa, pb}, std::tuple{b, pb, pa}}) {
        const auto it = byId.find(who);
        if (it == byId.end()) continue;
        Standing& st = it->second;
        ++st.matches;
        st.points += mine;
        (mine > theirs ? st.wins : mine == theirs ? st.draws : st.losses) += 1;
      }
    }
  }
  std::vector<Standing> out;
  for (auto& [id, s] : byId) out.push_back(std::move(s));
  std::stable_sort(out.begin(), out.end(), [](const Standing& x, const Standing& y) {
    if (x.robot.active != y.robot.active) return x.robot.active;
    if (x.rating.rating != y.rating.rating) return x.rating.rating > y.rating.rating;
    return x.robot.id < y.robot.id;
  });
  return out;
}

std::vector<MatchRow> Ladder::history(int64_t robot) const {
  Statement s(db_, "SELECT id, batch, a, b, points_a, points_b, result FROM matches WHERE a = ? OR b = ? ORDER BY id");
  s.bind(1, robot).bind(2, robot);
  std::vector<MatchRow> out;
  while (s.row()) {
    out.push_back({s.integer(0), s.integer(1), s.integer(2), s.integer(3), static_cast<int>(s.integer(4)),
                   static_cast<int>(s.integer(5)), s.text(6)});
  }
  return out;
}

std::vector<MatchRow> Ladder::matches() const {
  Statement s(db_, "SELECT id, batch, a, b, points_a, points_b, result FROM matches ORDER BY id");
  std::vector<MatchRow> out;
  while (s.row()) {
    out.push_back({s.integer(0), s.integer(1), s.integer(2), s.integer(3), static_cast<int>(s.integer(4)),
                   static_cast<int>(s.integer(5)), s.text(6)});
  }
  return out;
}

std::vector<std::pair<int64_t, Rating>> Ladder::ratingHistory(int64_t robot) const {
  Statement s(db_, "SELECT batch, rating, deviation, volatility FROM rating_history WHERE robot = ? ORDER BY batch");
  s.bind(1, robot);
  std::vector<std::pair<int64_t, Rating>> out;
  while (s.row()) out.emplace_back(s.integer(0), Rating{s.real(1), s.real(2), s.real(3)});
  return out;
}

}  // namespace chronon::ladder
