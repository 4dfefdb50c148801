// Test support only: an Inlay client over scripted answers that records its sleeps.
import { Inlay } from '../inlay.js';
import type { InlayInternalOptions } from '../options.js';
import { ORIGIN, SECRET_KEY, stubFetch, type Answer } from './fetch-stub.js';

export function setup(answers: Answer[], options: Partial<InlayInternalOptions> = {}) {
  const stub = stubFetch(...answers);
  const sleeps: number[] = [];
  let keys = 0;
  const internal: InlayInternalOptions = {
    secretKey: SECRET_KEY,
    baseUrl: ORIGIN,
    fetch: stub.fetch,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    random: () => 0.5,
    generateIdempotencyKey: () => `key_${++keys}`,
    ...options,
  };
  return { inlay: new Inlay(internal), requests: stub.requests, sleeps };
}
