#!/usr/bin/env bash
# Fills a folder with the Docker build context of the reference image for builds without a registry:
# the files the repository's .dockerignore lets through, plus the production node_modules copied from
# ./node_modules and pruned of dev dependencies, all without the network. A real copy, never hard links:
# npm prune rewrites node_modules/.package-lock.json in place, which would change the project's own.
# Usage: scripts/image/stage-context.sh DIR
set -euo pipefail
cd "$(dirname "$0")/../.."
CONTEXT="${1:?usage: stage-context.sh DIR}"
mkdir -p "$CONTEXT"

# The same files as the .dockerignore allowlist lets through: keep the two in step.
cp package.json package-lock.json tsconfig.json "$CONTEXT/"
tar -cf - --exclude='*.test.ts' --exclude='spec/scripts' cli reference spec | tar -xf - -C "$CONTEXT"

# Tool caches (vite's, vitest's) are no part of the installed packages.
tar -cf - --exclude='node_modules/.vite*' --exclude='node_modules/.cache' node_modules | tar -xf - -C "$CONTEXT"
(cd "$CONTEXT" && npm prune --omit=dev --ignore-scripts --no-audit --no-fund --loglevel=error >/dev/null)
