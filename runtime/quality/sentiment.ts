import Sentiment from 'sentiment';

export type Polarity = 'positive' | 'neutral' | 'negative';

/**
 * AFINN-165 lexicon polarity. The comparative score is the lexicon sum per token; long documents
 * dilute it, so the neutral band is narrow (±0.02, about one clearly charged word per 25 words
 * of balance).
 */
export function polarity(text: string): { polarity: Polarity; comparative: number } {
  const { comparative } = new Sentiment().analyze(text);
  if (comparative >= 0.02) return { polarity: 'positive', comparative };
  if (comparative <= -0.02) return { polarity: 'negative', comparative };
  return { polarity: 'neutral', comparative };
}
