#!/bin/sh
# ctest entry: the neovim headless end-to-end test. Skips (exit 77) when nvim is absent.
# usage: run_nvim.sh CHRONON_BINARY
here=$(cd "$(dirname "$0")" && pwd)
if ! command -v nvim >/dev/null 2>&1; then
  echo "skipped: nvim is not installed (apt-get install neovim)"
  exit 77
fi
# The server path is made absolute, since the test runs in a scratch folder.
server=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
# neovim edits the buffers, so it works on copies of the fixtures.
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp "$here/fixtures/demo.gb" "$here/fixtures/bot.rtk" "$work/"
cd "$work" || exit 1
RTK_FILE=bot.rtk SERVER_CMD="$server lsp" timeout 60 nvim --headless --clean -u NONE -c "luafile $here/nvim_lsp_test.lua" demo.gb </dev/null
