// `@inlay/client/internal`: the parts @inlay/widgets builds its script-tag bundles from, which
// depends on this package's exact version. Not covered by semver: an application uses the root
// export (`createClient` and the other `create…` functions), which joins these parts.
export { createTransport } from './transport.js';
export type { RequestSpec, Transport, TransportOptions } from './transport.js';
export { onboardingReads, onboardingWrites } from './onboarding/progress-routes.js';
export type { OnboardingReads, OnboardingWrites } from './onboarding/progress-routes.js';
