// Test support only (excluded from the build): a fetch that records each request and answers
// from a script, so tests see exactly what went over the wire.

export interface RecordedRequest {
  url: string;
  method: string;
  /** Header names lower-cased. */
  headers: Record<string, string>;
  /** The parsed JSON body, or undefined when none was sent. */
  body: unknown;
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
  const fetchFn = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const headers: Record<string, string> = {};
    new Headers(init?.headers).forEach((value, name) => {
      headers[name] = value;
    });
    const request: RecordedRequest = {
      url: String(input),
      method: init?.method ?? 'GET',
      headers,
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
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

export function ok(data: unknown, headers: Record<string, string> = {}): Response {
  return jsonResponse(200, { data }, headers);
}

export function apiError(
  status: number,
  error: { type: string; code: string; message?: string; param?: string },
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

/** A connection failure as Node's fetch (undici) reports it. */
export function networkError(): TypeError {
  return new TypeError('fetch failed', { cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:4000'), { code: 'ECONNREFUSED' }) });
}

export const SECRET_KEY = 'svc_test_sec_0123456789abcdefghijABCDEFGHIJ01';
export const PUBLISHABLE_KEY = 'svc_test_pub_0123456789abcdefghijABCDEFGHIJ01';
export const ORIGIN = 'http://127.0.0.1:4000';
