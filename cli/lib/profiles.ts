import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { createOAuthId, OAUTH_ID_RE } from "#gateway/identity.ts";

export interface Profile {
  oauthId: string;
  token?: string;
  uuid?: string;
  line?: string;
  phone?: string;
}

const home = () => process.env.GW_HOME || join(homedir(), ".gw");
const file = () => join(home(), "profiles.json");

function readAll(): Record<string, Profile> {
  if (!existsSync(file())) return {};
  try {
    return JSON.parse(readFileSync(file(), "utf8")) as Record<string, Profile>;
  } catch {
    throw new Error(`${file()} is not valid JSON; fix or delete it`);
  }
}

function writeAll(all: Record<string, Profile>) {
  mkdirSync(home(), { recursive: true, mode: 0o700 });
  writeFileSync(file(), `${JSON.stringify(all, null, 2)}\n`, { mode: 0o600 });
  chmodSync(file(), 0o600);
}

/** A profile is a device: it keeps its oauth id across runs, and a token after `login`. */
export function loadProfile(name: string): Profile {
  const all = readAll();
  const existing = all[name];
  if (existing && OAUTH_ID_RE.test(existing.oauthId)) return existing;
  const created = { ...existing, oauthId: createOAuthId() };
  all[name] = created;
  writeAll(all);
  return created;
}

export function saveProfile(name: string, profile: Profile) {
  const all = readAll();
  all[name] = profile;
  writeAll(all);
}

export function profilesPath() {
  return file();
}
