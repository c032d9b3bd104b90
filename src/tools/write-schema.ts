import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { reportJsonSchema } from './schema.js';

const target = fileURLToPath(new URL('../../references/result.schema.json', import.meta.url));
writeFileSync(target, reportJsonSchema());
process.stdout.write(`wrote ${target}\n`);
