#!/usr/bin/env bash
# Installs the Debian 12 packages Chronon builds with, when any is missing. As root it runs apt-get;
# otherwise it prints the exact command to run. Safe to run again: it does nothing when all are there.
set -euo pipefail

packages=(cmake ninja-build g++ pkg-config ccache
          llvm-19-dev tao-pegtl-dev nlohmann-json3-dev catch2 libedit-dev tmux)

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

command="apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends ${missing[*]}"
if [ "$(id -u)" -eq 0 ]; then
  echo "setup: installing ${missing[*]}" >&2
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
else
  echo "setup: missing Debian packages: ${missing[*]}" >&2
  echo "setup: run as root:  sudo sh -c '$command'" >&2
  exit 1
fi
