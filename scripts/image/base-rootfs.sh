#!/usr/bin/env bash
# Builds the base image `mcs-node-base:local` with no registry: a root filesystem assembled from this
# machine's Node.js binary, the shared libraries it needs (read off ldd), and a POSIX shell for the
# Dockerfile's RUN steps, plus the libraries the native addons in ./node_modules need (the tool image
# loads rolldown's and lightningcss's, which link librt and libgcc_s), then `docker import`ed. The image is labelled with the Node.js version and
# the layout's version, and reused while both are unchanged.
# Usage: scripts/image/base-rootfs.sh [IMAGE]   (default mcs-node-base:local)
set -euo pipefail

IMAGE="${1:-mcs-node-base:local}"
NODE_BIN="$(readlink -f "$(command -v node)")"
SHELL_BIN="$(readlink -f /bin/sh)"
NODE_VERSION="$("$NODE_BIN" --version)"
# Bump the suffix when the layout below changes, so that machines holding an older base rebuild it.
BASE_VERSION="$NODE_VERSION-4"
LABEL="org.mcs-conformance.base-version"

if [[ "$(docker image inspect --format "{{ index .Config.Labels \"$LABEL\" }}" "$IMAGE" 2>/dev/null || true)" == "$BASE_VERSION" ]]; then
  echo "base-rootfs: $IMAGE is up to date (node $NODE_VERSION)"
  exit 0
fi

ROOTFS="$(mktemp -d "${TMPDIR:-/tmp}/mcs-rootfs.XXXXXX")"
trap 'rm -rf "$ROOTFS"' EXIT
chmod 755 "$ROOTFS" # mktemp makes it 0700, which would lock every other user out of /

# Copies a file to the same path inside the root filesystem, following symlinks so the copy is real.
place() {
  local source="$1" target="$ROOTFS$2"
  mkdir -p "$(dirname "$target")"
  cp -L "$source" "$target"
}

# The libraries a binary needs, as ldd prints them: "name => /path (addr)" or "/path (addr)".
libraries_of() {
  ldd "$1" | awk '$2 == "=>" && $3 ~ /^\// { print $3 } $1 ~ /^\// { print $1 }'
}

# Native addons (*.node) of this platform; those built for others are not dynamic objects here (ldd fails).
addon_libraries() {
  local addon
  [[ -d node_modules ]] || return 0
  find node_modules -name '*.node' -type f 2>/dev/null | while read -r addon; do
    ldd "$addon" 2>/dev/null | awk '$2 == "=>" && $3 ~ /^\// { print $3 } $1 ~ /^\// { print $1 }' || true
  done
}

place "$NODE_BIN" /usr/local/bin/node
# Symbols and debug sections are a tenth of the binary, copied again for every layer with vfs.
if command -v strip >/dev/null 2>&1; then strip "$ROOTFS/usr/local/bin/node"; fi
place "$SHELL_BIN" /bin/sh
for lib in $( { libraries_of "$NODE_BIN"; libraries_of "$SHELL_BIN"; addon_libraries; } | sort -u); do
  place "$lib" "$lib"
done

mkdir -p "$ROOTFS"/{etc,tmp,root,home/node}
chmod 1777 "$ROOTFS/tmp"
chown 1000:1000 "$ROOTFS/home/node"
printf 'root:x:0:0:root:/root:/bin/sh\nnode:x:1000:1000:node:/home/node:/bin/sh\n' >"$ROOTFS/etc/passwd"
printf 'root:x:0:\nnode:x:1000:\n' >"$ROOTFS/etc/group"
printf 'hosts: files dns\n' >"$ROOTFS/etc/nsswitch.conf"

tar --numeric-owner -C "$ROOTFS" -cf - . | docker import \
  --change "LABEL $LABEL=$BASE_VERSION" \
  --change 'ENV PATH=/usr/local/bin:/usr/bin:/bin' \
  --change 'CMD ["node"]' \
  - "$IMAGE" >/dev/null
echo "base-rootfs: built $IMAGE (node $NODE_VERSION, $(du -sh "$ROOTFS" | cut -f1))"
