import { type Check, check } from '../core/model.js';
import { plural } from '../core/verdict.js';
import type { FiInfoEntry, FiInfoResult } from '../parsers/fi-info.js';

/**
 * `fi_info -p efa`: the EFA provider lists one FI_EP_RDM (and one FI_EP_DGRAM) domain per EFA
 * device (`rdmap16s27-rdm`, `-dgrm`); NIXL's LIBFABRIC backend and aws-ofi-nccl use the RDM
 * ones. No entry (`fi_getinfo: -61 (No data available)`) means this libfabric sees no EFA device:
 * no EFA in the pod (vpc.amazonaws.com/efa not requested) or a libfabric without the efa provider.
 * AWS documents 32 EFA devices on p5/p5e, 16 on p5en, 4 on p4d (see rdma.efa in ib-ports).
 *
 * What the typed command asked decides what the answer says (principle 3): -61 is FI_ENODATA
 * (fi_getinfo(3): "If no matching fabric information is available, info will be set to NULL and the
 * call will return -FI_ENODATA"), "no provider matched the query"; a query for verbs (`-p verbs`,
 * `FI_PROVIDER=verbs`) that matches nothing says nothing about EFA. A pipe that keeps lines by position
 * (`| head -n 20`) or by pattern hides the records after the cut: the device count is not shown.
 */
export function classifyFiInfo(r: FiInfoResult, opts: { commands?: readonly string[] } = {}): Check[] {
  // The records are judged under the command that printed them (their prompt line): a later
  // `fi_info -v | grep state` filters its own output, not the records above it.
  const command =
    r.entries.findLast((e) => e.command !== undefined)?.command ??
    opts.commands?.findLast((c) => /(?:^|[\s/])fi_info\b/.test(c));
  const query = queryOf(command);
  const asked = command ? `\`${command}\`` : 'fi_info';
  const efa = r.entries.filter((e) => e.provider === 'efa');
  const rdm = efa.filter((e) => e.type === 'FI_EP_RDM' || /-rdm$/.test(e.domain ?? ''));
  const ver = r.libfabric
    ? `libfabric ${r.libfabric}`
    : efa[0]?.version
      ? `efa provider ${efa[0].version}`
      : undefined;
  const cut = cutOf(r, command);
  const cxi = r.entries.filter((e) => e.provider === 'cxi');
  if (efa.length === 0 && (cxi.length > 0 || query.providers?.includes('cxi')))
    return classifyCxi(cxi, r, asked, cut);
  if (efa.length === 0) {
    if (!efaAsked(query)) {
      const what = askedFor(query);
      return [
        check(
          'efa.provider',
          'skipped',
          r.error
            ? `${asked} asked for ${what}, not EFA: its ${errorText(r.error)} says libfabric has ${query.providers ? `no ${what} provider` : 'no provider but EFA'} here, nothing about EFA`
            : `${asked} asked for ${what}, not EFA (${plural(r.entries.length, 'entry', 'entries')}): EFA was not queried`,
          { fix: 'run `fi_info -p efa`' },
        ),
      ];
    }
    if (r.error)
      return [
        check(
          'efa.provider',
          'fail',
          `libfabric found no EFA provider (line ${r.error.line}: ${errorText(r.error)})`,
          {
            fix: 'request vpc.amazonaws.com/efa in the pod (the EFA device plugin mounts /dev/infiniband/uverbs*), and use a libfabric built with the efa provider (the AWS EFA installer one, /opt/amazon/efa)',
          },
        ),
      ];
    const others = [...new Set(r.entries.map((e) => e.provider))];
    if (others.length && cut)
      return [
        check('efa.provider', 'skipped', `no efa provider in the part shown (${others.join(', ')}); ${cut}`, {
          fix: 'run `fi_info -p efa` unfiltered',
        }),
      ];
    return [
      check(
        'efa.provider',
        others.length ? 'warn' : 'skipped',
        others.length
          ? `no efa provider listed; providers: ${others.join(', ')}`
          : r.log?.length
            ? `no fi_info record or fi_getinfo result, only libfabric's log (${plural(r.log.length, 'line')}, ${[...new Set(r.log.map((x) => x.provider))].join(', ')}; last: "${(r.log.at(-1) as { message: string }).message}"): the providers' records are not shown`
            : `${ver ?? 'fi_info'}: no provider entries shown`,
        { fix: 'run `fi_info -p efa`' },
      ),
    ];
  }
  const domains = [...new Set(rdm.map((e) => (e.domain ?? '').replace(/-rdm$/, '')))];
  if (rdm.length === 0) {
    const why =
      query.epType && query.epType !== 'FI_EP_RDM'
        ? `${asked} asked for ${query.epType} only`
        : (cut ?? untypedOf(efa));
    if (why)
      return [
        check('efa.provider', 'skipped', `efa provider listed, no FI_EP_RDM endpoint shown: ${why}`, {
          fix: 'run `fi_info -p efa -t FI_EP_RDM` unfiltered',
        }),
      ];
    return [
      check(
        'efa.provider',
        'fail',
        `the efa provider lists no FI_EP_RDM endpoint (${plural(efa.length, 'entry', 'entries')}, ${efa.map((e) => e.type).join(', ')})`,
        {
          fix: 'NIXL (LIBFABRIC) and aws-ofi-nccl need RDM endpoints: update the EFA installer / libfabric',
        },
      ),
    ];
  }
  const checks = [
    check(
      'efa.provider',
      'ok',
      `efa provider: ${plural(domains.length, 'EFA device')} with RDM endpoints (${domains.slice(0, 4).join(', ')}${domains.length > 4 ? ', …' : ''})${ver ? `, ${ver}` : ''}`,
      { data: { devices: domains.length, rdm: rdm.length } },
    ),
  ];
  if (cut)
    checks.push(
      check(
        'efa.shown',
        'skipped',
        `${cut}: EFA devices other than the ${domains.length} shown are not shown, so the device count is not checked`,
        { fix: 'run `fi_info -p efa -t FI_EP_RDM` without a pipe and paste all of it' },
      ),
    );
  return checks;
}

function errorText(e: NonNullable<FiInfoResult['error']>): string {
  return `\`${e.text}\`${e.code === -61 ? ' (FI_ENODATA: no provider matched the query)' : ''}`;
}

interface Query {
  /** Providers the query allows (`-p`, `--provider`, `FI_PROVIDER`); undefined: any. */
  providers?: string[];
  /** Providers `FI_PROVIDER=^…` excludes. */
  excluded: string[];
  /** `-t` / `--ep_type`. */
  epType?: string;
  /** The stages after fi_info (`head -n 20`). */
  pipe: string[];
}

const efaAsked = (q: Query) =>
  (q.providers === undefined || q.providers.includes('efa')) && !q.excluded.includes('efa');

const askedFor = (q: Query) =>
  q.providers?.join(', ') ||
  (q.excluded.length ? `every provider but ${q.excluded.join(', ')}` : 'no provider');

/**
 * The query a typed `fi_info` command makes (util/info.c getopt: `-p`/`--provider`, `-t`/`--ep_type`),
 * and FI_PROVIDER set before it (fi_provider(7): a comma-separated list of providers to use; `^` before
 * the list excludes them instead).
 */
function queryOf(command: string | undefined): Query {
  if (!command) return { excluded: [], pipe: [] };
  const [head = '', ...pipe] = command.split(/\s*\|(?!\|)\s*/);
  const q: Query = { excluded: [], pipe };
  // Options after the program's name only (`ssh -p 2222 host fi_info` names a port, not a provider).
  const args = head.slice(Math.max(0, head.search(/(?:^|[\s/])fi_info\b/)));
  const p = /\s(?:-p\s*|--provider[=\s]\s*)["']?([\w,;^-]+)/.exec(args)?.[1];
  const env = /(?:^|\s)FI_PROVIDER=["']?([\w,;^-]+)/.exec(head)?.[1];
  for (const list of [p, env]) {
    if (list === undefined) continue;
    const names = list.replace(/^\^/, '').split(/[,;]/).filter(Boolean);
    if (list.startsWith('^')) q.excluded.push(...names);
    else q.providers = q.providers ? q.providers.filter((n) => names.includes(n)) : names;
  }
  const t = /\s(?:-t\s*|--ep_type[=\s]\s*)(FI_EP_\w+)/i.exec(args)?.[1];
  if (t) q.epType = t.toUpperCase();
  return q;
}

/**
 * Why records may be missing from the paste: a pipe stage that drops lines (head/tail keep by position,
 * and only cut when the output reached their count; grep, awk, sed keep by pattern), an author's `...`
 * or `[snip]` between records, or a last record cut before its `type:` line while the others have one.
 */
/**
 * Records whose endpoint type the paste does not show: fi_info prints `type:` in every record (util/info.c
 * 283-290, and fi_tostr's `fi_ep_attr:` block under -v), so a record without it, and without a domain whose
 * suffix names the type (`-rdm`, `-dgrm`), was cut or filtered before that line. Its type is not shown, so it
 * is never read as "not RDM" (issue 38, principle 2).
 */
function untypedOf(records: readonly FiInfoEntry[]): string | undefined {
  const untyped = records.filter((e) => e.type === undefined && !/-(?:rdm|dgrm)$/.test(e.domain ?? ''));
  if (untyped.length === 0) return undefined;
  const names = untyped.map((e) => `${e.provider}${e.domain ? ` ${e.domain}` : ''}`);
  return `${plural(untyped.length, 'record')} (${names.slice(0, 3).join(', ')}${names.length > 3 ? ', …' : ''}) ${untyped.length === 1 ? 'shows' : 'show'} no \`type:\` line (the paste stops or a filter drops it before), so ${untyped.length === 1 ? 'its' : 'their'} endpoint type is not shown`;
}

function cutOf(r: FiInfoResult, command: string | undefined): string | undefined {
  for (const stage of queryOf(command).pipe) {
    const prog = stage.split(/\s+/)[0]?.split('/').pop() ?? '';
    if (prog === 'head' || prog === 'tail') {
      const n = Number(/(?:-n\s*|--lines=|-)(\d+)/.exec(stage)?.[1] ?? 10);
      if (r.lines >= n) return `\`| ${stage}\` kept ${r.lines} line(s) of the output`;
    } else if (grepKeepsEveryEfaRecord(stage, r)) {
      // Every EFA record prints `provider: efa` (util/info.c): a grep that keeps that line keeps a mark of
      // every record, and with each record's domain line kept too, the devices are all shown.
    } else if (!/^(?:sort|uniq|cat|tee|less|more|nl)$/.test(prog))
      return `\`| ${stage}\` kept only some lines of the output`;
  }
  // An author's elision stands for records left out (principle 2): the same as a cut.
  if (r.elided) return `line ${r.elided.line}: the paste's \`${r.elided.text}\` leaves records out`;
  if (r.startsInside)
    return `the paste starts inside a record (line ${r.startsInside.line}, \`${r.startsInside.text}\`, before any \`provider:\` line): the records above it are not shown`;
  const last = r.entries.at(-1);
  const typed = r.entries.some((e) => e.type !== undefined);
  if (last && typed && last.type === undefined)
    return `the last record (${last.provider}${last.domain ? ` ${last.domain}` : ''}) is cut before its type line`;
  return undefined;
}

/**
 * `grep [-i] [-w] WORD` whose literal WORD is found in `provider: efa`, the line every EFA record begins with:
 * the filter keeps every EFA record's mark, so none is hidden; when each shown record kept its domain line
 * too, the EFA devices the output lists are all in the paste.
 */
function grepKeepsEveryEfaRecord(stage: string, r: FiInfoResult): boolean {
  const m = /^(?:\S*\/)?e?grep((?:\s+-[iwF]+)*)\s+(["']?)([\w:. -]+)\2\s*$/.exec(stage);
  if (!m) return false;
  const word = m[3] as string;
  const hit = /i/.test(m[1] ?? '')
    ? 'provider: efa'.includes(word.toLowerCase())
    : 'provider: efa'.includes(word);
  const efa = r.entries.filter((e) => e.provider === 'efa');
  return hit && efa.length > 0 && efa.every((e) => e.domain !== undefined);
}

/**
 * HPE Slingshot: libfabric's cxi provider (prov/cxi, `cxip_prov_name[] = "cxi"`) drives the Cassini NIC as the
 * efa provider drives EFA, with one domain per NIC (`cxi0`, `cxi1`, …: cxip_info.c `sscanf(device_token,
 * "cxi%u", …)`) and FI_EP_RDM endpoints (FI_PROTO_CXI); NIXL's LIBFABRIC backend uses them (ai-dynamo/nixl PR
 * #1242). Judged as EFA's records are (principle 3: the provider the host's NIC needs, not EFA's name): RDM
 * domains shown pass, `fi_getinfo: -61` for a cxi query fails, a cut leaves the NIC count not shown.
 */
function classifyCxi(
  cxi: FiInfoResult['entries'],
  r: FiInfoResult,
  asked: string,
  cut: string | undefined,
): Check[] {
  if (cxi.length === 0)
    return [
      r.error
        ? check(
            'cxi.provider',
            'fail',
            `libfabric found no cxi provider (line ${r.error.line}: ${errorText(r.error)})`,
            {
              fix: 'load the cxi driver and use the HPE Slingshot host software libfabric (cxi provider); inside a container, mount /dev/cxi*',
            },
          )
        : check('cxi.provider', 'skipped', `${asked} asked for cxi; no cxi record is shown`, {
            fix: 'run `fi_info -p cxi` unfiltered',
          }),
    ];
  const rdm = cxi.filter((e) => e.type === 'FI_EP_RDM');
  const domains = [...new Set(rdm.map((e) => e.domain).filter((d): d is string => d !== undefined))];
  const hidden = cut ?? untypedOf(cxi);
  if (rdm.length === 0)
    return [
      hidden
        ? check('cxi.provider', 'skipped', `cxi provider listed, no FI_EP_RDM endpoint shown: ${hidden}`, {
            fix: 'run `fi_info -p cxi` unfiltered',
          })
        : check('cxi.provider', 'fail', 'the cxi provider lists no FI_EP_RDM endpoint', {
            fix: 'NIXL (LIBFABRIC) needs RDM endpoints: update the Slingshot host software / libfabric',
          }),
    ];
  const checks = [
    check(
      'cxi.provider',
      domains.length > 0 ? 'ok' : 'skipped',
      domains.length > 0
        ? `cxi provider (HPE Slingshot): ${plural(domains.length, 'NIC')} with RDM endpoints (${domains.join(', ')})`
        : `cxi provider with RDM endpoints, but their domains (the NICs) are not shown${cut ? ` (${cut})` : ''}`,
      { data: { devices: domains.length } },
    ),
  ];
  if (cut && domains.length > 0)
    checks.push(
      check('cxi.shown', 'skipped', `${cut}: NICs other than the ${domains.length} shown are not shown`, {
        fix: 'run `fi_info -p cxi` without a pipe and paste all of it',
      }),
    );
  return checks;
}
