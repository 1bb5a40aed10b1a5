#!/usr/bin/env bash
# The demo tenant "Rayworks Demo" with a user of every role (services/auth/src/seed.ts), idempotently, as the auth
# service's runtime role. npm start runs it after the migrations; Compose when RAYWORKS_SEED_DEMO=true. Tests make
# their own tenants. Expects DATABASE_URL to be the owner URL (deploy/local/env.sh), like scripts/stack.mjs migrate.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
cd "$RAYWORKS_ROOT"
auth_url=$(node --input-type=module -e "import { serviceDatabaseUrl } from './scripts/lib/processes.mjs'; console.log(serviceDatabaseUrl(process.env.DATABASE_URL, 'auth'))")
DATABASE_URL="$auth_url" node services/auth/dist/seed.js
