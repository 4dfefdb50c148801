import type { Eligibility, EligibilityRule } from '../schemas/onboarding.js';

/** Traits the host page passes about its user: plan, role, signup date, … */
export type Traits = Readonly<Record<string, unknown>>;

/**
 * Whether a user with `traits` may see a flow. No eligibility means everyone. Evaluated in the
 * widget (the config route stays cacheable and traits never leave the page); the same function
 * serves servers that want to check it.
 *
 * @example isEligible({ all: [{ trait: 'plan', op: 'eq', value: 'pro' }] }, { plan: 'pro' }) // true
 */
export function isEligible(eligibility: Eligibility | undefined, traits: Traits): boolean {
  if (eligibility === undefined) return true;
  if ('all' in eligibility) return eligibility.all.every((rule) => ruleHolds(rule, traits));
  return eligibility.any.some((rule) => ruleHolds(rule, traits));
}

/** One rule. Values of different types are never coerced: they are unequal (`eq` false, `neq` true) and unordered (`gt`/`lt` false). */
export function ruleHolds(rule: EligibilityRule, traits: Traits): boolean {
  const actual = Object.prototype.hasOwnProperty.call(traits, rule.trait) ? traits[rule.trait] : undefined;
  switch (rule.op) {
    case 'eq':
      return actual === rule.value;
    case 'neq':
      return actual !== rule.value;
    case 'in':
      return rule.value.some((value) => value === actual);
    case 'gt':
    case 'lt': {
      if (typeof actual !== typeof rule.value || (typeof actual !== 'number' && typeof actual !== 'string')) return false;
      const a = actual as number | string;
      return rule.op === 'gt' ? a > rule.value : a < rule.value;
    }
    case 'exists':
      return (actual !== undefined && actual !== null) === rule.value;
  }
}
