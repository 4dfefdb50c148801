import { type CellError, type FieldDefinition, type ImportErrorCode, type ValidationOptions, validateValue } from '@inlay/core';
import type { ProblemStrings, ProblemWording } from '../importer.strings.js';

/*
 * Which of the element's problem strings words a cell's problem, and with what (importer.strings.ts,
 * ProblemStrings): named here, beside core, which makes the English message, so the element's
 * bundle carries no copy of core's English. A problem is named from its code and what its message
 * carries: the field's label, options and bounds, the cell's text. Core words two codes more than
 * one way without saying which in the code (a number with too many digits; why a date was
 * refused): those are named by the message itself, compared with what core says for each way.
 * A message of the page's own (`custom`, a `patternMessage`), and a code or wording this version
 * does not know, is named by nothing and shown as core sent it.
 */

/** The strings that word a problem with nothing to fill in, by its code. */
const FIXED: Partial<Record<ImportErrorCode, keyof ProblemStrings>> = {
  invalid_email: 'problemInvalidEmail',
  invalid_boolean: 'problemInvalidBoolean',
  invalid_url: 'problemInvalidUrl',
  invalid_character: 'problemInvalidCharacter',
  nested_value: 'problemNestedValue',
  imprecise_number: 'problemImpreciseNumber',
  formula: 'problemFormula',
  replacement_character: 'problemReplacementCharacter',
};

/** How many options core lists in an `invalid_enum` message. */
const LISTED_OPTIONS = 5;

/** What core says of `text` in a field of `type`. */
function said(type: 'number' | 'date', text: string, options?: ValidationOptions): string {
  const result = validateValue({ key: 'cell', label: 'Cell', type }, text, options);
  return result.ok ? '' : result.message;
}

let variants: ReadonlyMap<string, ProblemWording> | undefined;

/** The wording of an `invalid_number` or `invalid_date` message, by asking core for each way it words them once. */
function variantOf(message: string): ProblemWording | undefined {
  variants ??= new Map<string, ProblemWording>([
    [said('number', 'x', { numberFormat: 'dot' }), ['problemInvalidNumber', 'dot']],
    [said('number', 'x', { numberFormat: 'comma' }), ['problemInvalidNumber', 'comma']],
    [said('number', '12345678901234567890'), ['problemInvalidNumber', null]],
    [said('date', 'x'), ['problemInvalidDate', 'not_iso']],
    [said('date', '2026-02-30'), ['problemInvalidDate', 'not_real']],
    [said('date', '03/04/2026', { dateOrder: null }), ['problemInvalidDate', 'ambiguous']],
    [said('date', '03/04/26'), ['problemInvalidDate', 'two_digit_year']],
  ]);
  return variants.get(message);
}

/**
 * The wording of `error`, a problem of `field`'s cell, whose text as written is `raw` (null when
 * the cell's value is what it shows); undefined when the message is to be shown as it is.
 * @internal
 */
export function problemWording(error: Pick<CellError, 'code' | 'message'>, field: FieldDefinition, raw: string | null): ProblemWording | undefined {
  const { label, min, max, minLength, maxLength } = field;
  const fixed = FIXED[error.code];
  if (fixed !== undefined) return [fixed] as ProblemWording;
  switch (error.code) {
    case 'invalid_number':
    case 'invalid_date':
      return variantOf(error.message);
    case 'required':
      return ['problemRequired', label];
    case 'duplicate_value':
      return ['problemDuplicateValue', label];
    case 'duplicate_key':
      return ['problemDuplicateKey', label];
    case 'invalid_enum': {
      const options = field.enumValues ?? [];
      return ['problemInvalidEnum', options.slice(0, LISTED_OPTIONS), Math.max(0, options.length - LISTED_OPTIONS)];
    }
    case 'spreadsheet_error':
      return raw === null ? undefined : ['problemSpreadsheetError', raw.trim()];
    case 'below_min':
      return min === undefined ? undefined : ['problemBelowMin', label, min];
    case 'above_max':
      return max === undefined ? undefined : ['problemAboveMax', label, max];
    case 'too_short':
      return minLength === undefined ? undefined : ['problemTooShort', label, minLength];
    case 'too_long':
      return maxLength === undefined ? undefined : ['problemTooLong', label, maxLength];
    case 'pattern_mismatch':
      return field.patternMessage === undefined ? ['problemPatternMismatch', label] : undefined;
    default:
      return undefined;
  }
}
