// What a browser sends and reads on the OAuth pages, for the OAuth tests.

export const REDIRECT = 'http://127.0.0.1:9/callback';

export function cookieOf(response: Response, name: string): string | undefined {
  for (const value of response.headers.getSetCookie()) {
    const [pair] = value.split(';');
    if (pair?.startsWith(`${name}=`)) return pair;
  }
  return undefined;
}

export function hiddenFields(html: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const match of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    fields[match[1]!] = match[2]!.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));
  }
  return fields;
}

export const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
export const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
