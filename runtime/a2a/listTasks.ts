import { TaskState, type ListTasksRequest, type ListTasksResponse } from '@a2a-js/sdk';
import { RequestMalformedError } from '@a2a-js/sdk/errors';
import type { OutcomeRow } from '../../storage/repositories/outcomes.js';
import type { CrewId } from '../../crews/index.js';
import type { A2aDeps } from './a2aDeps.js';
import { inA2aTerms } from './a2aErrors.js';
import { taskOf, taskStateOf } from './outcomeTask.js';

const defaultPageSize = 50;
const maxPageSize = 100;

/** The outcome status a task state is stored under (several states share `processing` and `failed`). */
const storedStatus: Partial<Record<TaskState, string>> = {
  [TaskState.TASK_STATE_WORKING]: 'processing',
  [TaskState.TASK_STATE_INPUT_REQUIRED]: 'processing',
  [TaskState.TASK_STATE_COMPLETED]: 'completed',
  [TaskState.TASK_STATE_FAILED]: 'failed',
  [TaskState.TASK_STATE_CANCELED]: 'failed',
};

/**
 * ListTasks over the workspace's outcomes (of the agent's crew), newest first, paged by the
 * cursor of GET /v1/outcomes. A status filter reads the outcomes stored under that status and
 * keeps those in the exact state, so a page may hold fewer than `pageSize` tasks while
 * `nextPageToken` still leads on. `contextId` is a task id here (the context id is the outcome id).
 * Artifacts only with `includeArtifacts`, history never (outcomes keep no A2A messages).
 */
export async function listTasks(deps: A2aDeps, workspaceId: string, crew: CrewId | undefined, params: ListTasksRequest): Promise<ListTasksResponse> {
  const pageSize = params.pageSize ?? defaultPageSize;
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > maxPageSize) throw new RequestMalformedError(`pageSize must be 1 to ${maxPageSize}.`);
  // TASK_STATE_UNSPECIFIED (0) is no filter.
  const wanted = params.status ? params.status : undefined;
  const status = wanted === undefined ? undefined : storedStatus[wanted];
  if (wanted !== undefined && !status) return { tasks: [], nextPageToken: '', pageSize, totalSize: 0 };
  const shown = (rows: OutcomeRow[]) =>
    rows
      .filter((row) => (wanted === undefined || taskStateOf(row) === wanted) && (!params.statusTimestampAfter || row.updated_at > params.statusTimestampAfter))
      .map((row) => {
        const task = taskOf(row);
        return params.includeArtifacts ? task : { ...task, artifacts: [] };
      });
  if (params.contextId) {
    const row = await deps.outcomes.get(workspaceId, params.contextId);
    const tasks = row && (!crew || row.crew === crew) ? shown([row]) : [];
    return { tasks, nextPageToken: '', pageSize, totalSize: tasks.length };
  }
  const page = await inA2aTerms(() => deps.listOutcomes(workspaceId, { limit: pageSize, ...(crew ? { crew } : {}), ...(status ? { status } : {}), ...(params.pageToken ? { cursor: params.pageToken } : {}) }));
  const tasks = shown(page.rows);
  // totalSize: the count on this page; counting every outcome per page would cost a scan each time.
  return { tasks, nextPageToken: page.nextCursor ?? '', pageSize, totalSize: tasks.length };
}
