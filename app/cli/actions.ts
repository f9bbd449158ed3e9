import fs from 'node:fs/promises';
import type { Action } from '@crewd/client';
import { print, table } from './output.js';
import type { RemoteContext } from './remote.js';
import { UsageError } from './usage.js';

/** The action with this id, pending ones looked at first (the decision route names the outcome too). */
async function find(context: RemoteContext, id: string): Promise<Action> {
  for (const status of ['pending', undefined] as const) {
    for await (const action of context.client.actions({ limit: 100, ...(status ? { status } : {}) })) if (action.id === id) return action;
  }
  throw new UsageError(`no action ${id} in this workspace; see crewd actions list`);
}

function decision(verb: 'approve' | 'reject') {
  return async (context: RemoteContext): Promise<number> => {
    const id = context.args[0];
    if (!id) throw new UsageError(`usage: crewd actions ${verb} ACTION_ID [--comment TEXT] [--content-file PATH]`);
    const comment = typeof context.flags.comment === 'string' ? context.flags.comment : undefined;
    const file = context.flags['content-file'];
    let content: string | undefined;
    if (typeof file === 'string') {
      content = await fs.readFile(file, 'utf8').catch((error: Error) => {
        throw new UsageError(`--content-file: ${error.message}`);
      });
    }
    const action = await find(context, id);
    const decided = await context.client.decide(action.outcome_id, id, { decision: verb, ...(comment ? { comment } : {}), ...(content !== undefined ? { content } : {}) });
    print(context.json, decided, () => `${id} ${decided.status}${decided.content_edited ? ' (content edited)' : ''}`);
    return 0;
  };
}

/** `crewd actions list|approve|reject` (issue 27): a workspace's approvals from the terminal. */
export const actionCommands: Record<string, (context: RemoteContext) => Promise<number>> = {
  async 'actions list'(context) {
    const status = typeof context.flags.status === 'string' ? context.flags.status : 'pending';
    if (!['pending', 'approved', 'rejected', 'cancelled'].includes(status)) throw new UsageError('--status takes pending, approved, rejected or cancelled');
    const rows: Action[] = [];
    for await (const action of context.client.actions({ limit: 100, status: status as Action['status'] })) rows.push(action);
    print(context.json, { data: rows }, () => table(rows, ['id', 'outcome_id', 'kind', 'status', 'expires_at', 'summary']));
    return 0;
  },
  'actions approve': decision('approve'),
  'actions reject': decision('reject'),
};
