// The board's post page and its comments (post-page.ts, comment-thread.ts) against a real Inlay
// server: web-test-runner.config.mjs publishes the `discuss` board of test/boards.mjs with its
// categories, statuses and comments.
import { expect, oneEvent, waitUntil } from '@open-wc/testing';
import { sendKeys, setViewport } from '@web/test-runner-commands';
import type { InlayErrorEvent, InlayPostCloseEvent, InlayPostOpenEvent } from '../events.js';
import {
  $,
  $$,
  ageComment,
  authorToken,
  comment,
  commentsShown,
  commentWith,
  focused,
  freshKey,
  liveText,
  memoryCommentStore,
  memoryPostStore,
  mountBoard,
  newAuthorId,
  openPost,
  pageShown,
  postNamed,
  sendComment,
  titles,
  typeInto,
} from '../testing/board-helpers.js';
import { recordFetches, testEnv } from '../testing/helpers.js';

let boardId: string;
before(async () => {
  boardId = (await testEnv()).feedback.boards.discuss;
});

/** The page's post: title, details, status badge, category, vote count. */
function pagePost(el: Element) {
  const page = $(el, '[part~="page"]');
  return {
    title: page?.querySelector('#post-heading')?.textContent,
    body: page?.querySelector('[part~="post-body"]')?.textContent,
    status: page?.querySelector('[part~="status"]')?.textContent,
    category: page?.querySelector('[part~="category"]')?.textContent,
    votes: page?.querySelector('[part~="vote-count"]')?.textContent,
  };
}

describe('<inlay-feedback-board> post page (real server)', () => {
  it('opens a post from the list with its comments, tells the page, and goes back to the list as it was', async () => {
    const el = await mountBoard({ boardId, anonymous: true });
    typeInto($<HTMLInputElement>(el, '[part~="search"]'), 'mode');
    await waitUntil(() => titles(el).length === 2, 'the search did not narrow the list', { timeout: 5000 });
    const opened = oneEvent(el, 'inlay-post-open') as Promise<InlayPostOpenEvent>;
    await openPost(el, 'Dark mode');
    const { detail } = await opened;
    expect(detail.boardId).to.equal(boardId);
    expect(el.postId).to.equal(detail.postId);
    expect(el.getAttribute('post-id')).to.equal(null);
    expect(pagePost(el)).to.deep.equal({
      title: 'Dark mode',
      body: 'A darker theme for evening work.\nhttps://example.com/dark stays text.',
      status: 'Planned',
      category: 'Interface',
      votes: '5',
    });
    // The list is kept, hidden, for the way back.
    expect($(el, '[part~="list"]')?.closest('[hidden]')).to.not.equal(null);
    expect(focused(el)?.id).to.equal('post-heading');
    // Oldest first, the team's reply under its parent; text never markup, links plain text.
    expect($(el, '#comments-heading')?.textContent).to.equal('3 comments');
    expect(commentsShown(el)).to.deep.equal([
      { name: 'Ada', body: 'Please also dim the images. <b>not bold</b> https://example.com', reply: false, team: false },
      { name: 'Acme team', body: 'We are on it.', reply: true, team: true },
      { name: 'Grace', body: 'Would love this.', reply: false, team: false },
    ]);
    expect($(el, '[part~="comments"] b, [part~="comments"] a')).to.equal(null);
    expect(commentWith(el, 'We are on it.').closest('ul')?.classList.contains('replies')).to.equal(true);

    const closed = oneEvent(el, 'inlay-post-close') as Promise<InlayPostCloseEvent>;
    $<HTMLButtonElement>(el, '[part~="back-button"]')?.click();
    expect((await closed).detail.postId).to.equal(detail.postId);
    await el.updateComplete;
    expect(el.postId).to.equal('');
    expect($(el, '[part~="page"]')).to.equal(null);
    expect($<HTMLInputElement>(el, '[part~="search"]')?.value).to.equal('mode');
    expect(titles(el)).to.have.length(2);
    expect(focused(el)?.getAttribute('part')).to.equal('post-link');
    expect(focused(el)?.closest('[part~="post"]')?.getAttribute('data-post')).to.equal(detail.postId);
  });

  it('shows the post named by post-id, as a router would set it, without telling the page back', async () => {
    const events: string[] = [];
    const el = await mountBoard({ boardId, anonymous: true });
    el.addEventListener('inlay-post-open', () => events.push('open'));
    const id = postNamed(el, 'Bulk edit').getAttribute('data-post') ?? '';
    el.setAttribute('post-id', id);
    await pageShown(el, 'Bulk edit');
    expect(pagePost(el)).to.include({ status: 'Completed', category: 'Interface' });
    expect($(el, '[part~="comments"]')?.textContent).to.include('No comments yet.');
    el.removeAttribute('post-id');
    await el.updateComplete;
    expect($(el, '[part~="page"]')).to.equal(null);
    expect(events).to.deep.equal([]);
  });

  it('opens a deep link before the list is loaded, and says when a post does not exist', async () => {
    const list = await mountBoard({ boardId, anonymous: true });
    const id = postNamed(list, 'Webhooks for comments').getAttribute('data-post') ?? '';
    const el = await mountBoard({ boardId, anonymous: true, postId: id });
    await pageShown(el, 'Webhooks for comments');
    expect(pagePost(el)).to.include({ status: 'In progress', category: 'API' });
    const missing = await mountBoard({ boardId, anonymous: true, postId: 'post_doesnotexist' });
    await waitUntil(() => $(missing, '[part~="page"] [role="alert"]'), 'no not-found message', { timeout: 5000 });
    expect($(missing, '[part~="page"] [role="alert"]')?.textContent?.trim()).to.equal('This post does not exist or was removed.');
    expect($(missing, '[part~="back-button"]')).to.not.equal(null);
  });

  it('writes a comment, a reply and an edit, deletes them, and keeps a deleted comment with replies as "deleted"', async () => {
    const el = await mountBoard({ boardId, authorId: newAuthorId(), authorName: 'Sam', publishableKey: await freshKey() });
    await openPost(el, 'Rate limit headers');
    expect($(el, '#comments-heading')?.textContent).to.equal('0 comments');

    // Empty: reported once sent, and nothing is written.
    const form = () => $(el, '[part~="comments"] > [part~="comment-form"]');
    sendComment(form(), '   ');
    await el.updateComplete;
    expect(form()?.querySelector('[part~="comment-error"]')?.textContent).to.equal('Write a comment first.');

    sendComment(form(), 'Which headers exactly?');
    await waitUntil(() => commentsShown(el).length === 1, 'the comment did not appear', { timeout: 5000 });
    expect(commentsShown(el)).to.deep.equal([{ name: 'Sam', body: 'Which headers exactly?', reply: false, team: false }]);
    expect($(el, '#comments-heading')?.textContent).to.equal('1 comment');
    expect(liveText(el)).to.equal('Your comment was added.');
    expect(form()?.querySelector('textarea')?.value).to.equal('');

    // A reply, one level: replies have no reply button of their own.
    commentWith(el, 'Which headers exactly?').querySelector<HTMLButtonElement>('[data-action^="reply-"]')?.click();
    await el.updateComplete;
    expect(focused(el)?.getAttribute('part')).to.equal('comment-input');
    expect($(el, '.replies label')?.textContent).to.equal('Reply to Sam');
    sendComment($(el, '.replies [part~="comment-form"]'), 'RateLimit-Remaining, mostly.');
    await waitUntil(() => commentsShown(el).length === 2, 'the reply did not appear', { timeout: 5000 });
    expect(commentsShown(el).map(({ body, reply }) => [body, reply])).to.deep.equal([
      ['Which headers exactly?', false],
      ['RateLimit-Remaining, mostly.', true],
    ]);
    expect(focused(el)?.id).to.equal(commentWith(el, 'RateLimit-Remaining, mostly.').id);
    expect(commentWith(el, 'RateLimit-Remaining, mostly.').querySelector('[data-action^="reply-"]')).to.equal(null);

    // An edit by the author, within its 15 minutes; Escape closes the form and leaves the post page open.
    commentWith(el, 'Which headers exactly?').querySelector<HTMLButtonElement>('[data-action^="edit-"]')?.click();
    await el.updateComplete;
    focused(el)?.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, composed: true }));
    await el.updateComplete;
    expect(commentWith(el, 'Which headers exactly?').querySelector('textarea')).to.equal(null);
    expect(el.postId).to.not.equal('');
    commentWith(el, 'Which headers exactly?').querySelector<HTMLButtonElement>('[data-action^="edit-"]')?.click();
    await el.updateComplete;
    expect((focused(el) as HTMLTextAreaElement).value).to.equal('Which headers exactly?');
    sendComment($(el, '.thread [part~="comment-form"]'), 'Which headers, exactly?');
    await waitUntil(() => commentsShown(el)[0]?.body === 'Which headers, exactly?', 'the edit was not shown', { timeout: 5000 });
    expect(commentWith(el, 'Which headers, exactly?').textContent).to.include('edited');
    expect(liveText(el)).to.equal('Your comment was saved.');

    // Deleting the parent keeps it as "deleted" while its reply stays; deleting the reply removes both.
    const parent = commentWith(el, 'Which headers, exactly?');
    parent.querySelector<HTMLButtonElement>('[data-action^="delete-"]')?.click();
    await el.updateComplete;
    expect(focused(el)?.getAttribute('data-action')).to.match(/^confirm-/);
    (focused(el) as HTMLButtonElement).click();
    await waitUntil(() => commentsShown(el)[0]?.body === 'This comment was deleted.', 'the parent was not kept as deleted', { timeout: 5000 });
    expect(commentsShown(el).map(({ body }) => body)).to.deep.equal(['This comment was deleted.', 'RateLimit-Remaining, mostly.']);
    // Its edit is not told of: what was edited is gone.
    expect(commentWith(el, 'This comment was deleted.').textContent).to.not.include('edited');
    expect(liveText(el)).to.equal('The comment was deleted.');
    commentWith(el, 'RateLimit-Remaining, mostly.').querySelector<HTMLButtonElement>('[data-action^="delete-"]')?.click();
    await el.updateComplete;
    (focused(el) as HTMLButtonElement).click();
    await waitUntil(() => commentsShown(el).length === 0, 'the deleted thread stayed', { timeout: 5000 });
    expect($(el, '#comments-heading')?.textContent).to.equal('0 comments');

    // The server agrees: opened again, the post has no comments.
    $<HTMLButtonElement>(el, '[part~="back-button"]')?.click();
    await el.updateComplete;
    await openPost(el, 'Rate limit headers');
    expect(commentsShown(el)).to.deep.equal([]);
  });

  it('offers edit and delete only on the author’s own comments, edit only within 15 minutes, and shows the server’s refusal', async () => {
    const author = newAuthorId();
    const key = await freshKey();
    const el = await mountBoard({ boardId, authorId: author, authorName: 'Kim', publishableKey: key });
    await openPost(el, 'Offline mode');
    sendComment($(el, '[part~="comments"] > [part~="comment-form"]'), 'Sync conflicts?');
    await waitUntil(() => commentsShown(el).length === 1, 'the comment did not appear', { timeout: 5000 });
    const mine = commentWith(el, 'Sync conflicts?');
    expect([...mine.querySelectorAll('[data-action]')].map((button) => button.textContent)).to.deep.equal(['Reply', 'Edit', 'Delete']);

    // Its window closes on the server while the page still offers the edit: the refusal is shown, the text kept.
    const id = mine.id.replace('comment-', '');
    await ageComment(id, 16);
    mine.querySelector<HTMLButtonElement>('[data-action^="edit-"]')?.click();
    await el.updateComplete;
    const failed = oneEvent(el, 'inlay-error') as Promise<InlayErrorEvent>;
    sendComment($(el, '.thread [part~="comment-form"]'), 'Sync conflicts, please?');
    const { detail } = await failed;
    expect(detail.operation).to.deep.equal({ type: 'comment-edit', commentId: id, body: 'Sync conflicts, please?' });
    await el.updateComplete;
    const form = $(el, '.thread [part~="comment-form"]');
    expect(form?.querySelector('[role="alert"]')?.textContent).to.equal('Comments can only be edited for 15 minutes.');
    expect(form?.querySelector('textarea')?.value).to.equal('Sync conflicts, please?');

    // Seen by another visitor: no edit or delete; seen again by its author: delete, but no edit.
    const other = await mountBoard({ boardId, authorId: newAuthorId(), publishableKey: key });
    await openPost(other, 'Offline mode');
    expect([...commentWith(other, 'Sync conflicts?').querySelectorAll('[data-action]')].map((button) => button.textContent)).to.deep.equal(['Reply']);
    const again = await mountBoard({ boardId, authorId: author, publishableKey: key });
    await openPost(again, 'Offline mode');
    expect([...commentWith(again, 'Sync conflicts?').querySelectorAll('[data-action]')].map((button) => button.textContent)).to.deep.equal([
      'Reply',
      'Delete',
    ]);
  });

  it('knows an anonymous visitor’s own comments by the alias the server shows, which is not the id that acts for it', async () => {
    const key = await freshKey();
    const actions = (el: Element, body: string) => [...commentWith(el, body).querySelectorAll('[data-action]')].map((button) => button.textContent);
    localStorage.removeItem('inlay:anonymous-id');
    localStorage.removeItem('inlay:anonymous-alias');
    const el = await mountBoard({ boardId, anonymous: true, publishableKey: key });
    await openPost(el, 'Offline mode');
    sendComment($(el, '[part~="comments"] > [part~="comment-form"]'), 'Anonymous and proud.');
    await waitUntil(() => commentsShown(el).some(({ body }) => body === 'Anonymous and proud.'), 'the comment did not appear', { timeout: 5000 });
    expect(actions(el, 'Anonymous and proud.')).to.deep.equal(['Reply', 'Edit', 'Delete']);
    const id = localStorage.getItem('inlay:anonymous-id') ?? '';
    expect(id).to.match(/^anon_[0-9a-f]{32}$/);
    expect(el.shadowRoot?.innerHTML).not.to.include(id);

    // The same browser later: still its own comment.
    const again = await mountBoard({ boardId, anonymous: true, publishableKey: key });
    await openPost(again, 'Offline mode');
    expect(actions(again, 'Anonymous and proud.')).to.deep.equal(['Reply', 'Edit', 'Delete']);

    // Another anonymous visitor (another browser's id): not theirs.
    localStorage.setItem('inlay:anonymous-id', 'anon_0123456789abcdef0123456789abcdef');
    const other = await mountBoard({ boardId, anonymous: true, publishableKey: key });
    await openPost(other, 'Offline mode');
    expect(actions(other, 'Anonymous and proud.')).to.deep.equal(['Reply']);
  });

  it('offers delete on every comment to a team member’s token (role "team"), and the server takes it', async () => {
    const key = await freshKey();
    const actions = (el: Element, body: string) => [...commentWith(el, body).querySelectorAll('[data-action]')].map((button) => button.textContent);
    const visitor = await mountBoard({ boardId, authorId: newAuthorId(), authorName: 'Pat', publishableKey: key });
    await openPost(visitor, 'Webhooks for comments');
    sendComment($(visitor, '[part~="comments"] > [part~="comment-form"]'), 'Cheap watches, click here');
    await waitUntil(() => commentsShown(visitor).length === 1, 'the comment did not appear', { timeout: 5000 });

    // Another signed-in user, without the role: no delete on the visitor's comment.
    const user = await mountBoard({ boardId, publishableKey: key, getAuthorToken: () => authorToken({ boardId, authorId: newAuthorId(), name: 'Lee' }) });
    await openPost(user, 'Webhooks for comments');
    expect(actions(user, 'Cheap watches, click here')).to.deep.equal(['Reply']);

    const staff = newAuthorId();
    const team = await mountBoard({ boardId, publishableKey: key, getAuthorToken: () => authorToken({ boardId, authorId: staff, name: 'Sam from Acme', role: 'team' }) });
    await openPost(team, 'Webhooks for comments');
    expect(actions(team, 'Cheap watches, click here')).to.deep.equal(['Reply', 'Delete']);
    // Its own comment carries the team's badge; edit stays the author's own.
    sendComment($(team, '[part~="comments"] > [part~="comment-form"]'), 'Removing spam.');
    await waitUntil(() => commentsShown(team).length === 2, 'the team’s comment did not appear', { timeout: 5000 });
    expect(commentsShown(team)[1]).to.deep.equal({ name: 'Sam from Acme', body: 'Removing spam.', reply: false, team: true });
    expect(actions(team, 'Removing spam.')).to.deep.equal(['Reply', 'Edit', 'Delete']);

    commentWith(team, 'Cheap watches, click here').querySelector<HTMLButtonElement>('[data-action^="delete-"]')?.click();
    await team.updateComplete;
    (focused(team) as HTMLButtonElement).click();
    await waitUntil(() => commentsShown(team).length === 1, 'the visitor’s comment stayed', { timeout: 5000 });
    expect($$(team, '[part~="comment-error"]').map((error) => error.textContent)).to.deep.equal([]);
    expect(liveText(team)).to.equal('The comment was deleted.');

    // The server agrees: the visitor, opening the post again, sees only the team's comment.
    $<HTMLButtonElement>(visitor, '[part~="back-button"]')?.click();
    await visitor.updateComplete;
    await openPost(visitor, 'Webhooks for comments');
    expect(commentsShown(visitor).map(({ body }) => body)).to.deep.equal(['Removing spam.']);
  });

  it('pages comments with their cursor', async () => {
    const el = await mountBoard({ boardId, anonymous: true });
    await openPost(el, 'Keyboard shortcuts');
    expect(commentsShown(el)).to.have.length(20);
    expect(commentsShown(el)[0]?.body).to.equal('Comment 1');
    expect($(el, '#comments-heading')?.textContent).to.equal('23 comments');
    $<HTMLButtonElement>(el, '[part~="comments"] [part~="load-more"]')?.click();
    await waitUntil(() => commentsShown(el).length === 23, 'the next page was not added', { timeout: 5000 });
    expect(commentsShown(el).map(({ body }) => body).slice(-3)).to.deep.equal(['Comment 21', 'Comment 22', 'Comment 23']);
    expect($(el, '[part~="comments"] [part~="load-more"]')).to.equal(null);
  });

  it('is read-only for a visitor who cannot write: no comment form, no reply buttons', async () => {
    const el = await mountBoard({ boardId });
    await openPost(el, 'Dark mode');
    expect(commentsShown(el)).to.have.length(3);
    expect($(el, '[part~="comment-form"]')).to.equal(null);
    expect($(el, '[part~="comments"] [data-action]')).to.equal(null);
  });

  it('is operable with the keyboard: Enter opens a post, its title takes focus, the back button returns to its title in the list', async () => {
    const el = await mountBoard({ boardId, anonymous: true });
    const link = postNamed(el, 'Dark mode').querySelector<HTMLButtonElement>('[part~="post-link"]');
    link?.focus();
    expect(getComputedStyle(link as Element).cursor).to.equal('pointer');
    await sendKeys({ press: 'Enter' });
    await pageShown(el, 'Dark mode');
    expect(focused(el)?.id).to.equal('post-heading');
    // Before the title: its vote, then the way back.
    await sendKeys({ down: 'Shift' });
    await sendKeys({ press: 'Tab' });
    expect(focused(el)?.getAttribute('part')).to.equal('vote-button');
    await sendKeys({ press: 'Tab' });
    await sendKeys({ up: 'Shift' });
    expect(focused(el)?.getAttribute('part')).to.equal('back-button');
    expect(getComputedStyle(focused(el) as Element).outlineStyle).to.equal('solid');
    await sendKeys({ press: 'Tab' });
    expect(focused(el)?.getAttribute('part')).to.equal('vote-button');
    // Then the replies' buttons and the form, in reading order.
    await sendKeys({ press: 'Tab' });
    expect(focused(el)?.textContent).to.equal('Reply');
    await sendKeys({ press: 'Enter' });
    await el.updateComplete;
    expect(focused(el)?.getAttribute('part')).to.equal('comment-input');
    await sendKeys({ press: 'Tab' });
    expect(focused(el)?.textContent).to.equal('Cancel');
    await sendKeys({ press: 'Enter' });
    await el.updateComplete;
    expect(focused(el)?.textContent).to.equal('Reply');
    expect($(el, '.replies [part~="comment-form"]')).to.equal(null);

    $<HTMLButtonElement>(el, '[part~="back-button"]')?.focus();
    await sendKeys({ press: 'Enter' });
    await el.updateComplete;
    expect(focused(el)?.textContent).to.equal('Dark mode');
    expect(focused(el)?.getAttribute('part')).to.equal('post-link');
  });

  it('with a host’s own store that keeps comments lists, writes, edits and deletes them through the store only', async () => {
    const mine = comment('c3', 'byo_p1', 'Per project, please.', { author: { id: 'me', name: 'Me', anonymous: false }, createdAt: new Date().toISOString() });
    const store = memoryCommentStore([
      comment('c1', 'byo_p1', 'Would save me hours. <b>not bold</b>'),
      comment('c2', 'byo_p1', 'Coming in May.', { parentId: 'c1', team: true, author: { id: 'staff', name: 'Acme team', anonymous: false } }),
      mine,
    ]);
    Object.assign(store.posts[0] ?? {}, { commentCount: 3 });
    const fetches = recordFetches();
    try {
      const el = await mountBoard({ boardId, store, authorId: 'me', authorName: 'Me' });
      await openPost(el, 'Saved filters');
      expect($(el, '#comments-heading')?.textContent).to.equal('3 comments');
      expect(commentsShown(el)).to.deep.equal([
        { name: 'Ada', body: 'Would save me hours. <b>not bold</b>', reply: false, team: false },
        { name: 'Acme team', body: 'Coming in May.', reply: true, team: true },
      ]);
      expect($$(el, '[part~="comments"] b').length).to.equal(0);
      // The store's own cursor.
      $<HTMLButtonElement>(el, '[part~="comments"] [part~="load-more"]')?.click();
      await waitUntil(() => commentsShown(el).length === 3, 'the next page was not added', { timeout: 5000 });
      expect(store.commentCalls.list).to.deep.equal([
        ['byo_p1', { cursor: undefined }],
        ['byo_p1', { cursor: '2' }],
      ]);
      const actions = (body: string) => [...commentWith(el, body).querySelectorAll('[data-action]')].map((button) => button.textContent);
      expect(actions('Would save me hours. <b>not bold</b>')).to.deep.equal(['Reply']);
      expect(actions('Per project, please.')).to.deep.equal(['Reply', 'Edit', 'Delete']);

      sendComment($(el, '[part~="comments"] > [part~="comment-form"]'), 'And per user.');
      await waitUntil(() => commentsShown(el).length === 4, 'the comment did not appear', { timeout: 5000 });
      expect(store.commentCalls.create).to.deep.equal([['byo_p1', { body: 'And per user.', parentId: undefined, author: { id: 'me', name: 'Me' } }]]);
      expect($(el, '#comments-heading')?.textContent).to.equal('4 comments');

      commentWith(el, 'Per project, please.').querySelector<HTMLButtonElement>('[data-action^="edit-"]')?.click();
      await el.updateComplete;
      sendComment($(el, '.thread [part~="comment-form"]'), 'Per project and team, please.');
      await waitUntil(() => commentsShown(el)[2]?.body === 'Per project and team, please.', 'the edit was not shown', { timeout: 5000 });
      expect(store.commentCalls.edit).to.deep.equal([['c3', { body: 'Per project and team, please.', author: { id: 'me', name: 'Me' } }]]);

      commentWith(el, 'Per project and team, please.').querySelector<HTMLButtonElement>('[data-action^="delete-"]')?.click();
      await el.updateComplete;
      (focused(el) as HTMLButtonElement).click();
      await waitUntil(() => commentsShown(el).length === 3, 'the comment stayed', { timeout: 5000 });
      expect(store.commentCalls.delete).to.deep.equal(['c3']);
      expect(store.comments.map(({ id }) => id)).to.deep.equal(['c1', 'c2', 'byo_c4']);
      expect(fetches.urls.filter((url) => url.includes('/comments') || url.includes('/api/v1/posts'))).to.deep.equal([]);
    } finally {
      fetches.stop();
    }
  });

  it('with a host’s own store that only lists comments offers no form, reply, edit or delete', async () => {
    const { listComments } = memoryCommentStore([comment('c1', 'byo_p1', 'Mine.', { author: { id: 'me', name: 'Me', anonymous: false }, createdAt: new Date().toISOString() })]);
    const el = await mountBoard({ boardId, store: { ...memoryPostStore(), listComments }, authorId: 'me' });
    await openPost(el, 'Saved filters');
    expect(commentsShown(el).map(({ body }) => body)).to.deep.equal(['Mine.']);
    expect($$(el, '[part~="comment-form"]').length).to.equal(0);
    expect($$(el, '[part~="comments"] [data-action]').map((button) => button.textContent)).to.deep.equal([]);
  });

  it('with a host’s own store without listComments shows a listed post without a comments section, here in German', async () => {
    const el = await mountBoard({ boardId, store: memoryPostStore(), authorId: 'me' });
    el.locale = 'de';
    await waitUntil(() => $(el, '[part~="sort-button"]')?.textContent === 'Beliebt', 'the German texts did not load', { timeout: 5000 });
    await openPost(el, 'Saved filters');
    expect($(el, '[part~="back-button"]')?.textContent?.trim()).to.equal('Alle Beiträge');
    expect($(el, '[part~="comments"]')).to.equal(null);
    expect(pagePost(el).status).to.equal('Geplant');
    // Neither listed nor answered by the store (it has no `get`): not found.
    el.postId = 'byo_missing';
    await el.updateComplete;
    expect($(el, '[part~="page"] [role="alert"]')?.textContent?.trim()).to.equal('Diesen Beitrag gibt es nicht oder er wurde entfernt.');
  });

  it('fits 375 px without sideways scrolling, and mirrors right to left (back arrow, replies indented from the right)', async () => {
    await setViewport({ width: 375, height: 700 });
    try {
      const el = await mountBoard({ boardId, anonymous: true });
      await openPost(el, 'Dark mode');
      const card = $(el, '[part~="base"]') as HTMLElement;
      expect(card.scrollWidth).to.be.at.most(card.clientWidth);
      expect(card.getBoundingClientRect().right).to.be.at.most(375);
      const wrapper = el.parentElement as HTMLElement;
      wrapper.dir = 'rtl';
      await el.updateComplete;
      const replies = $(el, '.replies') as HTMLElement;
      expect(getComputedStyle(replies).borderRightStyle).to.equal('solid');
      expect(getComputedStyle(replies).borderLeftStyle).to.equal('none');
      expect(getComputedStyle($(el, '.back-icon') as Element).transform).to.equal('matrix(-1, 0, 0, 1, 0, 0)');
      const back = ($(el, '[part~="back-button"]') as HTMLElement).getBoundingClientRect();
      expect(back.right).to.be.greaterThan(card.getBoundingClientRect().right - 60);
    } finally {
      await setViewport({ width: 800, height: 600 });
    }
  });

  it('has no axe violations on a post page with comments, a reply form, a validation message and the team badge', async () => {
    const el = await mountBoard({ boardId, authorId: newAuthorId(), publishableKey: await freshKey() });
    await openPost(el, 'Dark mode');
    commentWith(el, 'Please also dim the images. <b>not bold</b> https://example.com').querySelector<HTMLButtonElement>('[data-action^="reply-"]')?.click();
    await el.updateComplete;
    sendComment($(el, '[part~="comments"] > [part~="comment-form"]'), '');
    await el.updateComplete;
    for (const theme of ['light', 'dark'] as const) {
      el.theme = theme;
      await el.updateComplete;
      await expect(el).to.be.accessible();
    }
  });
});
