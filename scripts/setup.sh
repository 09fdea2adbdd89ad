# Source this file: it puts Node 24 on PATH (scripts/node24.sh) and installs the dependencies with
# `npm ci` when there are none, so that `npm test` and `npm run dev` work on a fresh clone with
# whatever Node the machine has. An install that is there (CI's `npm ci`, or yours) is used as is.
_setup_repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
source "$_setup_repo/scripts/node24.sh" || return 1
if [ ! -f "$_setup_repo/node_modules/.package-lock.json" ]; then
  echo "setup: no dependencies installed yet: npm ci" >&2
  (cd "$_setup_repo" && bash scripts/progress.sh "setup: npm ci" --watch node_modules -- npm ci --no-audit --no-fund --loglevel=http) \
    || { echo "setup: npm ci failed" >&2; return 1; }
elif [ "$_setup_repo/package-lock.json" -nt "$_setup_repo/node_modules/.package-lock.json" ]; then
  echo "setup: package-lock.json changed since the last install: run npm ci if a dependency is missing" >&2
fi
unset _setup_repo
