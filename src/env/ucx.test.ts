import { describe, expect, it } from 'vitest';
import { looksLikeRdmaDevice, parseNetDevices, parseUcxTls, UCX_TRANSPORTS } from './ucx.js';

describe('parseUcxTls', () => {
  it('expands the aliases Dynamo recommends (rc_x, rc, dc_x, dc) to concrete transports', () => {
    expect(parseUcxTls('rc_x,rc,dc_x,dc,cuda_copy,cuda_ipc')).toEqual({
      mode: 'allow',
      tokens: ['rc_x', 'rc', 'dc_x', 'dc', 'cuda_copy', 'cuda_ipc'],
      enabled: ['rc_verbs', 'rc_mlx5', 'dc_mlx5', 'cuda_copy', 'cuda_ipc'],
      unknown: [],
      rdma: ['rc_verbs', 'rc_mlx5', 'dc_mlx5'],
      datagram: [],
      tcp: false,
      cudaCopy: true,
      cudaIpc: true,
    });
  });

  it('reads the GB200 MNNVL list (no RDMA transport, tcp for the rest)', () => {
    expect(parseUcxTls('cuda_copy,cuda_ipc,tcp')).toEqual({
      mode: 'allow',
      tokens: ['cuda_copy', 'cuda_ipc', 'tcp'],
      enabled: ['cuda_copy', 'cuda_ipc', 'tcp'],
      unknown: [],
      rdma: [],
      datagram: [],
      tcp: true,
      cudaCopy: true,
      cudaIpc: true,
    });
  });

  it('treats ^ as exclusion: ^cuda_ipc keeps everything else, RDMA included', () => {
    const t = parseUcxTls('^cuda_ipc');
    expect(t.mode).toBe('exclude');
    expect(t.enabled).toEqual(UCX_TRANSPORTS.filter((x) => x !== 'cuda_ipc'));
    expect([t.cudaIpc, t.cudaCopy, t.tcp]).toEqual([false, true, true]);
    expect(t.rdma).toEqual(['rc_verbs', 'rc_mlx5', 'dc_mlx5', 'srd', 'rc_gda']);
  });

  it('excludes whole aliases: ^ib,tcp leaves no RDMA or TCP, ^cuda drops all GPU transports', () => {
    const noNet = parseUcxTls('^ib,dc,tcp');
    // Current UCX's `ib` alias holds EFA's srd and rc_gda too (ucp_context.c `ucp_tl_aliases` @ 9466d104).
    expect(noNet.rdma).toEqual([]);
    expect(noNet.tcp).toBe(false);
    const noCuda = parseUcxTls('^cuda');
    expect([noCuda.cudaCopy, noCuda.cudaIpc, noCuda.enabled.includes('gdr_copy')]).toEqual([
      false,
      false,
      false,
    ]);
  });

  it('knows `all`, `cuda`, `ib`, `sm`, the strict \\name form, and that :aux carries no data', () => {
    expect(parseUcxTls('all').mode).toBe('all');
    expect(parseUcxTls('all').enabled).toEqual([...UCX_TRANSPORTS]);
    expect(parseUcxTls('ib,cuda').enabled).toEqual([
      'rc_verbs',
      'rc_mlx5',
      'dc_mlx5',
      'srd',
      'rc_gda',
      'ud_verbs',
      'ud_mlx5',
      'cuda_copy',
      'cuda_ipc',
      'gdr_copy',
      'gga_mlx5',
    ]);
    // `gga` (the mlx5 DMA copy offload) is a transport of current UCX, not a typo; it moves nothing between hosts.
    expect(parseUcxTls('^gga')).toMatchObject({ unknown: [], tcp: true, cudaIpc: true });
    expect(parseUcxTls('gga,cuda_copy').rdma).toEqual([]);
    expect(parseUcxTls('sm,self').enabled).toEqual(['posix', 'sysv', 'xpmem', 'knem', 'cma', 'self']);
    expect(parseUcxTls('\\rc_mlx5,cuda_copy').rdma).toEqual(['rc_mlx5']);
    expect(parseUcxTls('ud:aux,cuda_copy').enabled).toEqual(['cuda_copy']);
    expect(parseUcxTls('^all').enabled).toEqual([]);
  });

  it('reports names UCX does not know, and tolerates spaces and empty items', () => {
    const t = parseUcxTls(' rcx, rc ,,cuda-copy ');
    expect(t.unknown).toEqual(['rcx', 'cuda-copy']);
    expect(t.tokens).toEqual(['rcx', 'rc', 'cuda-copy']);
    expect(t.cudaCopy).toBe(false);
    expect(parseUcxTls('').enabled).toEqual([]);
  });

  it('counts ud only as datagram and srd (EFA) as RDMA', () => {
    const t = parseUcxTls('ud,cuda_copy');
    expect([t.rdma, t.datagram]).toEqual([[], ['ud_verbs', 'ud_mlx5']]);
    expect(parseUcxTls('srd,cuda_copy,tcp').rdma).toEqual(['srd']);
  });
});

describe('parseNetDevices', () => {
  it('splits RDMA ports from bare interface names', () => {
    expect(parseNetDevices('mlx5_0:1,mlx5_bond_0:1,ibp12s0:1,eth0')).toEqual({
      mode: 'allow',
      rdmaPorts: ['mlx5_0:1', 'mlx5_bond_0:1', 'ibp12s0:1'],
      bare: ['eth0'],
    });
  });

  it('reads all and the exclusion form', () => {
    expect(parseNetDevices('all')).toEqual({ mode: 'all', rdmaPorts: [], bare: [] });
    expect(parseNetDevices('^mlx5_6:1,mlx5_7:1')).toEqual({
      mode: 'exclude',
      rdmaPorts: ['mlx5_6:1', 'mlx5_7:1'],
      bare: [],
    });
  });

  it('recognises RDMA device names that lack their port', () => {
    expect(
      ['mlx5_0', 'ibp12s0', 'rocep1s0f0', 'rdmap16s27', 'eth0', 'bond0.118'].map(looksLikeRdmaDevice),
    ).toEqual([true, true, true, true, false, false]);
  });
});
