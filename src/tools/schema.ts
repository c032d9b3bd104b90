import { z } from 'zod';
import { ClusterIdentitySchema } from '../core/cluster-identity.js';
import { MeasurementSchema, RailResultSchema } from '../core/measurement.js';
import { ReportSchema } from '../core/model.js';
import { EnvReportPartSchema } from '../env/schema.js';
import { NixlReportPartSchema } from '../nixl/schema.js';
import { NodeReportPartSchema } from '../probes/schema.js';
import { ReadReportPartSchema } from '../read/schema.js';
import { SweepResultSchema } from '../sweep/model.js';
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
  'node.schema.json': {
    schema: ReportSchema.extend(NodeReportPartSchema.shape),
    title: 'interconnect-test node report',
    description:
      'The -o json output of interconnect-test node: the common report plus targets[] (each probe: argv, exit, parsed) and cluster.',
  },
  'nixl.schema.json': {
    schema: ReportSchema.extend(NixlReportPartSchema.shape),
    title: 'interconnect-test nixl report',
    description:
      'The -o json output of interconnect-test nixl: the common report plus targets[] and next (the pair command to run).',
  },
  'read.schema.json': {
    schema: ReportSchema.extend(ReadReportPartSchema.shape),
    title: 'interconnect-test read report',
    description:
      "The -o json output of interconnect-test read: the common report plus input (tool, source) and parsed (the reader's result).",
  },
  'sweep.schema.json': {
    schema: ReportSchema.extend({
      command: z.literal('sweep'),
      /** Which cluster (--cluster-name, else the context; the API URL without credentials). */
      cluster: ClusterIdentitySchema.optional(),
      sweep: SweepResultSchema,
      /** The run's id (its scratch objects' label) and whether it was a --dry-run. */
      run: z.strictObject({ runId: z.string(), dryRun: z.boolean().optional() }).optional(),
    }),
    title: 'interconnect-test sweep report',
    description:
      'The -o json output of interconnect-test sweep and sweep report: the common report plus sweep (pairs, nodes, culprits, settings).',
  },
  'gc.schema.json': {
    schema: ReportSchema.extend({ command: z.literal('gc') }),
    title: 'interconnect-test gc report',
    description:
      'The -o json output of interconnect-test gc: the common report (one check per kind of scratch object).',
  },
} as const;

/** The schema (zod) behind a published file: what tests parse real outputs with. */
export function reportSchemaOf(file: SchemaFile): z.ZodType {
  return schemas[file].schema;
}

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
