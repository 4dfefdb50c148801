/**
 * Importers published on the test server (web-test-runner.config.mjs), for the screenshot
 * (scripts/screenshot.mjs) and the demo. `contacts` has a field of every type, a `unique` field
 * and a `duplicateKey`; its labels and aliases match the headers of demo/contacts-messy.csv.
 */
export const importers = {
  contacts: {
    name: 'Import contacts',
    config: {
      fields: [
        { key: 'customer_id', label: 'Customer ID', type: 'string', unique: true, aliases: ['id', 'customer no'] },
        { key: 'email', label: 'Email', type: 'email', required: true, aliases: ['e-mail', 'mail'] },
        { key: 'name', label: 'Name', type: 'string', required: true, aliases: ['full name'] },
        { key: 'age', label: 'Age', type: 'number' },
        { key: 'signed_up', label: 'Signed up', type: 'date', aliases: ['signup date'] },
        { key: 'newsletter', label: 'Newsletter', type: 'boolean', aliases: ['subscribed'] },
        { key: 'plan', label: 'Plan', type: 'enum', enumValues: ['Free', 'Pro', 'Team'] },
        { key: 'website', label: 'Website', type: 'url', aliases: ['homepage'] },
        { key: 'balance', label: 'Balance', type: 'number' },
      ],
      duplicateKey: 'email',
    },
  },
  /** Two fields, nothing required: for size and speed tests. */
  simple: {
    name: 'Simple list',
    config: {
      fields: [
        { key: 'code', label: 'Code', type: 'string' },
        { key: 'amount', label: 'Amount', type: 'number' },
      ],
    },
  },
  /** Validation rules and formula neutralisation (src/importer/importer-rules.test.ts). */
  rules: {
    name: 'Orders',
    config: {
      fields: [
        { key: 'sku', label: 'SKU', type: 'string', required: true, pattern: '[A-Z]{3}-\\d{4}', patternMessage: 'Use a SKU such as ABC-1234' },
        { key: 'qty', label: 'Quantity', type: 'number', min: 1, max: 99 },
        { key: 'note', label: 'Note', type: 'string', maxLength: 20 },
      ],
      neutralizeFormulas: true,
    },
  },
  /** GitHub's issues as its API exports them (src/importer/importer-json.test.ts). */
  issues: {
    name: 'Import issues',
    config: {
      fields: [
        { key: 'number', label: 'Number', type: 'number', required: true },
        { key: 'title', label: 'Title', type: 'string', required: true },
        { key: 'state', label: 'State', type: 'enum', enumValues: ['open', 'closed'] },
        { key: 'author', label: 'Author', type: 'string', aliases: ['user.login'] },
        { key: 'labels', label: 'Labels', type: 'string' },
      ],
    },
  },
  /** A server's JSON log lines (NDJSON). */
  logs: {
    name: 'Import log lines',
    config: {
      fields: [
        { key: 'time', label: 'Time', type: 'string', required: true },
        { key: 'level', label: 'Level', type: 'enum', enumValues: ['debug', 'info', 'warn', 'error'] },
        { key: 'message', label: 'Message', type: 'string', aliases: ['msg'] },
        { key: 'status', label: 'Status', type: 'number', aliases: ['res.statusCode'] },
      ],
    },
  },
  /** Unmapped columns kept under each row's `extra`, to the page and through server delivery. */
  keptPage: {
    name: 'Issues, every column kept',
    config: {
      fields: [
        { key: 'number', label: 'Number', type: 'number', required: true },
        { key: 'title', label: 'Title', type: 'string', required: true },
      ],
      unmappedColumns: 'keep',
    },
  },
  keptServer: {
    name: 'Contacts to the server, every column kept',
    config: {
      fields: [
        { key: 'email', label: 'Email', type: 'email', required: true },
        { key: 'name', label: 'Name', type: 'string' },
      ],
      delivery: 'server',
      unmappedColumns: 'keep',
    },
  },
  /** Rows go to the customer's server (docs/importer.md#server-delivery). */
  server: {
    name: 'Server delivery',
    config: {
      fields: [
        { key: 'code', label: 'Code', type: 'string', required: true },
        { key: 'amount', label: 'Amount', type: 'number' },
      ],
      delivery: 'server',
    },
  },
};

/** Publishes every importer; answers their ids by key, plus an unpublished one. */
export async function publishImporters(server) {
  const ids = {};
  for (const [key, importer] of Object.entries(importers)) ids[key] = await server.publishImporter(importer.name, importer.config);
  ids.unpublished = await server.createImporter('Never published');
  return ids;
}
