import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { areas } from '../../areas.ts';
import { queryRows } from '../../db/client.ts';
import { createTestApp } from '../../test/test-app.ts';
import type { ServerArea } from '../server-area.ts';
import { enqueueJob } from './job-queue.ts';

/** An area whose hourly schedule enqueues its own job kind, which records the tick it ran for. */
function areaWithSchedule(ran: number[]): ServerArea {
  return {
    name: 'schedule-fixture',
    jobs: [
      {
        kind: 'schedule-fixture',
        step: async (_tx, job) => {
          ran.push(Number(job.payload.tick));
          return { cursor: {}, done: true };
        },
      },
    ],
    schedules: [{ name: 'schedule-fixture', everySeconds: 3600, enqueue: (tx, tick) => enqueueJob(tx, { kind: 'schedule-fixture', payload: { tick } }) }],
  };
}

describe("an area's schedules", () => {
  it('are registered with the app: a tick enqueues the job once, and the runner runs it', async () => {
    const ran: number[] = [];
    const t = await createTestApp({ areas: [...areas, areaWithSchedule(ran)], startJobs: false });
    try {
      await t.app.ctx.jobs.fireSchedules();
      await t.app.ctx.jobs.fireSchedules();
      const jobs = await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM jobs WHERE kind = 'schedule-fixture'`);
      expect(jobs[0]!.n).toBe(1);
      await t.app.ctx.jobs.runUntilIdle();
      const [schedule] = await queryRows<{ tick: string }>(t.database.db, sql`SELECT last_tick::text AS tick FROM job_schedules WHERE name = 'schedule-fixture'`);
      expect(ran).toEqual([Number(schedule!.tick)]);
    } finally {
      await t.close();
    }
  });
});
