#!/usr/bin/env bash
# Measures warm request latency of the running sample app, one request at a time on loopback.
#   sample-app/scripts/latency.sh [base-url] [requests]
# Start the app first (README, first command). Each URL is requested 50 times to warm up, then
# [requests] times (default 200); prints median, 95th percentile and max in milliseconds.
set -euo pipefail
base=${1:-http://127.0.0.1:8080}
count=${2:-200}
urls=(
  "/customers?country=NA&size=20&sort=balance,desc"
  "/customers?country=NA&minAge=30&maxAge=40&page=0&size=20&sort=balance,desc"
  "/customers/146000"
  "/customers/count?country=NA"
)
for url in "${urls[@]}"; do
  status=$(curl -s -o /dev/null -w '%{http_code}' "$base$url")
  [ "$status" = 200 ] || { echo "GET $url answered $status" >&2; exit 1; }
  for _ in $(seq 50); do curl -s -o /dev/null "$base$url"; done
  for _ in $(seq "$count"); do curl -s -o /dev/null -w '%{time_total}\n' "$base$url"; done \
    | sort -n | awk -v url="$url" '{ t[NR] = $1 * 1000 } END {
        printf "%-75s median %6.2f ms  p95 %6.2f ms  max %6.2f ms  (%d requests)\n",
               "GET " url, t[int((NR + 1) / 2)], t[int(NR * 0.95)], t[NR], NR }'
done
