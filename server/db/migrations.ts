/** Numbered, append-only schema steps. Never edit a shipped step; add a new one. */
export const migrations: { version: number; name: string; sql: string }[] = [
  {
    version: 1,
    name: "accounts and system",
    sql: `
      CREATE TABLE users (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        uuid TEXT NOT NULL UNIQUE,
        oauth_id TEXT UNIQUE,
        phone TEXT UNIQUE,
        password_hash TEXT,
        username TEXT NOT NULL,
        nickname TEXT NOT NULL DEFAULT '',
        avatar_url TEXT NOT NULL DEFAULT '',
        intro TEXT NOT NULL DEFAULT '',
        gender INTEGER NOT NULL DEFAULT 0,
        birthday TEXT NOT NULL DEFAULT '',
        aff_code TEXT NOT NULL UNIQUE,
        invited_by INTEGER REFERENCES users(id),
        invite_by_code TEXT NOT NULL DEFAULT '',
        coins INTEGER NOT NULL DEFAULT 0 CHECK (coins >= 0),
        coins_total INTEGER NOT NULL DEFAULT 0,
        consumption INTEGER NOT NULL DEFAULT 0,
        vip INTEGER NOT NULL DEFAULT 0,
        level INTEGER NOT NULL DEFAULT 0,
        auth_level INTEGER NOT NULL DEFAULT 0,
        auth_status INTEGER NOT NULL DEFAULT 0,
        can_watch INTEGER NOT NULL DEFAULT 3,
        fans_count INTEGER NOT NULL DEFAULT 0,
        followed_count INTEGER NOT NULL DEFAULT 0,
        likes_count INTEGER NOT NULL DEFAULT 0,
        live_count INTEGER NOT NULL DEFAULT 0,
        is_recommend INTEGER NOT NULL DEFAULT 0,
        tui_coins_cents INTEGER NOT NULL DEFAULT 0,
        total_tui_coins_cents INTEGER NOT NULL DEFAULT 0,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      );
      CREATE TABLE sessions (
        token_hash TEXT PRIMARY KEY,
        user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        created_at INTEGER NOT NULL,
        expires_at INTEGER NOT NULL,
        revoked_at INTEGER
      );
      CREATE INDEX sessions_user ON sessions(user_id);
      CREATE TABLE report_types (id INTEGER PRIMARY KEY, name TEXT NOT NULL, sort INTEGER NOT NULL DEFAULT 0);
      CREATE TABLE notices (id INTEGER PRIMARY KEY AUTOINCREMENT, title TEXT NOT NULL, content TEXT NOT NULL, created_at INTEGER NOT NULL);
      CREATE TABLE messages (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        title TEXT NOT NULL,
        content TEXT NOT NULL,
        is_read INTEGER NOT NULL DEFAULT 0,
        created_at INTEGER NOT NULL
      );
      CREATE INDEX messages_user ON messages(user_id, id);
      CREATE TABLE open_ads (id INTEGER PRIMARY KEY, title TEXT NOT NULL, img_url TEXT NOT NULL, url TEXT NOT NULL, duration INTEGER NOT NULL, sort INTEGER NOT NULL DEFAULT 0);
      CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);
    `,
  },
];
