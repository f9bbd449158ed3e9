import type { DeliverableData } from '../../../../schemas/deliverables/index.js';
import type { DocumentContext } from '../context.js';
import { interviewPoints, themes, type Point } from '../build/interviews.js';
import { sides } from '../build/prosCons.js';
import { planOf, risksOf } from '../build/risks.js';
import { actionLines, factsLine, join, listed } from './shared.js';

/** The analyses with a shape of their own: pros and cons, a risk list, an interview synthesis. */

export function renderProsCons(data: DeliverableData['analysis'], ctx: DocumentContext): string {
  const { pros, cons, neither } = sides(data);
  return join([`# ${data.title}`, ...factsLine(ctx), ...listed(ctx, 'Pros', pros), ...listed(ctx, 'Cons', cons), ...listed(ctx, 'Also noted', neither), ...actionLines(ctx, data.action_items)]);
}

export function renderRisks(data: DeliverableData['analysis'], ctx: DocumentContext): string {
  const plan = planOf(ctx);
  const risks = risksOf(data);
  const lines = risks.map((risk, index) => [
    `${index + 1}. **${risk.risk.replace(/[.]$/, '')}**`,
    ...(risk.why ? [`   - Why it matters: ${risk.why.replace(/[.]$/, '')}.`] : []),
    ...(risk.mitigation ? [`   - Mitigation: ${risk.mitigation.replace(/[.]$/, '')}.`] : []),
  ].join('\n'));
  // A risk without a mitigation is said once, at the end, never filled in.
  const bare = risks.filter((risk) => !risk.mitigation).length;
  const loose = data.recommendations.filter((item) => !risks.some((risk) => item.text.startsWith(`${risk.risk}: `))).map((item) => item.text);
  return join([`# ${data.title}`, ...factsLine(ctx), ...(plan ? [`**The plan:** ${plan}`] : []), '## Risks', lines.join('\n'), ...listed(ctx, 'Mitigations stated', loose), ...(bare > 0 && risks.length > 0 ? [`*No mitigation is stated for ${bare === risks.length ? (bare === 1 ? 'this risk' : `any of the ${bare} risks`) : `${bare} of the ${risks.length} risks`} yet.*`] : []), ...actionLines(ctx, data.action_items)]);
}

export function renderInterviews(data: DeliverableData['analysis'], ctx: DocumentContext): string {
  const { people, points } = interviewPoints(ctx.material.sources);
  const grouped = themes(points, ctx.material.sources);
  const told = (point: Point) => (/^["“‘']/.test(point.text) ? point.text : `${point.text.charAt(0).toUpperCase()}${point.text.slice(1).replace(/[.]$/, '')}`);
  // One interview's unsigned notes: the points are the interviewee's without a name to put before them.
  const said = (point: Point) => (point.who ? `${point.who}: ${told(point)}` : told(point));
  const count = (theme: { points: Point[] }) => new Set(theme.points.map((point) => point.who)).size;
  return join([
    `# ${data.title}`,
    ...factsLine(ctx),
    ...(people.length > 0 ? [`**Interviewed:** ${people.join('; ')}`] : []),
    ...(grouped.themes.length > 0 ? ['## Themes', ...grouped.themes.flatMap((theme) => [`### ${theme.name} (${count(theme)} of ${people.length || count(theme)})`, theme.points.map((point) => `- ${said(point)}`).join('\n')])] : []),
    ...listed(ctx, grouped.themes.length > 0 ? 'Raised by one person' : people.length > 0 ? 'What each person said' : 'Key takeaways', grouped.rest.map(said)),
  ]);
}
