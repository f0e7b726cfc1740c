/**
 * Queries built and compiled once, then run with new values: for the few statements every page or call makes.
 *
 * Kysely builds an operation tree and compiles it to SQL on every execution (immutable nodes, frozen objects,
 * a visitor over the tree): on a logged-in question/info call that was ~15% of the server's CPU, more than
 * SQLite's own work for the same statements (docs/BENCHMARKS.md). A prepared query runs its builder once per
 * dialect and shape, with markers in place of the values, remembers the SQL and where each value goes among its
 * parameters, and afterwards only fills in the values and executes.
 *
 * Rules for a builder: it must use its value arguments only as values (in `where`, `limit`, ..., never in
 * JavaScript conditions, string building or `sql.lit`), and give the same SQL for every call apart from the
 * number of items of array arguments (`in` lists, which are part of the shape). A builder that breaks this is
 * detected at its first compile when a marker is missing from the parameters (an error, so tests catch it).
 * Constants written in the builder (statuses, fixed limits) are kept as they were compiled.
 *
 * On SQLite, outside a transaction, the statement runs straight on the connection (Db.queryNow in dialect.ts),
 * skipping Kysely's per-query work; inside one it goes through Kysely (the transaction's connection).
 */
import type { Compilable, CompiledQuery } from 'kysely';
import type { Db } from './dialect.js';

/** Where a value goes: argument `arg`, item `item` of it when it is an array (-1: the argument itself). */
class Marker {
  constructor(
    readonly arg: number,
    readonly item: number,
  ) {}
}

interface Compiled {
  query: CompiledQuery<unknown>;
  /** Per parameter: a marker to fill from the call's arguments, or a constant of the builder. */
  sources: Array<Marker | { constant: unknown }>;
}

/** Shapes kept per prepared query (dialects times array lengths); beyond it a shape is compiled per call. */
const MAX_SHAPES = 256;

/** A query function made by {@link prepared}: the rows of the query for these argument values. */
export type PreparedQuery<A extends unknown[], R> = (db: Db, ...args: A) => Promise<R[]>;

/**
 * Makes a prepared query (see the file header).
 * @param build the query for `args` on `kysely`; called with markers in place of the values, once per shape
 * @param options.unused positions of arguments the builder may leave out (one function serving query variants)
 * @returns `(db, ...args) => rows`
 * @throws Error at the first call of a shape whose builder did not use every other argument as a query value
 */
export function prepared<A extends unknown[], R>(build: (kysely: Db['kysely'], ...args: A) => Compilable<R>, options: { unused?: number[] } = {}): PreparedQuery<A, R> {
  const mayBeUnused = new Set(options.unused ?? []);
  const shapes = new Map<string, Compiled>();

  function compile(db: Db, args: A): Compiled {
    const markers = args.map((a, i) => (Array.isArray(a) ? a.map((_, j) => new Marker(i, j)) : new Marker(i, -1))) as unknown as A;
    const query = build(db.kysely, ...markers).compile() as CompiledQuery<unknown>;
    const sources = query.parameters.map((p) => (p instanceof Marker ? p : { constant: p }));
    const used = new Set(sources.filter((s): s is Marker => s instanceof Marker).map((m) => `${m.arg}:${m.item}`));
    args.forEach((a, i) => {
      if (mayBeUnused.has(i)) return;
      const keys = Array.isArray(a) ? a.map((_, j) => `${i}:${j}`) : [`${i}:-1`];
      for (const k of keys) if (!used.has(k)) throw new Error(`prepared query: argument ${i} is not used as a query value (${query.sql})`);
    });
    return { query, sources };
  }

  function bind(db: Db, args: A): { query: CompiledQuery<unknown>; parameters: unknown[] } {
    let shape: string = db.dialect;
    for (const a of args) shape += Array.isArray(a) ? `,${a.length}` : ',';
    let compiled = shapes.get(shape);
    if (!compiled) {
      compiled = compile(db, args);
      if (shapes.size < MAX_SHAPES) shapes.set(shape, compiled);
    }
    const parameters = compiled.sources.map((s) => (s instanceof Marker ? (s.item < 0 ? args[s.arg] : (args[s.arg] as unknown[])[s.item]) : s.constant));
    return { query: compiled.query, parameters };
  }

  const run = async (db: Db, ...args: A): Promise<R[]> => {
    const { query, parameters } = bind(db, args);
    // SQLite outside a transaction: at once, without Kysely's per-query work (Db.queryNow).
    const now = db.queryNow?.(query.sql, parameters);
    if (now) return now as R[];
    const result = await db.kysely.executeQuery<R>({ ...(query as CompiledQuery<R>), parameters });
    return result.rows;
  };
  return run;
}
