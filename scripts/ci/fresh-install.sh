#!/usr/bin/env bash
# The production install on a fresh clone (issue 21 item 1): clones the committed HEAD of this repository into
# a temporary folder, installs only its runtime dependencies (`npm ci --omit=dev`, from the local npm cache
# when it holds them), then certifies the embedded reference with `npx mcs certify` and renders the reports
# again with `npx mcs report --from`. Fails when a dev dependency was needed, when certify does not exit 0,
# or when a report is missing. About 30 s (10 s install, 20 s certify): too long for `npm test`, so .ci/run
# calls it on its own (`npm run test:install`).
#   KEEP=1   keep the clone (its path is printed)
set -euo pipefail
repo="$(cd "$(dirname "$0")/../.." && pwd)"
work="$(mktemp -d "${TMPDIR:-/tmp}/mcs-fresh-install.XXXXXX")"
[[ "${KEEP:-}" == 1 ]] || trap 'rm -rf "$work"' EXIT

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
echo "fresh-install: ok (npm ci --omit=dev, then mcs certify exit 0 and mcs report --from)"
