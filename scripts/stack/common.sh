# shellcheck shell=bash
# scripts/stack.sh's helpers: messages, URLs, sockets, processes and users. Sourced by the driver.

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
