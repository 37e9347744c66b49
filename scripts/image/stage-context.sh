#!/usr/bin/env bash
# Fills a folder with the Docker build context of the reference image for builds without a registry:
# the files the repository's .dockerignore lets through, plus the production packages copied from
# ./node_modules (the ones `npm ci --omit=dev` would install), all without the network.
# Usage: scripts/image/stage-context.sh DIR
set -euo pipefail
cd "$(dirname "$0")/../.."
CONTEXT="${1:?usage: stage-context.sh DIR}"
mkdir -p "$CONTEXT"

# The same files as the .dockerignore allowlist lets through: keep the two in step.
cp package.json package-lock.json tsconfig.json "$CONTEXT/"
tar -cf - --exclude='*.test.ts' --exclude='spec/scripts' cli reference spec | tar -xf - -C "$CONTEXT"

# The production dependencies only, as npm lists them (npm ls exits non-zero over a mere warning, such as
# an extraneous package, yet lists the tree). A package nested in another's node_modules is a dependency
# of that one, which is then listed too and brings it along.
npm ls --omit=dev --all --parseable 2>/dev/null | sed -n "s|^$PWD/||p" | grep -v '^node_modules/.*/node_modules/' |
  sort -u >"$CONTEXT/.production-packages" || true
if [[ ! -s "$CONTEXT/.production-packages" ]]; then
  echo "stage-context: npm ls listed no production packages (run npm ci first)" >&2
  exit 2
fi
tar -cf - -T "$CONTEXT/.production-packages" | tar -xf - -C "$CONTEXT"
rm "$CONTEXT/.production-packages"
