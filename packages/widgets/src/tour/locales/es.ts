import type { LocalePack } from '../../base/locale.js';
import type { TourStrings } from '../tour.strings.js';

/** Spanish texts of `<inlay-tour>`. @internal */
const es: LocalePack<TourStrings> = () => ({
  stepOf: (step, total) => `Paso ${step} de ${total}`,
  next: 'Siguiente',
  back: 'Atrás',
  done: 'Listo',
  skip: 'Omitir',
  dismissLabel: 'Cerrar recorrido',
  clickHint: 'Haz clic en el elemento resaltado para continuar.',
  eventHint: 'Este paso se completa cuando lo hagas.',
  openHotspot: (title) => `Consejo: ${title}`,
  gotIt: 'Entendido',
  closeHotspot: 'Cerrar consejo',
  progress: (done, total) => `${done} de ${total} hechos`,
  announceFailure: 'No se pudo guardar el cambio y se deshizo.',
  announceComplete: (title) => `«${title}» completado.`,
  announceSkip: (title) => `«${title}» omitido.`,
  announceFlowComplete: 'Recorrido completado.',
  announceDismiss: 'Recorrido cerrado.',
});
export default es;
