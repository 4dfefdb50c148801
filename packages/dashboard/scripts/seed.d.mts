import type { InlayServer } from './inlay-server.mjs';
export function seed(server: InlayServer): Promise<{ flowId: string; boardId: string; posts: { id: string; title: string }[]; importerId: string; sessionId: string }>;
