# What the end-to-end shell tests share; each sources it right after `set -u`:
#   . "$(dirname "$0")/e2e-common/script_support.sh"
# It sets `repo` (the repository's root), `work` (a scratch folder removed when the script exits),
# `failed` (0; fail sets it to 1) and `fail MESSAGE...`, which prints "FAIL: MESSAGE" and lets the
# script go on, so that one run reports every failure.
repo=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failed=0
fail() {
  echo "FAIL: $*"
  failed=1
}
