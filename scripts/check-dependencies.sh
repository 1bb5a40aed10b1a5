#!/usr/bin/env bash
# npm test's "dependencies" check (docs/decisions/0236): the dependency declarations install the same tree everywhere.
#   1. every package.json names exact versions (no ^, ~, ranges or tags): the lockfile is not the only thing that
#      says which version a workspace was written against;
#   2. package-lock.json is what npm makes of the package.json files: `npm install --package-lock-only` leaves it
#      byte for byte as it is (it is put back when it did not);
#   3. the `npm install` scripts/ensure-deps.sh ran (a fresh clone's first one included) did not rewrite it.
# (Which packages each workspace declares is ESLint's @nx/dependency-checks, in npm test's lint check.)
set -uo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
cd "$RAYWORKS_ROOT"
status=0

loose=$(node -e '
  const fs = require("node:fs");
  const files = ["package.json", ...["libs", "services"].flatMap((d) => fs.readdirSync(d).map((n) => `${d}/${n}/package.json`)), "web/package.json"];
  for (const file of files.filter((f) => fs.existsSync(f))) {
    const json = JSON.parse(fs.readFileSync(file, "utf8"));
    for (const section of ["dependencies", "devDependencies", "optionalDependencies", "peerDependencies"])
      for (const [name, version] of Object.entries(json[section] ?? {}))
        if (!/^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/.test(version)) console.log(`  ${file} ${section} ${name}: "${version}"`);
  }')
if [ -n "$loose" ]; then
  echo "These dependencies name a range, not an exact version: write the version package-lock.json installs."
  echo "$loose"
  status=1
fi

saved=$(mktemp)
cp package-lock.json "$saved"
if ! npm install --package-lock-only --ignore-scripts --no-audit --no-fund --loglevel=error > /dev/null; then
  echo "npm install --package-lock-only failed (above)."
  status=1
elif ! cmp -s "$saved" package-lock.json; then
  echo "package-lock.json is not what npm makes of the package.json files: \`npm install\` would change it as follows."
  echo "Run npm install and commit package-lock.json with the package.json change."
  diff -u "$saved" package-lock.json --label "package-lock.json (committed)" --label "package-lock.json (npm's)" | head -n 60
  status=1
fi
cp "$saved" package-lock.json
rm -f "$saved"

rewrite=.local/npm-install-rewrote-lockfile.diff
if [ -s "$rewrite" ]; then
  echo "The last npm install (scripts/ensure-deps.sh) rewrote package-lock.json: a fresh clone's install does not"
  echo "leave the committed lockfile as it is. Commit the lockfile npm wrote. The change:"
  head -n 60 "$rewrite"
  status=1
fi

[ $status -eq 0 ] && echo "dependencies: exact versions, and package-lock.json is what npm install makes of them"
exit $status
