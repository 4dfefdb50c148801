import type { LocalePack } from '../../base/locale.js';
import type { FeedbackBoardStrings } from '../feedback-board.strings.js';

/** Japanese. */
const ja: LocalePack<FeedbackBoardStrings> = (tag) => {
  const n = (value: number) => value.toLocaleString(tag);
  return {
    loading: 'フィードバックを読み込み中',
    errorTitle: 'このボードを読み込めませんでした',
    errorMessage: (code) => (code ? `問題が発生しました（${code}）。` : '接続を確認して、もう一度お試しください。'),
    retry: '再試行',
    formLabel: '新しい投稿',
    titleLabel: 'アイデアを提案',
    titlePlaceholder: '短くわかりやすいタイトル',
    bodyLabel: '詳細（任意）',
    submit: 'アイデアを投稿',
    submitting: '投稿中…',
    titleRequired: 'タイトルを入力してください。',
    titleTooLong: (max, length) => `タイトルは ${n(max)} 文字以内にしてください（現在 ${n(length)} 文字）。`,
    bodyTooLong: (max, length) => `詳細は ${n(max)} 文字以内にしてください（現在 ${n(length)} 文字）。`,
    createFailed: (code) => `投稿を保存できませんでした${code ? `（${code}）` : ''}。もう一度お試しください。`,
    similar: '似た投稿',
    searchLabel: '投稿を検索',
    sortLabel: '並べ替え',
    sort: { top: '人気', new: '新着', trending: '注目' },
    status: { open: '受付中', under_review: '検討中', planned: '予定', in_progress: '対応中', completed: '完了', closed: '終了' },
    empty: 'まだ投稿はありません。',
    noResults: (q) => `「${q}」に一致する投稿はありません。`,
    voteLabel: (title, count) => `「${title}」に投票${count === null ? '' : `、${n(count)} 票`}`,
    votes: (count) => `${n(count)} 票`,
    anonymous: '匿名',
    loadMore: 'さらに読み込む',
    listFailed: '投稿を読み込めませんでした。',
    announceResults: (count, more) => (count === 0 ? '投稿は見つかりませんでした。' : `${n(count)}${more ? '+' : ''} 件の投稿が見つかりました。`),
    announceMore: (count) => `さらに ${n(count)} 件の投稿を読み込みました。`,
    announceCreated: '投稿を追加しました。',
    announceVoteFailure: '投票を保存できなかったため、元に戻しました。',
    back: 'すべての投稿',
    postNotFound: 'この投稿は存在しないか、削除されました。',
    postFailed: 'この投稿を読み込めませんでした。',
    comments: (count) => `コメント ${n(count)} 件`,
    noComments: 'まだコメントはありません。',
    commentsFailed: 'コメントを読み込めませんでした。',
    commentLabel: 'コメントを追加',
    replyLabel: (name) => `${name} さんに返信`,
    editLabel: 'コメントを編集',
    commentSubmit: 'コメントする',
    reply: '返信',
    edit: '編集',
    save: '保存',
    cancel: 'キャンセル',
    delete: '削除',
    deleteConfirm: 'このコメントを削除しますか？',
    team: 'チーム',
    edited: '編集済み',
    deletedComment: 'このコメントは削除されました。',
    commentRequired: 'コメントを入力してください。',
    commentTooLong: (max, length) => `コメントは ${n(max)} 文字以内にしてください（現在 ${n(length)} 文字）。`,
    commentFailed: (code) =>
      code === 'edit_window_closed'
        ? 'コメントを編集できるのは投稿から 15 分間です。'
        : code === 'not_comment_author'
          ? 'このコメントを変更できるのは投稿者だけです。'
          : `コメントを保存できませんでした${code ? `（${code}）` : ''}。もう一度お試しください。`,
    announceCommentAdded: 'コメントを追加しました。',
    announceCommentSaved: 'コメントを保存しました。',
    announceCommentDeleted: 'コメントを削除しました。',
    statusFilterLabel: 'ステータス',
    categoryLabel: 'カテゴリ',
    allCategories: 'すべてのカテゴリ',
    roadmapLabel: 'ロードマップ',
    columnEmpty: 'まだありません。',
  };
};
export default ja;
