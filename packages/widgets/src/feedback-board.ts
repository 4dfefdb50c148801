/**
 * `@inlay/widgets/feedback-board`: importing it registers `<inlay-feedback-board>`.
 *
 * @example
 * ```ts
 * import '@inlay/widgets/feedback-board';
 * const board = Object.assign(document.createElement('inlay-feedback-board'), {
 *   boardId: 'board_123',
 *   publishableKey: 'svc_live_pub_…',
 *   baseUrl: 'https://inlay.example.com/feedback',
 * });
 * document.body.append(board);
 * ```
 */
import './feedback-board/define.js';

export { InlayFeedbackBoard } from './feedback-board/feedback-board.js';
export { defaultFeedbackBoardStrings } from './feedback-board/feedback-board.strings.js';
export type { FeedbackBoardStrings } from './feedback-board/feedback-board.strings.js';
export { InlayErrorEvent, InlayPostCloseEvent, InlayPostCreateEvent, InlayPostOpenEvent, InlayVoteEvent } from './events.js';
export type { BoardOperation, InlayErrorDetail, InlayPostCreateDetail, InlayPostNavigationDetail, InlayVoteDetail } from './events.js';
