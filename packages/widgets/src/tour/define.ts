import { InlayTour } from './tour.js';

// Registers <inlay-tour> (this file is the side effect; the class file has none). A tag that is
// already defined is left alone rather than throwing; without a registry nothing happens.
if (typeof customElements !== 'undefined' && !customElements.get('inlay-tour')) {
  customElements.define('inlay-tour', InlayTour);
}
