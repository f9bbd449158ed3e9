export type { KnowledgePassage, ModelProvider, RevisionInput, StageInput, StageOutput, StepResult, ToolCall, ToolDescriptor, ToolExchange } from './types.js';
export { createModelProvider, type ModelProviderConfig } from './createModelProvider.js';
export { createLocalProvider, type LocalProviderOptions } from './local/index.js';
export { createOpenAIProvider, type OpenAIProviderOptions } from './openai.js';
export { defaultRetryOptions, withRetry, type RetryOptions } from './withRetry.js';
export { isAbortError, isRetryable, ModelCallError, ModelStepError, StepAbortedError } from './errors.js';
export { changesRequested, readRevision, type ChangeLabel, type RevisionRequest } from './revisionRequest.js';
