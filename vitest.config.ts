import { defineConfig } from 'vitest/config';

// One run, four projects: pure domain rules, the server on a real database, web components,
// and the start scripts' runtime check.
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'domain', root: 'packages/domain', environment: 'node', include: ['src/**/*.test.ts'] } },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          environment: 'node',
          include: ['src/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      { extends: 'apps/web/vite.config.ts', test: { name: 'web', root: 'apps/web' } },
      { test: { name: 'scripts', root: 'scripts', environment: 'node', include: ['*.test.ts'] } },
    ],
  },
});
