# shellcheck shell=bash
# scripts/stack.sh's installs: the apt packages a service lacks, as root or with passwordless
# sudo, without letting their maintainer scripts start a distro daemon. Sourced by the driver.

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
