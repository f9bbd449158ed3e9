/** The most characters of an error message an outcome stores and shows (`last_error`, `message`). */
export const maxErrorMessage = 300;

/**
 * An error message cut to a readable line: whitespace runs collapsed, at most `max` characters,
 * an ellipsis where it was cut. A failure can carry a dump (a whole regular expression, a response
 * body); the outcome keeps what a reader needs, and the log keeps the rest.
 */
export function shortMessage(text: string, max = maxErrorMessage): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1)}…`;
}
