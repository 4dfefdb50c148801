/**
 * The JSON reader, in a chunk of its own loaded only when a JSON file is opened, as the XLSX
 * reader is (docs/importer.md, "JSON and NDJSON files").
 * @internal
 */
export { HEADER_ITEMS, JsonColumns } from './json-cells.js';
export { JsonItems } from './json-items.js';
