import pg from 'pg';

/** int8 (counts, epoch milliseconds) and numeric as JavaScript numbers, as SQLite answers them. */
const INT8 = 20;
const NUMERIC = 1700;
export const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
    if (oid === INT8 || oid === NUMERIC) return (value: string) => Number(value);
    return pg.types.getTypeParser(oid, format ?? 'text');
  }) as typeof pg.types.getTypeParser,
};
