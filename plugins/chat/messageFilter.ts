import type { ChatMessage } from './chatApi.js';

// Membership, topic and housekeeping events carry no knowledge; file shares, broadcasts of thread
// replies and /me messages do.
const keptSubtypes = new Set(['thread_broadcast', 'file_share', 'me_message']);
const mentionPattern = /<@[UW][A-Z0-9]+(?:\|[^>]*)?>|<!(?:here|channel|everyone)(?:\|[^>]*)?>|<!subteam\^[A-Z0-9]+(?:\|[^>]*)?>/;

/** True when the message mentions a user, a group or the channel. */
export function hasMention(text: string): boolean {
  return mentionPattern.test(text);
}

/**
 * Whether a message belongs in the knowledge base: bot messages and join/leave/topic noise are
 * dropped, and with `mentionsOnly` so is every message without a mention.
 */
export function keepMessage(message: ChatMessage, mentionsOnly: boolean): boolean {
  if (message.bot_id) return false;
  if (message.subtype && !keptSubtypes.has(message.subtype)) return false;
  const text = message.text ?? '';
  if (!text.trim() && !(message.files && message.files.length > 0)) return false;
  if (mentionsOnly && !hasMention(text)) return false;
  return true;
}

/** Chat markup to plain text: `<@U1>` -> `@U1`, `<#C1|eng>` -> `#eng`, `<https://x|label>` -> `label (https://x)`. */
export function plainText(text: string): string {
  // Most messages carry no markup at all: skip the nine passes for them (a sync reads thousands).
  if (!text.includes('<') && !text.includes('&')) return text;
  return text
    .replace(/<@([UW][A-Z0-9]+)(?:\|([^>]*))?>/g, (_, id: string, name?: string) => `@${name || id}`)
    .replace(/<#([CG][A-Z0-9]+)(?:\|([^>]*))?>/g, (_, id: string, name?: string) => `#${name || id}`)
    .replace(/<!(here|channel|everyone)(?:\|[^>]*)?>/g, '@$1')
    .replace(/<!subteam\^[A-Z0-9]+\|([^>]*)>/g, '$1')
    .replace(/<(https?:[^|>]+)\|([^>]+)>/g, '$2 ($1)')
    .replace(/<(https?:[^>]+)>/g, '$1')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** ISO time of a chat `ts` (seconds since the epoch, with microseconds after the dot). */
export function tsToIso(ts: string): string {
  return new Date(Math.floor(Number(ts) * 1000)).toISOString();
}

/** The chat `ts` of an instant (for `oldest` bounds). */
export function isoToTs(date: Date): string {
  const ms = date.getTime();
  return `${Math.floor(ms / 1000)}.${String((ms % 1000) * 1000).padStart(6, '0')}`;
}
