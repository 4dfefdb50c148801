import { describe, expect, it } from 'vitest';
import { EligibilityRuleSchema, type Eligibility, type EligibilityRule } from '../schemas/onboarding.js';
import { isEligible, ruleHolds, type Traits } from './eligibility.js';

type TraitValue = string | number | boolean;

const eq = (trait: string, value: TraitValue): EligibilityRule => ({ trait, op: 'eq', value });
const neq = (trait: string, value: TraitValue): EligibilityRule => ({ trait, op: 'neq', value });
const inList = (trait: string, value: TraitValue[]): EligibilityRule => ({ trait, op: 'in', value });
const gt = (trait: string, value: number | string): EligibilityRule => ({ trait, op: 'gt', value });
const lt = (trait: string, value: number | string): EligibilityRule => ({ trait, op: 'lt', value });
const exists = (trait: string, value = true): EligibilityRule => ({ trait, op: 'exists', value });

const ALWAYS = exists('plan');
const NEVER = eq('plan', 'enterprise');
const PRO: Traits = { plan: 'pro', seats: 5, admin: true, signupDate: '2024-06-15' };

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const key of Reflect.ownKeys(value)) deepFreeze((value as Record<PropertyKey, unknown>)[key]);
  }
  return value;
}

describe('isEligible', () => {
  it('lets everyone in when the flow has no eligibility', () => {
    expect(isEligible(undefined, {})).toBe(true);
    expect(isEligible(undefined, PRO)).toBe(true);
  });

  it('with all, holds when every rule holds', () => {
    expect(isEligible({ all: [eq('plan', 'pro'), gt('seats', 3), eq('admin', true)] }, PRO)).toBe(true);
  });

  it('with all, fails when any one rule fails, wherever it is in the list', () => {
    expect(isEligible({ all: [NEVER, ALWAYS, ALWAYS] }, PRO)).toBe(false);
    expect(isEligible({ all: [ALWAYS, NEVER, ALWAYS] }, PRO)).toBe(false);
    expect(isEligible({ all: [ALWAYS, ALWAYS, NEVER] }, PRO)).toBe(false);
  });

  it('with any, holds when at least one rule holds, wherever it is in the list', () => {
    expect(isEligible({ any: [ALWAYS, NEVER, NEVER] }, PRO)).toBe(true);
    expect(isEligible({ any: [NEVER, ALWAYS, NEVER] }, PRO)).toBe(true);
    expect(isEligible({ any: [NEVER, NEVER, ALWAYS] }, PRO)).toBe(true);
  });

  it('with any, fails when no rule holds', () => {
    expect(isEligible({ any: [NEVER, eq('plan', 'free')] }, PRO)).toBe(false);
  });

  it('treats an empty all as holding and an empty any as failing', () => {
    expect(isEligible({ all: [] }, PRO)).toBe(true);
    expect(isEligible({ any: [] }, PRO)).toBe(false);
  });

  it('fails an all of trait rules for a user who passes no traits', () => {
    expect(isEligible({ all: [eq('plan', 'pro')] }, {})).toBe(false);
    expect(isEligible({ any: [eq('plan', 'pro'), gt('seats', 0)] }, {})).toBe(false);
  });

  it('does not mutate frozen eligibility or traits', () => {
    const eligibility = deepFreeze<Eligibility>({ any: [inList('plan', ['pro', 'team']), exists('seats', false)] });
    const traits = deepFreeze({ plan: 'pro', seats: 5 });
    expect(isEligible(eligibility, traits)).toBe(true);
    expect(traits).toEqual({ plan: 'pro', seats: 5 });
  });

  it('accepts rules as the schema parses them', () => {
    const rules = [{ trait: 'plan', op: 'in', value: ['pro', 'team'] }, { trait: 'seats', op: 'gt', value: 3 }].map((rule) =>
      EligibilityRuleSchema.parse(rule),
    );
    expect(isEligible({ all: rules }, PRO)).toBe(true);
    expect(isEligible({ all: rules }, { ...PRO, seats: 3 })).toBe(false);
  });
});

describe('ruleHolds eq', () => {
  it.each<[TraitValue, TraitValue]>([
    ['pro', 'pro'],
    [5, 5],
    [0, 0],
    [true, true],
    [false, false],
    ['', ''],
  ])('holds when the trait %j equals %j', (actual, value) => {
    expect(ruleHolds(eq('t', value), { t: actual })).toBe(true);
  });

  it.each<[unknown, TraitValue]>([
    ['pro', 'free'],
    [5, 6],
    [true, false],
    ['Pro', 'pro'],
  ])('fails when the trait %j differs from %j', (actual, value) => {
    expect(ruleHolds(eq('t', value), { t: actual })).toBe(false);
  });

  it.each<[unknown, TraitValue]>([
    ['5', 5],
    [5, '5'],
    [1, true],
    [true, 1],
    [0, false],
    ['', false],
    ['true', true],
    [false, 'false'],
    [null, 'null'],
    [[5], 5],
    [{ toString: () => 'pro' }, 'pro'],
  ])('never coerces: %j is not equal to %j', (actual, value) => {
    expect(ruleHolds(eq('t', value), { t: actual })).toBe(false);
  });

  it('fails for a missing trait', () => {
    expect(ruleHolds(eq('plan', 'pro'), {})).toBe(false);
  });

  it('fails for a trait that is null or undefined', () => {
    expect(ruleHolds(eq('plan', 'pro'), { plan: null })).toBe(false);
    expect(ruleHolds(eq('plan', 'pro'), { plan: undefined })).toBe(false);
  });

  it('looks only at the named trait', () => {
    expect(ruleHolds(eq('plan', 'pro'), { role: 'pro' })).toBe(false);
  });
});

describe('ruleHolds neq', () => {
  it('holds when the trait differs', () => {
    expect(ruleHolds(neq('plan', 'free'), { plan: 'pro' })).toBe(true);
    expect(ruleHolds(neq('seats', 1), { seats: 2 })).toBe(true);
  });

  it('fails when the trait is equal', () => {
    expect(ruleHolds(neq('plan', 'free'), { plan: 'free' })).toBe(false);
    expect(ruleHolds(neq('admin', false), { admin: false })).toBe(false);
  });

  it.each<[unknown, TraitValue]>([
    ['5', 5],
    [1, true],
    [0, false],
  ])('never coerces: %j counts as different from %j', (actual, value) => {
    expect(ruleHolds(neq('t', value), { t: actual })).toBe(true);
  });

  it('holds for a missing trait (a user without a plan is not on the free plan)', () => {
    expect(ruleHolds(neq('plan', 'free'), {})).toBe(true);
  });
});

describe('ruleHolds in', () => {
  it('holds when the trait is one of the values', () => {
    expect(ruleHolds(inList('plan', ['pro', 'team']), { plan: 'team' })).toBe(true);
    expect(ruleHolds(inList('seats', [1, 5, 10]), { seats: 5 })).toBe(true);
    expect(ruleHolds(inList('admin', [true]), { admin: true })).toBe(true);
  });

  it('holds for a value found in a list that mixes types', () => {
    expect(ruleHolds(inList('t', ['5', 5, true]), { t: 5 })).toBe(true);
  });

  it('fails when the trait is none of the values', () => {
    expect(ruleHolds(inList('plan', ['pro', 'team']), { plan: 'free' })).toBe(false);
  });

  it.each<[unknown, TraitValue[]]>([
    ['5', [5]],
    [5, ['5']],
    [1, [true]],
    [0, [false, '']],
    ['true', [true]],
  ])('never coerces: %j is not in %j', (actual, value) => {
    expect(ruleHolds(inList('t', value), { t: actual })).toBe(false);
  });

  it('fails for a missing or null trait', () => {
    expect(ruleHolds(inList('plan', ['pro']), {})).toBe(false);
    expect(ruleHolds(inList('plan', ['pro']), { plan: null })).toBe(false);
  });

  it('does not treat an array trait as matching one of its elements', () => {
    expect(ruleHolds(inList('roles', ['admin']), { roles: ['admin'] })).toBe(false);
  });
});

describe('ruleHolds gt and lt', () => {
  it('compares numbers', () => {
    expect(ruleHolds(gt('seats', 3), { seats: 5 })).toBe(true);
    expect(ruleHolds(gt('seats', 5), { seats: 3 })).toBe(false);
    expect(ruleHolds(lt('seats', 5), { seats: 3 })).toBe(true);
    expect(ruleHolds(lt('seats', 3), { seats: 5 })).toBe(false);
  });

  it('is strict: an equal value is neither greater nor less', () => {
    expect(ruleHolds(gt('seats', 5), { seats: 5 })).toBe(false);
    expect(ruleHolds(lt('seats', 5), { seats: 5 })).toBe(false);
  });

  it('compares negative and fractional numbers', () => {
    expect(ruleHolds(gt('score', -1), { score: -0.5 })).toBe(true);
    expect(ruleHolds(lt('score', 0.25), { score: 0.2 })).toBe(true);
  });

  it('compares numbers numerically, not as text (10 > 9)', () => {
    expect(ruleHolds(gt('seats', 9), { seats: 10 })).toBe(true);
    expect(ruleHolds(lt('seats', 9), { seats: 10 })).toBe(false);
  });

  it('compares strings, so ISO dates order correctly', () => {
    expect(ruleHolds(gt('signupDate', '2024-01-01'), { signupDate: '2024-06-15' })).toBe(true);
    expect(ruleHolds(lt('signupDate', '2024-01-01'), { signupDate: '2024-06-15' })).toBe(false);
    expect(ruleHolds(lt('signupDate', '2025-01-01'), { signupDate: '2024-06-15' })).toBe(true);
  });

  it.each<[unknown, number | string]>([
    ['10', 5],
    [10, '5'],
    ['6', 5],
    [true, 0],
    [null, -1],
    [[10], 5],
  ])('never coerces: gt and lt both fail for %j against %j', (actual, value) => {
    expect(ruleHolds(gt('t', value), { t: actual })).toBe(false);
    expect(ruleHolds(lt('t', value), { t: actual })).toBe(false);
  });

  it('fails for a missing trait', () => {
    expect(ruleHolds(gt('seats', 0), {})).toBe(false);
    expect(ruleHolds(lt('seats', 100), {})).toBe(false);
  });

  it('fails for NaN', () => {
    expect(ruleHolds(gt('seats', 0), { seats: Number.NaN })).toBe(false);
    expect(ruleHolds(lt('seats', 0), { seats: Number.NaN })).toBe(false);
  });
});

describe('ruleHolds exists', () => {
  it('with true, holds when the trait is present', () => {
    expect(ruleHolds(exists('plan'), { plan: 'pro' })).toBe(true);
  });

  it.each([0, '', false, Number.NaN])('with true, counts the falsy value %s as present', (value) => {
    expect(ruleHolds(exists('t'), { t: value })).toBe(true);
  });

  it('with true, fails when the trait is missing, null or undefined', () => {
    expect(ruleHolds(exists('plan'), {})).toBe(false);
    expect(ruleHolds(exists('plan'), { plan: null })).toBe(false);
    expect(ruleHolds(exists('plan'), { plan: undefined })).toBe(false);
  });

  it('with false, holds when the trait is missing, null or undefined', () => {
    expect(ruleHolds(exists('plan', false), {})).toBe(true);
    expect(ruleHolds(exists('plan', false), { plan: null })).toBe(true);
    expect(ruleHolds(exists('plan', false), { plan: undefined })).toBe(true);
  });

  it('with false, fails when the trait is present, even when falsy', () => {
    expect(ruleHolds(exists('plan', false), { plan: 'pro' })).toBe(false);
    expect(ruleHolds(exists('seats', false), { seats: 0 })).toBe(false);
  });

  it('defaults to true when the schema parses a rule without a value', () => {
    const rule = EligibilityRuleSchema.parse({ trait: 'plan', op: 'exists' });
    expect(ruleHolds(rule, { plan: 'pro' })).toBe(true);
    expect(ruleHolds(rule, {})).toBe(false);
  });
});

describe('ruleHolds never reads inherited properties as traits', () => {
  const inherited = ['toString', 'constructor', 'hasOwnProperty', 'valueOf', '__proto__'];

  it.each(inherited)('%s does not exist on plain traits', (trait) => {
    expect(ruleHolds(exists(trait), {})).toBe(false);
    expect(ruleHolds(exists(trait, false), {})).toBe(true);
  });

  it.each(inherited)('%s is never equal to anything and is in no list', (trait) => {
    expect(ruleHolds(eq(trait, '[object Object]'), {})).toBe(false);
    expect(ruleHolds(inList(trait, ['function', 'object']), {})).toBe(false);
    expect(ruleHolds(neq(trait, 'x'), {})).toBe(true);
  });

  it('ignores traits the object only inherits from its prototype', () => {
    const traits = Object.create({ plan: 'pro' }) as Traits;
    expect(ruleHolds(eq('plan', 'pro'), traits)).toBe(false);
    expect(ruleHolds(exists('plan'), traits)).toBe(false);
  });

  it('reads own traits of an object without a prototype', () => {
    const traits = Object.assign(Object.create(null) as Record<string, unknown>, { plan: 'pro' });
    expect(ruleHolds(eq('plan', 'pro'), traits)).toBe(true);
    expect(ruleHolds(exists('role'), traits)).toBe(false);
  });

  it('reads a trait literally named __proto__ when it is an own property (as JSON.parse makes it)', () => {
    const traits = JSON.parse('{"__proto__": "pro"}') as Traits;
    expect(ruleHolds(eq('__proto__', 'pro'), traits)).toBe(true);
    expect(ruleHolds(exists('__proto__'), traits)).toBe(true);
  });

  it('reads an own trait that shadows an inherited name', () => {
    expect(ruleHolds(eq('toString', 'custom'), { toString: 'custom' })).toBe(true);
  });

  it('lets an eligibility over inherited names fail for a user with no traits', () => {
    expect(isEligible({ all: [exists('toString')] }, {})).toBe(false);
    expect(isEligible({ any: [exists('constructor'), exists('__proto__')] }, {})).toBe(false);
  });
});
