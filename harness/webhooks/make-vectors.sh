#!/usr/bin/env bash
# Writes vectors.json: known-answer vectors for the webhook signature scheme, computed by OpenSSL
# (never by this project's code) so that our signer and verifier are checked against an independent
# implementation. Run once; the output is committed. Needs bash, openssl and jq.
#   digest = HMAC-SHA256(key = secret, message = "<t>.<body>"), header = "t=<t>,v1=<digest>"
set -euo pipefail
cd "$(dirname "$0")"

vectors='[]'
add() { # name secret t body
  local name=$1 secret=$2 t=$3 body=$4 hex
  hex=$(printf '%s' "$t.$body" | openssl dgst -sha256 -hmac "$secret" | sed 's/^.*= //')
  vectors=$(jq --arg name "$name" --arg secret "$secret" --argjson t "$t" --arg body "$body" --arg hex "$hex" \
    '. + [{name: $name, secret: $secret, t: $t, body: $body, signature_hex: $hex, header: "t=\($t),v1=\($hex)"}]' <<<"$vectors")
}

S=whsec_test_5f3c9a1e
add 'ascii v2 flat body' "$S" 1700000000 '{"event":"message.received","message_id":"msg_123","text":"hello"}'
add 'v4 envelope' "$S" 1731500000 '{"id":"evt_01","type":"message.received","created_at":1731500000123,"organization_id":"org_9","data":{"message_id":"msg_1","chat_id":"chat_7","text":"hi","attachments":[]}}'
add 'unicode and multi-byte body' "$S" 1700000001 '{"text":"héllo wörld – 日本語 😀 مرحبا"}'
add 'empty body' "$S" 1700000002 ''
add 'whitespace-significant json' "$S" 1700000003 $'{\n  "a" : 1,\n  "b": [ 1, 2 ]\n}'
add 'body with trailing newline' "$S" 1700000004 $'{"a":1}\n'
add 'same body without trailing newline' "$S" 1700000004 '{"a":1}'
add 'keys in one order' "$S" 1700000005 '{"a":1,"b":2}'
add 'same keys in the other order' "$S" 1700000005 '{"b":2,"a":1}'
add 'crlf line endings' "$S" 1700000006 $'{"text":"line one\\r\\nline two"}\r\n'
add 'long secret (longer than the HMAC block)' "$(printf 'k%.0s' {1..200})" 1700000007 '{"event":"message.sent"}'
add 'unicode secret' 'sécret-🔑-鍵' 1700000008 '{"event":"message.sent"}'
add 'secret with separators' 'a,b=c d;t=1' 1700000009 '{"event":"typing.started"}'
add 'body that looks like a signed payload' "$S" 1700000010 '1700000010.{"x":"."}'
add 'timestamp zero' "$S" 0 '{"event":"poll.created"}'
add 'largest accepted timestamp' "$S" 99999999999 '{"event":"poll.voted"}'
add 'long body (8 KiB)' "$S" 1700000011 "$(printf 'x%.0s' {1..8192})"

jq . <<<"$vectors" > vectors.json
echo "wrote $(jq length vectors.json) vectors to $(pwd)/vectors.json"
