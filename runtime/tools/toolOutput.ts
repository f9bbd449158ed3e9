import type { CallToolResult } from '@modelcontextprotocol/client';

/**
 * The text a model (and the call log) gets from a tool result. Tool output is untrusted data:
 * only text is passed on (other blocks are named, not inlined), and it is cut at `maxChars`.
 */
export function toolOutputText(result: CallToolResult, maxChars: number): string {
  const parts: string[] = [];
  for (const block of result.content ?? []) {
    if (block.type === 'text') parts.push(block.text);
    else if (block.type === 'resource_link') parts.push(`[resource ${block.uri}]`);
    else parts.push(`[${block.type} content omitted]`);
  }
  if (parts.length === 0 && result.structuredContent !== undefined) parts.push(JSON.stringify(result.structuredContent));
  return capText(parts.join('\n'), maxChars);
}

export function capText(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  return `${text.slice(0, maxChars)}\n[output cut at ${maxChars} characters]`;
}
