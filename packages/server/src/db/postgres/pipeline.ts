import type pg from 'pg';

/**
 * Several prepared statements in one message (docs/storage.md, "Hot paths"): a node-postgres
 * query object (`client.query(pipeline)`, the driver's documented extension point for custom
 * queries) that writes, in one socket write, Bind and Execute for each statement under its
 * prepared name (with Parse first on a connection that has not prepared it yet) and one Sync.
 *
 * PostgreSQL runs the messages up to a Sync as one transaction unless `BEGIN` came before: when
 * one statement fails, the ones after it do not run, and the whole is rolled back. So a write and
 * what depends on it (a checked optimistic write, `Tx.expect`, and its webhook events) are one
 * round trip, atomic, and sent with no SQL text to build or parse: no values written in as
 * literals, no query text for the server to parse and plan each time.
 */

/** One statement of a pipeline: its prepared name and text, its values, and whether its rows are read. */
export interface Step {
  name: string;
  sql: string;
  values: readonly unknown[];
  /** Answer its rows (a Describe is sent for it); otherwise only its row count. */
  rows: boolean;
}

/** What one statement answered. */
export interface StepResult {
  rows: Record<string, unknown>[];
  rowCount: number;
  /** The command tag's verb: `COMMIT` answers `ROLLBACK` when the transaction had failed. */
  command: string;
}

/** The values node-postgres's serializer takes as they are; anything else makes a pipeline refuse the statement. */
export function pipelineValues(values: readonly unknown[]): (string | null)[] | undefined {
  const out: (string | null)[] = new Array<string | null>(values.length);
  for (let i = 0; i < values.length; i += 1) {
    const value = values[i];
    if (value === null || value === undefined) out[i] = null;
    else if (typeof value === 'string') out[i] = value;
    else if (typeof value === 'number') {
      if (!Number.isFinite(value)) return undefined;
      out[i] = String(value);
    } else if (typeof value === 'bigint') out[i] = value.toString();
    else if (typeof value === 'boolean') out[i] = value ? 'true' : 'false';
    else return undefined;
  }
  return out;
}

/** The parts of node-postgres's connection a pipeline uses beyond its typed methods. */
interface ConnectionInternals {
  parsedStatements: Record<string, string | undefined>;
  submittedNamedStatements: Record<string, string | undefined>;
}

interface Field {
  name: string;
  dataTypeID: number;
}

type Parser = (text: string) => unknown;

/** The result parsers of a row description, per statement text (the same on every connection). */
const descriptions = new Map<string, { names: string[]; parsers: Parser[] }>();

export class Pipeline implements pg.Submittable {
  readonly #steps: readonly { step: Step; values: (string | null)[] }[];
  readonly #types: pg.CustomTypesConfig;
  readonly #results: StepResult[] = [];
  #current: { names: string[]; parsers: Parser[] } | undefined;
  #rows: Record<string, unknown>[] = [];
  #error: unknown;
  #done = false;
  /** Statements this pipeline prepared on its connection: if it fails, the connection is not trusted to hold them. */
  #parsedHere = false;
  readonly #callback: (error: unknown, results: StepResult[]) => void;

  /** `steps` with values from {@link pipelineValues}. */
  constructor(steps: readonly { step: Step; values: (string | null)[] }[], types: pg.CustomTypesConfig, callback: (error: unknown, results: StepResult[]) => void) {
    this.#steps = steps;
    this.#types = types;
    this.#callback = callback;
  }

  /** Whether the failed pipeline prepared statements on its connection, which must then be closed (its prepared names are unknown). */
  get preparedOnFailure(): boolean {
    return this.#parsedHere && this.#error !== undefined;
  }

  /**
   * The index of the statement the database refused, when the failure was its answer to one
   * statement (an error response after the statements before it ran); undefined for a lost
   * connection, or when this pipeline also prepared statements (a Parse may have been refused).
   */
  get failedStep(): number | undefined {
    const error = this.#error as { severity?: unknown } | undefined;
    if (error === undefined || typeof error.severity !== 'string' || this.#parsedHere) return undefined;
    return this.#results.length < this.#steps.length ? this.#results.length : undefined;
  }

  submit(connection: pg.Connection): void {
    const { parsedStatements: parsed, submittedNamedStatements: submitted } = connection as unknown as ConnectionInternals;
    const stream = connection.stream as pg.Connection['stream'] & { cork?: () => void; uncork?: () => void };
    stream.cork?.();
    try {
      // Every Parse first: a statement that fails to run means that the preparations before it went through.
      for (const { step } of this.#steps) {
        if (parsed[step.name] === undefined && submitted[step.name] === undefined) {
          connection.parse({ name: step.name, text: step.sql, types: [] }, true);
          parsed[step.name] = step.sql;
          this.#parsedHere = true;
        }
      }
      for (const { step, values } of this.#steps) {
        connection.bind({ statement: step.name, values }, true);
        if (step.rows && !descriptions.has(step.sql)) connection.describe({ type: 'P', name: '' }, true);
        connection.execute({}, true);
      }
      connection.sync();
    } finally {
      stream.uncork?.();
    }
  }

  handleRowDescription(message: { fields: Field[] }): void {
    const step = this.#steps[this.#results.length]?.step;
    const described = {
      names: message.fields.map((field) => field.name),
      parsers: message.fields.map((field) => this.#types.getTypeParser(field.dataTypeID, 'text') as Parser),
    };
    if (step !== undefined) descriptions.set(step.sql, described);
    this.#current = described;
  }

  handleDataRow(message: { fields: (string | null)[] }): void {
    const step = this.#steps[this.#results.length]?.step;
    const description = this.#current ?? (step === undefined ? undefined : descriptions.get(step.sql));
    if (description === undefined) return;
    const row: Record<string, unknown> = {};
    const { names, parsers } = description;
    for (let i = 0; i < names.length; i += 1) {
      const text = message.fields[i];
      row[names[i] as string] = text === null || text === undefined ? null : (parsers[i] as Parser)(text);
    }
    this.#rows.push(row);
  }

  handleCommandComplete(message: { text: string }): void {
    // "INSERT 0 1", "UPDATE 3", "SELECT 2", "BEGIN": the count is the last word, when there is one.
    const text = message.text;
    const space = text.indexOf(' ');
    const command = space === -1 ? text : text.slice(0, space);
    const last = text.lastIndexOf(' ');
    const rowCount = last === -1 ? 0 : Number(text.slice(last + 1));
    this.#results.push({ rows: this.#rows, rowCount: Number.isNaN(rowCount) ? 0 : rowCount, command });
    this.#rows = [];
    this.#current = undefined;
  }

  handleEmptyQuery(): void {
    this.#results.push({ rows: [], rowCount: 0, command: '' });
  }

  handleError(error: unknown): void {
    this.#error = error;
    this.#finish();
  }

  handleReadyForQuery(): void {
    this.#finish();
  }

  handlePortalSuspended(): void {
    // Never asked for: every Execute takes all rows.
  }

  handleCopyInResponse(connection: pg.Connection & { sendCopyFail?: (message: string) => void }): void {
    connection.sendCopyFail?.('COPY is not run in a pipeline');
  }

  handleCopyData(): void {
    // No COPY in a pipeline.
  }

  #finish(): void {
    if (this.#done) return;
    this.#done = true;
    this.#callback(this.#error, this.#results);
  }
}

/** Runs `steps` in one message on `client`; their results in order, or the first failure. */
export function runPipeline(client: pg.ClientBase, steps: readonly { step: Step; values: (string | null)[] }[], types: pg.CustomTypesConfig): Promise<StepResult[]> {
  return new Promise((resolve, reject) => {
    const pipeline: Pipeline = new Pipeline(steps, types, (error, results) => {
      if (error === undefined) resolve(results);
      else reject(Object.assign(error as object, { pipelinePrepared: pipeline.preparedOnFailure, failedStep: pipeline.failedStep }));
    });
    void client.query(pipeline as unknown as pg.QueryConfig);
  });
}
