// The ceilings: a bare Fastify route returning a fixed JSON, on this machine, in its own process;
// with DATABASE_URL also `/tx`, one PostgreSQL transaction inserting one row per request (no ORM,
// no parsing beyond Fastify's): what any posting over HTTP on this machine can at most reach.
import Fastify from 'fastify';
import pg from 'pg';

const app = Fastify({ logger: false });
const body = { status: 200, message: 'OK' };
app.get('/fixed', async () => body);
const url = process.env.DATABASE_URL;
const pool = url ? new pg.Pool({ connectionString: url, max: 10 }) : undefined;
if (pool) {
  await pool.query('CREATE TABLE IF NOT EXISTS bench_ceiling (id bigserial PRIMARY KEY, at timestamptz NOT NULL DEFAULT now(), note text)');
  app.post('/tx', async () => {
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      const { rows } = await client.query<{ id: string }>('INSERT INTO bench_ceiling (note) VALUES ($1) RETURNING id', ['ceiling']);
      await client.query('COMMIT');
      return { status: 200, id: rows[0]!.id };
    } finally {
      client.release();
    }
  });
}
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => pool?.end()).then(() => process.exit(0)));
