# The whole tool as a container image, `mcs:local`: `docker run mcs:local certify --base-url URL ...`,
# `mcs load ...` (the pods of `mcs load k8s`), `mcs serve`... Built by `npm run image:build` from a staged
# context (scripts/image/stage-context.sh DIR tool) that already holds the runtime node_modules, on a base
# imported from local files (BASE_IMAGE=mcs-node-base:local), so nothing is installed here and no
# registry is asked. With a registry: stage the context the same way, then
#   docker build --build-arg BASE_IMAGE=node:20-bookworm-slim -f scripts/image/tool.Dockerfile -t mcs:local DIR
ARG BASE_IMAGE=node:20-bookworm-slim
FROM ${BASE_IMAGE}

LABEL org.mcs-conformance.image=tool
# CI=true: no interactive console; reports go where --reports-dir says (mount a folder there).
ENV CI=true
# /app is the working directory the Job's pod script expects (node cli/mcs.js ...).
WORKDIR /app
# Root by default, so that a mounted --reports-dir is writable whoever owns it; run with
# --user "$(id -u):$(id -g)" to have the reports owned by you (the tool writes only there and under /tmp).
ENTRYPOINT ["node", "/app/cli/mcs.js"]
CMD ["--help"]

# One step (each costs a full copy with the vfs storage driver).
COPY . /app/
