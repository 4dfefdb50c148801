import type { FieldDefinition } from '../schemas/importer.js';
import { compileSafePattern } from './safe-pattern.js';
import type { CellParser, CellReading } from './values.js';

/**
 * A field's validation rules (`min`, `max`, `minLength`, `maxLength`, `pattern`; docs/importer.md,
 * "Validation rules") as a check of a value its type's parser accepted. Returns `parse` itself
 * when the field has no rules, so fields without rules pay nothing.
 * @internal
 */
export function withRules(field: FieldDefinition, parse: CellParser): CellParser {
  const checks: CellParser[] = [];
  const label = field.label;
  if (field.type === 'number') {
    const { min, max } = field;
    if (typeof min === 'number') {
      const message = `${label} must be at least ${min}`;
      checks.push((_text, out) => (out.value as number) >= min || refuse(out, 'below_min', message));
    }
    if (typeof max === 'number') {
      const message = `${label} must be at most ${max}`;
      checks.push((_text, out) => (out.value as number) <= max || refuse(out, 'above_max', message));
    }
  } else if (field.type === 'date') {
    // ISO dates compare as text; a date-time value compares by its date.
    const { min, max } = field;
    if (typeof min === 'string') {
      const message = `${label} must be on or after ${min}`;
      checks.push((_text, out) => (out.value as string).slice(0, 10) >= min || refuse(out, 'below_min', message));
    }
    if (typeof max === 'string') {
      const message = `${label} must be on or before ${max}`;
      checks.push((_text, out) => (out.value as string).slice(0, 10) <= max || refuse(out, 'above_max', message));
    }
  } else if (field.type === 'string' || field.type === 'email' || field.type === 'url') {
    const { minLength, maxLength, pattern } = field;
    if (minLength !== undefined) {
      const message = `${label} must be at least ${plural(minLength)}`;
      checks.push((_text, out) => codePoints(out.value as string, minLength) >= minLength || refuse(out, 'too_short', message));
    }
    if (maxLength !== undefined) {
      const message = `${label} must be at most ${plural(maxLength)}`;
      checks.push((_text, out) => codePoints(out.value as string, maxLength + 1) <= maxLength || refuse(out, 'too_long', message));
    }
    if (pattern !== undefined) {
      const compiled = compileSafePattern(pattern);
      const message = field.patternMessage ?? `${label} is not in the expected format`;
      checks.push((_text, out) => compiled.test(out.value as string) || refuse(out, 'pattern_mismatch', message));
    }
  }
  if (checks.length === 0) return parse;
  return (text, out) => {
    if (!parse(text, out)) return false;
    for (const check of checks) if (!check(text, out)) return false;
    return true;
  };
}

/** True when a field has a rule {@link withRules} checks. @internal */
export function hasRules(field: FieldDefinition): boolean {
  return (
    field.min !== undefined ||
    field.max !== undefined ||
    field.minLength !== undefined ||
    field.maxLength !== undefined ||
    field.pattern !== undefined
  );
}

function refuse(out: CellReading, code: CellReading['code'], message: string): false {
  out.value = null;
  out.code = code;
  out.message = message;
  out.suggestion = undefined;
  return false;
}

function plural(count: number): string {
  return count === 1 ? '1 character' : `${count} characters`;
}

/** The code points of `text`, counted up to `enough` at most: the rules need no more. */
function codePoints(text: string, enough: number): number {
  let count = 0;
  for (let i = 0; i < text.length && count < enough; i++) {
    const code = text.charCodeAt(i);
    if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i += 1;
    }
    count += 1;
  }
  return count;
}
