import { describe, expect, it } from 'vitest';
import { listFixtures, readFixture } from '../../test/helpers/fixtures.js';
import { readWorld } from '../../test/read-world-paste.table.js';
import { parseMemlock } from './memlock.js';

const expected: Record<string, unknown> = {
  // Host 4096216 KiB and a default Docker container 8192 KiB, pasted with markdown around them.
  'docker-default-container-8192kb-vs-host.txt': {
    readings: [
      { kib: 4096216, line: 5 },
      { kib: 8192, line: 13 },
    ],
    limit: 8192,
  },
  'host-ulimit-Ha-memlock-unlimited.txt': {
    readings: [{ kib: 'unlimited', line: 7, hard: true }],
    limit: 'unlimited',
  },
};

describe('parseMemlock on every shared fixture', () => {
  // Pastes (a bare command line, several sections) are read as `read` reads them: test/read-world-paste.test.ts.
  const files = listFixtures('node', 'ulimit-l').filter((f) => !readWorld(f));
  it('has an expectation for every fixture file', () => {
    expect(files).toEqual(Object.keys(expected).sort());
  });
  for (const file of files) {
    it(file, () => {
      expect(parseMemlock(readFixture('node', 'ulimit-l', file))).toEqual(expected[file]);
    });
  }
});

describe('parseMemlock variants', () => {
  it('reads a bare `ulimit -l`', () => {
    expect(parseMemlock('65536\n')).toEqual({ readings: [{ kib: 65536, line: 1 }], limit: 65536 });
    expect(parseMemlock('unlimited\n')).toEqual({
      readings: [{ kib: 'unlimited', line: 1 }],
      limit: 'unlimited',
    });
  });

  it('reads `ulimit -a` and /proc/self/limits (bytes)', () => {
    expect(
      parseMemlock(
        'open files                      (-n) 1048576\nmax locked memory       (kbytes, -l) 8192\n',
      ).limit,
    ).toBe(8192);
    expect(
      parseMemlock(
        'Limit                     Soft Limit           Hard Limit           Units\nMax locked memory         8388608              8388608              bytes\n',
      ),
    ).toEqual({
      readings: [
        { kib: 8192, line: 2 },
        { kib: 8192, line: 2, hard: true },
      ],
      limit: 8192,
    });
  });

  it('says what it could not find', () => {
    expect(() => parseMemlock('open files: too many\n')).toThrow(
      /^cannot read ulimit output at line 1 "open files: too many": no max-locked-memory value found/,
    );
  });

  it('a `ulimit -a` table without its -l row (cut or filtered before it) is a table whose limit is not shown', () => {
    expect(parseMemlock('core file size (blocks, -c) 0\n')).toEqual({
      readings: [],
      tableWithoutRow: { rows: 1, line: 1 },
    });
    // The same table with its -l row has the limit.
    expect(parseMemlock('core file size (blocks, -c) 0\nmax locked memory (kbytes, -l) 64\n').limit).toBe(64);
  });

  it('rows that lost their flags (`core file size (blocks) 0`) are such a table under a typed ulimit, and only there', () => {
    const rows = 'core file size (blocks) 0\nopen files 1024\npipe size (512 bytes) 8\n';
    expect(parseMemlock(`# ulimit -a\n${rows}`)).toEqual({
      readings: [],
      tableWithoutRow: { rows: 2, line: 2 },
    });
    expect(() => parseMemlock(rows)).toThrow(/no max-locked-memory value found/);
  });
});

describe('parseMemlock in the shells pods have', () => {
  it('reads dash, busybox and zsh `ulimit -a`', () => {
    expect(
      parseMemlock('stack(kbytes)        8192\nlocked memory(kbytes) 64\nprocess              unlimited\n')
        .limit,
    ).toBe(64);
    expect(
      parseMemlock('-s: stack size (kb)                 8192\n-l: max locked memory (kb)          64\n')
        .limit,
    ).toBe(64);
    expect(parseMemlock('-l: locked-in-memory size (kbytes)  unlimited\n').limit).toBe('unlimited');
    // busybox since 1.31 (shell/shell_common.c): the unit before the flag.
    expect(
      parseMemlock('open files                      (-n) 1048576\nmax locked memory (kb)          (-l) 64\n')
        .limit,
    ).toBe(64);
  });
});
