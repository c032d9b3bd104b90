import { describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';
import { readFixture } from '../../test/helpers/fixtures.js';
import { settingsFromDgd } from '../pair/plan/settings.js';
import { kvArgsFromArgv, kvDtypeBytes, nixlKvFlags } from './kv-shape.js';

// Real Dynamo recipes (test/fixtures/recipes/INDEX.md): the KV row takes only what the worker's
// command line states; layers and heads stay the probe's documented default.
const dgd = (...p: string[]) =>
  parseAllDocuments(readFixture('recipes', ...p))
    .map((d) => d.toJS())
    .find((d) => d?.kind === 'DynamoGraphDeployment');

describe('the KV shape a vLLM worker states', () => {
  it('reads --block-size and --tensor-parallel-size from one-line args (llama-3-70b disagg-single-node)', () => {
    const s = settingsFromDgd(dgd('llama-3-70b', 'vllm', 'disagg-single-node', 'deploy.yaml'), 'recipe');
    // Prefill TP 2, decode TP 4: each worker's own ranks hold 8/TP of the default model's 8 KV heads.
    expect(s.prefill?.kv).toEqual({
      blockTokens: 128,
      kvHeads: 4,
      source: expect.stringMatching(
        /--block-size 128 --tensor-parallel-size 2; layers and heads the default$/,
      ),
    });
    expect(s.decode?.kv).toMatchObject({ blockTokens: 128, kvHeads: 2 });
  });

  it('reads a multi-line sh -c script and a fp8 KV cache (kimi-k3 disagg, qwen3-32b-fp8 disagg)', () => {
    const kimi = settingsFromDgd(dgd('kimi-k3', 'vllm', 'disagg-gb200-agentic', 'deploy.yaml'), 'kimi');
    expect(kimi.prefill?.kv).toMatchObject({ blockTokens: 64, dtypeBytes: 1, kvHeads: 1 });
    const qwen = settingsFromDgd(dgd('qwen3-32b-fp8', 'vllm', 'disagg', 'deploy.yaml'), 'qwen');
    // FP8 weights, but no --kv-cache-dtype: the KV cache is the model dtype ("auto"), the default 2 bytes.
    expect(qwen.prefill?.kv).toMatchObject({ blockTokens: 128, kvHeads: 4 });
    expect(qwen.prefill?.kv?.dtypeBytes).toBeUndefined();
  });

  it('takes nothing that is not a literal: a block size from the env (nebius) leaves the default', () => {
    const doc = parse(
      readFixture('recipes', 'qwen3-32b', 'vllm', 'cloud-providers', 'deploy-nebius-ib.yaml'),
    );
    const s = settingsFromDgd(doc, 'nebius');
    // "${TENSOR_PARALLEL_SIZE}" and "${BLOCK_SIZE}": nothing stated, so no KV shape at all.
    expect(s.prefill?.kv).toBeUndefined();
  });

  it('reads --kv-cache-dtype=fp8 in the = form (gpt-oss-120b agg args)', () => {
    const text = readFixture('recipes', 'gpt-oss-120b', 'vllm', 'agg-h200-agentic', 'deploy.yaml');
    const args = text
      .split('\n')
      .map((l) => l.trim().replace(/^- /, ''))
      .filter((l) => l.startsWith('--') || l.includes('dynamo.vllm'));
    expect(kvArgsFromArgv(args, 'gpt-oss')).toMatchObject({ dtypeBytes: 1 });
  });

  it('is vLLM only, and maps dtypes by bytes', () => {
    expect(kvArgsFromArgv(['python3 -m dynamo.sglang --page-size 64 --kv-cache-dtype fp8_e4m3'], 'x')).toBe(
      undefined,
    );
    expect(kvDtypeBytes('fp8_e5m2')).toBe(1);
    expect(kvDtypeBytes('bfloat16')).toBe(2);
    expect(kvDtypeBytes('auto')).toBeUndefined();
    expect(nixlKvFlags(undefined)).toEqual([]);
    expect(nixlKvFlags({ blockTokens: 128, kvHeads: 4, source: 'recipe: --block-size 128' })).toEqual([
      '--kv-block-tokens',
      '128',
      '--kv-heads',
      '4',
      '--kv-source',
      'recipe: --block-size 128',
    ]);
  });
});
