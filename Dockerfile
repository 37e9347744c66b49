# The reference implementation as a container image: `mcs serve` on 0.0.0.0:8080 with v4 at /v4, v2 at
# /v2 and the conformance control API at /__control.
#
# With a public registry:     docker build -t mcs-reference:local .
# Without one (this project's machines): npm run image:build, which builds this same file on a base
# imported from local files (BASE_IMAGE=mcs-node-base:local, no npm inside) from a context that already
# holds the production node_modules, so the RUN below installs nothing.
# A faulty variant for demos and tests: docker run mcs-reference:local --fault NAME (see --list-faults).
ARG BASE_IMAGE=node:20-bookworm-slim
FROM ${BASE_IMAGE}

# Settings first: their layers stay cached while only the sources change (with the vfs storage driver
# every layer is a full copy of the image, so the steps after COPY are kept few).
LABEL org.mcs-conformance.image=reference
# MCS_HOST and MCS_PORT move the server, e.g. onto loopback when the container shares the host's network
# (mcs certify --image ... --network host). Arguments after the image name go to `mcs serve`.
ENV NODE_ENV=production MCS_HOST=0.0.0.0 MCS_PORT=8080
WORKDIR /app
EXPOSE 8080
ENTRYPOINT ["/bin/sh", "-c", "exec node cli/mcs.js serve --host \"$MCS_HOST\" --port \"$MCS_PORT\" \"$@\"", "mcs-serve"]

COPY . /app/
RUN if [ ! -d node_modules ]; then npm ci --omit=dev --ignore-scripts --no-audit --no-fund && npm cache clean --force; fi
# tsx compiles the TypeScript sources on start and caches the result under /tmp, which any user may write.
USER 1000:1000
