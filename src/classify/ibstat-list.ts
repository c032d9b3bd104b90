import { type Check, check } from '../core/model.js';
import { plural } from '../core/verdict.js';
import type { IbstatList } from '../parsers/ibstat-list.js';

/**
 * `ibstat -l` (CA names) and `ibstat -p` (port GUIDs): what exists is listed, none of a port's state, rate or
 * link layer is, so the ports are not shown and not judged (principle 2): the verdict is never a pass on them.
 */
export function classifyIbstatList(list: IbstatList): Check[] {
  const fix =
    'run `ibstat` without -l/-p: it prints each CA with its Port blocks (State, Physical state, Rate, Link layer)';
  if (list.portGuids) {
    const n = list.portGuids.length;
    return [
      check('rdma.devices', 'ok', `${plural(n, 'port GUID')} listed (\`ibstat -p\`)`, {
        data: { portGuids: list.portGuids },
      }),
      check(
        'ib.ports',
        'skipped',
        `\`ibstat -p\` lists port GUIDs only: the ports' state, rate and link layer are not shown, not judged`,
        { fix },
      ),
    ];
  }
  const names = list.names ?? [];
  return [
    check('rdma.devices', 'ok', `${plural(names.length, 'CA')} listed: ${names.join(', ')}`, {
      data: { listed: names },
    }),
    check(
      'ib.ports',
      'skipped',
      `\`ibstat -l\` lists CA names only: their ports' state, rate and link layer are not shown, not judged`,
      { fix },
    ),
  ];
}
