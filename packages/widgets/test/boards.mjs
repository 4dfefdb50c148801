/**
 * Feedback boards published on the test server (web-test-runner.config.mjs) and for the
 * screenshot (scripts/screenshot.mjs), with the posts seeded on them over HTTP. Keys name them
 * for the tests. `after` is a config published once the posts are in (a board that takes no new
 * posts still shows its old ones). `votes[i]` is how many visitors vote for post i.
 */

/** Posts of the main board, oldest first. Titles are distinct words so searches are exact. */
const ideas = [
  ['Dark mode', 'A darker theme for evening work, following the system setting.'],
  ['Keyboard shortcuts for everything', 'J/K to move between items, and a cheat sheet behind "?".'],
  ['Slack integration', 'Post a message to a channel when something changes.'],
  ['Export to spreadsheet', 'Download the current view as CSV or XLSX.'],
  ['Two-factor authentication', 'TOTP apps and hardware keys.'],
  ['Offline mode', 'Keep working on a plane and sync when back online.'],
  ['Custom fields on projects', 'Text, number, date and dropdown fields.'],
  ['Calendar view', 'See due dates on a monthly calendar.'],
  ['Recurring tasks', 'Repeat every week, month, or on the first Monday.'],
  ['Public roadmap page', 'Share what is planned with customers.'],
  ['Bulk edit', 'Select many items and change their owner at once.'],
  ['Audit log', 'Who changed what, and when, for admins.'],
  ['Mobile app for Android', ''],
  ['Webhooks for new comments', 'So our own tools can react.'],
  ['Faster search', 'Results while typing, with typo tolerance.'],
  ['Templates for new projects', 'Start from a saved structure.'],
  ['Single sign-on with Okta', 'SAML or OIDC.'],
  ['Gantt chart', 'Dependencies between tasks on a timeline.'],
  ['Emoji reactions on comments', ''],
  ['Time tracking', 'Start and stop a timer on any task.'],
  ['Archive old projects', 'Hide them without deleting them.'],
  ['Zapier app', 'Connect to thousands of tools without code.'],
];

/** Names some seeded authors sign with; the rest post without one. */
const people = ['Ada', 'Grace', null, 'Linus', 'Margaret', null, 'Alan', 'Barbara'];

export const boards = {
  main: {
    name: 'Acme feature requests',
    config: { allowAnonymous: true },
    // Export to spreadsheet (index 3) has no votes: it is never on the first page of `top`.
    posts: ideas.map(([title, body], index) => {
      const name = people[index % people.length];
      return { title, body, author: { id: `idea-author-${index}`, ...(name ? { name } : {}) } };
    }),
    votes: [9, 7, 6, 0, 5, 4, 3, 3, 2, 2, 1, 1],
  },
  // Writes (new posts, votes) go here, so the main board's order stays known.
  open: {
    name: 'Open board',
    config: { allowAnonymous: true, emptyState: 'Nothing here yet.' },
    posts: [
      { title: 'Better onboarding emails', body: 'Shorter, with one link each.' },
      { title: 'Printable invoices', body: '' },
    ],
    votes: [2],
  },
  // Several-tab tests vote here, so the open board's counts stay known to its own tests.
  tabs: {
    name: 'Tabs board',
    config: { allowAnonymous: true },
    posts: [{ title: 'Printable invoices', body: '' }],
    votes: [],
  },
  locked: {
    name: 'Read-only board',
    config: { allowAnonymous: true },
    after: { allowAnonymous: true, submissionsEnabled: false, votingEnabled: false },
    posts: [
      { title: 'Shipped: CSV import', body: 'Thanks for voting!' },
      { title: 'Team spaces', body: '' },
    ],
    votes: [3],
  },
  uncounted: {
    name: 'Quiet board',
    config: { allowAnonymous: true, showVoteCounts: false },
    posts: [{ title: 'Quieter notifications', body: '' }],
    votes: [4],
  },
  empty: {
    name: 'Brand-new board',
    config: { allowAnonymous: true, emptyState: 'No ideas yet. Be the first!', branding: { title: 'Ideas for Acme', accentColor: '#0f766e' } },
    posts: [],
  },
  token: {
    name: 'Customers only',
    config: { requireAuthorToken: true },
    posts: [],
  },
  // Its config is changed by a test after the page has loaded it.
  stale: {
    name: 'Stale board',
    config: { allowAnonymous: true },
    posts: [{ title: 'Price in euros', body: '' }],
    votes: [1],
  },
  // The post page, comments, filters and the roadmap (post-page.test.ts, board-views.test.ts).
  // `statuses[i]` and `comments[i]` belong to post i; a comment's `reply` is the index of the
  // post's comment it answers, `team` marks one written with a team token.
  discuss: {
    name: 'Discussed board',
    config: {
      allowAnonymous: true,
      categories: [
        { id: 'ui', name: 'Interface', color: '#db2777' },
        { id: 'api', name: 'API', color: '#0891b2' },
      ],
    },
    posts: [
      { title: 'Dark mode', body: 'A darker theme for evening work.\nhttps://example.com/dark stays text.', categoryId: 'ui' },
      { title: 'Webhooks for comments', body: 'So our tools can react.', categoryId: 'api' },
      { title: 'Bulk edit', body: 'Change many items at once.', categoryId: 'ui' },
      { title: 'Rate limit headers', body: '', categoryId: 'api' },
      { title: 'Offline mode', body: 'Keep working on a plane.' },
      { title: 'Keyboard shortcuts', body: '' },
    ],
    votes: [5, 4, 3, 2, 1],
    statuses: ['planned', 'in_progress', 'completed', 'planned', 'under_review', 'open'],
    comments: [
      [
        { body: 'Please also dim the images. <b>not bold</b> https://example.com', author: { id: 'commenter-1', name: 'Ada' } },
        { body: 'We are on it.', reply: 0, team: { name: 'Acme team' } },
        { body: 'Would love this.', author: { id: 'commenter-2', name: 'Grace' } },
      ],
      [],
      [],
      [],
      [],
      // More than a page (20) of comments.
      Array.from({ length: 23 }, (_, index) => ({ body: `Comment ${index + 1}` })),
    ],
  },
  xss: {
    name: 'Hostile content',
    config: { allowAnonymous: true },
    posts: [
      {
        title: '<img src=x onerror="window.__inlayXss=true">',
        body: '<script>window.__inlayXss=true</script><b>not bold</b>',
      },
    ],
  },
};

/**
 * Publishes every board of `which` on `server` (an InlayServer) and seeds its posts and votes.
 * Answers `{[key]: boardId}`.
 *
 * @param {import('../scripts/inlay-server.mjs').InlayServer} server
 * @param {Record<string, {name: string, config: object, after?: object, posts: {title: string, body?: string, categoryId?: string}[], votes?: number[], statuses?: string[], comments?: {body: string, reply?: number, author?: object, team?: {name: string}}[][]}>} which
 */
export async function publishBoards(server, which = boards) {
  const ids = {};
  let voters = 0;
  for (const [key, board] of Object.entries(which)) {
    const id = await server.publishBoard(board.name, board.config);
    const posts = [];
    for (const post of board.posts) posts.push(await server.createPost(id, post));
    for (const [index, count] of (board.votes ?? []).entries()) {
      for (let i = 0; i < count; i++) await server.vote(posts[index].id, `voter-${(voters += 1)}`);
    }
    for (const [index, status] of (board.statuses ?? []).entries()) if (status !== 'open') await server.setPostStatus(posts[index].id, status);
    for (const [index, comments] of (board.comments ?? []).entries()) {
      const written = [];
      for (const { reply, team, ...comment } of comments) {
        const parentId = reply === undefined ? undefined : written[reply].id;
        written.push(await server.createComment(posts[index].id, { ...comment, parentId, team: team && { authorId: 'team-member', boardId: id, ...team } }));
      }
    }
    if (board.after) await server.republishBoard(id, board.name, board.after);
    ids[key] = id;
  }
  return ids;
}
