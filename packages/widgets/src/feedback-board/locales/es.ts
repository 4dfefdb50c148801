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
    back: 'Todas las publicaciones',
    postNotFound: 'Esta publicación no existe o se eliminó.',
    postFailed: 'No se pudo cargar esta publicación.',
    comments: (count) => `${n(count)} comentario${count === 1 ? '' : 's'}`,
    noComments: 'Aún no hay comentarios.',
    commentsFailed: 'No se pudieron cargar los comentarios.',
    commentLabel: 'Añade un comentario',
    replyLabel: (name) => `Responder a ${name}`,
    editLabel: 'Edita tu comentario',
    commentSubmit: 'Comentar',
    reply: 'Responder',
    edit: 'Editar',
    save: 'Guardar',
    cancel: 'Cancelar',
    delete: 'Eliminar',
    deleteConfirm: '¿Eliminar este comentario?',
    team: 'Equipo',
    edited: 'editado',
    deletedComment: 'Este comentario se eliminó.',
    commentRequired: 'Escribe primero un comentario.',
    commentTooLong: (max, length) => `El comentario debe tener como máximo ${n(max)} caracteres (ahora ${n(length)}).`,
    commentFailed: (code) =>
      code === 'edit_window_closed'
        ? 'Los comentarios solo se pueden editar durante 15 minutos.'
        : code === 'not_comment_author'
          ? 'Solo su autor puede cambiar este comentario.'
          : `No se pudo guardar tu comentario${code ? ` (${code})` : ''}. Inténtalo de nuevo.`,
    announceCommentAdded: 'Se añadió tu comentario.',
    announceCommentSaved: 'Se guardó tu comentario.',
    announceCommentDeleted: 'Se eliminó el comentario.',
    statusFilterLabel: 'Estado',
    categoryLabel: 'Categoría',
    allCategories: 'Todas las categorías',
    roadmapLabel: 'Hoja de ruta',
    columnEmpty: 'Nada por aquí todavía.',
  };
};
export default es;
