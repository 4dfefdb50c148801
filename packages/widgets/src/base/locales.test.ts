// Languages (docs/widgets.md, Languages): the `locale` attribute or the nearest `lang` picks a
// shipped translation, loaded on demand, with `pt-BR` → `pt` → English fallback; `strings`
// overrides win over it; dates and numbers follow the language; `dir="rtl"` mirrors the layout.
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import type { InlayChecklist } from '../checklist/checklist.js';
import { $, $$, memoryPostStore, mountBoard, post } from '../testing/board-helpers.js';
import { newUserId, part, settled, testEnv } from '../testing/helpers.js';
import { mountImporter } from '../testing/importer-helpers.js';
import { loadLocale, shippedLocales } from './locale.js';

/** `<inlay-checklist>` inside a `<div>` with the given attributes (lang, dir), loaded. */
async function checklistIn(attributes: { lang?: string; dir?: string; locale?: string }): Promise<InlayChecklist> {
  const env = await testEnv();
  const wrapper = await fixture<HTMLDivElement>(html`<div lang=${attributes.lang ?? 'en'} dir=${attributes.dir ?? 'ltr'}>
    <inlay-checklist flow-id=${env.flows.main} publishable-key=${env.publishableKey} base-url=${env.baseUrl} user-id=${newUserId()}
      locale=${attributes.locale ?? ''}></inlay-checklist>
  </div>`);
  const el = wrapper.querySelector('inlay-checklist') as InlayChecklist;
  await settled(el);
  return el;
}

const summary = (el: InlayChecklist) => part(el, 'summary')?.textContent ?? '';

describe('languages', () => {
  it('picks the tag, then its language, then English (pt-BR → pt → en)', async () => {
    const shipped = new Set(['de', 'pt-BR', 'pt']);
    const asked: string[] = [];
    const load = (tag: string) => {
      asked.push(tag);
      return shipped.has(tag) ? Promise.resolve({ default: (chosen: string) => ({ chosen }) }) : undefined;
    };
    expect(await loadLocale(load, 'pt-br')).to.deep.equal({ tag: 'pt-BR', strings: { chosen: 'pt-BR' } });
    expect(await loadLocale(load, 'pt-PT')).to.deep.equal({ tag: 'pt-PT', strings: { chosen: 'pt-PT' } });
    expect(await loadLocale(load, 'de-AT')).to.deep.equal({ tag: 'de-AT', strings: { chosen: 'de-AT' } });
    expect(await loadLocale(load, 'en-GB')).to.deep.equal({ tag: 'en-GB', strings: {} });
    expect(await loadLocale(load, 'zh-TW')).to.deep.equal({ tag: 'en', strings: {} });
    expect(await loadLocale(load, 'en_US')).to.deep.equal({ tag: 'en', strings: {} });
    expect(asked).to.deep.equal(['pt-BR', 'pt-PT', 'pt', 'de-AT', 'de', 'zh-TW', 'zh']);
  });

  it('loads a shipped translation by exact tag, `pt` as `pt-BR`, and nothing else (the npm loader)', async () => {
    const imported: string[] = [];
    const load = shippedLocales({
      de: () => (imported.push('de'), Promise.resolve({ default: () => ({}) })),
      'pt-BR': () => (imported.push('pt-BR'), Promise.resolve({ default: () => ({}) })),
    });
    for (const tag of ['de', 'pt', 'pt-BR', 'pt-PT', 'de-AT', 'fr', 'constructor', 'toString']) await load(tag);
    expect(imported).to.deep.equal(['de', 'pt-BR', 'pt-BR']);
    expect(load('fr')).to.equal(undefined);
    expect(load('constructor')).to.equal(undefined);
  });

  it('shows the translation of its `locale`, or of the nearest `lang`', async () => {
    const german = await checklistIn({ lang: 'de-DE' });
    await waitUntil(() => summary(german) === '0 von 3 erledigt', `summary: ${summary(german)}`);
    const portuguese = await checklistIn({ lang: 'pt-PT' });
    await waitUntil(() => summary(portuguese) === '0 de 3 concluídas', `summary: ${summary(portuguese)}`);
    // The attribute wins over the page's language, and switching it switches the texts.
    const japanese = await checklistIn({ lang: 'de', locale: 'ja' });
    await waitUntil(() => summary(japanese) === '3 件中 0 件完了', `summary: ${summary(japanese)}`);
    japanese.locale = 'en';
    await waitUntil(() => summary(japanese) === '0 of 3 done', `summary: ${summary(japanese)}`);
    // A language with no translation stays English.
    const unknown = await checklistIn({ lang: 'sv' });
    await unknown.updateComplete;
    expect(summary(unknown)).to.equal('0 of 3 done');
  });

  it('keeps `strings` overrides above the translation', async () => {
    const el = await checklistIn({ locale: 'fr' });
    el.strings = { progress: (done, total) => `${done}/${total} ✔` };
    await waitUntil(() => part(el, 'dismiss-button')?.getAttribute('aria-label') === 'Fermer la liste', 'not French');
    expect(summary(el)).to.equal('0/3 ✔');
  });

  it('formats dates and counts in the widget’s language', async () => {
    const { feedback } = await testEnv();
    const createdAt = '2025-03-01T10:00:00.000Z';
    const store = memoryPostStore([post('p1', 'Dark mode', { voteCount: 1234, createdAt, status: 'planned' })]);
    const el = await mountBoard({ boardId: feedback.boards.main, store });
    el.locale = 'de';
    await waitUntil(() => $(el, '[part~="status"]')?.textContent === 'Geplant', 'not German');
    expect($(el, 'time')?.textContent).to.equal(new Date(createdAt).toLocaleDateString('de', { dateStyle: 'medium' }));
    expect($(el, '[part~="vote-count"]')?.textContent).to.equal('1.234');
    expect($(el, '[part~="vote-button"]')?.getAttribute('aria-label')).to.equal('Für „Dark mode“ stimmen, 1.234 Stimmen');

    const importer = await mountImporter();
    importer.locale = 'ja';
    await waitUntil(() => importer.shadowRoot?.textContent?.includes('ファイルを選択'), 'not Japanese');
  });

  it('mirrors the layout right to left', async () => {
    const ltr = await checklistIn({ dir: 'ltr' });
    const rtl = await checklistIn({ dir: 'rtl' });
    const edges = (el: InlayChecklist) => ({ title: part(el, 'title')?.getBoundingClientRect(), dismiss: part(el, 'dismiss-button')?.getBoundingClientRect() });
    const left = edges(ltr);
    const right = edges(rtl);
    expect((left.dismiss?.left ?? 0) > (left.title?.left ?? 0)).to.equal(true);
    // Right to left, the dismiss button is at the start of the line: left of the title.
    expect((right.dismiss?.right ?? 0) <= (right.title?.left ?? 0) + 1).to.equal(true);
    expect(getComputedStyle(part(rtl, 'progress-fill') as Element).transformOrigin.startsWith(`${part(rtl, 'progress')?.getBoundingClientRect().width}px`)).to.equal(true);

    const { feedback } = await testEnv();
    const board = await mountBoard({ boardId: feedback.boards.main, store: memoryPostStore() });
    (board.parentElement as HTMLElement).dir = 'rtl';
    await board.updateComplete;
    const first = $$(board, '[part~="post"]')[0] as HTMLElement;
    const vote = first.querySelector('[part~="vote-button"]')?.getBoundingClientRect();
    const title = first.querySelector('[part~="post-title"]')?.getBoundingClientRect();
    expect((vote?.left ?? 0) >= (title?.right ?? 0) - 1).to.equal(true);
  });
});
