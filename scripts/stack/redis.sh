# shellcheck shell=bash
# shellcheck disable=SC2004,SC2154 # the tables are services.sh's associative arrays, unseen from here
# scripts/stack.sh's Redis (only when REDIS_URL is set): a private server without persistence.
# Sourced by the driver.

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
