import { describe, expect, it } from 'vitest';
import { checkLines, readChecks, verdictOf } from '../../test/helpers/read.js';

/**
 * Issue 38, principles 1 (read what is there, whatever its shape) and 3 (what the paste says about
 * itself), from corpus batch b32: pastes from mailing-list archives and forum posts. Each paste is a
 * small one in the tool's own format, read beside the plain text it renders to, so a rule cannot pass by
 * never failing or never passing. Sources: references/read-shapes.md, references/rdma-devices.md.
 */
const read = readChecks;
const lines = checkLines;

const ibstatus = [
  "Infiniband device 'mlx4_0' port 1 status:",
  '\tdefault gid:\t fe80:0000:0000:0000:0002:c903:0033:6fe1',
  '\tbase lid:\t 0x4',
  '\tsm lid:\t\t 0x6',
  '\tstate:\t\t 1: DOWN',
  '\tphys state:\t 2: Polling',
  '\trate:\t\t 40 Gb/sec (4X QDR)',
  '\tlink_layer:\t InfiniBand',
  "Infiniband device 'mlx4_0' port 2 status:",
  '\tdefault gid:\t fe80:0000:0000:0000:0002:c903:0033:6fe2',
  '\tbase lid:\t 0x5',
  '\tsm lid:\t\t 0x6',
  '\tstate:\t\t 4: ACTIVE',
  '\tphys state:\t 5: LinkUp',
  '\trate:\t\t 200 Gb/sec (4X HDR)',
  '\tlink_layer:\t InfiniBand',
];
/** As an MHonArc archive page prints it: a `<br>` line after each line, `&nbsp;` for the indent. */
const asHtml = (ls: readonly string[]) =>
  ls.map((l) => `${l.replace(/\t+/g, (t) => '&nbsp;'.repeat(8 * t.length))}\n<br>`).join('\n');

describe('1. a paste copied from an HTML page: <br> line breaks, &nbsp; indents, entities', () => {
  it('reads as the plain text it renders to: the down port with its LID still fails, the other passes', () => {
    const plain = read('ibstatus', ibstatus.join('\n'));
    expect(lines(plain)).toContain('fail ib.port mlx4_0/1');
    expect(lines(read('ibstatus', `<p>sulu&gt; ibstatus\n<br>\n${asHtml(ibstatus)}\n`))).toEqual(
      lines(read('ibstatus', `sulu> ibstatus\n${ibstatus.join('\n')}\n`)),
    );
  });

  it('a healthy page copy passes as the healthy text does; one stray entity alone changes nothing', () => {
    const healthy = ibstatus.slice(8);
    expect(verdictOf(read('ibstatus', asHtml(healthy)))).toBe(
      verdictOf(read('ibstatus', healthy.join('\n'))),
    );
    expect(verdictOf(read('ibstatus', asHtml(healthy)))).toBe('trusted');
    // A lone `&amp;` in one line is not a page: the text is left as it is.
    const memlock = 'max locked memory       (kbytes, -l) 64\nR&amp;D box';
    expect(lines(read('memlock', memlock))).toEqual(
      lines(read('memlock', 'max locked memory       (kbytes, -l) 64')),
    );
  });

  it("a reply's `> ` quote marks on every line are the mail's, not the tool's", () => {
    const quoted = ibstatus.map(
      (l) => `<span class="quotelev1">&gt; ${l.replace(/\t/g, '        ')}\n</span><br>`,
    );
    expect(lines(read('ibstatus', quoted.join('\n')))).toEqual(lines(read('ibstatus', ibstatus.join('\n'))));
    // Plain-text quoting (a mail reply copied as text) is read the same way.
    expect(lines(read('ibstatus', ibstatus.map((l) => `> ${l}`).join('\n')))).toEqual(
      lines(read('ibstatus', ibstatus.join('\n'))),
    );
  });
});

describe('3. a NetEffect nes<N> RNIC is iWARP hardware, though it reports no vendor id or firmware', () => {
  const devinfo = (name: string) =>
    [
      `hca_id: ${name}`,
      '\tnode_guid:\t\t\t0012:5502:63c0:0000',
      '\tsys_image_guid:\t\t\t0012:5502:63c0:0000',
      '\tvendor_id:\t\t\t0x0000',
      '\tvendor_part_id:\t\t\t0',
      '\thw_ver:\t\t\t\t0x5',
      '\tboard_id:\t\t\tNES020 Board ID',
      '\tphys_port_cnt:\t\t\t1',
      '\t\tport:\t1',
      '\t\t\tstate:\t\t\tPORT_ACTIVE (4)',
      '\t\t\tmax_mtu:\t\t2048 (4)',
      '\t\t\tactive_mtu:\t\t2048 (4)',
      '\t\t\tsm_lid:\t\t\t0',
      '\t\t\tport_lid:\t\t1',
      '\t\t\tport_lmc:\t\t0x00',
    ].join('\n');

  it('nes0 is not judged software RDMA; the same zeroed vendor under another name still is', () => {
    const nes = read('ibv_devinfo', devinfo('nes0'));
    expect(nes.find((c) => c.id === 'ib.port')?.detail ?? '').not.toMatch(/software|emulated/);
    expect(lines(nes)).not.toContain('fail ib.port nes0/1');
    expect(lines(nes)).toContain('ok ib.port nes0/1');
    const other = read('ibv_devinfo', devinfo('myrnic0'));
    expect(other.find((c) => c.id === 'ib.port')?.detail ?? '').toMatch(/emulated by the kernel/);
  });
});

describe('1/2. a csh/tcsh prompt, and an `ls` of named or globbed nodes, which lists only those', () => {
  const ucm = [
    'crw-rw-rw-  1 root root 231, 224 Jul 16 04:30 /dev/infiniband/ucm0',
    'crw-rw-rw-  1 root root 231, 225 Jul 16 04:30 /dev/infiniband/ucm1',
  ];
  it('`ls -l /dev/infiniband/ucm*` after a `host:cwd %` prompt leaves uverbs not shown, not absent', () => {
    const globbed = read(
      'dev-infiniband',
      ['[4:01] box:~/mpi % ls -l /dev/infiniband/ucm*', ...ucm].join('\n'),
    );
    expect(lines(globbed)).toContain('skipped rdma.devices');
    expect(verdictOf(globbed)).toBe('unverified');
    // The whole directory listed with no uverbs node is a failure, as before.
    const whole = read('dev-infiniband', ['box:~ % ls -l /dev/infiniband', ...ucm].join('\n'));
    expect(lines(whole)).toContain('fail rdma.devices');
  });

  it('a glob that takes in the uverbs nodes shows them: they are judged', () => {
    const uverbs = read(
      'dev-infiniband',
      [
        '$ ls -l /dev/infiniband/uverbs*',
        'crw-rw-rw- 1 root root 231, 192 Nov 21 02:18 /dev/infiniband/uverbs0',
      ].join('\n'),
    );
    expect(lines(uverbs)).toContain('ok rdma.devices');
  });
});
