import { expect, oneEvent, waitUntil } from '@open-wc/testing';
import type { InlayChecklist } from '../checklist/checklist.js';
import type { InlayFeedbackBoard } from '../feedback-board/feedback-board.js';
import { $, $$, boardSettled, mountBoard, newAuthorId, titles, typeInto, voteButton } from '../testing/board-helpers.js';
import { checkbox, mount, newUserId, part, parts, settled, testEnv, type TestEnv } from '../testing/helpers.js';

let env: TestEnv;
before(async () => {
  env = await testEnv();
});

/** The message of every `inlay-error` an element dispatches from now on (strings: a failure report stays small). */
function errorsOf(element: Element): string[] {
  const errors: string[] = [];
  element.addEventListener('inlay-error', (event) => errors.push(String((event as CustomEvent<{ error: Error }>).detail.error.message)));
  return errors;
}

function checklistToken(userId: string) {
  return async () => {
    const query = new URLSearchParams({ flowId: env.flows.token, userId, workspaceKey: 'acme' });
    return ((await (await fetch(`/__inlay/author-token?${query}`)).json()) as { token: string }).token;
  };
}

function boardToken(authorId: string) {
  return async () => {
    const query = new URLSearchParams({ boardId: env.feedback.boards.token, authorId });
    return ((await (await fetch(`/__inlay/feedback-token?${query}`)).json()) as { token: string }).token;
  };
}

describe('sign-in: a getAuthorToken set after the first load (real server)', () => {
  it('reloads the checklist, which then shows the signed-in user’s progress', async () => {
    const userId = newUserId();
    const el = await mount({ flowId: env.flows.token, userId, workspaceKey: 'acme' });
    // Before the host's login resolved: the flow needs a token the page cannot give yet.
    expect(part(el, 'error') !== null).to.equal(true);
    el.getAuthorToken = checklistToken(userId);
    await waitUntil(() => parts(el, 'item').length === 1, 'the checklist did not reload with the token', { timeout: 8000 });
    expect(part(el, 'error') === null).to.equal(true);
    checkbox(el, 'verify').click();
    const { detail } = await oneEvent(el, 'inlay-flow-complete');
    expect(detail.progress.userId).to.equal(userId);
  });

  it('reloads the board, which then offers the form to the signed-in author', async () => {
    const authorId = newAuthorId();
    let ready = false;
    const getAuthorToken = async () => (ready ? boardToken(authorId)() : null);
    const el = await mountBoard({ boardId: env.feedback.boards.token, getAuthorToken });
    expect($(el, '[part~="form"]') === null).to.equal(true);
    ready = true;
    // A new callback (what an SPA sets once its login resolved) reloads the board.
    el.getAuthorToken = async () => boardToken(authorId)();
    await waitUntil(() => $(el, '[part~="form"]') !== null, 'the board did not offer the form after sign-in', { timeout: 8000 });
    expect($(el, '[part~="signed-out"]') === null).to.equal(true);
  });
});

describe('sign-in: a signed-out visitor (real server)', () => {
  for (const [name, callback] of [
    ['answers null', async () => null],
    [
      'throws',
      async () => {
        throw new Error('not signed in');
      },
    ],
  ] as const) {
    it(`hides the checklist, with no error state or event, when getAuthorToken ${name}`, async () => {
      const el = document.createElement('inlay-checklist') as InlayChecklist;
      const errors = errorsOf(el);
      Object.assign(el, { flowId: env.flows.token, publishableKey: env.publishableKey, baseUrl: env.baseUrl, getAuthorToken: callback });
      document.body.append(el);
      try {
        await settled(el);
        await waitUntil(() => !el.shadowRoot?.querySelector('[aria-busy]'), 'still loading', { timeout: 8000 });
        await el.updateComplete;
        expect(el.shadowRoot?.children.length ?? 0, el.shadowRoot?.innerHTML).to.equal(0);
        expect(part(el, 'error') === null).to.equal(true);
        expect(errors).to.deep.equal([]);
      } finally {
        el.remove();
      }
    });

    it(`shows a read-only board with a sign-in note when getAuthorToken ${name}`, async () => {
      const { feedback } = env;
      const el = document.createElement('inlay-feedback-board') as InlayFeedbackBoard;
      const errors = errorsOf(el);
      Object.assign(el, { boardId: feedback.boards.main, publishableKey: feedback.publishableKey, baseUrl: feedback.baseUrl, getAuthorToken: callback });
      document.body.append(el);
      try {
        await boardSettled(el);
        await waitUntil(() => titles(el).length > 0, 'no posts listed', { timeout: 8000 });
        expect($(el, '[part~="form"]') === null).to.equal(true);
        expect($(el, '[part~="signed-out"]')?.textContent).to.equal('Sign in to vote and post ideas.');
        expect($$<HTMLButtonElement>(el, '[part~="vote-button"]').every((button) => button.disabled)).to.equal(true);
        // Reading and searching still work.
        const first = titles(el)[0] ?? '';
        typeInto($<HTMLInputElement>(el, '[part~="search"]'), first);
        await waitUntil(() => titles(el).every((title) => title === first), 'the search did not narrow the list', { timeout: 8000 });
        expect($(el, '[part~="error"]') === null).to.equal(true);
        expect(errors).to.deep.equal([]);
      } finally {
        el.remove();
      }
    });
  }

  it('lets the host reword the sign-in note (strings.signedOut)', async () => {
    const el = await mountBoard({ boardId: env.feedback.boards.main, getAuthorToken: () => null, strings: { signedOut: 'Log in to vote.' } });
    expect($(el, '[part~="signed-out"]')?.textContent).to.equal('Log in to vote.');
    expect(voteButton(el, titles(el)[0] ?? '').disabled).to.equal(true);
  });
});
