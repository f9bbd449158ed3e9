/** Spec limits the knowledge base keeps whatever source fills it. */
export const knowledgeLimits = {
  /** Synced messages per workspace (spec: 50,000); the newest are kept. */
  messagesPerWorkspace: 50_000,
} as const;
