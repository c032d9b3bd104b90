import type { NixlbenchFailure } from './nixlbench-types.js';

/** Failure patterns, most specific first. Messages from src/main.cpp, src/runtime/etcd/etcd_rt.cpp, src/utils/utils.cpp, nixl_worker.cpp. */
export const FAILURES: readonly [RegExp, NixlbenchFailure][] = [
  [/is greater than or equal to global size/, 'etcd-stale'],
  [
    /Failed to acquire lock|target uri is not valid|failed to connect to all addresses|Connection refused.*2379/i,
    'etcd-unreachable',
  ],
  [/Failed to setup ETCD runtime/, 'etcd-setup'],
  [
    /createBackend failed|unsupported backend|backend '[^']+' not found|Failed to load plugin|No plugins? (?:found|available)/i,
    'backend-unavailable',
  ],
  [/peer rank \d+ key missing|peer liveness check failed|peer may have died/i, 'peer-died'],
  [/Error in barrier wait|Failed to synchronize/, 'peer-timeout'],
  [/ASIO Receive timeout|ASIO runtime .*(?:error|timeout)/i, 'runtime-timeout'],
  [/Consistency check failed/, 'consistency'],
  [/^CUDA:|CUDA error|cudaError|Failed to allocate CUDA/i, 'cuda'],
  [/Transfer failed|prepareSlot failed|postXferReq failed|NIXL_ERR_/, 'transfer-error'],
  [
    /Invalid (?:segment|op) type|unknown command line flag|Incorrect (?:buffer size|device list)|Failed to parse device list|is disabled for nixlbench/i,
    'invalid-options',
  ],
  [/Ctrl-C received/, 'interrupted'],
];

export function failureOf(text: string): NixlbenchFailure | undefined {
  return FAILURES.find(([re]) => re.test(text))?.[1];
}

/** absl log lines from NIXL: "E0421 11:56:59.774282  709103 nixl_agent.cpp:259] message". */
export const ABSL = /^([EFWI])\d{4} \d{2}:\d{2}:\d{2}\.\d+\s+\d+\s+[\w.]+:\d+\]\s?(.*)$/;
