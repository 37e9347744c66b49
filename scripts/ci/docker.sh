#!/usr/bin/env bash
# Makes a Docker engine reachable for the container test: installs Debian's docker.io when dockerd is
# missing, starts dockerd in the background with the vfs storage driver (the only one that works on
# every filesystem here, no overlay mounts needed), and waits, bounded, until `docker info` answers.
# Idempotent: an engine that already answers is left alone. Exit 0 when the engine answers, else 1.
set -euo pipefail

WAIT_SECONDS="${DOCKER_WAIT_SECONDS:-60}"
LOG_FILE="${DOCKERD_LOG:-/tmp/mcs-dockerd.log}"

engine_answers() { timeout 10 docker info >/dev/null 2>&1; }
# Installing and starting an engine takes root; CI runs as root, a developer may go through sudo.
SUDO=""
[[ "$(id -u)" -eq 0 ]] || SUDO="sudo"

if command -v docker >/dev/null 2>&1 && engine_answers; then
  echo "docker.sh: a Docker engine already answers"
  exit 0
fi

if ! command -v dockerd >/dev/null 2>&1; then
  echo "docker.sh: installing Debian's docker.io"
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq
  # Debian's policy-rc.d, where present, keeps the package from starting a service: started below.
  $SUDO apt-get install -y -qq --no-install-recommends docker.io iptables >/dev/null
fi

if ! pgrep -x dockerd >/dev/null 2>&1; then
  echo "docker.sh: starting dockerd (vfs) in the background, log: $LOG_FILE"
  # setsid: dockerd outlives this script and is not in the caller's process group.
  $SUDO setsid dockerd --storage-driver=vfs >"$LOG_FILE" 2>&1 < /dev/null &
fi

for ((i = 0; i < WAIT_SECONDS; i++)); do
  if engine_answers; then
    echo "docker.sh: Docker engine ready ($(docker version --format '{{.Server.Version}}' 2>/dev/null))"
    exit 0
  fi
  sleep 1
done
echo "docker.sh: the Docker engine did not answer within ${WAIT_SECONDS}s; last lines of $LOG_FILE:" >&2
tail -n 20 "$LOG_FILE" >&2 || true
exit 1
