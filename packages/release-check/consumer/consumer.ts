// Compiled by check.mjs against the built packages (see tsconfig.json): every public entry point,
// used as an app would, so a published declaration that does not resolve fails the release.
import { createClient, createFeedbackClient, createImporterClient, type ClientOptions, isInlayError } from '@inlay/client';
import { createHttpClient, type HttpPlatform, InlayRateLimitError } from '@inlay/core';
import { Inlay, type InlayOptions, verifyWebhook } from '@inlay/node';
import { buildApp, type ServerOptions } from '@inlay/server';
import { InlayChecklist, InlayFeedbackBoard, InlayImporter } from '@inlay/widgets';
import '@inlay/widgets/checklist';
import '@inlay/widgets/feedback-board';
import '@inlay/widgets/importer';

const options: ClientOptions = { publishableKey: 'svc_test_pub_x', baseUrl: 'https://inlay.example.com/onboarding' };
export const clients = [createClient(options), createFeedbackClient(options), createImporterClient(options)];
export const isError: (value: unknown) => boolean = isInlayError;
export const platform: Partial<HttpPlatform> = { headers: {} };
export const http: typeof createHttpClient = createHttpClient;
export const limited: typeof InlayRateLimitError = InlayRateLimitError;
const nodeOptions: InlayOptions = { secretKey: 'svc_test_sec_x', baseUrl: 'http://127.0.0.1:4000' };
export const inlay = new Inlay(nodeOptions);
export const verify: typeof verifyWebhook = verifyWebhook;
export type Server = ServerOptions;
export const build: typeof buildApp = buildApp;
export const elements: CustomElementConstructor[] = [InlayChecklist, InlayFeedbackBoard, InlayImporter];
export const importer = document.createElement('inlay-importer') as InlayImporter;
