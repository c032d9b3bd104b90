nv=$($PY -c 'from importlib import metadata as m
for d in ("nixl","nixl-cu12","nixl-cu13"):
    try:
        print(m.version(d)); break
    except Exception: pass' 2>/dev/null | head -n 1)
uv=""; if command -v ucx_info >/dev/null 2>&1; then uv=$(ucx_info -v 2>/dev/null | sed -n 's/.*[Vv]ersion \([0-9][0-9.]*\).*/\1/p' | head -n 1); fi
echo "interconnect-test: engine nixl nixl ${nv:-unknown} ucx_info ${uv:-unknown}"
