import { z } from 'zod';
import { isoDateValue } from '../importer/dates.js';
import { PATTERN_MAX_LENGTH, patternProblem } from '../importer/safe-pattern.js';

/**
 * Validation rules of an importer field (docs/importer.md, "Validation rules"): all optional, so a
 * config written before them is still valid. Which types take which rule is checked with the
 * config (see {@link fieldRuleIssues}), so one message names the field's type.
 */
const Bound = z.union([z.number().refine(Number.isFinite, { error: 'must be a finite number' }), z.string().max(10)]);
const Length = z.number().int().min(0).max(1_000_000);

export const FieldRuleProps = {
  /** Smallest value: a number for `number` fields, an ISO date `YYYY-MM-DD` for `date` fields. */
  min: Bound.optional(),
  /** Largest value, as `min`. */
  max: Bound.optional(),
  /** Fewest characters (Unicode code points) of a `string`, `email` or `url` cell. */
  minLength: Length.optional(),
  /** Most characters (Unicode code points) of a `string`, `email` or `url` cell. */
  maxLength: Length.optional(),
  /**
   * A regular expression the whole cell must match (`string`, `email` and `url` fields), in the
   * safe subset of docs/importer.md: no backreferences, no lookaround, no repeated group that
   * repeats or alternates.
   */
  pattern: z.string().min(1).max(PATTERN_MAX_LENGTH).optional(),
  /** What the end user sees when a cell does not match `pattern`. */
  patternMessage: z.string().trim().min(1).max(200).optional(),
};

interface RuleFields {
  type: string;
  min?: number | string | undefined;
  max?: number | string | undefined;
  minLength?: number | undefined;
  maxLength?: number | undefined;
  pattern?: string | undefined;
  patternMessage?: string | undefined;
}

const TEXT_TYPES = new Set(['string', 'email', 'url']);

/** The problems of one field's rules, as `[property, message]` pairs; empty when they are fine. */
export function fieldRuleIssues(field: RuleFields): [string, string][] {
  const issues: [string, string][] = [];
  for (const key of ['min', 'max'] as const) {
    const bound = field[key];
    if (bound === undefined) continue;
    if (field.type === 'number' && typeof bound !== 'number') issues.push([key, `${key} of a number field must be a number`]);
    else if (field.type === 'date' && (typeof bound !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(bound) || isoDateValue(bound) !== bound)) {
      issues.push([key, `${key} of a date field must be an ISO date, YYYY-MM-DD`]);
    } else if (field.type !== 'number' && field.type !== 'date') issues.push([key, `${key} is only for fields of type number or date`]);
  }
  if (field.min !== undefined && field.max !== undefined && typeof field.min === typeof field.max && field.min > field.max) {
    issues.push(['max', 'max must not be less than min']);
  }
  for (const key of ['minLength', 'maxLength', 'pattern'] as const) {
    if (field[key] !== undefined && !TEXT_TYPES.has(field.type)) issues.push([key, `${key} is only for fields of type string, email or url`]);
  }
  if (field.minLength !== undefined && field.maxLength !== undefined && field.minLength > field.maxLength) {
    issues.push(['maxLength', 'maxLength must not be less than minLength']);
  }
  if (field.pattern !== undefined) {
    const problem = patternProblem(field.pattern);
    if (problem !== null) issues.push(['pattern', `pattern is refused: ${problem}`]);
  }
  if (field.patternMessage !== undefined && field.pattern === undefined) issues.push(['patternMessage', 'patternMessage needs a pattern']);
  return issues;
}
