# shellcheck shell=bash
# shellcheck disable=SC2004 # the tables are services.sh's associative arrays, unseen here
# scripts/stack.sh's OpenSearch: the distribution from Maven Central, unpacked once per version
# and run as a non-root user, one node or, in cluster mode, one per listed port. Sourced by the
# driver.

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
