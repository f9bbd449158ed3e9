export { computeMetadata, type ContentMetadata } from './metadata.js';
export { computeQualityMetrics, type QualityInput, type QualityMetrics } from './qualityMetrics.js';
export { requirementChecks, type RequirementCheck } from './completeness.js';
