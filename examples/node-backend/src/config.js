/**
 * The example's settings, from environment variables (the names the quick start exports).
 *
 * @typedef {object} Config
 * @property {string} baseUrl        INLAY_BASE_URL: the Inlay server's origin, e.g. http://127.0.0.1:4000
 * @property {string} secretKey      INLAY_SECRET_KEY: svc_test_sec_… — stays on this server
 * @property {string} publishableKey INLAY_PUBLISHABLE_KEY: svc_test_pub_… — goes into the page
 * @property {string} flowId         INLAY_FLOW_ID: the published flow the page shows
 * @property {string} boardId        INLAY_BOARD_ID: the published board tokens are minted for
 * @property {string | undefined} webhookSecret INLAY_WEBHOOK_SECRET (optional): the webhook endpoint's whsec_… signing secret; turns on POST /webhooks/inlay
 * @property {number} port           PORT (default 3000; 0 picks a free port)
 * @property {string} host           HOST (default 127.0.0.1)
 */

/**
 * Reads and checks the settings; throws one error naming every missing or wrong variable.
 *
 * @param {Record<string, string | undefined>} env
 * @returns {Config}
 */
export function readConfig(env) {
  const problems = [];
  /** @param {string} name */
  const required = (name) => {
    const value = env[name]?.trim();
    if (!value) problems.push(`${name} is not set`);
    return value ?? '';
  };
  const baseUrl = required('INLAY_BASE_URL');
  const secretKey = required('INLAY_SECRET_KEY');
  const publishableKey = required('INLAY_PUBLISHABLE_KEY');
  const flowId = required('INLAY_FLOW_ID');
  const boardId = required('INLAY_BOARD_ID');
  if (secretKey && !/^svc_(test|live)_sec_/.test(secretKey)) {
    problems.push('INLAY_SECRET_KEY must be a secret key (svc_test_sec_… or svc_live_sec_…)');
  }
  if (publishableKey && !/^svc_(test|live)_pub_/.test(publishableKey)) {
    problems.push('INLAY_PUBLISHABLE_KEY must be a publishable key (svc_test_pub_… or svc_live_pub_…)');
  }
  if (baseUrl && !/^https?:\/\/[^/?#]+\/*$/.test(baseUrl)) {
    problems.push('INLAY_BASE_URL must be the Inlay server\'s origin, e.g. http://127.0.0.1:4000');
  }
  const webhookSecret = env.INLAY_WEBHOOK_SECRET?.trim() || undefined;
  if (webhookSecret !== undefined && !/^whsec_[A-Za-z0-9+/=]+$/.test(webhookSecret)) {
    problems.push('INLAY_WEBHOOK_SECRET must be a webhook signing secret (whsec_…)');
  }
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) problems.push('PORT must be a whole number from 0 to 65535');
  if (problems.length > 0) {
    throw new Error(`node-backend example: ${problems.join('; ')}. See examples/node-backend/README.md.`);
  }
  return { baseUrl: baseUrl.replace(/\/+$/, ''), secretKey, publishableKey, flowId, boardId, webhookSecret, port, host: env.HOST ?? '127.0.0.1' };
}
