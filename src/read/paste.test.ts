import { describe, expect, it } from 'vitest';
import { listFixtures, readFixture, TOOL_FIXTURE_DIRS } from '../../test/helpers/fixtures.js';
import { readWorld } from '../../test/read-world-paste.table.js';
import { classifyVerbsOpen, TOOLS, type ToolId } from '../classify/index.js';
import { ParseError } from '../parsers/errors.js';
import { verbsOpenFailures } from '../parsers/verbs-messages.js';
import { kubectlCommand } from './cluster-cli.js';
import { programOf, splitPaste } from './paste.js';
import { readOutput, readPasted } from './tools.js';

const opts = { expect: 'any' } as const;
const summary = (checks: { id: string; status: string }[]) => checks.map((c) => `${c.status} ${c.id}`);

/** The other capture pasted after each tool's own: a real `ls -l /dev/infiniband` (show_gids for that tool). */
function other(tool: ToolId): { tool: ToolId; command: string; text: string } {
  return tool === 'dev-infiniband'
    ? {
        tool: 'show_gids',
        command: 'show_gids',
        text: readFixture('node', 'show_gids', 'cx6-roce-single-port-v1-v2-ipv4.txt'),
      }
    : {
        tool: 'dev-infiniband',
        command: 'ls -l /dev/infiniband /sys/class/net',
        text: readFixture('node', 'ls-dev-infiniband', 'k8s-pod-shared-rdma-device-one-hca.txt'),
      };
}

const withNewline = (t: string) => (t.endsWith('\n') ? t : `${t}\n`);

describe('every real capture, pasted between a prompt, kubectl notices and another command, reads as it does alone', () => {
  for (const [tool, dir] of Object.entries(TOOL_FIXTURE_DIRS) as [ToolId, string[]][]) {
    // Captures that are pastes of several commands themselves: test/read-world-paste.test.ts.
    for (const file of listFixtures(...dir).filter((f) => !readWorld(f))) {
      it(`${tool}: ${file}`, () => {
        const text = readFixture(...dir, file);
        const alone = summary(readOutput(tool, text, opts).checks);
        // Alone it reads as before (some captures are pastes themselves: their read.input check aside).
        expect(summary(readPasted(tool, text, opts).checks.filter((c) => c.id !== 'read.input'))).toEqual(
          alone,
        );
        const o = other(tool);
        // A capture that is a paste already (its own prompts) goes in as it is; a bare one after its command.
        const own = splitPaste(text).isPaste
          ? withNewline(text)
          : `root@vllm-decode-0:/# ${TOOLS[tool].command}\n${withNewline(text)}`;
        const paste =
          `Defaulted container "main" out of: main, init (init)\n` +
          own +
          `root@vllm-decode-0:/# ${o.command}\n${withNewline(o.text)}root@vllm-decode-0:/# \n`;
        const got = readPasted(tool, paste, opts).checks;
        expect(got[0]).toMatchObject({ id: 'read.input', status: 'skipped' });
        expect(got[0]?.detail).toMatch(/; ignored /);
        expect(got[0]?.detail).toContain(`\`${o.command}\``);
        expect(summary(got.slice(1))).toEqual(alone);
        // The same paste read for the other tool finds the other section; a verbs library that cannot open a
        // device, shown in the first capture (`No IB devices found`), is evidence for that port reader too (P4).
        expect(summary(readPasted(o.tool, paste, opts).checks.slice(1))).toEqual([
          ...summary(readOutput(o.tool, o.text, opts).checks),
          ...summary(classifyVerbsOpen(verbsOpenFailures(text))),
        ]);
      });
    }
  }
});

describe('splitPaste', () => {
  it('keeps ucx_info -d whole: its `#` lines are output, not prompts', () => {
    const text = readFixture('node', 'ucx_info-d', 'no-rdma-tcp-shm-only-ucx17-wiki.txt');
    expect(splitPaste(text).isPaste).toBe(false);
    const pasted = splitPaste(`$ ucx_info -d\n${text}`);
    expect(pasted.sections.map((s) => s.command)).toEqual(['ucx_info -d']);
  });

  it('splits at the prompts kubectl exec -- sh shows (bash/sh without a host, busybox ash)', () => {
    const ibstat = readFixture('node', 'ibstat', 'cx5-edr-4port-2active-2disabled.txt');
    const dev = readFixture('node', 'ls-dev-infiniband', 'k8s-pod-shared-rdma-device-one-hca.txt');
    const prompts: [string, string][] = [
      ['sh-4.4# ibstat', 'sh-4.4# ls -l /dev/infiniband /sys/class/net'],
      ['bash-5.1$ ibstat', 'bash-5.1$ ls -l /dev/infiniband /sys/class/net'],
      ['/ # ibstat', '/ # ls -l /dev/infiniband /sys/class/net'],
      ['/workspace $ ibstat', '/workspace $ ls -l /dev/infiniband /sys/class/net'],
    ];
    for (const [a, b] of prompts) {
      const paste = `${a}\n${ibstat}\n${b}\n${dev}`;
      expect(splitPaste(paste).sections.map((s) => s.command)).toEqual([
        a.split(/[#$] /)[1],
        b.split(/[#$] /)[1],
      ]);
      expect(summary(readPasted('ibstat', paste, opts).checks.slice(1))).toEqual(
        summary(readOutput('ibstat', ibstat, opts).checks),
      );
    }
  });

  it('reads more prompt shapes and commands typed with no prompt', () => {
    const ibstat = readFixture('node', 'ibstat', 'cx5-edr-4port-2active-2disabled.txt');
    for (const p of [
      'Singularity> ',
      '(base) user@host:~$ ',
      '[root@h ~]# ',
      'user@host ~ % ',
      'gpu1:~$ ',
      // oh-my-zsh's default theme, with and without its git segment, and pure/starship's `❯`.
      '➜  ~ ',
      '➜  nixl git:(main) ✗ ',
      '❯ ',
      // A notebook cell's shell escape (IPython `!cmd`, `!!cmd`: Jupyter, Colab, Kaggle).
      '!',
      '!!',
      '',
    ]) {
      const paste = `${p}ibstat\n${ibstat}\n${p}ulimit -l\nunlimited\n`;
      expect(splitPaste(paste).sections.map((s) => s.command)).toEqual(['ibstat', 'ulimit -l']);
      expect(summary(readPasted('ibstat', paste, opts).checks.slice(1))).toEqual(
        summary(readOutput('ibstat', ibstat, opts).checks),
      );
    }
    // A table row that starts like a program name is not a command, nor a markdown image.
    expect(splitPaste('nvidia_peermem         16384  0\n').isPaste).toBe(false);
    expect(splitPaste('![topology](topo.png)\n').isPaste).toBe(false);
  });

  it('splits several tools pasted with no prompt at each one’s own first line', () => {
    const ibstat = readFixture('node', 'ibstat', 'cx7-ib-port-down-polling-redacted.txt');
    const ucx = readFixture('node', 'ucx_info-d', 'no-rdma-tcp-shm-only-ucx17-wiki.txt');
    const paste = `${ibstat}${ucx}`;
    expect(splitPaste(paste).sections.map((s) => s.shape)).toEqual(['ibstat', 'ucx_info']);
    expect(summary(readPasted('ucx_info', paste, opts).checks.slice(1))).toEqual(
      summary(readOutput('ucx_info', ucx, opts).checks),
    );
    expect(summary(readPasted('ibstat', paste, opts).checks.slice(1))).toEqual(
      summary(readOutput('ibstat', ibstat, opts).checks),
    );
  });

  it('kubectl exec into several pods: one reading per pod, subjects name the pod', () => {
    const down = readFixture('node', 'ibstat', 'cx7-ib-port-down-polling-redacted.txt');
    const up = readFixture('node', 'ibstat', 'cx5-edr-4port-2active-2disabled.txt');
    const paste = `$ kubectl exec -it prefill-0 -- ibstat\n${down}$ kubectl exec -it decode-0 -- ibstat\n${up}`;
    const got = readPasted('ibstat', paste, opts).checks.slice(1);
    const alone = (t: string, pod: string) =>
      readOutput('ibstat', t, opts).checks.map(
        (c) => `${c.status} ${c.id} ${pod}${c.subject ? `:${c.subject}` : ''}`,
      );
    expect(got.map((c) => `${c.status} ${c.id} ${c.subject}`)).toEqual([
      ...alone(down, 'prefill-0'),
      ...alone(up, 'decode-0'),
    ]);
  });

  it('several pods, one of which printed no ibstat output: the others are judged, that one is said not read', () => {
    const up = readFixture('node', 'ibstat', 'cx5-edr-4port-2active-2disabled.txt');
    const paste = `$ kubectl exec -it prefill-0 -- ibstat\n${up}$ kubectl exec -it decode-0 -- ibstat\nx\n`;
    const got = readPasted('ibstat', paste, opts).checks.slice(1);
    expect(got.filter((c) => c.subject?.startsWith('prefill-0')).map((c) => `${c.status} ${c.id}`)).toEqual(
      readOutput('ibstat', up, opts).checks.map((c) => `${c.status} ${c.id}`),
    );
    const decode = got.filter((c) => c.subject === 'decode-0');
    expect(decode.map((c) => `${c.status} ${c.id}`)).toEqual(['skipped ib.ibstat']);
    expect(decode[0]?.detail).toMatch(/^not read as ibstat: /);
    expect(() =>
      readPasted(
        'ibstat',
        `$ kubectl exec -it a-0 -- ibstat\nx\n$ kubectl exec -it b-0 -- ibstat\ny\n`,
        opts,
      ),
    ).toThrow(ParseError);
  });

  it('a tool that is not there is skipped with the line that said so (bash, sh, zsh, the OCI runtime)', () => {
    const lines = [
      'bash: ibstat: command not found',
      'sh: 1: ibstat: not found',
      'zsh: command not found: ibstat',
      'OCI runtime exec failed: exec failed: unable to start container process: exec: "ibstat": executable file not found in $PATH: unknown',
    ];
    for (const l of lines) {
      const c = readPasted('ibstat', `$ kubectl exec -it decode-0 -- ibstat\n${l}\n`, opts).checks;
      expect(c.map((x) => `${x.status} ${x.id}`)).toEqual(['skipped read.input', 'skipped ib.ibstat']);
      expect(c[1]?.detail).toContain(l.slice(0, 40));
    }
  });

  it('a filter that keeps lines the parser cannot place alone is skipped, never exit 2', () => {
    const ibstat = readFixture('node', 'ibstat', 'h100-ndr-ib-8active-plus-3-eth-disabled.txt');
    const kept = ibstat.split('\n').filter((l) => /State|Rate/.test(l));
    const c = readPasted('ibstat', `# ibstat | grep -E 'State|Rate'\n${kept.join('\n')}\n`, opts).checks;
    expect(c.map((x) => `${x.status} ${x.id}`)).toEqual(['skipped read.input', 'skipped ib.ibstat']);
    expect(c[1]?.detail).toMatch(/^the filter `grep -E 'State\|Rate'` kept \d+ line\(s\)/);
  });

  it("OpenShift's `oc exec` runs a command in a pod as kubectl's does: its section starts there, after other commands", () => {
    const up = readFixture('node', 'ibstat', 'cx5-edr-4port-2active-2disabled.txt');
    const paste = `[root@bastion ~]# hostname\nbastion\n$ oc exec -n dynamo decode-0 -- ibstat\n${up}`;
    const got = readPasted('ibstat', paste, opts).checks.slice(1);
    expect(got.map((c) => `${c.status} ${c.id} ${c.subject}`)).toEqual(
      readOutput('ibstat', up, opts).checks.map((c) => `${c.status} ${c.id} ${c.subject}`),
    );
    expect(kubectlCommand('oc exec tsfm-node-0 -- ls -l /dev/infiniband/uverbs*')).toBe(
      'ls -l /dev/infiniband/uverbs*',
    );
    expect(kubectlCommand('oc get pods')).toBeUndefined();
  });

  it('reads the command of kubectl exec and names kubectl logs', () => {
    expect(kubectlCommand('kubectl exec -it -n dynamo vllm-0 -c main -- ibstat')).toBe('ibstat');
    expect(kubectlCommand("kubectl exec vllm-0 -- sh -c 'lsmod | grep peer'")).toBe('lsmod | grep peer');
    expect(kubectlCommand('kubectl logs -n dynamo job/nixl-probe')).toBe(
      'kubectl logs -n dynamo job/nixl-probe',
    );
    expect(kubectlCommand('kubectl get pods')).toBeUndefined();
    expect(programOf('sudo /usr/sbin/ibstat -v')).toBe('ibstat');
    expect(programOf('UCX_TLS=rc ucx_perftest -t tag_bw')).toBe('ucx_perftest');
  });
});
