export const EMAIL: string;
export const PASSWORD: string;
export interface InlayServer {
  origin: string;
  workspaceId: string;
  keys: { testPublishable: string; testSecret: string; livePublishable?: string; liveSecret?: string };
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON answers of many shapes, read by tests
  publicApi(key: string, method: string, path: string, body?: unknown): Promise<{ status: number; body: any }>;
  cli(args: string[]): Promise<string>;
  stop(): Promise<void>;
}
export function startInlayServer(): Promise<InlayServer>;
