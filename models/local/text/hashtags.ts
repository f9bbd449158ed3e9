/** A phrase as a hashtag: its words capitalised and joined ("dark mode" -> "#DarkMode"), a name spelled "iOS" as spelled; anything but letters and digits separates words. */
export function hashtagOf(phrase: string): string {
  return `#${phrase.split(/[^\p{L}\p{N}]+/u).filter(Boolean).map((word) => (/^\p{Ll}\p{Lu}/u.test(word) ? word : word.charAt(0).toUpperCase() + word.slice(1))).join('')}`;
}
