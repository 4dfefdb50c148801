import {
  SERVICE_NAMES,
  type BoardConfig,
  type BoardConfigInput,
  type FeedbackAuthorTokenRequest,
  type FlowConfig,
  type FlowConfigInput,
  type ImporterConfig,
  type ImporterConfigInput,
  type ImporterCreateResult,
  type OnboardingAuthorTokenRequest,
  type ResourceRecord,
  type ServiceName,
} from '@inlay/core';
import { validateRows } from './importer.js';
import type { InlayInternalOptions, InlayOptions } from './options.js';
import { AuthorTokensResource } from './resources/author-tokens.js';
import { ManagementResource } from './resources/management.js';
import { ImportSessionsResource } from './resources/sessions.js';
import { PostsResource } from './resources/posts.js';
import { UsageResource } from './resources/usage.js';
import { createTransport } from './transport.js';
import { webhooks, type Webhooks } from './webhooks.js';

/** `inlay.onboarding.flows`. */
export type FlowsResource = ManagementResource<'flow', FlowConfig, FlowConfigInput, ResourceRecord<'flow', FlowConfig>>;
/** `inlay.feedback.boards`. */
export type BoardsResource = ManagementResource<'board', BoardConfig, BoardConfigInput, ResourceRecord<'board', BoardConfig>>;
/** `inlay.importer.importers`; `create` answers `{importerId, revisionId}` (docs/importer.md). */
export type ImportersResource = ManagementResource<'importer', ImporterConfig, ImporterConfigInput, ImporterCreateResult>;

/** The onboarding service: flows, usage, author tokens. */
export interface OnboardingApi {
  readonly flows: FlowsResource;
  readonly usage: UsageResource;
  readonly authorTokens: AuthorTokensResource<OnboardingAuthorTokenRequest>;
}

/** The feedback service: boards, posts' voters, usage, author tokens (`role: "team"` for the team's users). */
export interface FeedbackApi {
  readonly boards: BoardsResource;
  readonly posts: PostsResource;
  readonly usage: UsageResource;
  readonly authorTokens: AuthorTokensResource<FeedbackAuthorTokenRequest>;
}

/** The importer service: importers, usage, and the row validation the widget runs, locally. */
export interface ImporterApi {
  readonly importers: ImportersResource;
  readonly usage: UsageResource;
  /** Rows of completed sessions of importers with `delivery: "server"`: read them, then acknowledge. */
  readonly sessions: ImportSessionsResource;
  /** Validates rows against an importer config with the same `@inlay/core` code as the widget; no request is sent. */
  readonly validateRows: typeof validateRows;
}

const SECRET_KEY = /^svc_(test|live)_sec_[0-9A-Za-z]+$/;
const PUBLISHABLE_KEY = /^svc_(test|live)_pub_/;

/**
 * The Node SDK for Inlay's secret-key routes.
 *
 * @example
 * ```ts
 * import { Inlay } from '@inlay/node';
 *
 * const inlay = new Inlay({ secretKey: process.env.INLAY_SECRET_KEY!, baseUrl: 'http://127.0.0.1:4000' });
 * const flow = await inlay.onboarding.flows.create({ name: 'Welcome' });
 * await inlay.onboarding.flows.updateDraft(flow.id, { name: 'Welcome', config: { items: [{ id: 'profile', title: 'Complete your profile' }] } });
 * await inlay.onboarding.flows.publish(flow.id);
 * ```
 */
export class Inlay {
  readonly onboarding: OnboardingApi;
  readonly feedback: FeedbackApi;
  readonly importer: ImporterApi;
  /** Standard Webhooks verification; needs no key (see {@link webhooks}). */
  readonly webhooks: Webhooks = webhooks;

  constructor(options: InlayOptions) {
    if (typeof options !== 'object' || options === null) throw new TypeError('Inlay: pass options, e.g. new Inlay({ secretKey, baseUrl }).');
    const { secretKey } = options;
    checkSecretKey(secretKey);
    const transport = createTransport({ ...(options as InlayInternalOptions), baseUrls: resolveBaseUrls(options) });
    this.onboarding = {
      flows: new ManagementResource(transport, 'onboarding', 'flows'),
      usage: new UsageResource(transport, 'onboarding'),
      authorTokens: new AuthorTokensResource(transport, 'onboarding'),
    };
    this.feedback = {
      boards: new ManagementResource(transport, 'feedback', 'boards'),
      posts: new PostsResource(transport),
      usage: new UsageResource(transport, 'feedback'),
      authorTokens: new AuthorTokensResource(transport, 'feedback'),
    };
    this.importer = {
      importers: new ManagementResource(transport, 'importer', 'importers'),
      usage: new UsageResource(transport, 'importer'),
      sessions: new ImportSessionsResource(transport),
      validateRows,
    };
  }
}

function checkSecretKey(secretKey: unknown): asserts secretKey is string {
  if (typeof secretKey !== 'string' || secretKey === '') {
    throw new TypeError('Inlay: secretKey is required (svc_test_sec_… or svc_live_sec_…).');
  }
  if (PUBLISHABLE_KEY.test(secretKey)) {
    throw new TypeError(
      'Inlay: @inlay/node takes a secret key (svc_test_sec_… or svc_live_sec_…), and this is a publishable key (svc_…_pub_…). ' +
        'Publishable keys belong in the browser with @inlay/client; use the secret key of the same workspace here.',
    );
  }
  if (!SECRET_KEY.test(secretKey)) {
    throw new TypeError('Inlay: secretKey is not an Inlay secret key; it starts with svc_test_sec_ or svc_live_sec_.');
  }
}

/** Each service's base URL: `baseUrls[service]`, else `${baseUrl}/${service}`. */
function resolveBaseUrls(options: InlayOptions): Record<ServiceName, string | undefined> {
  const { baseUrl, baseUrls = {} } = options;
  if (baseUrl === undefined && Object.values(baseUrls).every((url) => url === undefined)) {
    throw new TypeError('Inlay: pass baseUrl (the server origin, e.g. "http://127.0.0.1:4000") or baseUrls per service.');
  }
  const origin = baseUrl === undefined ? undefined : checkUrl(baseUrl, 'baseUrl');
  const result = {} as Record<ServiceName, string | undefined>;
  for (const service of SERVICE_NAMES) {
    const own = baseUrls[service];
    result[service] = own !== undefined ? checkUrl(own, `baseUrls.${service}`) : origin === undefined ? undefined : `${origin}/${service}`;
  }
  return result;
}

function checkUrl(value: string, name: string): string {
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.search !== '' || url.hash !== '') {
    throw new TypeError(`Inlay: ${name} must be an http(s) URL without query or fragment, got ${JSON.stringify(value)}.`);
  }
  return value.replace(/\/+$/, '');
}
