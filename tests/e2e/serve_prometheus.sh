#!/usr/bin/env bash
# tests/e2e/serve_prometheus.sh - a real Prometheus (Debian's
# `prometheus`) scrapes hp2x --serve's /metrics each second, on loopback,
# and its HTTP query API gives back hp2x's series with -o FOO.json's
# values: the sample count, the last sample's time, each drawn band's
# bytes in the last census (labelled with the band and the profile's
# JOB), their total; the scrape itself is healthy (up 1, nothing
# dropped for a bad line).
#
#   early  before the first sample (hp2x --serve on a FIFO nobody
#          writes yet) /metrics answers 200 with hp2x_samples_total 0
#          and no band series, which promtool check metrics passes, and
#          Prometheus scraping it has up 1 (it once answered 503, so the
#          target was down while the program started)
set -u
. "$(dirname "$0")/lib.bash"
e2e_init serve_prometheus
: "${HP2X:?}" "${HP2X_SRC:?}"
export LC_ALL=C
py=/usr/bin/python3
LIMIT=60

# prom URL: Prometheus scraping URL's /metrics each second, its own
# port in $port
prom() {
	local hp=${1#http://} token=${1#http://*/t/}
	hp=${hp%%/*}
	token=${token%/}
	port=$("$py" -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
	cat >prometheus.yml <<YML
global:
  scrape_interval: 1s
  scrape_timeout: 1s
scrape_configs:
  - job_name: hp2x
    honor_labels: true
    metrics_path: /t/$token/metrics
    static_configs:
      - targets: ['$hp']
YML
	prometheus --config.file=prometheus.yml --storage.tsdb.path=tsdb \
		--web.listen-address="127.0.0.1:$port" >prom.log 2>&1 &
	pids+=($!)
}

# the Python that asks it: q(EXPR), the query API's result
promq='import json, sys, time, urllib.parse, urllib.request
port = sys.argv[1]
def q(expr):
    u = "http://127.0.0.1:%s/api/v1/query?query=%s" % (port, urllib.parse.quote(expr))
    try:
        r = json.load(urllib.request.urlopen(u, timeout=5))
    except OSError:
        return None
    return r["data"]["result"] if r.get("status") == "success" else None
'

scrape() {
	local el=$HP2X_SRC/samples/leak-hT.eventlog url port
	"$HP2X" "$el" -o ref.json || { bad "hp2x -o ref.json"; return; }
	"$HP2X" -q --serve=127.0.0.1:0 "$el" 2>err.txt &
	pids+=($!)
	until_true grep -q 'serving http' err.txt || { bad "no URL: $(cat err.txt)"; return; }
	url=$(grep -o 'http://[^ ]*' err.txt | head -n 1)
	prom "$url"
	{ echo "$promq"; cat; } <<'PY' | "$py" - "$port" ref.json || bad "see above"
ref = json.load(open(sys.argv[2]))
end = time.monotonic() + 60
while time.monotonic() < end:
    r = q("hp2x_census_total_bytes")
    if r:
        break
    time.sleep(0.5)
else:
    sys.exit("FAIL: Prometheus never had hp2x_census_total_bytes")
bad = []
up = q('up{job="hp2x"}')
if not up or up[0]["value"][1] != "1":
    bad.append("up is %r" % up)
last = ref["samples"][-1]
names = [b["name"] for b in ref["bands"]]
want_total = sum(v for _, v in last["values"])
got = {float(x["value"][1]) for x in q("hp2x_census_total_bytes")}
if got != {want_total}:
    bad.append("census total %r, the JSON's last sample sums to %d" % (got, want_total))
got = q("hp2x_samples_total")
if [float(x["value"][1]) for x in got] != [len(ref["samples"])]:
    bad.append("samples_total %r, the JSON has %d" % (got, len(ref["samples"])))
if got and got[0]["metric"].get("job") != ref["job"]:
    bad.append("the job label is %r, the profile's JOB %r" % (got[0]["metric"].get("job"), ref["job"]))
got = q("hp2x_last_sample_seconds")
if [float(x["value"][1]) for x in got] != [last["time"]]:
    bad.append("last_sample_seconds %r, the JSON's last time %r" % (got, last["time"]))
bands = q("hp2x_census_bytes")
byname = {names[b]: v for b, v in last["values"]}
drawn = 0
for x in bands:
    n = x["metric"]["band"]
    if n == "OTHER":
        continue
    drawn += 1
    if float(x["value"][1]) != byname.get(n, 0):
        bad.append("band %s: %s, the JSON %s" % (n, x["value"][1], byname.get(n, 0)))
if not 3 <= len(bands) <= 21 or drawn < 3:
    bad.append("%d band series (%d drawn): not the drawn bands and OTHER" % (len(bands), drawn))
if sum(float(x["value"][1]) for x in bands) > want_total:
    bad.append("the bands sum to more than the total")
for b in bad:
    print("FAIL: " + b)
print("prometheus: %d band series, total %d, %d samples" % (len(bands), want_total, len(ref["samples"])))
sys.exit(1 if bad else 0)
PY
	[ $failed = 0 ] || tail -5 prom.log
}

early() {
	local url port
	mkfifo in.hp
	"$HP2X" -q --serve=127.0.0.1:0 in.hp 2>err.txt &
	pids+=($!)
	until_true grep -q 'serving http' err.txt || { bad "no URL: $(cat err.txt)"; return; }
	url=$(grep -o 'http://[^ ]*' err.txt | head -n 1)
	curl -s -o m.txt -w '%{http_code}' "${url}metrics" >code.txt || bad "curl /metrics"
	[ "$(cat code.txt)" = 200 ] || bad "/metrics before the first sample: $(cat code.txt), not 200"
	grep -qx 'hp2x_samples_total 0' m.txt || bad "no hp2x_samples_total 0: $(cat m.txt)"
	grep -q 'hp2x_census' m.txt && bad "band series before the first sample: $(cat m.txt)"
	promtool check metrics <m.txt || bad "promtool check metrics: see above"
	curl -s -o /dev/null -w '%{http_code}' "${url}data.json" >code.txt
	[ "$(cat code.txt)" = 503 ] || bad "data.json before the first sample: $(cat code.txt), not 503"
	prom "$url"
	{ echo "$promq"; cat; } <<'PY' | "$py" - "$port" || bad "see above"
end = time.monotonic() + 60
while time.monotonic() < end:
    up = q('up{job="hp2x"}')
    if up:
        break
    time.sleep(0.5)
else:
    sys.exit("FAIL: Prometheus never scraped hp2x")
got = q("hp2x_samples_total")
if up[0]["value"][1] != "1" or not got or got[0]["value"][1] != "0":
    sys.exit("FAIL: before the first sample up is %r, hp2x_samples_total %r" % (up, got))
print("early: up 1, hp2x_samples_total 0 before the first sample")
PY
	[ $failed = 0 ] || tail -5 prom.log
}

run scrape scrape
run early early
e2e_done
