import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { reportJsonSchema, schemaFiles } from './schema.js';

for (const file of schemaFiles) {
  const target = fileURLToPath(new URL(`../../references/${file}`, import.meta.url));
  writeFileSync(target, reportJsonSchema(file));
  process.stdout.write(`wrote ${target}\n`);
}
