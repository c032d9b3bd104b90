import { describe, expect, it } from 'vitest';
import type { Check } from '../core/model.js';
import { readPasted } from '../read/tools.js';

/**
 * UCX's own ERROR/DIAG lines that say it could not open an RDMA device or rdma_cm's event channel (src/uct/ib/base/
 * ib_md.c `ibv_open_device(%s) failed: %m`, src/uct/ib/rdmacm/rdmacm_cm.c `rdma_create_event_channel failed: %m`):
 * a failure shown without a transport list (issue 38, principle 4), read instead of refused. DEBUG lines stay what
 * they were: not a failure (mlx5's devx md logs the same words at debug level and falls back to verbs).
 */
const lines = (checks: Check[]) => checks.map((c) => `${c.status} ${c.id}`);
const read = (text: string) => readPasted('ucx_info', text, { expect: 'any' }).checks;
const log = (level: string, msg: string, file = 'ib_md.c:1700 ') =>
  `[1700000000.000001] [pod-7:42:0]           ${file} UCX  ${level} ${msg}`;

describe('ucx_info: UCX could not open the RDMA device', () => {
  it('ERROR lines alone, with no ucx_info command, fail RDMA and name the device', () => {
    const text = [
      log('ERROR', 'ibv_open_device(mlx5_3) failed: No such file or directory'),
      log('ERROR', 'rdma_create_event_channel failed: No such file or directory', 'rdmacm_cm.c:686 '),
    ].join('\n');
    const checks = read(text);
    expect(lines(checks)).toContain('fail ucx.rdma');
    expect(checks.find((c) => c.id === 'ucx.rdma')).toMatchObject({ subject: 'mlx5_3' });
    expect(checks.find((c) => c.id === 'ucx.rdma')?.detail).toContain(
      "the RDMA device mlx5_3 and rdma_cm's event channel",
    );
    expect(lines(checks)).toContain('skipped ucx.cuda');
  });

  it('the DIAG level newer UCX uses, after the command, fails the same way', () => {
    const text = `$ ucx_info -d\n${log('DIAG ', 'ibv_open_device(mlx5_0) failed: Permission denied')}\n`;
    expect(lines(read(text))).toContain('fail ucx.rdma');
  });

  it('the same words at DEBUG level after the command are only log lines: the transport list is not shown', () => {
    const text = `$ ucx_info -d\n${log('DEBUG', 'ibv_open_device(mlx5_0) failed: Operation not supported')}\n`;
    expect(lines(read(text))).toContain('skipped ucx.rdma');
  });
});
