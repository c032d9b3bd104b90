import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderHtml } from '../src/render/html/page.js';
import type { SweepResult } from '../src/sweep/model.js';
import { fleetSweep } from '../src/tools/sweep-fleet.js';
import { describeNeeding } from './helpers/preconditions.js';
import { fleet1000, sampleSweep, sweepVerdict } from './helpers/sweep-sample.js';
import { toolPath, tools } from './helpers/tools.js';

const ARTIFACTS = join(dirname(fileURLToPath(import.meta.url)), 'artifacts');
/** The node × node grid (the group × group one is table.heat.groupgrid). */
const NODE_GRID = 'table.heat:not(.groupgrid)';

/**
 * An all-pairs sweep over `n` nodes in which node `culprit` fails every pair and the link
 * a ↔ b fails alone, with real-shaped 400G figures (src/tools/sweep-fleet.ts): the
 * screenshot's and the 64-node layout's data. Names are long, as real node names are.
 */
function bigSweep(
  n: number,
  culprit: number,
  link: [number, number],
  groups: { zones?: number; racksPerZone?: number } = {},
): SweepResult {
  return fleetSweep({
    ...groups,
    nodes: n,
    scheme: 'all-pairs',
    badNodes: [culprit],
    badLinks: [link],
    name: (i) => `gpu-h100-${String(i).padStart(2, '0')}.cluster.local`,
  });
}

/** A sample whose node names and details carry markup that must render as text. */
function hostileSweep(): SweepResult {
  const evil = '<script>window.__pwned=1</script>';
  const img = '<img src=x onerror="window.__pwned=2">';
  const base = sampleSweep({ selection: `--nodes ${evil}` });
  const rename = (n: string) => (n === 'node-2' ? evil : n);
  return {
    ...base,
    nodes: base.nodes.map((n) => ({
      ...n,
      name: rename(n.name),
      detail: n.status === 'excluded' ? `${img} & "quoted"` : n.detail,
    })),
    pairs: base.pairs.map((p) => ({
      ...p,
      prefill: rename(p.prefill),
      decode: rename(p.decode),
      detail: `${p.detail} ${img}`,
    })),
    matrix: { ...base.matrix, nodes: base.matrix.nodes.map(rename) },
  };
}

/** The page's window, as far as these tests read it (the project compiles without the DOM lib). */
interface Win {
  getComputedStyle(e: unknown): { backgroundColor: string; outlineStyle: string; outlineWidth: string };
  __pwned?: number;
}

/** A computed colour as 0-255 channels: `rgb(r, g, b)`, or `color(srgb r g b)` (what color-mix() computes to). */
function rgb(css: string): [number, number, number] {
  const m = /rgba?\((\d+), (\d+), (\d+)/.exec(css);
  if (m) return [Number(m[1]), Number(m[2]), Number(m[3])];
  const c = /color\(srgb ([\d.]+) ([\d.]+) ([\d.]+)/.exec(css);
  if (!c) throw new Error(`not an rgb colour: ${css}`);
  return [1, 2, 3].map((i) => Math.round(255 * Number(c[i]))) as [number, number, number];
}

describe('renderHtml (the markup)', () => {
  it('escapes every string from the result', () => {
    const html = renderHtml(hostileSweep(), sweepVerdict(hostileSweep()), {
      title: 'a <b>title</b>',
      generatedAt: '<i>now</i>',
    });
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<b>title</b>');
    expect(html).not.toContain('<i>now</i>');
    expect(html).toContain('&lt;script&gt;window.__pwned=1&lt;/script&gt;');
  });

  it('loads nothing: no src, href or url() and a CSP of default-src none', () => {
    const html = renderHtml(sampleSweep(), sweepVerdict(sampleSweep()));
    expect(html).not.toMatch(/\b(src|href)\s*=/i);
    expect(html).not.toMatch(/url\(|@import|<link|<script/i);
    expect(html).toContain(`content="default-src 'none'; style-src 'unsafe-inline'"`);
  });

  it('says so when no node took part', () => {
    const empty: SweepResult = {
      ...sampleSweep(),
      nodes: [],
      pairs: [],
      matrix: { nodes: [], cells: [] },
      rounds: 0,
    };
    empty.culprits = { nodes: [], links: [] };
    // The report's verdict: fewer than two nodes is a failed sweep.nodes check (sweep/result.ts).
    const html = renderHtml(empty, sweepVerdict(empty));
    expect(html).toContain('UNTRUSTED');
    expect(html).toContain('no pair was measured');
    expect(html).toContain('nothing to draw');
  });
});

describeNeeding([tools('chromium')], 'the sweep report in headless Chromium', () => {
  let browser: Browser;
  let dir: string;

  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: toolPath('chromium'), args: ['--no-sandbox'] });
    dir = mkdtempSync(join(tmpdir(), 'itest-html-'));
    // Chromium's first start takes seconds, more on a loaded 2-core machine.
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** Opens the report from disk, offline, recording every request the page makes. */
  async function open(
    result: SweepResult,
    name: string,
    viewport = { width: 1280, height: 900 },
    phone = false,
  ): Promise<{ page: Page; requests: string[]; url: string }> {
    const file = join(dir, `${name}.html`);
    writeFileSync(
      file,
      renderHtml(result, sweepVerdict(result), { generatedAt: '2026-11-30T02:31:01.500Z' }),
    );
    const context = await browser.newContext({
      offline: true,
      viewport,
      javaScriptEnabled: true,
      // A phone: touch, and the mobile viewport meta honoured.
      ...(phone ? { hasTouch: true, isMobile: true } : {}),
    });
    const page = await context.newPage();
    const requests: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    const url = pathToFileURL(file).href;
    await page.goto(url, { waitUntil: 'load' });
    return { page, requests, url };
  }

  /** The page from its top to the end of `until` (default the excluded list: headline, legend, matrix), into test/artifacts/. */
  async function shoot(page: Page, name: string, until = 'section.excluded'): Promise<void> {
    mkdirSync(ARTIFACTS, { recursive: true });
    // Measured from the top of the page (a tap may have scrolled it).
    await page.evaluate(() =>
      (globalThis as unknown as { scrollTo(x: number, y: number): void }).scrollTo(0, 0),
    );
    const end = await page.locator(until).boundingBox();
    const width = page.viewportSize()?.width ?? 1280;
    await page.screenshot({
      path: join(ARTIFACTS, name),
      fullPage: true,
      ...(end ? { clip: { x: 0, y: 0, width, height: Math.ceil(end.y + end.height + 12) } } : {}),
    });
    // The screenshots are the evidence (test/artifacts/ is git-ignored): say where they are.
    console.log(`screenshot: ${join(ARTIFACTS, name)}`);
  }

  /** The text a person sees in `selector` (rendered: hidden parts left out). */
  function seen(page: Page, selector: string): Promise<string> {
    // biome-ignore lint/performance/useDomNodeTextContent: Playwright's innerText is the rendered text, which these tests assert
    return page.locator(selector).first().innerText();
  }

  const cell = (a: string, b: string) => `td[data-prefill="${a}"][data-decode="${b}"]`;

  it('colours a trusted, a failing and a not-run cell apart, the failing one red', async () => {
    const { page, requests, url } = await open(sampleSweep(), 'sample');
    const bg = (sel: string) =>
      page.$eval(sel, (e) => (globalThis as unknown as Win).getComputedStyle(e).backgroundColor);
    const trusted = rgb(await bg(cell('node-0', 'node-5')));
    const failing = rgb(await bg(cell('node-0', 'node-3')));
    const notRun = rgb(await bg(cell('node-4', 'node-5')));
    expect(await page.getAttribute(cell('node-0', 'node-5'), 'data-outcome')).toBe('trusted');
    expect(await page.getAttribute(cell('node-0', 'node-3'), 'data-outcome')).toBe('untrusted');
    expect(await page.getAttribute(cell('node-4', 'node-5'), 'data-outcome')).toBe('not-run');
    // red: red dominates both other channels
    expect(failing[0]).toBeGreaterThan(150);
    expect(failing[0] - Math.max(failing[1], failing[2])).toBeGreaterThan(100);
    // green: green dominates
    expect(trusted[1]).toBeGreaterThan(trusted[0] + 40);
    expect(trusted[1]).toBeGreaterThan(trusted[2]);
    // grey: no channel stands out
    expect(Math.max(...notRun) - Math.min(...notRun)).toBeLessThan(25);
    const dist = (x: number[], y: number[]) => Math.hypot(...x.map((v, i) => v - (y[i] as number)));
    expect(dist(trusted, failing)).toBeGreaterThan(100);
    expect(dist(trusted, notRun)).toBeGreaterThan(100);
    expect(dist(failing, notRun)).toBeGreaterThan(100);
    // what the cells say: the figure, and ✕ on the failing one
    expect((await seen(page, cell('node-0', 'node-5'))).trim()).toMatch(/^4\d(\.0)?$/);
    expect(await seen(page, cell('node-0', 'node-3'))).toContain('✕');
    expect(await seen(page, cell('node-4', 'node-5'))).toContain('–');
    expect(requests).toEqual([url]);
  });

  it("labels node-3's row and column 'culprit' and shows its whole row failing", async () => {
    const { page } = await open(sampleSweep(), 'culprit');
    for (const axis of ['row', 'col']) {
      const th = `th.${axis}[data-node="node-3"]`;
      expect(await page.getAttribute(th, 'data-status')).toBe('culprit');
      expect(await seen(page, th)).toMatch(/culprit/i);
      expect(await page.isVisible(`${th} .badge`)).toBe(true);
    }
    expect(await seen(page, 'th.row[data-node="node-0"]')).toMatch(/suspect/i);
    expect(await seen(page, 'th.row[data-node="node-2"]')).not.toMatch(/culprit/i);
    // Mirrored cells fill the other triangle: node-3's row holds all 5 of its pairs, every one red.
    const row = await page.$$eval('td[data-row="node-3"]', (tds) =>
      tds.map((t) => ({ cls: t.className, text: t.textContent ?? '' })),
    );
    const paired = row.filter((c) => c.cls.includes('b-'));
    expect(paired).toHaveLength(5);
    for (const c of paired) {
      expect(c.cls).toContain('b-bad');
      expect(c.text).toContain('✕');
    }
    // The headline names the culprits and what to fix first.
    const head = await seen(page, '.headline');
    expect(head).toMatch(/^UNTRUSTED/);
    expect(head).toContain('culprit node node-3');
    expect(head).toContain('bad link node-0 ↔ node-1');
    const first = await seen(page, '.fixfirst li:first-child');
    expect(first).toContain('node-3');
  });

  it('marks the bad link node-0 ↔ node-1 and puts every detail in the title', async () => {
    const { page } = await open(sampleSweep(), 'link');
    const link = cell('node-0', 'node-1');
    expect(await page.getAttribute(link, 'data-culprit-link')).toBe('true');
    const outline = await page.$eval(link, (e) => {
      const s = (globalThis as unknown as Win).getComputedStyle(e);
      return { style: s.outlineStyle, width: Number.parseFloat(s.outlineWidth) };
    });
    expect(outline.style).toBe('solid');
    expect(outline.width).toBeGreaterThanOrEqual(2);
    expect(await seen(page, link)).toContain('✕');
    // a failing pair that is not the link has no such mark
    expect(await page.getAttribute(cell('node-0', 'node-3'), 'data-culprit-link')).toBeNull();

    const title = (await page.getAttribute(cell('node-0', 'node-3'), 'title')) ?? '';
    expect(title).toContain('node-0 → node-3 (prefill → decode)');
    expect(title).toContain('outcome: untrusted (fabric)');
    expect(title).toMatch(/peak: 3\.\d+ GB\/s \(\d+% of line rate\)/);
    expect(title).toContain('expected: line rate 50 GB/s, floor 20 GB/s');
    expect(title).toContain('transport: rdma');
    expect(title).toContain('round 3');
    expect(title).toContain('is below the floor of 20 GB/s');
    expect(title).toContain('fix: check the link: ibstat on both nodes');
  });

  it('lists the excluded node with its reason, the failing pairs and the settings', async () => {
    const { page } = await open(sampleSweep({ sizes: [1 << 20, 64 << 20] }), 'lists');
    const ex = await seen(page, 'section.excluded');
    expect(ex).toContain('gpu-nordma');
    expect(ex).toContain('no RDMA resource (rdma/ib) on the node');
    expect(await page.$$('th[data-node="gpu-nordma"]')).toHaveLength(0);
    expect(await page.$$('section.failing tbody tr')).toHaveLength(6);
    expect(await seen(page, 'section.gaps')).toContain('node-4 → node-5');
    const settings = await seen(page, 'section.settings');
    for (const s of [
      'all-pairs',
      'nixlbench',
      '-l nvidia.com/gpu.present=true',
      '30m',
      '5m',
      '1 MiB, 64 MiB',
    ]) {
      expect(settings).toContain(s);
    }
    expect(settings).toContain('2026-11-30T02:30:00.000Z');
    expect(settings).toContain('1m2s');
  });

  it('renders markup in names and details as text, runs none of it and loads nothing', async () => {
    const { page, requests, url } = await open(hostileSweep(), 'hostile');
    const evil = '<script>window.__pwned=1</script>';
    expect(await page.$$eval('th.row', (ths) => ths.map((t) => t.getAttribute('data-node')))).toContain(evil);
    expect(await seen(page, `th.row[data-node="${evil.replace(/"/g, '\\"')}"] .nm`)).toBe(evil);
    expect(await seen(page, 'section.excluded')).toContain(
      '<img src=x onerror="window.__pwned=2"> & "quoted"',
    );
    expect(await page.$$('body script, body img')).toHaveLength(0);
    expect(await page.evaluate(() => (globalThis as unknown as Win).__pwned)).toBeUndefined();
    expect(requests).toEqual([url]);
  });

  it('draws 16 nodes for the README screenshot', async () => {
    const { page, requests, url } = await open(bigSweep(16, 5, [2, 9]), 'sixteen', {
      width: 1180,
      height: 900,
    });
    const culprit = 'gpu-h100-05.cluster.local';
    expect(await seen(page, `th.row[data-node="${culprit}"]`)).toMatch(/culprit/i);
    const bad = await page.$$eval(`td[data-row="${culprit}"].b-bad`, (t) => t.length);
    expect(bad).toBe(15);
    // the names lose their shared suffix in the matrix, never in the title
    expect(await seen(page, `th.row[data-node="${culprit}"] .nm`)).toBe('gpu-h100-05');
    expect(await page.getAttribute(`th.row[data-node="${culprit}"]`, 'title')).toContain(culprit);
    await shoot(page, 'sweep-heatmap.png');
    expect(requests).toEqual([url]);
  });

  it('fits 64 nodes on a laptop screen, long names truncated with the full name in the title', async () => {
    const { page } = await open(bigSweep(64, 40, [3, 17], { zones: 2, racksPerZone: 4 }), 'sixty-four', {
      width: 1440,
      height: 900,
    });
    const box = await page.locator(NODE_GRID).boundingBox();
    expect(box).not.toBeNull();
    expect(box?.width).toBeLessThanOrEqual(1440 - 40);
    expect(await page.$$(`${NODE_GRID} tbody tr`)).toHaveLength(64);
    // the groups come first: 2 zones and 8 racks, the culprit's rack with failed pairs inside
    expect(await page.$$('section.group-dim[data-dimension="zone"] table.groups tbody tr')).toHaveLength(2);
    expect(
      await page.$$('section.group-dim[data-dimension="rack (leaf)"] table.groups tbody tr'),
    ).toHaveLength(8);
    const name = 'gpu-h100-40.cluster.local';
    expect(await page.getAttribute(`th.col[data-node="${name}"]`, 'title')).toContain(name);
    // the culprit still stands out: its label is visible in the rotated column header
    expect(await page.isVisible(`th.col[data-node="${name}"] .badge`)).toBe(true);
    // 60+ failing pairs start folded, their count in view
    expect(await seen(page, 'section.failing summary')).toContain('Failing pairs (');
    expect(await page.isVisible('section.failing tbody tr')).toBe(false);
    await shoot(page, 'sweep-heatmap-64.png');
  });

  it('reads at 1,000 nodes: what to fix first, then the groups, then the pairs as a list', async () => {
    const { page, requests, url } = await open(fleet1000(), 'thousand', { width: 1440, height: 900 });
    // The first screen is what to fix: 3 bad nodes (2 broken, 1 slow), 1 bad link, 2 regressions.
    const fix = page.locator('section.fix');
    const top = await fix.boundingBox();
    expect(top?.y).toBeLessThan(300);
    expect(await seen(page, 'section.fix')).toMatch(
      /Bad nodes \(3\)[\s\S]*Bad links \(1\)[\s\S]*Regressions against/,
    );
    for (const n of ['137', '811', '642'])
      expect(await page.isVisible(`section.fix li[data-node="gpu-h100-${n}.cluster.local"]`)).toBe(true);
    // Then per zone and per rack: 4 zones, 32 racks, and their group × group views.
    expect(await page.$$('section.group-dim[data-dimension="zone"] table.groups tbody tr')).toHaveLength(4);
    expect(
      await page.$$('section.group-dim[data-dimension="rack (leaf)"] table.groups tbody tr'),
    ).toHaveLength(32);
    expect(await page.$$('section.group-dim[data-dimension="zone"] table.groupgrid td.c')).toHaveLength(
      // inside each of the 4 zones, and the ring's 4 zone crossings (a→b, b→c, c→d, d→a), drawn on both sides
      4 + 2 * 4,
    );
    // No node × node grid of 1,000 columns: the pairs are a list, the worst first.
    expect(await page.$$(NODE_GRID)).toHaveLength(0);
    const first = await page.getAttribute('section.pairlist tbody tr:first-child', 'data-band');
    expect(first).toBe('bad');
    expect(requests).toEqual([url]);
    await shoot(page, 'sweep-report-1000.png', 'section.groups');
  });

  /** How wide the page is, against the viewport: a page-wide sideways scroll shows as the first above the second. */
  const pageWidth = (page: Page) =>
    page.evaluate(() => {
      const d = (
        globalThis as unknown as {
          document: { documentElement: { scrollWidth: number; clientWidth: number } };
        }
      ).document.documentElement;
      return { scroll: d.scrollWidth, client: d.clientWidth };
    });

  it('group and rack colours follow failures, the worst group first', async () => {
    const { page } = await open(bigSweep(64, 40, [3, 17], { zones: 2, racksPerZone: 4 }), 'groups-64', {
      width: 1440,
      height: 900,
    });
    // The culprit's rack leads the rack table, and its median cell is shaded failed, not by its passing pairs.
    const racks = 'section.group-dim[data-dimension="rack (leaf)"] table.groups tbody tr';
    const first = page.locator(racks).first();
    expect(await first.getAttribute('class')).toBe('failing');
    const bands = await first
      .locator('td.c')
      .evaluateAll((tds) =>
        tds.map((t) => (t as unknown as { getAttribute(n: string): string }).getAttribute('data-band')),
      );
    expect(bands[0]).toBe('bad');
    const bg = await first
      .locator('td.c')
      .first()
      .evaluate((el) => (globalThis as unknown as Win).getComputedStyle(el).backgroundColor);
    const [r, g] = rgb(bg);
    expect(r).toBeGreaterThan(g);
    // Every failing row comes before every row without a failure.
    const classes = await page
      .locator(racks)
      .evaluateAll((trs) =>
        trs.map((t) => (t as unknown as { getAttribute(n: string): string | null }).getAttribute('class')),
      );
    expect(classes.lastIndexOf('failing')).toBeLessThan(
      classes.indexOf(null) === -1 ? classes.length : classes.indexOf(null) + 0.5,
    );
  });

  it('what to fix gives commands to copy: cordon, the pair re-check, each culprit its own', async () => {
    const { page } = await open(bigSweep(16, 5, [2, 9]), 'fix-16', { width: 1440, height: 900 });
    const culprit = 'gpu-h100-05.cluster.local';
    const node = await page.locator(`section.fix li[data-node="${culprit}"] code.cmd`).allInnerTexts();
    expect(node[0]).toBe(`kubectl cordon ${culprit}`);
    expect(node[1]).toBe(`interconnect-test node ${culprit}`);
    // the re-check pairs the culprit with a node that passed, not with the first failed pair's partner
    expect(node[2]).toMatch(
      new RegExp(
        `^interconnect-test pair --prefill-node ${culprit.replace(/\./g, '\\.')} --decode-node gpu-h100-\\d\\d\\.cluster\\.local$`,
      ),
    );
    const partner = node[2]?.split(' ').at(-1);
    expect(bigSweep(16, 5, [2, 9]).nodes.find((x) => x.name === partner)?.status).toBe('ok');
    const link = await page.locator('section.fix li[data-link] code.cmd').allInnerTexts();
    expect(link).toEqual([
      'interconnect-test pair --prefill-node gpu-h100-02.cluster.local --decode-node gpu-h100-09.cluster.local',
    ]);
    // "N excluded" names the node and why, in the counts at the top
    const { page: lists } = await open(sampleSweep(), 'excluded-names');
    expect(await seen(lists, 'ul.counts')).toMatch(/1 excluded: gpu-nordma \(no RDMA resource/);
  });

  it('a leftover pair gets its gc --run', async () => {
    const s = sampleSweep();
    const p = s.pairs[2] as SweepResult['pairs'][number];
    p.checks = [
      ...p.checks,
      { id: 'pair.cleanup', status: 'warn', detail: 'job still there after cleanup', subject: 'x' },
    ];
    const { page } = await open(s, 'leftovers');
    expect(await page.locator('section.fix ol.leftovers code.cmd').allInnerTexts()).toEqual([
      `interconnect-test gc --run ${p.runId}`,
    ]);
  });

  for (const [n, label, make] of [
    [16, 'sweep-heatmap', () => bigSweep(16, 5, [2, 9])],
    [64, 'sweep-heatmap-64', () => bigSweep(64, 40, [3, 17], { zones: 2, racksPerZone: 4 })],
    [1000, 'sweep-report-1000', fleet1000],
  ] as const) {
    it(`${n} nodes on a phone (390 px): no page-wide sideways scroll, tables scroll in their own box, a tap shows a cell's details`, async () => {
      const { page } = await open(make(), `phone-${n}`, { width: 390, height: 844 }, true);
      const w = await pageWidth(page);
      expect(w.scroll).toBeLessThanOrEqual(w.client);
      // Wide tables scroll inside their box.
      const boxes = await page.locator('div.scroll').evaluateAll((ds) =>
        ds.map((d) => {
          const e = d as unknown as { scrollWidth: number; clientWidth: number };
          return e.scrollWidth > e.clientWidth;
        }),
      );
      expect(boxes.some(Boolean)).toBe(true);
      // A tap on a failed cell (or a group cell) focuses it, and its details show as text on screen.
      const target = page.locator('table.heat td.b-bad[tabindex]').first();
      await target.scrollIntoViewIfNeeded();
      await target.tap();
      const after = await target.evaluate((el) => {
        const st = (
          globalThis as unknown as {
            getComputedStyle(e: unknown, p: string): { content: string; position: string };
          }
        ).getComputedStyle(el, '::after');
        return { content: st.content, position: st.position };
      });
      expect(after.position).toBe('fixed');
      expect(after.content).toMatch(/pairs|→/);
      await shoot(page, `${label}-390.png`, n === 1000 ? 'section.groups' : 'section.fix');
      if (n === 16) {
        // and the same page at 1440 px
        const wide = await open(make(), `wide-${n}`, { width: 1440, height: 900 });
        await shoot(wide.page, `${label}-1440.png`);
      }
    });
  }

  it('a cell shows its details on keyboard focus too', async () => {
    const { page } = await open(bigSweep(16, 5, [2, 9]), 'keyboard', { width: 1440, height: 900 });
    await page.focus('table.heat:not(.groupgrid) td.b-bad[tabindex]');
    const content = await page.$eval(
      'table.heat:not(.groupgrid) td.b-bad[tabindex]:focus',
      (el) =>
        (
          globalThis as unknown as { getComputedStyle(e: unknown, p: string): { content: string } }
        ).getComputedStyle(el, '::after').content,
    );
    expect(content).toContain('gpu-h100-05.cluster.local');
  });
});
