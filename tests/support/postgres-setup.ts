import type { TestProject } from "vitest/node";
import { startTestPostgres } from "./postgres.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** Set in the PostgreSQL projects: the throwaway cluster each test gateway makes its own database on. */
    pgClusterUrl: string;
  }
}

/** Vitest global setup: one throwaway PostgreSQL cluster for the whole run of a project. */
export default async function setup(project: TestProject) {
  const cluster = await startTestPostgres();
  project.provide("pgClusterUrl", cluster.url);
  return () => cluster.stop();
}
