import { parseArgs } from 'node:util';
import { CrewdApiError } from '@crewd/client';
import { systemClock } from '../../runtime/clock.js';
import { ConfigError, loadConfig } from '../../runtime/config.js';
import { ServiceError } from '../../runtime/errors.js';
import { actionCommands } from './actions.js';
import { workspacePolicyCommands } from './workspacePolicy.js';
import { clientFromEnv, remoteCommands as baseCommands } from './remote.js';
import { UsageError, type Flags } from './usage.js';

const remoteCommands = { ...baseCommands, ...actionCommands, ...workspacePolicyCommands };

const help = `crewd — crew orchestration service

Usage: crewd <command> [options]    (npx crewd ..., or npm run crewd -- ...)

Talking to a running service (CREWD_URL, default http://127.0.0.1:8080; CREWD_API_KEY):
  deploy CREW --brief TEXT [--context TEXT|@FILE] [--requirements JSON] [--follow]
                                          prints the outcome id; --follow shows live progress to the end;
                                          --context is the material (notes, interviews) mind and pilot work from
  outcomes list [--status S] [--crew C] [--limit N]
  outcomes show|result|cancel|retry OUTCOME_ID
  outcomes revise OUTCOME_ID --feedback TEXT [--requirements JSON] [--priority low|normal|high] [--follow]
  webhooks list
  webhooks create --url URL --events a,b [--secret S] [--description D]
  webhooks test WEBHOOK_ID [--event KIND]
  webhooks deliveries WEBHOOK_ID [--limit N]
  webhooks redeliver WEBHOOK_ID DELIVERY_ID
  actions list [--status pending|approved|rejected]    outcomes waiting for a person (default pending)
  actions approve|reject ACTION_ID [--comment TEXT] [--content-file PATH]
                                          --content-file replaces the result Markdown before it is published
  workspace policy [--approvals JSON|null]              the default approval policy (setting it needs admin:write)

Working on the database directly (no server needed):
  serve [--no-worker | --no-api]          start the API (same as npm start); --no-worker: API and streams
                                          only, --no-api: runs outcomes and webhooks only (scale-out)
  migrate [--down] [--status]             apply (or roll back, or list) database migrations
  workspaces create --name N --plan P     plans: starter|explorer, growth|operator, pro|swarm, enterprise|custom
        [--credits N|unlimited] [--rpm N] [--concurrency N]
  workspaces list
  keys create --workspace ID|NAME --name N [--permissions a,b] [--expires-at T]
  keys list [--workspace ID|NAME]
  keys revoke KEY_ID
  crews set-status CREW available|unavailable|maintenance [--until T]
  actors                                  unfinished actors: id, machine, state, status, age

Every command takes --json for machine-readable output (errors then print only JSON on stdout).
Exit codes: 0 done, 1 the service refused or the followed outcome failed, 2 a usage or configuration
mistake. Configuration comes from the environment (PORT, HOST, CREWD_DATA_DIR, CREWD_DATABASE_URL,
...; see the README).`;

// Options whose value is text people paste: notes often start with a bullet ("- export button hidden").
const textOptions = new Set(['--brief', '--context', '--feedback', '--comment']);

/**
 * `--context "- a\n- b"` as `--context=- a\n- b`: parseArgs refuses a value that starts with a
 * dash as "ambiguous"; a pasted bullet list is text, never an option (an option has no space).
 */
function withTextValues(argv: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i += 1) {
    const next = argv[i + 1];
    if (textOptions.has(argv[i]!) && next !== undefined && next.startsWith('-') && /\s/.test(next)) {
      out.push(`${argv[i]}=${next}`);
      i += 1;
    } else out.push(argv[i]!);
  }
  return out;
}

async function main(rawArgv: string[]): Promise<number> {
  const argv = withTextValues(rawArgv);
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: {
      json: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
      down: { type: 'boolean' },
      // `migrate --status` lists migrations; elsewhere --status filters by a value.
      status: { type: argv.find((a) => !a.startsWith('-')) === 'migrate' ? 'boolean' : 'string' },
      name: { type: 'string' },
      plan: { type: 'string' },
      credits: { type: 'string' },
      rpm: { type: 'string' },
      concurrency: { type: 'string' },
      workspace: { type: 'string' },
      permissions: { type: 'string' },
      'expires-at': { type: 'string' },
      until: { type: 'string' },
      brief: { type: 'string' },
      context: { type: 'string' },
      requirements: { type: 'string' },
      follow: { type: 'boolean', short: 'f' },
      crew: { type: 'string' },
      limit: { type: 'string' },
      feedback: { type: 'string' },
      priority: { type: 'string' },
      url: { type: 'string' },
      events: { type: 'string' },
      event: { type: 'string' },
      secret: { type: 'string' },
      description: { type: 'string' },
      comment: { type: 'string' },
      approvals: { type: 'string' },
      'content-file': { type: 'string' },
      // serve roles (scale-out): API only, or worker only
      'no-worker': { type: 'boolean' },
      'no-api': { type: 'boolean' },
    },
  });
  const json = values.json === true;
  const [command, sub, ...rest] = positionals;
  if (!command || values.help) {
    process.stdout.write(`${help}\n`);
    return command || values.help ? 0 : 2;
  }
  const flags = values as Flags;
  const clock = systemClock;
  const twoWord = sub ? `${command} ${sub}` : undefined;
  const remote = (twoWord && remoteCommands[twoWord]) || remoteCommands[command];
  if (remote) {
    const args = twoWord && remoteCommands[twoWord] ? rest : [sub, ...rest].filter((a): a is string => a !== undefined);
    return remote({ client: clientFromEnv(process.env), args, flags, json, clock, out: { write: (text) => process.stdout.write(text), isTTY: process.stdout.isTTY === true } });
  }
  // The runtime (and everything it loads) only for commands that need it: client commands start fast.
  const config = loadConfig(process.env);
  if (command === 'serve') {
    const { serve } = await import('./serve.js');
    if (values['no-worker'] && values['no-api']) throw new UsageError('serve: --no-worker and --no-api together leave nothing to run');
    if ((values['no-worker'] || values['no-api']) && !config.databaseUrl) throw new UsageError('serve: --no-worker and --no-api need CREWD_DATABASE_URL (Postgres); on SQLite one process runs both roles');
    await serve({ ...config, roles: { api: values['no-api'] !== true, worker: values['no-worker'] !== true } }, json);
    return -1; // keeps running
  }
  const { adminCommands } = await import('./admin.js');
  const handler = (twoWord && adminCommands[twoWord]) || adminCommands[command];
  if (!handler) throw new UsageError(`unknown command "${[command, sub].filter(Boolean).join(' ')}"; see crewd --help`);
  await handler(config, twoWord && adminCommands[twoWord] ? rest : [sub, ...rest].filter((a): a is string => a !== undefined), flags, json, clock);
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => {
    if (code >= 0) process.exitCode = code;
  },
  (error: unknown) => {
    const json = process.argv.includes('--json');
    const usage = error instanceof ConfigError || error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS');
    const known = usage || error instanceof ServiceError || error instanceof CrewdApiError;
    const message = known ? (error as Error).message : `unexpected error: ${(error as Error).stack ?? String(error)}`;
    const code = error instanceof ConfigError ? 'config_error' : error instanceof ServiceError || error instanceof CrewdApiError ? error.code : usage ? 'usage_error' : (error as { code?: string }).code ?? 'error';
    const details = error instanceof CrewdApiError || error instanceof ServiceError ? error.details : {};
    const status = error instanceof CrewdApiError ? { status: error.status } : {};
    // Under --json the one JSON document is the whole output, so scripts can parse it.
    if (json) process.stdout.write(`${JSON.stringify({ error: { code, message, details, ...status } })}\n`);
    else process.stderr.write(`crewd: ${message}\n`);
    process.exitCode = usage || error instanceof ServiceError ? 2 : 1;
  },
);
