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
  };
};
export default ptBR;
