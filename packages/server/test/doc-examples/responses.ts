// The response an example shows, and the structural comparison with the real one.
import type { Example } from './markdown.js';
import { parseHeaders, type Vars } from './requests.js';

export interface HttpResponse {
  status: number;
  headers: Record<string, string>;
  body?: unknown;
}

export function parseExpected(example: Example): HttpResponse {
  const { kind, text, status } = example.response;
  if (kind === 'json') return { status: status ?? 200, headers: {}, ...bodyOf(text) };
  const [head = '', ...rest] = text.trim().split(/\n\s*\n/);
  const [statusLine = '', ...headerLines] = head.split('\n');
  const match = /^HTTP\/[\d.]+ (\d{3})\b/.exec(statusLine.trim());
  if (!match) throw new Error(`a http response starts with "HTTP/1.1 200 OK", got ${JSON.stringify(statusLine)}`);
  return { status: Number(match[1]), headers: parseHeaders(headerLines), ...bodyOf(rest.join('\n\n')) };
}

export function bodyOf(text: string): { body?: unknown } {
  if (text.trim() === '') return {};
  try {
    return { body: JSON.parse(text) as unknown };
  } catch (error) {
    throw new Error(`the expected body is not JSON: ${(error as Error).message}`);
  }
}

const WILDCARDS: Record<string, string> = {
  '<id>': '[A-Za-z0-9_]+',
  '<timestamp>': '\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(?:\\.\\d+)?Z',
  '<date>': '\\d{4}-\\d{2}-\\d{2}',
  '<token>': '[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+',
  '<any>': '[\\s\\S]*',
};
const SPECIAL = /(\{\{\w+\}\}|<(?:id|timestamp|date|token|any)>)/;
const MORE = new Set(['...', '…']);

export const show = (value: unknown): string => (value === undefined ? 'nothing' : JSON.stringify(value));
const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Compares a string with wildcards and `{{captures}}`; binds the captures when it matches. */
export function matchString(expected: string, actual: unknown, path: string, vars: Vars, problems: string[]): void {
  if (!SPECIAL.test(expected)) {
    if (actual !== expected) problems.push(`${path}: expected ${show(expected)}, got ${show(actual)}`);
    return;
  }
  if (expected === '<any>') return;
  if (typeof actual !== 'string') {
    problems.push(`${path}: expected a string like ${show(expected)}, got ${show(actual)}`);
    return;
  }
  const groups: string[] = [];
  const pattern = expected
    .split(SPECIAL)
    .map((part) => {
      const wildcard = WILDCARDS[part];
      if (wildcard !== undefined) return wildcard;
      const capture = /^\{\{(\w+)\}\}$/.exec(part)?.[1];
      if (capture === undefined) return escapeRegExp(part);
      const bound = vars.get(capture);
      if (bound !== undefined) return escapeRegExp(bound);
      if (groups.includes(capture)) return `\\k<${capture}>`;
      groups.push(capture);
      return `(?<${capture}>[\\s\\S]+?)`;
    })
    .join('');
  const match = new RegExp(`^${pattern}$`).exec(actual);
  if (!match) {
    problems.push(`${path}: expected ${show(expected)}, got ${show(actual)}`);
    return;
  }
  for (const name of groups) vars.set(name, match.groups?.[name] ?? '');
}

export function matchValue(expected: unknown, actual: unknown, path: string, vars: Vars, problems: string[]): void {
  if (typeof expected === 'string') {
    if (expected === '<number>') {
      if (typeof actual !== 'number') problems.push(`${path}: expected a number, got ${show(actual)}`);
      return;
    }
    matchString(expected, actual, path, vars, problems);
  } else if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) {
      problems.push(`${path}: expected an array, got ${show(actual)}`);
      return;
    }
    const open = expected.length > 0 && MORE.has(expected[expected.length - 1] as string);
    const items = open ? expected.slice(0, -1) : expected;
    if (open ? actual.length < items.length : actual.length !== items.length) {
      problems.push(`${path}: expected ${open ? 'at least ' : ''}${items.length} items, got ${actual.length}: ${show(actual)}`);
      return;
    }
    items.forEach((item, index) => matchValue(item, actual[index], `${path}[${index}]`, vars, problems));
  } else if (expected !== null && typeof expected === 'object') {
    if (actual === null || typeof actual !== 'object' || Array.isArray(actual)) {
      problems.push(`${path}: expected an object, got ${show(actual)}`);
      return;
    }
    const entries = Object.entries(expected).filter(([key]) => !MORE.has(key));
    const open = entries.length !== Object.keys(expected).length;
    const record = actual as Record<string, unknown>;
    for (const [key, value] of entries) {
      if (!(key in record)) problems.push(`${path}.${key}: expected ${show(value)}, but the member is missing`);
      else matchValue(value, record[key], `${path}.${key}`, vars, problems);
    }
    if (!open) {
      const extra = Object.keys(record).filter((key) => !(key in expected));
      if (extra.length > 0) problems.push(`${path}: unexpected members ${extra.join(', ')} (${show(Object.fromEntries(extra.map((key) => [key, record[key]])))})`);
    }
  } else if (actual !== expected) {
    problems.push(`${path}: expected ${show(expected)}, got ${show(actual)}`);
  }
}
