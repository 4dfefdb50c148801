import type { LocalePack } from '../../base/locale.js';
import type { FeedbackBoardStrings } from '../feedback-board.strings.js';

/** Brazilian Portuguese (also used for `pt`). */
const ptBR: LocalePack<FeedbackBoardStrings> = (tag) => {
  const n = (value: number) => value.toLocaleString(tag);
  const votes = (count: number) => `${n(count)} voto${count === 1 ? '' : 's'}`;
  const posts = (count: number) => `${n(count)} ideia${count === 1 ? '' : 's'}`;
  return {
    loading: 'Carregando feedback',
    errorTitle: 'Não foi possível carregar este quadro',
    errorMessage: (code) => (code ? `Algo deu errado (${code}).` : 'Verifique sua conexão e tente de novo.'),
    retry: 'Tentar de novo',
    formLabel: 'Nova ideia',
    titleLabel: 'Sugira uma ideia',
    titlePlaceholder: 'Um título curto e descritivo',
    bodyLabel: 'Detalhes (opcional)',
    submit: 'Publicar ideia',
    submitting: 'Publicando…',
    titleRequired: 'Adicione um título.',
    titleTooLong: (max, length) => `O título pode ter até ${n(max)} caracteres (agora ${n(length)}).`,
    bodyTooLong: (max, length) => `Os detalhes podem ter até ${n(max)} caracteres (agora ${n(length)}).`,
    createFailed: (code) => `Não foi possível salvar sua ideia${code ? ` (${code})` : ''}. Tente de novo.`,
    similar: 'Ideias parecidas',
    searchLabel: 'Buscar ideias',
    sortLabel: 'Ordenar por',
    sort: { top: 'Mais votadas', new: 'Recentes', trending: 'Em alta' },
    status: { open: 'Aberta', under_review: 'Em análise', planned: 'Planejada', in_progress: 'Em andamento', completed: 'Concluída', closed: 'Fechada' },
    empty: 'Ainda não há ideias.',
    noResults: (q) => `Nenhuma ideia corresponde a “${q}”.`,
    voteLabel: (title, count) => `Votar em “${title}”${count === null ? '' : `, ${votes(count)}`}`,
    votes,
    anonymous: 'Anônimo',
    loadMore: 'Carregar mais',
    listFailed: 'Não foi possível carregar as ideias.',
    announceResults: (count, more) => (count === 0 ? 'Nenhuma ideia encontrada.' : `${posts(count)}${more ? '+' : ''} encontrada${count === 1 && !more ? '' : 's'}.`),
    announceMore: (count) => `Mais ${posts(count)} carregada${count === 1 ? '' : 's'}.`,
    announceCreated: 'Sua ideia foi adicionada.',
    announceVoteFailure: 'Não foi possível salvar seu voto, e ele foi desfeito.',
    back: 'Todas as publicações',
    postNotFound: 'Esta publicação não existe ou foi removida.',
    postFailed: 'Não foi possível carregar esta publicação.',
    comments: (count) => `${n(count)} comentário${count === 1 ? '' : 's'}`,
    noComments: 'Ainda não há comentários.',
    commentsFailed: 'Não foi possível carregar os comentários.',
    commentLabel: 'Adicione um comentário',
    replyLabel: (name) => `Responder a ${name}`,
    editLabel: 'Edite seu comentário',
    commentSubmit: 'Comentar',
    reply: 'Responder',
    edit: 'Editar',
    save: 'Salvar',
    cancel: 'Cancelar',
    delete: 'Excluir',
    deleteConfirm: 'Excluir este comentário?',
    team: 'Equipe',
    edited: 'editado',
    deletedComment: 'Este comentário foi excluído.',
    commentRequired: 'Escreva um comentário primeiro.',
    commentTooLong: (max, length) => `O comentário pode ter no máximo ${n(max)} caracteres (agora ${n(length)}).`,
    commentFailed: (code) =>
      code === 'edit_window_closed'
        ? 'Comentários só podem ser editados por 15 minutos.'
        : code === 'not_comment_author'
          ? 'Só o autor pode alterar este comentário.'
          : `Não foi possível salvar seu comentário${code ? ` (${code})` : ''}. Tente novamente.`,
    announceCommentAdded: 'Seu comentário foi adicionado.',
    announceCommentSaved: 'Seu comentário foi salvo.',
    announceCommentDeleted: 'O comentário foi excluído.',
    statusFilterLabel: 'Status',
    categoryLabel: 'Categoria',
    allCategories: 'Todas as categorias',
    roadmapLabel: 'Roteiro',
    columnEmpty: 'Nada aqui ainda.',
  };
};
export default ptBR;
