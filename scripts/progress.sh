#!/usr/bin/env bash
# Runs a long command (an npm install, a native rebuild) and says every few seconds what it is
# doing: time so far, packages unpacked into a watched node_modules, and the command's last line.
# Its output goes to a log, shown (the last 40 lines) when it fails.
#
#   bash scripts/progress.sh "<what>" [--watch <node_modules dir>] -- <command> [args...]
#
# PROGRESS_EVERY: seconds between two lines (default 5).
set -uo pipefail
what="$1"
shift
watch=""
if [ "${1:-}" = "--watch" ]; then
  watch="$2"
  shift 2
fi
[ "${1:-}" = "--" ] && shift
every="${PROGRESS_EVERY:-5}"
log="$(mktemp)"
start=$SECONDS
"$@" >"$log" 2>&1 &
pid=$!
trap 'kill "$pid" 2>/dev/null; rm -f "$log"' EXIT
trap 'exit 130' INT TERM
echo "$what ..." >&2
while :; do
  for ((i = 0; i < every * 4; i++)); do
    kill -0 "$pid" 2>/dev/null || break 2
    sleep 0.25
  done
  line="$what: $((SECONDS - start)) s"
  if [ -n "$watch" ] && [ -d "$watch" ]; then
    line+=", $(find "$watch" -maxdepth 3 -name package.json 2>/dev/null | wc -l) packages in $(basename "$watch")"
  fi
  last="$(tail -c 4000 "$log" | tr '\r' '\n' | grep -v '^[[:space:]]*$' | tail -n 1 | cut -c1-110)"
  echo "$line${last:+; last: $last}" >&2
done
wait "$pid"
rc=$?
if [ "$rc" -ne 0 ]; then
  echo "$what: failed (exit $rc) after $((SECONDS - start)) s; its last lines:" >&2
  tail -n 40 "$log" >&2
else
  echo "$what: done in $((SECONDS - start)) s" >&2
fi
exit "$rc"
