# shellcheck shell=bash
# Source this file (do not execute it): it exports the addresses of the local
# infrastructure. Every variable keeps a value that is already set, so a CI job
# or an engineer can point a service at other servers by exporting them first.
#
#   source deploy/local/env.sh

: "${RAYWORKS_ROOT:=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)}"; export RAYWORKS_ROOT
: "${LOCAL_DIR:=$RAYWORKS_ROOT/.local}"; export LOCAL_DIR   # git-ignored
: "${LOG_DIR:=$LOCAL_DIR/logs}"; export LOG_DIR
: "${RUN_DIR:=$LOCAL_DIR/run}"; export RUN_DIR               # pid files, sockets

# PostgreSQL: the owner role is LOGIN CREATEROLE, not superuser, not bypassrls.
: "${DATABASE_URL:=postgres://rayworks:rayworks@127.0.0.1:5432/rayworks}"; export DATABASE_URL
# Redis (BullMQ): maxmemory-policy noeviction.
: "${REDIS_URL:=redis://127.0.0.1:6379}"; export REDIS_URL
# Apache Kafka 3.9.1, single KRaft node (controller listener on 127.0.0.1:9093).
: "${KAFKA_BROKERS:=127.0.0.1:9092}"; export KAFKA_BROKERS
# S3 (MinIO locally), path-style addressing.
: "${S3_ENDPOINT:=http://127.0.0.1:9000}"; export S3_ENDPOINT
: "${S3_REGION:=us-east-1}"; export S3_REGION
: "${S3_ACCESS_KEY_ID:=rayworks}"; export S3_ACCESS_KEY_ID
: "${S3_SECRET_ACCESS_KEY:=rayworks-secret-key}"; export S3_SECRET_ACCESS_KEY
: "${S3_BUCKET:=rayworks}"; export S3_BUCKET
# SMTP: the catcher accepts every message; its HTTP API lists them.
: "${SMTP_URL:=smtp://127.0.0.1:1025}"; export SMTP_URL
: "${SMTP_CATCHER_URL:=http://127.0.0.1:1080}"; export SMTP_CATCHER_URL
# Chromium for PDF rendering and browser tests.
: "${CHROMIUM_PATH:=/usr/bin/chromium}"; export CHROMIUM_PATH
# Python packages of the tests (deploy/local/python-tools.sh): a virtual environment, its interpreter in bin/python.
: "${PYTHON_TOOLS_VENV:=$LOCAL_DIR/python-tools}"; export PYTHON_TOOLS_VENV
