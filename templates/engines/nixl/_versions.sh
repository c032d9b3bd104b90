nv=$($PY -c 'from importlib import metadata as m
for d in ("nixl","nixl-cu12","nixl-cu13"):
    try:
        print(m.version(d)); break
    except Exception: pass' 2>/dev/null | head -n 1)
# The UCX NIXL loads: the nixl-cu* wheel's own libucp (site-packages/nixl_cu*.libs/libucp-<hash>.so.*,
# found by its plugin's RUNPATH), else the system's; its version from ucp_get_version_string(),
# so no ucx_info is needed (today's runtime images have none: references/todays-images.md).
uv=$($PY -c 'import ctypes, ctypes.util, glob, os, sys
found = [f for p in sys.path for f in sorted(glob.glob(os.path.join(p or ".", "nixl*.libs", "libucp*.so*")))]
lib = ctypes.util.find_library("ucp")
for f in found + ([lib] if lib else []):
    try:
        u = ctypes.CDLL(f)
        u.ucp_get_version_string.restype = ctypes.c_char_p
        print(u.ucp_get_version_string().decode(), os.path.basename(f))
        break
    except Exception:
        pass' 2>/dev/null | head -n 1)
echo "interconnect-test: engine nixl nixl ${nv:-unknown} ucx ${uv:-unknown}"
