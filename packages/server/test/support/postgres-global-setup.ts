import type { TestProject } from 'vitest/node';
import { startCluster } from './postgres-cluster.js';

/** Vitest global setup of the PostgreSQL run (vitest.postgres.config.ts). */
export default function setup(project: TestProject): () => void {
  const cluster = startCluster();
  project.provide('postgresUrl', cluster.url);
  return () => cluster.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
  }
}
