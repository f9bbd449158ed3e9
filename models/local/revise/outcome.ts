/**
 * One requested change as the revision handles it: either it could not be made (`reason`), or it
 * was made and `check` verifies it on the final content (after every other change and the tone
 * pass), returning why not when the content does not show it. Only changes whose check passes are
 * reported as applied.
 */
export interface ChangeOutcome {
  part: string;
  reason?: string;
  check?: (content: string) => string | undefined;
  change?: Record<string, unknown>;
  /**
   * What the change does to the deliverable's data (reassign an action item, add a ticket, move a
   * part first), so `data.deliverable` describes the revised document; run only when applied.
   */
  edit?: (deliverable: DeliverableValue) => void;
}

/** A deliverable as the revision edits it: `{ kind, data }`, its data a plain JSON object. */
export interface DeliverableValue {
  kind: string;
  data: Record<string, unknown>;
}

export const noModel = "the local model only rearranges the client's own material; this needs a real model (CREWD_MODEL=openai)";

export function failed(part: string, reason: string): ChangeOutcome {
  return { part, reason };
}

/** Lines of the document outside code blocks and front matter (what a reader reads). */
export function readableLines(content: string): string[] {
  const lines: string[] = [];
  let inCode = false;
  let inFront = false;
  content.split('\n').forEach((line, index) => {
    if (index === 0 && line === '---') return void (inFront = true);
    if (inFront) return void (line === '---' && (inFront = false));
    if (/^\s*(```|~~~)/.test(line)) return void (inCode = !inCode);
    if (!inCode) lines.push(line);
  });
  return lines;
}
