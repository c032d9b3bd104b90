import { describe, expect, it } from 'vitest';
import { readFixture } from '../../test/helpers/fixtures.js';
import { ParseError } from './errors.js';
import { p2pCapabilityOf, parseNvidiaSmiP2p } from './nvidia-smi-p2p.js';

const LEGEND = {
  X: 'Self',
  OK: 'Status Ok',
  CNS: 'Chipset not supported',
  GNS: 'GPU not supported',
  TNS: 'Topology not supported',
  NS: 'Not supported',
  DR: 'Disabled by regkey',
  U: 'Unknown',
};

describe('parseNvidiaSmiP2p on real captures', () => {
  it('the tab-separated matrix with its trailing tabs and the legend (club-3090#1140)', () => {
    expect(parseNvidiaSmiP2p(readFixture('node', 'nvidia-smi-topo-p2p', 'rtx5090-2gpu-rw-gns.txt'))).toEqual({
      matrices: [
        { gpus: ['GPU0', 'GPU1'], cells: { GPU0: { GPU1: 'GNS' }, GPU1: { GPU0: 'GNS' } }, cut: [], line: 1 },
      ],
      legend: LEGEND,
      usageErrors: [],
      notUnderstood: [],
    });
  });

  it('the same re-aligned with spaces reads the same', () => {
    const r = parseNvidiaSmiP2p(readFixture('node', 'nvidia-smi-topo-p2p', 'rtx5090-2gpu-rw-gns-spaces.txt'));
    expect(r.matrices[0]?.cells).toEqual({ GPU0: { GPU1: 'GNS' }, GPU1: { GPU0: 'GNS' } });
    expect(r.legend).toEqual(LEGEND);
  });

  it('a paste: the capability comes from the prompt line, the -p2p typo is a usage error, the cut legend keeps its one line', () => {
    const r = parseNvidiaSmiP2p(
      readFixture('node', 'nvidia-smi-topo-p2p', 'rtx50-5gpu-paste-p2p-typo-then-p2p-p-all-ok.txt'),
    );
    expect(r.matrices).toHaveLength(1);
    expect(r.matrices[0]).toMatchObject({
      capability: 'p',
      gpus: ['GPU0', 'GPU1', 'GPU2', 'GPU3', 'GPU4'],
      line: 4,
    });
    expect(Object.values(r.matrices[0]?.cells ?? {}).flatMap((row) => Object.values(row))).toEqual(
      Array(20).fill('OK'),
    );
    expect(r.usageErrors).toEqual([{ line: 2, text: 'Option "-p2p" is missing its value.' }]);
    expect(r.legend).toEqual({ X: 'Self' });
    expect(r.notUnderstood).toEqual([]);
  });

  it('topo -m lines in the same input are not understood, its legend is not taken for the P2P legend', () => {
    const r = parseNvidiaSmiP2p(
      '\tGPU0\tGPU1\tCPU Affinity\nGPU0\t X \tPHB\t0-63\n\nLegend:\n\n  X    = Self\n  PHB  = Connection traversing PCIe as well as a PCIe Host Bridge (typically the CPU)\n \tGPU0\tGPU1\t\n GPU0\tX\tOK\t\n GPU1\tOK\tX\t\n',
    );
    expect(r.legend).toEqual({ X: 'Self' });
    expect(r.notUnderstood.map((l) => l.line)).toEqual([1, 2, 7]);
    expect(r.matrices[0]?.cells).toEqual({ GPU0: { GPU1: 'OK' }, GPU1: { GPU0: 'OK' } });
  });
});

describe('parseNvidiaSmiP2p: shapes', () => {
  it('a row cut short is recorded as cut; the cells shown are kept', () => {
    const r = parseNvidiaSmiP2p(' \tGPU0\tGPU1\tGPU2\t\n GPU0\tX\tOK\tCNS\t\n GPU1\tOK\t\n');
    expect(r.matrices[0]?.cells).toEqual({ GPU0: { GPU1: 'OK', GPU2: 'CNS' }, GPU1: { GPU0: 'OK' } });
    expect(r.matrices[0]?.cut).toEqual([{ row: 'GPU1', shown: 1, of: 3, line: 3 }]);
  });

  it('two matrices after their own prompts each keep their capability', () => {
    const r = parseNvidiaSmiP2p(
      '$ nvidia-smi topo -p2p r\n \tGPU0\tGPU1\t\n GPU0\tX\tOK\t\n GPU1\tOK\tX\t\n$ nvidia-smi topo -p2p n\n \tGPU0\tGPU1\t\n GPU0\tX\tNS\t\n GPU1\tNS\tX\t\n',
    );
    expect(r.matrices.map((m) => `${m.capability} ${m.cells.GPU0?.GPU1}`)).toEqual(['r OK', 'n NS']);
  });

  it('rows pasted without their header: the first row’s diagonal X implies the columns (P1)', () => {
    const r = parseNvidiaSmiP2p(
      '$ nvidia-smi topo -p2p rw\n GPU0\tX\tGNS\tNS\n GPU1\tGNS\tX\tNS\n GPU2\tNS\tNS\tX\n',
    );
    expect(r.matrices[0]).toMatchObject({
      gpus: ['GPU0', 'GPU1', 'GPU2'],
      headless: true,
      capability: 'rw',
      line: 2,
    });
    expect(r.matrices[0]?.cells.GPU2).toEqual({ GPU0: 'NS', GPU1: 'NS' });
    // Cut above: the first row shown is GPU1, its X second: the columns are still GPU0 … GPU2.
    expect(parseNvidiaSmiP2p(' GPU1\tOK\tX\tOK\n GPU2\tOK\tOK\tX\n').matrices[0]?.cells.GPU1).toEqual({
      GPU0: 'OK',
      GPU2: 'OK',
    });
    // An X away from the row's own index implies nothing: not a P2P matrix.
    expect(() => parseNvidiaSmiP2p(' GPU1\tX\tOK\n')).toThrow(/no GPU0 GPU1 … header/);
  });

  it('what is not a P2P matrix is one ParseError naming the line', () => {
    expect(() => parseNvidiaSmiP2p('')).toThrow(ParseError);
    expect(() => parseNvidiaSmiP2p('\tGPU0\tGPU1\tCPU Affinity\nGPU0\t X \tNV18\t0-55\n')).toThrow(
      /no GPU0 GPU1 … header of a P2P status matrix found/,
    );
  });

  it('p2pCapabilityOf reads -p2p r|w|n|a|p and rw; a missing value is none', () => {
    expect(['r', 'w', 'n', 'a', 'p', 'rw'].map((c) => p2pCapabilityOf(`nvidia-smi topo -p2p ${c}`))).toEqual([
      'r',
      'w',
      'n',
      'a',
      'p',
      'rw',
    ]);
    expect(p2pCapabilityOf('nvidia-smi topo --p2pstatus=w')).toBe('w');
    expect(p2pCapabilityOf('nvidia-smi topo -p2p -p')).toBeUndefined();
    expect(p2pCapabilityOf('nvidia-smi topo -m')).toBeUndefined();
  });
});
