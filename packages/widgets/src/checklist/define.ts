import { InlayChecklist } from './checklist.js';

// Registers <inlay-checklist> (this file is the side effect; the class file has none). A tag that
// is already defined — another copy of the bundle on the page, or the npm build next to the CDN
// one — is left alone rather than throwing. Without a registry (Node, no DOM) nothing happens.
if (typeof customElements !== 'undefined' && !customElements.get('inlay-checklist')) {
  customElements.define('inlay-checklist', InlayChecklist);
}
