import type { LocalePack } from '../../base/locale.js';
import type { TourStrings } from '../tour.strings.js';

/** German texts of `<inlay-tour>`. @internal */
const de: LocalePack<TourStrings> = () => ({
  stepOf: (step, total) => `Schritt ${step} von ${total}`,
  next: 'Weiter',
  back: 'Zurück',
  done: 'Fertig',
  skip: 'Überspringen',
  dismissLabel: 'Tour schließen',
  clickHint: 'Klicken Sie auf das hervorgehobene Element, um fortzufahren.',
  eventHint: 'Dieser Schritt ist erledigt, sobald Sie ihn ausführen.',
  openHotspot: (title) => `Hinweis: ${title}`,
  gotIt: 'Verstanden',
  closeHotspot: 'Hinweis schließen',
  progress: (done, total) => `${done} von ${total} erledigt`,
  announceFailure: 'Diese Änderung konnte nicht gespeichert werden und wurde rückgängig gemacht.',
  announceComplete: (title) => `„${title}“ erledigt.`,
  announceSkip: (title) => `„${title}“ übersprungen.`,
  announceFlowComplete: 'Tour abgeschlossen.',
  announceDismiss: 'Tour geschlossen.',
});
export default de;
