import type { DeliverableData } from '../../../../schemas/deliverables/index.js';
import { related, sentenceStart, titled, type DocumentContext } from '../context.js';
import type { Item } from '../material.js';

/**
 * "what are the risks here" over a plan: each point of the notes is a risk, with why it matters
 * when the line says so ("if migration slips past march 1 we pay another year ...") and the
 * mitigation the notes state for it. The plan itself ("Plan: migrate billing to Stripe by March 1")
 * is what the risks are of; no risk, reason or mitigation is made up.
 */

const planLine = /^(?:(?:the\s+)?plan|goal|proposal|objective|context|summary)\s*[:\-–]\s*/i;
const mitigation = /^(?:mitigations?|fallback|plan\s+b|backup|workaround|contingency)\s*[:\-–]\s*|\b(?:mitigat\w*|fallback|plan\s+b|backup\s+plan|workaround|contingency|to\s+(?:reduce|limit|avoid)\s+(?:this|that|the\s+risk))\b/i;

export interface Risk {
  risk: string;
  why: string | null;
  mitigation: string | null;
}

/** "if migration slips past march 1 we pay ...": the risk is the condition, why is what follows; "x, which means y", "x - y", "x because y" too. */
function split(text: string): { risk: string; why: string | null } {
  const plain = text.replace(/[.]$/, '');
  const conditional = /^if\s+(.+?),?\s+(?:then\s+)?((?:we|it|they|you|the|our|this|that|there|everyone|nobody|customers|users)\b.+)$/i.exec(plain);
  if (conditional) return { risk: sentenceStart(conditional[1]!), why: `If so, ${conditional[2]!}` };
  const because = /^(.+?)(?:,\s*(?:which\s+means|so|meaning)\s+|\s+[-–—]\s+|\s+because\s+)(.+)$/i.exec(plain);
  if (because && because[1]!.split(/\s+/).length >= 3 && because[2]!.split(/\s+/).length >= 3) return { risk: sentenceStart(because[1]!), why: sentenceStart(because[2]!) };
  return { risk: sentenceStart(plain), why: null };
}

// "Plan: migrate billing ..." is read as said by "Plan", or under a "plan" label: either way it is the plan.
const planLabel = /^(?:the\s+)?(?:plan|goal|proposal|objective|context|summary)$/i;
const planOfItems = (items: Item[]) => items.find((item) => planLine.test(item.text) || (item.section !== undefined && planLabel.test(item.section)) || (item.speaker !== undefined && planLabel.test(item.speaker)));

/** What the risks are of, when the notes state it: "Plan: migrate billing to Stripe by March 1." */
export function planOf(ctx: DocumentContext): string | null {
  const found = planOfItems(ctx.material.items);
  return found ? sentenceStart(found.text.replace(planLine, '')) : null;
}

export function riskList(ctx: DocumentContext, general: DeliverableData['analysis']): DeliverableData['analysis'] {
  const items = ctx.material.items.filter((item) => !/\?\s*$/.test(item.text));
  const planItem = planOfItems(items);
  const mitigations = items.filter((item) => item !== planItem && (mitigation.test(item.text) || (item.section !== undefined && /mitigat|fallback|plan\s+b/i.test(item.section))));
  const points = items.filter((item) => item !== planItem && !mitigations.includes(item));
  const risks: Risk[] = points.map((item) => ({ ...split(item.text), mitigation: null }));
  // A mitigation goes with the risk it shares words with; one that shares none is listed on its own.
  const loose: string[] = [];
  for (const item of mitigations) {
    const text = sentenceStart(item.text.replace(mitigation, (found) => (/[:\-–]\s*$/.test(found) ? '' : found)).replace(/[.]$/, ''));
    const at = points.findIndex((point) => related(point.text, item.text, 2));
    if (at >= 0 && risks[at]!.mitigation === null) risks[at]!.mitigation = text;
    else loose.push(text);
  }
  const title = ctx.recognised.generic || /^(?:here|this|these|that|it)$/i.test(ctx.recognised.subject.trim()) ? (planItem ? `Risks: ${sentenceStart(planItem.text.replace(planLine, '').replace(/[.]$/, ''))}` : 'Risks') : `Risks: ${titled(ctx.recognised.subject)}`;
  return {
    ...general,
    title,
    findings: risks.slice(0, 16).map((risk) => ({ finding: risk.risk, evidence: risk.why })),
    causes: [],
    recommendations: [...risks.filter((risk) => risk.mitigation).map((risk) => ({ text: `${risk.risk}: ${risk.mitigation}`, priority: 'medium' as const })), ...loose.map((text) => ({ text, priority: 'medium' as const }))],
  };
}

/** The risks as they render: each with why and its mitigation, when stated. */
export function risksOf(data: DeliverableData['analysis']): Risk[] {
  return data.findings.map((finding) => ({
    risk: finding.finding,
    why: finding.evidence,
    mitigation: data.recommendations.find((item) => item.text.startsWith(`${finding.finding}: `))?.text.slice(finding.finding.length + 2) ?? null,
  }));
}
