/** A phrase as a hashtag: its words capitalised and joined ("dark mode" -> "#DarkMode"); anything but letters and digits separates words. */
export function hashtagOf(phrase: string): string {
  return `#${phrase.split(/[^\p{L}\p{N}]+/u).filter(Boolean).map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join('')}`;
}
