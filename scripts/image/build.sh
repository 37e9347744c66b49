#!/usr/bin/env bash
# `npm run image:build`: builds the reference images and the tool image with no registry.
#   1. mcs-node-base:local   a base imported from this machine's Node.js and its libraries (base-rootfs.sh)
#   2. mcs-reference:local   the repository's Dockerfile on that base, from a staged context that already
#                            holds the production node_modules (copied from ./node_modules, then pruned)
#   3. mcs-reference:faulty  the same image started with one fault switched on (MCS_IMAGE_FAULT,
#                            default auth.401-standard-shape), which a certification must fail
#   4. mcs:local             the whole tool (scripts/image/tool.Dockerfile): docker run mcs:local certify ...
# The tool and reference images are also tagged with the project's own names, the version of package.json
# and its major.minor (ghcr.io/mcs-conformance/mcs:0.1.0 and :0.1, ghcr.io/mcs-conformance/mcs-reference:...),
# and labelled with the OCI version, source and licence: what a release pushes, and what the README's recipes
# name. MCS_IMAGE_REPOSITORY moves them (default ghcr.io/mcs-conformance).
# Exit 0 built; 2 no Docker engine reachable or node_modules missing (run npm ci first).
set -euo pipefail
cd "$(dirname "$0")/../.."

BASE_IMAGE="${MCS_BASE_IMAGE:-mcs-node-base:local}"
IMAGE="${MCS_IMAGE:-mcs-reference:local}"
FAULTY_IMAGE="${MCS_FAULTY_IMAGE:-mcs-reference:faulty}"
FAULT="${MCS_IMAGE_FAULT:-auth.401-standard-shape}"
TOOL_IMAGE="${MCS_TOOL_IMAGE:-mcs:local}"
LABEL_PREFIX="org.mcs-conformance"
REPOSITORY="${MCS_IMAGE_REPOSITORY:-ghcr.io/mcs-conformance}"
VERSION="$(node -p 'require("./package.json").version')"
MINOR="$(printf '%s' "$VERSION" | cut -d. -f1,2)"
SOURCE="$(node -p 'String(require("./package.json").repository?.url ?? "").replace(/^git\+/, "").replace(/\.git$/, "")')"
OCI_LABELS=(
  --label "org.opencontainers.image.version=$VERSION"
  --label "org.opencontainers.image.source=$SOURCE"
  --label "org.opencontainers.image.licenses=Apache-2.0"
)

if ! timeout 15 docker info >/dev/null 2>&1; then
  echo "image:build: no Docker engine reachable (start one, e.g. scripts/ci/docker.sh)" >&2
  exit 2
fi
if [[ ! -d node_modules ]]; then
  echo "image:build: node_modules is missing (run npm ci first)" >&2
  exit 2
fi
if [[ ! "$FAULT" =~ ^[a-z0-9][a-z0-9.-]*$ ]]; then
  echo "image:build: MCS_IMAGE_FAULT must be a fault name such as auth.401-standard-shape, not '$FAULT'" >&2
  exit 2
fi

# docker build, its output shown only when it fails (the legacy builder warns of its deprecation each time).
quiet_build() {
  local output
  if ! output="$(docker build --quiet "$@" 2>&1 >/dev/null)"; then
    printf '%s\n' "$output" >&2
    return 1
  fi
}

bash scripts/image/base-rootfs.sh "$BASE_IMAGE"

CONTEXT="$(mktemp -d "${TMPDIR:-/tmp}/mcs-image-context.XXXXXX")"
TOOL_CONTEXT="$(mktemp -d "${TMPDIR:-/tmp}/mcs-tool-context.XXXXXX")"
trap 'rm -rf "$CONTEXT" "$TOOL_CONTEXT"' EXIT
bash scripts/image/stage-context.sh "$CONTEXT" reference

echo "image:build: building $IMAGE on $BASE_IMAGE"
quiet_build --build-arg "BASE_IMAGE=$BASE_IMAGE" "${OCI_LABELS[@]}" --label "org.opencontainers.image.title=mcs-reference" -t "$IMAGE" -f Dockerfile "$CONTEXT"

echo "image:build: building $FAULTY_IMAGE ($IMAGE with --fault $FAULT)"
# One step (each costs a full copy with vfs): the fault shows in the image's CMD, no label needed.
printf 'FROM %s\nCMD ["--fault", "%s"]\n' "$IMAGE" "$FAULT" | quiet_build -t "$FAULTY_IMAGE" -

echo "image:build: building $TOOL_IMAGE (the whole tool) on $BASE_IMAGE"
bash scripts/image/stage-context.sh "$TOOL_CONTEXT" tool
quiet_build --build-arg "BASE_IMAGE=$BASE_IMAGE" "${OCI_LABELS[@]}" --label "org.opencontainers.image.title=mcs" -t "$TOOL_IMAGE" -f scripts/image/tool.Dockerfile "$TOOL_CONTEXT"

# The project's own names (no registry is asked: tags of the images just built).
for tag in "$VERSION" "$MINOR"; do
  docker tag "$TOOL_IMAGE" "$REPOSITORY/mcs:$tag"
  docker tag "$IMAGE" "$REPOSITORY/mcs-reference:$tag"
done

# Each rebuild leaves the previous image untagged; with the vfs driver each one is a full copy on disk.
# The labels come from the Dockerfiles.
for kind in reference tool; do
  docker image prune --force --filter "label=$LABEL_PREFIX.image=$kind" >/dev/null || true
done
docker image ls --filter "reference=${IMAGE%%:*}" --filter "reference=${TOOL_IMAGE%%:*}" --filter "reference=$REPOSITORY/*" --format 'image:build: {{.Repository}}:{{.Tag}} {{.Size}}'
echo "image:build: version label $VERSION (org.opencontainers.image.version)"
