/** One work item read from an outcome's Markdown (an action item, a ticket, a roadmap entry). */
export interface MarkdownItem {
  title: string;
  owner?: string;
  /** YYYY-MM-DD when the line names one. */
  due?: string;
}

/**
 * The list items of the section whose heading matches `heading` (case-insensitive), else of the
 * whole document; at most `max`. Recognises `Owner: name` / `@name` and an ISO date as due date.
 * An outcome without list items yields one item, its title.
 */
export function markdownItems(content: string, title: string, heading: RegExp, max = 20): MarkdownItem[] {
  const lines = content.split('\n');
  const section: string[] = [];
  let inSection = false;
  for (const line of lines) {
    const h = /^#{1,6}\s+(.*)$/.exec(line);
    if (h) {
      inSection = heading.test(h[1]!);
      continue;
    }
    if (inSection) section.push(line);
  }
  const source = section.some((line) => /^\s*(?:[-*+]|\d+\.)\s+/.test(line)) ? section : lines;
  const items: MarkdownItem[] = [];
  for (const line of source) {
    const m = /^\s*(?:[-*+]|\d+\.)\s+(?:\[[ xX]\]\s+)?(.+)$/.exec(line);
    if (!m) continue;
    let text = m[1]!.replace(/\*\*/g, '').trim();
    const due = /\b(\d{4}-\d{2}-\d{2})\b/.exec(text)?.[1];
    const owner = /(?:owner|assignee)\s*[:=]\s*([^,;()|]+?)(?:\s*[,;()|]|$)/i.exec(text)?.[1]?.trim() ?? /@([A-Za-z][\w.-]*)/.exec(text)?.[1];
    text = text.slice(0, 250);
    if (text.length > 0) items.push({ title: text, ...(owner ? { owner } : {}), ...(due ? { due } : {}) });
    if (items.length >= max) break;
  }
  return items.length > 0 ? items : [{ title: title.slice(0, 250) }];
}
