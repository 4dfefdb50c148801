import type { LocalePack } from '../../base/locale.js';
import type { TourStrings } from '../tour.strings.js';

/** French texts of `<inlay-tour>`. @internal */
const fr: LocalePack<TourStrings> = () => ({
  stepOf: (step, total) => `Étape ${step} sur ${total}`,
  next: 'Suivant',
  back: 'Retour',
  done: 'Terminer',
  skip: 'Passer',
  dismissLabel: 'Fermer la visite',
  clickHint: 'Cliquez sur l’élément mis en évidence pour continuer.',
  eventHint: 'Cette étape se termine quand vous la faites.',
  openHotspot: (title) => `Astuce : ${title}`,
  gotIt: 'Compris',
  closeHotspot: 'Fermer l’astuce',
  progress: (done, total) => `${done} sur ${total} terminées`,
  announceFailure: 'Cette modification n’a pas pu être enregistrée et a été annulée.',
  announceComplete: (title) => `« ${title} » terminée.`,
  announceSkip: (title) => `« ${title} » passée.`,
  announceFlowComplete: 'Visite terminée.',
  announceDismiss: 'Visite fermée.',
});
export default fr;
