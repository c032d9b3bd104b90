import { RDMA_FAIL_FRACTION } from '../../judge/expectations.js';
import { BAND_WARN_FRACTION, type Band, bandOf, type Reference, referenceFor } from '../../judge/sweep.js';
import type { SweepPair } from '../../sweep/model.js';

/**
 * How a pair's figure is drawn: its band (the judge's, judge/sweep.ts) picks the hue, and
 * its share of the expected figure picks the shade inside that hue, so two passing pairs at
 * 86 % and 99 % of line rate look different, and a cell never contradicts the verdict.
 * `--s` (0…1) is how far the figure is into its band: good from the warning share (80 %)
 * up to 100 %, warn from 80 % down to the floor share (70 %), bad from 70 % down to 0.
 */

const clamp = (x: number) => Math.min(1, Math.max(0, x));

export interface Shade {
  band: Band;
  /** Share of the reference, 0…∞; null when nothing was measured or nothing is expected. */
  share: number | null;
  ref: Reference | null;
  /** The inline style that sets the shade, or ''. */
  style: string;
}

/** A band for any outcome, a new one included: a status this page does not know is drawn as a gap. */
export function bandFor(p: SweepPair): Band {
  const b = bandOf(p) as Band | undefined;
  return b === 'good' || b === 'warn' || b === 'bad' || b === 'none' ? b : 'none';
}

export function shadeOf(band: Band, share: number | null): string {
  if (share === null || band === 'none') return '';
  const warn = BAND_WARN_FRACTION;
  const fail = RDMA_FAIL_FRACTION;
  const s =
    band === 'good'
      ? clamp((share - warn) / (1 - warn))
      : band === 'warn'
        ? clamp((warn - share) / (warn - fail))
        : clamp((fail - share) / fail);
  return ` style="--s:${Math.round(s * 100) / 100}"`;
}

export function shade(p: SweepPair, best: number | null): Shade {
  const band = bandFor(p);
  const ref = referenceFor(p, best);
  const share = p.peakGBps === null || !ref ? null : p.peakGBps / ref.gbps;
  return { band, share, ref, style: shadeOf(band, share) };
}

/** `87%` of the reference, or '' when there is none. */
export function shareText(share: number | null): string {
  return share === null ? '' : `${Math.round(share * 100)}%`;
}
