#!/bin/sh
# ctest entry (`package_chroot`): the Debian package that the `install` test made, installed with
# `apt-get install ./chronon_*.deb` on a fresh Debian 12 system, as a player would: a minimal
# bookworm tree made by mmdebstrap (apt and its essentials, nothing of this machine) from this
# machine's own apt sources, where apt must find every dependency the package declares. Inside it:
# `chronon --version` from PATH, a battle under the JIT writing a viewer page, the man page and the
# completion in place. Skips (exit 77), saying why, when not root, without mmdebstrap
# (cmake/setup.sh --tests installs it), or when the Debian mirror cannot be reached.
# usage: package_chroot.sh ARTIFACT_DIR (the folder where the `install` test keeps the .deb)
set -eu
artifacts=$1
deb=$(ls "$artifacts"/chronon_*.deb 2>/dev/null | head -n 1)
[ -n "$deb" ] || { echo "FAILED: no chronon_*.deb in $artifacts (the install test makes it)"; exit 1; }
if [ "$(id -u)" -ne 0 ]; then echo "skipped: making a Debian tree needs root"; exit 77; fi
if ! command -v mmdebstrap >/dev/null 2>&1; then
  echo "skipped: mmdebstrap is not installed (cmake/setup.sh --tests installs it)"
  exit 77
fi
# The mirror this machine's apt uses (deb822 or one-line sources), so that the tree is built from
# the same archive.
mirror=$(cat /etc/apt/sources.list.d/*.sources 2>/dev/null | sed -n 's/^URIs:[[:space:]]*\([^[:space:]]*\/debian\)$/\1/p' | head -n 1)
if [ -z "$mirror" ]; then
  mirror=$(cat /etc/apt/sources.list /etc/apt/sources.list.d/*.list 2>/dev/null |
           sed -n 's/^deb[[:space:]]\{1,\}\(\[[^]]*\][[:space:]]\{1,\}\)\{0,1\}\([^[:space:]]*\/debian\)[[:space:]].*/\2/p' | head -n 1)
fi
if [ -z "$mirror" ]; then echo "skipped: this machine's apt sources name no Debian mirror"; exit 77; fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# What runs inside the fresh system, after apt-get installed the package there.
cat >"$work/inside.sh" <<'INSIDE'
set -eu
command -v chronon
chronon --version
cd /tmp
robots=/usr/share/chronon/stdlib/robowar
CHRONON_JIT_CACHE=off chronon battle $robots/dodger.rtk $robots/missileer.rtk --engine jit --stats --replay duel.html 2>duel.err
cat duel.err
grep -q '^engine: jit, ' duel.err
grep -q ChrononViewer duel.html
test -f /usr/share/man/man1/chronon.1
test -f /usr/share/bash-completion/completions/chronon
ls /usr/share/chronon/chronon-*.vsix
echo "inside: all checks held"
INSIDE
cp "$deb" "$work/chronon.deb"
set +e
mmdebstrap --variant=apt --mode=root --quiet \
  --aptopt='Acquire::Check-Valid-Until "false"' \
  --customize-hook='mkdir -p "$1/tmp/chronon" && cp '"$work"'/chronon.deb '"$work"'/inside.sh "$1/tmp/chronon/"' \
  --customize-hook='chroot "$1" env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends /tmp/chronon/chronon.deb' \
  --customize-hook='chroot "$1" sh /tmp/chronon/inside.sh' \
  bookworm "$work/root" "deb $mirror bookworm main" >"$work/log" 2>&1
status=$?
set -e
cat "$work/log"
if [ "$status" -ne 0 ]; then
  if grep -q -E "(Could not resolve|Failed to fetch|Unable to connect|Temporary failure resolving)" "$work/log" &&
     ! grep -q "inside: all checks held" "$work/log"; then
    echo "skipped: the Debian mirror $mirror could not be reached"
    exit 77
  fi
  echo "FAILED: installing the package on a fresh Debian 12 tree (mmdebstrap exit $status)"
  exit 1
fi
grep -q "inside: all checks held" "$work/log" || { echo "FAILED: the checks inside did not all run"; exit 1; }
echo "1 passed, 0 failed"
