#!/usr/bin/env bash
# Installs the Debian 12 packages Chronon builds with, when any is missing, and the npm packages of the
# battle viewer (editors/viewer) that the build bundles into chronon. As root it runs apt-get;
# otherwise it prints the exact command to run. Safe to run again: it does nothing when all are there.
# With --tests it also installs what only the tests need: Debian's chromium, GNU parallel and
# openssh-server, and the npm packages of the real-VS Code test (code-server on Node 24, playwright-core; tests/vscode-e2e/setup.sh).
# With --fuzz it also installs clang 19's sanitizer runtimes and libFuzzer, which only the
# fuzz targets need (-DCHRONON_FUZZ=ON, bench/fuzz.sh; docs/robustness.md). About 100 MB installed,
# so neither the default path nor CI installs them.
# With --bench it also installs gforth, whose gforth-fast is bench/bench_jit's reference for the
# compute-heavy Grobocode brains (docs/jit.md), and GNU time, which bench/compare.sh reads CPU times
# with.
set -euo pipefail

tests=0
fuzz=0
bench=0
for arg in "$@"; do
  case "$arg" in
    --tests) tests=1 ;;
    --fuzz) fuzz=1 ;;
    --bench) bench=1 ;;
    *) echo "usage: cmake/setup.sh [--tests] [--fuzz] [--bench]" >&2; exit 2 ;;
  esac
done

# libzstd-dev: LLVM's static component libraries, which chronon-jit.so links (CHRONON_LLVM_STATIC),
# need it; docs/jit.md, "Loading the JIT".
# clang-19: compiles the words' semantics to the LLVM bitcode that the JIT's library embeds and
# inlines into compiled code (vm/jit/CMakeLists.txt; docs/jit.md); without it chronon builds
# without its JIT library.
# help2man: the build writes chronon's man pages from its help texts with it (cli/CMakeLists.txt);
# without it the build warns and leaves them out.
packages=(cmake ninja-build g++ pkg-config ccache
          llvm-19-dev clang-19 libzstd-dev tao-pegtl-dev nlohmann-json3-dev catch2 libcli11-dev libsqlite3-dev libedit-dev
          zlib1g-dev tmux neovim help2man)
# The Debian package (cpack -G DEB; docs/install.md): dpkg-shlibdeps (dpkg-dev) reads its
# dependencies from the binaries, with file(1) telling the binaries apart.
packages+=(dpkg-dev file)
# Node.js runs the LSP end-to-end client and builds the VS Code extension. A machine that already has
# node (Debian's or NodeSource's, which bundles npm) keeps it; otherwise Debian's nodejs and npm.
if ! command -v node >/dev/null 2>&1; then
  packages+=(nodejs npm)
fi
# The real-VS Code test: headless Chromium drives code-server, whose kerberos module needs gssapi
# headers and whose native modules build with node-gyp (python3, make).
# The distributed-tournament test runs GNU parallel on this machine and over ssh to an sshd it starts
# on 127.0.0.1 (tests/tournament_parallel.sh).
if [ "$tests" -eq 1 ]; then
  packages+=(chromium libkrb5-dev python3 make parallel openssh-server openssh-client)
  # The package test installs the .deb on a fresh Debian 12 tree that mmdebstrap makes
  # (tests/package/package_chroot.sh).
  packages+=(mmdebstrap)
fi
# The fuzz targets, built by clang 19 (which matches the LLVM 19 of the JIT); libclang-rt-19-dev holds the ASan and
# UBSan runtimes, libfuzzer-19-dev libFuzzer itself; time (/usr/bin/time) gives bench/fuzz.sh each
# target's CPU seconds.
if [ "$fuzz" -eq 1 ]; then
  packages+=(libclang-rt-19-dev libfuzzer-19-dev time)
fi
if [ "$bench" -eq 1 ]; then
  packages+=(gforth time)
fi

# The npm packages of the end-to-end tests and the extension are installed from their lock files;
# without network these steps print a note and the tests that need them skip.
root=$(cd "$(dirname "$0")/.." && pwd)
install_npm() {
  sh "$root/tests/lsp-e2e/setup.sh" >&2 || true
  sh "$root/tests/dap-e2e/setup.sh" >&2 || true
  # The battle viewer is built into chronon (cli/CMakeLists.txt), so its packages come first.
  if command -v npm >/dev/null 2>&1 && [ ! -d "$root/editors/viewer/node_modules" ]; then
    (cd "$root/editors/viewer" && npm ci --no-audit --no-fund --prefer-offline >/dev/null 2>&1) ||
      echo "setup: npm ci in editors/viewer failed (offline?); chronon will write replay pages without the viewer" >&2
  fi
  if command -v npm >/dev/null 2>&1 && [ ! -d "$root/editors/vscode/node_modules" ]; then
    (cd "$root/editors/vscode" && npm ci --no-audit --no-fund --prefer-offline >/dev/null 2>&1) ||
      echo "setup: npm ci in editors/vscode failed (offline?); the extension test will be skipped" >&2
  fi
  if [ "$tests" -eq 1 ]; then
    sh "$root/tests/vscode-e2e/setup.sh" || true
  fi
}

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  install_npm
  exit 0
fi

command="apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends ${missing[*]}"
if [ "$(id -u)" -eq 0 ]; then
  echo "setup: installing ${missing[*]}" >&2
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  install_npm
else
  echo "setup: missing Debian packages: ${missing[*]}" >&2
  echo "setup: run as root:  sudo sh -c '$command'" >&2
  exit 1
fi
