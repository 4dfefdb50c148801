/**
 * Flows published on the test server (web-test-runner.config.mjs) and for the screenshot
 * (scripts/screenshot.mjs). Keys name them for the tests; each test uses its own user id.
 */
export const flows = {
  main: {
    name: 'Get started with Acme',
    config: {
      snoozeDays: [1, 3, 7],
      items: [
        {
          id: 'profile',
          title: 'Complete your profile',
          description: 'Add your name and a photo so teammates recognise you.',
          action: { label: 'Open settings', href: '/settings/profile' },
        },
        {
          id: 'project',
          title: 'Create your first project',
          description: 'Projects keep related work and people together.',
          action: { label: 'New project', href: 'https://example.com/projects/new' },
        },
        {
          id: 'invite',
          title: 'Invite your team',
          description: 'Onboarding goes faster together.',
          action: { label: 'Invite people', href: '/team/invite' },
          dependsOn: ['project'],
        },
        {
          id: 'integrate',
          title: 'Connect an integration',
          description: 'Bring in data from the tools you already use.',
          optional: true,
        },
      ],
    },
  },
  empty: {
    name: 'Nothing yet',
    config: { emptyState: 'No steps yet, check back soon.' },
  },
  pro: {
    name: 'Pro features',
    config: {
      eligibility: { all: [{ trait: 'plan', op: 'eq', value: 'pro' }] },
      items: [{ id: 'reports', title: 'Open advanced reports' }],
    },
  },
  bare: {
    name: 'Bare checklist',
    config: {
      toggles: { allowDismiss: false, allowSkip: false, allowSnooze: false, showProgress: false },
      items: [
        { id: 'one', title: 'First step' },
        { id: 'two', title: 'Second step' },
      ],
    },
  },
  token: {
    name: 'Signed-in only',
    config: { requireAuthorToken: true, items: [{ id: 'verify', title: 'Verify your email' }] },
  },
};
