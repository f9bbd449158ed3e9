/**
 * The chat-integration configuration (spec: Chat-integration configuration), after defaults.
 * The request schema (schemas/chat.ts) has already checked types and ranges.
 */
export interface ChatConfiguration {
  channels: string[];
  includeThreads: boolean;
  includeFiles: boolean;
  filterMentionsOnly: boolean;
  maxMessagesPerChannel: number;
  dataRetentionDays: number;
  syncFrequency: 'daily';
  excludeArchived: boolean;
  onlyMemberChannels: boolean;
}

/** Spec limits: chat messages per channel, retention (the per-workspace cap is the knowledge base's). */
export const chatLimits = {
  maxMessagesPerChannel: { min: 500, max: 5000, default: 1000 },
  dataRetentionDays: { min: 30, max: 365, default: 90 },
} as const;

/** Fills the defaults of a validated configuration. */
export function withDefaults(input: Partial<ChatConfiguration> | Record<string, unknown>): ChatConfiguration {
  const value = input as Partial<ChatConfiguration>;
  return {
    channels: [...new Set(value.channels ?? [])],
    includeThreads: value.includeThreads ?? true,
    includeFiles: value.includeFiles ?? false,
    filterMentionsOnly: value.filterMentionsOnly ?? false,
    maxMessagesPerChannel: value.maxMessagesPerChannel ?? chatLimits.maxMessagesPerChannel.default,
    dataRetentionDays: value.dataRetentionDays ?? chatLimits.dataRetentionDays.default,
    syncFrequency: 'daily',
    excludeArchived: value.excludeArchived ?? true,
    onlyMemberChannels: value.onlyMemberChannels ?? false,
  };
}
