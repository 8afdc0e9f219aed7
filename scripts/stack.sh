#!/usr/bin/env bash
# Local stack for development, tests and CI: Postgres, NATS (JetStream), Redis (only when
# REDIS_URL is set) and a single-node OpenSearch; with --cluster (or STACK_CLUSTER=1), a 3-node
# OpenSearch cluster and a 3-node NATS cluster on their own ports, beside the single nodes.
#
#   bash scripts/stack.sh up      use what answers, start what is missing, wait until healthy
#   bash scripts/stack.sh down    stop what this script started (for the current URLs)
#   bash scripts/stack.sh status  print each service and whether it answers
#   bash scripts/stack.sh reset   down, then delete the data of what this script started
#   bash scripts/stack.sh <command> --cluster   the same for the clusters of the URL lists
#
# See docs/stack.md for the variables it reads and where it keeps its files.
# This file is the driver: the settings every part reads, then the parts in scripts/stack/
# (common.sh and apt.sh the helpers, services.sh what any service goes through, one file per
# service, commands.sh the commands).
# shellcheck source-path=SCRIPTDIR # the parts below, wherever shellcheck runs from
set -euo pipefail

# The one place the OpenSearch version is pinned.
OPENSEARCH_VERSION="2.19.3"

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
STACK_DIR="$ROOT/.stack"          # pid records, logs, and data of what runs as the invoking user
CACHE_DIR="$ROOT/.cache"          # downloads (the OpenSearch zip)
RUN_DIR="$STACK_DIR/run"          # one <service>-<port>.pid per service this script started

if [ "$(id -u)" -eq 0 ]; then
  IS_ROOT=1
  # Postgres and OpenSearch refuse to run as root and run as system users; their files must be
  # reachable by those users, which a clone under /root is not.
  SHARED_DIR="/var/lib/svc-stack"
else
  IS_ROOT=0
  SHARED_DIR="$STACK_DIR"
fi

# --cluster anywhere among the arguments is the same as STACK_CLUSTER=1.
STACK_CLUSTER="${STACK_CLUSTER:-0}"
for arg in "$@"; do
  if [ "$arg" = --cluster ]; then STACK_CLUSTER=1; fi
done
case "$STACK_CLUSTER" in
  1 | true | yes) STACK_CLUSTER=1 ;;
  *) STACK_CLUSTER=0 ;;
esac

# What a cluster-mode run started is recorded apart: its `down` must never stop the single-node
# servers (say Postgres on 5432, or OpenSearch on 9200 when a list names it) a plain `up` started.
if [ "$STACK_CLUSTER" -eq 1 ]; then RUN_DIR="$RUN_DIR/cluster"; fi

# The apps' defaults, which libs/config/src/env.ts declares: test/stack-script.e2e-spec.ts fails
# when these differ from what libs/config resolves. Empty counts as unset, as in libs/config.
# A cluster's defaults sit on their own ports, beside the single nodes, so both can run at once.
DATABASE_URL="${DATABASE_URL:-postgres://postgres@127.0.0.1:5432/svc}"
REDIS_URL="${REDIS_URL:-}"
if [ "$STACK_CLUSTER" -eq 1 ]; then
  NATS_URL="${NATS_URL:-nats://127.0.0.1:4223,nats://127.0.0.1:4224,nats://127.0.0.1:4225}"
  OPENSEARCH_URL="${OPENSEARCH_URL:-http://127.0.0.1:9201,http://127.0.0.1:9202,http://127.0.0.1:9203}"
  # Three JVMs of 1g beside the single node's 2g and a test cluster's 3 x 512m: 6.5 GiB of heap
  # on a 24 GiB machine that other people's tests also use (docs/stack.md, "Clusters").
  OPENSEARCH_HEAP="${OPENSEARCH_HEAP:-1g}"
else
  NATS_URL="${NATS_URL:-nats://127.0.0.1:4222}"
  OPENSEARCH_URL="${OPENSEARCH_URL:-http://127.0.0.1:9200}"
  OPENSEARCH_HEAP="${OPENSEARCH_HEAP:-2g}"
fi

export DEBIAN_FRONTEND=noninteractive

STACK_LIB="$ROOT/scripts/stack"
# shellcheck source=stack/common.sh
source "$STACK_LIB/common.sh"
# shellcheck source=stack/apt.sh
source "$STACK_LIB/apt.sh"
# shellcheck source=stack/services.sh
source "$STACK_LIB/services.sh"
# shellcheck source=stack/postgres.sh
source "$STACK_LIB/postgres.sh"
# shellcheck source=stack/nats.sh
source "$STACK_LIB/nats.sh"
# shellcheck source=stack/redis.sh
source "$STACK_LIB/redis.sh"
# shellcheck source=stack/opensearch.sh
source "$STACK_LIB/opensearch.sh"
# shellcheck source=stack/commands.sh
source "$STACK_LIB/commands.sh"

# Sourcing the file (for tests) defines the functions without running a command.
if [[ ${BASH_SOURCE[0]} != "$0" ]]; then return 0; fi

command=""
for arg in "$@"; do
  case "$arg" in
    --cluster) ;;
    up | down | status | reset) [ -z "$command" ] && command=$arg || command=invalid ;;
    *) command=invalid ;;
  esac
done
case "$command" in
  up | down | status | reset)
    plan_services
    for svc in "${SERVICES[@]}"; do "${KIND[$svc]}_setup_vars" "$svc"; done
    "cmd_$command"
    ;;
  *)
    warn "usage: bash scripts/stack.sh up|down|status|reset [--cluster]"
    exit 2
    ;;
esac
