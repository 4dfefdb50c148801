import type { AuthContext } from '../context.js';
import { ApiError } from '../errors.js';
import type { Plan } from '../repositories/platform/workspaces.js';

/**
 * Live-mode gate (docs/concepts.md): test keys may do everything on any plan; a live key needs one
 * of `plans`. Refusal is 402 `plan_required`, naming the plan needed.
 */
export function requirePlan(auth: Pick<AuthContext, 'mode' | 'plan'>, plans: readonly Plan[], what: string): void {
  if (auth.mode === 'test' || plans.includes(auth.plan)) return;
  const names = plans.map((plan) => `"${plan}"`).join(' or ');
  throw new ApiError(
    'plan_required',
    `${what} with a live key need the ${names} plan; this workspace is on "${auth.plan}". Test keys are free.`,
  );
}
