import type { LocalePack } from '../../base/locale.js';
import type { ChecklistStrings } from '../checklist.strings.js';

/** French. */
const fr: LocalePack<ChecklistStrings> = (tag) => {
  const date = (until: Date) => until.toLocaleDateString(tag, { dateStyle: 'medium' });
  const n = (value: number) => value.toLocaleString(tag);
  return {
    loading: 'Chargement de la liste',
    errorTitle: 'Cette liste n’a pas pu être chargée',
    errorMessage: (code) => (code ? `Une erreur s’est produite (${code}).` : 'Vérifiez votre connexion et réessayez.'),
    retry: 'Réessayer',
    progress: (done, total) => `${n(done)} sur ${n(total)} terminées`,
    progressLabel: 'Progression de la liste',
    empty: 'Rien à faire pour l’instant.',
    completeTitle: 'Tout est fait\u202f!',
    completeMessage: 'Vous avez terminé toutes les étapes.',
    skip: 'Passer',
    skipItem: (title) => `Passer «\u00a0${title}\u00a0»`,
    skipped: 'Passée',
    showMe: 'Montrez-moi',
    blockedBy: (titles) => `Terminez d’abord ${titles.map((t) => `«\u00a0${t}\u00a0»`).join(', ')}.`,
    optional: 'Facultatif',
    dismissLabel: 'Fermer la liste',
    snoozeLabel: 'Me le rappeler dans',
    snoozeDays: (days) => (days === 7 ? '1 semaine' : `${n(days)} jour${days < 2 ? '' : 's'}`),
    reset: 'Recommencer',
    show: 'Afficher la liste',
    snoozedUntil: (until) => `En pause jusqu’au ${date(until)}`,
    announceComplete: (title) => `«\u00a0${title}\u00a0» terminée.`,
    announceSkip: (title) => `«\u00a0${title}\u00a0» passée.`,
    announceFlowComplete: 'Liste terminée.',
    announceSnooze: (until) => `Liste en pause jusqu’au ${date(until)}.`,
    announceDismiss: 'Liste fermée.',
    announceResume: 'Liste affichée.',
    announceReset: 'Liste recommencée.',
    announceFailure: 'Cette modification n’a pas pu être enregistrée et a été annulée.',
  };
};
export default fr;
