/** One synced chat message as stored in the knowledge base. */
export interface KnowledgeMessage {
  workspace_id: string;
  team_id: string;
  channel_id: string;
  channel_name: string;
  ts: string;
  thread_ts: string | null;
  author: string | null;
  text: string;
  /** ISO time of `ts`. */
  posted_at: string;
}

/** A search hit: the entry and its rank (higher is better, on both databases). */
export interface KnowledgeHit {
  kind: 'message' | 'document';
  title: string;
  text: string;
  channel_name: string | null;
  posted_at: string;
  score: number;
}

export interface ChannelCount {
  channel_id: string;
  channel_name: string;
  message_count: number;
  newest_ts: string | null;
}
