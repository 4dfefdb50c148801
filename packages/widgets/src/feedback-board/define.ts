import { InlayFeedbackBoard } from './feedback-board.js';

// Registers <inlay-feedback-board> (this file is the side effect; the class file has none). A tag
// that is already defined — another copy of the bundle on the page, or the npm build next to the
// CDN one — is left alone rather than throwing. Without a registry (Node, no DOM) nothing happens.
if (typeof customElements !== 'undefined' && !customElements.get('inlay-feedback-board')) {
  customElements.define('inlay-feedback-board', InlayFeedbackBoard);
}
