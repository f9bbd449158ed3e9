import type { ContentMetadata, QualityMetrics } from '../../quality/index.js';
import { createNlp } from '../../quality/nlp.js';
import { createQualityMeter, type MeasureRequest, type QualityMeter } from '../../quality/qualityMeter.js';
import { referenceOutcomes } from '../local/referenceOutcomes.js';
import { createWorkbench } from '../local/workbench.js';

/** What the stage runner's `measure` is given beside the content, brief and requirements. */
export type MeasureExtras = Omit<MeasureRequest, 'content' | 'brief' | 'requirements'>;

/**
 * The result's measurements in this thread, for providers that do not run on the worker pool
 * (openai, a single core): the same meter the workers use, so the context's salient items,
 * boilerplate and the reviewing agent's rubric count the same way. The NLP model loads on the
 * first call.
 */
export function createInProcessMeasure() {
  let meter: QualityMeter | undefined;
  return async (content: string, brief: string, requirements: Record<string, unknown>, extras: MeasureExtras = {}): Promise<{ metadata: ContentMetadata; quality: QualityMetrics }> => {
    if (!meter) {
      const nlp = createNlp();
      meter = createQualityMeter({ nlp, references: () => referenceOutcomes(createWorkbench(nlp)) });
    }
    const measured = meter.measure({ ...extras, content, brief, requirements });
    return { metadata: measured.metadata, quality: measured.quality };
  };
}
