/**
 * Sample data for the dashboard's tests and screenshots, made through the server's public API
 * as a customer's backend (secret key) and end users' browsers (publishable key) would make it.
 */

/** @param {import('./inlay-server.mjs').InlayServer} server */
export async function seed(server) {
  const secret = server.keys.testSecret;
  const pub = server.keys.testPublishable;
  const ok = async (promise) => {
    const { status, body } = await promise;
    if (status >= 300) throw new Error(`seed: ${status} ${JSON.stringify(body)}`);
    return body.data;
  };
  const publish = async (service, collection, name, config) => {
    const created = await ok(server.publicApi(secret, 'POST', `/${service}/api/v1/${collection}`, { name }));
    const id = created.id ?? created.importerId;
    await ok(server.publicApi(secret, 'PATCH', `/${service}/api/v1/${collection}/${id}`, { name, config }));
    await ok(server.publicApi(secret, 'POST', `/${service}/api/v1/${collection}/${id}`, { action: 'publish' }));
    return id;
  };

  const flowId = await publish('onboarding', 'flows', 'Getting started', {
    items: [
      { id: 'profile', title: 'Complete your profile' },
      { id: 'invite', title: 'Invite your team', dependsOn: ['profile'] },
      { id: 'connect', title: 'Connect a data source', description: 'Bring in your first data.' },
    ],
  });
  for (const [userId, items] of [
    ['user-1', ['profile', 'invite']],
    ['user-2', ['profile']],
    ['user-3', []],
  ]) {
    for (const itemId of items) await ok(server.publicApi(pub, 'POST', `/onboarding/api/v1/progress/${flowId}/items/${itemId}/complete`, { userId }));
    if (items.length === 0) await ok(server.publicApi(pub, 'GET', `/onboarding/api/v1/progress/${flowId}?userId=${userId}`));
  }
  await server.publicApi(pub, 'POST', `/onboarding/api/v1/outcomes`, { flowId, userId: 'user-1', event: 'first_report_created' });

  const boardId = await publish('feedback', 'boards', 'Product ideas', { branding: { title: 'Tell us what to build' } });
  const posts = [];
  for (const [i, title] of ['Dark mode', 'Export to CSV', 'Dark theme please'].entries()) {
    posts.push(await ok(server.publicApi(pub, 'POST', '/feedback/api/v1/posts', { boardId, title, body: i === 0 ? 'The app is too bright at night.' : '', author: { id: `author-${i}`, name: `Author ${i}` } })));
  }

  const importerId = await publish('importer', 'importers', 'Contacts', {
    fields: [
      { key: 'email', label: 'Email', type: 'email', required: true, unique: true, aliases: ['E-mail'] },
      { key: 'name', label: 'Name', type: 'string' },
      { key: 'plan', label: 'Plan', type: 'enum', enumValues: ['free', 'pro'] },
    ],
  });
  const session = await ok(server.publicApi(pub, 'POST', '/importer/api/v1/sessions', { importerId, metadata: { team: 'sales' } }));

  return { flowId, boardId, posts, importerId, sessionId: session.id };
}
