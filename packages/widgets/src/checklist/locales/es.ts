import type { LocalePack } from '../../base/locale.js';
import type { ChecklistStrings } from '../checklist.strings.js';

/** Spanish. */
const es: LocalePack<ChecklistStrings> = (tag) => {
  const date = (until: Date) => until.toLocaleDateString(tag, { dateStyle: 'medium' });
  const n = (value: number) => value.toLocaleString(tag);
  return {
    loading: 'Cargando la lista',
    errorTitle: 'No se pudo cargar esta lista',
    errorMessage: (code) => (code ? `Algo salió mal (${code}).` : 'Comprueba tu conexión y vuelve a intentarlo.'),
    retry: 'Reintentar',
    progress: (done, total) => `${n(done)} de ${n(total)} hechas`,
    progressLabel: 'Progreso de la lista',
    empty: 'Todavía no hay nada que hacer.',
    completeTitle: '¡Todo listo!',
    completeMessage: 'Has completado todos los pasos.',
    skip: 'Omitir',
    skipItem: (title) => `Omitir «${title}»`,
    skipped: 'Omitida',
    showMe: 'Muéstramelo',
    blockedBy: (titles) => `Termina primero ${titles.map((t) => `«${t}»`).join(', ')}.`,
    optional: 'Opcional',
    dismissLabel: 'Cerrar la lista',
    snoozeLabel: 'Recordármelo en',
    snoozeDays: (days) => (days === 7 ? '1 semana' : `${n(days)} día${days === 1 ? '' : 's'}`),
    reset: 'Empezar de nuevo',
    show: 'Mostrar la lista',
    snoozedUntil: (until) => `Pospuesta hasta el ${date(until)}`,
    announceComplete: (title) => `«${title}» completada.`,
    announceSkip: (title) => `«${title}» omitida.`,
    announceFlowComplete: 'Lista completada.',
    announceSnooze: (until) => `Lista pospuesta hasta el ${date(until)}.`,
    announceDismiss: 'Lista cerrada.',
    announceResume: 'Lista mostrada.',
    announceReset: 'Lista reiniciada.',
    announceFailure: 'No se pudo guardar ese cambio y se ha deshecho.',
  };
};
export default es;
