// npm run docs:openapi: writes docs/openapi.json, the OpenAPI document GET /v1/openapi.json serves,
// built from schemas/ and the http/ route declarations (no runtime). A test fails when it is stale.
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { serviceDocument } from '../clients/typescript/documentOf.js';

const target = fileURLToPath(new URL('../docs/openapi.json', import.meta.url));
fs.writeFileSync(target, `${JSON.stringify(serviceDocument(), null, 2)}\n`);
process.stdout.write(`wrote ${target}\n`);
