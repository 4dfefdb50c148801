/**
 * The JSON reader, in a chunk of its own loaded only when a JSON file is opened, as the XLSX
 * reader is (docs/importer.md, "JSON and NDJSON files").
 * @internal
 */
export { JsonItems } from './json-items.js';
export { JsonLineBytes } from './json-line-bytes.js';
export { JsonRows } from './json-rows.js';
