import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config.js';
import { ServiceError } from '../errors.js';
import { adminCommands, UsageError, type Flags } from './admin.js';
import { serve } from './serve.js';

const help = `crewd — crew orchestration service

Usage: crewd <command> [options]    (npm run crewd -- <command> ...)

  serve                                   start the API (same as npm start)
  migrate [--down] [--status]             apply (or roll back, or list) database migrations
  workspaces create --name N --plan P     plans: starter|explorer, growth|operator, pro|swarm, enterprise|custom
        [--credits N|unlimited] [--rpm N] [--concurrency N]
  workspaces list
  keys create --workspace ID|NAME --name N [--permissions a,b] [--expires-at T]
  keys list [--workspace ID|NAME]
  keys revoke KEY_ID
  crews set-status CREW available|unavailable|maintenance [--until T]
  actors                                  unfinished actors: id, machine, state, status, age

Every command takes --json for machine-readable output. Configuration comes from the environment
(PORT, HOST, CREWD_DATA_DIR, CREWD_DATABASE_URL, ...; see the README).`;

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: {
      json: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
      down: { type: 'boolean' },
      status: { type: 'boolean' },
      name: { type: 'string' },
      plan: { type: 'string' },
      credits: { type: 'string' },
      rpm: { type: 'string' },
      concurrency: { type: 'string' },
      workspace: { type: 'string' },
      permissions: { type: 'string' },
      'expires-at': { type: 'string' },
      until: { type: 'string' },
    },
  });
  const json = values.json === true;
  const [command, sub, ...rest] = positionals;
  if (!command || values.help) {
    process.stdout.write(`${help}\n`);
    return command || values.help ? 0 : 2;
  }
  const config = loadConfig(process.env);
  if (command === 'serve') {
    await serve(config, json);
    return -1; // keeps running
  }
  const twoWord = sub ? adminCommands[`${command} ${sub}`] : undefined;
  const handler = twoWord ?? adminCommands[command];
  if (!handler) throw new UsageError(`unknown command "${[command, sub].filter(Boolean).join(' ')}"; see crewd --help`);
  await handler(config, twoWord ? rest : [sub, ...rest].filter((a): a is string => a !== undefined), values as Flags, json);
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => {
    if (code >= 0) process.exitCode = code;
  },
  (error: unknown) => {
    const json = process.argv.includes('--json');
    const known = error instanceof ConfigError || error instanceof UsageError || error instanceof ServiceError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS');
    const message = known ? (error as Error).message : `unexpected error: ${(error as Error).stack ?? String(error)}`;
    const code = error instanceof ConfigError ? 'config_error' : error instanceof ServiceError ? error.code : known ? 'usage_error' : (error as { code?: string }).code ?? 'error';
    if (json) process.stdout.write(`${JSON.stringify({ error: { code, message } })}\n`);
    process.stderr.write(`crewd: ${message}\n`);
    process.exitCode = known ? 2 : 1;
  },
);
