PY=""
for p in python3 python; do if command -v "$p" >/dev/null 2>&1; then PY=$p; break; fi; done
[ -n "$PY" ] || { echo "interconnect-test: python3 not found in image"; exit 127; }
