# shellcheck shell=bash
# scripts/stack.sh's commands: up, down, status and reset over the planned services. Sourced by
# the driver.

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
