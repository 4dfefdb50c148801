// Themes (docs/widgets.md, Theming): every widget in light and dark, forced with `theme` or
// following `prefers-color-scheme`, with `color-scheme` set for native controls, and every text
// (the board's badges of every post status included) passing axe's WCAG AA contrast check.
import { expect } from '@open-wc/testing';
import { emulateMedia } from '@web/test-runner-commands';
import type { InlayChecklist } from '../checklist/checklist.js';
import type { InlayFeedbackBoard } from '../feedback-board/feedback-board.js';
import type { InlayImporter } from '../importer/importer.js';
import { $$, memoryPostStore, mountBoard } from '../testing/board-helpers.js';
import { mount, testEnv } from '../testing/helpers.js';
import { cell, continueToReview, mountImporter, pasteRows } from '../testing/importer-helpers.js';

type Themed = InlayChecklist | InlayFeedbackBoard | InlayImporter;

/** The card's background and the host's `color-scheme`, as the browser computes them. */
function looks(el: Themed): { background: string; scheme: string } {
  const card = el.shadowRoot?.querySelector('[part~="base"]') as Element;
  return { background: getComputedStyle(card).backgroundColor, scheme: getComputedStyle(el).colorScheme };
}

const WHITE = 'rgb(255, 255, 255)';
const DARK = 'rgb(22, 27, 38)';

/** Every axe rule runs, color-contrast (WCAG AA) included. */
async function contrastClean(el: Themed): Promise<void> {
  await expect(el).to.be.accessible();
}

afterEach(async () => {
  await emulateMedia({ colorScheme: 'light' });
});

describe('themes', () => {
  it('follows prefers-color-scheme unless theme forces light or dark', async () => {
    const env = await testEnv();
    const el = await mount({ flowId: env.flows.main });
    expect(looks(el)).to.deep.equal({ background: WHITE, scheme: 'light dark' });
    await emulateMedia({ colorScheme: 'dark' });
    expect(looks(el).background).to.equal(DARK);
    el.theme = 'light';
    await el.updateComplete;
    expect(el.getAttribute('theme')).to.equal('light');
    expect(looks(el)).to.deep.equal({ background: WHITE, scheme: 'light' });
    await emulateMedia({ colorScheme: 'light' });
    el.theme = 'dark';
    await el.updateComplete;
    expect(looks(el)).to.deep.equal({ background: DARK, scheme: 'dark' });
    // Native controls follow: the checkbox is drawn in the dark scheme too.
    const box = el.shadowRoot?.querySelector('input') as HTMLInputElement;
    expect(getComputedStyle(box).colorScheme).to.equal('dark');
  });

  it('lets a page override a token for both themes', async () => {
    const env = await testEnv();
    const el = await mount({ flowId: env.flows.main });
    el.style.setProperty('--inlay-surface-color', 'light-dark(rgb(1, 2, 3), rgb(4, 5, 6))');
    el.theme = 'dark';
    await el.updateComplete;
    expect(looks(el).background).to.equal('rgb(4, 5, 6)');
  });

  for (const theme of ['light', 'dark'] as const) {
    describe(`${theme}: axe-clean, contrast included`, () => {
      it('<inlay-checklist>', async () => {
        const env = await testEnv();
        const el = await mount({ flowId: env.flows.main });
        el.theme = theme;
        (el.shadowRoot?.querySelector('input') as HTMLInputElement).click();
        await el.updateComplete;
        expect(looks(el).scheme).to.equal(theme);
        await contrastClean(el);
      });

      it('<inlay-feedback-board> with a badge of every post status', async () => {
        const { feedback } = await testEnv();
        const el = await mountBoard({ boardId: feedback.boards.main, store: memoryPostStore() });
        el.theme = theme;
        await el.updateComplete;
        const statuses = $$(el, '[part~="status"]').map((badge) => badge.getAttribute('part'));
        expect(statuses).to.have.members([
          'status status-planned',
          'status status-in_progress',
          'status status-completed',
          'status status-under_review',
          'status status-closed',
        ]);
        await contrastClean(el);
      });

      it('<inlay-importer> on upload and review', async () => {
        const el = await mountImporter();
        el.theme = theme;
        await el.updateComplete;
        await contrastClean(el);
        await pasteRows(el, 'Customer ID,Email,Name,Age\n1,a@example.com,Ann,31\n2,b@example,Bob,x\n');
        await continueToReview(el);
        cell(el, 1, 1).click();
        await el.updateComplete;
        await contrastClean(el);
      });
    });
  }
});
