#!/usr/bin/env bash
# npm run load: the admin lists under 50 virtual users for 60 s against the running local stack (npm start first),
# printing p95 and the error rate. npm run bench:k6 [script.js]: the same with VUS (default 10) and DURATION from
# the environment.
# k6 is built once with `go install` into ~/.cache/rayworks/bin (deploy/k6/build-k6.sh, about 3 minutes). The test
# makes a company of its own (never the demo one) with an administrator and 60 users to list, then runs the script
# (default deploy/k6/auth-lists.js) with VUS and DURATION from the environment. Loopback targets only.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/../../scripts/env.sh"
cd "$RAYWORKS_ROOT"
source deploy/local/env.sh
k6=$(bash deploy/k6/build-k6.sh)
url="${RAYWORKS_URL:-http://127.0.0.1:8080}"
curl -fsS -o /dev/null "$url/health/ready" || { echo "[k6] the stack is not running at $url: npm start first" >&2; exit 1; }

suffix=$(date +%s)$RANDOM
password='K6load@1234'
spec=$(node -e '
  const [s, password] = process.argv.slice(1);
  const users = [{ loginName: `k6.admin.${s}`, firstName: "Load", lastName: "Admin", email: `k6.admin.${s}@k6.test`,
    role: "RAYWORKS_ADMIN", password, resetPassword: false }];
  for (let i = 0; i < 60; i++) users.push({ loginName: `k6.user${i}.${s}`, firstName: `User${i}`, lastName: "Load",
    email: `k6.user${i}.${s}@k6.test`, role: "TYPIST", group: "g", centres: ["c1"], password, resetPassword: false });
  console.log(JSON.stringify({ company: { name: `k6 Load ${s}`, code: `K6${s}`.slice(0, 20) },
    groups: [{ key: "g", name: `k6 Group ${s}`, code: `K6G${s}`.slice(0, 20) }],
    centres: [{ key: "c1", name: `k6 Centre ${s}`, code: `K6C${s}`.slice(0, 20), group: "g" }], users }));
' "$suffix" "$password")
auth_db=$(node --input-type=module -e "import { serviceDatabaseUrl } from './scripts/lib/processes.mjs'; console.log(serviceDatabaseUrl(process.env.DATABASE_URL, 'auth'))")
DATABASE_URL="$auth_db" node services/auth/dist/tenant.js "$spec" > /dev/null
echo "[k6] company k6 Load $suffix provisioned; ${VUS:-10} virtual users for ${DURATION:-30s}; $(nproc) cores; $(date -u +%FT%TZ)"
mkdir -p .local/k6
RAYWORKS_URL="$url" RAYWORKS_LOGIN="k6.admin.$suffix" RAYWORKS_PASSWORD="$password" \
  "$k6" run --quiet "${1:-deploy/k6/auth-lists.js}"
