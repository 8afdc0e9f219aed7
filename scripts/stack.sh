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

# The apps' defaults, which libs/config/src/env.ts declares: test/stack-script.e2e-spec.ts fails
# when these differ from what libs/config resolves. Empty counts as unset, as in libs/config.
DATABASE_URL="${DATABASE_URL:-postgres://postgres@127.0.0.1:5432/svc}"
NATS_URL="${NATS_URL:-nats://127.0.0.1:4222}"
OPENSEARCH_URL="${OPENSEARCH_URL:-http://127.0.0.1:9200}"
REDIS_URL="${REDIS_URL:-}"
OPENSEARCH_HEAP="${OPENSEARCH_HEAP:-2g}"

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
# The commands loop over SERVICES; each service provides the same functions:
#
#   <svc>_setup_vars  read its URL and fill its entries in the tables below (service_at does the
#                     common part); the entry point runs it for every service before a command
#   <svc>_answers     a server answers at its address
#   <svc>_prepare     install, initialise and configure a private server (before the clock starts)
#   <svc>_launch      start the private server in the background and set PID[<svc>]; no waiting
#   <svc>_ready       the server can be used (OpenSearch: health yellow or green)
#   <svc>_after_up    once it is ready, whoever started it (Postgres creates the database)
#   <svc>_detail      extra words for `status` (OpenSearch: its health); fails when unusable
SERVICES=(postgres nats redis opensearch)

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

# service_at <svc> <url> <default port>: its address from the URL, and the usual table entries.
service_at() {
  local svc=$1
  parse_url "$2" "$3"
  UNUSED[$svc]="" SLOW[$svc]="" READY[$svc]="answering"
  HOST[$svc]="$URL_HOST" PORT[$svc]="$URL_PORT"
  ADDR[$svc]="$(hostport "$URL_HOST" "$URL_PORT")"
  TARGET[$svc]="${ADDR[$svc]}"
}

record_file() { printf '%s/%s-%s.pid' "$RUN_DIR" "$1" "${PORT[$1]}"; }

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
  if "${svc}_answers"; then
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
  "${svc}_prepare"
  SINCE[$svc]=$SECONDS
  "${svc}_launch"
  mkdir -p "$RUN_DIR"
  printf '%s\n' "${PID[$svc]}" >"$(record_file "$svc")"
}

# service_wait <svc>: until it is ready; a private server that dies or is not ready in time is
# stopped and fails the run.
service_wait() {
  local svc=$1 waited=0
  [ -z "${UNUSED[$svc]}" ] || return 0
  while ! "${svc}_ready"; do
    waited=1
    if [ -n "${PID[$svc]}" ] && ! pid_alive "${PID[$svc]}"; then
      unrecord "$svc"
      service_fail "$svc" "the server exited during startup"
    fi
    if [ -z "${PID[$svc]}" ] && ! "${svc}_answers"; then
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
  "${svc}_after_up"
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
  if "${svc}_answers"; then
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
    printf '%-11s %s\n' "$svc:" "not used (${UNUSED[$svc]})"
    return 0
  fi
  pid="$(recorded_pid "$svc")"
  if "${svc}_answers"; then
    state=up how=" (existing server)"
    if ! detail="$("${svc}_detail")"; then usable=1; fi
  else
    usable=1
  fi
  if [ -n "$pid" ]; then how=" (started by stack.sh, pid $pid)"; fi
  printf '%-11s %-5s %s%s%s\n' "$svc:" "$state" "${TARGET[$svc]}" "$how" "${detail:+ $detail}"
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
  service_at nats "$NATS_URL" 4222
  HOME_DIR[nats]="$STACK_DIR/nats-${PORT[nats]}"
  LOGS[nats]="${HOME_DIR[nats]}/stdout.log"$'\n'"${HOME_DIR[nats]}/nats.log"
  PATTERN[nats]=nats-server STOP_SIGNAL[nats]=TERM STOP_WAIT[nats]=20 TIMEOUT[nats]=30
}

nats_info() { tcp_first_line "${HOST[nats]}" "${PORT[nats]}"; }
nats_answers() { [[ "$(nats_info || true)" == INFO* ]]; }
nats_ready() { nats_answers; }

nats_prepare() {
  find_bin NATS_BIN nats nats-server nats-server
  mkdir -p "${HOME_DIR[nats]}/jetstream"
  rm -f "${HOME_DIR[nats]}/nats.pid"
}

nats_launch() {
  local home="${HOME_DIR[nats]}"
  say "nats: starting a private server with JetStream at 127.0.0.1:${PORT[nats]} …"
  setsid "$NATS_BIN" -a 127.0.0.1 -p "${PORT[nats]}" -js -sd "$home/jetstream" \
    -P "$home/nats.pid" -l "$home/nats.log" </dev/null >>"$home/stdout.log" 2>&1 9>&- &
  PID[nats]=$!
}

# Ours always has JetStream; the apps need it from an existing server too.
nats_after_up() {
  if [ -z "${PID[nats]}" ] && [[ "$(nats_info || true)" != *'"jetstream":true'* ]]; then
    warn "nats: warning: JetStream is not enabled on the server at ${ADDR[nats]}"
  fi
}

nats_detail() { :; }

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
  local default_port=80
  # No port in the URL: the scheme's default, as HTTP clients do.
  if [[ $OPENSEARCH_URL == https://* ]]; then default_port=443; fi
  service_at opensearch "$OPENSEARCH_URL" "$default_port"
  OS_SCHEME="${URL_SCHEME:-http}"
  OS_BASE="${OPENSEARCH_URL%%,*}"
  OS_BASE="${OS_BASE%/}"
  OS_DIST="$SHARED_DIR/opensearch-$OPENSEARCH_VERSION"
  OS_ZIP="$CACHE_DIR/opensearch/opensearch-$OPENSEARCH_VERSION.zip"
  OS_USER="opensearch"
  if [ "$IS_ROOT" -eq 0 ]; then OS_USER="$(id -un)"; fi
  HOME_DIR[opensearch]="$SHARED_DIR/opensearch-node-${PORT[opensearch]}"
  LOGS[opensearch]="${HOME_DIR[opensearch]}/startup.log"$'\n'"${HOME_DIR[opensearch]}/logs/svc-stack-${PORT[opensearch]}.log"
  PATTERN[opensearch]=org.opensearch.bootstrap.OpenSearch
  STOP_SIGNAL[opensearch]=TERM STOP_WAIT[opensearch]=60
  TIMEOUT[opensearch]="${STACK_OPENSEARCH_TIMEOUT:-120}"
  READY[opensearch]="healthy (yellow or green)"
  SLOW[opensearch]=1
}

os_http() { curl -sk -m "${2:-3}" -o /dev/null -w '%{http_code}' "$OS_BASE$1" 2>/dev/null || true; }

# Any HTTP answer; without curl (only `status` runs without installing it), an open port.
opensearch_answers() {
  local code
  if ! command -v curl >/dev/null 2>&1; then
    tcp_open "${HOST[opensearch]}" "${PORT[opensearch]}"
    return
  fi
  code="$(os_http /)"
  [ -n "$code" ] && [ "$code" != 000 ]
}

# Only `up` asks, so this is where a missing curl is installed (`status` never installs).
opensearch_ready() {
  command -v curl >/dev/null 2>&1 || apt_install opensearch curl ca-certificates
  [ "$(os_http '/_cluster/health?wait_for_status=yellow&timeout=2s' 5)" = 200 ]
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

os_configure() {
  local home="${HOME_DIR[opensearch]}" port="${PORT[opensearch]}"
  mkdir -p "$home/config" "$home/data" "$home/logs"
  # Config follows the installed version; opensearch.yml and heap come from this script.
  cp -R "$OS_DIST/config/." "$home/config/"
  sed -i -e '/^-Xm[sx]/d' \
    -e "s#^-XX:HeapDumpPath=data\$#-XX:HeapDumpPath=$home/data#" \
    -e "s#logs/#$home/logs/#g" "$home/config/jvm.options"
  cat >"$home/config/opensearch.yml" <<EOF
# written by scripts/stack.sh on every start
cluster.name: svc-stack-$port
node.name: svc-stack-$port
path.data: $home/data
path.logs: $home/logs
network.host: 127.0.0.1
http.port: $port
discovery.type: single-node
# the disk may be well used; watermarks would make indices read-only
cluster.routing.allocation.disk.threshold_enabled: false
EOF
  if [ "$IS_ROOT" -eq 1 ]; then chown -R "$OS_USER:" "$home"; fi
}

opensearch_prepare() {
  [ "$OS_SCHEME" = http ] || fail opensearch "$OPENSEARCH_URL does not answer, and the local OpenSearch this script starts speaks plain http"
  [[ $OPENSEARCH_HEAP =~ ^[0-9]+[kKmMgG]$ ]] || fail opensearch "OPENSEARCH_HEAP must look like 512m or 2g (got '$OPENSEARCH_HEAP')"
  OS_JAVA_HOME="$(os_java_home)"
  if [ -z "$OS_JAVA_HOME" ]; then
    apt_install opensearch openjdk-17-jre-headless
    OS_JAVA_HOME="$(os_java_home)"
    [ -n "$OS_JAVA_HOME" ] || fail opensearch "java not found after installing openjdk-17-jre-headless"
  fi
  command -v ps >/dev/null 2>&1 || apt_install opensearch procps # bin/opensearch -d uses ps
  if [ "$IS_ROOT" -eq 1 ]; then ensure_shared_dir "$OS_USER"; else mkdir -p "$SHARED_DIR"; fi
  os_unpack
  os_configure
}

opensearch_launch() {
  local home="${HOME_DIR[opensearch]}" launch=()
  say "opensearch: starting $OPENSEARCH_VERSION at 127.0.0.1:${PORT[opensearch]} (heap $OPENSEARCH_HEAP) …"
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
    service_fail opensearch "bin/opensearch -d failed"
  fi
  pid_from_file opensearch "$home/opensearch.pid" 60
}

opensearch_after_up() { :; }

# Its cluster health; red means it cannot serve every index.
opensearch_detail() {
  local health
  command -v curl >/dev/null 2>&1 || return 0
  health="$(curl -sk -m 3 "$OS_BASE/_cluster/health" 2>/dev/null | grep -o '"status":"[a-z]*"' | cut -d'"' -f4 || true)"
  [ -n "$health" ] || return 0
  printf 'health %s' "$health"
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
  for svc in "${SERVICES[@]}"; do service_status "$svc" || ok=1; done
  return "$ok"
}

# Sourcing the file (for tests) defines the functions without running a command.
if [[ ${BASH_SOURCE[0]} != "$0" ]]; then return 0; fi

case "${1:-}" in
  up | down | status | reset)
    for svc in "${SERVICES[@]}"; do "${svc}_setup_vars"; done
    "cmd_$1"
    ;;
  *)
    warn "usage: bash scripts/stack.sh up|down|status|reset"
    exit 2
    ;;
esac
