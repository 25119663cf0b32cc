import type { TestProject } from "vitest/node";
import { openSeededDatabase } from "#server/seed/index.ts";
import { createTestDatabase, startTestPostgres } from "./postgres.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** Set in the PostgreSQL projects: the throwaway cluster each test gateway makes its own database on. */
    pgClusterUrl: string;
    /** The database on that cluster, migrated and seeded once, that each test database is created from. */
    pgTemplate: string;
  }
}

/**
 * Vitest global setup: one throwaway PostgreSQL cluster for the whole run of a project, and on it one migrated and
 * seeded database that test databases are copies of (`CREATE DATABASE … TEMPLATE`, decision 072).
 */
export default async function setup(project: TestProject) {
  const cluster = await startTestPostgres();
  try {
    const template = await createTestDatabase(cluster.url);
    const db = await openSeededDatabase({ dataDir: "", databaseUrl: template });
    await db.close();
    project.provide("pgTemplate", new URL(template).pathname.slice(1));
  } catch (error) {
    await cluster.stop();
    throw error;
  }
  project.provide("pgClusterUrl", cluster.url);
  return () => cluster.stop();
}
