PYKV='import base64,json,sys,urllib.request
e,op,k=sys.argv[1].rstrip("/"),sys.argv[2],sys.argv[3]
b=lambda s: base64.b64encode(s.encode()).decode()
body={"key":b(k)}
if op=="put": body["value"]=b(sys.argv[4])
req=urllib.request.Request(e+"/v3/kv/"+("put" if op=="put" else "range"),json.dumps(body).encode(),{"Content-Type":"application/json"})
d=json.load(urllib.request.urlopen(req,timeout=5))
sys.exit(0 if op=="put" or d.get("kvs") else 1)'
if command -v etcdctl >/dev/null 2>&1; then KVC=etcdctl
elif command -v python3 >/dev/null 2>&1; then KVC=python3
else KVC=""; fi
kv() {
  if [ "$KVC" = etcdctl ]; then
    if [ "$1" = put ]; then
      ETCDCTL_API=3 etcdctl --endpoints="$ITEST_ETCD" --dial-timeout=3s --command-timeout=5s put "$2" "$3" >/dev/null 2>"$T/kv.err"
    else
      ETCDCTL_API=3 etcdctl --endpoints="$ITEST_ETCD" --dial-timeout=3s --command-timeout=5s get "$2" --print-value-only 2>"$T/kv.err" | grep -q .
    fi
  else
    python3 -c "$PYKV" "$ITEST_ETCD" "$@" 2>"$T/kv.err"
  fi
}
kverr() { e=$(grep -v '^ *$' "$T/kv.err" 2>/dev/null | tail -n 1); [ -n "$e" ] && printf ' (last etcd error: %s)' "$e"; }
# rdv NAME: say this pod is up, then wait until the peer said so too. Image pulls
# and scheduling are spent here, never in nixlbench's own start barrier.
rdv() {
  until kv put "interconnect-test/$ITEST_RUN/$1/$ITEST_ROLE" "$(hostname)"; do
    late && { echo "interconnect-test: rendezvous timeout: etcd at $ITEST_ETCD unreachable for ${ITEST_WAIT_S}s$(kverr)"; exit 3; }
    sleep "${ITEST_POLL_S:-1}"
  done
  echo "interconnect-test: rendezvous $1: $ITEST_ROLE up, waiting for $ITEST_PEER"
  until kv get "interconnect-test/$ITEST_RUN/$1/$ITEST_PEER"; do
    late && { echo "interconnect-test: rendezvous timeout: $ITEST_PEER did not come up within ${ITEST_WAIT_S}s$(kverr)"; exit 3; }
    sleep "${ITEST_POLL_S:-1}"
  done
  echo "interconnect-test: rendezvous $1: $ITEST_PEER is up"
}
