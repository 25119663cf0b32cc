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
  {
    version: 2,
    name: "content model (all kinds), money, social",
    sql: `
      ALTER TABLE users ADD COLUMN is_creator INTEGER NOT NULL DEFAULT 0;
      CREATE TABLE categories (
        id INTEGER PRIMARY KEY, kind TEXT NOT NULL, section TEXT NOT NULL, name TEXT NOT NULL, sort INTEGER NOT NULL DEFAULT 0
      );
      CREATE TABLE series (
        id INTEGER PRIMARY KEY, kind TEXT NOT NULL, title TEXT NOT NULL, creator_id INTEGER REFERENCES users(id), created_at INTEGER NOT NULL
      );
      CREATE TABLE items (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        kind TEXT NOT NULL,
        section TEXT NOT NULL DEFAULT '',
        title TEXT NOT NULL,
        description TEXT NOT NULL DEFAULT '',
        cover_seed TEXT NOT NULL,
        cover_ratio TEXT NOT NULL DEFAULT '16X9',
        media TEXT NOT NULL DEFAULT '',
        duration INTEGER NOT NULL DEFAULT 0,
        category_id INTEGER REFERENCES categories(id),
        series_id INTEGER REFERENCES series(id),
        creator_id INTEGER REFERENCES users(id),
        coins INTEGER NOT NULL DEFAULT 0 CHECK (coins >= 0),
        vip_free INTEGER NOT NULL DEFAULT 0,
        like_count INTEGER NOT NULL DEFAULT 0,
        comment_count INTEGER NOT NULL DEFAULT 0,
        view_count INTEGER NOT NULL DEFAULT 0,
        favorite_count INTEGER NOT NULL DEFAULT 0,
        hot INTEGER NOT NULL DEFAULT 0,
        created_at INTEGER NOT NULL
      );
      CREATE INDEX items_feed_new ON items(kind, section, created_at DESC, id DESC);
      CREATE INDEX items_feed_hot ON items(kind, section, hot DESC, id DESC);
      CREATE INDEX items_category ON items(category_id, created_at DESC);
      CREATE INDEX items_creator ON items(creator_id, created_at DESC);
      CREATE INDEX items_series ON items(series_id);
      CREATE TABLE tags (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);
      CREATE TABLE item_tags (item_id INTEGER NOT NULL REFERENCES items(id) ON DELETE CASCADE, tag_id INTEGER NOT NULL REFERENCES tags(id), PRIMARY KEY (item_id, tag_id));
      CREATE INDEX item_tags_tag ON item_tags(tag_id, item_id);
      CREATE TABLE comments (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        item_id INTEGER NOT NULL REFERENCES items(id) ON DELETE CASCADE,
        user_id INTEGER NOT NULL REFERENCES users(id),
        reply_to INTEGER REFERENCES comments(id),
        content TEXT NOT NULL,
        like_count INTEGER NOT NULL DEFAULT 0,
        reply_count INTEGER NOT NULL DEFAULT 0,
        created_at INTEGER NOT NULL
      );
      CREATE INDEX comments_item ON comments(item_id, reply_to, id);
      CREATE INDEX comments_reply ON comments(reply_to, id);
      CREATE TABLE comment_likes (user_id INTEGER NOT NULL, comment_id INTEGER NOT NULL REFERENCES comments(id) ON DELETE CASCADE, PRIMARY KEY (user_id, comment_id));
      CREATE TABLE likes (user_id INTEGER NOT NULL, item_id INTEGER NOT NULL REFERENCES items(id) ON DELETE CASCADE, created_at INTEGER NOT NULL, PRIMARY KEY (user_id, item_id));
      CREATE INDEX likes_user ON likes(user_id, created_at DESC);
      CREATE TABLE favorite_groups (id INTEGER PRIMARY KEY AUTOINCREMENT, user_id INTEGER NOT NULL REFERENCES users(id), name TEXT NOT NULL, created_at INTEGER NOT NULL);
      CREATE TABLE favorites (
        user_id INTEGER NOT NULL, item_id INTEGER NOT NULL REFERENCES items(id) ON DELETE CASCADE,
        group_id INTEGER REFERENCES favorite_groups(id) ON DELETE SET NULL, created_at INTEGER NOT NULL,
        PRIMARY KEY (user_id, item_id)
      );
      CREATE TABLE purchases (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        user_id INTEGER NOT NULL REFERENCES users(id),
        item_id INTEGER NOT NULL REFERENCES items(id),
        method TEXT NOT NULL CHECK (method IN ('coins', 'ticket')),
        coins INTEGER NOT NULL,
        request_id TEXT NOT NULL DEFAULT '',
        created_at INTEGER NOT NULL,
        UNIQUE (user_id, item_id)
      );
      CREATE INDEX purchases_user ON purchases(user_id, created_at DESC);
      CREATE TABLE spending (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        user_id INTEGER NOT NULL REFERENCES users(id),
        item_id INTEGER REFERENCES items(id),
        coins INTEGER NOT NULL,
        reason TEXT NOT NULL,
        balance_after INTEGER NOT NULL,
        created_at INTEGER NOT NULL
      );
      CREATE INDEX spending_user ON spending(user_id, id);
      CREATE TABLE tickets (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        user_id INTEGER NOT NULL REFERENCES users(id),
        name TEXT NOT NULL,
        status INTEGER NOT NULL DEFAULT 0,
        used_on INTEGER REFERENCES items(id),
        expires_at INTEGER NOT NULL,
        created_at INTEGER NOT NULL
      );
      CREATE INDEX tickets_user ON tickets(user_id, status, expires_at);
      CREATE TABLE follows (follower_id INTEGER NOT NULL REFERENCES users(id), followee_id INTEGER NOT NULL REFERENCES users(id), created_at INTEGER NOT NULL, PRIMARY KEY (follower_id, followee_id));
      CREATE INDEX follows_followee ON follows(followee_id, created_at DESC);
      CREATE TABLE view_log (id INTEGER PRIMARY KEY AUTOINCREMENT, user_id INTEGER NOT NULL, item_id INTEGER NOT NULL, created_at INTEGER NOT NULL);
      CREATE INDEX view_log_user ON view_log(user_id, id DESC);
      CREATE TABLE ads (id INTEGER PRIMARY KEY, position TEXT NOT NULL, title TEXT NOT NULL, image_seed TEXT NOT NULL, url TEXT NOT NULL, ratio TEXT NOT NULL DEFAULT '16X7', sort INTEGER NOT NULL DEFAULT 0, clicks INTEGER NOT NULL DEFAULT 0);
      CREATE INDEX ads_position ON ads(position, sort);
      CREATE TABLE gifts (id INTEGER PRIMARY KEY, name TEXT NOT NULL, coins INTEGER NOT NULL CHECK (coins > 0), sort INTEGER NOT NULL DEFAULT 0);
      CREATE TABLE rewards (id INTEGER PRIMARY KEY AUTOINCREMENT, user_id INTEGER NOT NULL, item_id INTEGER NOT NULL, creator_id INTEGER, gift_id INTEGER NOT NULL, coins INTEGER NOT NULL, created_at INTEGER NOT NULL);
      CREATE TABLE reports (id INTEGER PRIMARY KEY AUTOINCREMENT, user_id INTEGER NOT NULL, item_id INTEGER NOT NULL, type_id INTEGER NOT NULL REFERENCES report_types(id), content TEXT NOT NULL DEFAULT '', created_at INTEGER NOT NULL);
      CREATE TABLE find_requests (user_id INTEGER NOT NULL, item_id INTEGER NOT NULL REFERENCES items(id), content TEXT NOT NULL DEFAULT '', created_at INTEGER NOT NULL, PRIMARY KEY (user_id, item_id));
      CREATE TABLE hot_searches (word TEXT PRIMARY KEY, hits INTEGER NOT NULL DEFAULT 0, pinned INTEGER NOT NULL DEFAULT 0);
    `,
  },
  {
    version: 3,
    name: "item images, fan clubs",
    sql: `
      CREATE TABLE item_images (item_id INTEGER NOT NULL REFERENCES items(id) ON DELETE CASCADE, seq INTEGER NOT NULL, seed TEXT NOT NULL, ratio TEXT NOT NULL, PRIMARY KEY (item_id, seq));
      CREATE TABLE clubs (
        creator_id INTEGER PRIMARY KEY REFERENCES users(id),
        name TEXT NOT NULL,
        intro TEXT NOT NULL DEFAULT '',
        fee_coins INTEGER NOT NULL DEFAULT 0 CHECK (fee_coins >= 0),
        rules TEXT NOT NULL DEFAULT '[]',
        privileges TEXT NOT NULL DEFAULT '[]'
      );
      CREATE TABLE club_members (
        creator_id INTEGER NOT NULL REFERENCES clubs(creator_id),
        user_id INTEGER NOT NULL REFERENCES users(id),
        score INTEGER NOT NULL DEFAULT 0,
        joined_at INTEGER NOT NULL,
        PRIMARY KEY (creator_id, user_id)
      );
      CREATE INDEX club_members_score ON club_members(creator_id, score DESC);
      CREATE INDEX club_members_joined ON club_members(creator_id, joined_at DESC);
    `,
  },
  {
    version: 4,
    name: "community unlock: purchases by a circle post, posts quoting an item",
    sql: `
      CREATE TABLE purchases_v4 (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        user_id INTEGER NOT NULL REFERENCES users(id),
        item_id INTEGER NOT NULL REFERENCES items(id),
        method TEXT NOT NULL CHECK (method IN ('coins', 'ticket', 'community')),
        coins INTEGER NOT NULL,
        request_id TEXT NOT NULL DEFAULT '',
        created_at INTEGER NOT NULL,
        UNIQUE (user_id, item_id)
      );
      INSERT INTO purchases_v4 SELECT id, user_id, item_id, method, coins, request_id, created_at FROM purchases;
      DROP TABLE purchases;
      ALTER TABLE purchases_v4 RENAME TO purchases;
      CREATE INDEX purchases_user ON purchases(user_id, created_at DESC);
      CREATE INDEX purchases_method ON purchases(user_id, method, created_at);
      ALTER TABLE items ADD COLUMN quote_item_id INTEGER REFERENCES items(id);
    `,
  },
  {
    version: 5,
    name: "a member's latest comments, to take a repeated post as the first",
    sql: `
      CREATE INDEX comments_user_recent ON comments(user_id, created_at);
    `,
  },
  {
    version: 6,
    name: "invitations, exchange codes, feedback, the app centre",
    sql: `
      ALTER TABLE users ADD COLUMN vip_expires_at INTEGER NOT NULL DEFAULT 0;
      CREATE INDEX users_invited_by ON users(invited_by, created_at);
      CREATE TABLE exchange_codes (
        code TEXT PRIMARY KEY,
        kind TEXT NOT NULL,
        amount INTEGER NOT NULL CHECK (amount > 0),
        used_by INTEGER REFERENCES users(id),
        used_at INTEGER,
        created_at INTEGER NOT NULL
      );
      CREATE TABLE feedback (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        user_id INTEGER NOT NULL REFERENCES users(id),
        content TEXT NOT NULL,
        images TEXT NOT NULL DEFAULT '[]',
        reply TEXT NOT NULL DEFAULT '',
        replied_at INTEGER,
        created_at INTEGER NOT NULL
      );
      CREATE INDEX feedback_user ON feedback(user_id, id);
      CREATE TABLE app_center (
        id INTEGER PRIMARY KEY, name TEXT NOT NULL, icon_seed TEXT NOT NULL, url TEXT NOT NULL, intro TEXT NOT NULL DEFAULT '', sort INTEGER NOT NULL DEFAULT 0
      );
    `,
  },
  {
    version: 7,
    name: "login failures per phone, device and address; sessions by expiry, for pruning (decision 027)",
    sql: `
      CREATE TABLE login_failures (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        phone TEXT NOT NULL,
        device TEXT NOT NULL,
        address TEXT NOT NULL,
        created_at INTEGER NOT NULL
      );
      CREATE INDEX login_failures_phone ON login_failures(phone, created_at);
      CREATE INDEX login_failures_device ON login_failures(device, created_at);
      CREATE INDEX login_failures_address ON login_failures(address, created_at);
      CREATE INDEX login_failures_created ON login_failures(created_at);
      CREATE INDEX sessions_expires ON sessions(expires_at);
    `,
  },
  {
    version: 8,
    name: "purchases of any unit: a whole item, or one episode or chapter (item_units); payment methods as data (decision 031)",
    sql: `
      CREATE TABLE item_units (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        item_id INTEGER NOT NULL REFERENCES items(id) ON DELETE CASCADE,
        seq INTEGER NOT NULL,
        title TEXT NOT NULL DEFAULT '',
        coins INTEGER NOT NULL DEFAULT 0 CHECK (coins >= 0),
        vip_free INTEGER NOT NULL DEFAULT 0,
        media TEXT NOT NULL DEFAULT '',
        created_at INTEGER NOT NULL,
        UNIQUE (item_id, seq)
      );
      CREATE TABLE purchases_v8 (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        user_id INTEGER NOT NULL REFERENCES users(id),
        item_id INTEGER NOT NULL REFERENCES items(id),
        unit_id INTEGER NOT NULL DEFAULT 0,
        method TEXT NOT NULL,
        coins INTEGER NOT NULL CHECK (coins >= 0),
        request_id TEXT NOT NULL DEFAULT '',
        created_at INTEGER NOT NULL,
        UNIQUE (user_id, item_id, unit_id)
      );
      INSERT INTO purchases_v8 (id, user_id, item_id, unit_id, method, coins, request_id, created_at)
        SELECT id, user_id, item_id, 0, method, coins, request_id, created_at FROM purchases;
      DROP TABLE purchases;
      ALTER TABLE purchases_v8 RENAME TO purchases;
      CREATE INDEX purchases_user ON purchases(user_id, created_at DESC);
      CREATE INDEX purchases_method ON purchases(user_id, method, created_at);
      ALTER TABLE spending ADD COLUMN unit_id INTEGER NOT NULL DEFAULT 0;
    `,
  },
  {
    version: 9,
    name: "最热 orders by play count: its index",
    sql: `
      CREATE INDEX items_feed_views ON items(kind, section, view_count DESC, id DESC);
    `,
  },
  {
    version: 10,
    name: "the first answer to a write done once per request_id, so a call repeated on another line answers it again (decision 035)",
    sql: `
      CREATE TABLE request_answers (
        caller TEXT NOT NULL,
        path TEXT NOT NULL,
        request_id TEXT NOT NULL,
        answer TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        PRIMARY KEY (caller, path, request_id)
      );
      CREATE INDEX request_answers_created ON request_answers(created_at);
    `,
  },
  {
    version: 11,
    name: "dating: areas, listings (contact details apart, certification, hidden after reports), reviews, certification applications (decision 036)",
    sql: `
      CREATE TABLE dating_areas (id INTEGER PRIMARY KEY, name TEXT NOT NULL, sort INTEGER NOT NULL DEFAULT 0);
      CREATE TABLE dating_listings (
        item_id INTEGER PRIMARY KEY REFERENCES items(id) ON DELETE CASCADE,
        area_id INTEGER NOT NULL REFERENCES dating_areas(id),
        age INTEGER NOT NULL DEFAULT 0,
        contact TEXT NOT NULL,
        certified INTEGER NOT NULL DEFAULT 0,
        hidden INTEGER NOT NULL DEFAULT 0,
        reviewed_at INTEGER NOT NULL DEFAULT 0
      );
      CREATE INDEX dating_listings_area ON dating_listings(area_id, hidden);
      CREATE TABLE dating_reviews (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        item_id INTEGER NOT NULL REFERENCES items(id) ON DELETE CASCADE,
        user_id INTEGER NOT NULL REFERENCES users(id),
        rating INTEGER NOT NULL CHECK (rating BETWEEN 1 AND 5),
        content TEXT NOT NULL,
        images TEXT NOT NULL DEFAULT '[]',
        created_at INTEGER NOT NULL
      );
      CREATE INDEX dating_reviews_item ON dating_reviews(item_id, id);
      CREATE TABLE dating_applications (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        user_id INTEGER NOT NULL REFERENCES users(id),
        name TEXT NOT NULL,
        phone TEXT NOT NULL,
        area_id INTEGER NOT NULL REFERENCES dating_areas(id),
        address TEXT NOT NULL,
        images TEXT NOT NULL DEFAULT '[]',
        status TEXT NOT NULL DEFAULT 'submitted' CHECK (status IN ('submitted', 'approved', 'rejected')),
        reason TEXT NOT NULL DEFAULT '',
        created_at INTEGER NOT NULL,
        reviewed_at INTEGER
      );
      CREATE INDEX dating_applications_user ON dating_applications(user_id, id);
    `,
  },
  {
    version: 12,
    name: "top-ups: products, orders paid through a provider, agent income per order and level, withdrawals that freeze (decisions 037, 038)",
    sql: `
      CREATE TABLE products (
        id INTEGER PRIMARY KEY,
        kind TEXT NOT NULL CHECK (kind IN ('coins', 'vip')),
        name TEXT NOT NULL,
        description TEXT NOT NULL DEFAULT '',
        price_cents INTEGER NOT NULL CHECK (price_cents > 0),
        coins INTEGER NOT NULL DEFAULT 0 CHECK (coins >= 0),
        bonus_coins INTEGER NOT NULL DEFAULT 0 CHECK (bonus_coins >= 0),
        vip_days INTEGER NOT NULL DEFAULT 0 CHECK (vip_days >= 0),
        pay_methods TEXT NOT NULL DEFAULT '[]',
        active INTEGER NOT NULL DEFAULT 1,
        sort INTEGER NOT NULL DEFAULT 0
      );
      CREATE TABLE orders (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        order_no TEXT NOT NULL UNIQUE,
        user_id INTEGER NOT NULL REFERENCES users(id),
        product_id INTEGER NOT NULL REFERENCES products(id),
        kind TEXT NOT NULL,
        name TEXT NOT NULL,
        amount_cents INTEGER NOT NULL CHECK (amount_cents > 0),
        coins INTEGER NOT NULL DEFAULT 0,
        vip_days INTEGER NOT NULL DEFAULT 0,
        pay_method TEXT NOT NULL,
        provider TEXT NOT NULL,
        provider_ref TEXT NOT NULL DEFAULT '',
        status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'paid', 'failed')),
        created_at INTEGER NOT NULL,
        expires_at INTEGER NOT NULL,
        paid_at INTEGER,
        updated_at INTEGER NOT NULL
      );
      CREATE INDEX orders_user ON orders(user_id, id);
      CREATE TABLE agent_income (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        order_id INTEGER NOT NULL REFERENCES orders(id),
        level INTEGER NOT NULL,
        user_id INTEGER NOT NULL REFERENCES users(id),
        from_user_id INTEGER NOT NULL REFERENCES users(id),
        order_cents INTEGER NOT NULL,
        basis_points INTEGER NOT NULL,
        amount_cents INTEGER NOT NULL CHECK (amount_cents >= 0),
        created_at INTEGER NOT NULL,
        UNIQUE (order_id, level)
      );
      CREATE INDEX agent_income_user ON agent_income(user_id, id);
      CREATE TABLE withdrawals (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        user_id INTEGER NOT NULL REFERENCES users(id),
        source TEXT NOT NULL CHECK (source IN ('coins', 'agent')),
        amount INTEGER NOT NULL CHECK (amount > 0),
        fee INTEGER NOT NULL CHECK (fee >= 0),
        payout_cents INTEGER NOT NULL CHECK (payout_cents >= 0),
        account_type TEXT NOT NULL,
        account_name TEXT NOT NULL,
        account_no TEXT NOT NULL,
        status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
        reason TEXT NOT NULL DEFAULT '',
        created_at INTEGER NOT NULL,
        settled_at INTEGER
      );
      CREATE INDEX withdrawals_user ON withdrawals(user_id, source, id);
      CREATE INDEX withdrawals_status ON withdrawals(status, id);
      ALTER TABLE users ADD COLUMN frozen_coins INTEGER NOT NULL DEFAULT 0 CHECK (frozen_coins >= 0);
      ALTER TABLE users ADD COLUMN frozen_tui_cents INTEGER NOT NULL DEFAULT 0 CHECK (frozen_tui_cents >= 0);
    `,
  },
  {
    version: 13,
    name: "exchange codes usable once per member; help questions; support conversations (decision 039)",
    sql: `
      ALTER TABLE exchange_codes ADD COLUMN per_member INTEGER NOT NULL DEFAULT 0;
      CREATE TABLE exchange_code_uses (
        code TEXT NOT NULL REFERENCES exchange_codes(code),
        user_id INTEGER NOT NULL REFERENCES users(id),
        used_at INTEGER NOT NULL,
        PRIMARY KEY (code, user_id)
      );
      CREATE TABLE help_questions (id INTEGER PRIMARY KEY AUTOINCREMENT, question TEXT NOT NULL, answer TEXT NOT NULL, sort INTEGER NOT NULL DEFAULT 0);
      CREATE TABLE support_messages (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        user_id INTEGER NOT NULL REFERENCES users(id),
        from_staff INTEGER NOT NULL DEFAULT 0,
        content TEXT NOT NULL DEFAULT '',
        images TEXT NOT NULL DEFAULT '[]',
        created_at INTEGER NOT NULL
      );
      CREATE INDEX support_messages_user ON support_messages(user_id, id);
    `,
  },
  {
    version: 14,
    name: "scandal news and the post circle: headlines renamed to kind 'headline', circle posts of kind 'post' with uploaded images, requests with rewards, follow-ups, offered videos; items hidden after reports (decision 040)",
    sql: `
      UPDATE items SET kind = 'headline' WHERE kind = 'post';
      ALTER TABLE items ADD COLUMN body TEXT NOT NULL DEFAULT '';
      ALTER TABLE items ADD COLUMN hidden INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE items ADD COLUMN is_request INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE items ADD COLUMN essence INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE item_images ADD COLUMN url TEXT NOT NULL DEFAULT '';
      CREATE INDEX items_circle ON items(kind, hidden, created_at DESC, id DESC);
      CREATE INDEX reports_item ON reports(item_id, user_id);
      CREATE TABLE find_appends (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        item_id INTEGER NOT NULL REFERENCES items(id) ON DELETE CASCADE,
        content TEXT NOT NULL,
        request_id TEXT NOT NULL DEFAULT '',
        created_at INTEGER NOT NULL
      );
      CREATE INDEX find_appends_item ON find_appends(item_id, id);
      CREATE TABLE find_rewards (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        item_id INTEGER NOT NULL REFERENCES items(id),
        user_id INTEGER NOT NULL REFERENCES users(id),
        coins INTEGER NOT NULL CHECK (coins > 0),
        request_id TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        UNIQUE (user_id, request_id)
      );
      CREATE INDEX find_rewards_item ON find_rewards(item_id, id);
      CREATE TABLE find_videos (
        item_id INTEGER NOT NULL REFERENCES items(id) ON DELETE CASCADE,
        video_id INTEGER NOT NULL REFERENCES items(id),
        user_id INTEGER NOT NULL REFERENCES users(id),
        created_at INTEGER NOT NULL,
        PRIMARY KEY (item_id, video_id)
      );
    `,
  },
  {
    version: 15,
    name: "resources (issue 19, decision 041): chapters' text or pages, finished books, favourite groups per kind, followed series, reading and listening progress kept per member and item",
    sql: `
      ALTER TABLE item_units ADD COLUMN body TEXT NOT NULL DEFAULT '';
      ALTER TABLE items ADD COLUMN is_end INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE items ADD COLUMN updated_at INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE favorite_groups ADD COLUMN kind TEXT NOT NULL DEFAULT 'video';
      CREATE INDEX favorite_groups_user ON favorite_groups(user_id, kind, id);
      CREATE INDEX items_kind_views ON items(kind, hidden, view_count DESC, id DESC);
      CREATE TABLE series_follows (
        user_id INTEGER NOT NULL REFERENCES users(id),
        series_id INTEGER NOT NULL REFERENCES series(id) ON DELETE CASCADE,
        created_at INTEGER NOT NULL,
        PRIMARY KEY (user_id, series_id)
      );
      CREATE INDEX series_follows_user ON series_follows(user_id, created_at DESC);
      CREATE TABLE progress (
        user_id INTEGER NOT NULL REFERENCES users(id),
        item_id INTEGER NOT NULL REFERENCES items(id) ON DELETE CASCADE,
        unit_id INTEGER NOT NULL DEFAULT 0,
        position DOUBLE PRECISION NOT NULL,
        updated_at INTEGER NOT NULL,
        PRIMARY KEY (user_id, item_id)
      );
    `,
  },
  {
    version: 16,
    name: "review of posts and headlines hidden by reports (decision 050): a report reviewed at, an item hidden at; items.hidden 2 = removed by an operator",
    sql: `
      ALTER TABLE reports ADD COLUMN reviewed_at INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE items ADD COLUMN hidden_at INTEGER NOT NULL DEFAULT 0;
    `,
  },
  {
    version: 17,
    name: "exchange codes with an end and a number of uses (decision 064); max_uses 0 = no limit, expires_at 0 = never",
    sql: `
      ALTER TABLE exchange_codes ADD COLUMN expires_at INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE exchange_codes ADD COLUMN max_uses INTEGER NOT NULL DEFAULT 1;
      ALTER TABLE exchange_codes ADD COLUMN use_count INTEGER NOT NULL DEFAULT 0;
      UPDATE exchange_codes SET max_uses = 0 WHERE per_member = 1;
      UPDATE exchange_codes SET use_count = (SELECT COUNT(*) FROM exchange_code_uses u WHERE u.code = exchange_codes.code);
    `,
  },
  {
    version: 18,
    name: "the fields of a write done once per request_id, so a repeat with other fields is refused (decision 065)",
    sql: `
      ALTER TABLE request_answers ADD COLUMN fields_hash TEXT NOT NULL DEFAULT '';
    `,
  },
  {
    version: 19,
    name: "reports of what members write (decision 069): a report's target (item, comment, review, member); comments, dating reviews and profiles hidden by reports",
    sql: `
      ALTER TABLE reports ADD COLUMN target TEXT NOT NULL DEFAULT 'item';
      CREATE INDEX reports_target ON reports(target, item_id, user_id);
      ALTER TABLE comments ADD COLUMN hidden INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE comments ADD COLUMN hidden_at INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE dating_reviews ADD COLUMN hidden INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE dating_reviews ADD COLUMN hidden_at INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE users ADD COLUMN profile_hidden INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE users ADD COLUMN profile_hidden_at INTEGER NOT NULL DEFAULT 0;
    `,
  },
  {
    version: 20,
    name: "users.vip dropped: VIP is vip_expires_at > now (decisions 064, 073); nothing reads or writes the flag",
    sql: `
      ALTER TABLE users DROP COLUMN vip;
    `,
  },
  {
    version: 21,
    name: "video positions in progress (decision 081): the video's length as the player knew it, and each member's latest positions first for the watch history",
    sql: `
      ALTER TABLE progress ADD COLUMN duration DOUBLE PRECISION NOT NULL DEFAULT 0;
      CREATE INDEX progress_user_recent ON progress(user_id, updated_at DESC);
    `,
  },
  {
    version: 22,
    name: "bullet comments (decision 082): words at a second of a video, with a colour; hidden by reports as comments are",
    sql: `
      CREATE TABLE danmu (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        item_id INTEGER NOT NULL REFERENCES items(id) ON DELETE CASCADE,
        user_id INTEGER NOT NULL REFERENCES users(id),
        time_s DOUBLE PRECISION NOT NULL,
        content TEXT NOT NULL,
        color TEXT NOT NULL DEFAULT '#ffffff',
        hidden INTEGER NOT NULL DEFAULT 0,
        hidden_at INTEGER NOT NULL DEFAULT 0,
        created_at INTEGER NOT NULL
      );
      CREATE INDEX danmu_item_time ON danmu(item_id, time_s);
      CREATE INDEX danmu_user_recent ON danmu(user_id, created_at);
    `,
  },
  {
    version: 23,
    name: "ingested content (decision 084): an item's folder of stored files; items.hidden 3 = taken down by an operator (kept by its buyers)",
    sql: `
      ALTER TABLE items ADD COLUMN store_key TEXT NOT NULL DEFAULT '';
      CREATE INDEX items_store_key ON items(store_key);
    `,
  },
];
