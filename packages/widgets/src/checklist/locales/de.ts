import type { LocalePack } from '../../base/locale.js';
import type { ChecklistStrings } from '../checklist.strings.js';

/** German. */
const de: LocalePack<ChecklistStrings> = (tag) => {
  const date = (until: Date) => until.toLocaleDateString(tag, { dateStyle: 'medium' });
  const n = (value: number) => value.toLocaleString(tag);
  return {
    loading: 'Checkliste wird geladen',
    errorTitle: 'Diese Checkliste konnte nicht geladen werden',
    errorMessage: (code) => (code ? `Etwas ist schiefgelaufen (${code}).` : 'Prüfen Sie Ihre Verbindung und versuchen Sie es erneut.'),
    retry: 'Erneut versuchen',
    progress: (done, total) => `${n(done)} von ${n(total)} erledigt`,
    progressLabel: 'Fortschritt der Checkliste',
    empty: 'Hier gibt es noch nichts zu tun.',
    completeTitle: 'Alles erledigt!',
    completeMessage: 'Sie haben jeden Schritt abgeschlossen.',
    skip: 'Überspringen',
    skipItem: (title) => `„${title}“ überspringen`,
    skipped: 'Übersprungen',
    showMe: 'Zeig es mir',
    blockedBy: (titles) => `Erledigen Sie zuerst ${titles.map((t) => `„${t}“`).join(', ')}.`,
    optional: 'Optional',
    dismissLabel: 'Checkliste schließen',
    snoozeLabel: 'Erinnern in',
    snoozeDays: (days) => (days === 7 ? '1 Woche' : `${n(days)} ${days === 1 ? 'Tag' : 'Tagen'}`),
    reset: 'Von vorn beginnen',
    show: 'Checkliste anzeigen',
    snoozedUntil: (until) => `Pausiert bis ${date(until)}`,
    announceComplete: (title) => `„${title}“ erledigt.`,
    announceSkip: (title) => `„${title}“ übersprungen.`,
    announceFlowComplete: 'Checkliste abgeschlossen.',
    announceSnooze: (until) => `Checkliste pausiert bis ${date(until)}.`,
    announceDismiss: 'Checkliste geschlossen.',
    announceResume: 'Checkliste angezeigt.',
    announceReset: 'Checkliste neu begonnen.',
    announceFailure: 'Diese Änderung konnte nicht gespeichert werden und wurde rückgängig gemacht.',
  };
};
export default de;
