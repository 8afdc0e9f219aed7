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

# ---------------------------------------------------------------------------------------------
# helpers

say() { printf '%s\n' "$*"; }
warn() { printf '%s\n' "$*" >&2; }
die() { warn "stack: $*"; exit 1; }

# fail <service> <reason> [log files...]: explain, show the end of the logs, exit non-zero.
fail() {
  local svc=$1 reason=$2 f
  shift 2
  warn "$svc: FAILED: $reason"
  for f in "$@"; do
    if [ -s "$f" ]; then
      warn "---- last lines of $f ----"
      tail -n 25 "$f" >&2 || true
      warn "----"
    fi
  done
  exit 1
}

urldecode() { local s="${1//+/ }"; printf '%b' "${s//%/\\x}"; }

# parse_url <url> <default port>: sets URL_SCHEME URL_USER URL_PASS URL_HOST URL_PORT URL_PATH.
# Only the first entry of a comma-separated server list is used.
parse_url() {
  local url="${1%%,*}" default_port=$2 rest hostport auth
  URL_SCHEME="" URL_USER="" URL_PASS="" URL_HOST="" URL_PORT="" URL_PATH=""
  if [[ $url == *://* ]]; then
    URL_SCHEME="${url%%://*}"
    rest="${url#*://}"
  else
    rest="$url"
  fi
  hostport="${rest%%[/?#]*}"
  URL_PATH="${rest:${#hostport}}"
  URL_PATH="${URL_PATH%%[?#]*}"
  URL_PATH="${URL_PATH#/}"
  if [[ $hostport == *@* ]]; then
    auth="${hostport%@*}"
    hostport="${hostport##*@}"
    URL_USER="$(urldecode "${auth%%:*}")"
    if [[ $auth == *:* ]]; then URL_PASS="$(urldecode "${auth#*:}")"; fi
  fi
  if [[ $hostport =~ ^\[([^]]+)\](:([0-9]*))?$ ]]; then
    URL_HOST="${BASH_REMATCH[1]}"
    URL_PORT="${BASH_REMATCH[3]}"
  elif [[ $hostport =~ ^([^:]*)(:([0-9]*))?$ ]]; then
    URL_HOST="${BASH_REMATCH[1]}"
    URL_PORT="${BASH_REMATCH[3]}"
  else
    die "cannot parse the host and port of '$1'"
  fi
  URL_HOST="${URL_HOST:-127.0.0.1}"
  URL_PORT="${URL_PORT:-$default_port}"
  URL_PATH="$(urldecode "$URL_PATH")"
}

is_local_host() {
  case "$1" in
    localhost | 127.* | ::1 | 0.0.0.0) return 0 ;;
    *) return 1 ;;
  esac
}

# hostport <host> <port>: how to print an address.
hostport() { if [[ $1 == *:* ]]; then printf '[%s]:%s' "$1" "$2"; else printf '%s:%s' "$1" "$2"; fi; }

# tcp_first_line <host> <port> [text]: connect, send the text if any, print the first line
# received (bash's /dev/tcp; nc may not be installed).
tcp_first_line() {
  # shellcheck disable=SC2016 # expanded by the inner bash
  timeout 3 bash -c '
    exec 3<>"/dev/tcp/$0/$1" || exit 1
    if [ -n "$2" ]; then printf "%b" "$2" >&3; fi
    IFS= read -r -t 2 line <&3 || exit 1
    printf "%s\n" "$line"
  ' "$1" "$2" "${3:-}" 2>/dev/null | tr -d '\r'
}

# shellcheck disable=SC2016 # expanded by the inner bash
tcp_open() { timeout 3 bash -c 'exec 3<>"/dev/tcp/$0/$1"' "$1" "$2" 2>/dev/null; }

pid_alive() { [ -n "${1:-}" ] && kill -0 "$1" 2>/dev/null; }

# pid_is <pid> <pattern>: the process exists and its command line contains the pattern
# (guards against a recycled pid).
pid_is() {
  local pid=$1 pattern=$2 cmd
  pid_alive "$pid" || return 1
  [ -r "/proc/$pid/cmdline" ] || return 0
  cmd="$(tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null || true)"
  [[ $cmd == *"$pattern"* ]]
}

# stop_pid <service> <pid> <signal> <timeout>
stop_pid() {
  local svc=$1 pid=$2 sig=$3 limit=$4 i
  kill -s "$sig" "$pid" 2>/dev/null || true
  for ((i = 0; i < limit * 5; i++)); do
    pid_alive "$pid" || return 0
    sleep 0.2
  done
  warn "$svc: pid $pid did not stop within ${limit}s, killing it"
  kill -s KILL "$pid" 2>/dev/null || true
  sleep 0.5
}

# as_user <user> <command...>: run as that user when root, else as ourselves.
as_user() {
  local user=$1
  shift
  if [ "$IS_ROOT" -eq 1 ]; then
    runuser -u "$user" -- "$@"
  else
    "$@"
  fi
}

ensure_system_user() {
  local user=$1
  [ "$IS_ROOT" -eq 1 ] || return 0
  if ! id -u "$user" >/dev/null 2>&1; then
    useradd --system --user-group --no-create-home --home-dir /nonexistent \
      --shell /usr/sbin/nologin "$user" >/dev/null
    say "stack: created system user '$user'"
  fi
}

# ensure_shared_dir [user]: the data root; as root, traversable by that service user, created
# if needed.
ensure_shared_dir() {
  if [ -n "${1:-}" ]; then ensure_system_user "$1"; fi
  mkdir -p "$SHARED_DIR"
  if [ "$IS_ROOT" -eq 1 ]; then chmod 755 "$SHARED_DIR"; fi
}

# find_bin <variable> <service> <program> <apt package>: sets the variable to the program's
# path, installing the package first if the program is missing.
find_bin() {
  local var=$1 svc=$2 prog=$3 pkg=$4 bin
  bin="$(command -v "$prog" || true)"
  # Debian puts some daemons in /usr/sbin, which a non-root PATH may lack.
  if [ -z "$bin" ] && [ -x "/usr/sbin/$prog" ]; then bin="/usr/sbin/$prog"; fi
  if [ -z "$bin" ]; then
    apt_install "$svc" "$pkg"
    bin="$(command -v "$prog" || true)"
    if [ -z "$bin" ] && [ -x "/usr/sbin/$prog" ]; then bin="/usr/sbin/$prog"; fi
    [ -n "$bin" ] || fail "$svc" "$prog not found after installing $pkg"
  fi
  printf -v "$var" '%s' "$bin"
}

# ---- apt

APT_UPDATED=0
APT_CLEANUP=()

cleanup() {
  local f
  for f in "${APT_CLEANUP[@]+"${APT_CLEANUP[@]}"}"; do as_root rm -f "$f" || true; done
}
trap cleanup EXIT
trap 'exit 130' INT TERM # so the EXIT trap also runs on Ctrl-C

as_root() {
  if [ "$IS_ROOT" -eq 1 ]; then
    "$@"
  elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
    sudo -n -E "$@"
  else
    return 1
  fi
}

# apt_install <why> <packages...>
apt_install() {
  local why=$1 log="$STACK_DIR/apt.log"
  shift
  if ! as_root true; then
    die "$why: needs apt packages '$*' and this user cannot install them (not root, no passwordless sudo); run: sudo apt-get install -y $*"
  fi
  command -v apt-get >/dev/null 2>&1 || die "$why: needs packages '$*' but apt-get is not available; install them and retry"
  mkdir -p "$STACK_DIR"
  say "$why: installing $* via apt …"
  # Keep package maintainer scripts from starting daemons (a distro service on the same port
  # would shadow ours), and keep postgresql from creating its default cluster on 5432.
  if [ ! -e /usr/sbin/policy-rc.d ]; then
    as_root sh -c 'printf "#!/bin/sh\nexit 101\n" >/usr/sbin/policy-rc.d && chmod 755 /usr/sbin/policy-rc.d'
    APT_CLEANUP+=(/usr/sbin/policy-rc.d)
  fi
  if [[ " $* " == *" postgresql "* ]] && [ ! -e /etc/postgresql-common/createcluster.d/svc-stack.conf ]; then
    as_root mkdir -p /etc/postgresql-common/createcluster.d
    as_root sh -c 'echo "create_main_cluster = off" >/etc/postgresql-common/createcluster.d/svc-stack.conf'
    APT_CLEANUP+=(/etc/postgresql-common/createcluster.d/svc-stack.conf)
  fi
  if [ "$APT_UPDATED" -eq 0 ]; then
    as_root apt-get update -q </dev/null >>"$log" 2>&1 || fail "$why" "apt-get update failed" "$log"
    APT_UPDATED=1
  fi
  as_root apt-get install -y -q --no-install-recommends "$@" </dev/null >>"$log" 2>&1 ||
    fail "$why" "apt-get install $* failed" "$log"
  cleanup
  APT_CLEANUP=()
}

# ---------------------------------------------------------------------------------------------
# Services
#
# The commands loop over SERVICES; each kind of service provides the same functions, called with
# the service's name:
#
#   <svc>_setup_vars  read its URL and fill its entries in the tables below (service_at does the
#                     common part); the entry point runs it for every service before a command
#   <svc>_answers     a server answers at its address
#   <svc>_prepare     install, initialise and configure a private server (before the clock starts)
#   <svc>_launch      start the private server in the background and set PID[<svc>]; no waiting
#   <svc>_ready       the server can be used (OpenSearch: health yellow or green)
#   <svc>_after_up    once it is ready, whoever started it (Postgres creates the database)
#   <svc>_detail      extra words for `status` (OpenSearch: its health); fails when unusable
#
# In cluster mode NATS and OpenSearch are one service per node, named <kind>-<port>; the functions
# above are those of its kind (KIND[<svc>]_answers and so on), called with the service's name.
SERVICES=()
declare -A KIND=()        # postgres, nats, redis or opensearch
declare -A NODE_URL=()    # the URL the service is read from (its entry of a list in cluster mode)

# Filled by <svc>_setup_vars, keyed by service:
declare -A UNUSED=()      # why the service is skipped; empty when it is used
declare -A HOST=() PORT=() ADDR=()
declare -A TARGET=()      # the address as `status` prints it
declare -A HOME_DIR=()    # the per-port directory of its private server, deleted by `reset`
declare -A LOGS=()        # newline-separated logs shown when its private server fails
declare -A PATTERN=()     # in the command line of its process, so a recycled pid is not taken for it
declare -A STOP_SIGNAL=() STOP_WAIT=() # how `down` stops it, and seconds before SIGKILL
declare -A TIMEOUT=()     # seconds from launch until it must be ready
declare -A READY=()       # what ready means, for messages
declare -A SLOW=()        # 1: `up` launches it first and waits for it last
# Filled by `up`:
declare -A PID=()         # its process when this script started it, else empty
declare -A SINCE=()       # $SECONDS its timeout counts from: its launch, or when `up` found it
declare -A FRESH=()       # 1 when it did not answer when `up` began

# split_list <list>: one entry a line, spaces around entries dropped, empty entries skipped.
split_list() {
  local entry
  local -a entries
  IFS=',' read -r -a entries <<<"$1"
  for entry in "${entries[@]}"; do
    entry="${entry#"${entry%%[![:space:]]*}"}"
    entry="${entry%"${entry##*[![:space:]]}"}"
    if [ -n "$entry" ]; then printf '%s\n' "$entry"; fi
  done
}

# add_service <name> <kind> <url>
add_service() { SERVICES+=("$1"); KIND[$1]=$2 NODE_URL[$1]=$3; }

# add_nodes <kind> <list> <default port>: one service per entry, named <kind>-<port>.
add_nodes() {
  local kind=$1 url
  while IFS= read -r url; do
    parse_url "$url" "$3"
    [ -z "${KIND[$kind-$URL_PORT]:-}" ] || die "$kind: port $URL_PORT appears twice in the list"
    add_service "$kind-$URL_PORT" "$kind" "$url"
  done < <(split_list "$2")
}

# plan_services: SERVICES and KIND for the mode; in cluster mode also the clusters' shared settings.
plan_services() {
  add_service postgres postgres "$DATABASE_URL"
  if [ "$STACK_CLUSTER" -eq 1 ]; then
    add_nodes nats "$NATS_URL" 4222
  else
    add_service nats nats "$NATS_URL"
  fi
  add_service redis redis "$REDIS_URL"
  if [ "$STACK_CLUSTER" -eq 1 ]; then
    add_nodes opensearch "$OPENSEARCH_URL" 9200
    cluster_settings
  else
    add_service opensearch opensearch "$OPENSEARCH_URL"
  fi
}

# The clusters' names, seeds and routes, from every node's port: the first port names a cluster,
# the others follow from each node's port (OpenSearch transport = HTTP + 100, NATS route =
# client + 2000, NATS monitoring = client + 4000).
OS_NODES=() OS_SEEDS="" OS_MANAGERS="" OS_CLUSTER_NAME="" NATS_NODES=() NATS_CLUSTER_NAME=""
cluster_settings() {
  local svc p seeds="" managers=""
  for svc in "${SERVICES[@]}"; do
    case "${KIND[$svc]}" in
      opensearch) OS_NODES+=("${svc#opensearch-}") ;;
      nats) NATS_NODES+=("${svc#nats-}") ;;
    esac
  done
  [ "${#OS_NODES[@]}" -gt 0 ] || die "OPENSEARCH_URL lists no node"
  [ "${#NATS_NODES[@]}" -gt 0 ] || die "NATS_URL lists no node"
  for p in "${OS_NODES[@]}"; do
    seeds+="\"127.0.0.1:$((p + 100))\", "
    managers+="\"svc-stack-$p\", "
  done
  OS_SEEDS="[${seeds%, }]" OS_MANAGERS="[${managers%, }]"
  OS_CLUSTER_NAME="svc-stack-${OS_NODES[0]}"
  NATS_CLUSTER_NAME="svc-stack-${NATS_NODES[0]}"
}

nats_route_port() { printf '%s' $(($1 + 2000)); }
nats_monitor_port() { printf '%s' $(($1 + 4000)); }

# service_at <svc> <url> <default port>: its address from the URL, and the usual table entries.
service_at() {
  local svc=$1
  parse_url "$2" "$3"
  UNUSED[$svc]="" SLOW[$svc]="" READY[$svc]="answering"
  HOST[$svc]="$URL_HOST" PORT[$svc]="$URL_PORT"
  ADDR[$svc]="$(hostport "$URL_HOST" "$URL_PORT")"
  TARGET[$svc]="${ADDR[$svc]}"
}

record_file() { printf "%s/%s-%s.pid" "$RUN_DIR" "${KIND[$1]}" "${PORT[$1]}"; }

# recorded_pid <svc>: pid of a live process this script started, else nothing (and a stale
# record is removed).
recorded_pid() {
  local f pid
  f="$(record_file "$1")"
  [ -f "$f" ] || return 0
  pid="$(head -n 1 "$f" 2>/dev/null || true)"
  if pid_is "$pid" "${PATTERN[$1]}"; then
    printf '%s' "$pid"
  else
    rm -f "$f"
  fi
}

unrecord() { rm -f "$(record_file "$1")"; }

# service_fail <svc> <reason>: fail, showing the service's logs.
service_fail() {
  local logs
  mapfile -t logs <<<"${LOGS[$1]}"
  fail "$1" "$2" "${logs[@]}"
}

# pid_from_file <svc> <pid file> <seconds>: PID[svc] once the file names a live process; a
# server that writes none in time exited during startup.
pid_from_file() {
  local svc=$1 file=$2 i pid
  for ((i = 0; i < $3 * 5; i++)); do
    pid="$(head -n 1 "$file" 2>/dev/null || true)"
    if pid_alive "$pid"; then
      PID[$svc]="$pid"
      return 0
    fi
    sleep 0.2
  done
  service_fail "$svc" "the server exited during startup"
}

# service_start <svc>: use the server that answers, or launch a private one (without waiting).
service_start() {
  local svc=$1 pid
  if [ -n "${UNUSED[$svc]}" ]; then
    say "$svc: skipped (${UNUSED[$svc]})"
    return 0
  fi
  pid="$(recorded_pid "$svc")"
  PID[$svc]="$pid" SINCE[$svc]=$SECONDS FRESH[$svc]=0
  if "${KIND[$svc]}_answers" "$svc"; then
    if [ -n "$pid" ]; then
      say "$svc: running at ${ADDR[$svc]} (started by stack.sh, pid $pid)"
    else
      say "$svc: using existing server at ${ADDR[$svc]}"
    fi
    return 0
  fi
  FRESH[$svc]=1
  if [ -n "$pid" ]; then
    say "$svc: waiting for the server started earlier (pid $pid) at ${ADDR[$svc]} …"
    return 0
  fi
  is_local_host "${HOST[$svc]}" ||
    fail "$svc" "${ADDR[$svc]} does not answer and is not a local address, so it cannot be started here"
  if tcp_open "${HOST[$svc]}" "${PORT[$svc]}"; then
    fail "$svc" "${ADDR[$svc]} is taken by a program that does not answer like $svc (stop it or choose another port)"
  fi
  "${KIND[$svc]}_prepare" "$svc"
  SINCE[$svc]=$SECONDS
  "${KIND[$svc]}_launch" "$svc"
  mkdir -p "$RUN_DIR"
  printf '%s\n' "${PID[$svc]}" >"$(record_file "$svc")"
}

# service_wait <svc>: until it is ready; a private server that dies or is not ready in time is
# stopped and fails the run.
service_wait() {
  local svc=$1 waited=0
  [ -z "${UNUSED[$svc]}" ] || return 0
  while ! "${KIND[$svc]}_ready" "$svc"; do
    waited=1
    if [ -n "${PID[$svc]}" ] && ! pid_alive "${PID[$svc]}"; then
      unrecord "$svc"
      service_fail "$svc" "the server exited during startup"
    fi
    if [ -z "${PID[$svc]}" ] && ! "${KIND[$svc]}_answers" "$svc"; then
      service_fail "$svc" "the existing server at ${ADDR[$svc]} stopped answering"
    fi
    if ((SECONDS - SINCE[$svc] >= TIMEOUT[$svc])); then
      if [ -n "${PID[$svc]}" ]; then
        stop_pid "$svc" "${PID[$svc]}" "${STOP_SIGNAL[$svc]}" "${STOP_WAIT[$svc]}"
        unrecord "$svc"
      fi
      service_fail "$svc" "not ${READY[$svc]} at ${ADDR[$svc]} within ${TIMEOUT[$svc]}s"
    fi
    sleep 0.3
  done
  if [ "${FRESH[$svc]}" -eq 1 ]; then
    say "$svc: up in $((SECONDS - SINCE[$svc]))s"
  elif [ "$waited" -eq 1 ]; then
    say "$svc: ${READY[$svc]} after $((SECONDS - SINCE[$svc]))s"
  fi
  "${KIND[$svc]}_after_up" "$svc"
}

# service_down <svc>: stop its server if this script started it.
service_down() {
  local svc=$1 pid
  [ -z "${UNUSED[$svc]}" ] || return 0
  pid="$(recorded_pid "$svc")"
  if [ -n "$pid" ]; then
    say "$svc: stopping the server at ${ADDR[$svc]} (pid $pid)"
    stop_pid "$svc" "$pid" "${STOP_SIGNAL[$svc]}" "${STOP_WAIT[$svc]}"
    unrecord "$svc"
  else
    say "$svc: nothing to stop at ${ADDR[$svc]} (not started by stack.sh)"
  fi
}

# service_reset <svc>: delete its private server's directory, unless a server still answers on
# that port (pre-existing, or started from another clone).
service_reset() {
  local svc=$1 dir
  [ -z "${UNUSED[$svc]}" ] || return 0
  dir="${HOME_DIR[$svc]}"
  [ -e "$dir" ] || return 0
  if "${KIND[$svc]}_answers" "$svc"; then
    say "$svc: kept $dir (a server still answers on its port)"
  else
    rm -rf "$dir"
    say "$svc: deleted $dir"
  fi
}

# service_status <svc>: one line; fails when the service does not answer or is unusable.
service_status() {
  local svc=$1 state=down how="" detail="" usable=0 pid
  if [ -n "${UNUSED[$svc]}" ]; then
    printf '%-*s %s\n' "$NAME_WIDTH" "$svc:" "not used (${UNUSED[$svc]})"
    return 0
  fi
  pid="$(recorded_pid "$svc")"
  if "${KIND[$svc]}_answers" "$svc"; then
    state=up how=" (existing server)"
    if ! detail="$("${KIND[$svc]}_detail" "$svc")"; then usable=1; fi
  else
    usable=1
  fi
  if [ -n "$pid" ]; then how=" (started by stack.sh, pid $pid)"; fi
  printf '%-*s %-5s %s%s%s\n' "$NAME_WIDTH" "$svc:" "$state" "${TARGET[$svc]}" "$how" "${detail:+ $detail}"
  return "$usable"
}

# ---------------------------------------------------------------------------------------------
# Postgres

postgres_setup_vars() {
  service_at postgres "$DATABASE_URL" 5432
  PG_USER="${URL_USER:-postgres}" PG_PASS="$URL_PASS"
  PG_DB="${URL_PATH:-$PG_USER}"
  TARGET[postgres]="${ADDR[postgres]}/$PG_DB"
  HOME_DIR[postgres]="$SHARED_DIR/postgres-${PORT[postgres]}"
  PG_DATA="${HOME_DIR[postgres]}/data"
  PG_LOG="${HOME_DIR[postgres]}/postgres.log"
  LOGS[postgres]="${HOME_DIR[postgres]}/pg_ctl.log"$'\n'"$PG_LOG"
  PATTERN[postgres]=postgres STOP_SIGNAL[postgres]=INT STOP_WAIT[postgres]=60 TIMEOUT[postgres]=60
}

# pg_bin_dir [version]: that major version's binaries; else the newest installed.
pg_bin_dir() {
  local want=${1:-} d
  if [ -n "$want" ] && [ -x "/usr/lib/postgresql/$want/bin/postgres" ]; then
    printf '%s' "/usr/lib/postgresql/$want/bin"
    return 0
  fi
  d="$(printf '%s\n' /usr/lib/postgresql/*/bin | sort -V | tail -n 1)"
  if [ -n "$d" ] && [ -x "$d/initdb" ]; then
    printf '%s' "$d"
    return 0
  fi
  if command -v pg_config >/dev/null 2>&1 && [ -x "$(pg_config --bindir)/initdb" ]; then
    pg_config --bindir
  fi
}

# pg_client <tool>: path of psql or pg_isready, if installed.
pg_client() {
  local d
  for d in $(printf '%s\n' /usr/lib/postgresql/*/bin | sort -rV); do
    if [ -x "$d/$1" ]; then printf '%s' "$d/$1"; return 0; fi
  done
  command -v "$1" 2>/dev/null || true
}

postgres_answers() {
  local isready
  isready="$(pg_client pg_isready)"
  if [ -n "$isready" ]; then
    "$isready" -q -h "${HOST[postgres]}" -p "${PORT[postgres]}" -t 3 >/dev/null 2>&1
  else
    tcp_open "${HOST[postgres]}" "${PORT[postgres]}"
  fi
}

postgres_ready() { postgres_answers; }

postgres_prepare() {
  local ver="" home="${HOME_DIR[postgres]}" locale=C.UTF-8
  if [ -f "$PG_DATA/PG_VERSION" ]; then ver="$(cat "$PG_DATA/PG_VERSION")"; fi
  PG_BIN="$(pg_bin_dir "$ver")"
  if [ -z "$PG_BIN" ]; then
    apt_install postgres postgresql
    PG_BIN="$(pg_bin_dir "$ver")"
    [ -n "$PG_BIN" ] || fail postgres "no initdb found under /usr/lib/postgresql/*/bin after installing postgresql"
  fi
  if [ -n "$ver" ] && [ "$PG_BIN" != "/usr/lib/postgresql/$ver/bin" ] && [ -d /usr/lib/postgresql ]; then
    fail postgres "the data in $PG_DATA is from PostgreSQL $ver, whose binaries are not installed (reset with: bash scripts/stack.sh reset)"
  fi
  if [ "$IS_ROOT" -eq 1 ]; then ensure_shared_dir postgres; fi
  mkdir -p "$home"
  if [ "$IS_ROOT" -eq 1 ]; then chown postgres: "$home"; fi
  chmod 700 "$home"

  if [ ! -f "$PG_DATA/PG_VERSION" ]; then
    rm -rf "$PG_DATA"
    say "postgres: initializing a private cluster in $PG_DATA"
    if ! locale -a 2>/dev/null | grep -qix 'c.utf-\?8'; then locale=C; fi
    if ! (cd / && as_user postgres "$PG_BIN/initdb" -D "$PG_DATA" -U "$PG_USER" --auth=trust \
      --encoding=UTF8 --locale="$locale" >"$home/initdb.log" 2>&1 9>&-); then
      fail postgres "initdb failed" "$home/initdb.log"
    fi
    printf "\ninclude_if_exists = 'stack.conf'\n" >>"$PG_DATA/postgresql.conf"
    printf 'host all all samehost trust\n' >>"$PG_DATA/pg_hba.conf"
  fi
  # Rewritten on every start so the server follows DATABASE_URL's host and port.
  cat >"$PG_DATA/stack.conf" <<EOF
# written by scripts/stack.sh
listen_addresses = '${HOST[postgres]}'
port = ${PORT[postgres]}
unix_socket_directories = ''
EOF
  if [ "$IS_ROOT" -eq 1 ]; then chown postgres: "$PG_DATA/stack.conf" "$PG_DATA/postgresql.conf" "$PG_DATA/pg_hba.conf"; fi
}

postgres_launch() {
  say "postgres: starting a private server at ${ADDR[postgres]} …"
  if ! (cd / && as_user postgres "$PG_BIN/pg_ctl" start -W -s -D "$PG_DATA" -l "$PG_LOG" \
    </dev/null >>"${HOME_DIR[postgres]}/pg_ctl.log" 2>&1 9>&-); then
    service_fail postgres "pg_ctl start failed"
  fi
  pid_from_file postgres "$PG_DATA/postmaster.pid" 10
}

pg_psql() {
  PGPASSWORD="$PG_PASS" PGCONNECT_TIMEOUT=5 "$PSQL" -X -q -A -t -v ON_ERROR_STOP=1 \
    -h "${HOST[postgres]}" -p "${PORT[postgres]}" -U "$PG_USER" -d postgres "$@"
}

# The URL's database, created if it does not exist.
postgres_after_up() {
  local out
  PSQL="$(pg_client psql)"
  if [ -z "$PSQL" ]; then
    apt_install postgres postgresql-client
    PSQL="$(pg_client psql)"
  fi
  if ! out="$(pg_psql -v db="$PG_DB" 2>&1 <<'SQL'
SELECT 1 FROM pg_database WHERE datname = :'db';
SQL
  )"; then
    fail postgres "cannot connect to ${ADDR[postgres]} as '$PG_USER': $out"
  fi
  if [ -z "$out" ]; then
    if ! out="$(pg_psql -v db="$PG_DB" 2>&1 <<'SQL'
CREATE DATABASE :"db";
SQL
    )"; then
      fail postgres "could not create database '$PG_DB': $out"
    fi
    say "postgres: created database $PG_DB"
  fi
}

postgres_detail() { :; }

# ---------------------------------------------------------------------------------------------
# NATS

nats_setup_vars() {
  local svc=$1
  service_at "$svc" "${NODE_URL[$svc]}" 4222
  HOME_DIR[$svc]="$STACK_DIR/nats-${PORT[$svc]}"
  LOGS[$svc]="${HOME_DIR[$svc]}/stdout.log"$'\n'"${HOME_DIR[$svc]}/nats.log"
  PATTERN[$svc]=nats-server STOP_SIGNAL[$svc]=TERM STOP_WAIT[$svc]=20 TIMEOUT[$svc]=30
  # A node's routes connect only once the others run: all are launched before any is waited for.
  if [ "$STACK_CLUSTER" -eq 1 ]; then READY[$svc]="answering with its routes connected" SLOW[$svc]=1; fi
}

nats_info() { tcp_first_line "${HOST[$1]}" "${PORT[$1]}"; }
nats_answers() { [[ "$(nats_info "$1" || true)" == INFO* ]]; }

# In a cluster, a node is ready once it routes to every other node: its monitoring port's
# /routez counts them. A server this script did not start may have no monitoring port; then
# answering is all it can show.
nats_ready() {
  local svc=$1 routez want=$((${#NATS_NODES[@]} - 1))
  nats_answers "$svc" || return 1
  [ "$STACK_CLUSTER" -eq 1 ] || return 0
  command -v curl >/dev/null 2>&1 || apt_install nats curl ca-certificates
  if ! routez="$(curl -s -m 3 "http://127.0.0.1:$(nats_monitor_port "${PORT[$svc]}")/routez" 2>/dev/null)"; then
    [ -z "${PID[$svc]}" ]
    return
  fi
  [[ $routez =~ \"num_routes\":\ *([0-9]+) ]] && [ "${BASH_REMATCH[1]}" -ge "$want" ]
}

nats_prepare() {
  find_bin NATS_BIN nats nats-server nats-server
  mkdir -p "${HOME_DIR[$1]}"
  rm -f "${HOME_DIR[$1]}/nats.pid"
}

# nats_cluster_args <svc>: a cluster node's route listener, its routes to the other nodes, and
# its monitoring port. No JetStream: the apps use plain request/reply and publish/subscribe.
nats_cluster_args() {
  local port=${PORT[$1]} p routes=""
  for p in "${NATS_NODES[@]}"; do
    if [ "$p" != "$port" ]; then routes+="nats://127.0.0.1:$(nats_route_port "$p"),"; fi
  done
  printf '%s\n' --cluster "nats://127.0.0.1:$(nats_route_port "$port")" --cluster_name "$NATS_CLUSTER_NAME" \
    -m "$(nats_monitor_port "$port")"
  if [ -n "$routes" ]; then printf '%s\n' --routes "${routes%,}"; fi
}

nats_launch() {
  local svc=$1 home="${HOME_DIR[$1]}" args
  args=(-a 127.0.0.1 -p "${PORT[$svc]}" -P "$home/nats.pid" -l "$home/nats.log")
  if [ "$STACK_CLUSTER" -eq 1 ]; then
    mapfile -t -O "${#args[@]}" args < <(nats_cluster_args "$svc")
    say "$svc: starting a cluster node at 127.0.0.1:${PORT[$svc]} (cluster $NATS_CLUSTER_NAME) …"
  else
    mkdir -p "$home/jetstream"
    args+=(-js -sd "$home/jetstream")
    say "$svc: starting a private server with JetStream at 127.0.0.1:${PORT[$svc]} …"
  fi
  setsid "$NATS_BIN" "${args[@]}" </dev/null >>"$home/stdout.log" 2>&1 9>&- &
  PID[$svc]=$!
}

# Ours always has JetStream; the apps need it from an existing server too. A cluster's nodes
# have none (nothing the apps do needs it).
nats_after_up() {
  [ "$STACK_CLUSTER" -eq 0 ] || return 0
  if [ -z "${PID[$1]}" ] && [[ "$(nats_info "$1" || true)" != *'"jetstream":true'* ]]; then
    warn "$1: warning: JetStream is not enabled on the server at ${ADDR[$1]}"
  fi
}

nats_detail() {
  local routez
  [ "$STACK_CLUSTER" -eq 1 ] && command -v curl >/dev/null 2>&1 || return 0
  routez="$(curl -s -m 3 "http://127.0.0.1:$(nats_monitor_port "${PORT[$1]}")/routez" 2>/dev/null || true)"
  if [[ $routez =~ \"num_routes\":\ *([0-9]+) ]]; then printf 'routes %s' "${BASH_REMATCH[1]}"; fi
}

# ---------------------------------------------------------------------------------------------
# Redis (only when REDIS_URL is set)

redis_setup_vars() {
  service_at redis "$REDIS_URL" 6379
  if [ -z "$REDIS_URL" ]; then
    UNUSED[redis]="REDIS_URL is not set"
    return 0
  fi
  REDIS_PASS="$URL_PASS"
  HOME_DIR[redis]="$STACK_DIR/redis-${PORT[redis]}"
  LOGS[redis]="${HOME_DIR[redis]}/stdout.log"$'\n'"${HOME_DIR[redis]}/redis.log"
  PATTERN[redis]=redis-server STOP_SIGNAL[redis]=TERM STOP_WAIT[redis]=20 TIMEOUT[redis]=30
}

redis_answers() {
  local line
  line="$(tcp_first_line "${HOST[redis]}" "${PORT[redis]}" 'PING\r\n' || true)"
  # +PONG, or an error such as -NOAUTH from a server that wants a password.
  [[ $line == +* || $line == -* ]]
}

redis_ready() { redis_answers; }

redis_prepare() {
  find_bin REDIS_BIN redis redis-server redis-server
  mkdir -p "${HOME_DIR[redis]}"
  rm -f "${HOME_DIR[redis]}/redis.pid"
}

redis_launch() {
  local home="${HOME_DIR[redis]}" args
  args=(--bind 127.0.0.1 --port "${PORT[redis]}" --save '' --appendonly no --dir "$home"
    --daemonize yes --pidfile "$home/redis.pid" --logfile "$home/redis.log")
  if [ -n "$REDIS_PASS" ]; then args+=(--requirepass "$REDIS_PASS"); fi
  say "redis: starting a private server at 127.0.0.1:${PORT[redis]} (no persistence) …"
  if ! "$REDIS_BIN" "${args[@]}" </dev/null >>"$home/stdout.log" 2>&1 9>&-; then
    service_fail redis "redis-server failed to start"
  fi
  pid_from_file redis "$home/redis.pid" 10
}

redis_after_up() { :; }
redis_detail() { :; }

# ---------------------------------------------------------------------------------------------
# OpenSearch

opensearch_setup_vars() {
  local svc=$1 default_port=80 url="${NODE_URL[$1]}"
  # No port in the URL: the scheme's default, as HTTP clients do.
  if [[ $url == https://* ]]; then default_port=443; fi
  service_at "$svc" "$url" "$default_port"
  OS_SCHEME[$svc]="${URL_SCHEME:-http}"
  OS_BASE[$svc]="${url%%,*}"
  OS_BASE[$svc]="${OS_BASE[$svc]%/}"
  OS_DIST="$SHARED_DIR/opensearch-$OPENSEARCH_VERSION"
  OS_ZIP="$CACHE_DIR/opensearch/opensearch-$OPENSEARCH_VERSION.zip"
  OS_USER="opensearch"
  if [ "$IS_ROOT" -eq 0 ]; then OS_USER="$(id -un)"; fi
  HOME_DIR[$svc]="$SHARED_DIR/opensearch-node-${PORT[$svc]}"
  LOGS[$svc]="${HOME_DIR[$svc]}/startup.log"$'\n'"${HOME_DIR[$svc]}/logs/$(os_cluster_name "$svc").log"
  PATTERN[$svc]=org.opensearch.bootstrap.OpenSearch
  STOP_SIGNAL[$svc]=TERM STOP_WAIT[$svc]=60
  # Three JVMs booting on a couple of cores take longer than one.
  TIMEOUT[$svc]="${STACK_OPENSEARCH_TIMEOUT:-$((STACK_CLUSTER == 1 ? 240 : 120))}"
  READY[$svc]="healthy (yellow or green)"
  if [ "$STACK_CLUSTER" -eq 1 ]; then READY[$svc]="healthy (yellow or green) with ${#OS_NODES[@]} nodes"; fi
  SLOW[$svc]=1
}

declare -A OS_SCHEME=() OS_BASE=()

os_cluster_name() { if [ "$STACK_CLUSTER" -eq 1 ]; then printf '%s' "$OS_CLUSTER_NAME"; else printf 'svc-stack-%s' "${PORT[$1]}"; fi; }

# os_http <svc> <path> [seconds]: the HTTP status of a GET.
os_http() { curl -sk -m "${3:-3}" -o /dev/null -w '%{http_code}' "${OS_BASE[$1]}$2" 2>/dev/null || true; }

# Any HTTP answer; without curl (only `status` runs without installing it), an open port.
opensearch_answers() {
  local code
  if ! command -v curl >/dev/null 2>&1; then
    tcp_open "${HOST[$1]}" "${PORT[$1]}"
    return
  fi
  code="$(os_http "$1" /)"
  [ -n "$code" ] && [ "$code" != 000 ]
}

# Only `up` asks, so this is where a missing curl is installed (`status` never installs).
# A cluster's node is ready once the cluster it sees has all the listed nodes (%3E%3D is >=).
opensearch_ready() {
  local nodes=1
  command -v curl >/dev/null 2>&1 || apt_install opensearch curl ca-certificates
  if [ "$STACK_CLUSTER" -eq 1 ]; then nodes=${#OS_NODES[@]}; fi
  [ "$(os_http "$1" "/_cluster/health?wait_for_status=yellow&wait_for_nodes=%3E%3D$nodes&timeout=2s" 5)" = 200 ]
}

os_java_home() {
  local j
  if [ -n "${OPENSEARCH_JAVA_HOME:-}" ] && [ -x "$OPENSEARCH_JAVA_HOME/bin/java" ]; then
    printf '%s' "$OPENSEARCH_JAVA_HOME"
    return 0
  fi
  if [ -n "${JAVA_HOME:-}" ] && [ -x "$JAVA_HOME/bin/java" ]; then
    printf '%s' "$JAVA_HOME"
    return 0
  fi
  j="$(command -v java || true)"
  [ -n "$j" ] || return 0
  j="$(readlink -f "$j")"
  printf '%s' "${j%/bin/java}"
}

os_fetch() {
  local tmp
  [ -f "$OS_ZIP" ] && return 0
  command -v mvn >/dev/null 2>&1 || apt_install opensearch maven
  say "opensearch: downloading $OPENSEARCH_VERSION with mvn (once, cached in .cache/opensearch) …"
  mkdir -p "$CACHE_DIR/opensearch"
  tmp="$(mktemp -d "$CACHE_DIR/opensearch/fetch.XXXXXX")"
  if ! (cd "$tmp" && mvn -q -B dependency:copy \
    -Dartifact="org.opensearch.distribution.integ-test-zip:opensearch:$OPENSEARCH_VERSION:zip" \
    -DoutputDirectory="$tmp" </dev/null >"$tmp/mvn.log" 2>&1 9>&-); then
    cp "$tmp/mvn.log" "$CACHE_DIR/opensearch/mvn.log" 2>/dev/null || true
    rm -rf "$tmp"
    fail opensearch "mvn could not fetch org.opensearch.distribution.integ-test-zip:opensearch:$OPENSEARCH_VERSION:zip" "$CACHE_DIR/opensearch/mvn.log"
  fi
  [ -f "$tmp/opensearch-$OPENSEARCH_VERSION.zip" ] || fail opensearch "mvn finished but left no zip in $tmp"
  mv "$tmp/opensearch-$OPENSEARCH_VERSION.zip" "$OS_ZIP"
  rm -rf "$tmp"
}

# The distribution, unpacked once per version (fetched first when it is not).
os_unpack() {
  local tmp
  [ -x "$OS_DIST/bin/opensearch" ] && return 0
  os_fetch
  command -v unzip >/dev/null 2>&1 || apt_install opensearch unzip
  say "opensearch: unpacking into $OS_DIST"
  tmp="$(mktemp -d "$SHARED_DIR/.unpack.XXXXXX")"
  if ! unzip -q "$OS_ZIP" -d "$tmp" >"$STACK_DIR/unzip.log" 2>&1; then
    rm -rf "$tmp"
    rm -f "$OS_ZIP" # a broken download: fetch again next time
    fail opensearch "could not unpack $OS_ZIP (deleted it; the next run fetches it again)" "$STACK_DIR/unzip.log"
  fi
  rm -rf "$OS_DIST"
  mv "$tmp/opensearch-$OPENSEARCH_VERSION" "$OS_DIST"
  rm -rf "$tmp"
  rm -f "$STACK_DIR/unzip.log"
  if [ "$IS_ROOT" -eq 1 ]; then chown -R "$OS_USER:" "$OS_DIST"; fi
}

# os_discovery <svc>: how the node finds its cluster: alone, or by the listed nodes' transport ports.
os_discovery() {
  local transport=$((PORT[$1] + 100))
  if [ "$STACK_CLUSTER" -eq 0 ]; then
    printf 'discovery.type: single-node\n'
    return 0
  fi
  cat <<EOF
transport.port: $transport
discovery.seed_hosts: $OS_SEEDS
# read only when the cluster first forms (no cluster state in data/ yet)
cluster.initial_cluster_manager_nodes: $OS_MANAGERS
EOF
}

os_configure() {
  local svc=$1 home="${HOME_DIR[$1]}" port="${PORT[$1]}"
  mkdir -p "$home/config" "$home/data" "$home/logs"
  # Config follows the installed version; opensearch.yml and heap come from this script.
  cp -R "$OS_DIST/config/." "$home/config/"
  sed -i -e '/^-Xm[sx]/d' \
    -e "s#^-XX:HeapDumpPath=data\$#-XX:HeapDumpPath=$home/data#" \
    -e "s#logs/#$home/logs/#g" "$home/config/jvm.options"
  cat >"$home/config/opensearch.yml" <<EOF
# written by scripts/stack.sh on every start
cluster.name: $(os_cluster_name "$svc")
node.name: svc-stack-$port
path.data: $home/data
path.logs: $home/logs
network.host: 127.0.0.1
http.port: $port
$(os_discovery "$svc")
# the disk may be well used; watermarks would make indices read-only
cluster.routing.allocation.disk.threshold_enabled: false
EOF
  if [ "$IS_ROOT" -eq 1 ]; then chown -R "$OS_USER:" "$home"; fi
}

opensearch_prepare() {
  local svc=$1
  [ "${OS_SCHEME[$svc]}" = http ] || fail "$svc" "${NODE_URL[$svc]} does not answer, and the local OpenSearch this script starts speaks plain http"
  [[ $OPENSEARCH_HEAP =~ ^[0-9]+[kKmMgG]$ ]] || fail "$svc" "OPENSEARCH_HEAP must look like 512m or 2g (got '$OPENSEARCH_HEAP')"
  OS_JAVA_HOME="$(os_java_home)"
  if [ -z "$OS_JAVA_HOME" ]; then
    apt_install opensearch openjdk-17-jre-headless
    OS_JAVA_HOME="$(os_java_home)"
    [ -n "$OS_JAVA_HOME" ] || fail opensearch "java not found after installing openjdk-17-jre-headless"
  fi
  command -v ps >/dev/null 2>&1 || apt_install opensearch procps # bin/opensearch -d uses ps
  if [ "$IS_ROOT" -eq 1 ]; then ensure_shared_dir "$OS_USER"; else mkdir -p "$SHARED_DIR"; fi
  os_unpack
  os_configure "$svc"
}

opensearch_launch() {
  local svc=$1 home="${HOME_DIR[$1]}" launch=() in=""
  if [ "$STACK_CLUSTER" -eq 1 ]; then in=", cluster $OS_CLUSTER_NAME"; fi
  say "$svc: starting $OPENSEARCH_VERSION at 127.0.0.1:${PORT[$svc]} (heap $OPENSEARCH_HEAP$in) …"
  rm -f "$home/opensearch.pid"
  : >"$home/startup.log"
  if [ "$IS_ROOT" -eq 1 ]; then
    chown "$OS_USER:" "$home/startup.log"
    launch=(runuser -u "$OS_USER" --)
  fi
  launch+=(env OPENSEARCH_PATH_CONF="$home/config" OPENSEARCH_JAVA_HOME="$OS_JAVA_HOME"
    OPENSEARCH_JAVA_OPTS="-Xms$OPENSEARCH_HEAP -Xmx$OPENSEARCH_HEAP${OPENSEARCH_JAVA_OPTS:+ $OPENSEARCH_JAVA_OPTS}"
    HOME="$home" "$OS_DIST/bin/opensearch" -d -p "$home/opensearch.pid")
  # -d: the launcher returns once the JVM runs in the background; setsid detaches it from our
  # terminal's signals (Ctrl-C in `npm start` must not kill it).
  if ! (cd "$OS_DIST" && setsid "${launch[@]}" </dev/null >>"$home/startup.log" 2>&1 9>&-); then
    service_fail "$svc" "bin/opensearch -d failed"
  fi
  pid_from_file "$svc" "$home/opensearch.pid" 60
}

opensearch_after_up() { :; }

# Its cluster health; red means it cannot serve every index.
opensearch_detail() {
  local health body nodes=""
  command -v curl >/dev/null 2>&1 || return 0
  body="$(curl -sk -m 3 "${OS_BASE[$1]}/_cluster/health" 2>/dev/null || true)"
  health="$(grep -o '"status":"[a-z]*"' <<<"$body" | cut -d'"' -f4 || true)"
  [ -n "$health" ] || return 0
  if [ "$STACK_CLUSTER" -eq 1 ]; then nodes=", nodes $(grep -o '"number_of_nodes":[0-9]*' <<<"$body" | cut -d: -f2 || true)"; fi
  printf 'health %s%s' "$health" "$nodes"
  [ "$health" != red ]
}

# ---------------------------------------------------------------------------------------------
# commands

lock() {
  mkdir -p "$STACK_DIR"
  if command -v flock >/dev/null 2>&1; then
    exec 9>"$STACK_DIR/.lock"
    flock -w 900 9 || die "another stack.sh is still running (lock $STACK_DIR/.lock)"
  fi
}

cmd_up() {
  local svc
  lock
  # A slow service (OpenSearch) is launched first and waited for last, so the others are set up
  # while it boots.
  for svc in "${SERVICES[@]}"; do
    if [ -n "${SLOW[$svc]}" ]; then service_start "$svc"; fi
  done
  for svc in "${SERVICES[@]}"; do
    if [ -z "${SLOW[$svc]}" ]; then
      service_start "$svc"
      service_wait "$svc"
    fi
  done
  for svc in "${SERVICES[@]}"; do
    if [ -n "${SLOW[$svc]}" ]; then service_wait "$svc"; fi
  done
  if [ "$STACK_CLUSTER" -eq 1 ]; then
    say "stack: clusters ready; for the apps:"
    say "export OPENSEARCH_URL=$(join_node_urls opensearch)"
    say "export NATS_URL=$(join_node_urls nats)"
  fi
}

# join_node_urls <kind>: the nodes' URLs, comma-separated, as the apps read them.
join_node_urls() {
  local svc out=""
  for svc in "${SERVICES[@]}"; do
    if [ "${KIND[$svc]}" = "$1" ]; then out+="${NODE_URL[$svc]},"; fi
  done
  printf '%s' "${out%,}"
}

cmd_down() {
  local svc f others=()
  lock
  for svc in "${SERVICES[@]}"; do service_down "$svc"; done
  for f in "$RUN_DIR"/*.pid; do
    [ -e "$f" ] || continue
    others+=("$(basename "$f" .pid)")
  done
  if [ "${#others[@]}" -gt 0 ]; then
    say "stack: still running from an up with other settings: ${others[*]} (run down with the same URLs to stop them)"
  fi
}

cmd_reset() {
  local svc
  cmd_down
  for svc in "${SERVICES[@]}"; do service_reset "$svc"; done
}

cmd_status() {
  local svc ok=0
  NAME_WIDTH=0
  for svc in "${SERVICES[@]}"; do
    if ((${#svc} + 1 > NAME_WIDTH)); then NAME_WIDTH=$((${#svc} + 1)); fi
  done
  for svc in "${SERVICES[@]}"; do service_status "$svc" || ok=1; done
  return "$ok"
}

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
