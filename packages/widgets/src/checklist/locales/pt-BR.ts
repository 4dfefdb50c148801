import type { LocalePack } from '../../base/locale.js';
import type { ChecklistStrings } from '../checklist.strings.js';

/** Brazilian Portuguese (also used for `pt`). */
const ptBR: LocalePack<ChecklistStrings> = (tag) => {
  const date = (until: Date) => until.toLocaleDateString(tag, { dateStyle: 'medium' });
  const n = (value: number) => value.toLocaleString(tag);
  return {
    loading: 'Carregando a lista',
    errorTitle: 'Não foi possível carregar esta lista',
    errorMessage: (code) => (code ? `Algo deu errado (${code}).` : 'Verifique sua conexão e tente de novo.'),
    retry: 'Tentar de novo',
    progress: (done, total) => `${n(done)} de ${n(total)} concluídas`,
    progressLabel: 'Progresso da lista',
    empty: 'Ainda não há nada a fazer.',
    completeTitle: 'Tudo pronto!',
    completeMessage: 'Você concluiu todas as etapas.',
    skip: 'Pular',
    skipItem: (title) => `Pular “${title}”`,
    skipped: 'Pulada',
    showMe: 'Mostrar',
    blockedBy: (titles) => `Conclua primeiro ${titles.map((t) => `“${t}”`).join(', ')}.`,
    optional: 'Opcional',
    dismissLabel: 'Fechar a lista',
    snoozeLabel: 'Lembrar em',
    snoozeDays: (days) => (days === 7 ? '1 semana' : `${n(days)} dia${days === 1 ? '' : 's'}`),
    reset: 'Recomeçar',
    show: 'Mostrar a lista',
    snoozedUntil: (until) => `Adiada até ${date(until)}`,
    announceComplete: (title) => `“${title}” concluída.`,
    announceSkip: (title) => `“${title}” pulada.`,
    announceFlowComplete: 'Lista concluída.',
    announceSnooze: (until) => `Lista adiada até ${date(until)}.`,
    announceDismiss: 'Lista fechada.',
    announceResume: 'Lista exibida.',
    announceReset: 'Lista recomeçada.',
    announceFailure: 'Não foi possível salvar essa alteração, e ela foi desfeita.',
  };
};
export default ptBR;
