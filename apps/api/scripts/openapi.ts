/** Writes openapi.json, the public API's OpenAPI 3.1 document, from the routes' schemas (src/openapi.ts). */
import { writeFileSync } from 'node:fs';
import { createApp } from '../src/app.ts';
import { openApiDocument } from '../src/openapi.ts';

const doc = await openApiDocument(createApp());
writeFileSync(new URL('../openapi.json', import.meta.url), `${JSON.stringify(doc, null, 2)}\n`);
const operations = Object.values((doc as { paths: Record<string, object> }).paths).flatMap(
  Object.keys,
).length;
console.log(`openapi.json: ${operations} operations`);
