import type { RouteOptions } from 'fastify';

type HookName = 'onRequest' | 'preHandler' | 'onSend';

/**
 * Adds a hook to one route from an `onRoute` hook, after the route's own hooks of that name:
 * platform plugins attach their hooks only to the routes that need them, so other routes pay
 * nothing, and plugins registered earlier run first.
 */
export function addRouteHook(route: RouteOptions, name: HookName, hook: unknown): void {
  const existing = route[name] as unknown;
  const list = existing === undefined ? [] : Array.isArray(existing) ? existing : [existing];
  (route as unknown as Record<HookName, unknown>)[name] = [...list, hook];
}
