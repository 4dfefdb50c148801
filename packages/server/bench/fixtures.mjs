// Deterministic test data for the benchmarks: the onboarding flow config, and feedback posts
// generated from a word list (Zipf-distributed common words, compounds, a long tail of rare
// words, some accented and non-Latin words) plus the search terms that hit them.
// Everything comes from a seeded PRNG, so every run measures the same board.

/** A config of the size a real onboarding checklist has: ten items, descriptions, actions. */
export function benchFlowConfig() {
  const topics = ['profile', 'team', 'project', 'integration', 'billing', 'domain', 'import', 'alerts', 'api', 'mobile'];
  return {
    emptyState: 'You are all set!',
    items: topics.map((topic, i) => ({
      id: `step-${topic}`,
      title: `Set up your ${topic}`,
      description: `Step ${i + 1} of 10: configure your ${topic} so your team can get the most out of the product from day one.`,
      action: { label: `Open ${topic}`, href: `/settings/${topic}` },
      ...(i > 0 ? { dependsOn: [`step-${topics[i - 1]}`] } : {}),
      ...(i % 4 === 3 ? { optional: true } : {}),
    })),
  };
}

/** mulberry32: a small, fast, seeded PRNG (uniform in [0, 1)). */
export function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// The vocabulary in Zipf rank order: function words, then the words of product feedback, then
// a long tail of generated words (ranks past the real ones), so term frequencies fall off as in
// real text: the most common content words are in several percent of posts, the tail in a few.
const FUNCTION_WORDS = `the to and a of for in it is we would be please add when can with on this that not our i you`.split(' ');
const CONTENT_WORDS = `
feature users export dashboard notification report team option support data page view settings email
like able more search mobile app integration filter api new time custom list button workflow
calendar dark mode import project comment board task user account access sync update share file
template status label chart password sso permission webhook slack jira github csv pdf excel
editor markdown attachment reminder recurring deadline timezone language translation offline
keyboard shortcut bulk edit delete archive history audit log invoice billing plan seat role
admin guest onboarding checklist survey feedback roadmap changelog release vote priority tag
category column row table grid sort group summary analytics metric goal milestone sprint backlog
estimate timeline gantt kanban card drag drop resize theme font color contrast accessibility
screen reader zoom print copy paste undo redo autosave draft preview publish schedule queue
retry error crash slow loading performance memory battery sound alert badge icon avatar profile
signup login logout session token security encryption backup restore sandbox staging production
`.trim().split(/\s+/);
/** Compounds: words inside words, so fragments of them must match (trigram search). */
const COMPOUNDS = [
  'darkmode', 'autosave', 'whiteboard', 'dashboardwidget', 'webhooks', 'mailchimp', 'gmail', 'hotkeys', 'timesheet',
  'timetracking', 'screenshare', 'drag-and-drop', 'follow-up', 'e-mail', 'sub-task', 'multi-select', 'two-factor',
  'Zeiterfassung', 'Benachrichtigungseinstellungen', 'Kalenderexport', 'Datenschutzerklärung', 'Rechnungsvorlage',
  'Projektübersicht', 'Dateianhang', 'Sprachausgabe', 'Stapelverarbeitung',
];

/** Accented and non-Latin words: folding and any script. */
const INTERNATIONAL = ['café', 'résumé', 'naïve', 'façade', 'größe', 'mañana', 'ダークモード', 'エクスポート', '通知設定', 'темная', 'тема', 'экспорт'];

const SYLLABLES = ['ka', 'lo', 'mi', 'ru', 'ven', 'tor', 'qua', 'zel', 'bri', 'dan', 'fex', 'gul', 'hom', 'jin', 'ply', 'sor', 'tak', 'vun', 'wex', 'yol'];
/** How many distinct rare words the long tail has. */
const RARE_WORDS = 20_000;

function rareWord(i) {
  // Three or four syllables from the index: distinct, pronounceable, never a common word.
  let n = i;
  let word = '';
  for (let s = 0; s < 4 && (s < 3 || n > 0); s++) {
    word += SYLLABLES[n % SYLLABLES.length];
    n = Math.floor(n / SYLLABLES.length);
  }
  return word;
}

/**
 * A post generator: `next()` answers {title, body}. Titles are 3–9 words, bodies 1–4 sentences
 * of 6–18 words. 3% of words are compounds, 0.5% international, the rest Zipf over the vocabulary.
 */
export function postGenerator(seed = 42) {
  const random = prng(seed);
  // Zipf (s = 1) over the whole ranked vocabulary, by inverse CDF on a prefix-sum table.
  const vocabulary = [...FUNCTION_WORDS, ...CONTENT_WORDS, ...Array.from({ length: RARE_WORDS }, (_, i) => rareWord(i))];
  const weights = vocabulary.map((_, i) => 1 / (i + 1));
  const total = weights.reduce((a, b) => a + b, 0);
  const cdf = [];
  let acc = 0;
  for (const w of weights) cdf.push((acc += w / total));
  const zipf = () => {
    const u = random();
    let lo = 0;
    let hi = cdf.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cdf[mid] < u) lo = mid + 1;
      else hi = mid;
    }
    return vocabulary[lo];
  };
  const pick = (list) => list[Math.floor(random() * list.length)];
  const word = () => {
    const u = random();
    if (u < 0.03) return pick(COMPOUNDS);
    if (u < 0.035) return pick(INTERNATIONAL);
    return zipf();
  };
  const words = (min, max) => Array.from({ length: min + Math.floor(random() * (max - min + 1)) }, word);
  const capital = (text) => text.charAt(0).toUpperCase() + text.slice(1);
  return {
    random,
    next() {
      const title = capital(words(3, 9).join(' '));
      const sentences = Array.from({ length: 1 + Math.floor(random() * 4) }, () => `${capital(words(6, 18).join(' '))}.`);
      return { title, body: sentences.join(' ') };
    },
  };
}

/**
 * The search mix, by kind. `common`: frequent words (many thousand matches, all ranked);
 * `rare`: long-tail words with a handful of matches and one with none; `fragment`: parts of
 * compounds and of other words (only a trigram index finds them); `short`: two-letter terms,
 * which the index cannot serve (they filter with LIKE), alone and beside an indexed word.
 */
export const SEARCH_QUERIES = {
  common: ['export', 'dashboard', 'dark mode', 'notification email', 'search filter', 'mobile app'],
  rare: [rareWord(1_500), rareWord(6_000), rareWord(12_345), rareWord(19_000), `${rareWord(800)} export`, 'zzqxwv'],
  fragment: ['board', 'hook', 'mail', 'zeit', 'port', 'einstellung', 'resume', 'モード'],
  short: ['ui', 'ok', 'go', 'ui export', 'db dashboard', 'ab'],
};

/**
 * The most expensive searches found against the server's limits (docs/security.md, Search): the
 * original 48 × "the" (one term once repeats and stop words are dropped), the most common words
 * up to the term cap in both match modes, and one-letter words (the largest prefix lists)
 * narrowing a common word, which makes SQLite collect every post holding them.
 */
export const WORST_SEARCHES = [
  { q: 'the '.repeat(48).trim(), match: 'any' },
  { q: 'feature users export dashboard notification report team option', match: 'any' },
  { q: 'feature users export dashboard notification report team option', match: 'all' },
  { q: 'b c d e f g h export', match: 'all' },
  { q: 'b c d e f g h export', match: 'any' },
];

/** The bench board's categories, and how its posts' statuses are shared out (app-target.mjs). */
export const BENCH_CATEGORIES = Array.from({ length: 10 }, (_, n) => `c${n}`);
export const BENCH_STATUSES = [
  ['open', 0.7],
  ['under_review', 0.08],
  ['planned', 0.08],
  ['in_progress', 0.06],
  ['completed', 0.05],
  ['closed', 0.03],
];
/** The filtered first pages the benchmark asks for: roadmap columns of one category each. */
export const FILTERED_LISTS = ['planned', 'in_progress', 'completed', 'planned,in_progress'].flatMap((status) =>
  BENCH_CATEGORIES.map((categoryId) => ({ status, categoryId })),
);
