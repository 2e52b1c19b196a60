#!/bin/sh
# ctest entry (`install`): what `cmake --install` and `cpack -G DEB` make of this build, used as a
# player uses them, so that a missing install rule fails the suite (docs/install.md).
#  1. `cmake --install BUILD --prefix P`, then P moved to another folder: the installation must not
#     depend on where it was made, nor on the build tree (nothing of BUILD is on any path it reads).
#  2. The installed chronon, run from an empty folder: --version, a RoboWar battle of the installed
#     robots under the JIT whose page holds the viewer, a Grobots round under the JIT, a man page and
#     the bash completion.
#     A screenshot of the page (headless Chromium, when installed) is kept in ARTIFACTS.
#  3. `cpack -G DEB`: the package lists every part of the installation, and dpkg-shlibdeps gave it
#     its dependencies. The .deb is kept in ARTIFACTS for the `package_chroot` test.
# usage: install_test.sh BUILD_DIR ARTIFACT_DIR
set -eu
build=$(cd "$1" && pwd)
mkdir -p "$2"
artifacts=$(cd "$2" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAILED: $*"; exit 1; }
passed=0
ok() { passed=$((passed + 1)); echo "ok: $*"; }

cmake --install "$build" --prefix "$work/staged" >"$work/install.log" 2>&1 || { cat "$work/install.log"; fail "cmake --install"; }
mv "$work/staged" "$work/moved"
prefix=$work/moved
ok "cmake --install into a temporary prefix, moved to $prefix"

for path in bin/chronon lib/chronon/chronon-jit.so share/chronon/viewer/viewer.html share/chronon/viewer/viewer.js \
            share/chronon/viewer/chart.js share/chronon/stdlib/robowar/dodger.rtk share/chronon/stdlib/grobots/algae.gb \
            share/chronon/stdlib/robbie/sorter.rl share/man/man1/chronon.1 share/man/man1/chronon-battle.1 \
            share/bash-completion/completions/chronon share/doc/chronon/copyright; do
  [ -e "$prefix/$path" ] || fail "the installation has no $path"
done
ls "$prefix"/share/chronon/chronon-*.vsix >/dev/null 2>&1 || fail "the installation has no share/chronon/chronon-*.vsix"
ok "the installation holds the program, the JIT's library, the viewer, the robots, man pages, completion and the .vsix"

# The installed program, away from the build tree, with no variable pointing anywhere.
mkdir "$work/player"
cd "$work/player"
run() { env -u CHRONON_JIT_LIBRARY CHRONON_JIT_CACHE=off PATH="$prefix/bin:/usr/bin:/bin" "$@"; }
version=$(run chronon --version) || fail "chronon --version"
echo "$version" | grep -q '^chronon .*(LLVM 19' || fail "chronon --version printed '$version'"
ok "chronon --version from PATH: $version"

robots=$prefix/share/chronon/stdlib
run chronon battle "$robots/robowar/dodger.rtk" "$robots/robowar/missileer.rtk" --engine jit --stats \
  --replay duel.html >duel.txt 2>duel.err || { cat duel.err; fail "the installed chronon's JIT battle"; }
grep -q '^engine: jit, ' duel.err || { cat duel.err; fail "the battle did not run under the JIT"; }
grep -q 'note:' duel.err && { cat duel.err; fail "the battle printed a note (the JIT declined, or no viewer)"; }
grep -q 'ChrononViewer' duel.html || fail "duel.html has no viewer"
grep -q '@@CHRONON_' duel.html && fail "duel.html kept a placeholder"
ok "a RoboWar battle under the installed JIT, its page with the viewer ($(wc -c <duel.html) bytes)"
# The page drawn by headless Chromium, kept for a person to look at: a page whose viewer did not run
# is a few kilobytes of dark background, a drawn arena, charts and source well over 50 KB.
if [ -x /usr/bin/chromium ]; then
  timeout 120 /usr/bin/chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size=1600,1000 \
    --virtual-time-budget=4000 --screenshot="$artifacts/installed-duel.png" "file://$work/player/duel.html" \
    >/dev/null 2>&1 || fail "chromium could not draw duel.html"
  size=$(wc -c <"$artifacts/installed-duel.png")
  [ "$size" -gt 50000 ] || fail "the screenshot of duel.html is $size bytes: the viewer drew nothing"
  ok "the installed page drawn by headless Chromium ($artifacts/installed-duel.png, $size bytes)"
fi

run chronon battle "$robots/grobots/algae.gb" "$robots/grobots/gatherer.gb" --frames 300 --engine jit --stats \
  >round.txt 2>round.err || { cat round.err; fail "the installed chronon's Grobots round"; }
grep -q '^engine: jit, ' round.err || { cat round.err; fail "the round did not run under the JIT"; }
ok "a Grobots round under the installed JIT"

head -n 20 "$prefix/share/man/man1/chronon.1" | grep -q '^\.TH CHRONON' || fail "chronon.1 is not a man page"
if command -v man >/dev/null 2>&1; then
  # Both command lines of battle (RoboWar's --seed, the Grobots round's --frames) and of run (RL's --room).
  for check in battle:--seed battle:--frames run:--room; do
    page=chronon-${check%%:*}.1
    MANWIDTH=80 man -l "$prefix/share/man/man1/$page" 2>/dev/null | grep -q -- "${check#*:}" ||
      fail "man -l $page does not show ${check#*:}"
  done
fi
bash -c ". '$prefix/share/bash-completion/completions/chronon' && complete -p chronon" >/dev/null ||
  fail "the bash completion does not register for chronon"
ok "man pages and the bash completion"

# The Debian package, from the same build.
cd "$work"
cpack --config "$build/CPackConfig.cmake" -G DEB -B "$work/package" >"$work/cpack.log" 2>&1 ||
  { cat "$work/cpack.log"; fail "cpack -G DEB"; }
deb=$(ls "$work"/package/chronon_*.deb)
dpkg-deb -c "$deb" >"$work/contents.txt"
for path in ./usr/bin/chronon ./usr/lib/chronon/chronon-jit.so ./usr/share/chronon/viewer/viewer.html \
            ./usr/share/chronon/stdlib/robowar/dodger.rtk ./usr/share/man/man1/chronon.1 \
            ./usr/share/bash-completion/completions/chronon ./usr/share/doc/chronon/copyright; do
  grep -q " $path\$" "$work/contents.txt" || { cat "$work/contents.txt"; fail "the package has no $path"; }
done
grep -q ' ./usr/share/chronon/chronon-.*\.vsix$' "$work/contents.txt" || fail "the package has no .vsix"
depends=$(dpkg-deb -f "$deb" Depends)
for library in libc6 libstdc++6 libedit2 libsqlite3-0 zlib1g libzstd1; do
  echo "$depends" | grep -q "$library" || fail "the package's Depends ($depends) lacks $library"
done
ok "$(basename "$deb"): $(wc -l <"$work/contents.txt") entries; Depends: $depends"
rm -f "$artifacts"/chronon_*.deb
cp "$deb" "$work/contents.txt" "$artifacts/"
echo "$passed passed, 0 failed"
