import { z } from 'zod';
import { MeasurementSchema, RailResultSchema } from '../core/measurement.js';
import { ReportSchema } from '../core/model.js';
import { EnvReportPartSchema } from '../env/schema.js';
import { WatchReportPartSchema } from '../watch/schema.js';

/** The report schemas published in references/, generated from the zod schemas (one source of truth). */
const schemas = {
  'result.schema.json': {
    schema: ReportSchema,
    title: 'interconnect-test report',
    description: 'The -o json / -o yaml output of every interconnect-test command.',
  },
  'env.schema.json': {
    schema: ReportSchema.extend(EnvReportPartSchema.shape),
    title: 'interconnect-test env report',
    description:
      'The -o json output of interconnect-test env: the common report plus services[], graphs[], skipped[].',
  },
  'pair.schema.json': {
    schema: ReportSchema.extend({
      measurement: MeasurementSchema.optional(),
      /** Every transfer's measurement when `pair` measured both directions (decode READ, prefill WRITE). */
      measurements: MeasurementSchema.array().optional(),
      /** Every GPU↔NIC rail the pair crossed at once (nixl across nodes), as measurement.rails. */
      rails: RailResultSchema.array().optional(),
    }),
    title: 'interconnect-test pair report',
    description:
      'The -o json output of interconnect-test pair (cluster and --local): the common report plus measurement.',
  },
  'watch.schema.json': {
    schema: ReportSchema.extend(WatchReportPartSchema.shape),
    title: 'interconnect-test watch report',
    description:
      'The -o json output of interconnect-test watch: the common report plus watch (source, window, reference, workers[] with their KV transfer windows) and cluster or input.',
  },
} as const;

export type SchemaFile = keyof typeof schemas;

export function reportJsonSchema(file: SchemaFile = 'result.schema.json'): string {
  const { schema, title, description } = schemas[file];
  const json = z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'output', unrepresentable: 'any' });
  return `${JSON.stringify(
    {
      ...json,
      $id: `https://interconnect-test.invalid/references/${file}`,
      title,
      description: `${description} Generated from the zod schemas by npm run schema; do not edit.`,
    },
    null,
    2,
  )}\n`;
}

export const schemaFiles = Object.keys(schemas) as SchemaFile[];
