import { z } from 'zod';
import { ReportSchema } from '../core/model.js';

/** The JSON Schema of every report, generated from the zod schemas (one source of truth). */
export function reportJsonSchema(): string {
  const schema = z.toJSONSchema(ReportSchema, { target: 'draft-2020-12', io: 'output' });
  return `${JSON.stringify(
    {
      ...schema,
      $id: 'https://github.com/interconnect-test/interconnect-test/references/result.schema.json',
      title: 'interconnect-test report',
      description:
        'The -o json / -o yaml output of every interconnect-test command. Generated from src/core/model.ts by npm run schema; do not edit.',
    },
    null,
    2,
  )}\n`;
}
