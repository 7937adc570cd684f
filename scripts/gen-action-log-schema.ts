import fs from 'node:fs';
import path from 'node:path';

import { ActionLog } from '../src/api/contract/action-log';

/** Writes the action-log JSON schema from its TypeBox definition: `npx tsx scripts/gen-action-log-schema.ts`. */
export const SCHEMA_FILE = path.resolve(__dirname, '../src/features/action-log/log-format.schema.json');

export function schemaText(): string {
  return `${JSON.stringify({ $schema: 'http://json-schema.org/draft-07/schema#', ...JSON.parse(JSON.stringify(ActionLog)) }, null, 2)}\n`;
}

if (require.main === module) {
  fs.writeFileSync(SCHEMA_FILE, schemaText());
  console.info(`wrote ${path.relative(process.cwd(), SCHEMA_FILE)}`);
}
