import type { VideoSection } from "#gateway/api/index.ts";

/**
 * The video sections' routes: the section each shows and its ad position. One table for the routes'
 * loaders and for early-start.ts, which starts a section's first calls on a direct visit (decisions 014
 * and 023). It imports nothing at run time.
 */
export const SECTION_ROUTES = {
  "/home": { section: "porn", position: "home" },
  "/dark_web": { section: "aw", position: "dark_web" },
} as const satisfies Record<string, { section: VideoSection; position: string }>;

export type SectionPath = keyof typeof SECTION_ROUTES;

export const isSectionPath = (path: string): path is SectionPath => Object.hasOwn(SECTION_ROUTES, path);
