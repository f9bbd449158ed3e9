import type { DeliverableData } from '../../../../schemas/deliverables/index.js';
import { sentenceStart, titled, type DocumentContext } from '../context.js';
import { isNegative, isPositive } from '../cues.js';
import type { Item } from '../material.js';
import { capitalize, lowerFirst } from '../../text/phrases.js';

/**
 * "pros and cons of moving to a 4 day week": each line of the notes on the side it argues, in its
 * own words; a line that argues neither ("payroll says cost is the same") is noted beside them.
 * Nothing is weighed or decided, and no pro or con is made up (build/switchDecision.ts does the
 * same for a switch between two named options).
 */

// Besides the cues every mind document reads (cues.ts): what gets better, and what gets worse or harder.
const better = /\b(?:happier|easier|better|cheaper|saves?|saving|more\s+(?:focus\w*|time|flexib\w*|productiv\w*|motivat\w*)|less\s+(?:burnout|stress|commut\w*|cost|churn|turnover)|fewer\s+(?:meetings|interruptions|bugs|costs?)|attract\w*|retain\w*|retention|morale|benefit\w*|helps?|boost\w*|gain\w*|ask(?:s|ed|ing)?\s+for\s+it|wants?\s+it|\d+\s*%\s+(?:yes|in\s+favou?r|for\s+it|want(?:s|ed)?\s+it)|popular|flexib\w*|no\s+(?:commut\w*|travel\w*|rent))\b/i;
const worse = /\b(?:worr(?:y|ies|ied)|harder|costs?\s+more|more\s+expensive|expensive|lose|losing|loses|less\s+(?:coverage|time|overlap|control)|fewer\s+hours|coverage|gaps?|downside|drawback|overtime|burnout|stress(?:ed|ful)?|pushback|no\s+one|nobody|unclear|unsure|lonely|loneliness|isolat\w*)\b/i;
const sideLabel = /^(?:(pros?|upsides?|advantages?|benefits?|for|good|positives?)|(cons?|downsides?|disadvantages?|drawbacks?|against|bad|negatives?|risks?|concerns?))$/i;

function sideOf(item: Item): 'pro' | 'con' | null {
  const label = item.section ? sideLabel.exec(item.section.trim()) : null;
  if (label) return label[1] ? 'pro' : 'con';
  // "competitors: two of them do it": others doing it already argues for it (hiring, keeping up).
  const othersDoIt = /\bcompetitors?\b/i.test(`${item.section ?? ''} ${item.text}`) && /\b(?:do|does|offer(?:s|ing)?|ha(?:ve|s)|moved\s+to|switched\s+to)\s+(?:it|this|that|one|them)\b/i.test(item.text);
  const pro = better.test(item.text) || isPositive(item.text) || othersDoIt;
  // "less burnout" argues for it, though burnout is a worry.
  const con = (worse.test(item.text.replace(/\bless\s+(?:burnout|stress)\b/gi, '')) || isNegative(item.text)) && !/\bless\s+(?:burnout|stress)\b/i.test(item.text);
  return pro && !con ? 'pro' : con && !pro ? 'con' : con && pro ? null : null;
}

export function prosCons(ctx: DocumentContext, general: DeliverableData['analysis']): DeliverableData['analysis'] {
  const findings = ctx.material.items
    .filter((item) => !/\?\s*$/.test(item.text))
    .map((item) => {
      const side = sideOf(item);
      // "competitors: two of them do it": the label says who "them" are, so it stays with the line.
      const label = item.section && !sideLabel.test(item.section.trim()) && !item.text.toLowerCase().includes(item.section.toLowerCase()) ? `${capitalize(item.section.trim())}: ` : '';
      const text = `${label}${label ? lowerFirst(item.text.replace(/[.]$/, '')) : sentenceStart(item.text.replace(/[.]$/, ''))}`;
      return { finding: side === 'pro' ? `Pro: ${text}` : side === 'con' ? `Con: ${text}` : text, evidence: item.cite ?? item.speaker ?? null };
    });
  return { ...general, title: `${titled(ctx.recognised.subject)}: pros and cons`, findings: findings.slice(0, 20), causes: [], recommendations: [] };
}

/** The pros, the cons and what argues neither, each as typed. */
export function sides(data: DeliverableData['analysis']): { pros: string[]; cons: string[]; neither: string[] } {
  const said = (item: { finding: string; evidence: string | null }, text: string) => (item.evidence ? `${text} (${item.evidence})` : text);
  return {
    pros: data.findings.filter((item) => item.finding.startsWith('Pro: ')).map((item) => said(item, item.finding.slice(5))),
    cons: data.findings.filter((item) => item.finding.startsWith('Con: ')).map((item) => said(item, item.finding.slice(5))),
    neither: data.findings.filter((item) => !/^(?:Pro|Con): /.test(item.finding)).map((item) => said(item, item.finding)),
  };
}
