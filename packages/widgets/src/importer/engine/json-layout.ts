/*
 * Whether a text file is JSON, and how its items are laid out, from its first characters
 * (docs/importer.md, "JSON and NDJSON files"). Small and loaded with the engine; the reader itself
 * (json-reader.ts) loads only when a JSON file is opened.
 */

/** How the items of a file are laid out, from its first characters (BOM and spaces dropped). */
export type JsonLayout = 'array' | 'lines' | 'objects';

/**
 * The layout of text that starts like JSON items, or `null`: an array of objects (`[` then `{` or
 * `]`), one object per line (the first line is a whole object), or objects spread over lines.
 */
export function jsonLayout(sample: string): JsonLayout | null {
  const text = sample.replace(/^\ufeff/, '').trimStart();
  if (/^\[\s*[{\]]/.test(text)) return 'array';
  if (!/^\{\s*["}]/.test(text)) return null;
  const end = text.indexOf('\n');
  if (end > 0) {
    try {
      const first: unknown = JSON.parse(text.slice(0, end));
      if (typeof first === 'object' && first !== null && !Array.isArray(first)) return 'lines';
    } catch {
      // Not a whole object on its first line: objects spread over lines.
    }
  }
  return 'objects';
}
