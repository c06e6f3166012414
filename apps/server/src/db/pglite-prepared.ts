import { parse, type PGlite, protocol, type Results } from '@electric-sql/pglite';

type QueryOptions = Parameters<PGlite['query']>[2];
type Transaction = Parameters<Parameters<PGlite['transaction']>[0]>[0];

/** PostgreSQL's refusal of a prepared statement that is gone (26000) or whose result type DDL changed (0A000). */
const isStale = (error: unknown) => ['26000', '0A000'].includes((error as { code?: string } | null)?.code ?? '');

/** Statement texts a session keeps prepared before it lets them all go (texts built from data would grow it without end). */
const mostPrepared = 2000;

type Parsers = PGlite['parsers'];

/**
 * The client's parsers (one per type, arrays included: some 450) with a call's own over them.
 * PGlite's result parser merges the two by spreading both into a new object at each statement,
 * 0.13 ms, and Drizzle passes its own parsers (dates kept as text) with every statement: a tenth
 * of the demo's seed. An object that inherits the client's reads the same, in a microsecond.
 */
function withParsers(client: Parsers, own: NonNullable<QueryOptions>['parsers']): Parsers {
  return Object.assign(Object.create(client) as Parsers, own);
}

/**
 * PGlite parses and plans every statement on every call: its `query` sends an unnamed Parse. A
 * five-join read took 1.0-1.7 ms there against 0.2-0.5 ms as a prepared statement, and the demo's
 * seed (one session, the same statements thousands of times) 31 s against 22 s. Here each
 * statement text with parameters becomes a named statement of the session on its first call
 * (Parse and Describe once), then only Bind, Describe and Execute: as node-postgres does with
 * queryPrepared on PostgreSQL. `query` and a transaction's `query` go this way; `exec` (several
 * statements, no parameters) as before. A named statement outlives a rolled-back transaction.
 */
export function withPreparedStatements(client: PGlite): PGlite {
  const prepared = new Map<string, { name: string; types: number[] }>();
  let made = 0;

  /** A statement of the transaction open on the session (PGlite's one query at a time). */
  const query = (text: string, params: readonly unknown[] = [], options?: QueryOptions) =>
    client.runExclusive(async () => {
      const send = (message: Uint8Array) => client.execProtocolStream(message, { syncToFs: false, onNotice: options?.onNotice });
      // The same text with other parameter types is another statement.
      const key = options?.paramTypes ? `${text}\u0000${options.paramTypes.join(',')}` : text;
      const messages = [];
      try {
        let statement = prepared.get(key);
        if (!statement) {
          if (prepared.size >= mostPrepared) {
            // Not among the answer's messages: its result would be taken for the statement's.
            await send(protocol.serialize.query('DEALLOCATE ALL'));
            prepared.clear();
          }
          const name = `pglite_${(made += 1)}`;
          messages.push(...(await send(protocol.serialize.parse({ name, text, types: options?.paramTypes }))));
          statement = { name, types: parse.parseDescribeStatementResults(await send(protocol.serialize.describe({ type: 'S', name }))) };
          prepared.set(key, statement);
        }
        const { types } = statement;
        const values = params.map((value, index) => {
          if (value === null || value === undefined) return null;
          const serialize = options?.serializers?.[types[index]!] ?? client.serializers[types[index]!];
          return serialize ? serialize(value) : String(value);
        });
        messages.push(
          ...(await send(protocol.serialize.bind({ statement: statement.name, values }))),
          ...(await send(protocol.serialize.describe({ type: 'P' }))),
          ...(await send(protocol.serialize.execute({}))),
        );
      } catch (error) {
        // A statement the session no longer has (DEALLOCATE, DISCARD) or whose columns DDL changed
        // is parsed again on its next call, as PGlite's own query would have run it.
        if (isStale(error)) prepared.delete(key);
        // As PGlite's own query names the statement on its error.
        if (error instanceof Error) Object.assign(error, { query: text, params, queryOptions: options });
        throw error;
      } finally {
        messages.push(...(await client.execProtocolStream(protocol.serialize.sync(), { syncToFs: false })));
      }
      return options?.parsers
        ? parse.parseResults(messages, withParsers(client.parsers, options.parsers), { ...options, parsers: undefined })[0]!
        : parse.parseResults(messages, client.parsers, options)[0]!;
    });

  const ownQuery = client.query.bind(client);
  const transaction = client.transaction.bind(client);
  const patched = client as unknown as { query: PGlite['query']; transaction: PGlite['transaction'] };
  // Outside a transaction a statement waits for the open one to end, as PGlite's own query does:
  // the jobs worker's UPDATE must not run inside a backup's read-only transaction.
  patched.query = async <T>(text: string, params?: unknown[], options?: QueryOptions) => {
    // COPY through /dev/blob is PGlite's own business.
    if (options?.blob) return ownQuery<T>(text, params, options);
    await client._checkReady();
    return client._runExclusiveTransaction(async () => {
      // Outside a transaction a statement that went stale fails alone: parsed again, it runs.
      const result = await query(text, params, options).catch((error: unknown) => {
        if (isStale(error)) return query(text, params, options);
        throw error;
      });
      // What PGlite does after a statement outside a transaction (a file system that keeps pages in memory writes them out).
      await client.syncToFs();
      return result as Results<T>;
    });
  };
  patched.transaction = (callback) =>
    transaction((tx) =>
      callback(
        Object.create(tx, {
          query: {
            value: (text: string, params?: unknown[], options?: QueryOptions) => {
              if (options?.blob) return tx.query(text, params, options);
              if (tx.closed) throw new Error('Transaction is closed');
              return query(text, params, options);
            },
          },
        }) as Transaction,
      ),
    );
  return client;
}
