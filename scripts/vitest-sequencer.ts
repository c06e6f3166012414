import { readFile } from 'node:fs/promises';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** How a test file opens a copy of the seeded demo (apps/server/src/test/demo-database.ts). */
const demoMarker = 'createDemoTestApp(';

/**
 * Vitest's order (each project's files, the longest first), except that a project's files that
 * open the seeded demo, after the first of them, go to the end of the project's files. The first
 * seeds the day's demo (half a minute on one core) while the other worker runs the project's
 * other files; the rest then copy the seeded dump. In Vitest's order the two longest files of a
 * date-check project, the demo's own test and the dashboard's, started together and both seeded.
 */
export default class DemoSeedsOnceSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const opensDemo = new Map(
      await Promise.all(
        [...new Set(sorted.map((spec) => spec.moduleId))].map(async (id) => [id, (await readFile(id, 'utf8').catch(() => '')).includes(demoMarker)] as const),
      ),
    );
    const ordered: TestSpecification[] = [];
    for (const project of [...new Set(sorted.map((spec) => spec.project))]) {
      const own = sorted.filter((spec) => spec.project === project);
      const first = own.find((spec) => opensDemo.get(spec.moduleId));
      const later = own.filter((spec) => spec !== first && opensDemo.get(spec.moduleId));
      ordered.push(...own.filter((spec) => !later.includes(spec)), ...later);
    }
    return ordered;
  }
}
