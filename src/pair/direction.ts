import type { Leg } from '../engines/types.js';

/**
 * Which side of a disaggregated deployment starts the KV transfer, and with
 * which NIXL operation, per serving framework (references/kv-direction.md
 * cites the source lines). `pair` measures that direction; when the
 * framework is unknown it measures both that occur in practice.
 */

import type { Framework } from '../env/framework.js';

export type { Framework };

export const FRAMEWORK_KV: Readonly<Record<Framework, Leg & { why: string }>> = {
  // vLLM NixlConnector: the decode worker reads the prefill worker's blocks (_read_blocks → "READ").
  vllm: {
    initiator: 'decode',
    op: 'READ',
    why: 'vLLM NixlConnector: the decode worker READs the prefill blocks',
  },
  // vLLM's opt-in NixlPushConnector (v0.33): the prefill worker WRITEs.
  'vllm-push': {
    initiator: 'prefill',
    op: 'WRITE',
    why: 'vLLM NixlPushConnector: the prefill worker WRITEs to decode',
  },
  // SGLang's NIXL backend: the prefill side writes into the decode side's buffers.
  sglang: {
    initiator: 'prefill',
    op: 'WRITE',
    why: 'SGLang NIXL backend: the prefill worker WRITEs to decode',
  },
  // TRT-LLM cache transceiver (NIXL agent): the context (prefill) side writes into the generation side.
  trtllm: {
    initiator: 'prefill',
    op: 'WRITE',
    why: 'TensorRT-LLM cache transceiver: the context (prefill) worker WRITEs to the generation worker',
  },
};

export interface LegChoice {
  legs: Leg[];
  why: string;
}

/**
 * The legs to run: --initiator and --op win; else the framework's own
 * direction; else both directions frameworks use (decode READ, prefill WRITE).
 */
export function chooseLegs(input: {
  initiator?: 'prefill' | 'decode' | undefined;
  op?: 'WRITE' | 'READ' | undefined;
  framework?: Framework | undefined;
}): LegChoice {
  const fw = input.framework ? FRAMEWORK_KV[input.framework] : undefined;
  if (input.initiator || input.op) {
    const initiator =
      input.initiator ?? fw?.initiator ?? (input.op === 'READ' ? ('decode' as const) : ('prefill' as const));
    const op = input.op ?? fw?.op ?? (initiator === 'decode' ? ('READ' as const) : ('WRITE' as const));
    const given = [input.initiator ? '--initiator' : '', input.op ? '--op' : '']
      .filter(Boolean)
      .join(' and ');
    return { legs: [{ initiator, op }], why: `${given}${fw ? ` (over ${fw.why})` : ''}` };
  }
  if (fw) return { legs: [{ initiator: fw.initiator, op: fw.op }], why: fw.why };
  return {
    legs: [
      { initiator: 'decode', op: 'READ' },
      { initiator: 'prefill', op: 'WRITE' },
    ],
    why: 'the serving framework is unknown, so both directions frameworks use: decode READ (vLLM), prefill WRITE (SGLang, TensorRT-LLM)',
  };
}
