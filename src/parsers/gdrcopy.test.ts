import { describe, expect, it } from 'vitest';
import { listFixtures, readFixture } from '../../test/helpers/fixtures.js';
import { readWorld } from '../../test/read-world-paste.table.js';
import { parseGdrcopy } from './gdrcopy.js';

const a100 = (id: number, bus: string) => ({ id, name: 'NVIDIA A100-SXM4-80GB', bus });

const expected: Record<string, unknown> = {
  'a100-gdrdrv-working-wc-mapping.txt': {
    gpus: [
      a100(0, '0000:5b:00'),
      a100(1, '0000:5e:00'),
      a100(2, '0000:75:00'),
      a100(3, '0000:78:00'),
      a100(4, '0000:9d:00'),
      a100(5, '0000:a1:00'),
      a100(6, '0000:f5:00'),
      a100(7, '0000:f9:00'),
    ],
    mapped: true,
    wcMapping: true,
    // copybw's "MB/s" is MiB/s: 20084.5 MiB/s = 21.06 GB/s; 434.413 MiB/s = 0.456 GB/s.
    writeGBps: 21.06,
    readGBps: 0.456,
    closed: true,
    errors: [],
  },
};

describe('parseGdrcopy on every shared fixture', () => {
  // Pastes (a bare command line, several sections) are read as `read` reads them: test/read-world-paste.test.ts.
  const files = listFixtures('node', 'gdrcopy_copybw').filter((f) => !readWorld(f));
  it('has an expectation for every fixture file', () => {
    expect(files).toEqual(Object.keys(expected).sort());
  });
  for (const file of files) {
    it(file, () => {
      expect(parseGdrcopy(readFixture('node', 'gdrcopy_copybw', file))).toEqual(expected[file]);
    });
  }
});

describe('parseGdrcopy variants', () => {
  it('records the error when gdrdrv cannot be opened', () => {
    const r = parseGdrcopy(
      'GPU id:0; name: NVIDIA H100 80GB HBM3; Bus id: 0000:18:00\nselecting device 0\ngdr_open error: Is gdrdrv driver installed and loaded?\n',
    );
    expect(r).toMatchObject({
      closed: false,
      errors: [{ line: 3, text: 'gdr_open error: Is gdrdrv driver installed and loaded?' }],
    });
  });
  it('rejects unrelated text', () => {
    expect(() => parseGdrcopy('hello\n')).toThrow(/^cannot read gdrcopy_copybw output at line 1 "hello"/);
  });
});
