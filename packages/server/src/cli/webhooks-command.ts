import { KeyModeSchema } from '@inlay/core';
import { DEFAULT_DB_PATH, type Storage } from '../db/connect.js';
import {
  createEndpoint,
  deleteEndpoint,
  listDeliveries,
  listEndpoints,
  parseEventTypes,
  replayDelivery,
  replayFailedSince,
  rotateEndpointSecret,
  sendTestEvent,
  setEndpointEnabled,
  WebhookInputError,
} from '../webhooks/endpoints.js';
import { DB_OPTION, dbPathOf, parse, UsageError } from './args.js';
import { requireWorkspace, withDb as withDatabase } from './with-db.js';

/** A refused endpoint input is answered as a usage error. */
const withDb = <T>(path: string | undefined, run: (storage: Storage) => Promise<T>): Promise<T> =>
  withDatabase(dbPathOf(path, DEFAULT_DB_PATH), run, (error) => error instanceof WebhookInputError);

type Out = (line: string) => void;

const USAGE = 'usage: inlay webhooks create|list|disable|enable|delete|rotate-secret|deliveries|replay|send-test (see inlay help)';

function idOf(positionals: string[], what: string): string {
  const id = positionals[0];
  if (id === undefined || id === '') throw new UsageError(`missing ${what}`);
  return id;
}

/**
 * `inlay webhooks …` (docs/webhooks.md). Changes reach a running server on its next event: the
 * server notices another connection's commit through SQLite's data version.
 */
export async function webhooksCommand(args: string[], out: Out): Promise<void> {
  const [action, ...rest] = args;
  const json = { json: { type: 'boolean' } } as const;
  switch (action) {
    case 'create': {
      const { values } = parse({
        args: rest,
        options: { ...DB_OPTION, ...json, workspace: { type: 'string' }, url: { type: 'string' }, events: { type: 'string' }, mode: { type: 'string' }, 'allow-private-targets': { type: 'boolean' } },
      });
      if (values.workspace === undefined) throw new UsageError('missing --workspace');
      if (values.url === undefined) throw new UsageError('missing --url');
      const mode = KeyModeSchema.safeParse(values.mode ?? 'live');
      if (!mode.success) throw new UsageError('--mode must be test or live');
      const events = (() => {
        try {
          return parseEventTypes(values.events);
        } catch (error) {
          throw new UsageError(`--events: ${(error as Error).message}`);
        }
      })();
      // The same switch as the server's webhooks.allowPrivateTargets, so http and private URLs are accepted where it is on.
      const allowPrivateTargets = values['allow-private-targets'] === true || process.env.INLAY_WEBHOOKS_ALLOW_PRIVATE_TARGETS === 'true';
      const created = await withDb(values.db, (storage) => createEndpoint(storage, { workspaceId: values.workspace as string, mode: mode.data, url: values.url as string, events }, { allowPrivateTargets }));
      if (values.json) return out(JSON.stringify(created));
      out(`Created webhook endpoint ${created.id} (${created.mode}) → ${created.url}`);
      out(`Events: ${created.events === '*' ? 'all' : created.events.join(', ')}`);
      out(`Signing secret (shown once): ${created.secret}`);
      return;
    }
    case 'list': {
      const { values } = parse({ args: rest, options: { ...DB_OPTION, ...json, workspace: { type: 'string' } } });
      if (values.workspace === undefined) throw new UsageError('missing --workspace');
      const endpoints = await withDb(values.db, async (storage) => {
        await requireWorkspace(storage, values.workspace as string);
        return listEndpoints(storage, values.workspace as string);
      });
      if (values.json) return out(JSON.stringify(endpoints));
      for (const e of endpoints) {
        const state = e.enabled ? (e.failingSince ? `failing since ${e.failingSince}` : 'enabled') : `disabled (${e.disabledReason ?? ''})`;
        out(`${e.id}  ${e.mode}  ${e.url}  events=${e.events === '*' ? 'all' : e.events.join(',')}  ${state}`);
      }
      return;
    }
    case 'disable':
    case 'enable': {
      const { values, positionals } = parse({ args: rest, options: DB_OPTION, allowPositionals: true }, 1);
      const id = idOf(positionals, 'an endpoint id (whe_…)');
      await withDb(values.db, (storage) => setEndpointEnabled(storage, id, action === 'enable'));
      out(`${action === 'enable' ? 'Enabled' : 'Disabled'} ${id}.`);
      return;
    }
    case 'delete': {
      const { values, positionals } = parse({ args: rest, options: DB_OPTION, allowPositionals: true }, 1);
      const id = idOf(positionals, 'an endpoint id (whe_…)');
      await withDb(values.db, (storage) => deleteEndpoint(storage, id));
      out(`Deleted ${id} and its delivery log.`);
      return;
    }
    case 'rotate-secret': {
      const { values, positionals } = parse({ args: rest, options: { ...DB_OPTION, ...json }, allowPositionals: true }, 1);
      const id = idOf(positionals, 'an endpoint id (whe_…)');
      const rotated = await withDb(values.db, (storage) => rotateEndpointSecret(storage, id));
      if (values.json) return out(JSON.stringify(rotated));
      out(`New signing secret for ${id} (shown once): ${rotated.secret}`);
      out(`The previous secret also signs until ${rotated.previousSecretExpiresAt}.`);
      return;
    }
    case 'deliveries': {
      const { values, positionals } = parse({ args: rest, options: { ...DB_OPTION, ...json }, allowPositionals: true }, 1);
      const id = idOf(positionals, 'an endpoint id (whe_…)');
      const deliveries = await withDb(values.db, (storage) => listDeliveries(storage, id));
      if (values.json) return out(JSON.stringify(deliveries));
      for (const d of deliveries) {
        out(`${d.id}  ${d.type}  ${d.status}  attempts=${d.attempts}  created ${d.createdAt}${d.nextAttemptAt ? `  next ${d.nextAttemptAt}` : ''}`);
        for (const a of d.log) {
          out(`    ${a.attemptedAt}  ${a.statusCode ?? '-'}  ${a.latencyMs} ms${a.error ? `  ${a.error}` : ''}${a.responseExcerpt ? `  ${JSON.stringify(a.responseExcerpt.slice(0, 80))}` : ''}`);
        }
      }
      return;
    }
    case 'replay': {
      const { values, positionals } = parse({ args: rest, options: { ...DB_OPTION, endpoint: { type: 'string' }, 'failed-since': { type: 'string' } }, allowPositionals: true }, 1);
      const deliveryId = positionals[0];
      if (deliveryId !== undefined) {
        if (values.endpoint !== undefined || values['failed-since'] !== undefined) throw new UsageError('replay takes a delivery id, or --endpoint with --failed-since');
        await withDb(values.db, (storage) => replayDelivery(storage, deliveryId));
        out(`Queued ${deliveryId} again.`);
        return;
      }
      if (values.endpoint === undefined || values['failed-since'] === undefined) throw new UsageError('usage: inlay webhooks replay DELIVERY_ID | --endpoint ID --failed-since ISO');
      const since = new Date(values['failed-since']);
      if (Number.isNaN(since.getTime())) throw new UsageError('--failed-since must be an ISO 8601 time');
      const count = await withDb(values.db, (storage) => replayFailedSince(storage, values.endpoint as string, since));
      out(`Queued ${count} failed ${count === 1 ? 'delivery' : 'deliveries'} again.`);
      return;
    }
    case 'send-test': {
      const { values, positionals } = parse({ args: rest, options: DB_OPTION, allowPositionals: true }, 1);
      const id = idOf(positionals, 'an endpoint id (whe_…)');
      const deliveryId = await withDb(values.db, (storage) => sendTestEvent(storage, id));
      out(`Queued a webhook.test event as ${deliveryId}; a running server sends it (inlay webhooks deliveries ${id}).`);
      return;
    }
    default:
      throw new UsageError(USAGE);
  }
}
