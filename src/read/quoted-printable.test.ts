import { describe, expect, it } from 'vitest';
import { checkLines, readChecks } from '../../test/helpers/read.js';

/**
 * Issue 38, principle 1, from batch b42: a paste copied from a mail's raw source (a list archive's raw message)
 * whose body is quoted-printable (RFC 2045, 6.7): a long line ends in a soft break `=` and goes on on the next
 * line, `=` is written `=3D`, a no-break space `=C2=A0`, a line end `=0A`. The encoding is the mail's: the lines
 * are joined and decoded, and the device, row or kernel line they hold is read as the tool printed it.
 */
const devinfo = [
  'hca_id: mlx5_2',
  '=C2=A0 =C2=A0 =C2=A0 =C2=A0 transport:=C2=A0 =C2=A0 =C2=A0 =C2=A0 =C2=A0 =',
  '=C2=A0 =C2=A0 =C2=A0 InfiniBand (0)',
  '=C2=A0 =C2=A0 =C2=A0 =C2=A0 phys_port_cnt:=C2=A0 =C2=A0 =C2=A0 =C2=A0 =C2=',
  '=A0 1',
  '=C2=A0 =C2=A0 =C2=A0 =C2=A0 =C2=A0 =C2=A0 =C2=A0 =C2=A0 port:=C2=A0 =C2=A01',
  '=C2=A0 =C2=A0 =C2=A0 =C2=A0 =C2=A0 =C2=A0 =C2=A0 =C2=A0 =C2=A0 =C2=A0 =C2=',
  '=A0 =C2=A0 state:=C2=A0 =C2=A0 =C2=A0 =C2=A0 =C2=A0 =',
  '=C2=A0 PORT_ACTIVE (4)',
  '=C2=A0 =C2=A0 =C2=A0 =C2=A0 =C2=A0 =C2=A0 =C2=A0 =C2=A0 =C2=A0 =C2=A0 =C2=',
  '=A0 =C2=A0 link_layer:=C2=A0 =C2=A0 =C2=A0Ether=',
  'net',
].join('\n');

describe('a quoted-printable mail body', () => {
  it('an ibv_devinfo device split by soft breaks and =C2=A0 spaces is read as the device it is', () => {
    expect(checkLines(readChecks('ibv_devinfo', devinfo))).toEqual(['ok ib.port mlx5_2/1', 'ok ib.ports']);
  });

  it('kernel lines ending in an encoded line end then a soft break (`=0A=`) are read line by line', () => {
    const dmesg = [
      '[  408.368677] mlx5_core 0000:c1:00.0: AMD-Vi: Event logged [IO_PAGE_FAULT =',
      'domain=3D0x002f address=3D0x24d08000 flags=3D0x0000]=0A=',
      '[  408.380235] nvme nvme15: starting error recovery=0A=',
      '[  408.392000] mlx5_core.eth: probe of mlx5_core.eth.2 fai=',
      'led with error -22=0A=',
    ].join('\n');
    expect(checkLines(readChecks('dmesg', dmesg))).toContain('fail nic.driver');
  });

  it('a perftest header the encoder split (`MsgRate[=`) still heads its row', () => {
    const rows = [
      ' #bytes     #iterations    BW peak[MB/sec]    BW average[MB/sec]   MsgRate[=',
      'Mpps]',
      ' 1048576    1024             6157.74            6157.74=09=09   0.006158',
    ].join('\n');
    expect(checkLines(readChecks('perftest', rows))).toContain('warn verbs.bandwidth');
  });

  it('no escape anywhere: lines ending in `=` are left as they are', () => {
    const plain = [
      "CA 'mlx5_0'",
      '\tPort 1:',
      '\t\tState: Active',
      '\t\tPhysical state: LinkUp',
      '\t\tRate: 400',
    ];
    const lines = [...plain, '\t\tBase lid: 7', '\t\tSM lid: 1', '\t\tLink layer: InfiniBand', 'x=', 'y='];
    expect(checkLines(readChecks('ibstat', lines.join('\n')))).toContain('ok ib.port mlx5_0/1');
  });
});
