/**
 * Counts this process's writes per table, as a Kysely plugin: every INSERT, UPDATE or DELETE built with Kysely
 * (in or out of a transaction, committed or not) moves its table's generation on. Caches of values read from
 * some tables remember those tables' generation when they were filled and are stale as soon as it moved (the
 * session cache of core/auth/session.cache.ts watches `users` and `user_sessions`).
 *
 * Only queries built with Kysely are seen: raw `sql` texts are not parsed (none writes the watched tables), and
 * prepared queries (core/db/prepared.ts) are read-only. Every write seen is also noted with the coherence registry
 * (core/coherence.ts), which clears the caches of the table and relays it to the other processes; the
 * invalidations they relay back are added to the generations here (`externalGeneration`), so a cache keyed on
 * generations misses after a write anywhere.
 *
 * An UPDATE that sets nothing but counter columns (COUNTER_COLUMNS) does not move its table's generation: the view
 * counts flushed every few seconds would otherwise drop every cached question row each time, where the flush drops
 * just the rows of the questions it wrote (question.views.ts).
 */
import { externalGeneration, noteWrite } from '../coherence.js';
import type { KyselyPlugin, OperationNode, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow, UpdateQueryNode } from 'kysely';

/** The table a write targets: a table node, possibly behind an alias. */
function tableName(node: OperationNode | undefined): string | undefined {
  let n = node as (OperationNode & { node?: OperationNode; table?: { identifier?: { name?: string } } }) | undefined;
  if (n?.kind === 'AliasNode') n = n.node as typeof n;
  return n?.kind === 'TableNode' ? n.table?.identifier?.name : undefined;
}

/**
 * Columns, by table, whose updates alone do not count as writes to the table (see the file header). The code that
 * writes them drops what it makes stale itself.
 */
export const COUNTER_COLUMNS: Readonly<Record<string, ReadonlySet<string>>> = {
  questions: new Set(['view_count', 'unique_view_count']),
};

/** Name of the column a SET item writes. */
function columnName(node: OperationNode): string | undefined {
  const n = node as OperationNode & { column?: { name?: string } };
  return n.kind === 'ColumnNode' ? n.column?.name : undefined;
}

/** Whether an UPDATE of `table` sets counter columns only (COUNTER_COLUMNS). */
function countersOnly(table: string, node: UpdateQueryNode): boolean {
  const counters = COUNTER_COLUMNS[table];
  if (!counters || !node.updates?.length) return false;
  return node.updates.every((u) => counters.has(columnName(u.column) ?? ''));
}

/** The tables an INSERT, UPDATE or DELETE writes; [] for other statements. */
function writtenTables(node: RootOperationNode): string[] {
  switch (node.kind) {
    case 'InsertQueryNode':
      return [tableName(node.into)].filter((t): t is string => !!t);
    case 'UpdateQueryNode': {
      const t = tableName(node.table);
      return t && !countersOnly(t, node) ? [t] : [];
    }
    case 'DeleteQueryNode':
      return node.from.froms.map(tableName).filter((t): t is string => !!t);
    default:
      return [];
  }
}

/** The plugin (see the file header). */
export class WriteWatch implements KyselyPlugin {
  private readonly counts = new Map<string, number>();

  /**
   * Writes seen so far by this process (through this handle) to the given tables, plus the invalidations of them
   * relayed from other processes (core/coherence.ts), summed: a number that changes whenever one of them is written.
   * @param tables table names, as in the schema
   */
  generation(...tables: string[]): number {
    let n = 0;
    for (const t of tables) n += (this.counts.get(t) ?? 0) + externalGeneration(t);
    return n;
  }

  /** Counts the tables a statement writes (see the file header) and returns it unchanged. */
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    for (const t of writtenTables(args.node)) {
      this.counts.set(t, (this.counts.get(t) ?? 0) + 1);
      noteWrite(t);
    }
    return args.node;
  }

  /** Passes results through unchanged (the plugin only watches statements). */
  transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return Promise.resolve(args.result);
  }
}
