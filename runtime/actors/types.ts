import type { AnyMachineSnapshot } from 'xstate';
import type { Db } from '../../storage/db.js';
import type { Repositories } from '../../storage/index.js';
import type { Clock } from '../clock.js';
import type { EventBus } from '../events/eventBus.js';
import type { Fence } from './fence.js';
import type { HostedDefinition } from './machineDefinition.js';
import type { RowWriters } from './rowWriter.js';

/** A live actor as the group commit sees it. */
export interface CommitActor {
  id: string;
  def: HostedDefinition;
  getSnapshot(): AnyMachineSnapshot;
  getPersistedSnapshot(): unknown;
  createdAt: string;
}

export interface GroupCommitDeps {
  db: Db;
  repos: Repositories;
  /** The registered machines' row writers (rowWriter.ts). */
  writers: RowWriters;
  eventBus: EventBus;
  clock: Clock;
  onError(error: unknown, message: string): void;
  /** The live actor with this id, if any. */
  liveActor(id: string): CommitActor | undefined;
  /** Stops and forgets a live actor (at rest after a commit, or isolated after a failure). */
  release(id: string): void;
  /** Leased actors (Postgres): every tick's write is conditional on (owner, epoch). */
  fence?: Fence;
  /** A tick's rows of actor `id` were refused: another process holds it now. Stop this copy. */
  lost?(id: string): void;
  retryDelayMs?: number;
  maxRetryDelayMs?: number;
}
