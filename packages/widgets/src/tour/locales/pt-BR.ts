import type { LocalePack } from '../../base/locale.js';
import type { TourStrings } from '../tour.strings.js';

/** Brazilian Portuguese texts of `<inlay-tour>`. @internal */
const ptBR: LocalePack<TourStrings> = () => ({
  stepOf: (step, total) => `Passo ${step} de ${total}`,
  next: 'Próximo',
  back: 'Voltar',
  done: 'Concluir',
  skip: 'Pular',
  dismissLabel: 'Fechar tour',
  clickHint: 'Clique no elemento destacado para continuar.',
  eventHint: 'Este passo é concluído quando você o fizer.',
  openHotspot: (title) => `Dica: ${title}`,
  gotIt: 'Entendi',
  closeHotspot: 'Fechar dica',
  progress: (done, total) => `${done} de ${total} concluídos`,
  announceFailure: 'Não foi possível salvar a alteração, e ela foi desfeita.',
  announceComplete: (title) => `“${title}” concluído.`,
  announceSkip: (title) => `“${title}” pulado.`,
  announceFlowComplete: 'Tour concluído.',
  announceDismiss: 'Tour fechado.',
});
export default ptBR;
