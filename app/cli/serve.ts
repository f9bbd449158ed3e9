import type { Config } from '../../runtime/config.js';
import { createRuntime } from '../createRuntime.js';

/** `crewd serve`: start the API, print how to call it, and shut down gracefully on SIGTERM/SIGINT. */
export async function serve(config: Config, json: boolean): Promise<void> {
  // Every file and directory the server creates (database, key, drive exports) is private to
  // its user, whatever the operator's umask; the data directory itself is tightened at open.
  process.umask(0o077);
  const runtime = await createRuntime(config);
  const url = await runtime.listen();
  const secret = runtime.bootstrap?.secret;
  if (json) {
    process.stdout.write(`${JSON.stringify({ url, bootstrap_key: secret ?? null, workspace_id: runtime.bootstrap?.workspace.id ?? null })}\n`);
  } else {
    const lines = [`crewd ${url} (database: ${config.databaseUrl ? 'postgres' : `sqlite in ${config.dataDir}`}, model: ${config.model})`];
    if (secret) {
      lines.push(
        '',
        config.bootstrapKey ? 'Bootstrap key taken from CREWD_BOOTSTRAP_KEY.' : 'First start: created workspace "default" and an all-scope key. Its secret is shown ONCE:',
        '',
        `  ${config.bootstrapKey ? '(CREWD_BOOTSTRAP_KEY)' : secret}`,
        '',
        'Try it:',
        `  curl -s -H "Authorization: Bearer ${config.bootstrapKey ? '$CREWD_BOOTSTRAP_KEY' : secret}" ${url}/v1/crews`,
      );
    } else {
      lines.push(`Call it with a key: curl -s -H "Authorization: Bearer <API_KEY>" ${url}/v1/crews   (new key: npm run crewd -- keys create --help)`);
    }
    process.stderr.write(`${lines.join('\n')}\n`);
  }
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    runtime.logger.info({ signal }, 'shutting down: finishing in-flight requests');
    // The limit (CREWD_SHUTDOWN_MS) bounds the whole shutdown; what is cut resumes at the next start.
    const limit = setTimeout(() => {
      runtime.logger.warn({ limit_ms: config.shutdownMs }, 'shutdown limit reached: exiting; unfinished work resumes at the next start');
      process.exit(1);
    }, config.shutdownMs);
    limit.unref();
    runtime
      .close()
      .then(() => process.exit(0))
      .catch((error) => {
        runtime.logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      });
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}
