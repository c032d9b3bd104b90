import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { spawnCli } from './helpers/cli.js';
import { repoRoot } from './helpers/fixtures.js';
import { nixl } from './helpers/nixl.js';
import { need, type Precondition, precondition, unmet } from './helpers/preconditions.js';
import { TOOL_INSTALL, type ToolName, tools } from './helpers/tools.js';

/**
 * Every ```console block of README.md and docs/**\/*.md is an example a reader may paste: each
 * `$ interconnect-test …` (or `$ node dist/cli.js …`) in it is run with the built CLI, and its exit
 * code and output must still match what the doc shows (the conventions are at the top of
 * docs/testing.md). Blocks that need a cluster or hardware carry a marker comment right before
 * them; they are not run, but they must be exactly the ones listed in MARKED below, and every
 * flag they use must still exist. Nothing is skipped silently.
 *
 * Two more markers, for blocks that run here but depend on the machine (listed in CONDITIONAL):
 * - `<!-- example: needs TOOL[|TOOL] -->`: run and compared only where the tool is (any of the
 *   `|` list; `nixl-venv` is the venv of scripts/nixl-venv.sh); elsewhere skipped with its reason
 *   through test/helpers/preconditions.ts, a failure under CI=true;
 * - `<!-- example: machine-dependent -->`: what it prints is this host's (kernel modules, RDMA
 *   devices, tools found); run everywhere, and only what is the same on every machine is compared:
 *   the first line, an exit code of the documented table (0, 1 or 2), no stack trace.
 */

/** The host name the examples were captured on; the real host name is read as this one. */
const CAPTURE_HOST = 'vm';

/** Kept out of every run, so an example never depends on the cluster of the machine it runs on. */
const ISOLATED_ENV = { KUBECONFIG: '/nonexistent/interconnect-test-docs/kubeconfig' };

const MARKER = /^<!--\s*example:\s*(needs-cluster|needs-hardware|machine-dependent|needs [\w|-]+)\s*-->$/;
/** The markers of blocks that are not run at all. */
const NOT_RUN = new Set(['needs-cluster', 'needs-hardware']);

/**
 * The blocks run only where their tool is, or compared only in their machine-independent part, by
 * file, first command and marker: as MARKED, a change of marker means a change here.
 */
const CONDITIONAL: readonly string[] = [
  'README.md: node dist/cli.js pair --local [needs ucx_perftest|nixl-venv]', // else it sets NIXL up from PyPI
  'README.md: interconnect-test node --local -q [machine-dependent]',
  'README.md: interconnect-test nixl --local -q [machine-dependent]',
  'docs/commands/env.md: interconnect-test env test/fixtures/upstream-kustomize/recipes/qwen3-32b/vllm/cloud-providers/kustomize/overlays/gke-roce [needs kubectl]',
  'docs/commands/nixl.md: interconnect-test nixl --local [machine-dependent]',
  'docs/commands/node.md: interconnect-test node --local [machine-dependent]',
  'docs/commands/pair.md: interconnect-test pair --local --engine ucx_perftest [needs ucx_perftest]',
  'docs/commands/pair.md: interconnect-test pair --local --engine nixl [needs nixl-venv]',
];

/** The precondition of a `needs A|B` marker: any one of them. */
function needsOf(marker: string): Precondition {
  const names = marker.replace(/^needs /, '').split('|');
  const each = names.map((n) =>
    n === 'nixl-venv' ? nixl('current') : n in TOOL_INSTALL ? tools(n as ToolName) : undefined,
  );
  if (each.some((p) => p === undefined)) throw new Error(`unknown tool in <!-- example: ${marker} -->`);
  const held = each.some((p) => unmet([p as Precondition]).length === 0);
  return precondition(
    names.join(' or '),
    held ? undefined : each.map((p) => (p as Precondition).problem).join('; or '),
  );
}

/** A Node stack frame: never part of what the CLI prints. */
const STACK_FRAME = /^\s+at .+:\d+:\d+\)?$/m;

/**
 * The blocks that are not run, by file and first command: adding or removing a marker means
 * changing this list too, so a runnable example cannot drift into it unnoticed.
 */
const MARKED: readonly string[] = [
  'README.md: interconnect-test env test/fixtures/recipes/qwen3-32b-fp8/vllm/disagg/deploy.yaml', // the first cluster run
  'README.md: interconnect-test pair --prefill-node gpu-a --decode-node gpu-b --dry-run',
  'README.md: interconnect-test sweep --scheme all-pairs -l topology.kubernetes.io/zone=zone-a --html report.html',
  'README.md: interconnect-test watch -n dynamo --dgd my-disagg --window 5m --line-rate 400',
  'README.md: interconnect-test gc --dry-run',
  'docs/commands/gc.md: interconnect-test gc --dry-run',
  'docs/commands/nixl.md: interconnect-test nixl -n dynamo --pod qwen3-vllmdecodeworker-0',
  'docs/commands/node.md: interconnect-test node -n dynamo --pod qwen3-vllmprefillworker-0',
  'docs/commands/pair.md: interconnect-test pair --local --mode intra-node', // needs two GPUs
  'docs/commands/pair.md: interconnect-test pair --in-place -n ipt --dgd ipt-disagg',
  'docs/commands/pair.md: interconnect-test pair --prefill-node gpu-a --decode-node gpu-b',
  'docs/commands/pair.md: interconnect-test pair -n dynamo --dgd nixldgd --engine nixl --no-node-probes',
  'docs/commands/pair.md: interconnect-test pair -n dynamo --dgd qwen3-32b-fp8-vllm-disagg',
  'docs/commands/read.md: kubectl logs job/nixlbench-initiator | interconnect-test read nixlbench - --expect network --min-bandwidth 40',
  'docs/commands/sweep.md: interconnect-test sweep --scheme all-pairs -l topology.kubernetes.io/zone=zone-a --html report.html --metrics-file m.prom',
  'docs/commands/watch.md: interconnect-test watch -n dynamo --dgd qwen3-32b-fp8-vllm-disagg --window 5m --line-rate 400',
  'docs/testing.md: interconnect-test pair --engine ucx_perftest --prefill-node real-0 --decode-node real-1 --image localhost:25000/interconnect-test/probe:STAMP --memory-type dram --toleration interconnect-test.dev/real-node=true:NoSchedule -o json',
];

interface Block {
  file: string;
  line: number;
  lang: string;
  marker?: string;
  body: string[];
}

interface Example {
  /** The command as written, continuation lines joined. */
  text: string;
  line: number;
  /** The words after the pipe, if any, from `interconnect-test` or `node dist/cli.js` on. */
  argv?: string[];
  stdinFile?: string;
  piped: boolean;
  /** The lines the doc shows it printing. */
  output: string[];
  exitCode: number;
}

function markdownFiles(): string[] {
  const out = ['README.md'];
  const walk = (dir: string): void => {
    for (const name of readdirSync(path.join(repoRoot, dir)).sort()) {
      const rel = path.join(dir, name);
      if (statSync(path.join(repoRoot, rel)).isDirectory()) walk(rel);
      else if (name.endsWith('.md')) out.push(rel);
    }
  };
  walk('docs');
  return out;
}

/** The fenced blocks of one markdown file, each with the marker comment right before it, if any. */
function fencedBlocks(file: string, text: string): Block[] {
  const lines = text.split('\n');
  const blocks: Block[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)```(\S*)\s*$/.exec(lines[i] as string);
    if (!open) continue;
    const indent = (open[1] as string).length;
    const start = i;
    const body: string[] = [];
    for (i++; i < lines.length && !/^\s*```\s*$/.test(lines[i] as string); i++) {
      body.push((lines[i] as string).slice(Math.min(indent, /^\s*/.exec(lines[i] as string)![0].length)));
    }
    let prev = start - 1;
    while (prev >= 0 && (lines[prev] as string).trim() === '') prev--;
    const marker = prev >= 0 ? MARKER.exec((lines[prev] as string).trim())?.[1] : undefined;
    blocks.push({ file, line: start + 1, lang: open[2] as string, body, ...(marker ? { marker } : {}) });
  }
  return blocks;
}

/** Shell words: '…' and "…" quoting, backslash escapes, a `#` comment outside quotes. */
function shellWords(text: string): string[] {
  const words: string[] = [];
  let word: string | undefined;
  let quote: string | undefined;
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (quote) {
      if (c === quote) quote = undefined;
      else word += c;
    } else if (c === "'" || c === '"') {
      quote = c;
      word ??= '';
    } else if (c === '\\' && i + 1 < text.length) {
      word = (word ?? '') + text[++i];
    } else if (/\s/.test(c)) {
      if (word !== undefined) words.push(word);
      word = undefined;
    } else if (c === '#' && word === undefined) {
      break;
    } else {
      word = (word ?? '') + c;
    }
  }
  if (quote) throw new Error(`unbalanced ${quote} in: ${text}`);
  if (word !== undefined) words.push(word);
  return words;
}

function cliArgv(words: string[]): string[] | undefined {
  if (words[0] === 'interconnect-test') return words.slice(1);
  if (words[0] === 'node' && words[1] === 'dist/cli.js') return words.slice(2);
  return undefined;
}

function toExample(text: string, line: number): Example {
  const words = shellWords(text);
  const pipe = words.lastIndexOf('|');
  const tail = pipe >= 0 ? words.slice(pipe + 1) : words;
  const redirect = tail.indexOf('<');
  const argv = cliArgv(redirect >= 0 ? tail.slice(0, redirect) : tail);
  return {
    text,
    line,
    ...(argv ? { argv } : {}),
    ...(redirect >= 0 ? { stdinFile: tail[redirect + 1] as string } : {}),
    piped: pipe >= 0,
    output: [],
    exitCode: 0,
  };
}

/** The commands of a console block, each with the output lines shown under it and its exit code. */
function examplesOf(block: Block): Example[] {
  const examples: Example[] = [];
  const body = block.body;
  for (let i = 0; i < body.length; i++) {
    const line = body[i] as string;
    if (!line.startsWith('$ ')) {
      const last = examples.at(-1);
      if (!last) throw new Error(`${block.file}:${block.line}: a console block starts with a $ command`);
      last.output.push(line);
      continue;
    }
    let text = line.slice(2);
    const at = block.line + 1 + i;
    while (text.endsWith('\\') && i + 1 < body.length) text = `${text.slice(0, -1)} ${body[++i]?.trim()}`;
    if (text.trim() === 'echo $?') {
      const last = examples.at(-1);
      const code = body[++i]?.trim() ?? '';
      if (!last || !/^\d+$/.test(code))
        throw new Error(`${block.file}:${at}: \`$ echo $?\` follows a command and is followed by its code`);
      last.exitCode = Number(code);
      continue;
    }
    examples.push(toExample(text, at));
  }
  return examples;
}

const ISO_TIME = /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z/g;
/** A run id (6 to 12 of a-z0-9) where the tool prints one: labels and scratch object names. */
const RUN_ID = /(?:run-id: |itest-pair-|itest-(?=[a-z0-9]{6,12}-))([a-z0-9]{6,12})\b/g;

/** What changes from run to run, made the same on both sides: times, figures, run ids, /tmp paths. */
function normalise(text: string, host = os.hostname()): string[] {
  let t = text;
  if (host !== CAPTURE_HOST)
    t = t.replace(new RegExp(`\\b${host.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`, 'g'), CAPTURE_HOST);
  const ids = new Set([...t.matchAll(RUN_ID)].map((m) => m[1] as string));
  for (const id of ids) t = t.replace(new RegExp(`\\b${id}\\b`, 'g'), '<run-id>');
  t = t
    .replace(ISO_TIME, '<time>')
    .replace(/\/tmp\/[^\s'")]+/g, '/tmp/<path>')
    .replace(/\d+\.\d+/g, '<n>');
  return t
    .split('\n')
    .map((l) => l.replace(/\s+/g, ' ').trim())
    .filter((l) => l !== '');
}

const ELISION = '…';

/** A shown line as a pattern: `…` inside it stands for any text. */
function linePattern(shown: string): RegExp {
  const parts = shown.split(ELISION).map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${parts.join('.*')}$`);
}

/**
 * Whether the real output has the shape shown: every shown line matches a real line, in order;
 * lines shown one after the other are one after the other there too (blank lines aside), unless a
 * line of its own `…` stands between them, and so for the first and last line. Returns the first
 * shown line that could not be placed, or undefined when it matches.
 */
function shapeMismatch(shown: string[], real: string[]): string | undefined {
  const items = shown.map((l) => (l === ELISION ? undefined : linePattern(l)));
  const seen = new Map<string, boolean>();
  let furthest = 0;
  const match = (i: number, j: number): boolean => {
    furthest = Math.max(furthest, i);
    if (i === items.length) return j === real.length;
    const key = `${i},${j}`;
    const known = seen.get(key);
    if (known !== undefined) return known;
    const item = items[i];
    let ok: boolean;
    if (item === undefined) {
      ok = false;
      for (let k = j; k <= real.length && !ok; k++) ok = match(i + 1, k);
    } else {
      ok = j < real.length && item.test(real[j] as string) && match(i + 1, j + 1);
    }
    seen.set(key, ok);
    return ok;
  };
  if (match(0, 0)) return undefined;
  // The furthest shown line reached is the one that could not be placed (past the last: more output).
  return shown.slice(furthest).find((l) => l !== ELISION) ?? '(more output than shown: end with …)';
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to dashes; repeats get -1, -2. */
function anchors(markdown: string): Set<string> {
  const out = new Set<string>();
  const prose = markdown.replace(/^\s*```[\s\S]*?^\s*```/gm, '');
  for (const m of prose.matchAll(/^#{1,6}\s+(.+?)\s*$/gm)) {
    const base = (m[1] as string)
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    let slug = base;
    for (let n = 1; out.has(slug); n++) slug = `${base}-${n}`;
    out.add(slug);
  }
  return out;
}

/** Relative links of a markdown file (outside code) whose file or heading is not there. */
function brokenLinks(file: string): string[] {
  const text = readFileSync(path.join(repoRoot, file), 'utf8');
  const prose = text.replace(/^\s*```[\s\S]*?^\s*```/gm, '').replace(/`[^`\n]*`/g, '');
  const broken: string[] = [];
  for (const m of prose.matchAll(/\]\(([^)\s]+)\)/g)) {
    const href = m[1] as string;
    if (/^[a-z]+:/.test(href)) continue;
    const [target = '', fragment] = href.split('#');
    const resolved = target ? path.join(path.dirname(file), target) : file;
    // docs/architecture.md is written by another hand; a link to it may land before it does.
    if (resolved === path.join('docs', 'architecture.md')) continue;
    if (!existsSync(path.join(repoRoot, resolved))) broken.push(`${file}: ${href} (no such file)`);
    else if (fragment && resolved.endsWith('.md')) {
      if (!anchors(readFileSync(path.join(repoRoot, resolved), 'utf8')).has(fragment))
        broken.push(`${file}: ${href} (no such heading)`);
    }
  }
  return broken;
}

const allBlocks = markdownFiles().flatMap((file) =>
  fencedBlocks(file, readFileSync(path.join(repoRoot, file), 'utf8')),
);
const consoleBlocks = allBlocks.filter((b) => b.lang === 'console');
const runnable = consoleBlocks.filter((b) => !b.marker || !NOT_RUN.has(b.marker));
const marked = consoleBlocks.filter((b) => b.marker && NOT_RUN.has(b.marker));
const label = (b: Block): string => {
  const first = examplesOf(b)[0];
  return `${b.file}: ${first ? shellWords(first.text).join(' ') : '(no command)'}`;
};

let helpTexts: Promise<Map<string, string>> | undefined;
/** `--help` of the CLI and of each subcommand, read once. */
function help(): Promise<Map<string, string>> {
  helpTexts ??= (async () => {
    const texts = new Map<string, string>();
    for (const sub of ['', 'env', 'node', 'nixl', 'read', 'pair', 'sweep', 'watch', 'gc']) {
      const run = await spawnCli(sub ? [sub, '--help'] : ['--help']);
      texts.set(sub, run.stdout);
    }
    return texts;
  })();
  return helpTexts;
}

async function runExample(ex: Example): Promise<{ code: number | null; output: string }> {
  const redirect = ex.stdinFile !== undefined ? ' <"$DOCS_EXAMPLE_STDIN"' : '';
  const run = await spawnCli(ex.argv as string[], {
    // stdout and stderr into one pipe, as a terminal shows them: progress, data and errors in order.
    wrap: ['sh', '-c', `exec "$0" "$@"${redirect} 2>&1`],
    env: { ...ISOLATED_ENV, ...(ex.stdinFile !== undefined ? { DOCS_EXAMPLE_STDIN: ex.stdinFile } : {}) },
    // With < FILE the CLI never reads the pipe spawnCli closes: that pipe may break, harmlessly.
    onStart: (child) => child.stdin?.on('error', () => {}),
  });
  return { code: run.code, output: run.stdout + run.stderr };
}

describe('the console examples of README.md and docs/', () => {
  it('finds the docs and their examples', () => {
    expect(markdownFiles()).toEqual(expect.arrayContaining(['README.md', 'docs/json.md', 'docs/testing.md']));
    expect(runnable.length).toBeGreaterThan(10);
  });

  it('links only to files and headings that exist', () => {
    expect(markdownFiles().flatMap(brokenLinks)).toEqual([]);
  });

  it('marks as needing a cluster or hardware exactly the listed blocks', () => {
    expect(marked.map(label)).toEqual(MARKED);
  });

  it('marks as machine-dependent or needing a tool exactly the listed blocks', () => {
    const conditional = runnable.filter((b) => b.marker).map((b) => `${label(b)} [${b.marker}]`);
    expect(conditional).toEqual(CONDITIONAL);
  });

  it('keeps commands of the CLI in console blocks, not sh ones', () => {
    const stray = allBlocks
      .filter((b) => b.lang !== 'console')
      .flatMap((b) =>
        b.body
          .map((l, i) => ({ l, at: `${b.file}:${b.line + 1 + i}` }))
          .filter(({ l }) => /^\s*(\$ )?(interconnect-test|node dist\/cli\.js)\s/.test(l)),
      )
      .map(({ at, l }) => `${at}: ${l.trim()}`);
    expect(stray).toEqual([]);
  });

  describe.each(marked.map((b) => [label(b), b] as const))('not run (%s)', (_name, block) => {
    it(`is a command of the CLI with flags it still has (${block.marker})`, async () => {
      const texts = await help();
      const examples = examplesOf(block);
      expect(examples.length).toBeGreaterThan(0);
      for (const ex of examples) {
        expect(ex.argv, `${block.file}:${ex.line}: ${ex.text}`).toBeDefined();
        const [sub, ...rest] = ex.argv as string[];
        expect(texts.has(sub as string), `${block.file}:${ex.line}: no subcommand ${sub}`).toBe(true);
        for (const flag of rest.filter((w) => /^--?[a-zA-Z]/.test(w)).map((w) => w.split('=')[0] as string)) {
          const known = `${texts.get(sub as string)}\n${texts.get('')}`;
          expect(known, `${block.file}:${ex.line}: ${sub} has no ${flag}`).toMatch(
            new RegExp(`(^|[\\s,])${flag}([\\s,]|$)`, 'm'),
          );
        }
      }
    });
  });

  describe.each(runnable.map((b) => [`${b.file}:${b.line}`, b] as const))('%s', (_name, block) => {
    for (const ex of examplesOf(block)) {
      it(`$ ${ex.text}`, { timeout: 120_000 }, async (ctx) => {
        const where = `${block.file}:${ex.line}`;
        expect(ex.argv, `${where}: only interconnect-test commands run here; mark the block`).toBeDefined();
        expect(ex.piped, `${where}: a pipe is not run; read a file with < FILE, or mark the block`).toBe(
          false,
        );
        if (block.marker?.startsWith('needs ')) need(ctx, needsOf(block.marker));
        const run = await runExample(ex);
        if (block.marker === 'machine-dependent') {
          expect(run.output, `${where}: a stack trace`).not.toMatch(STACK_FRAME);
          expect([0, 1, 2], `${where}: exit code ${run.code}\n${run.output}`).toContain(run.code);
          const first = normalise(ex.output.join('\n'))[0] as string;
          expect(normalise(run.output)[0], `${where}: the first line`).toMatch(linePattern(first));
          return;
        }
        const real = normalise(run.output);
        const mismatch = shapeMismatch(normalise(ex.output.join('\n')), real);
        expect(mismatch, `${where}: not in the real output:\n${run.output}`).toBeUndefined();
        expect(run.code, `${where}: exit code (shown with $ echo $?)\n${run.output}`).toBe(ex.exitCode);
      });
    }
  });
});

describe('the example checker itself', () => {
  it('reads shell words, comments, quotes and continuations', () => {
    expect(shellWords(`interconnect-test read x 'a b' "c" # note`)).toEqual([
      'interconnect-test',
      'read',
      'x',
      'a b',
      'c',
    ]);
    const block: Block = {
      file: 'f.md',
      line: 1,
      lang: 'console',
      body: [
        '$ interconnect-test env \\',
        '    a.yaml',
        'out',
        '$ echo $?',
        '1',
        '$ interconnect-test read x - < f',
      ],
    };
    const [a, b] = examplesOf(block);
    expect([a?.argv, a?.output, a?.exitCode]).toEqual([['env', 'a.yaml'], ['out'], 1]);
    expect([b?.argv, b?.stdinFile, b?.exitCode]).toEqual([['read', 'x', '-'], 'f', 0]);
  });

  it('matches shapes strictly unless a line of … elides', () => {
    const real = ['a', 'b 1', 'c', 'd'];
    expect(shapeMismatch(['a', 'b …', 'c', 'd'], real)).toBeUndefined();
    expect(shapeMismatch(['a', '…', 'd'], real)).toBeUndefined();
    expect(shapeMismatch(['…', 'c', '…'], real)).toBeUndefined();
    expect(shapeMismatch(['a', 'c', 'd'], real)).toBe('c');
    expect(shapeMismatch(['a', '…', 'x'], real)).toBe('x');
    expect(shapeMismatch(['a', '…', 'c'], real)).toBe('(more output than shown: end with …)');
  });

  it('normalises times, figures, run ids and the host name, the same on both sides', () => {
    const out = normalise(
      'run-id: ab12cd34\nitest-pair-ab12cd34  2.58 GB/s (0.9s) at 2026-12-01T21:20:07.111Z on box',
      'box',
    );
    expect(out).toEqual(['run-id: <run-id>', 'itest-pair-<run-id> <n> GB/s (<n>s) at <time> on vm']);
    // A run id of letters only, found from the scratch object names alone.
    expect(
      normalise('name: itest-abcdefgh-prefill\nnamespace: itest-pair-abcdefgh\n/tmp/x.y: boxer', 'box'),
    ).toEqual(['name: itest-<run-id>-prefill', 'namespace: itest-pair-<run-id>', '/tmp/<path> boxer']);
  });
});
