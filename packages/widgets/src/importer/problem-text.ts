import type { CellIssue } from './engine/protocol.js';
import type { ImporterStrings } from './importer.strings.js';

/**
 * A cell's problem as the review shows it (docs/importer.md, "Fixing rows in the widget"): a built-in
 * problem in the element's problem string the engine named for it (engine/problem-wording.ts) —
 * the language's, or the page's own `strings` — and otherwise, as in English, exactly the message
 * the engine sent: core's English, or the page's own message.
 * @internal
 */
export function problemText(issue: CellIssue, t: ImporterStrings): string {
  if (issue.wording === undefined) return issue.message;
  const [key, ...args] = issue.wording;
  const word = t[key] as string | ((...values: unknown[]) => string) | undefined;
  return word === undefined ? issue.message : typeof word === 'string' ? word : word(...args);
}
