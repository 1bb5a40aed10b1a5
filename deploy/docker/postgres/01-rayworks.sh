#!/usr/bin/env bash
# Runs once, when the postgres container initialises an empty data directory
# (/docker-entrypoint-initdb.d). Creates the owner role and the database; the migrate container
# then creates one schema and one login role (rayworks_<service>) per service.
set -euo pipefail

: "${RAYWORKS_DB_PASSWORD:?RAYWORKS_DB_PASSWORD must be set}"

psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname postgres \
  -v rw_password="$RAYWORKS_DB_PASSWORD" <<'SQL'
SELECT format('CREATE ROLE rayworks LOGIN CREATEROLE NOSUPERUSER PASSWORD %L', :'rw_password')
WHERE NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'rayworks') \gexec

SELECT 'CREATE DATABASE rayworks OWNER rayworks'
WHERE NOT EXISTS (SELECT FROM pg_database WHERE datname = 'rayworks') \gexec
SQL
