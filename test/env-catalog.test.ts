import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CATALOG, CRITICAL, catalogEntry, familyOf, isPdLocal, isTransportVar } from '../src/env/catalog.js';
import { renderCatalogMarkdown } from '../src/env/catalog-md.js';
import { runRecipe } from './helpers/env.js';
import { repoRoot } from './helpers/fixtures.js';

/** One source of truth: the catalog data drives `env` and renders references/interconnect-env-vars.md. */

describe('the variable catalog', () => {
  it('the committed reference is exactly the rendering of the catalog (run `npm run env-catalog` after editing)', () => {
    const committed = readFileSync(path.join(repoRoot, 'references', 'interconnect-env-vars.md'), 'utf8');
    expect(committed).toBe(renderCatalogMarkdown());
  });

  it('has one entry per name, each a reported name, with a purpose, values and a reason', () => {
    const names = CATALOG.map((e) => e.name);
    expect(new Set(names).size).toBe(names.length);
    for (const e of CATALOG) {
      expect(isTransportVar(e.name), e.name).toBe(true);
      expect(e.what.length, e.name).toBeGreaterThan(10);
      expect(e.disagg.length, e.name).toBeGreaterThan(5);
      expect(Object.keys(e.values).length, e.name).toBeGreaterThan(0);
    }
  });

  it('marks exactly the six disagg-critical variables, and renders each with its own section', () => {
    expect(CATALOG.filter((e) => e.critical).map((e) => e.name)).toEqual([...CRITICAL]);
    const md = renderCatalogMarkdown();
    for (const n of CRITICAL) expect(md).toContain(`### \`${n}\` (disagg-critical)`);
  });

  it('classifies names by family, including the related ones', () => {
    expect(
      [
        'UCX_TLS',
        'NIXL_LOG_LEVEL',
        'NCCL_IB_HCA',
        'GLOO_SOCKET_IFNAME',
        'FI_PROVIDER',
        'DYN_KVBM_NIXL_BACKEND_UCX',
        'SGLANG_DISAGGREGATION_NIXL_BACKEND',
        'OMPI_MCA_pml',
        'NVIDIA_GDRCOPY',
        'TORCH_NCCL_ASYNC_ERROR_HANDLING',
        'VLLM_USE_NCCL_SYMM_MEM',
        'VLLM_NIXL_SIDE_CHANNEL_HOST',
      ].map((n) => familyOf(n)?.title),
    ).toEqual([
      'UCX',
      'NIXL',
      'NCCL',
      'Gloo',
      'libfabric',
      'Dynamo KVBM',
      'SGLang',
      'Open MPI',
      'GDRCopy',
      'PyTorch NCCL',
      'vLLM NCCL switches',
      'vLLM NIXL connector',
    ]);
    expect(
      ['HF_TOKEN', 'NVIDIA_GDRCOPY_X', 'VLLM_LOGGING_LEVEL', 'DYN_NAMESPACE'].map(isTransportVar),
    ).toEqual([false, false, false, false]);
    expect(['UCX_LOG_LEVEL', 'NCCL_DEBUG', 'NCCL_DEBUG_SUBSYS', 'UCX_TLS'].map(isPdLocal)).toEqual([
      true,
      true,
      true,
      false,
    ]);
  });

  it('describes every variable the shared recipes set', async () => {
    const { part } = await runRecipe('.');
    const used = [...new Set(part.services.flatMap((s) => Object.keys(s.transportVars)))].sort();
    expect(used.filter((n) => !catalogEntry(n))).toEqual([]);
  });
});
