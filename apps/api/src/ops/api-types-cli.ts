/** `npm run api:types`: writes the web's response types from the API's OpenAPI document (api-types.generated.ts; ops/api-types.ts). */
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { API_TYPES_FILE, apiTypesSource, currentDocument } from './api-types';

const source = await apiTypesSource(await currentDocument());
await writeFile(API_TYPES_FILE, source);
console.log(`Wrote ${fileURLToPath(API_TYPES_FILE)} (${source.split('\n').length} lines).`);
