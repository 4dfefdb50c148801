import { createImporterClient, type ImporterClient } from '@inlay/client';
import type { Guard } from '../base/resource-controller.js';
import { closeEngine } from './engine-bridge.js';
import { type ImporterCore, setState } from './importer-core.js';
import { initialState } from './steps/frame.js';

/**
 * Loads the published importer (or takes the dashboard's draft preview) for the element's
 * ResourceController (base/resource-controller.ts): everything starts over, and the upload step
 * shows once the config is there. `undefined` while the element lacks an importer, key or URL.
 * @internal
 */
export function loadPublished(core: ImporterCore, guard: Guard): Promise<void> | undefined {
  const { host } = core;
  core.generation += 1;
  closeEngine(core);
  core.published = undefined;
  host.state = initialState();
  const { importerId, publishableKey, baseUrl, previewConfig } = host;
  host.phase = previewConfig || (importerId && publishableKey && baseUrl) ? 'loading' : 'idle';
  if (host.phase === 'idle') return undefined;
  return (async () => {
    // A preview (the dashboard's draft) opens no session: there is no client to open one with.
    const client = (core.client = previewConfig ? undefined : createImporterClient({ publishableKey, baseUrl }));
    const published = previewConfig ?? (await guard((client as ImporterClient).getConfig(importerId)));
    core.published = published;
    setState(core, { name: published.name, fields: published.config.fields, configFields: published.config.fields, duplicateKey: published.config.duplicateKey });
    host.phase = 'upload';
  })();
}
