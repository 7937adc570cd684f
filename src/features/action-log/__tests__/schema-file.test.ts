import fs from 'node:fs';

import { SCHEMA_FILE, schemaText } from '../../../../scripts/gen-action-log-schema';

test('log-format.schema.json is the TypeBox schema as generated (run scripts/gen-action-log-schema.ts after a change)', () => {
  expect(fs.readFileSync(SCHEMA_FILE, 'utf8')).toBe(schemaText());
});
