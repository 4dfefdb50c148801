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
    back: 'Alle Beiträge',
    postNotFound: 'Diesen Beitrag gibt es nicht oder er wurde entfernt.',
    postFailed: 'Dieser Beitrag konnte nicht geladen werden.',
    comments: (count) => `${n(count)} ${count === 1 ? 'Kommentar' : 'Kommentare'}`,
    noComments: 'Noch keine Kommentare.',
    commentsFailed: 'Kommentare konnten nicht geladen werden.',
    commentLabel: 'Kommentar schreiben',
    replyLabel: (name) => `${name} antworten`,
    editLabel: 'Ihren Kommentar bearbeiten',
    commentSubmit: 'Kommentieren',
    reply: 'Antworten',
    edit: 'Bearbeiten',
    save: 'Speichern',
    cancel: 'Abbrechen',
    delete: 'Löschen',
    deleteConfirm: 'Diesen Kommentar löschen?',
    team: 'Team',
    edited: 'bearbeitet',
    deletedComment: 'Dieser Kommentar wurde gelöscht.',
    commentRequired: 'Schreiben Sie zuerst einen Kommentar.',
    commentTooLong: (max, length) => `Der Kommentar darf höchstens ${n(max)} Zeichen haben (jetzt ${n(length)}).`,
    commentFailed: (code) =>
      code === 'edit_window_closed'
        ? 'Kommentare können nur 15 Minuten lang bearbeitet werden.'
        : code === 'not_comment_author'
          ? 'Nur die Verfasserin oder der Verfasser kann diesen Kommentar ändern.'
          : `Ihr Kommentar konnte nicht gespeichert werden${code ? ` (${code})` : ''}. Versuchen Sie es erneut.`,
    announceCommentAdded: 'Ihr Kommentar wurde hinzugefügt.',
    announceCommentSaved: 'Ihr Kommentar wurde gespeichert.',
    announceCommentDeleted: 'Der Kommentar wurde gelöscht.',
    statusFilterLabel: 'Status',
    categoryLabel: 'Kategorie',
    allCategories: 'Alle Kategorien',
    roadmapLabel: 'Roadmap',
    columnEmpty: 'Noch nichts hier.',
  };
};
export default de;
