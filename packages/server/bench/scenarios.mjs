// Request builders for load-runner.mjs: each scenario turns a spec (written by a benchmark from
// its target's ready line) into autocannon `requests`, and tells for every response its kind
// and outcome through `last` (set in onResponse, read by the runner's 'response' listener).
//
// autocannon keeps one `context` per connection and resets it whenever the connection wraps
// around its `requests` list, so a list of N requests is one "session" of N requests in order
// on one connection, with a fresh context (here: a fresh user) for the next session.
import { prng } from './fixtures.mjs';

/** Ids unique across the runner processes of one benchmark run (warm-up and rounds alike). */
const RUN_TAG = `${process.pid.toString(36)}${Date.now().toString(36)}`;

function parseData(body) {
  try {
    return JSON.parse(body).data;
  } catch {
    return undefined;
  }
}

/**
 * Hosted progress writes: every session is a new end user who completes the flow's items in
 * order (each `dependsOn` its predecessor) and then resets the flow, so every write is a real
 * change. Outcomes: `changed` (the response shows exactly this write applied), `unchanged`
 * (2xx, but a repeat), or the HTTP status.
 */
function progress(spec, last) {
  let users = 0;
  const base = `/onboarding/api/v1/progress/${encodeURIComponent(spec.flowId)}`;
  const user = (context) => (context.userId ??= `bench_${RUN_TAG}_${users++}`);
  const completes = spec.itemIds.map((itemId, index) => ({
    method: 'POST',
    setupRequest: (request, context) => ({ ...request, path: `${base}/items/${encodeURIComponent(itemId)}/complete`, body: JSON.stringify({ userId: user(context) }) }),
    onResponse: (status, body) => {
      last.kind = 'complete';
      if (status !== 200) return;
      const data = parseData(body);
      const item = data?.items?.[index];
      const done = data?.items?.filter((entry) => entry.state === 'completed').length;
      // Applied now: the item carries this write's time, and exactly the items before it are done.
      last.outcome = item?.state === 'completed' && item.updatedAt === data.updatedAt && done === index + 1 ? 'changed' : 'unchanged';
    },
  }));
  const reset = {
    method: 'POST',
    setupRequest: (request, context) => ({ ...request, path: `${base}/reset`, body: JSON.stringify({ userId: user(context) }) }),
    onResponse: (status, body) => {
      last.kind = 'reset';
      if (status !== 200) return;
      const data = parseData(body);
      last.outcome = data?.startedAt === null && data.items?.every((entry) => entry.state === 'pending') && data.updatedAt !== null ? 'changed' : 'unchanged';
    },
  };
  return { requests: [...completes, reset] };
}

/** A visitor id per request from a pool, so `voted` is looked up as the widget does. */
const visitor = (n) => `visitor_${n % 1_000}`;

/**
 * Searches of the board: the queries of `spec.queries` ({kind: [q]}) interleaved, round robin.
 * Responses are told apart by the query's kind, or with `spec.perQuery` by `kind|query`.
 */
function search(spec, last) {
  const mix = [];
  const kinds = Object.keys(spec.queries);
  const longest = Math.max(...kinds.map((kind) => spec.queries[kind].length));
  for (let i = 0; i < longest; i++) for (const kind of kinds) if (spec.queries[kind][i] !== undefined) mix.push({ kind, q: spec.queries[kind][i] });
  let n = 0;
  return {
    requests: [
      {
        method: 'GET',
        setupRequest: (request, context) => {
          const { kind, q } = mix[n % mix.length];
          context.kind = spec.perQuery ? `${kind}|${q}` : kind;
          const path = `/feedback/api/v1/posts?boardId=${encodeURIComponent(spec.boardId)}&q=${encodeURIComponent(q)}&authorId=${visitor(n++)}`;
          return { ...request, path };
        },
        onResponse: (status, body, context) => {
          last.kind = context.kind;
        },
      },
    ],
  };
}

/**
 * The most expensive searches a client can send (`spec.queries`: [{q, match}]), round robin,
 * each with a fresh mix of upper and lower case: the server folds case, so the work is the same,
 * but the list key differs and no shared snapshot answers a repeat.
 */
function worstSearch(spec, last) {
  let n = 0;
  const random = prng(777);
  const recase = (q) => [...q].map((c) => (random() < 0.5 ? c.toUpperCase() : c)).join('');
  return {
    requests: [
      {
        method: 'GET',
        setupRequest: (request) => {
          const { q, match } = spec.queries[n++ % spec.queries.length];
          return { ...request, path: `/feedback/api/v1/posts?boardId=${encodeURIComponent(spec.boardId)}&q=${encodeURIComponent(recase(q))}&match=${match}` };
        },
        onResponse: () => {
          last.kind = 'worst search';
        },
      },
    ],
  };
}

/** `GET /healthz`, one request after the other: how long the event loop keeps others waiting. */
function healthz(spec, last) {
  return {
    requests: [
      {
        method: 'GET',
        path: '/healthz',
        onResponse: () => {
          last.kind = 'healthz';
        },
      },
    ],
  };
}

/** The first page of the board, `sort=top`, as the widget opens it. */
function list(spec, last) {
  let n = 0;
  return {
    requests: [
      {
        method: 'GET',
        setupRequest: (request) => ({ ...request, path: `/feedback/api/v1/posts?boardId=${encodeURIComponent(spec.boardId)}&sort=top&authorId=${visitor(n++)}` }),
        onResponse: () => {
          last.kind = 'list';
        },
      },
    ],
  };
}

/** Votes by a new author each (so each is a real vote) on posts drawn from `spec.postIds`. */
function vote(spec, last) {
  let n = 0;
  const random = prng(12345);
  const nextPost = () => spec.postIds[Math.floor(random() * spec.postIds.length)];
  return {
    requests: [
      {
        method: 'POST',
        setupRequest: (request) => ({
          ...request,
          path: `/feedback/api/v1/posts/${encodeURIComponent(nextPost())}`,
          body: JSON.stringify({ action: 'vote', author: { id: `voter_${RUN_TAG}_${n++}` } }),
        }),
        onResponse: (status, body) => {
          last.kind = 'vote';
          if (status === 200) last.outcome = parseData(body)?.voted === true ? 'voted' : 'unexpected';
        },
      },
    ],
  };
}

/**
 * First pages filtered by status and category (`spec.lists`, round robin), `sort=top`, as a
 * roadmap column of one category opens.
 */
function filteredList(spec, last) {
  let n = 0;
  return {
    requests: [
      {
        method: 'GET',
        setupRequest: (request) => {
          const { status, categoryId } = spec.lists[n % spec.lists.length];
          const path = `/feedback/api/v1/posts?boardId=${encodeURIComponent(spec.boardId)}&sort=top&status=${status}&categoryId=${categoryId}&authorId=${visitor(n++)}`;
          return { ...request, path };
        },
        onResponse: () => {
          last.kind = 'filtered list';
        },
      },
    ],
  };
}

/**
 * A post's comments, page by page: a session (one pass over `requests`, with a fresh context) reads
 * the first page, then follows `nextCursor` for `spec.pagesPerWalk - 1` more pages. Outcomes:
 * `first` or `next` page.
 */
function comments(spec, last) {
  const base = `/feedback/api/v1/posts/${encodeURIComponent(spec.postId)}/comments?limit=${spec.limit}`;
  const page = (index) => ({
    method: 'GET',
    setupRequest: (request, context) => {
      const cursor = index === 0 ? undefined : context.cursor;
      context.kind = cursor === undefined ? 'first' : 'next';
      return { ...request, path: cursor === undefined ? base : `${base}&cursor=${encodeURIComponent(cursor)}` };
    },
    onResponse: (status, body, context) => {
      last.kind = 'comments';
      last.outcome = context.kind;
      context.cursor = status === 200 ? (parseData(body)?.nextCursor ?? undefined) : undefined;
    },
  });
  return { requests: Array.from({ length: spec.pagesPerWalk }, (_, index) => page(index)) };
}

export const SCENARIOS = { progress, search, list, vote, worstSearch, healthz, filteredList, comments };
