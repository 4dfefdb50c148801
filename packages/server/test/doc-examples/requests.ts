// The request of an example: an HTTP message, or one curl command, with `{{name}}` values filled in.

export interface HttpRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
}

export type Vars = Map<string, string>;

export function substitute(text: string, vars: Vars): string {
  return text.replace(/\{\{(\w+)\}\}/g, (_match, name: string) => {
    const value = vars.get(name);
    if (value === undefined) throw new Error(`{{${name}}} is not set by the page's setup or an earlier example`);
    return value;
  });
}

export function parseHttpRequest(text: string, vars: Vars): HttpRequest {
  const [head = '', ...rest] = substitute(text, vars).trim().split(/\n\s*\n/);
  const [requestLine = '', ...headerLines] = head.split('\n');
  const start = /^([A-Z]+) (\S+)(?: HTTP\/[\d.]+)?$/.exec(requestLine.trim());
  if (!start) throw new Error(`the first line must be "METHOD /path", got ${JSON.stringify(requestLine)}`);
  const body = rest.join('\n\n').trim();
  return { method: start[1] as string, url: start[2] as string, headers: parseHeaders(headerLines), ...(body ? { body } : {}) };
}

export function parseHeaders(lines: string[]): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const match = /^([\w-]+):\s*(.*)$/.exec(line.trim());
    if (!match) throw new Error(`not a header line: ${JSON.stringify(line)}`);
    headers[(match[1] as string).toLowerCase()] = (match[2] as string).trim();
  }
  return headers;
}

/** Splits a shell command into words as sh does: quotes, backslashes, `$VAR` and `${VAR}`. */
export function shellWords(command: string, vars: Vars): string[] {
  const words: string[] = [];
  let word: string | undefined;
  let quote: '"' | "'" | undefined;
  const expand = (rest: string): [string, number] => {
    const match = /^\$(?:\{(\w+)\}|(\w+))/.exec(rest);
    if (!match) return ['$', 1];
    const name = (match[1] ?? match[2]) as string;
    const value = vars.get(name);
    if (value === undefined) throw new Error(`$${name} is not set by the page's setup or an earlier example`);
    return [value, match[0].length];
  };
  for (let i = 0; i < command.length; i += 1) {
    const c = command[i] as string;
    if (quote === "'") {
      if (c === "'") quote = undefined;
      else word += c;
    } else if (c === '\\') {
      const next = command[i + 1];
      i += 1;
      if (next === '\n') continue;
      if (quote === '"' && next !== '"' && next !== '\\' && next !== '$') word = (word ?? '') + c;
      word = (word ?? '') + (next ?? '');
    } else if (c === '$') {
      const [value, length] = expand(command.slice(i));
      word = (word ?? '') + value;
      i += length - 1;
    } else if (quote === '"') {
      if (c === '"') quote = undefined;
      else word += c;
    } else if (c === '"' || c === "'") {
      quote = c;
      word ??= '';
    } else if (/\s/.test(c)) {
      if (word !== undefined) words.push(word);
      word = undefined;
    } else {
      word = (word ?? '') + c;
    }
  }
  if (quote) throw new Error(`unclosed ${quote} in the command`);
  if (word !== undefined) words.push(word);
  return words;
}

/** The request one curl command sends (the options the docs use; anything else is refused). */
export function parseCurl(text: string, vars: Vars): HttpRequest {
  const command = text
    .split('\n')
    .filter((line) => !line.trim().startsWith('#'))
    .join('\n');
  const [program, ...args] = shellWords(command, vars);
  if (program !== 'curl') throw new Error(`a sh example holds one curl command, got ${JSON.stringify(program)}`);
  const headers: Record<string, string> = {};
  let method: string | undefined;
  let body: string | undefined;
  let url: string | undefined;
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i] as string;
    const value = (): string => {
      const next = args[(i += 1)];
      if (next === undefined) throw new Error(`${arg} needs a value`);
      return next;
    };
    if (arg === '-X' || arg === '--request') method = value();
    else if (arg === '-H' || arg === '--header') Object.assign(headers, parseHeaders([value()]));
    else if (arg === '-d' || arg === '--data' || arg === '--data-raw') {
      body = value();
      // What curl sends with -d unless told otherwise: the server must refuse it.
      headers['content-type'] ??= 'application/x-www-form-urlencoded';
    } else if (arg === '--json') {
      body = value();
      headers['content-type'] = 'application/json';
      headers.accept = 'application/json';
    } else if (['-s', '--silent', '-S', '--show-error', '-sS', '-i', '--include'].includes(arg)) continue;
    else if (arg.startsWith('-')) throw new Error(`curl option ${arg} is not understood by this test`);
    else url = arg;
  }
  if (url === undefined) throw new Error('the curl command has no URL');
  const parsed = new URL(url);
  return { method: method ?? (body === undefined ? 'GET' : 'POST'), url: `${parsed.pathname}${parsed.search}`, headers, ...(body !== undefined ? { body } : {}) };
}
