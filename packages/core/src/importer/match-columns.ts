import type { FieldDefinition } from '../schemas/importer.js';
import { compactHeader } from './normalize-header.js';
import { setOwn } from './own-property.js';
import { headerFingerprint, type RememberedMapping } from './remembered-mapping.js';
import { fuzzySimilarity } from './similarity.js';
import { conceptsOfField, SYNONYM_STRONG, synonymStrength } from './synonyms.js';
import type { ColumnIndexMapping } from './types.js';

/** How a column was matched to a field, strongest first. */
export type MatchMethod = 'remembered' | 'exact' | 'alias' | 'normalized' | 'synonym' | 'fuzzy';

/**
 * One column's match: the field it fills, or `null` — with method `null` when nothing matched, or
 * `'remembered'` when the user skipped this column last time.
 */
export interface ColumnMatch {
  column: number;
  header: string;
  fieldKey: string | null;
  /**
   * 0–1: 1 remembered or exact, 0.95 alias, 0.9 normalised, 0.88 or 0.8 synonym (see
   * `synonyms.ts`), below 0.85 fuzzy, 0 unmatched.
   */
  confidence: number;
  method: MatchMethod | null;
}

const CONFIDENCE = { remembered: 1, rememberedByHeader: 0.97, exact: 1, alias: 0.95, normalized: 0.9, synonym: 0.88, weakSynonym: 0.8, fuzzyMax: 0.85 } as const;
const RANK: Readonly<Record<MatchMethod, number>> = { remembered: 0, exact: 1, alias: 2, normalized: 3, synonym: 4, fuzzy: 5 };

interface Candidate {
  column: number;
  field: number;
  confidence: number;
  method: MatchMethod;
}

interface FieldNames {
  key: string;
  label: string;
  compactNames: Set<string>;
  compactAliases: Set<string>;
  /** The synonym concepts the field stands for (`synonyms.ts`). */
  concepts: readonly number[];
}

/**
 * Proposes which field each column fills. A remembered mapping comes first: by column when the
 * header row is the one remembered (same {@link headerFingerprint}), otherwise by header name.
 * Then every remaining column–field pair is scored — exact key or label (1), alias ignoring case,
 * accents and punctuation (0.95), key or label ignoring them (0.9), a synonym of what the field
 * stands for, such as `E-mail Address` for an email field (0.88, or 0.8 for a less sure one like
 * `Home Phone`; `synonyms.ts`), edit distance within 30% of the length (below 0.85) — and pairs
 * are taken best first, each field and column at most once.
 *
 * @example
 * matchColumns(['E-mail', 'Prénom', 'Adress'], [
 *   { key: 'email', label: 'Email', type: 'email' },
 *   { key: 'first_name', label: 'First name', type: 'string', aliases: ['Prenom'] },
 *   { key: 'address', label: 'Address', type: 'string' },
 * ]);
 * // [{ column: 0, header: 'E-mail', fieldKey: 'email', confidence: 0.9, method: 'normalized' },
 * //  { column: 1, header: 'Prénom', fieldKey: 'first_name', confidence: 0.95, method: 'alias' },
 * //  { column: 2, header: 'Adress', fieldKey: 'address', confidence: 0.729, method: 'fuzzy' }]
 */
export function matchColumns(headers: readonly string[], fields: readonly FieldDefinition[], remembered?: RememberedMapping): ColumnMatch[] {
  const matches: ColumnMatch[] = headers.map((header, column) => ({ column, header, fieldKey: null, confidence: 0, method: null }));
  const takenColumns = new Set<number>();
  const takenFields = new Set<string>();
  if (remembered !== undefined) applyRemembered(matches, fields, remembered, takenColumns, takenFields);

  const names = fields.map(namesOf);
  const candidates: Candidate[] = [];
  headers.forEach((header, column) => {
    if (takenColumns.has(column)) return;
    const trimmed = header.trim();
    const compact = compactHeader(header);
    if (compact === '') return;
    names.forEach((field, fieldIndex) => {
      if (takenFields.has(field.key)) return;
      const candidate = score(trimmed, compact, field);
      if (candidate !== undefined) candidates.push({ column, field: fieldIndex, ...candidate });
    });
  });
  candidates.sort((a, b) => b.confidence - a.confidence || RANK[a.method] - RANK[b.method] || a.column - b.column || a.field - b.field);
  for (const candidate of candidates) {
    const key = (names[candidate.field] as FieldNames).key;
    if (takenColumns.has(candidate.column) || takenFields.has(key)) continue;
    takenColumns.add(candidate.column);
    takenFields.add(key);
    const match = matches[candidate.column] as ColumnMatch;
    match.fieldKey = key;
    match.confidence = candidate.confidence;
    match.method = candidate.method;
  }
  return matches;
}

function namesOf(field: FieldDefinition): FieldNames {
  return {
    key: field.key,
    label: field.label.trim(),
    compactNames: new Set([compactHeader(field.key), compactHeader(field.label)].filter((name) => name !== '')),
    compactAliases: new Set((field.aliases ?? []).map(compactHeader).filter((name) => name !== '')),
    concepts: conceptsOfField(field),
  };
}

function score(trimmed: string, compact: string, field: FieldNames): Omit<Candidate, 'column' | 'field'> | undefined {
  if (trimmed === field.key || trimmed === field.label) return { confidence: CONFIDENCE.exact, method: 'exact' };
  if (field.compactAliases.has(compact)) return { confidence: CONFIDENCE.alias, method: 'alias' };
  if (field.compactNames.has(compact)) return { confidence: CONFIDENCE.normalized, method: 'normalized' };
  const synonym = synonymStrength(compact, field.concepts);
  if (synonym !== 0) return { confidence: synonym === SYNONYM_STRONG ? CONFIDENCE.synonym : CONFIDENCE.weakSynonym, method: 'synonym' };
  let best = 0;
  for (const name of field.compactNames) best = Math.max(best, fuzzySimilarity(compact, name));
  for (const name of field.compactAliases) best = Math.max(best, fuzzySimilarity(compact, name));
  if (best === 0) return undefined;
  return { confidence: Math.round(CONFIDENCE.fuzzyMax * best * 1000) / 1000, method: 'fuzzy' };
}

function applyRemembered(
  matches: ColumnMatch[],
  fields: readonly FieldDefinition[],
  remembered: RememberedMapping,
  takenColumns: Set<number>,
  takenFields: Set<string>,
): void {
  const known = new Set(fields.map((field) => field.key));
  const sameHeaders = remembered.fingerprint === headerFingerprint(matches.map((match) => match.header)) && remembered.columns.length === matches.length;
  // By header name, each remembered column is used once, in order, so two `Name` columns map back
  // to the two fields they were mapped to.
  const byHeader = new Map<string, (string | null)[]>();
  if (!sameHeaders) {
    for (const { header, fieldKey } of remembered.columns) {
      const compact = compactHeader(header);
      if (compact === '') continue;
      byHeader.set(compact, [...(byHeader.get(compact) ?? []), fieldKey]);
    }
  }
  for (const match of matches) {
    let fieldKey: string | null | undefined;
    if (sameHeaders) fieldKey = remembered.columns[match.column]?.fieldKey;
    else fieldKey = byHeader.get(compactHeader(match.header))?.shift();
    // A remembered field that the importer no longer has leaves the column to ordinary matching.
    if (fieldKey === undefined || (fieldKey !== null && (!known.has(fieldKey) || takenFields.has(fieldKey)))) continue;
    takenColumns.add(match.column);
    if (fieldKey !== null) takenFields.add(fieldKey);
    match.fieldKey = fieldKey;
    match.confidence = sameHeaders ? CONFIDENCE.remembered : CONFIDENCE.rememberedByHeader;
    match.method = 'remembered';
  }
}

/**
 * The mapping {@link validateTable} and {@link TableValidator} read cells through, from matches
 * (usually after the user has confirmed or corrected them).
 *
 * @example
 * mappingFromMatches(matchColumns(headers, fields))  // { email: 0, first_name: 1, address: 2 }
 */
export function mappingFromMatches(matches: readonly Pick<ColumnMatch, 'column' | 'fieldKey'>[]): ColumnIndexMapping {
  const mapping: Record<string, number> = {};
  for (const { column, fieldKey } of matches) if (fieldKey !== null && !Object.hasOwn(mapping, fieldKey)) setOwn(mapping, fieldKey, column);
  return mapping;
}
