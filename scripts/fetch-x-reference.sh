#!/usr/bin/env bash
# Fetches X's published reference, the judge of the tests, to where they look for it:
# xdevplatform/docs at the commit below (its folders fundamentals/, x-ads-api/, x-api/ and the
# top-level openapi.json), into ../shared/reference/x-docs beside the clone, or
# $X_REFERENCE_DIR/x-docs. CI (.ci/run, .github/workflows/ci.yml and publish.yml) runs this script:
# the commit is defined here only.
#
#   bash scripts/fetch-x-reference.sh            # fetch (a checkout at this commit is left as it is)
#   bash scripts/fetch-x-reference.sh --commit   # print the commit
#
# X_DOCS_REPO: another URL of the same repository (a mirror); needs git 2.25 or newer.
set -euo pipefail

# X's docs as published on 2026-08-22 (test/reference/recordedFacts.json records the same commit).
X_DOCS_COMMIT=287132819074964da9c1c410ba02df5a06c932d3
X_DOCS_FOLDERS=(fundamentals x-ads-api x-api)

if [ "${1:-}" = "--commit" ]; then
  echo "$X_DOCS_COMMIT"
  exit 0
fi
if [ $# -gt 0 ]; then
  echo "usage: bash scripts/fetch-x-reference.sh [--commit]" >&2
  exit 64
fi

say() { echo "fetch-x-reference: $*" >&2; }
repo_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
url="${X_DOCS_REPO:-https://github.com/xdevplatform/docs.git}"
reference="${X_REFERENCE_DIR:-$(dirname "$repo_root")/shared/reference}"
dest="$reference/x-docs"

command -v git >/dev/null || { say "git is not installed; it is needed to fetch $url at $X_DOCS_COMMIT"; exit 2; }

if [ -e "$dest" ]; then
  if [ -d "$dest/.git" ] && [ "$(git -C "$dest" rev-parse HEAD 2>/dev/null)" = "$X_DOCS_COMMIT" ]; then
    say "$dest is already X's docs at $X_DOCS_COMMIT"
    exit 0
  fi
  if [ ! -d "$dest/.git" ]; then
    # A copy made some other way (no git history to check): used as it is, and said so.
    say "$dest is there but is no git checkout, so its commit cannot be checked; it is used as it is (delete it to fetch $X_DOCS_COMMIT)"
    exit 0
  fi
  say "$dest is at $(git -C "$dest" rev-parse --short HEAD), not $X_DOCS_COMMIT: fetching it again"
fi

mkdir -p "$reference"
partial="$dest.partial.$$"
trap 'rm -rf "$partial"' EXIT
rm -rf "$partial"
git init -q "$partial"
git -C "$partial" remote add origin "$url"
git -C "$partial" sparse-checkout set --cone "${X_DOCS_FOLDERS[@]}"
say "fetching $url at $X_DOCS_COMMIT (${X_DOCS_FOLDERS[*]} and openapi.json) into $dest"
log="$partial.log"
trap 'rm -rf "$partial" "$log"' EXIT
# No credential prompt, and a stalled transfer fails instead of hanging.
if ! GIT_TERMINAL_PROMPT=0 timeout "${X_DOCS_TIMEOUT:-600}" git -C "$partial" -c http.lowSpeedLimit=1000 -c http.lowSpeedTime=60 \
      fetch --quiet --depth 1 origin "$X_DOCS_COMMIT" 2>"$log"; then
  say "could not fetch commit $X_DOCS_COMMIT from $url: $(grep -v '^\s*$' "$log" | tail -n 1)"
  host="$(echo "$url" | sed -E 's#^[a-z+]+://([^/]+).*#\1#')"
  say "this needs access to $host (or X_DOCS_REPO set to a mirror of xdevplatform/docs);"
  say "or copy X's docs at that commit (its folders ${X_DOCS_FOLDERS[*]} and openapi.json) to $dest, or set X_REFERENCE_DIR to a folder holding x-docs/"
  exit 2
fi
git -C "$partial" checkout --quiet FETCH_HEAD
[ "$(git -C "$partial" rev-parse HEAD)" = "$X_DOCS_COMMIT" ] || { say "$url answered another commit than $X_DOCS_COMMIT"; exit 2; }
[ -f "$partial/openapi.json" ] || { say "commit $X_DOCS_COMMIT of $url has no openapi.json"; exit 2; }
rm -rf "$dest"
mv "$partial" "$dest"
say "done: $dest is X's docs at $X_DOCS_COMMIT"
