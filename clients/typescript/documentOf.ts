import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../runtime/config.js';
import { createRuntime } from '../../app/createRuntime.js';
import { createLogger } from '../../runtime/logger.js';

/** The service's OpenAPI document, as GET /v1/openapi.json serves it, built by a runtime on a throwaway SQLite file. */
export async function serviceDocument(): Promise<unknown> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crewd-doc-'));
  const runtime = await createRuntime(loadConfig({ CREWD_DATA_DIR: dataDir, CREWD_LOG_LEVEL: 'silent' }), { bootstrap: false, runActors: false, logger: createLogger('silent') });
  try {
    return JSON.parse(JSON.stringify(runtime.document));
  } finally {
    await runtime.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
