/**
 * A fixed Python script (no user input reaches it): UCX's version and transports read through
 * the NIXL wheel's own libucp (`nixl*.libs/libucp*.so*` on sys.path, as the pod script's version
 * line finds it), else the system's (`ctypes.util.find_library("ucp")`), with no `ucx_info`
 * (today's Dynamo runtime images ship none: references/todays-images.md).
 *
 * UCX's public API only (openucx/ucx src/ucp/api/ucp.h): `ucp_get_version_string`,
 * `ucp_get_version`, `ucp_init_version` (what the `ucp_init` inline calls) with
 * field_mask UCP_PARAM_FIELD_FEATURES (bit 0) and the features NIXL's UCX plugin asks for
 * (RMA | AMO32 | AMO64 | AM = bits 1, 2, 3, 6; ai-dynamo/nixl src/plugins/ucx/ucx_utils.cpp:458-459),
 * a NULL config (UCX reads UCX_* from the environment, as in the worker), then
 * `ucp_context_print_info` into a temporary file and `ucp_cleanup`.
 * Prints one JSON line (parsers/ucp-context.ts reads it).
 */
export const UCP_CONTEXT_SCRIPT = [
  'import ctypes, ctypes.util, glob, json, os, sys, tempfile',
  'out = {}',
  'libs = sorted(f for p in sys.path for f in glob.glob(os.path.join(p or ".", "nixl*.libs", "libucp*.so*")))',
  'lib = libs[0] if libs else ctypes.util.find_library("ucp")',
  'try:',
  '    if not lib:',
  '        raise OSError("no libucp: no NIXL wheel (nixl*.libs/libucp*.so*) and no system UCX")',
  '    out.update(lib=lib, source="wheel" if libs else "system")',
  '    u = ctypes.CDLL(lib)',
  '    u.ucp_get_version_string.restype = ctypes.c_char_p',
  '    out["version"] = u.ucp_get_version_string().decode()',
  '    v = [ctypes.c_uint() for _ in range(3)]',
  '    u.ucp_get_version(*[ctypes.byref(x) for x in v])',
  '    params = (ctypes.c_uint64 * 64)()',
  '    params[0] = 1',
  '    params[1] = (1 << 1) | (1 << 2) | (1 << 3) | (1 << 6)',
  '    ctx = ctypes.c_void_p()',
  '    st = u.ucp_init_version(v[0].value, v[1].value, ctypes.byref(params), None, ctypes.byref(ctx))',
  '    if st != 0:',
  '        u.ucs_status_string.restype = ctypes.c_char_p',
  '        raise OSError("ucp_init: " + u.ucs_status_string(st).decode())',
  '    libc = ctypes.CDLL(None)',
  '    libc.fdopen.restype = ctypes.c_void_p',
  '    libc.fdopen.argtypes = [ctypes.c_int, ctypes.c_char_p]',
  '    libc.fclose.argtypes = [ctypes.c_void_p]',
  '    u.ucp_context_print_info.argtypes = [ctypes.c_void_p, ctypes.c_void_p]',
  '    with tempfile.TemporaryFile() as f:',
  '        fp = libc.fdopen(os.dup(f.fileno()), b"w")',
  '        u.ucp_context_print_info(ctx, fp)',
  '        libc.fclose(fp)',
  '        f.seek(0)',
  '        out["info"] = f.read().decode(errors="replace")',
  '    u.ucp_cleanup(ctx)',
  'except Exception as e:',
  '    out["error"] = "%s: %s" % (type(e).__name__, e)',
  'print(json.dumps(out))',
  'sys.stdout.flush()',
  // UCX's threads can hang a normal interpreter exit (as in the probe).
  'os._exit(0)',
].join('\n');
