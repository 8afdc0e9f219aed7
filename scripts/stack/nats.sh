# shellcheck shell=bash
# shellcheck disable=SC2004 # the tables are services.sh's associative arrays, unseen here
# scripts/stack.sh's NATS: a private server with JetStream, or in cluster mode one node per listed
# port, routed to the others. Sourced by the driver.

nats_route_port() { printf '%s' $(($1 + 2000)); }
nats_monitor_port() { printf '%s' $(($1 + 4000)); }

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

# nats_cluster_args <svc>: a cluster node's route listener, its routes to the other nodes, its
# monitoring port, and JetStream (the bulk-enrichment job queue) with a store and a stable name.
nats_cluster_args() {
  local port=${PORT[$1]} p routes=""
  for p in "${NATS_NODES[@]}"; do
    if [ "$p" != "$port" ]; then routes+="nats://127.0.0.1:$(nats_route_port "$p"),"; fi
  done
  printf '%s\n' --cluster "nats://127.0.0.1:$(nats_route_port "$port")" --cluster_name "$NATS_CLUSTER_NAME" \
    -m "$(nats_monitor_port "$port")" -js -sd "${HOME_DIR[$1]}/jetstream" --server_name "nats-$port"
  if [ -n "$routes" ]; then printf '%s\n' --routes "${routes%,}"; fi
}

nats_launch() {
  local svc=$1 home="${HOME_DIR[$1]}" args
  args=(-a 127.0.0.1 -p "${PORT[$svc]}" -P "$home/nats.pid" -l "$home/nats.log")
  if [ "$STACK_CLUSTER" -eq 1 ]; then
    mapfile -t -O "${#args[@]}" args < <(nats_cluster_args "$svc")
    say "$svc: starting a cluster node at 127.0.0.1:${PORT[$svc]} (cluster $NATS_CLUSTER_NAME) …"
  else
    args+=(-js -sd "$home/jetstream")
    say "$svc: starting a private server with JetStream at 127.0.0.1:${PORT[$svc]} …"
  fi
  mkdir -p "$home/jetstream"
  setsid "$NATS_BIN" "${args[@]}" </dev/null >>"$home/stdout.log" 2>&1 9>&- &
  PID[$svc]=$!
}

# Ours always has JetStream (the job queue); the apps need it from an existing server too.
nats_after_up() {
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
