// The first page's JavaScript (the shell and the Overview page, with what they import
// statically) stays within its budget: 60 KB min+gzip, measured on the built files.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';

const script = fileURLToPath(new URL('../scripts/size.mjs', import.meta.url));

it('keeps the first page within 60 KB min+gzip, with every other page loaded later', async () => {
  const { stdout } = await promisify(execFile)(process.execPath, [script, '--json']);
  const { firstPage } = JSON.parse(stdout) as { firstPage: { files: string[]; gzipBytes: number; budgetGzipBytes: number } };
  expect(firstPage.budgetGzipBytes).toBe(60 * 1024);
  expect(firstPage.gzipBytes).toBeLessThanOrEqual(firstPage.budgetGzipBytes);
  // The pages and the widgets of the previews are chunks of their own, not part of the first load.
  expect(firstPage.files.some((file) => /(keys|inbox|resource-editor|checklist|importer)-/.test(file))).toBe(false);
});
