/** The two ways to embed a flow's checklist: a `<script>` tag and the npm package. */
export function installSnippet(input: { flowId: string; baseUrl: string; publishableKey?: string | undefined }) {
  const key = input.publishableKey ?? 'svc_test_pub_YOUR_PUBLISHABLE_KEY';
  const element = [
    '<inlay-checklist',
    `  flow-id="${input.flowId}"`,
    `  publishable-key="${key}"`,
    `  base-url="${input.baseUrl}/onboarding"`,
    '  user-id="CURRENT_USER_ID"></inlay-checklist>',
  ].join('\n');
  return {
    flowId: input.flowId,
    scriptTag: `<script src="${input.baseUrl}/cdn/inlay-checklist.js" defer></script>\n${element}`,
    npm: [
      'npm install @inlay/widgets',
      '',
      "import '@inlay/widgets/checklist/define';",
      '',
      element,
    ].join('\n'),
    notes:
      'Replace CURRENT_USER_ID with the signed-in user. For live keys, set element.getAuthorToken to a function that asks your backend for an author token (POST /api/v1/author-tokens with a secret key).',
  };
}
