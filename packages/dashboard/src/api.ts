/**
 * The dashboard's calls to its server (docs/dashboard-api.md): same-origin JSON under
 * /dashboard/api, the session cookie sent by the browser, and the session's CSRF token as the
 * `x-csrf-token` header on every write.
 */

export type Mode = 'test' | 'live';
export type Plan = 'free' | 'byo' | 'hosted';
export interface WorkspaceInfo {
  id: string;
  name: string;
  plan: Plan;
}
export interface SessionInfo {
  account: { id: string; email: string };
  workspaces: WorkspaceInfo[];
  workspace: WorkspaceInfo;
  csrfToken: string;
  expiresAt: string;
}

/** An error answer of the server: `{error: {type, code, message, param?}}`. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly param?: string,
  ) {
    super(message);
  }
}

const BASE = '/dashboard/api';

/** The one client of a signed-in (or signing-in) page. */
export class Api {
  /** The session's CSRF token; empty before sign-in. Kept in memory only. */
  csrfToken = '';
  /** Called when the server says the session is gone (expired, signed out elsewhere). */
  onSignedOut: () => void = () => undefined;

  async request<T>(method: string, path: string, body?: unknown): Promise<T> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (method !== 'GET' && this.csrfToken) headers['x-csrf-token'] = this.csrfToken;
    let response: Response;
    try {
      response = await fetch(`${BASE}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), credentials: 'same-origin' });
    } catch {
      throw new ApiError(0, 'network_error', 'The server could not be reached. Check your connection and try again.');
    }
    const json = (await response.json().catch(() => ({}))) as { data?: T; error?: { code?: string; message?: string; param?: string } };
    if (!response.ok) {
      const error = json.error ?? {};
      const failure = new ApiError(response.status, error.code ?? 'http_error', error.message ?? `The server answered ${response.status}.`, error.param);
      if (response.status === 401 && failure.code === 'session_required' && path !== '/session') this.onSignedOut();
      throw failure;
    }
    return json.data as T;
  }

  get<T>(path: string): Promise<T> {
    return this.request<T>('GET', path);
  }
  post<T>(path: string, body: unknown = {}): Promise<T> {
    return this.request<T>('POST', path, body);
  }
  put<T>(path: string, body: unknown): Promise<T> {
    return this.request<T>('PUT', path, body);
  }
  patch<T>(path: string, body: unknown): Promise<T> {
    return this.request<T>('PATCH', path, body);
  }
  delete<T>(path: string, body?: unknown): Promise<T> {
    return this.request<T>('DELETE', path, body);
  }
}

/** `?a=1&b=2` of the defined, non-empty values; '' when there are none. */
export function query(params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value !== undefined && value !== '') search.set(name, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** What a page gets from the shell. */
export interface PageContext {
  api: Api;
  session: SessionInfo;
  mode: Mode;
  /** Route parameters (`:id`). */
  params: Record<string, string>;
  navigate(path: string): void;
  /** Says something to screen readers (and shows it as a toast). */
  announce(message: string): void;
}

/**
 * What the shell asks of the page it shows before that page is left (docs/dashboard.md, "Unsaved
 * changes"). Pages without unsaved work keep the defaults of ui/page.ts.
 */
export interface UnsavedWork {
  /** A sentence naming the unsaved work ("Your changes to the flow “Trial” are not saved."), or ''. */
  unsavedWork(): string;
  /**
   * Keeps the unsaved work for after a sign-in, when the session ended under the page; answers
   * whether there was some to keep.
   */
  keepUnsavedWork(): boolean;
}
