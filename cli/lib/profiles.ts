import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { createOAuthId, OAUTH_ID_RE } from "#gateway/identity.ts";

export interface Profile {
  oauthId: string;
  token?: string;
  uuid?: string;
  line?: string;
  phone?: string;
  /** The guest account the gateway registered for this device, by line (its uuid); see `noteGuestAccount`. */
  guests?: Record<string, string>;
}

const home = () => process.env.GW_HOME || join(homedir(), ".gw");
const file = () => join(home(), "profiles.json");

function readAll(): Record<string, Profile> {
  if (!existsSync(file())) return {};
  let all: unknown;
  try {
    all = JSON.parse(readFileSync(file(), "utf8"));
  } catch {
    throw new Error(`${file()} is not valid JSON; fix or delete it`);
  }
  if (!all || typeof all !== "object" || Array.isArray(all)) throw new Error(`${file()} should hold an object of profiles; fix or delete it`);
  return Object.assign(Object.create(null) as Record<string, Profile>, all);
}

// Written to a temporary file and renamed over the old one: a CLI running at the same time reads the old
// file or the new one, never half of one.
function writeAll(all: Record<string, Profile>) {
  mkdirSync(home(), { recursive: true, mode: 0o700 });
  const temp = `${file()}.${process.pid}.tmp`;
  writeFileSync(temp, `${JSON.stringify(all, null, 2)}\n`, { mode: 0o600 });
  chmodSync(temp, 0o600);
  renameSync(temp, file());
}

const PROFILE_NAME = /^[\w.-]{1,64}$/;

/** A profile is a device: it keeps its oauth id across runs, and a token after `login`. */
export function loadProfile(name: string): Profile {
  if (!PROFILE_NAME.test(name) || name === "__proto__") throw new Error(`--profile must be 1–64 letters, digits, "_", "." or "-": ${name}`);
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
