// Public entry point of @inlay/client. Every export is named; modules have no side effects, so a
// bundler keeps only what the page uses. Later services (feedback, importer) add their own
// `create…Client` beside the onboarding one, over the same transport and errors.
export { createClient } from './onboarding/client.js';
export type { OnboardingClient, OutcomeParams, ProgressIdentity } from './onboarding/client.js';
export { createHostedProgressStore } from './onboarding/progress-store.js';
export type { HostedProgressStoreOptions, ProgressStore } from './onboarding/progress-store.js';
export type { ClientOptions, GetAuthorToken } from './options.js';
export {
  InlayApiError,
  InlayAuthenticationError,
  InlayConflictError,
  InlayConnectionError,
  InlayError,
  InlayInvalidRequestError,
  InlayNotFoundError,
  InlayPermissionError,
  InlayPlanError,
  InlayRateLimitError,
  isInlayError,
} from './errors.js';
export type { InlayErrorInit } from './errors.js';
// The wire types the methods answer, so callers need not depend on @inlay/core themselves.
export type {
  FlowConfig,
  OutcomeResult,
  Progress,
  ProgressItem,
  ProgressOperation,
  PublishedConfig,
} from '@inlay/core';
