import { cutShown, type Shown } from '../classify/shown.js';
import type { ToolId } from '../classify/tools.js';
import { type Check, check } from '../core/model.js';
import { type Elision, elisionsOf } from '../parsers/lines.js';

/**
 * Readers whose parsers record an author's elision themselves and say what it leaves out (ibstat's and
 * rdma-link's `ib.elided`, fi_info's cut, nvlink's link count, ucx_info's `[...]`) and decide themselves which
 * absence it leaves open (one Down port shown beside a `...` is still a Down port): the reading adds nothing.
 */
const OWN: ReadonlySet<ToolId> = new Set<ToolId>(['ibstat', 'fi_info', 'nvlink', 'rdma-link', 'ucx_info']);

/**
 * An author's `...` or `[snip]` is not data (issue 38, principle 2): the parsers read around it (dataLines), and
 * here the reading records it. What it stands for is not shown: every conclusion of absence the classifier draws
 * goes through `shown` (hiddenBy answers "not shown" for it, as for a cut paste), and a `read.elided` check names
 * each elision (it does not weigh on the verdict: what the lines shown say still counts, a benchmark's rows on both
 * sides of a `...` among them). Under a filter the command typed (`lsmod | grep mlx`), a line the filter keeps may
 * still be among those left out.
 */
export function elidedReading(tool: ToolId, text: string, shown?: Shown): { shown?: Shown; checks: Check[] } {
  const marks = OWN.has(tool) ? [] : elisionsOf(text);
  if (marks.length === 0) return shown ? { shown, checks: [] } : { checks: [] };
  const cut = cutShown(whereOf(marks));
  // Under a filter, a line it keeps may still be among the lines left out: shown only where neither hides it.
  const both: Shown | undefined = shown && {
    filter: `${shown.filter}; ${cut.filter}`,
    keeps: (line) => (shown.keeps(line) === false ? false : undefined),
    cut: true,
  };
  return { shown: both ?? cut, checks: [elidedCheck(tool, marks)] };
}

function whereOf(marks: readonly Elision[]): string {
  return marks
    .slice(0, 3)
    .map((m) => `line ${m.line}: the author's \`${m.text.slice(0, 40)}\` leaves lines out`)
    .join('; ');
}

function elidedCheck(tool: ToolId, marks: readonly Elision[]): Check {
  return check(
    'read.elided',
    'skipped',
    `${whereOf(marks)}${marks.length > 3 ? ` (+${marks.length - 3} more)` : ''}: what ${marks.length > 1 ? 'they stand' : 'it stands'} for is not shown, so not judged; the lines around ${marks.length > 1 ? 'them' : 'it'} were read`,
    { fix: `paste the whole output of ${tool}, without leaving lines out`, matters: false },
  );
}
