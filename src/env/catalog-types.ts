/** The shapes of the variable catalog (src/env/catalog.ts), apart so the entry tables can import them. */

export type Fabric = 'ib' | 'roce' | 'nvlink' | 'efa';

export interface CatalogEntry {
  name: string;
  /** What it does, in one or two sentences. */
  what: string;
  /** The library default when unset, if it is worth knowing. */
  default?: string;
  /** Good values per fabric (`any` = the same everywhere); absent when it does not apply there. */
  values: Partial<Record<Fabric | 'any', string>>;
  /** Why it matters when KV cache moves from prefill to decode. */
  disagg: string;
  /** One of the six whose absence `env.missing-critical` warns about. */
  critical?: boolean;
  /** May legitimately differ between prefill and decode (logging, telemetry). */
  pdLocal?: boolean;
  /** Check ids that look at the value. */
  checks?: string[];
}

export interface Family {
  /** A name prefix (`UCX_`) or an exact name (`NVIDIA_GDRCOPY`). */
  match: string;
  exact?: boolean;
  title: string;
  /** Transport proper (NIXL/UCX/NCCL/GLOO) or a related switch of the KV path. */
  kind: 'transport' | 'related';
  about: string;
}
