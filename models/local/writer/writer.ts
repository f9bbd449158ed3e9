import { documentWordCount as plainWords } from '../../../quality/markdown.js';
import type { Nlp } from '../../../quality/nlp.js';
import { parseBlocks, titleOf } from '../text/blocks.js';
import type { StageInput, StageOutput } from '../../types.js';
import { isLastStage, requestKey } from '../memo.js';
import type { Workbench } from '../workbench.js';
import { groundedDraft } from './groundedDraft.js';
import { edit, optimize, publish } from './writerPolish.js';
import { outline, outlineDocument, research, researchNotes, type Research } from './writerResearch.js';

const formatNames = { blog_post: 'blog post', social_media: 'social media post', documentation: 'documentation', newsletter: 'newsletter' } as const;

/**
 * The writer crew: research -> outline_creation -> content_creation build the piece from the
 * brief and sources; editing, seo_optimization and publishing each rework the previous stage's
 * document.
 */
export function writerStep(input: StageInput, bench: Workbench): StageOutput {
  const found = bench.memo.get(requestKey('research', input), () => research(input), isLastStage(input));
  const output = writerStage(input, found, bench.nlp);
  // What is missing is said beside the document, never in it.
  return found.sources.sentences.length > 0 ? output : { ...output, data: { ...output.data, notes: [bareBriefNote] } };
}

export const bareBriefNote = 'The brief came without context, context documents or knowledge passages: the draft is built from the brief alone and states no facts, figures or dates; add material for a grounded piece.';

function writerStage(input: StageInput, found: Research, nlp: Nlp): StageOutput {
  const { spec } = found;
  switch (input.stage.name) {
    case 'research':
      return {
        summary: `Gathered ${found.focuses.length} key points and ${found.facts.length} source facts on ${found.topic}`,
        content: researchNotes(found),
        data: { topic: found.topic, key_points: [...found.focuses], facts: [...found.facts], keywords: [...spec.keywords], audience: spec.audience },
      };
    case 'outline_creation': {
      const plan = outline(found);
      const headings = plan.sections.map((section) => section.heading).filter(Boolean);
      return {
        summary: `Outlined "${plan.title}" with ${headings.length} sections`,
        content: outlineDocument(plan, found),
        data: { title: plan.title, sections: headings },
      };
    }
    case 'content_creation': {
      const content = groundedDraft(found, outline(found), nlp);
      return {
        summary: `Drafted a ${plainWords(content)}-word ${formatNames[spec.format]} in a ${spec.toneLabel} tone`,
        content,
        data: { format: spec.format, tone: spec.tone, target_words: spec.targetWords },
      };
    }
    case 'editing': {
      const edited = edit(documentSoFar(input, found, nlp), spec.tone);
      return {
        summary: `Edited for clarity and a ${spec.toneLabel} tone: ${edited.duplicatesRemoved} repeated sentences and ${edited.fillersRemoved} filler words removed`,
        content: edited.content,
        data: { duplicates_removed: edited.duplicatesRemoved, fillers_removed: edited.fillersRemoved },
      };
    }
    case 'seo_optimization': {
      const keywords = spec.keywords;
      const seo = optimize(documentSoFar(input, found, nlp), keywords, { social: spec.format === 'social_media', tone: spec.tone, seed: found.seed, thorough: spec.seo });
      return {
        summary:
          keywords.length === 0
            ? `No target keywords given${seo.metaDescription ? '; wrote a meta description' : ''}`
            : `Placed ${keywords.length} keyword${keywords.length === 1 ? '' : 's'}: ${seo.titleHasKeyword ? 'in the title, ' : ''}${seo.keywordsInHeadings.length} in headings, ${seo.keywordsAdded.length} added to the body${seo.metaDescription ? '; wrote a meta description' : ''}`,
        content: seo.content,
        data: { keywords: [...keywords], keywords_in_headings: seo.keywordsInHeadings, keywords_added_to_body: seo.keywordsAdded, meta_description: seo.metaDescription },
      };
    }
    case 'publishing':
    default: {
      const content = publish(documentSoFar(input, found, nlp));
      const title = titleOf(parseBlocks(content));
      return {
        summary: `Prepared the final ${formatNames[spec.format]}${title ? ` "${title}"` : ''} (${plainWords(content)} words) for publishing`,
        content,
        data: { format: spec.format, title },
      };
    }
  }
}

/** The document as the previous stage left it, or a fresh draft when no draft exists yet. */
function documentSoFar(input: StageInput, found: Research, nlp: Nlp): string {
  const draftIndex = input.crew.stages.findIndex((stage) => stage.name === 'content_creation');
  const last = input.previous.at(-1);
  if (last && input.previous.length > draftIndex && draftIndex >= 0) return last.content;
  return groundedDraft(found, outline(found), nlp);
}
