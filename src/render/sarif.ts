import type { Check, Report } from '../core/model.js';

/**
 * A report as SARIF 2.1.0 (OASIS, sarif-spec `sarif-2.1/schema/sarif-schema-2.1.0.json`,
 * test/fixtures/sarif) for code-scanning in CI: one run, the tool as its driver with one rule per
 * check id, one result per check that needs attention (fail → error, warn → warning, a skipped
 * check that matters → note), each at the file and line the check carries (`data.file`,
 * `data.line`: env's locations, env/locate.ts). Pure; the caller redacts the text it writes.
 */

const LEVEL = { fail: 'error', warn: 'warning', skipped: 'note' } as const;

function needsAttention(c: Check): c is Check & { status: 'fail' | 'warn' | 'skipped' } {
  return c.status === 'fail' || c.status === 'warn' || (c.status === 'skipped' && c.matters !== false);
}

/** The file and line a check carries, when it does. */
export function locationOf(c: Check): { file: string; line: number } | undefined {
  const file = c.data?.file;
  const line = c.data?.line;
  return typeof file === 'string' && typeof line === 'number' && line >= 1 ? { file, line } : undefined;
}

/** A relative path as a SARIF artifact URI (forward slashes, each segment percent-encoded). */
function uri(file: string): string {
  return file.split(/[\\/]/).map(encodeURIComponent).join('/');
}

export function renderSarif(report: Report, version: string): string {
  const findings = report.checks.filter(needsAttention);
  const ids = [...new Set(findings.map((c) => c.id))];
  const rules = ids.map((id) => ({ id, shortDescription: { text: id } }));
  const results = findings.map((c) => {
    const at = locationOf(c);
    const text = `${c.subject ? `${c.subject}: ` : ''}${c.detail}${c.fix ? ` (fix: ${c.fix})` : ''}`;
    return {
      ruleId: c.id,
      ruleIndex: ids.indexOf(c.id),
      level: LEVEL[c.status],
      message: { text },
      ...(at
        ? {
            locations: [
              {
                physicalLocation: {
                  artifactLocation: { uri: uri(at.file) },
                  region: { startLine: at.line },
                },
              },
            ],
          }
        : {}),
    };
  });
  const sarif = {
    $schema: 'https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: { driver: { name: 'interconnect-test', version, rules } },
        results,
      },
    ],
  };
  return `${JSON.stringify(sarif, null, 2)}\n`;
}
