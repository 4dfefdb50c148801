import { describe, expect, it } from 'vitest';
import { WEBHOOK_DATA_SCHEMAS, WEBHOOK_EVENT_TYPES, WebhookEventSchema } from './webhooks.js';

describe('webhook event schemas', () => {
  it('has a data schema for every type a receiver is sent, the test event included', () => {
    expect(Object.keys(WEBHOOK_DATA_SCHEMAS).sort()).toEqual([...WEBHOOK_EVENT_TYPES, 'webhook.test'].sort());
    const test = { workspaceId: 'ws_1', mode: 'live', endpointId: 'whe_1' };
    expect(WEBHOOK_DATA_SCHEMAS['webhook.test'].parse(test)).toEqual(test);
    expect(WebhookEventSchema.safeParse({ type: 'webhook.test', timestamp: '2026-11-25T14:37:52.410Z', data: test }).success).toBe(true);
    expect(WebhookEventSchema.safeParse({ type: 'webhook.test', timestamp: '2026-11-25T14:37:52.410Z', data: { ...test, endpointId: 1 } }).success).toBe(false);
  });
});
