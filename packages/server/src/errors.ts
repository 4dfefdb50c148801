import { ERROR_CODES, statusOfErrorCode, type ErrorType, type KnownErrorCode } from '@inlay/core';

/**
 * The one error the server throws on purpose. The error handler renders it as
 * `{error: {type, code, message, param?, requestId}}` with the status its type fixes.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly type: ErrorType;
  readonly code: KnownErrorCode;
  readonly param: string | undefined;
  readonly headers: Record<string, string>;
  /** The object's current state, sent with conflicts so a client can recover without a GET. */
  readonly current: unknown;

  constructor(
    code: KnownErrorCode,
    message: string,
    options: { param?: string; headers?: Record<string, string>; current?: unknown } = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.type = ERROR_CODES[code].type;
    this.status = statusOfErrorCode(code);
    this.param = options.param;
    this.headers = options.headers ?? {};
    this.current = options.current;
  }
}

/** The 404 for any object the caller may not see: the same answer whether it exists or not. */
export function notFound(what: string, id: string, param = 'id'): ApiError {
  return new ApiError('not_found', `No ${what} with id ${JSON.stringify(id)} in this workspace.`, { param });
}
