import { foldServerAreas } from './modules/module.ts';
import { areas } from './areas.ts';
import { bindResources } from './lib/resource/resource-tables.ts';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows, type Tx } from './db/client.ts';
import { runMonthEndChunk } from './modules/rentals/month-end-job.ts';
import { readAgreementFacts, periodsOf } from './modules/rentals/rental-periods.service.ts';

bindResources(foldServerAreas(areas).resourceBindings);
const database = await openDatabase({ databaseUrl: 'postgres://postgres@127.0.0.1:5432/erp_bench_rentals_rbill' });
const db = database.db;
const [m] = await queryRows<{ month: string }>(db, sql`SELECT to_char(max(month), 'YYYY-MM') AS month FROM sales_summary`);
const month = m!.month;
const [u] = await queryRows<{ id: number }>(db, sql`SELECT id FROM users WHERE username='admin'`);
class Rollback extends Error {}
for (let round = 0; round < 3; round++) {
  try {
    await db.transaction(async (tx) => {
      await tx.execute(sql`DELETE FROM rental_periods`);
      const ids = (await queryRows<{ id: number }>(tx, sql`SELECT id FROM rental_agreements ORDER BY id LIMIT 250`)).map((r) => Number(r.id));
      let t0 = performance.now();
      const facts = await readAgreementFacts(tx as Tx, ids, month, "2025-11");
      const tFacts = performance.now() - t0;
      t0 = performance.now();
      for (const id of ids) periodsOf(facts.get(id)!, month, month, "2025-11");
      const tPeriods = performance.now() - t0;
      t0 = performance.now();
      const r = await runMonthEndChunk(tx as Tx, { id: 0, cursor: {}, payload: { month, actor: { userId: Number(u!.id), role: 'admin', scopes: [], permissions: {} } } });
      const tChunk = performance.now() - t0;
      console.log({ month, tFacts: tFacts.toFixed(1), tPeriods: tPeriods.toFixed(1), tChunk: tChunk.toFixed(1), invoices: r.cursor.invoices });
      throw new Rollback();
    });
  } catch (e) {
    if (!(e instanceof Rollback)) throw e;
  }
}
await database.close();
