/**
 * Unsaved edits of a draft kept when the session ended under its editor (it expired, or the
 * operator signed out in another tab), to offer them back once signed in again
 * (docs/dashboard.md, "Unsaved changes"). They are kept in sessionStorage: this tab only, gone
 * when it closes, and forgotten when the operator signs out here.
 */

const PREFIX = 'inlay-dashboard-unsaved:';

/** A draft's name and config as they were when the session ended. */
export interface KeptEdit {
  name: string;
  config: unknown;
  /** The draft revision the edit started from. */
  revisionId: string;
  /** When it was kept (ISO 8601). */
  keptAt: string;
}

/** Keeps an edit under `key` (account, workspace and draft); answers whether the tab could store it. */
export function keepEdit(key: string, edit: KeptEdit): boolean {
  try {
    sessionStorage.setItem(PREFIX + key, JSON.stringify(edit));
    return true;
  } catch {
    // Storage full or turned off: nothing was kept.
    return false;
  }
}

/** The edit kept under `key`, if any. */
export function keptEdit(key: string): KeptEdit | undefined {
  try {
    const text = sessionStorage.getItem(PREFIX + key);
    return text === null ? undefined : (JSON.parse(text) as KeptEdit);
  } catch {
    return undefined;
  }
}

export function forgetEdit(key: string): void {
  sessionStorage.removeItem(PREFIX + key);
}

/** Forgets every kept edit of this tab (on signing out). */
export function forgetAllEdits(): void {
  for (const key of Object.keys(sessionStorage)) if (key.startsWith(PREFIX)) sessionStorage.removeItem(key);
}
