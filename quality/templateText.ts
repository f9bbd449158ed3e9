/**
 * Text that talks to the writer or the operator instead of the reader: placeholders ("Paste the
 * numbers for this period"), outline notes ("This is an outline to fill in"), messages about
 * missing material ("came without context", "not named in the material yet"). It counts as
 * template text in the quality metrics and carries no sentiment.
 */
export const placeholderSentence =
  /\b(?:outline to fill in|starting outline|fill (?:it |them |this )?in\b|paste (?:the|your|in)|this (?:section|post) (?:explains|lists|covers|sets out|is written)|the reader should|for the reader|(?:a|the) reader (?:should|needs)|what to add|not (?:named|given|stated) in the material|came without (?:any )?context|no facts to draft|nothing to draft|(?:add|provide) (?:them|more context|context)|use a real model|no (?:decisions?|action items?|follow-ups?|recurring topics)(?: with an owner)? (?:were|was) (?:recorded|found)|holds no statements?|to be (?:written|added|decided|determined)|lorem ipsum|\bTBD\b|\bTODO\b|placeholder)/i;

const outlineNote = /^\s*[_*]+[^\n]*\b(?:outline|to fill in)\b[^\n]*[_*]+\s*$/im;

/** The document without its outline notes (italic lines about the outline), for reading its sentiment. */
export function withoutOutlineNotes(markdown: string): string {
  return markdown.replace(new RegExp(outlineNote.source, 'gim'), '');
}

/** Whether a document declares itself an outline (an italic note such as "_This is an outline to fill in_"). */
export function declaresOutline(markdown: string): boolean {
  return outlineNote.test(markdown);
}
