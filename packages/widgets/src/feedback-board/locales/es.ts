import type { LocalePack } from '../../base/locale.js';
import type { FeedbackBoardStrings } from '../feedback-board.strings.js';

/** Spanish. */
const es: LocalePack<FeedbackBoardStrings> = (tag) => {
  const n = (value: number) => value.toLocaleString(tag);
  const votes = (count: number) => `${n(count)} voto${count === 1 ? '' : 's'}`;
  const posts = (count: number) => `${n(count)} idea${count === 1 ? '' : 's'}`;
  return {
    loading: 'Cargando comentarios',
    errorTitle: 'No se pudo cargar este tablero',
    errorMessage: (code) => (code ? `Algo salió mal (${code}).` : 'Comprueba tu conexión y vuelve a intentarlo.'),
    retry: 'Reintentar',
    formLabel: 'Nueva idea',
    titleLabel: 'Sugiere una idea',
    titlePlaceholder: 'Un título breve y descriptivo',
    bodyLabel: 'Detalles (opcional)',
    submit: 'Publicar idea',
    submitting: 'Publicando…',
    titleRequired: 'Añade un título.',
    titleTooLong: (max, length) => `El título admite ${n(max)} caracteres como máximo (ahora ${n(length)}).`,
    bodyTooLong: (max, length) => `Los detalles admiten ${n(max)} caracteres como máximo (ahora ${n(length)}).`,
    createFailed: (code) => `No se pudo guardar tu idea${code ? ` (${code})` : ''}. Inténtalo de nuevo.`,
    similar: 'Ideas parecidas',
    searchLabel: 'Buscar ideas',
    sortLabel: 'Ordenar por',
    sort: { top: 'Más votadas', new: 'Recientes', trending: 'Tendencia' },
    status: { open: 'Abierta', under_review: 'En revisión', planned: 'Planificada', in_progress: 'En curso', completed: 'Completada', closed: 'Cerrada' },
    empty: 'Todavía no hay ideas.',
    noResults: (q) => `Ninguna idea coincide con «${q}».`,
    voteLabel: (title, count) => `Votar «${title}»${count === null ? '' : `, ${votes(count)}`}`,
    votes,
    anonymous: 'Anónimo',
    loadMore: 'Cargar más',
    listFailed: 'No se pudieron cargar las ideas.',
    announceResults: (count, more) => (count === 0 ? 'No se encontraron ideas.' : `${posts(count)}${more ? '+' : ''} encontrada${count === 1 && !more ? '' : 's'}.`),
    announceMore: (count) => `${posts(count)} más cargada${count === 1 ? '' : 's'}.`,
    announceCreated: 'Se ha añadido tu idea.',
    announceVoteFailure: 'No se pudo guardar tu voto y se ha deshecho.',
  };
};
export default es;
