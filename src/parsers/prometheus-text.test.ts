import { describe, expect, it } from 'vitest';
import { readFixture } from '../../test/helpers/fixtures.js';
import { ParseError } from './errors.js';
import { parsePrometheusText, parseValue, seriesKey } from './prometheus-text.js';

const fams = (text: string) => Object.fromEntries(parsePrometheusText(text).families);

describe('parsePrometheusText: real /metrics bodies', () => {
  it('an SGLang decode worker (sglang PR #7317): a counter whose TYPE line carries _total, gauges, a family with no sample', () => {
    expect(fams(readFixture('watch', 'sglang-pr7317-decode.txt'))).toEqual({
      'sglang:num_transfer_failed_reqs_total': {
        name: 'sglang:num_transfer_failed_reqs_total',
        type: 'counter',
        help: 'The number of transfer failed requests.',
        samples: [
          {
            name: 'sglang:num_transfer_failed_reqs_total',
            labels: { engine_type: 'unified', model_name: '/home/models/deepseek-ai__DeepSeek-R1' },
            value: 156,
          },
        ],
      },
      'sglang:num_running_reqs': {
        name: 'sglang:num_running_reqs',
        type: 'gauge',
        help: 'The number of running requests.',
        samples: [
          {
            name: 'sglang:num_running_reqs',
            labels: { engine_type: 'unified', model_name: '/home/models/deepseek-ai__DeepSeek-R1' },
            value: 0,
          },
        ],
      },
      'sglang:num_used_tokens': {
        name: 'sglang:num_used_tokens',
        type: 'gauge',
        help: 'The number of used tokens.',
        samples: [],
      },
    });
  });

  it('a vLLM worker without NIXL (vllm production-stack #318): process_ families, exponent values, a counter family', () => {
    const f = fams(readFixture('watch', 'vllm-production-stack-318.txt'));
    expect(Object.keys(f)).toEqual([
      'process_start_time_seconds',
      'process_cpu_seconds_total',
      'process_open_fds',
      'process_max_fds',
      'vllm:num_requests_running',
      'vllm:num_requests_waiting',
      'vllm:gpu_cache_usage_perc',
      'vllm:gpu_prefix_cache_queries_total',
    ]);
    expect(f.process_start_time_seconds?.samples[0]?.value).toBe(1.74262400557e9);
    expect(f.process_max_fds?.samples[0]?.value).toBe(1048576);
    expect(f['vllm:num_requests_running']?.samples).toEqual([
      {
        name: 'vllm:num_requests_running',
        labels: { model_name: 'Qwen/Qwen2.5-Coder-32B-Instruct' },
        value: 0,
      },
    ]);
  });

  it('an older SGLang (aibrix #1614): samples before any TYPE line are untyped; the TYPE gauge is kept', () => {
    const f = fams(readFixture('watch', 'sglang-aibrix-1614.txt'));
    expect(f['sglang:kv_transfer_speed_gb_s']?.type).toBe('untyped');
    expect(f['sglang:kv_transfer_speed_gb_s']?.samples).toHaveLength(3);
    expect(f['sglang:kv_transfer_latency_ms']?.type).toBe('gauge');
    expect(f['sglang:kv_transfer_latency_ms']?.samples.map((s) => s.labels.tp_rank)).toEqual([
      '1',
      '3',
      '0',
      '2',
      '4',
      '7',
    ]);
  });

  it('a histogram written by prometheus_client from vLLM 0.21.0 NixlPromMetrics: _bucket/_sum/_count in one family, le as given', () => {
    const f = fams(readFixture('watch', 'scenarios', 'vllm-healthy-rdma', 'decode.after.txt'));
    const h = f['vllm:nixl_bytes_transferred'];
    expect(h?.type).toBe('histogram');
    expect(h?.samples.filter((s) => s.name.endsWith('_bucket')).map((s) => s.labels.le)).toEqual([
      '2048.0',
      '8192.0',
      '32768.0',
      '131072.0',
      '524288.0',
      '2.097152e+06',
      '8.388608e+06',
      '3.3554432e+07',
      '1.34217728e+08',
      '5.36870912e+08',
      '2.147483648e+09',
      '8.589934592e+09',
      '+Inf',
    ]);
    expect(h?.samples.find((s) => s.name.endsWith('_sum'))?.value).toBe(720 * 70e6);
    // prometheus_client writes the counter's # TYPE under its _total name in format 0.0.4
    expect(f['vllm:nixl_num_failed_transfers_total']?.samples.map((s) => s.name)).toEqual([
      'vllm:nixl_num_failed_transfers_total',
    ]);
  });
});

describe("parsePrometheusText: NIXL's prometheus-cpp exporter (a real nixl-cu12 1.5.1 run)", () => {
  it('reads its summary with `Nan` quantiles, its counters and its histograms', () => {
    // the first scrape: no latency observed yet, so its quantiles are Nan
    const first = fams(readFixture('watch', 'nixl-telemetry-1.5.1.before.txt'));
    expect(first.exposer_request_latencies?.type).toBe('summary');
    expect(first.exposer_request_latencies?.samples.filter((s) => Number.isNaN(s.value))).toHaveLength(3);
    const f = fams(readFixture('watch', 'nixl-telemetry-1.5.1.after.txt'));
    expect(f.agent_tx_bytes_total?.samples).toEqual([
      { name: 'agent_tx_bytes_total', labels: { agent_name: 'target', hostname: 'vm' }, value: 0 },
      {
        name: 'agent_tx_bytes_total',
        labels: { agent_name: 'initiator', hostname: 'vm' },
        value: 25 * 64 * 1024 * 1024,
      },
    ]);
    expect(f.agent_xfer_time_us?.type).toBe('histogram');
  });
});

describe('parsePrometheusText: the format rules', () => {
  it('label values keep escaped quotes, backslashes and newlines; timestamps are allowed', () => {
    const f = fams('m{a="x\\"y",b="c\\\\d",n="1\\n2"} 3 1700000000000\n');
    expect(f.m?.samples[0]).toEqual({ name: 'm', labels: { a: 'x"y', b: 'c\\d', n: '1\n2' }, value: 3 });
  });

  it('NaN and ±Inf are values; anything else that is not a number is a ParseError naming the line', () => {
    expect(parseValue('NaN')).toBeNaN();
    expect(parseValue('+Inf')).toBe(Number.POSITIVE_INFINITY);
    expect(parseValue('-Inf')).toBe(Number.NEGATIVE_INFINITY);
    expect(() => parsePrometheusText('# TYPE x counter\nx_total abc\n')).toThrow(ParseError);
    expect(() => parsePrometheusText('ok 1\n{broken} 2\n')).toThrow(/at line 2/);
    expect(() => parsePrometheusText('m{a="open} 1\n')).toThrow(/not closed/);
  });

  it("seriesKey drops le so a histogram's samples share one series", () => {
    expect(seriesKey({ le: '1', engine: '0', model_name: 'm' })).toBe('engine="0",model_name="m"');
  });
});
