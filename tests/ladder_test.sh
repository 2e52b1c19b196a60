#!/bin/bash
# The ladder end to end (chronon ladder, docs/ladder.md), RoboWar first: 20 robots (the bundled ten
# and a variant of each) added in three batches, 2,000 duels in several `ladder run` calls and one
# imported shard of `chronon tournament play`; a new version of a robot replaces its old entry; a run
# killed with SIGKILL in the middle leaves a database that opens and holds whole batches only; two
# ladders built by the same commands print the same standings. A short Grobots ladder at the end.
# usage: tests/ladder_test.sh CHRONON
set -u
chronon=$1
# Where the screenshot of the standings page is kept (build/test-artifacts/ladder from ctest).
artifacts=${2:-}
. "$(dirname "$0")/e2e-common/script_support.sh"

# Twenty robots: each bundled robot and a variant of it (the same code under another name, so with
# another hash; a comment line makes the bytes differ).
mkdir -p "$work/robots"
for f in "$repo"/stdlib/robowar/*.rtk; do
  cp "$f" "$work/robots/"
  { echo "# a variant for the ladder test"; cat "$f"; } >"$work/robots/$(basename "$f" .rtk)-b.rtk"
done
mapfile -t robots < <(ls "$work/robots"/*.rtk | sort)
[ "${#robots[@]}" -eq 20 ] || fail "expected 20 robots, made ${#robots[@]}"

# build DB: the same commands for every ladder of this test, up to the import.
build() {
  local db=$1
  "$chronon" ladder init "$db" --seed 7 >/dev/null || fail "init $db"
  "$chronon" ladder add "$db" "${robots[@]:0:7}" >/dev/null 2>&1 || fail "add (batch 1)"
  "$chronon" ladder run "$db" --matches 500 -j 2 >/dev/null || fail "run 1"
  "$chronon" ladder add "$db" "${robots[@]:7:7}" >/dev/null 2>&1 || fail "add (batch 2)"
  "$chronon" ladder run "$db" --matches 600 -j 2 >/dev/null || fail "run 2"
  "$chronon" ladder add "$db" "${robots[@]:14:6}" >/dev/null 2>&1 || fail "add (batch 3)"
  "$chronon" ladder run "$db" --matches 500 -j 1 >/dev/null || fail "run 3"
}

# matches DB: the number of duels stored.
matches() { "$chronon" ladder standings "$1" --json | python3 -c 'import json,sys; print(sum(r["matches"] for r in json.load(sys.stdin)) // 2)'; }

build "$work/a.db"
build "$work/b.db"
[ "$(matches "$work/a.db")" -eq 1600 ] || fail "1600 duels expected after three runs, found $(matches "$work/a.db")"

# One shard of a tournament among the robots, played elsewhere and imported: its duels enter by hash.
"$chronon" tournament plan "$work/robots" --duels 1 --groups 0 --basic --seed 3 >"$work/plan.jsonl"
"$chronon" tournament play --shard 1/1 "$work/plan.jsonl" >"$work/shard.jsonl"
imported=$(wc -l <"$work/shard.jsonl")
for db in a b; do
  "$chronon" ladder import "$work/$db.db" "$work/plan.jsonl" "$work/shard.jsonl" >/dev/null || fail "import into $db"
done
# A shard of a tournament under other rules is refused.
"$chronon" tournament plan "$work/robots" --duels 1 --groups 0 --basic --max-chronons 300 >"$work/short-plan.jsonl"
"$chronon" ladder import "$work/b.db" "$work/short-plan.jsonl" "$work/shard.jsonl" >/dev/null 2>&1 &&
  fail "import took a shard played under other rules"
"$chronon" ladder run "$work/a.db" --matches $((2000 - 1600 - imported)) >/dev/null || fail "run 4"
"$chronon" ladder run "$work/b.db" --matches $((2000 - 1600 - imported)) >/dev/null
[ "$(matches "$work/a.db")" -eq 2000 ] || fail "2000 duels expected, found $(matches "$work/a.db")"
"$chronon" ladder standings "$work/a.db" --json >"$work/a.json"
"$chronon" ladder standings "$work/b.db" --json >"$work/b.json"
cmp -s "$work/a.json" "$work/b.json" || fail "two ladders built by the same commands differ"
python3 - "$work/a.json" <<'PY' || fail "standings: $(head -c 400 "$work/a.json")"
import json, sys
rows = json.load(open(sys.argv[1]))
assert len(rows) == 20, len(rows)
assert all(r["active"] for r in rows)
ratings = [r["rating"] for r in rows]
assert ratings == sorted(ratings, reverse=True)
# Glicko-2 deviations shrink from 350 as robots play; nobody is unrated after 2000 duels.
assert all(30 < r["deviation"] < 350 and 0.05 < r["volatility"] < 0.07 for r in rows), rows
assert max(ratings) - min(ratings) > 200, ratings
PY
"$chronon" ladder standings "$work/a.db" --csv | head -1 | grep -q "^rank,robot,entry,active,rating,deviation" ||
  fail "standings --csv has no header"
"$chronon" ladder history "$work/a.db" dodger | grep -q "^  match .* vs " || fail "history lists no duels"

# The standings page: a chart line per active robot, drawn by uPlot (its legend has a row per line
# besides the batch row, and it draws on a canvas), and a table row per entry, as headless Chromium
# renders it (skipped with a note without Chromium; cmake/setup.sh --tests installs it).
"$chronon" ladder standings "$work/a.db" --html "$work/standings.html" >/dev/null 2>&1 || fail "standings --html"
grep -q '<polyline' "$work/standings.html" && fail "the standings page still draws its chart by hand"
browser=$(command -v chromium || command -v chromium-browser || true)
if [ -n "$browser" ]; then
  timeout 120 "$browser" --headless --no-sandbox --disable-gpu --user-data-dir="$work/chromium" \
    --dump-dom "file://$work/standings.html" >"$work/dom.html" 2>/dev/null
  [ "$(grep -o '<tr class="u-series' "$work/dom.html" | wc -l)" -eq 21 ] ||
    fail "uPlot's legend does not hold 20 rating lines: $(grep -o '<div id="chart".\{0,300\}' "$work/dom.html")"
  grep -q '<div id="chart"><div class="uplot' "$work/dom.html" || fail "uPlot drew no chart"
  grep -q '<canvas' "$work/dom.html" || fail "uPlot made no canvas"
  [ "$(grep -o '<tr>' "$work/dom.html" | wc -l)" -eq 21 ] || fail "the rendered page does not hold 20 standings rows"
  timeout 120 "$browser" --headless --no-sandbox --disable-gpu --user-data-dir="$work/chromium" \
    --window-size=1100,900 --screenshot="$work/standings.png" "file://$work/standings.html" >/dev/null 2>&1
  [ "$(stat -c %s "$work/standings.png" 2>/dev/null || echo 0)" -gt 30000 ] || fail "the page's screenshot is blank"
  if [ -n "$artifacts" ]; then
    mkdir -p "$artifacts" && cp "$work/standings.png" "$work/standings.html" "$artifacts/"
  fi
else
  echo "note: chromium is not installed; the standings page was written but not rendered"
fi

# verify plays stored duels again: all agree; one altered in the database is found.
"$chronon" ladder verify "$work/a.db" --sample 300 -j 2 >"$work/verify.txt" || fail "verify: $(tail -n 3 "$work/verify.txt")"
grep -q "^verified 300 of 2000 duels: 0 differ" "$work/verify.txt" || fail "verify said: $(tail -n 1 "$work/verify.txt")"
cp "$work/a.db" "$work/altered.db"
python3 - "$work/altered.db" <<'PY' || fail "could not alter a stored result"
import json, sqlite3, sys
db = sqlite3.connect(sys.argv[1])
text, = db.execute("SELECT result FROM matches WHERE id = 17").fetchone()
record = json.loads(text)
record["outcome"]["chronons"] += 1
db.execute("UPDATE matches SET result = ? WHERE id = 17", (json.dumps(record),))
db.commit()
PY
"$chronon" ladder verify "$work/altered.db" >"$work/verify.txt" && fail "verify missed an altered result"
grep -q "^differs: ladder match 17$" "$work/verify.txt" || fail "verify did not name match 17: $(head -n 3 "$work/verify.txt")"

# rebuild recomputes every rating from the stored duels: all agree; a stored outcome altered in the
# database gives other ratings from its batch on, reported with exit 1; --write stores them.
"$chronon" ladder rebuild "$work/a.db" >"$work/rebuild.txt" || fail "rebuild: $(tail -n 3 "$work/rebuild.txt")"
grep -q "^recomputed [0-9]* ratings over [0-9]* batches: 0 differ$" "$work/rebuild.txt" ||
  fail "rebuild said: $(tail -n 1 "$work/rebuild.txt")"
python3 - "$work/altered.db" <<'PY' || fail "could not alter a stored score"
import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
db.execute("UPDATE matches SET points_a = CASE WHEN points_a > points_b THEN points_b ELSE points_b + 1 END WHERE id = 17")
db.commit()
PY
"$chronon" ladder rebuild "$work/altered.db" >"$work/rebuild.txt" && fail "rebuild missed an altered score"
grep -q "^differs: entry [0-9]*, batch 1$" "$work/rebuild.txt" || fail "rebuild did not name batch 1: $(head -n 3 "$work/rebuild.txt")"
"$chronon" ladder rebuild "$work/altered.db" --write >/dev/null || fail "rebuild --write"
"$chronon" ladder rebuild "$work/altered.db" | grep -q ": 0 differ$" || fail "rebuild --write left differences"

# A robot from outside the ladder is refused by import.
{ echo "# not in the ladder"; cat "$repo/stdlib/robowar/dodger.rtk"; echo; } >"$work/stranger.rtk"
"$chronon" tournament plan "$work/stranger.rtk" "$work/robots/spinner.rtk" --duels 1 --groups 0 --basic \
  >"$work/stranger-plan.jsonl"
"$chronon" tournament play "$work/stranger-plan.jsonl" >"$work/stranger.jsonl"
if "$chronon" ladder import "$work/a.db" "$work/stranger.jsonl" >/dev/null 2>"$work/import.err"; then
  fail "import took a duel of a robot the ladder does not have"
fi
grep -q "does not have (by hash)" "$work/import.err" || fail "import's refusal: $(cat "$work/import.err")"

# A new version of a robot: the old entry retires, the new one links to it.
{ cat "$repo/stdlib/robowar/dodger.rtk"; echo "# version 2"; } >"$work/dodger.rtk"
"$chronon" ladder add "$work/a.db" "$work/dodger.rtk" 2>"$work/add.err" >/dev/null || fail "add version 2"
grep -q "replaces entry" "$work/add.err" || fail "no note about the replaced entry: $(cat "$work/add.err")"
"$chronon" ladder standings "$work/a.db" --json | python3 -c '
import json, sys
rows = json.load(sys.stdin)
old = [r for r in rows if r["robot"] == "dodger" and not r["active"]]
new = [r for r in rows if r["robot"] == "dodger" and r["active"]]
assert len(rows) == 21 and len(old) == 1 and len(new) == 1 and new[0]["previous"] == old[0]["entry"], rows
' || fail "the new version of dodger is not linked to the old entry"

# Option spellings: the same ladder whichever spelling the commands use.
for spelling in 1 2; do
  db=$work/spelling-$spelling.db
  if [ "$spelling" -eq 1 ]; then
    "$chronon" ladder init "$db" --seed 5 >/dev/null
    "$chronon" ladder add "$db" "${robots[@]:0:4}" >/dev/null 2>&1
    "$chronon" ladder run "$db" --matches 150 -j 2 --engine interp >/dev/null
  else
    "$chronon" ladder init "$db" --seed=5 >/dev/null
    "$chronon" ladder add "$db" "${robots[@]:0:4}" >/dev/null 2>&1
    "$chronon" ladder run "$db" --matches=150 -j1 --engine=interp --stats >/dev/null 2>&1
  fi
  "$chronon" ladder standings "$db" --json >"$work/spelling-$spelling.json"
done
cmp -s "$work/spelling-1.json" "$work/spelling-2.json" || fail "option spellings give different ladders"
"$chronon" ladder run "$work/spelling-1.db" --matches x >/dev/null 2>&1
[ $? -eq 2 ] || fail "a bad --matches is not a usage error (exit 2)"

# SIGKILL in the middle of a long run: the database opens, and holds whole batches of 100 only.
cp "$work/b.db" "$work/c.db"
before=$(matches "$work/c.db")
kills=0
for attempt in 1 2 3; do
  "$chronon" ladder run "$work/c.db" --matches 20000 -j 2 >/dev/null 2>&1 &
  pid=$!
  sleep "0.$((RANDOM % 9 + 1))"
  kill -KILL "$pid" 2>/dev/null && kills=$((kills + 1))
  wait "$pid" 2>/dev/null
  after=$(matches "$work/c.db") || fail "the ladder does not open after a kill"
  [ $(((after - before) % 100)) -eq 0 ] || fail "a kill left part of a batch: $before then $after duels"
  before=$after
done
"$chronon" ladder run "$work/c.db" --matches 100 >/dev/null || fail "the ladder does not run after the kills"

# The next duels as a plan, played in two shards elsewhere and imported: 120 more rated duels.
before=$(matches "$work/c.db")
"$chronon" ladder plan "$work/c.db" --matches 120 >"$work/ladder-plan.jsonl" || fail "ladder plan"
"$chronon" tournament play --shard 1/2 "$work/ladder-plan.jsonl" >"$work/ladder-1.jsonl" || fail "play shard 1"
"$chronon" tournament play --shard=2/2 "$work/ladder-plan.jsonl" >"$work/ladder-2.jsonl" || fail "play shard 2"
"$chronon" ladder import "$work/c.db" "$work/ladder-plan.jsonl" "$work/ladder-1.jsonl" "$work/ladder-2.jsonl" \
  >/dev/null || fail "import of the ladder's own plan"
[ "$(matches "$work/c.db")" -eq $((before + 120)) ] || fail "120 planned duels did not all enter"
"$chronon" ladder verify "$work/c.db" --sample 200 >"$work/verify.txt" || fail "verify after the kills and the import"
# A Grobots ladder (docs/ladder.md, "Grobots"): the bundled sides in duels of 400 frames, run here
# and planned, played in two shards and imported; every duel verifies and every rating rebuilds.
gdb=$work/grobots.db
"$chronon" ladder init "$gdb" --game grobots --frames 400 --seed 2 >/dev/null || fail "init a Grobots ladder"
"$chronon" ladder add "$gdb" "$repo/stdlib/grobots" >/dev/null 2>&1 || fail "add the Grobots sides"
"$chronon" ladder add "$gdb" "$repo/stdlib/robowar/dodger.rtk" >/dev/null 2>"$work/grobots-add.err" &&
  fail "a Grobots ladder took a RoboWar robot"
grep -q "this ladder plays Grobots sides" "$work/grobots-add.err" || fail "refusal: $(cat "$work/grobots-add.err")"
"$chronon" ladder run "$gdb" --matches 30 -j 2 >/dev/null || fail "run the Grobots ladder"
"$chronon" ladder plan "$gdb" --matches 10 >"$work/grobots-plan.jsonl" || fail "plan the Grobots ladder"
"$chronon" tournament play --shard 1/2 "$work/grobots-plan.jsonl" >"$work/grobots-1.jsonl" || fail "play Grobots shard 1"
"$chronon" tournament play --shard 2/2 "$work/grobots-plan.jsonl" >"$work/grobots-2.jsonl" || fail "play Grobots shard 2"
"$chronon" tournament plan "$repo/stdlib/grobots" --frames 100 --rounds 1 >"$work/grobots-other.jsonl"
"$chronon" ladder import "$gdb" "$work/grobots-other.jsonl" "$work/grobots-1.jsonl" >/dev/null 2>&1 &&
  fail "import took Grobots duels beside a plan of another world"
"$chronon" ladder import "$gdb" "$work/grobots-plan.jsonl" "$work/grobots-1.jsonl" "$work/grobots-2.jsonl" \
  >/dev/null || fail "import of the Grobots ladder's own plan"
[ "$(matches "$gdb")" -eq 40 ] || fail "40 Grobots duels expected, found $(matches "$gdb")"
"$chronon" ladder verify "$gdb" -j 2 | grep -q "^verified 40 of 40 duels: 0 differ$" || fail "Grobots verify"
"$chronon" ladder rebuild "$gdb" | grep -q ": 0 differ$" || fail "Grobots rebuild"
"$chronon" ladder standings "$gdb" --html "$work/grobots.html" >/dev/null 2>&1 || fail "Grobots standings --html"
grep -q "<th>Score</th>" "$work/grobots.html" || fail "the Grobots standings page has no score column"

echo "ladder: 20 robots in 3 batches, 2000 duels ($imported imported), standings reproducible; $kills kills," \
  "$(matches "$work/c.db") duels in the killed ladder, all in whole batches"
exit $failed
