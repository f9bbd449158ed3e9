import { contentTerms, countWords, stem } from '../../quality/text.js';
import { capitalize, list, lowerFirst, titleCase } from './phrases.js';
import { pick, rotate } from './seed.js';
import { asides, toneLine } from './tone.js';
import type { Outline, Research, SectionPlan } from './writerResearch.js';
import { closings, elaborations, fill, greetings, hooks, openers, questions, steps, type Slots } from './writerTemplates.js';

/** A drafted section; paragraphs are lists of sentences so length can be tuned sentence by sentence. */
interface DraftSection {
  plan: SectionPlan;
  paragraphs: string[][];
  list: string[];
  ordered: boolean;
  code: string;
  /** Whether filler-free elaboration may be added or removed to meet the length. */
  flexible: boolean;
}

const nouns = { blog_post: 'article', documentation: 'guide', newsletter: 'issue', social_media: 'post' } as const;

/** Writes the piece from the outline, in the requested tone, close to the requested length. */
export function draft(found: Research, plan: Outline): string {
  const composer = new Composer(found);
  const sections = plan.sections.map((section) => composer.section(section, plan));
  composer.fit(sections);
  return render(plan, sections, found);
}

/** Composes sentences for one request without repeating itself; also used by revisions. */
export class Composer {
  private readonly used = new Set<string>();
  private readonly slots: Slots;
  /** Per focus: the elaborations in their seeded order, filled in, and how many are used up. */
  private readonly elaborations = new Map<string, { filled: string[]; next: number }>();
  /** Content terms of the source facts, for `overlaps`, computed once per fact. */
  private readonly factTerms = new Map<string, Set<string>>();

  constructor(private readonly found: Research) {
    this.slots = { f: found.topic, t: found.topic, a: found.spec.audience };
  }

  /** Sentences already in a document, so they are not composed again. */
  markUsed(sentences: string[]): void {
    for (const sentence of sentences) this.used.add(sentence);
  }

  /** An examples section (without heading) as markdown blocks. */
  examplesMarkdown(focuses: string[], startAt = 1): string[] {
    const plan: SectionPlan = { kind: 'examples', heading: '', focus: focuses[0] ?? this.found.topic, weight: 1 };
    const section: DraftSection = { plan, paragraphs: [], list: [], ordered: false, code: '', flexible: false };
    this.examples(section, focuses, startAt);
    return [...section.paragraphs.map((paragraph) => paragraph.join(' ')), ...(section.code ? [`\`\`\`yaml\n${section.code}\n\`\`\``] : [])];
  }

  private say(sentence: string): string {
    return toneLine(sentence, this.found.spec.tone);
  }

  /** The next unused source fact about `focus`, else undefined. */
  private fact(focus: string): string | undefined {
    const wanted = contentTerms(focus).map(stem);
    const fact = this.found.facts.find((candidate) => !this.used.has(candidate) && wanted.some((term) => this.termsOf(candidate).has(term)));
    if (fact) this.used.add(fact);
    return fact;
  }

  private termsOf(fact: string): Set<string> {
    let terms = this.factTerms.get(fact);
    if (!terms) {
      terms = new Set(contentTerms(fact).map(stem));
      this.factTerms.set(fact, terms);
    }
    return terms;
  }

  /** The next unused elaboration about `focus`, in a seeded order; undefined when none is left. */
  elaboration(focus: string): string | undefined {
    let order = this.elaborations.get(focus);
    if (!order) {
      order = { filled: rotate(elaborations, this.found.seed, focus).map((template) => fill(template, { ...this.slots, f: focus })), next: 0 };
      this.elaborations.set(focus, order);
    }
    // Every template before `next` is in `used` already (used only grows), so the scan resumes there.
    for (; order.next < order.filled.length; order.next += 1) {
      const plain = order.filled[order.next]!;
      if (this.used.has(plain)) continue;
      this.used.add(plain);
      const sentence = this.say(plain);
      if (sentence === plain || !this.used.has(sentence)) {
        this.used.add(sentence);
        return sentence;
      }
    }
    return undefined;
  }

  private budget(section: SectionPlan, plan: Outline): number {
    const total = plan.sections.reduce((sum, entry) => sum + entry.weight, 0);
    return (this.found.spec.targetWords * section.weight) / total;
  }

  section(plan: SectionPlan, outline: Outline): DraftSection {
    const { spec, seed } = this.found;
    const slots = { ...this.slots, f: plan.focus };
    const section: DraftSection = { plan, paragraphs: [], list: [], ordered: false, code: '', flexible: true };
    const lead: string[] = [];
    const bodyFocuses = outline.sections.filter((entry) => entry.kind === 'body').map((entry) => entry.focus);
    switch (plan.kind) {
      case 'intro': {
        if (spec.format === 'newsletter') lead.push(this.say(greetings[spec.tone]));
        lead.push(...this.say(fill(pick(hooks[spec.tone], seed, 'hook'), slots)).split(/(?<=[.!?])\s+/));
        const fact = this.found.facts[0];
        if (fact) {
          lead.push(fact);
          this.used.add(fact);
        }
        if (bodyFocuses.length > 1) lead.push(this.say(`This ${nouns[spec.format]} covers ${list(bodyFocuses)}.`));
        break;
      }
      case 'body': {
        lead.push(this.say(fill(pick(openers[spec.tone], seed, plan.focus), slots)));
        const question = questions[spec.tone];
        if (question.length > 0) lead.push(this.say(fill(pick(question, seed, `q${plan.focus}`), slots)));
        for (let fact = this.fact(plan.focus); fact; fact = lead.length < 4 ? this.fact(plan.focus) : undefined) lead.push(fact);
        break;
      }
      case 'concepts':
        section.list = this.found.focuses.map((focus) => `**${capitalize(focus)}**: ${this.fact(focus) ?? this.elaboration(focus) ?? ''}`);
        section.flexible = false;
        return section;
      case 'steps':
        section.list = steps.map((step) => this.say(`${fill(step, slots)}.`));
        section.ordered = true;
        section.flexible = false;
        return section;
      case 'contents':
        section.list = outline.sections.filter((entry) => entry.kind === 'body').map((entry) => entry.heading);
        section.flexible = false;
        return section;
      case 'examples':
        this.examples(section, bodyFocuses.length > 0 ? bodyFocuses : this.found.focuses);
        section.flexible = false;
        return section;
      case 'conclusion':
        if (bodyFocuses.length > 0) lead.push(this.say(`To recap, this ${nouns[spec.format]} looked at ${list(bodyFocuses)}.`));
        break;
      case 'post':
        this.post(section, slots);
        return section;
    }
    section.paragraphs.push(lead);
    this.grow(section, this.budget(plan, outline) - words(section));
    if (plan.kind === 'conclusion') section.paragraphs.push([this.say(closings[spec.tone])]);
    return section;
  }

  private examples(section: DraftSection, focuses: string[], startAt = 1): void {
    const { spec, seed } = this.found;
    focuses.slice(0, 3).forEach((focus, index) => {
      const [first, second] = rotate(steps, seed, `example${index + startAt}`).map((step) => lowerFirst(fill(step, { ...this.slots, f: focus })));
      const sentences = [
        `**Example ${index + startAt}: ${capitalize(focus)}.**`,
        this.say(`Suppose ${spec.audience} want to improve ${focus}.`),
        this.say(`A first move could be to ${first}, then ${second}.`),
      ];
      const fact = this.fact(focus);
      if (fact) sentences.push(this.say('The sources give a concrete case:'), fact);
      section.paragraphs.push(sentences);
    });
    if (spec.includeCodeExamples) {
      const lines = [`# ${this.found.topic}: review checklist`, ...focuses.slice(0, 3).flatMap((focus) => [`${focus.replace(/\s+/g, '_').toLowerCase()}:`, '  owner: unassigned', '  review: weekly'])];
      section.code = lines.join('\n');
    }
  }

  private post(section: DraftSection, slots: Slots): void {
    const { spec, seed, focuses } = this.found;
    const sentences = this.say(fill(pick(hooks[spec.tone], seed, 'hook'), slots)).split(/(?<=[.!?])\s+/);
    const fact = this.found.facts[0];
    if (fact) sentences.push(fact);
    section.paragraphs.push(sentences);
    this.grow(section, spec.targetWords - words(section) - 12);
    section.paragraphs.push([this.say(closings[spec.tone])]);
    section.list = [...new Set([...spec.keywords, ...focuses.slice(0, 3)])].slice(0, 4).map((tag) => `#${titleCase(tag).replace(/[^\p{L}\p{N}]/gu, '')}`);
    section.flexible = false;
  }

  /** Adds facts and elaborations in paragraphs of about four sentences until `missing` words are added. */
  grow(section: DraftSection, missing: number): number {
    let added = 0;
    const focus = section.plan.focus;
    while (added < missing) {
      const sentence = this.fact(focus) ?? this.elaboration(focus);
      if (!sentence) break;
      let paragraph = section.paragraphs.at(-1);
      if (!paragraph || paragraph.length >= 4) {
        paragraph = [];
        section.paragraphs.push(paragraph);
        const aside = this.found.spec.tone === 'casual' || this.found.spec.tone === 'friendly' ? asides[this.found.spec.tone] : undefined;
        if (aside && section.paragraphs.length === 2) paragraph.push(`${pick(aside, this.found.seed, focus)} ${lowerFirst(sentence)}`);
        else paragraph.push(sentence);
      } else paragraph.push(sentence);
      added += countWords(sentence);
    }
    return added;
  }

  /** Brings the whole draft within about 10% of the requested length. */
  fit(sections: DraftSection[]): void {
    const target = this.found.spec.targetWords;
    const flexible = sections.filter((section) => section.flexible && section.plan.kind !== 'conclusion');
    let total = sections.reduce((sum, section) => sum + words(section) + countWords(section.plan.heading), 0);
    let idle = 0;
    for (let round = 0; total < target * 0.95 && idle < flexible.length; round += 1) {
      const added = this.grow(flexible[round % flexible.length]!, 1);
      total += added;
      idle = added === 0 ? idle + 1 : 0;
    }
    for (let round = 0; total > target * 1.1 && round < 1000; round += 1) {
      const longest = [...flexible].sort((a, b) => words(b) - words(a))[0];
      const paragraph = longest?.paragraphs.filter((entry) => entry.length > 1).at(-1);
      const removed = paragraph?.pop();
      if (!removed) break;
      total -= countWords(removed);
    }
  }
}

function words(section: DraftSection): number {
  return section.paragraphs.flat().reduce((sum, sentence) => sum + countWords(sentence), 0) + section.list.reduce((sum, item) => sum + countWords(item), 0);
}

function render(plan: Outline, sections: DraftSection[], found: Research): string {
  const blocks: string[] = found.spec.format === 'social_media' ? [] : [`# ${plan.title}`];
  for (const section of sections) {
    if (section.plan.heading) blocks.push(`## ${capitalize(section.plan.heading)}`);
    for (const paragraph of section.paragraphs) if (paragraph.length > 0) blocks.push(paragraph.join(' '));
    if (section.list.length > 0) {
      blocks.push(section.plan.kind === 'post' ? section.list.join(' ') : section.list.map((item, index) => `${section.ordered ? `${index + 1}.` : '-'} ${item}`).join('\n'));
    }
    if (section.code) blocks.push(`\`\`\`yaml\n${section.code}\n\`\`\``);
  }
  return blocks.join('\n\n');
}
