import type { FieldDefinition } from '../schemas/importer.js';
import { parseBoolean, suggestBoolean } from './booleans.js';
import { DATE_MESSAGES, dateInOrder, isoDateValue, suggestDate } from './dates.js';
import { parseEmail, suggestEmail } from './emails.js';
import { withRules } from './field-rules.js';
import { EnumValues } from './enums.js';
import { parseNumber, suggestNumber } from './number-format.js';
import type { DateOrder, ImportErrorCode, ImportValue, NumberFormat, ValidationOptions } from './types.js';
import { isHttpUrl, suggestUrl } from './urls.js';

/**
 * What a parser writes for one cell. One instance is reused for every cell of a table, so reading
 * a valid cell allocates nothing beyond the value itself.
 * @internal
 */
export interface CellReading {
  value: ImportValue;
  code: ImportErrorCode;
  message: string;
  suggestion: ImportValue | undefined;
}

/** Reads a trimmed, non-empty cell into `out`; `true` when it is valid. @internal */
export type CellParser = (text: string, out: CellReading) => boolean;

/** @internal */
export function newCellReading(): CellReading {
  return { value: null, code: 'required', message: '', suggestion: undefined };
}

function refuse(out: CellReading, code: ImportErrorCode, message: string, suggestion: ImportValue | undefined): false {
  out.value = null;
  out.code = code;
  out.message = message;
  out.suggestion = suggestion;
  return false;
}

const MESSAGES = {
  tooPrecise: 'Too many digits to keep exactly; use a string field for IDs and codes',
  email: 'Expected an email address such as name@example.com',
  boolean: 'Expected yes or no (also true/false, y/n, 1/0, on/off)',
  url: 'Expected a web address starting with https:// or http://',
} as const;

function enumMessage(values: readonly string[]): string {
  const shown = values.slice(0, 5).join(', ');
  return `Expected one of: ${shown}${values.length > 5 ? ', …' : ''}`;
}

/**
 * The parser of one field, with its options and lookup tables prepared once.
 * @internal
 */
export function compileParser(field: FieldDefinition, options: ValidationOptions = {}): CellParser {
  return withRules(field, typeParser(field, options));
}

function typeParser(field: FieldDefinition, options: ValidationOptions): CellParser {
  switch (field.type) {
    case 'string':
      // Lossless: `00123`, `+44 20 7946 0958` and `1-2-3` stay exactly as written.
      return (text, out) => {
        out.value = text;
        return true;
      };
    case 'number': {
      const format = numberFormatOf(field.key, options);
      const message = `Expected a number such as ${format === 'dot' ? '1234.5' : '1234,5'}`;
      return (text, out) => {
        const value = parseNumber(text, format);
        if (Number.isNaN(value)) return refuse(out, 'invalid_number', message, suggestNumber(text, format));
        // Past 2^53 a double cannot hold every integer: 12345678901234567890 would become
        // 12345678901234567000. Refuse rather than change the value.
        if (Math.abs(value) > Number.MAX_SAFE_INTEGER && Number.isInteger(value) && !/[eE]/.test(text)) {
          return refuse(out, 'invalid_number', MESSAGES.tooPrecise, undefined);
        }
        out.value = value;
        return true;
      };
    }
    case 'date': {
      const confirmed = confirmedDateOrderOf(field.key, options);
      const order = confirmed ?? options.dateOrder ?? null;
      return (text, out) => {
        const value = isoDateValue(text);
        if (typeof value === 'string') {
          out.value = value;
          return true;
        }
        if (value === null) return refuse(out, 'invalid_date', DATE_MESSAGES.notReal, undefined);
        if (confirmed !== undefined) {
          const read = dateInOrder(text, confirmed);
          if (read !== undefined) {
            out.value = read;
            return true;
          }
        }
        const suggested = suggestDate(text, order);
        return refuse(out, 'invalid_date', suggested.message, suggested.suggestion);
      };
    }
    case 'email':
      return (text, out) => {
        const value = parseEmail(text);
        if (value === undefined) return refuse(out, 'invalid_email', MESSAGES.email, suggestEmail(text));
        out.value = value;
        return true;
      };
    case 'enum': {
      const values = new EnumValues(field.enumValues ?? []);
      const message = enumMessage(values.values);
      return (text, out) => {
        if (!values.has(text)) return refuse(out, 'invalid_enum', message, values.suggest(text));
        out.value = text;
        return true;
      };
    }
    case 'boolean':
      return (text, out) => {
        const value = parseBoolean(text);
        if (value === undefined) return refuse(out, 'invalid_boolean', MESSAGES.boolean, suggestBoolean(text));
        out.value = value;
        return true;
      };
    case 'url':
      return (text, out) => {
        if (!isHttpUrl(text)) return refuse(out, 'invalid_url', MESSAGES.url, suggestUrl(text));
        out.value = text;
        return true;
      };
  }
}

/** A field's decimal separator: its own in `numberFormats`, else the table's. @internal */
export function numberFormatOf(key: string, options: ValidationOptions): NumberFormat {
  const own = options.numberFormats;
  return (own !== undefined && Object.hasOwn(own, key) ? own[key] : undefined) ?? options.numberFormat ?? 'dot';
}

/** The day/month order the user confirmed for a field, if any. @internal */
export function confirmedDateOrderOf(key: string, options: ValidationOptions): DateOrder | undefined {
  const own = options.dateOrders;
  return own !== undefined && Object.hasOwn(own, key) ? own[key] : undefined;
}

/** The result of {@link validateValue}. */
export type ValueResult =
  | { ok: true; value: ImportValue }
  | { ok: false; code: ImportErrorCode; message: string; suggestion?: ImportValue };

/**
 * Validates one raw cell against a field: surrounding whitespace is trimmed, an empty cell is
 * missing (`null`, or `required` when the field is required). For many cells use
 * {@link TableValidator}, which prepares each field once.
 *
 * @example
 * validateValue({ key: 'n', label: 'N', type: 'number' }, ' 1,5 ', { numberFormat: 'comma' })
 * // { ok: true, value: 1.5 }
 * validateValue({ key: 'ok', label: 'OK', type: 'boolean' }, 'ja')
 * // { ok: false, code: 'invalid_boolean', message: 'Expected yes or no …', suggestion: true }
 */
export function validateValue(field: FieldDefinition, raw: string | undefined, options: ValidationOptions = {}): ValueResult {
  const text = raw === undefined ? '' : raw.trim();
  if (text === '') {
    return field.required ? { ok: false, code: 'required', message: requiredMessage(field) } : { ok: true, value: null };
  }
  const out = newCellReading();
  if (compileParser(field, options)(text, out)) return { ok: true, value: out.value };
  return out.suggestion === undefined
    ? { ok: false, code: out.code, message: out.message }
    : { ok: false, code: out.code, message: out.message, suggestion: out.suggestion };
}

/** @internal */
export function requiredMessage(field: FieldDefinition): string {
  return `${field.label} is required`;
}
