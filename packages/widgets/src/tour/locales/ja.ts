import type { LocalePack } from '../../base/locale.js';
import type { TourStrings } from '../tour.strings.js';

/** Japanese texts of `<inlay-tour>`. @internal */
const ja: LocalePack<TourStrings> = () => ({
  stepOf: (step, total) => `ステップ ${step} / ${total}`,
  next: '次へ',
  back: '戻る',
  done: '完了',
  skip: 'スキップ',
  dismissLabel: 'ツアーを閉じる',
  clickHint: '強調表示された要素をクリックして続行します。',
  eventHint: 'この操作を行うとステップが完了します。',
  openHotspot: (title) => `ヒント: ${title}`,
  gotIt: 'わかりました',
  closeHotspot: 'ヒントを閉じる',
  progress: (done, total) => `${total} 件中 ${done} 件完了`,
  announceFailure: '変更を保存できなかったため、元に戻しました。',
  announceComplete: (title) => `「${title}」を完了しました。`,
  announceSkip: (title) => `「${title}」をスキップしました。`,
  announceFlowComplete: 'ツアーが完了しました。',
  announceDismiss: 'ツアーを閉じました。',
});
export default ja;
