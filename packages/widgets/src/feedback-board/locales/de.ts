import type { LocalePack } from '../../base/locale.js';
import type { FeedbackBoardStrings } from '../feedback-board.strings.js';

/** German. */
const de: LocalePack<FeedbackBoardStrings> = (tag) => {
  const n = (value: number) => value.toLocaleString(tag);
  const votes = (count: number) => `${n(count)} ${count === 1 ? 'Stimme' : 'Stimmen'}`;
  const posts = (count: number) => `${n(count)} ${count === 1 ? 'Beitrag' : 'Beiträge'}`;
  return {
    loading: 'Feedback wird geladen',
    errorTitle: 'Dieses Board konnte nicht geladen werden',
    errorMessage: (code) => (code ? `Etwas ist schiefgelaufen (${code}).` : 'Prüfen Sie Ihre Verbindung und versuchen Sie es erneut.'),
    retry: 'Erneut versuchen',
    formLabel: 'Neuer Beitrag',
    titleLabel: 'Eine Idee vorschlagen',
    titlePlaceholder: 'Ein kurzer, aussagekräftiger Titel',
    bodyLabel: 'Details (optional)',
    submit: 'Idee posten',
    submitting: 'Wird gepostet…',
    titleRequired: 'Geben Sie einen Titel ein.',
    titleTooLong: (max, length) => `Der Titel darf höchstens ${n(max)} Zeichen haben (jetzt ${n(length)}).`,
    bodyTooLong: (max, length) => `Die Details dürfen höchstens ${n(max)} Zeichen haben (jetzt ${n(length)}).`,
    createFailed: (code) => `Ihr Beitrag konnte nicht gespeichert werden${code ? ` (${code})` : ''}. Versuchen Sie es erneut.`,
    similar: 'Ähnliche Beiträge',
    searchLabel: 'Beiträge durchsuchen',
    sortLabel: 'Sortieren nach',
    sort: { top: 'Beliebt', new: 'Neu', trending: 'Im Trend' },
    status: { open: 'Offen', under_review: 'In Prüfung', planned: 'Geplant', in_progress: 'In Arbeit', completed: 'Erledigt', closed: 'Geschlossen' },
    empty: 'Noch keine Beiträge.',
    noResults: (q) => `Keine Beiträge zu „${q}“.`,
    voteLabel: (title, count) => `Für „${title}“ stimmen${count === null ? '' : `, ${votes(count)}`}`,
    votes,
    anonymous: 'Anonym',
    loadMore: 'Mehr laden',
    listFailed: 'Beiträge konnten nicht geladen werden.',
    announceResults: (count, more) => (count === 0 ? 'Keine Beiträge gefunden.' : `${posts(count)}${more ? '+' : ''} gefunden.`),
    announceMore: (count) => `${posts(count)} mehr geladen.`,
    announceCreated: 'Ihr Beitrag wurde hinzugefügt.',
    announceVoteFailure: 'Ihre Stimme konnte nicht gespeichert werden und wurde zurückgenommen.',
  };
};
export default de;
