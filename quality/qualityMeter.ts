import { createBoilerplateIndex, type BoilerplateIndex, type ReferenceOutcome } from './boilerplate.js';
import { computeMetadata, type ContentMetadata } from './metadata.js';
import type { Nlp } from './nlp.js';
import { assessQuality, type QualityMetrics, type QualitySignals, type RubricScores } from './qualityMetrics.js';
import { salientOf } from './salient.js';

/** What a result is measured against: the request it answers. */
export interface MeasureRequest {
  content: string;
  brief: string;
  requirements: Record<string, unknown>;
  context?: string;
  contextDocuments?: string[];
  /** Knowledge passages' texts. */
  knowledge?: string[];
  /** The reviewing agent's rubric, when the model produced one (openai provider). */
  judge?: RubricScores;
}

export interface Measured {
  metadata: ContentMetadata;
  quality: QualityMetrics;
  signals: QualitySignals;
}

// Parsing is linear in the text; past this much context the salient items are those of its start.
const maxParsed = 20_000;

/**
 * Measures results: metadata, quality metrics with context relevance and boilerplate. Holds the
 * parser, the boilerplate index (built on first use from `references()`, the composer's answers
 * to unrelated requests) and the salient items of the last few contexts. One per worker thread.
 */
export function createQualityMeter(options: { nlp: Nlp; references: () => ReferenceOutcome[] }): QualityMeter {
  let index: BoilerplateIndex | undefined;
  const salientCache = new Map<string, string[]>();

  function salientFor(sources: string): string[] {
    let items = salientCache.get(sources);
    if (!items) {
      items = salientOf(options.nlp, sources.slice(0, maxParsed)).map((item) => item.text);
      salientCache.set(sources, items);
      if (salientCache.size > 32) salientCache.delete(salientCache.keys().next().value as string);
    }
    return items;
  }

  return {
    measure(request: MeasureRequest): Measured {
      index ??= createBoilerplateIndex(options.references());
      const sources = [request.context ?? '', ...(request.contextDocuments ?? []), ...(request.knowledge ?? [])].filter((text) => text.trim() !== '').join('\n');
      const salient = sources ? salientFor(sources) : [];
      const { metrics, signals } = assessQuality(request.content, {
        brief: request.brief,
        requirements: request.requirements,
        salient,
        boilerplate: { index, request: `${request.brief}\n${sources}` },
        material: sources !== '',
        // With material, a section carries content when it uses the material, not only the brief it repeats.
        inputs: sources || request.brief,
        ...(request.judge ? { judge: request.judge } : {}),
      });
      return { metadata: computeMetadata(request.content, request.requirements, request.brief), quality: metrics, signals };
    },
  };
}

export interface QualityMeter {
  measure(request: MeasureRequest): Measured;
}
