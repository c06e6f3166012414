import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestSpecification, Vitest } from 'vitest/node';
import { afterAll, describe, expect, it } from 'vitest';
import DemoSeedsOnceSequencer from './vitest-sequencer.ts';

const dir = mkdtempSync(join(tmpdir(), 'erp-sequencer-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A file of `size` bytes: Vitest runs unknown files the largest first. */
function file(name: string, size: number, opensDemo: boolean): string {
  const path = join(dir, name);
  const body = opensDemo ? 't = await createDemoTestApp();\n' : '';
  writeFileSync(path, body + '/'.repeat(size - body.length));
  return path;
}

const project = (name: string) => ({ name, config: { sequence: { groupOrder: 0 }, isolate: true } });
const spec = (moduleId: string, owner: ReturnType<typeof project>) => ({ moduleId, project: owner }) as unknown as TestSpecification;
// No results cached: the order falls back to the files' sizes.
const sequencer = new DemoSeedsOnceSequencer({ cache: { getTestSpecificationResult: () => undefined } } as unknown as Vitest);

describe('the unit run seeds the demo once per project', () => {
  it("puts a project's files that open the demo, after the first, at the end of its files", async () => {
    const seedDemo = file('seed-demo.test.ts', 900, true);
    const dashboard = file('dashboard.test.ts', 800, true);
    const journals = file('journals.test.ts', 700, false);
    const aging = file('aging.test.ts', 600, false);
    const server = project('server');
    const dated = project('server@2027-01-01');
    const files = [aging, dashboard, seedDemo, journals];
    const sorted = await sequencer.sort([...files.map((f) => spec(f, dated)), ...files.map((f) => spec(f, server))]);
    const names = sorted.map((s) => `${s.project.name} ${s.moduleId.slice(dir.length + 1)}`);
    expect(names).toEqual([
      'server seed-demo.test.ts',
      'server journals.test.ts',
      'server aging.test.ts',
      'server dashboard.test.ts',
      'server@2027-01-01 seed-demo.test.ts',
      'server@2027-01-01 journals.test.ts',
      'server@2027-01-01 aging.test.ts',
      'server@2027-01-01 dashboard.test.ts',
    ]);
  });
});
