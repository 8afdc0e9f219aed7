# shellcheck shell=bash
# shellcheck disable=SC2004,SC2154 # the tables are services.sh's associative arrays, unseen from here
# scripts/stack.sh's Postgres: a private cluster run as the postgres user when root, and the
# URL's database. Sourced by the driver.

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
