export { computeMetadata, type ContentMetadata } from './metadata.js';
export { assessQuality, computeQualityMetrics, type QualityInput, type QualityMetrics, type QualitySignals, type RubricScores } from './qualityMetrics.js';
export { requirementChecks, unmetRequirements, type RequirementCheck, type UnmetRequirement } from './completeness.js';
export { boilerplateSentences, createBoilerplateIndex, proseSentences, type BoilerplateIndex, type ReferenceOutcome } from './boilerplate.js';
export { createNlp, type Nlp, type ParsedSentence } from './nlp.js';
export { mentions, salientItems, salientOf, type SalientItem } from './salient.js';
export { createQualityMeter, type Measured, type MeasureRequest, type QualityMeter } from './qualityMeter.js';
