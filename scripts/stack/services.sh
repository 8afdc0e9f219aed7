# shellcheck shell=bash
# scripts/stack.sh's services: what each provides, the tables they fill, and how any of them is
# started, waited for, stopped, reset and reported. Sourced by the driver.
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
