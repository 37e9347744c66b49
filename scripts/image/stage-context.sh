#!/usr/bin/env bash
# Fills a folder with the Docker build context of an image for builds without a registry, all without the
# network, with the runtime packages copied from ./node_modules (runtime-packages.mjs: the ones
# `npm ci --omit=dev` would install, plus any named).
#   reference (default)  the files the repository's .dockerignore lets through: what `mcs serve` runs
#   tool                 the whole tool (`mcs certify`, `mcs load`, `mcs serve`...): every file of the
#                        repository but its own tests, benchmarks, scripts and CI, plus the packages the
#                        tool runs on (certify runs the suites through vitest)
# --link-packages symlinks those packages to ./node_modules instead of copying them (some 120 MB): for
# test/container/staged-reference.test.ts, which runs the staged image without Docker; such a folder is no
# build context (Docker does not follow the links).
# Usage: scripts/image/stage-context.sh DIR [reference|tool] [--link-packages]
set -euo pipefail
cd "$(dirname "$0")/../.."
USAGE="usage: stage-context.sh DIR [reference|tool] [--link-packages]"
CONTEXT="${1:?$USAGE}"
KIND="${2:-reference}"
PACKAGES="${3:-copy}"
if [[ "$PACKAGES" != copy && "$PACKAGES" != --link-packages ]]; then
  echo "stage-context: unknown option '$PACKAGES' ($USAGE)" >&2
  exit 2
fi
mkdir -p "$CONTEXT"

case "$KIND" in
  reference)
    # The files the .dockerignore allowlist lets through (its `!` lines, less its other patterns), read from
    # it, so that `docker build .` and this context hold the same files.
    mapfile -t INCLUDE < <(sed -n 's:^!\(.*\)$:\1:p' .dockerignore | sed 's:/$::')
    mapfile -t EXCLUDE < <(grep -vE '^(#|!|\*$|$)' .dockerignore | sed 's:^\*\*/::; s:/$::; s:^:--exclude=:')
    tar -cf - "${EXCLUDE[@]}" "${INCLUDE[@]}" | tar -xf - -C "$CONTEXT"
    EXTRA_PACKAGES=()
    ;;
  tool)
    # Tracked and new (not ignored) files, so a working copy builds as it is. The suites are *.test.ts
    # files themselves; elsewhere tests stay out.
    git ls-files --cached --others --exclude-standard -z |
      grep -zvE '^(test|bench|scripts|\.ci)/|^\.|/\.|^Dockerfile$' |
      grep -zvP '^(?!suites/).*\.test\.ts$' |
      tar --null -cf - -T - | tar -xf - -C "$CONTEXT"
    EXTRA_PACKAGES=(vitest)
    ;;
  *)
    echo "stage-context: unknown kind '$KIND' (reference or tool)" >&2
    exit 2
    ;;
esac

node scripts/image/runtime-packages.mjs "${EXTRA_PACKAGES[@]}" >"$CONTEXT/.runtime-packages"
if ! grep -q . "$CONTEXT/.runtime-packages" || [[ ! -d node_modules ]]; then
  echo "stage-context: no runtime packages found in ./node_modules (run npm ci first)" >&2
  exit 2
fi
if [[ "$PACKAGES" == --link-packages ]]; then
  while IFS= read -r package; do
    [[ -d "$CONTEXT/${package%/*}" ]] || mkdir -p "$CONTEXT/${package%/*}"
    ln -s "$PWD/$package" "$CONTEXT/$package"
  done <"$CONTEXT/.runtime-packages"
else
  tar -cf - -T "$CONTEXT/.runtime-packages" | tar -xf - -C "$CONTEXT"
fi
rm "$CONTEXT/.runtime-packages"
