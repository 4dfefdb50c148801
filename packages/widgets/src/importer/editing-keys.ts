/*
 * The review grid's editing shortcuts and the browser plumbing they need (docs/importer.md):
 * which key does what, putting text on the clipboard, and saving a CSV.
 * @internal
 */

export type EditingCommand = 'undo' | 'redo' | 'copy' | 'paste' | 'fill-down' | 'remove-rows' | 'column-menu';

/** The command a key press in the grid means, or null. Ctrl on Windows and Linux, Cmd on macOS. */
export function commandOf(event: KeyboardEvent): EditingCommand | null {
  const key = event.key.toLowerCase();
  if (event.altKey && !event.ctrlKey && !event.metaKey && key === 'arrowdown') return 'column-menu';
  if (!(event.ctrlKey || event.metaKey) || event.altKey) return null;
  if (key === 'z') return event.shiftKey ? 'redo' : 'undo';
  if (key === 'y' && !event.shiftKey) return 'redo';
  if (event.shiftKey) return null;
  if (key === 'c') return 'copy';
  if (key === 'v') return 'paste';
  if (key === 'd') return 'fill-down';
  if (key === 'delete' || key === 'backspace') return 'remove-rows';
  return null;
}

/**
 * Puts text on the clipboard from a key press: synchronously through a `copy` event (works
 * without the Clipboard API's permission), else through `navigator.clipboard`.
 */
export async function writeClipboard(text: string): Promise<boolean> {
  let written = false;
  const onCopy = (event: ClipboardEvent) => {
    if (!event.clipboardData) return;
    event.clipboardData.setData('text/plain', text);
    event.preventDefault();
    written = true;
  };
  document.addEventListener('copy', onCopy, true);
  try {
    // Deprecated, but the only synchronous way to fill the clipboard from a key press on a grid cell.
    document.execCommand('copy');
  } catch {
    // Not supported: the Clipboard API below.
  } finally {
    document.removeEventListener('copy', onCopy, true);
  }
  if (written) return true;
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** Offers text as a file download (a Blob URL, allowed under the strict CSP of docs/security.md). */
export function downloadText(root: ShadowRoot | HTMLElement, text: string, name: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  root.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
