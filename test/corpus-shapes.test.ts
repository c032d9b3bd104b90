import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ALL_CAPTURES as CAPTURES } from './corpus/all.js';
import { captureVerdict } from './helpers/read.js';

/**
 * Issue 38, principle 1 ("read what is there, whatever its shape"), held on the whole corpus: every real capture
 * is read again through the shapes the corpus already shows pastes arrive in (a page's CRLF line ends, a markdown
 * list's indentation, a mail's `> ` quote, a markdown fence, trailing blanks, a sentence before the output, a page's
 * HTML escaping, no-break spaces, the next prompt after it, GitHub's collapsed section, tabs expanded, a blank line after every line), and must get the verdict it gets as published. A shape that changes it is a reader that missed
 * principle 1. The shapes wrap the capture as a page would; the capture itself is never changed.
 */
const SHAPES: Record<string, (s: string) => string> = {
  'CRLF line ends': (s) => s.replace(/\r?\n/g, '\r\n'),
  'a markdown list indentation': (s) =>
    s
      .split('\n')
      .map((l) => (l ? `    ${l}` : l))
      .join('\n'),
  'a mail quote': (s) =>
    s
      .split('\n')
      .map((l) => `> ${l}`)
      .join('\n'),
  'a markdown fence': (s) => `\`\`\`console\n${s.replace(/\n$/, '')}\n\`\`\`\n`,
  'trailing blanks': (s) =>
    s
      .split('\n')
      .map((l) => (l ? `${l}  ` : l))
      .join('\n'),
  'a sentence before it': (s) => `Here is what I get on the node:\n\n${s}`,
  'HTML escaping': (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;'),
  'no-break spaces (a page copied from a browser)': (s) => s.replace(/ /g, '\u00a0'),
  'the next prompt copied after it': (s) => `${s.replace(/\n*$/, '')}\nroot@gpu-node-3:~# \n`,
  "GitHub's collapsed section": (s) =>
    `<details>\n<summary>output</summary>\n\n\`\`\`\n${s.replace(/\n*$/, '')}\n\`\`\`\n\n</details>\n`,
  // Some web views and chat clients copy a blank line after every line.
  'double-spaced (a blank line after every line)': (s) =>
    `${s.replace(/\n+$/, '').split('\n').join('\n\n')}\n`,
  'tabs expanded to spaces': (s) =>
    s
      .split('\n')
      .map((l) => [...l].reduce((o, ch) => (ch === '\t' ? o + ' '.repeat(8 - (o.length % 8)) : o + ch), ''))
      .join('\n'),
};

/**
 * Shape and capture pairs where the capture itself makes the shape a different paste, each with why. Any other
 * change fails.
 */
const DIFFERENT_PASTE: Record<string, string> = {
  'the next prompt copied after it|dev-infiniband/k8s-rdma-shared-169-k9s-pane-borders-rdma-cm-umad-cut.txt':
    "a TUI pane's copy whose last line lost its border is cut there only as the copy's last line; a prompt below a pane is not part of a screen copy of it",
  'a markdown list indentation|ibv_devinfo/linux-rdma-2025-02-ipv6-same-host-cx7-two-roce-ports-quoted-printable-nbsp-soft-breaks.txt':
    "a mail's quoted-printable source: the encoding is the mail's outermost layer, applied after any indentation or quote, so an indented raw source is not a shape mail takes",
  'a mail quote|ibv_devinfo/linux-rdma-2025-02-ipv6-same-host-cx7-two-roce-ports-quoted-printable-nbsp-soft-breaks.txt':
    'as above: a quote inside the quoted-printable layer is not what a mail client writes',
  'a mail quote|perftest/softiwarp-27-siw-ib-send-bw-completion-error-status-12-line.txt':
    "one line behind `> ` cannot be told from a shell's continuation prompt (PS2 `> `): a one-line quote is not read as a mail's",
  'double-spaced (a blank line after every line)|ibv_devinfo/linux-rdma-2025-02-ipv6-same-host-cx7-two-roce-ports-quoted-printable-nbsp-soft-breaks.txt':
    "as above: a mail's quoted-printable source spaced out line by line is not what a mail client writes (its soft line breaks join lines the blanks now separate)",
  'double-spaced (a blank line after every line)|dmesg/linux-rdma-2025-11-qp-ubuntu-5.15-mlx5-module-id-0x19-soft-lockup-panic-mlx5-ib-dereg-mr-python3.txt':
    'the same: a quoted-printable source whose soft line breaks join lines that the blank lines now separate',
  'double-spaced (a blank line after every line)|ibstatus/baidu-aihc-verify-rdma-image-line-numbered-three-roce-100g-zero-gids.txt':
    "a code viewer numbers every line it shows, blank ones too: unnumbered blank lines between numbered ones are not a viewer's copy",
  'a sentence before it|dev-infiniband/siderolabs-docs-566-talos-ls-la-4-uverbs-rw-no-rdma-cm-then-comment.txt':
    'the capture already opens with two lines that are not ls output (`CMD: …` and a blank); a third before them passes the stated limit of two lines read around before the output (src/read/around.ts MAX_BEFORE)',
  'a sentence before it|nccl-tests/alcf-polaris-n128-all-gather-cxi-alloc-failed-acs-limits.txt':
    'the capture already opens with two launcher lines read around before the output; a third passes the stated limit of two (src/read/around.ts MAX_BEFORE)',
  'a sentence before it|nccl-tests/alcf-polaris-n128-all-reduce-pmi-port-launch-failed.txt':
    'as above: two launcher lines before the output already, a third passes the limit of two',
};

const dir = path.join(import.meta.dirname, 'corpus', 'captures');

describe('corpus shapes: every capture reads the same in the shapes pastes arrive in', () => {
  it('no shape changes a verdict, beyond the captures listed with why', () => {
    const changed: string[] = [];
    for (const c of CAPTURES) {
      const text = readFileSync(path.join(dir, c.file), 'utf8');
      const as = captureVerdict(c.tool, text, c.opts);
      for (const [shape, wrap] of Object.entries(SHAPES)) {
        const got = captureVerdict(c.tool, wrap(text), c.opts);
        if (got !== as) changed.push(`${shape}|${c.file}: ${as} -> ${got}`);
      }
    }
    expect(changed.map((c) => c.split(': ')[0]).sort()).toEqual(Object.keys(DIFFERENT_PASTE).sort());
  }, 120_000);
});
