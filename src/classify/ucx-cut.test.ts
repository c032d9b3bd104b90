import { describe, expect, it } from 'vitest';
import { readFixture } from '../../test/helpers/fixtures.js';
import { promptCommand } from '../parsers/lines.js';
import { parseNixlbench } from '../parsers/nixlbench.js';
import { parseUcxInfo } from '../parsers/ucx-info.js';
import { parseUcxPerftest } from '../parsers/ucx-perftest.js';
import { linkOf } from './transfer.js';
import { tcpOnlyBy } from './transfer-path.js';
import { classifyUcxInfo } from './ucx.js';

const status = (text: string, id: string) =>
  classifyUcxInfo(parseUcxInfo(text)).find((c) => c.id === id)?.status;

describe('ucx_info -d cut to a part (no filter command in sight)', () => {
  const whole = readFixture('node', 'ucx_info-d', 'no-rdma-tcp-shm-only-ucx17-wiki.txt');
  const cx6 = readFixture('node', 'ucx_info-d', 'cx6-hdr-gdrcopy-cuda-no-gpudirect-rdma.txt');
  it('a whole output without RDMA still fails: its self domain says nothing was cut', () => {
    expect(status(whole, 'ucx.rdma')).toBe('fail');
    expect(status(whole, 'ucx.cuda')).toBe('fail');
  });
  it('the same output with its self domain cut out is a part: absences are not shown, never failed', () => {
    const cut = whole.replace(/# Memory domain: self[\s\S]*?(?=# Memory domain: tcp)/, '');
    expect(cut).not.toMatch(/Memory domain: self/);
    expect(status(cut, 'ucx.rdma')).toBe('skipped');
    expect(status(cut, 'ucx.cuda')).toBe('skipped');
  });
  it('a part that does show the transports still judges them: RDMA and CUDA ok, GPUDirect read from the HCA domain', () => {
    const fromCuda = cx6.slice(cx6.indexOf('# Memory domain: cuda_cpy'));
    const checks = classifyUcxInfo(parseUcxInfo(fromCuda));
    expect(checks.map((c) => `${c.status} ${c.id}`)).toEqual(['ok ucx.rdma', 'ok ucx.cuda', 'fail gdr.ucx']);
  });
  it('grep Transport: GPUDirect is not shown (no memory types) rather than unjudged or failed', () => {
    const kept = cx6
      .split('\n')
      .filter((l) => l.includes('Transport'))
      .join('\n');
    expect(status(kept, 'gdr.ucx')).toBe('skipped');
  });
});

describe('a Transport line whose Device line a filter dropped', () => {
  it('keeps the transport, device not shown; a whole output never has one', () => {
    const r = parseUcxInfo(
      '# Memory domain: gdr_copy\n#     Component: gdr_copy\n#      Transport: gdr_copy\n',
    );
    expect(r.transports).toEqual(['gdr_copy']);
    const cx6 = parseUcxInfo(readFixture('node', 'ucx_info-d', 'cx6-hdr-gdrcopy-cuda-no-gpudirect-rdma.txt'));
    expect(cx6.domains.flatMap((d) => d.transports).some((t) => t.device === '(not shown)')).toBe(false);
  });
});

describe('UCX settings that leave only TCP between nodes (ucx_perftest command lines)', () => {
  it.each([
    [{ tls: 'tcp' }, /UCX_TLS=tcp allows no RDMA/],
    [{ tls: 'tcp,cuda_copy,cuda_ipc,sm,self' }, /allows no RDMA/],
    [{ netDevices: 'ib0' }, /names only network interfaces/],
    [{ netDevices: 'eth0,ib0' }, /names only network interfaces/],
  ])('%o → TCP only', (env, re) => {
    expect(tcpOnlyBy(env)).toMatch(re);
  });
  it.each([
    [{ tls: 'rc,cuda_copy' }],
    [{ tls: 'tcp,rc_x' }],
    [{ tls: 'ud_v,tcp' }],
    [{ tls: 'all' }],
    [{ tls: '^ib' }],
    [{ tls: 'cuda_ipc,cuda_copy' }],
    [{ netDevices: 'mlx5_bond_1:1' }],
    [{ netDevices: 'mlx5_0:1,eth0' }],
    [{ netDevices: 'all' }],
    [{}],
  ])('%o → not TCP only', (env) => {
    expect(tcpOnlyBy(env)).toBeUndefined();
  });
  it('reads UCX_TLS / UCX_NET_DEVICES typed before the command, exported, and from UCX env lines', () => {
    const r = parseUcxPerftest(
      readFixture('ucx_perftest', 'ucp-put-bw-100mb-tls-tcp-legacy-layout-28mibps.log'),
    );
    expect(r.ucxEnv).toEqual({ tls: 'tcp', netDevices: 'rdma2' });
    const e = parseUcxPerftest(
      readFixture('ucx_perftest', 'ucp-put-bw-bond-roce-destination-unreachable-fail.log'),
    );
    expect(e.ucxEnv).toEqual({ netDevices: 'mlx5_bond_1:1' });
    expect(parseUcxPerftest(readFixture('ucx_perftest', 'tag-bw-cuda-rc-ib-ok.log')).ucxEnv).toBeUndefined();
  });
});

describe('≤ 1.8 perftest table cut before its summary row', () => {
  it('a last bare row with fewer iterations than -n is an interval row, not the summary', () => {
    const text = readFixture('ucx_perftest', 'ucp-put-bw-100mb-tls-tcp-legacy-layout-28mibps.log');
    expect(parseUcxPerftest(text).completed).toBe(false);
    // The same table with -n 4: row 4 is the summary.
    expect(parseUcxPerftest(text.replace('-n 10', '-n 4')).completed).toBe(true);
  });
});

describe('linkOf: UCX scope says intra-node', () => {
  it('TCP lanes of an intra-node endpoint are one host, not a network link', () => {
    const p = parseNixlbench(readFixture('nixlbench', 'cloudai-ucx-protoinfo-tcp-intranode-noisy.log'));
    expect(p.ucx.protocols.some((t) => t.scope === 'intra-node')).toBe(true);
    // Host memory between two processes of one host: no link at all (was 'cross-node' from the TCP lane).
    expect(linkOf(p, 'any')).toBe('unknown');
    expect(linkOf(p, 'network')).toBe('cross-node');
  });
});

describe('prompts with an author placeholder for the host', () => {
  it('reads `ubuntu@<hostname>:~$ cmd` as a prompt', () => {
    expect(promptCommand('ubuntu@<hostname>:~$ ucx_info -d | grep cuda')).toBe('ucx_info -d | grep cuda');
    expect(promptCommand('ubuntu@<hostname>')).toBeUndefined();
    expect(promptCommand('[root@<host> ~]# ibstat')).toBe('ibstat');
  });
});
