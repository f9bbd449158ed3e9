// npm run client:generate: writes clients/typescript/src/schema.ts from the service's OpenAPI
// document, built from the route declarations without starting a runtime.
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { serviceDocument } from '../documentOf.js';
import { generateTypes } from '../generateTypes.js';

const target = fileURLToPath(new URL('../src/schema.ts', import.meta.url));
fs.writeFileSync(target, await generateTypes(serviceDocument()));
process.stdout.write(`wrote ${target}\n`);
