import { describe, expect, it } from 'vitest';
import { areas } from '../../areas.ts';
import { createTestApp } from '../../test/test-app.ts';
import type { ServerArea } from '../server-area.ts';

/** An area whose worker records what the app did with it. */
function areaWithWorker(events: string[]): ServerArea {
  return {
    name: 'worker-fixture',
    workers: [
      {
        name: 'recorder',
        create: (services) => {
          events.push(services.database === undefined ? 'created without services' : 'created');
          return {
            start: () => void events.push('started'),
            stop: async () => void events.push('stopped'),
            runOnce: async () => events.push('ran'),
          };
        },
      },
    ],
  };
}

describe("an area's workers", () => {
  it('are created with the app, started with the jobs and stopped on close', async () => {
    const events: string[] = [];
    const t = await createTestApp({ areas: [...areas, areaWithWorker(events)] });
    expect(events).toEqual(['created', 'started']);
    await t.app.ctx.workers.get('recorder')!.runOnce();
    await t.close();
    expect(events).toEqual(['created', 'started', 'ran', 'stopped']);
  });

  it('are not started when the jobs are not (tests drive them by hand), and still stopped', async () => {
    const events: string[] = [];
    const t = await createTestApp({ areas: [...areas, areaWithWorker(events)], startJobs: false });
    expect(events).toEqual(['created']);
    await t.close();
    expect(events).toEqual(['created', 'stopped']);
  });
});
