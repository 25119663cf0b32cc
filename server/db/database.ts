import BetterSqlite3 from "better-sqlite3";
import {
  CompiledQuery,
  Kysely,
  PostgresDialect,
  SqliteAdapter,
  SqliteDriver,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type SqliteDatabase,
  type SqliteDialectConfig,
  type SqliteStatement,
} from "kysely";
import pg from "pg";

export type DialectName = "sqlite" | "postgres";

/** Positional (`?`) or named (`@name`) parameters. An array value of a named parameter expands to a list. */
export type Params = readonly unknown[] | Readonly<Record<string, unknown>>;

interface Compiled {
  text: string;
  /** For named parameters: the name behind each placeholder, in order. */
  names?: string[];
}

/**
 * Rewrites `?` / `@name` placeholders for the dialect: SQLite takes `?`, PostgreSQL `$1…$n`. String literals,
 * quoted names and comments are left alone.
 */
export function compileSql(text: string, dialect: DialectName, params?: Params): Compiled {
  const named = params !== undefined && !Array.isArray(params);
  const names: string[] = [];
  let out = "";
  let n = 0;
  const placeholder = () => (dialect === "postgres" ? `$${++n}` : "?");
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === "'" || c === '"') {
      const end = text.indexOf(c, i + 1);
      const stop = end < 0 ? text.length : end;
      out += text.slice(i, stop + 1);
      i = stop;
    } else if (c === "-" && text[i + 1] === "-") {
      const end = text.indexOf("\n", i);
      const stop = end < 0 ? text.length : end;
      out += text.slice(i, stop);
      i = stop - 1;
    } else if (c === "?" && !named) {
      out += placeholder();
    } else if (c === "@" && named && /[A-Za-z_]/.test(text[i + 1] ?? "")) {
      let j = i + 1;
      while (j < text.length && /\w/.test(text[j]!)) j++;
      const name = text.slice(i + 1, j);
      const value = (params as Record<string, unknown>)[name];
      if (Array.isArray(value)) {
        // `IN (@ids)`: one placeholder per element; an empty list matches nothing.
        if (value.length === 0) out += "NULL";
        else out += value.map((_, k) => (names.push(`${name}\u0000${k}`), placeholder())).join(", ");
      } else {
        names.push(name);
        out += placeholder();
      }
      i = j - 1;
    } else {
      out += c;
    }
  }
  return named ? { text: out, names } : { text: out };
}

function bindValues(compiled: Compiled, params: Params | undefined): unknown[] {
  const values = !params ? [] : compiled.names ? compiled.names.map((key) => lookup(params as Record<string, unknown>, key)) : [...(params as unknown[])];
  return values.map(toDbValue);
}

function lookup(params: Record<string, unknown>, key: string): unknown {
  const at = key.indexOf("\u0000");
  if (at < 0) {
    if (!(key in params)) throw new Error(`missing SQL parameter @${key}`);
    return params[key];
  }
  return (params[key.slice(0, at)] as unknown[])[Number(key.slice(at + 1))];
}

/** Booleans as 0/1 on both (better-sqlite3 refuses them; PostgreSQL would refuse them for integer columns). */
const toDbValue = (v: unknown) => (v === true ? 1 : v === false ? 0 : v === undefined ? null : v);

const hasArray = (params: Params | undefined) => params !== undefined && !Array.isArray(params) && Object.values(params).some(Array.isArray);

/** The one handle on the database: raw SQL in a portable subset, the same on SQLite and PostgreSQL. */
export class Db {
  private readonly cache: Map<string, Compiled>;

  constructor(
    /** The query builder, for code that wants it; raw SQL goes through the methods below. */
    readonly kysely: Kysely<any>,
    readonly dialect: DialectName,
    private readonly inTransaction = false,
    cache?: Map<string, Compiled>,
    private readonly onClose?: () => Promise<void>,
  ) {
    this.cache = cache ?? new Map();
  }

  private compile(text: string, params: Params | undefined): CompiledQuery {
    let compiled: Compiled | undefined;
    if (hasArray(params)) compiled = compileSql(text, this.dialect, params);
    else {
      const key = params && !Array.isArray(params) ? `@${text}` : text;
      compiled = this.cache.get(key);
      if (!compiled) {
        compiled = compileSql(text, this.dialect, params);
        if (this.cache.size > 5000) this.cache.clear();
        this.cache.set(key, compiled);
      }
    }
    return CompiledQuery.raw(compiled.text, bindValues(compiled, params));
  }

  private async execute<T>(text: string, params?: Params) {
    return this.kysely.executeQuery<T>(this.compile(text, params));
  }

  async all<T = Record<string, unknown>>(text: string, params?: Params): Promise<T[]> {
    return (await this.execute<T>(text, params)).rows as T[];
  }

  async get<T = Record<string, unknown>>(text: string, params?: Params): Promise<T | undefined> {
    return (await this.execute<T>(text, params)).rows[0] as T | undefined;
  }

  /** The first column of the first row (a count, an id, a flag). */
  async value<T = number>(text: string, params?: Params): Promise<T | undefined> {
    const row = (await this.execute<Record<string, unknown>>(text, params)).rows[0];
    return row ? (Object.values(row)[0] as T) : undefined;
  }

  /** Runs a write; answers how many rows it changed. */
  async run(text: string, params?: Params): Promise<number> {
    return Number((await this.execute(text, params)).numAffectedRows ?? 0n);
  }

  /** Runs an INSERT and answers the new row's `id` (the statement must not say RETURNING itself). */
  async insert(text: string, params?: Params): Promise<number> {
    const row = (await this.execute<{ id: number }>(`${text} RETURNING id`, params)).rows[0];
    return Number(row!.id);
  }

  /**
   * Runs `fn` in one transaction: committed when it resolves, rolled back when it throws. SQLite takes the
   * write lock at the start (BEGIN IMMEDIATE); PostgreSQL runs READ COMMITTED, and money code locks the rows it
   * moves (`forUpdate`); a serialization failure or deadlock is tried again. Inside a transaction, `fn` runs
   * in the one already open.
   */
  async transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
    if (this.inTransaction) return fn(this);
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.kysely.transaction().execute((trx) => fn(new Db(trx, this.dialect, true, this.cache)));
      } catch (error) {
        const code = (error as { code?: unknown }).code;
        if (this.dialect === "postgres" && (code === "40001" || code === "40P01") && attempt < 5) continue;
        throw error;
      }
    }
  }

  /** ` FOR UPDATE` on PostgreSQL, to lock the rows a SELECT reads until the transaction ends; SQLite's BEGIN IMMEDIATE already holds the write lock. */
  get forUpdate(): string {
    return this.dialect === "postgres" ? " FOR UPDATE" : "";
  }

  /** `string_agg` / `GROUP_CONCAT` of a text expression. */
  groupConcat(expr: string, separator = ","): string {
    return this.dialect === "postgres" ? `string_agg(${expr}, '${separator}')` : `GROUP_CONCAT(${expr}, '${separator}')`;
  }

  async close(): Promise<void> {
    await this.kysely.destroy();
    await this.onClose?.();
  }
}

/** A violated UNIQUE or PRIMARY KEY constraint, on either database. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown })?.code;
  return code === "23505" || code === "SQLITE_CONSTRAINT_UNIQUE" || code === "SQLITE_CONSTRAINT_PRIMARYKEY";
}

/** better-sqlite3 with each statement prepared once: preparing costs more than running most queries. */
function cachingDatabase(db: BetterSqlite3.Database): SqliteDatabase {
  const statements = new Map<string, SqliteStatement>();
  return {
    close: () => db.close(),
    prepare(text: string) {
      let stmt = statements.get(text);
      if (!stmt) {
        if (statements.size > 5000) statements.clear();
        statements.set(text, (stmt = db.prepare(text) as unknown as SqliteStatement));
      }
      return stmt;
    },
  };
}

class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("begin immediate"));
  }
}

/** Kysely's SQLite dialect, with transactions that take the write lock when they begin. */
class ImmediateSqliteDialect implements Dialect {
  constructor(private readonly config: SqliteDialectConfig) {}
  createDriver = () => new ImmediateSqliteDriver(this.config);
  createQueryCompiler = () => new SqliteQueryCompiler();
  createAdapter = () => new SqliteAdapter();
  createIntrospector = (db: Kysely<any>) => new SqliteIntrospector(db);
}

/** The SQLite file, in WAL mode. */
export function openSqlite(file: string): Db {
  const raw = new BetterSqlite3(file);
  raw.pragma("journal_mode = WAL");
  raw.pragma("synchronous = NORMAL");
  raw.pragma("foreign_keys = ON");
  raw.pragma("busy_timeout = 5000");
  return new Db(new Kysely({ dialect: new ImmediateSqliteDialect({ database: cachingDatabase(raw) }) }), "sqlite");
}

const INT8_OID = 20;
const NUMERIC_OID = 1700;

/** A PostgreSQL pool. BIGINT and NUMERIC answers are numbers: ids, counts, coins and times stay below 2^53. */
export function openPostgres(url: string, opts: { max?: number } = {}): Db {
  const toNumber = (v: string) => Number(v);
  const types = {
    getTypeParser: ((oid: number, format?: "text" | "binary") =>
      oid === INT8_OID || oid === NUMERIC_OID ? toNumber : pg.types.getTypeParser(oid, format as "text")) as typeof pg.types.getTypeParser,
  };
  const pool = new pg.Pool({ connectionString: url, max: opts.max ?? 10, types });
  return new Db(new Kysely({ dialect: new PostgresDialect({ pool }) }), "postgres");
}

/** One statement used many times (a seed's inserts): `await insert.run(a, b)`. */
export function stmt(db: Db, text: string) {
  const params = (args: unknown[]): Params => (args.length === 1 && args[0] !== null && typeof args[0] === "object" && !Array.isArray(args[0]) ? (args[0] as Record<string, unknown>) : args);
  return {
    run: (...args: unknown[]) => db.run(text, params(args)),
    insert: (...args: unknown[]) => db.insert(text, params(args)),
    get: <T = Record<string, unknown>>(...args: unknown[]) => db.get<T>(text, params(args)),
    all: <T = Record<string, unknown>>(...args: unknown[]) => db.all<T>(text, params(args)),
  };
}
