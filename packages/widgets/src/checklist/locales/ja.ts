import type { LocalePack } from '../../base/locale.js';
import type { ChecklistStrings } from '../checklist.strings.js';

/** Japanese. */
const ja: LocalePack<ChecklistStrings> = (tag) => {
  const date = (until: Date) => until.toLocaleDateString(tag, { dateStyle: 'medium' });
  const n = (value: number) => value.toLocaleString(tag);
  return {
    loading: 'チェックリストを読み込み中',
    errorTitle: 'このチェックリストを読み込めませんでした',
    errorMessage: (code) => (code ? `問題が発生しました（${code}）。` : '接続を確認して、もう一度お試しください。'),
    retry: '再試行',
    progress: (done, total) => `${n(total)} 件中 ${n(done)} 件完了`,
    progressLabel: 'チェックリストの進捗',
    empty: 'まだやることはありません。',
    completeTitle: 'すべて完了しました！',
    completeMessage: 'すべてのステップを完了しました。',
    skip: 'スキップ',
    skipItem: (title) => `「${title}」をスキップ`,
    skipped: 'スキップ済み',
    showMe: '場所を見る',
    blockedBy: (titles) => `先に${titles.map((t) => `「${t}」`).join('、')}を完了してください。`,
    optional: '任意',
    dismissLabel: 'チェックリストを閉じる',
    snoozeLabel: '再通知まで',
    snoozeDays: (days) => (days === 7 ? '1 週間' : `${n(days)} 日`),
    reset: '最初からやり直す',
    show: 'チェックリストを表示',
    snoozedUntil: (until) => `${date(until)} まで一時停止中`,
    announceComplete: (title) => `「${title}」を完了しました。`,
    announceSkip: (title) => `「${title}」をスキップしました。`,
    announceFlowComplete: 'チェックリストが完了しました。',
    announceSnooze: (until) => `チェックリストを ${date(until)} まで一時停止しました。`,
    announceDismiss: 'チェックリストを閉じました。',
    announceResume: 'チェックリストを表示しました。',
    announceReset: 'チェックリストを最初からやり直しました。',
    announceFailure: '変更を保存できなかったため、元に戻しました。',
  };
};
export default ja;
