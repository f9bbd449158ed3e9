import type { Message } from '@a2a-js/sdk';

/** The message's text parts, joined by blank lines, trimmed. */
export function textOf(message: Message): string {
  return message.parts
    .flatMap((part) => (part.content?.$case === 'text' ? [part.content.value] : []))
    .join('\n\n')
    .trim();
}

/** The message's data parts merged into one object (later parts win); empty without any. */
export function dataOf(message: Message): Record<string, unknown> {
  const merged: Record<string, unknown> = {};
  for (const part of message.parts) {
    const value = part.content?.$case === 'data' ? (part.content.value as unknown) : undefined;
    if (value && typeof value === 'object' && !Array.isArray(value)) Object.assign(merged, value);
  }
  return merged;
}

const approveWords = new Set(['approve', 'approved', 'yes', 'ok', 'lgtm']);
const rejectWords = new Set(['reject', 'rejected', 'no']);

/**
 * The decision a message to a task waiting for approval carries: a data part
 * `{decision, comment?, content?}`, or text whose first word approves ("approve", "yes", "lgtm")
 * or rejects ("reject", "no"), the rest of the text being the comment. Undefined when it says
 * neither, so the caller can ask again rather than guess.
 */
export function decisionOf(message: Message): Record<string, unknown> | undefined {
  const values = dataOf(message);
  if (values.decision !== undefined) return values;
  const words = textOf(message).match(/^([A-Za-z]+)[\s.,:;!-]*([\s\S]*)$/);
  const first = words?.[1]?.toLowerCase() ?? '';
  const decision = approveWords.has(first) ? 'approve' : rejectWords.has(first) ? 'reject' : undefined;
  if (!decision) return undefined;
  const comment = words![2]!.trim();
  return { decision, ...(comment ? { comment } : {}) };
}
