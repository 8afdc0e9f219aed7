#!/usr/bin/env bash
# Local stack for development, tests and CI: Postgres, NATS (JetStream), Redis (only when
# REDIS_URL is set) and a single-node OpenSearch.
#
#   bash scripts/stack.sh up      use what answers, start what is missing, wait until healthy
#   bash scripts/stack.sh down    stop what this script started (for the current URLs)
#   bash scripts/stack.sh status  print each service and whether it answers
#   bash scripts/stack.sh reset   down, then delete the data of what this script started
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

DEFAULT_DATABASE_URL="postgres://postgres@127.0.0.1:5432/svc"
DEFAULT_NATS_URL="nats://127.0.0.1:4222"
DEFAULT_OPENSEARCH_URL="http://127.0.0.1:9200"
# Empty counts as unset, as in libs/config.
DATABASE_URL="${DATABASE_URL:-$DEFAULT_DATABASE_URL}"
NATS_URL="${NATS_URL:-$DEFAULT_NATS_URL}"
OPENSEARCH_URL="${OPENSEARCH_URL:-$DEFAULT_OPENSEARCH_URL}"
REDIS_URL="${REDIS_URL:-}"
OPENSEARCH_HEAP="${OPENSEARCH_HEAP:-2g}"

PG_TIMEOUT=60
NATS_TIMEOUT=30
REDIS_TIMEOUT=30
OS_TIMEOUT="${STACK_OPENSEARCH_TIMEOUT:-120}"

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
  URL_PORT="${URL_PORT:-$default_port}" # may stay empty when the default is empty
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

# port_free <service> <host> <port>: fail early when something else holds the port.
port_free() {
  if tcp_open "$2" "$3"; then
    fail "$1" "$(hostport "$2" "$3") is taken by a program that does not answer like $1 (stop it or choose another port)"
  fi
}

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

record_file() { printf '%s/%s-%s.pid' "$RUN_DIR" "$1" "$2"; }

# recorded_pid <service> <port> <pattern>: pid of a live process this script started, else
# nothing (and a stale record is removed).
recorded_pid() {
  local f pid
  f="$(record_file "$1" "$2")"
  [ -f "$f" ] || return 0
  pid="$(head -n 1 "$f" 2>/dev/null || true)"
  if pid_is "$pid" "$3"; then
    printf '%s' "$pid"
  else
    rm -f "$f"
  fi
}

record() { mkdir -p "$RUN_DIR"; printf '%s\n' "$3" >"$(record_file "$1" "$2")"; }
unrecord() { rm -f "$(record_file "$1" "$2")"; }

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

# as_service_user <user> <command...>: run as that user when root, else as ourselves.
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

ensure_shared_dir() {
  mkdir -p "$SHARED_DIR"
  if [ "$IS_ROOT" -eq 1 ]; then chmod 755 "$SHARED_DIR"; fi
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
# Postgres

pg_bin_dir() {
  # <version>: that major version's binaries; else the newest installed.
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

pg_client() {
  # pg_client <tool>: path of psql or pg_isready, if installed.
  local d
  for d in $(printf '%s\n' /usr/lib/postgresql/*/bin | sort -rV); do
    if [ -x "$d/$1" ]; then printf '%s' "$d/$1"; return 0; fi
  done
  command -v "$1" 2>/dev/null || true
}

pg_setup_vars() {
  parse_url "$DATABASE_URL" 5432
  PG_HOST="$URL_HOST" PG_PORT="$URL_PORT" PG_USER="${URL_USER:-postgres}" PG_PASS="$URL_PASS"
  PG_DB="${URL_PATH:-$PG_USER}"
  PG_ADDR="$(hostport "$PG_HOST" "$PG_PORT")"
  PG_HOME="$SHARED_DIR/postgres-$PG_PORT"
  PG_DATA="$PG_HOME/data"
  PG_LOG="$PG_HOME/postgres.log"
}

pg_answers() {
  local isready
  isready="$(pg_client pg_isready)"
  if [ -n "$isready" ]; then
    "$isready" -q -h "$PG_HOST" -p "$PG_PORT" -t 3 >/dev/null 2>&1
  else
    tcp_open "$PG_HOST" "$PG_PORT"
  fi
}

pg_psql() {
  PGPASSWORD="$PG_PASS" PGCONNECT_TIMEOUT=5 "$PSQL" -X -q -A -t -v ON_ERROR_STOP=1 \
    -h "$PG_HOST" -p "$PG_PORT" -U "$PG_USER" -d postgres "$@"
}

pg_ensure_database() {
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
    fail postgres "cannot connect to $PG_ADDR as '$PG_USER': $out"
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

pg_up() {
  pg_setup_vars
  local pid bindir ver start=$SECONDS i
  pid="$(recorded_pid postgres "$PG_PORT" postgres)"
  if pg_answers; then
    if [ -n "$pid" ]; then
      say "postgres: running at $PG_ADDR (started by stack.sh, pid $pid)"
    else
      say "postgres: using existing server at $PG_ADDR"
    fi
    pg_ensure_database
    return 0
  fi
  if [ -z "$pid" ]; then
    is_local_host "$PG_HOST" || fail postgres "$PG_ADDR does not answer and is not a local address, so it cannot be started here"
    port_free postgres "$PG_HOST" "$PG_PORT"
    ver=""
    if [ -f "$PG_DATA/PG_VERSION" ]; then ver="$(cat "$PG_DATA/PG_VERSION")"; fi
    bindir="$(pg_bin_dir "$ver")"
    if [ -z "$bindir" ]; then
      apt_install postgres postgresql
      bindir="$(pg_bin_dir "$ver")"
      [ -n "$bindir" ] || fail postgres "no initdb found under /usr/lib/postgresql/*/bin after installing postgresql"
    fi
    if [ -n "$ver" ] && [ "$bindir" != "/usr/lib/postgresql/$ver/bin" ] && [ -d /usr/lib/postgresql ]; then
      fail postgres "the data in $PG_DATA is from PostgreSQL $ver, whose binaries are not installed (reset with: bash scripts/stack.sh reset)"
    fi
    if [ "$IS_ROOT" -eq 1 ]; then
      ensure_system_user postgres
      ensure_shared_dir
    fi
    mkdir -p "$PG_HOME"
    if [ "$IS_ROOT" -eq 1 ]; then chown postgres: "$PG_HOME"; fi
    chmod 700 "$PG_HOME"

    if [ ! -f "$PG_DATA/PG_VERSION" ]; then
      rm -rf "$PG_DATA"
      say "postgres: initializing a private cluster in $PG_DATA"
      local locale=C.UTF-8
      if ! locale -a 2>/dev/null | grep -qix 'c.utf-\?8'; then locale=C; fi
      if ! (cd / && as_user postgres "$bindir/initdb" -D "$PG_DATA" -U "$PG_USER" --auth=trust \
        --encoding=UTF8 --locale="$locale" >"$PG_HOME/initdb.log" 2>&1 9>&-); then
        fail postgres "initdb failed" "$PG_HOME/initdb.log"
      fi
      printf "\ninclude_if_exists = 'stack.conf'\n" >>"$PG_DATA/postgresql.conf"
      printf 'host all all samehost trust\n' >>"$PG_DATA/pg_hba.conf"
    fi
    # Rewritten on every start so the server follows DATABASE_URL's host and port.
    cat >"$PG_DATA/stack.conf" <<EOF
# written by scripts/stack.sh
listen_addresses = '$PG_HOST'
port = $PG_PORT
unix_socket_directories = ''
EOF
    if [ "$IS_ROOT" -eq 1 ]; then chown postgres: "$PG_DATA/stack.conf" "$PG_DATA/postgresql.conf" "$PG_DATA/pg_hba.conf"; fi

    say "postgres: starting a private server at $PG_ADDR …"
    if ! (cd / && as_user postgres "$bindir/pg_ctl" start -W -s -D "$PG_DATA" -l "$PG_LOG" \
      </dev/null >>"$PG_HOME/pg_ctl.log" 2>&1 9>&-); then
      fail postgres "pg_ctl start failed" "$PG_HOME/pg_ctl.log" "$PG_LOG"
    fi
    for ((i = 0; i < 50; i++)); do
      pid="$(head -n 1 "$PG_DATA/postmaster.pid" 2>/dev/null || true)"
      if pid_alive "$pid"; then break; fi
      pid=""
      sleep 0.2
    done
    [ -n "$pid" ] || fail postgres "the server exited during startup" "$PG_LOG"
    record postgres "$PG_PORT" "$pid"
  else
    say "postgres: waiting for the server started earlier (pid $pid) at $PG_ADDR …"
  fi
  while ! pg_answers; do
    if ! pid_alive "$pid"; then
      unrecord postgres "$PG_PORT"
      fail postgres "the server exited during startup" "$PG_LOG"
    fi
    if ((SECONDS - start >= PG_TIMEOUT)); then
      stop_pid postgres "$pid" INT 20
      unrecord postgres "$PG_PORT"
      fail postgres "no answer at $PG_ADDR within ${PG_TIMEOUT}s" "$PG_LOG"
    fi
    sleep 0.3
  done
  say "postgres: up in $((SECONDS - start))s"
  pg_ensure_database
}

# ---------------------------------------------------------------------------------------------
# NATS

nats_setup_vars() {
  parse_url "$NATS_URL" 4222
  NATS_HOST="$URL_HOST" NATS_PORT="$URL_PORT"
  NATS_ADDR="$(hostport "$NATS_HOST" "$NATS_PORT")"
  NATS_HOME="$STACK_DIR/nats-$NATS_PORT"
  NATS_LOG="$NATS_HOME/nats.log"
}

nats_info() { tcp_first_line "$NATS_HOST" "$NATS_PORT"; }
nats_answers() { [[ "$(nats_info || true)" == INFO* ]]; }

nats_up() {
  nats_setup_vars
  local pid info bin start=$SECONDS
  pid="$(recorded_pid nats "$NATS_PORT" nats-server)"
  info="$(nats_info || true)"
  if [[ $info == INFO* ]]; then
    if [ -n "$pid" ]; then
      say "nats: running at $NATS_ADDR (started by stack.sh, pid $pid)"
    else
      say "nats: using existing server at $NATS_ADDR"
      if [[ $info != *'"jetstream":true'* ]]; then
        warn "nats: warning: JetStream is not enabled on the server at $NATS_ADDR"
      fi
    fi
    return 0
  fi
  if [ -z "$pid" ]; then
    is_local_host "$NATS_HOST" || fail nats "$NATS_ADDR does not answer and is not a local address, so it cannot be started here"
    port_free nats 127.0.0.1 "$NATS_PORT"
    bin="$(command -v nats-server || true)"
    if [ -z "$bin" ] && [ -x /usr/sbin/nats-server ]; then bin=/usr/sbin/nats-server; fi
    if [ -z "$bin" ]; then
      apt_install nats nats-server
      bin="$(command -v nats-server || echo /usr/sbin/nats-server)"
      [ -x "$bin" ] || fail nats "nats-server not found after installing it"
    fi
    mkdir -p "$NATS_HOME/jetstream"
    rm -f "$NATS_HOME/nats.pid"
    say "nats: starting a private server with JetStream at 127.0.0.1:$NATS_PORT …"
    setsid "$bin" -a 127.0.0.1 -p "$NATS_PORT" -js -sd "$NATS_HOME/jetstream" \
      -P "$NATS_HOME/nats.pid" -l "$NATS_LOG" </dev/null >>"$NATS_HOME/stdout.log" 2>&1 9>&- &
    pid=$!
    record nats "$NATS_PORT" "$pid"
  else
    say "nats: waiting for the server started earlier (pid $pid) at $NATS_ADDR …"
  fi
  while ! nats_answers; do
    if ! pid_alive "$pid"; then
      unrecord nats "$NATS_PORT"
      fail nats "the server exited during startup" "$NATS_HOME/stdout.log" "$NATS_LOG"
    fi
    if ((SECONDS - start >= NATS_TIMEOUT)); then
      stop_pid nats "$pid" TERM 10
      unrecord nats "$NATS_PORT"
      fail nats "no answer at $NATS_ADDR within ${NATS_TIMEOUT}s" "$NATS_HOME/stdout.log" "$NATS_LOG"
    fi
    sleep 0.2
  done
  say "nats: up in $((SECONDS - start))s"
}

# ---------------------------------------------------------------------------------------------
# Redis (only when REDIS_URL is set)

redis_setup_vars() {
  parse_url "$REDIS_URL" 6379
  REDIS_HOST="$URL_HOST" REDIS_PORT="$URL_PORT" REDIS_PASS="$URL_PASS"
  REDIS_ADDR="$(hostport "$REDIS_HOST" "$REDIS_PORT")"
  REDIS_HOME="$STACK_DIR/redis-$REDIS_PORT"
  REDIS_LOG="$REDIS_HOME/redis.log"
}

redis_answers() {
  local line
  line="$(tcp_first_line "$REDIS_HOST" "$REDIS_PORT" 'PING\r\n' || true)"
  # +PONG, or an error such as -NOAUTH from a server that wants a password.
  [[ $line == +* || $line == -* ]]
}

redis_up() {
  if [ -z "$REDIS_URL" ]; then
    say "redis: skipped (REDIS_URL is not set)"
    return 0
  fi
  redis_setup_vars
  local pid bin start=$SECONDS i args
  pid="$(recorded_pid redis "$REDIS_PORT" redis-server)"
  if redis_answers; then
    if [ -n "$pid" ]; then
      say "redis: running at $REDIS_ADDR (started by stack.sh, pid $pid)"
    else
      say "redis: using existing server at $REDIS_ADDR"
    fi
    return 0
  fi
  if [ -z "$pid" ]; then
    is_local_host "$REDIS_HOST" || fail redis "$REDIS_ADDR does not answer and is not a local address, so it cannot be started here"
    port_free redis 127.0.0.1 "$REDIS_PORT"
    bin="$(command -v redis-server || true)"
    if [ -z "$bin" ]; then
      apt_install redis redis-server
      bin="$(command -v redis-server || true)"
      [ -n "$bin" ] || fail redis "redis-server not found after installing it"
    fi
    mkdir -p "$REDIS_HOME"
    rm -f "$REDIS_HOME/redis.pid"
    args=(--bind 127.0.0.1 --port "$REDIS_PORT" --save '' --appendonly no --dir "$REDIS_HOME"
      --daemonize yes --pidfile "$REDIS_HOME/redis.pid" --logfile "$REDIS_LOG")
    if [ -n "$REDIS_PASS" ]; then args+=(--requirepass "$REDIS_PASS"); fi
    say "redis: starting a private server at 127.0.0.1:$REDIS_PORT (no persistence) …"
    if ! "$bin" "${args[@]}" </dev/null >>"$REDIS_HOME/stdout.log" 2>&1 9>&-; then
      fail redis "redis-server failed to start" "$REDIS_HOME/stdout.log" "$REDIS_LOG"
    fi
    for ((i = 0; i < 50; i++)); do
      pid="$(head -n 1 "$REDIS_HOME/redis.pid" 2>/dev/null || true)"
      if pid_alive "$pid"; then break; fi
      pid=""
      sleep 0.2
    done
    [ -n "$pid" ] || fail redis "the server exited during startup" "$REDIS_HOME/stdout.log" "$REDIS_LOG"
    record redis "$REDIS_PORT" "$pid"
  else
    say "redis: waiting for the server started earlier (pid $pid) at $REDIS_ADDR …"
  fi
  while ! redis_answers; do
    if ! pid_alive "$pid"; then
      unrecord redis "$REDIS_PORT"
      fail redis "the server exited during startup" "$REDIS_LOG"
    fi
    if ((SECONDS - start >= REDIS_TIMEOUT)); then
      stop_pid redis "$pid" TERM 10
      unrecord redis "$REDIS_PORT"
      fail redis "no answer at $REDIS_ADDR within ${REDIS_TIMEOUT}s" "$REDIS_LOG"
    fi
    sleep 0.2
  done
  say "redis: up in $((SECONDS - start))s"
}

# ---------------------------------------------------------------------------------------------
# OpenSearch

OS_PATTERN="org.opensearch.bootstrap.OpenSearch"

os_setup_vars() {
  parse_url "$OPENSEARCH_URL" ""
  OS_SCHEME="${URL_SCHEME:-http}" OS_HOST="$URL_HOST" OS_PORT="$URL_PORT"
  if [ -z "$OS_PORT" ]; then
    # No port in the URL: the scheme's default, as HTTP clients do.
    if [ "$OS_SCHEME" = https ]; then OS_PORT=443; else OS_PORT=80; fi
  fi
  OS_ADDR="$(hostport "$OS_HOST" "$OS_PORT")"
  OS_BASE="${OPENSEARCH_URL%%,*}"
  OS_BASE="${OS_BASE%/}"
  OS_DIST="$SHARED_DIR/opensearch-$OPENSEARCH_VERSION"
  OS_HOME="$SHARED_DIR/opensearch-node-$OS_PORT"
  OS_ZIP="$CACHE_DIR/opensearch/opensearch-$OPENSEARCH_VERSION.zip"
  OS_USER="opensearch"
  if [ "$IS_ROOT" -eq 0 ]; then OS_USER="$(id -un)"; fi
}

os_http() { curl -sk -m "${2:-3}" -o /dev/null -w '%{http_code}' "$OS_BASE$1" 2>/dev/null || true; }
os_answers() { local c; c="$(os_http /)"; [ -n "$c" ] && [ "$c" != 000 ]; }
os_healthy() { [ "$(os_http '/_cluster/health?wait_for_status=yellow&timeout=2s' 5)" = 200 ]; }

ensure_curl() {
  command -v curl >/dev/null 2>&1 || apt_install "$1" curl ca-certificates
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

os_unpack() {
  local tmp
  [ -x "$OS_DIST/bin/opensearch" ] && return 0
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

os_configure() {
  mkdir -p "$OS_HOME/config" "$OS_HOME/data" "$OS_HOME/logs"
  # Config follows the installed version; opensearch.yml and heap come from this script.
  cp -R "$OS_DIST/config/." "$OS_HOME/config/"
  sed -i -e '/^-Xm[sx]/d' \
    -e "s#^-XX:HeapDumpPath=data\$#-XX:HeapDumpPath=$OS_HOME/data#" \
    -e "s#logs/#$OS_HOME/logs/#g" "$OS_HOME/config/jvm.options"
  cat >"$OS_HOME/config/opensearch.yml" <<EOF
# written by scripts/stack.sh on every start
cluster.name: svc-stack-$OS_PORT
node.name: svc-stack-$OS_PORT
path.data: $OS_HOME/data
path.logs: $OS_HOME/logs
network.host: 127.0.0.1
http.port: $OS_PORT
discovery.type: single-node
# the disk may be well used; watermarks would make indices read-only
cluster.routing.allocation.disk.threshold_enabled: false
EOF
  if [ "$IS_ROOT" -eq 1 ]; then chown -R "$OS_USER:" "$OS_HOME"; fi
}

OS_STARTED_AT=""
OS_PID=""
OS_LAUNCHED=0

os_start() {
  os_setup_vars
  local pid java_home i launch=()
  ensure_curl opensearch
  pid="$(recorded_pid opensearch "$OS_PORT" "$OS_PATTERN")"
  if os_answers; then
    if [ -n "$pid" ]; then
      say "opensearch: running at $OS_ADDR (started by stack.sh, pid $pid)"
    else
      say "opensearch: using existing server at $OS_ADDR"
    fi
    OS_PID="$pid"
    OS_STARTED_AT="$SECONDS"
    return 0
  fi
  OS_STARTED_AT="$SECONDS"
  if [ -n "$pid" ]; then
    say "opensearch: waiting for the node started earlier (pid $pid) at $OS_ADDR …"
    OS_PID="$pid"
    return 0
  fi
  is_local_host "$OS_HOST" || fail opensearch "$OS_ADDR does not answer and is not a local address, so it cannot be started here"
  [ "$OS_SCHEME" = http ] || fail opensearch "$OPENSEARCH_URL does not answer, and the local OpenSearch this script starts speaks plain http"
  [[ $OPENSEARCH_HEAP =~ ^[0-9]+[kKmMgG]$ ]] || fail opensearch "OPENSEARCH_HEAP must look like 512m or 2g (got '$OPENSEARCH_HEAP')"
  port_free opensearch 127.0.0.1 "$OS_PORT"

  os_fetch
  java_home="$(os_java_home)"
  if [ -z "$java_home" ]; then
    apt_install opensearch openjdk-17-jre-headless
    java_home="$(os_java_home)"
    [ -n "$java_home" ] || fail opensearch "java not found after installing openjdk-17-jre-headless"
  fi
  command -v ps >/dev/null 2>&1 || apt_install opensearch procps # bin/opensearch -d uses ps
  if [ "$IS_ROOT" -eq 1 ]; then
    ensure_system_user "$OS_USER"
    ensure_shared_dir
  else
    mkdir -p "$SHARED_DIR"
  fi
  os_unpack
  os_configure

  say "opensearch: starting $OPENSEARCH_VERSION at 127.0.0.1:$OS_PORT (heap $OPENSEARCH_HEAP) …"
  OS_STARTED_AT="$SECONDS"
  rm -f "$OS_HOME/opensearch.pid"
  : >"$OS_HOME/startup.log"
  if [ "$IS_ROOT" -eq 1 ]; then chown "$OS_USER:" "$OS_HOME/startup.log"; fi
  if [ "$IS_ROOT" -eq 1 ]; then launch=(runuser -u "$OS_USER" --); fi
  launch+=(env OPENSEARCH_PATH_CONF="$OS_HOME/config" OPENSEARCH_JAVA_HOME="$java_home"
    OPENSEARCH_JAVA_OPTS="-Xms$OPENSEARCH_HEAP -Xmx$OPENSEARCH_HEAP${OPENSEARCH_JAVA_OPTS:+ $OPENSEARCH_JAVA_OPTS}"
    HOME="$OS_HOME" "$OS_DIST/bin/opensearch" -d -p "$OS_HOME/opensearch.pid")
  # -d: the launcher returns once the JVM runs in the background; setsid detaches it from our
  # terminal's signals (Ctrl-C in `npm start` must not kill it).
  if ! (cd "$OS_DIST" && setsid "${launch[@]}" </dev/null >>"$OS_HOME/startup.log" 2>&1 9>&-); then
    fail opensearch "bin/opensearch -d failed" "$OS_HOME/startup.log" "$OS_HOME/logs/svc-stack-$OS_PORT.log"
  fi
  pid=""
  for ((i = 0; i < 300; i++)); do
    pid="$(head -n 1 "$OS_HOME/opensearch.pid" 2>/dev/null || true)"
    if pid_alive "$pid"; then break; fi
    pid=""
    sleep 0.2
  done
  [ -n "$pid" ] || fail opensearch "the node exited during startup" "$OS_HOME/startup.log" "$OS_HOME/logs/svc-stack-$OS_PORT.log"
  record opensearch "$OS_PORT" "$pid"
  OS_PID="$pid"
  OS_LAUNCHED=1
}

os_wait() {
  local logs=("$OS_HOME/startup.log" "$OS_HOME/logs/svc-stack-$OS_PORT.log") waited=0
  while ! os_healthy; do
    waited=1
    if [ -n "$OS_PID" ] && ! pid_alive "$OS_PID"; then
      unrecord opensearch "$OS_PORT"
      fail opensearch "the node exited during startup" "${logs[@]}"
    fi
    if [ -z "$OS_PID" ] && ! os_answers; then
      fail opensearch "the existing server at $OS_ADDR stopped answering" "${logs[@]}"
    fi
    if ((SECONDS - OS_STARTED_AT >= OS_TIMEOUT)); then
      if [ -n "$OS_PID" ]; then
        stop_pid opensearch "$OS_PID" TERM 30
        unrecord opensearch "$OS_PORT"
      fi
      fail opensearch "cluster health did not reach yellow at $OS_ADDR within ${OS_TIMEOUT}s" "${logs[@]}"
    fi
    sleep 1
  done
  if [ "$OS_LAUNCHED" -eq 1 ]; then
    say "opensearch: up in $((SECONDS - OS_STARTED_AT))s"
  elif [ "$waited" -eq 1 ]; then
    say "opensearch: healthy (yellow or green) after $((SECONDS - OS_STARTED_AT))s"
  fi
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
  lock
  # OpenSearch boots slowest: launch it first and wait for it last.
  os_start
  pg_up
  nats_up
  redis_up
  os_wait
}

# stop_recorded <service> <port> <pattern> <signal> <timeout> <address>
stop_recorded() {
  local svc=$1 port=$2 pattern=$3 sig=$4 limit=$5 addr=$6 pid
  pid="$(recorded_pid "$svc" "$port" "$pattern")"
  if [ -n "$pid" ]; then
    say "$svc: stopping the server at $addr (pid $pid)"
    stop_pid "$svc" "$pid" "$sig" "$limit"
    unrecord "$svc" "$port"
  else
    say "$svc: nothing to stop at $addr (not started by stack.sh)"
  fi
}

cmd_down() {
  lock
  local f others=()
  os_setup_vars
  stop_recorded opensearch "$OS_PORT" "$OS_PATTERN" TERM 60 "$OS_ADDR"
  if [ -n "$REDIS_URL" ]; then
    redis_setup_vars
    stop_recorded redis "$REDIS_PORT" redis-server TERM 20 "$REDIS_ADDR"
  fi
  nats_setup_vars
  stop_recorded nats "$NATS_PORT" nats-server TERM 20 "$NATS_ADDR"
  pg_setup_vars
  stop_recorded postgres "$PG_PORT" postgres INT 60 "$PG_ADDR"
  for f in "$RUN_DIR"/*.pid; do
    [ -e "$f" ] || continue
    others+=("$(basename "$f" .pid)")
  done
  if [ "${#others[@]}" -gt 0 ]; then
    say "stack: still running from an up with other settings: ${others[*]} (run down with the same URLs to stop them)"
  fi
}

# reset_dir <service> <still answers 0/1> <dir>: delete a data dir of this script, unless a
# server still answers on that port (pre-existing, or started from another clone).
reset_dir() {
  if [ ! -e "$3" ]; then return 0; fi
  if [ "$2" -eq 1 ]; then
    say "$1: kept $3 (a server still answers on its port)"
  else
    rm -rf "$3"
    say "$1: deleted $3"
  fi
}

cmd_reset() {
  cmd_down
  local a
  os_setup_vars
  a=0; if os_answers; then a=1; fi
  reset_dir opensearch "$a" "$OS_HOME"
  pg_setup_vars
  a=0; if pg_answers; then a=1; fi
  reset_dir postgres "$a" "$PG_HOME"
  nats_setup_vars
  a=0; if nats_answers; then a=1; fi
  reset_dir nats "$a" "$NATS_HOME"
  if [ -n "$REDIS_URL" ]; then
    redis_setup_vars
    a=0; if redis_answers; then a=1; fi
    reset_dir redis "$a" "$REDIS_HOME"
  fi
}

# status_line <service> <address> <answers 0/1> <pid> [detail]
status_line() {
  local state=down how=""
  if [ "$3" -eq 1 ]; then state=up; fi
  if [ -n "$4" ]; then how=" (started by stack.sh, pid $4)"; elif [ "$3" -eq 1 ]; then how=" (existing server)"; fi
  printf '%-11s %-5s %s%s%s\n' "$1:" "$state" "$2" "$how" "${5:+ $5}"
}

cmd_status() {
  local ok=0 a detail
  pg_setup_vars
  a=0; if pg_answers; then a=1; else ok=1; fi
  status_line postgres "$PG_ADDR/$PG_DB" "$a" "$(recorded_pid postgres "$PG_PORT" postgres)"
  nats_setup_vars
  a=0; if nats_answers; then a=1; else ok=1; fi
  status_line nats "$NATS_ADDR" "$a" "$(recorded_pid nats "$NATS_PORT" nats-server)"
  if [ -n "$REDIS_URL" ]; then
    redis_setup_vars
    a=0; if redis_answers; then a=1; else ok=1; fi
    status_line redis "$REDIS_ADDR" "$a" "$(recorded_pid redis "$REDIS_PORT" redis-server)"
  else
    printf '%-11s %s\n' "redis:" "not used (REDIS_URL is not set)"
  fi
  os_setup_vars
  a=0 detail=""
  if command -v curl >/dev/null 2>&1; then
    if os_answers; then
      a=1
      detail="$(curl -sk -m 3 "$OS_BASE/_cluster/health" 2>/dev/null | grep -o '"status":"[a-z]*"' | cut -d'"' -f4 || true)"
      detail="${detail:+health $detail}"
      if [ "$detail" = "health red" ]; then ok=1; fi
    else
      ok=1
    fi
  elif tcp_open "$OS_HOST" "$OS_PORT"; then a=1; else ok=1; fi
  status_line opensearch "$OS_ADDR" "$a" "$(recorded_pid opensearch "$OS_PORT" "$OS_PATTERN")" "$detail"
  return "$ok"
}

# Sourcing the file (for tests) defines the functions without running a command.
if [[ ${BASH_SOURCE[0]} != "$0" ]]; then return 0; fi

case "${1:-}" in
  up) cmd_up ;;
  down) cmd_down ;;
  status) cmd_status ;;
  reset) cmd_reset ;;
  *)
    warn "usage: bash scripts/stack.sh up|down|status|reset"
    exit 2
    ;;
esac
