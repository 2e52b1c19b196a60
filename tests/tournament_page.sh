#!/bin/bash
# The standings page of `chronon tournament --html` (and `tournament merge --html`) in headless
# Chromium: the standings table, a row per match, and for a tournament with --replays a link from
# each match to a viewer page (written beside its replay) that opens the replay offline. Skips
# (exit 77) without Chromium; cmake/setup.sh --tests installs it.
# usage: tests/tournament_page.sh CHRONON [ARTIFACT_DIR]
set -u
chronon=$1
artifacts=${2:-}
. "$(dirname "$0")/e2e-common/script_support.sh"
browser=$(command -v chromium || command -v chromium-browser || true)
render() {
  timeout 120 "$browser" --headless --no-sandbox --disable-gpu --user-data-dir="$work/chromium" \
    --virtual-time-budget=5000 --dump-dom "file://$1" 2>/dev/null
}

robots="$repo/stdlib/robowar/sitting-duck.rtk $repo/stdlib/robowar/spinner.rtk $repo/stdlib/robowar/dodger.rtk"
# shellcheck disable=SC2086
"$chronon" tournament $robots --duels 1 --groups 0 --basic --max-chronons 300 -j 1 >"$work/plain.txt" 2>/dev/null ||
  fail "the plain tournament"
mkdir -p "$work/site"
# shellcheck disable=SC2086
"$chronon" tournament $robots --duels 1 --groups 0 --basic --max-chronons 300 -j 1 --replays "$work/site/replays" \
  --html "$work/site/standings.html" >"$work/html.txt" 2>"$work/html.err" || fail "tournament --html: $(cat "$work/html.err")"
cmp -s "$work/plain.txt" "$work/html.txt" || fail "--html changed what the tournament prints"
page="$work/site/standings.html"
[ -s "$page" ] || fail "no page written"
rows=$(grep -c '<tr class="match">' "$page")
[ "$rows" -eq 3 ] || fail "the page has $rows match rows, not the 3 duels"
links=$(grep -o 'class="view" href="[^"]*"' "$page" | sed 's/.*href="//; s/"$//')
[ "$(echo "$links" | grep -c .)" -eq 3 ] || fail "the page does not link 3 viewer pages: $links"
for link in $links; do
  case "$link" in /*) fail "the link $link is not relative" ;; esac
  [ -s "$work/site/$link" ] || fail "the linked viewer page $link is missing"
done
grep -qF "$(head -n 1 "$work/plain.txt")" "$page" || fail "the page does not hold the standings table"

# Grobots: a row per round; merge writes the same page from records.
sides="$repo/stdlib/grobots/algae.gb $repo/stdlib/grobots/fighter.gb"
# shellcheck disable=SC2086
"$chronon" tournament $sides --rounds 2 --frames 200 -j 1 --html "$work/grobots.html" >/dev/null 2>&1 ||
  fail "Grobots tournament --html"
[ "$(grep -c '<tr class="match">' "$work/grobots.html")" -eq 2 ] || fail "the Grobots page has no row per round"
# shellcheck disable=SC2086
"$chronon" tournament plan $robots --duels 1 --groups 0 --basic --max-chronons 300 >"$work/plan.jsonl" 2>/dev/null
"$chronon" tournament play -j 1 "$work/plan.jsonl" >"$work/results.jsonl" 2>/dev/null
"$chronon" tournament merge "$work/plan.jsonl" "$work/results.jsonl" --html "$work/merged.html" >/dev/null 2>&1 ||
  fail "merge --html"
[ "$(grep -c '<tr class="match">' "$work/merged.html")" -eq 3 ] || fail "the merged page has no row per duel"

if [ -z "$browser" ]; then
  echo "note: chromium is not installed; the pages were written but not rendered"
  [ "$failed" -eq 0 ] || exit 1
  exit 77
fi
render "$page" >"$work/dom.html"
[ "$(grep -c '<tr class="match">' "$work/dom.html")" -eq 3 ] || fail "Chromium does not show the 3 match rows"
first=$(echo "$links" | head -n 1)
render "$work/site/$first" >"$work/viewer.html"
grep -q 'data-viewer="ready"' "$work/viewer.html" || fail "the linked viewer page did not open its replay: $(head -c 300 "$work/viewer.html")"
timeout 120 "$browser" --headless --no-sandbox --disable-gpu --user-data-dir="$work/chromium" \
  --window-size=1000,700 --screenshot="$work/standings.png" "file://$page" >/dev/null 2>&1
[ "$(stat -c %s "$work/standings.png" 2>/dev/null || echo 0)" -gt 5000 ] || fail "the page's screenshot is blank"
if [ -n "$artifacts" ]; then
  mkdir -p "$artifacts" && cp "$work/standings.png" "$artifacts/tournament-standings.png"
fi
[ "$failed" -eq 0 ] || exit 1
echo "tournament pages: ok"
