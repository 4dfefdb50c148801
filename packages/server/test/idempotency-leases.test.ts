import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { openDatabase } from '../src/db/connect.js';
import { takeOverClaim } from '../src/repositories/platform/idempotency.js';
import { initWorkspace } from '../src/workspace-setup.js';
import { call, dataOf, errorOf, harness, onPostgres, testDatabase } from './helpers.js';
import { waitFor } from './webhook-receiver.js';

const APP = fileURLToPath(new URL('../dist/app.js', import.meta.url));
const crashDb = await testDatabase('crash.db');
/** The crashed request's lease: long enough for the test's steps, short enough to wait out on PostgreSQL. */
const LEASE_MS = 10_000;

/**
 * A server process with one extra secret-key route that claims its Idempotency-Key (the real
 * plugin does that before any handler) and then never answers: it prints "claimed" so the test
 * can kill it with SIGKILL mid-request, as a crash or an OOM kill would.
 */
const CHILD = `
const { buildApp } = await import(process.env.INLAY_APP);
const app = await buildApp({ db: process.env.INLAY_DB, idempotencyLeaseMs: Number(process.env.INLAY_LEASE_MS) });
app.post('/crash-test', { config: { auth: 'secret' } }, () => {
  process.stdout.write('claimed\\n');
  return new Promise(() => {});
});
const url = await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write('listening ' + url + '\\n');
`;

describe('Idempotency-Key claims left by a crashed process', () => {
  // On PostgreSQL it waits out the lease: a longer budget than the other tests'.
  it('a new server on the same file runs the retry of a request whose process was killed -9 mid-request', { timeout: 60_000 }, async () => {
    const dbPath = crashDb;
    const setup = await openDatabase(dbPath);
    const { keys } = await initWorkspace(setup, 'Crash');
    await setup.close();

    const child = spawn(process.execPath, ['--input-type=module', '-e', CHILD], {
      env: { ...process.env, INLAY_APP: APP, INLAY_DB: dbPath, INLAY_LEASE_MS: String(LEASE_MS) },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const exited = once(child, 'exit');
    let output = '';
    const seen = (text: string) =>
      new Promise<void>((resolve, reject) => {
        const check = () => {
          if (output.includes(text)) resolve();
        };
        child.stdout.on('data', (chunk: Buffer) => {
          output += chunk.toString();
          check();
        });
        child.once('exit', () => reject(new Error(`child exited before "${text}": ${output}`)));
        check();
      });
    const headers = { authorization: `Bearer ${keys.testSecret}`, 'content-type': 'application/json', 'idempotency-key': 'crash-1' };
    const body = JSON.stringify({ name: 'Survives a crash' });
    try {
      await seen('listening ');
      const url = /listening (\S+)/.exec(output)![1]!;
      // The first attempt: it reaches the handler (the key is claimed) and then its process dies.
      const first = fetch(`${url}/crash-test`, { method: 'POST', headers, body }).catch((error: unknown) => error);
      await seen('claimed');
      child.kill('SIGKILL');
      await exited;
      expect(await first).toBeInstanceOf(Error);
    } finally {
      child.kill('SIGKILL');
    }

    // The claim outlived its process, unfinished.
    const check = await openDatabase(dbPath);
    const left = await check.db.selectFrom('idempotency_keys').selectAll().where('idempotency_key', '=', 'crash-1').execute();
    await check.close();
    expect(left).toHaveLength(1);
    expect(left[0]!.status_code).toBeNull();

    // The server starts again on the same database; the client retries with the same key.
    const app = await buildApp({ db: dbPath, idempotencyLeaseMs: LEASE_MS });
    let runs = 0;
    app.post('/crash-test', { config: { auth: 'secret' } }, () => ({ data: { runs: ++runs } }));
    try {
      if (onPostgres) {
        // Other instances may be alive and running their claims: only the lease running out
        // tells that the claim's process is gone (docs/self-hosting.md). Until then, 409.
        const early = await app.inject({ method: 'POST', url: '/crash-test', headers, payload: body });
        expect(early.statusCode).toBe(409);
        expect(errorOf(early).code).toBe('idempotency_key_in_use');
        // The lease is the behaviour under test, so its time has to pass: until the instant the
        // claim's row names (the server holds the key while it lies ahead), no longer.
        const leaseExpiresAt = left[0]!.lease_expires_at;
        expect(leaseExpiresAt).toEqual(expect.any(String));
        await waitFor(() => new Date().toISOString() > leaseExpiresAt!, 'the dead claim\'s lease to run out', LEASE_MS + 5_000);
      }
      // On SQLite (one server per file) the new server released the dead process's claims at start.
      const retry = await app.inject({ method: 'POST', url: '/crash-test', headers, payload: body });
      expect(retry.statusCode, retry.body).toBe(200);
      expect(retry.json()).toEqual({ data: { runs: 1 } });
      const again = await app.inject({ method: 'POST', url: '/crash-test', headers, payload: body });
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(runs).toBe(1);
    } finally {
      await app.close();
    }
  });
});

describe('Idempotency-Key leases', () => {
  it('a claim held by another live process answers 409 until its lease runs out, then the retry takes it over', async () => {
    const h = await harness();
    const key = h.ws.keys.testSecret;
    const headers = { 'idempotency-key': 'lease-1' };
    const send = () => call(h.app, 'POST', '/onboarding/api/v1/flows', { key, body: { name: 'Leased' }, headers });
    const first = dataOf<{ id: string }>(await send());
    // Turn the finished row back into an unfinished claim of another process, as that process
    // would have written it (the request hash is the real one).
    const claimAs = (leaseExpiresAt: string) =>
      h.storage.db.updateTable('idempotency_keys')
        .set({ status_code: null, response_body: null, claimed_by: 'boot_elsewhere', lease_expires_at: leaseExpiresAt })
        .where('idempotency_key', '=', 'lease-1')
        .execute();
    await claimAs(new Date(Date.now() + 60_000).toISOString());
    expect(errorOf(await send())).toMatchObject({ type: 'conflict', code: 'idempotency_key_in_use' });

    await claimAs(new Date(Date.now() - 1).toISOString());
    const retried = await send();
    expect(retried.statusCode).toBe(200);
    expect(retried.headers['idempotent-replayed']).toBeUndefined();
    expect(dataOf<{ id: string }>(retried).id).not.toBe(first.id);
    const replayed = await send();
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    expect(dataOf<{ id: string }>(replayed).id).toBe(dataOf<{ id: string }>(retried).id);
  });

  it('a request still running in this process keeps its key past its lease: the retry gets 409, not a second run', async () => {
    const h = await harness();
    const app = await buildApp({ database: h.storage, db: h.dbPath, idempotencyLeaseMs: 0, keyCacheTtlMs: 0 });
    let runs = 0;
    let entered!: () => void;
    const inHandler = new Promise<void>((resolve) => (entered = resolve));
    let finish!: () => void;
    const finished = new Promise<void>((resolve) => (finish = resolve));
    app.post('/slow', { config: { auth: 'secret' } }, async () => {
      runs += 1;
      entered();
      await finished;
      return { data: { runs } };
    });
    try {
      const send = () => call(app, 'POST', '/slow', { key: h.ws.keys.testSecret, body: { n: 1 }, headers: { 'idempotency-key': 'still-running' } });
      const first = send();
      await inHandler;
      // The lease (0 ms) has run out, but the request holding it is still running here.
      expect(errorOf(await send())).toMatchObject({ code: 'idempotency_key_in_use' });
      finish();
      expect(dataOf(await first)).toEqual({ runs: 1 });
      expect((await send()).headers['idempotent-replayed']).toBe('true');
      expect(runs).toBe(1);
    } finally {
      await app.close();
    }
  });

  it('takes over an expired claim with a conditional update: of two that saw the same lease, one wins', async () => {
    const h = await harness();
    const ref = { workspaceId: h.ws.id, mode: 'test' as const, key: 'race-takeover' };
    const expired = new Date(Date.now() - 1000).toISOString();
    await h.storage.db.insertInto('idempotency_keys')
      .values({
        workspace_id: ref.workspaceId,
        mode: ref.mode,
        idempotency_key: ref.key,
        request_hash: 'h',
        status_code: null,
        response_body: null,
        created_at: new Date().toISOString(),
        claimed_by: 'boot_dead',
        lease_expires_at: expired,
      })
      .execute();
    const seen = { claimedBy: 'boot_dead', leaseExpiresAt: expired };
    const lease = new Date(Date.now() + 60_000).toISOString();
    // A second database connection, as another process on the same file would have.
    const other = await openDatabase(h.dbPath);
    try {
      expect(await takeOverClaim(h.storage.db, ref, seen, { owner: 'boot_a', leaseExpiresAt: lease })).toBe(true);
      expect(await takeOverClaim(other.db, ref, seen, { owner: 'boot_b', leaseExpiresAt: lease })).toBe(false);
    } finally {
      await other.close();
    }
    const row = await h.storage.db.selectFrom('idempotency_keys').select('claimed_by').where('idempotency_key', '=', ref.key).executeTakeFirstOrThrow();
    expect(row.claimed_by).toBe('boot_a');
  });
});
