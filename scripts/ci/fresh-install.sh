#!/usr/bin/env bash
# The production install on a fresh clone (issue 21 item 1): clones the committed HEAD of this repository into
# a temporary folder, installs only its runtime dependencies (`npm ci --omit=dev`, from the local npm cache
# when it holds them), then certifies the embedded reference with `npx mcs certify` and renders the reports
# again with `npx mcs report --from`, and runs a 2-second load profile against `npx mcs serve`. Fails when a
# dev dependency was needed, when a command does not exit 0, or when a report is missing. About 40 s (10 s
# install, 20 s certify): too long for `npm test`, so .ci/run calls it on its own (`npm run test:install`).
#   KEEP=1   keep the clone (its path is printed)
set -euo pipefail
repo="$(cd "$(dirname "$0")/../.." && pwd)"
work="$(mktemp -d "${TMPDIR:-/tmp}/mcs-fresh-install.XXXXXX")"
serve_pid=""
cleanup() {
  [[ -z "$serve_pid" ]] || kill "$serve_pid" 2>/dev/null || true
  [[ "${KEEP:-}" == 1 ]] || rm -rf "$work"
}
trap cleanup EXIT

fail() { echo "fresh-install: FAIL: $*" >&2; exit 1; }

git clone --quiet --no-hardlinks "$repo" "$work/mcs"
cd "$work/mcs"
echo "fresh-install: $(git log -1 --format='%h %s' | cut -c1-80) in $work/mcs"
npm ci --omit=dev --prefer-offline --no-audit --no-fund --loglevel=error

# What a production install must not hold: the dev dependencies (a command that needs one is broken).
for dev in typescript eslint @redocly/cli playwright-core mocha-junit-reporter; do
  [[ ! -e "node_modules/$dev" ]] || fail "npm ci --omit=dev installed the dev dependency $dev"
done

out="$work/out"
status=0
CI=true timeout --kill-after=10 300 npx --no-install mcs certify --reports-dir "$out" --seed 1 >"$work/certify.log" 2>&1 || status=$?
tail -n 5 "$work/certify.log"
[[ $status -eq 0 ]] || { cat "$work/certify.log" >&2; fail "npx mcs certify exited $status"; }
for file in report.json junit.xml report.html certificate.json badge.svg; do
  [[ -s "$out/$file" ]] || fail "certify wrote no $file"
done

again="$work/again"
timeout 120 npx --no-install mcs report --from "$out/report.json" --out "$again" >/dev/null 2>"$work/report.err" \
  || { cat "$work/report.err" >&2; fail "npx mcs report --from exited non-zero"; }
[[ -s "$again/junit.xml" ]] || fail "mcs report --from wrote no junit.xml"
# The reference on its own (free port, printed on its first line) and a short load profile against it.
node cli/mcs.js serve --port 0 >"$work/serve.log" 2>&1 &
serve_pid=$!
control=""
for _ in $(seq 1 60); do
  control="$(awk '$1 == "control" { print $2 }' "$work/serve.log")"
  [[ -z "$control" ]] || break
  kill -0 "$serve_pid" 2>/dev/null || { cat "$work/serve.log" >&2; fail "mcs serve exited"; }
  sleep 0.5
done
[[ -n "$control" ]] || { cat "$work/serve.log" >&2; fail "mcs serve printed no control URL in 30 s"; }
base="${control%/__control}"
timeout 120 npx --no-install mcs load send --duration 2 --base-url "$base" --control-url "$control" --out "$work/load.json" >"$work/load.log" 2>&1 \
  || { cat "$work/load.log" >&2; fail "npx mcs load send exited non-zero"; }
[[ -s "$work/load.json" ]] || fail "mcs load wrote no result"
echo "fresh-install: ok (npm ci --omit=dev, then mcs certify exit 0, mcs report --from, mcs serve and mcs load)"
