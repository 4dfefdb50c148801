// Test support only (excluded from the build): a fetch that records each request and answers
// from a script, so tests see exactly what went over the wire.
import type { Post, Progress } from '@inlay/core';

export interface RecordedRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  /** The parsed JSON body, or undefined when none was sent. */
  body: unknown;
  keepalive: boolean | undefined;
  signal: AbortSignal | undefined;
}

/** One scripted answer: a Response, an error to throw, or a function of the request. */
export type Answer = Response | Error | ((request: RecordedRequest) => Response | Promise<Response>);

export interface FetchStub {
  fetch: typeof fetch;
  requests: RecordedRequest[];
}

/** A fetch answering each request with the next answer; one request too many fails the test. */
export function stubFetch(...answers: Answer[]): FetchStub {
  const requests: RecordedRequest[] = [];
  const queue = [...answers];
  const fetchFn = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const headers: Record<string, string> = {};
    new Headers(init?.headers).forEach((value, name) => {
      headers[name] = value;
    });
    const request: RecordedRequest = {
      url: String(input),
      method: init?.method ?? 'GET',
      headers,
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      keepalive: init?.keepalive,
      signal: init?.signal ?? undefined,
    };
    requests.push(request);
    const answer = queue.shift();
    if (answer === undefined) throw new Error(`Unexpected request ${request.method} ${request.url}`);
    if (answer instanceof Error) throw answer;
    return typeof answer === 'function' ? answer(request) : answer;
  };
  return { fetch: fetchFn as typeof fetch, requests };
}

/** A JSON response with a `Request-Id`, as the server sends every response. */
export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Request-Id': 'req_test', ...headers },
  });
}

export function ok(data: unknown): Response {
  return jsonResponse(200, { data });
}

export function apiError(
  status: number,
  error: { type: string; code: string; message?: string; param?: string; current?: unknown },
  headers: Record<string, string> = {},
): Response {
  return jsonResponse(status, { error: { message: `${error.code} happened`, requestId: 'req_body', ...error } }, headers);
}

/** A fetch that never answers until its signal aborts, like a real fetch on a dead network. */
export function hangingAnswer(request: RecordedRequest): Promise<Response> {
  return new Promise((_resolve, reject) => {
    request.signal?.addEventListener('abort', () => reject(new DOMException('This operation was aborted', 'AbortError')));
  });
}

export function progressFixture(overrides: Partial<Progress> = {}): Progress {
  return {
    object: 'progress',
    flowId: 'flow_1',
    userId: 'user_1',
    workspaceKey: null,
    mode: 'test',
    revisionId: 'rev_1',
    state: 'in_progress',
    items: [
      { id: 'a', state: 'completed', updatedAt: '2025-01-01T00:00:00.000Z' },
      { id: 'b', state: 'pending', updatedAt: null },
    ],
    doneCount: 1,
    requiredCount: 2,
    startedAt: '2025-01-01T00:00:00.000Z',
    completedAt: null,
    dismissedAt: null,
    snoozedUntil: null,
    updatedAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function postFixture(overrides: Partial<Post> = {}): Post {
  return {
    id: 'post_1',
    object: 'post',
    boardId: 'board_1',
    title: 'Dark mode',
    body: 'Please add a dark theme.',
    status: 'open',
    voteCount: 3,
    voted: false,
    author: { id: 'user_1', name: 'Ada', anonymous: false },
    categoryId: null,
    commentCount: 0,
    createdAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}
