/** One sync run asked of a team (a leaf file: the run and its parts read it without importing each other). */
export interface SyncRequest {
  workspaceId: string;
  teamId: string;
  /** Identifies one run; a run restored after a crash keeps its id and skips finished channels. */
  runId: string;
  /** true: backfill each channel (within retention); false: only what is newer than its checkpoint. */
  initial: boolean;
}
