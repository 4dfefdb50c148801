import { InlayImporter } from './importer.js';

// Registers <inlay-importer> (this file is the side effect; the class file has none). A tag that
// is already defined — another copy of the bundle on the page — is left alone rather than
// throwing. Without a registry (Node, no DOM) nothing happens.
if (typeof customElements !== 'undefined' && !customElements.get('inlay-importer')) {
  customElements.define('inlay-importer', InlayImporter);
}

