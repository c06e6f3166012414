import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// No import cycles in apps/ and packages/ (docs/ARCHITECTURE.md, "Boundaries"). A cycle is one
// for this check whatever the import's kind: `import type`, `export ... from`, a side-effect
// import and a lazy `import()` all count, since each ties the two files together (a type-only
// cycle is a design cycle too, and a lazy one still makes both files one unit). The imports are
// read by the compiler's pre-processor (a scanner, no type checking), so the check takes well
// under a second.
const root = join(import.meta.dirname, '..');
const scanned = ['apps', 'packages'];
const skippedFolders = new Set(['node_modules', 'dist', 'coverage', 'data', '.data']);
const sourceFile = /\.(ts|tsx|mts|cts|js|mjs|cjs|jsx)$/;
/** Workspace packages, resolved to their source as the apps' bundlers and tsx resolve them. */
const workspaceAliases: Record<string, string> = { '@erp/domain': 'packages/domain/src/index.ts' };

/**
 * Edges left out while they are fixed elsewhere, each `from -> to` (paths from the repository
 * root) with why. Remove an entry once its fix is merged.
 */
const knownExceptions: ReadonlyArray<{ from: string; to: string; why: string }> = [];

function sourceFiles(dir: string, into: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!skippedFolders.has(entry.name)) sourceFiles(path, into);
    } else if (sourceFile.test(entry.name) && !entry.name.endsWith('.d.ts')) {
      into.push(path);
    }
  }
  return into;
}

function isFile(path: string): boolean {
  return existsSync(path) && statSync(path).isFile();
}

/** The file an import names, or undefined for a package outside the workspace. */
export function resolveImport(fromFile: string, specifier: string): string | undefined {
  const alias = workspaceAliases[specifier];
  if (alias) return join(root, alias);
  if (!specifier.startsWith('.')) return undefined;
  const base = resolve(dirname(fromFile), specifier);
  const candidates = [base, ...['.ts', '.tsx', '.js', '.mjs'].map((ext) => base + ext), join(base, 'index.ts'), join(base, 'index.tsx')];
  const found = candidates.find(isFile);
  if (!found) throw new Error(`${relative(root, fromFile)}: cannot resolve '${specifier}'`);
  return found;
}

/** Every module `code` imports or re-exports: static, type-only, side-effect and lazy imports. */
export function importedSpecifiers(code: string): string[] {
  return ts.preProcessFile(code, true, true).importedFiles.map((file) => file.fileName);
}

export type ImportGraph = Map<string, Set<string>>;

export function importGraph(): ImportGraph {
  const graph: ImportGraph = new Map();
  const files = scanned.flatMap((dir) => sourceFiles(join(root, dir)));
  for (const file of files) {
    const from = relative(root, file);
    const targets = new Set<string>();
    for (const specifier of importedSpecifiers(readFileSync(file, 'utf8'))) {
      const target = resolveImport(file, specifier);
      if (target) targets.add(relative(root, target));
    }
    for (const { from: exceptFrom, to } of knownExceptions) if (exceptFrom === from) targets.delete(to);
    graph.set(from, targets);
  }
  return graph;
}

/** The strongly connected components of more than one file (or a file importing itself): Tarjan's algorithm, iterative. */
export function cyclicComponents(graph: ImportGraph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const components: string[][] = [];
  let next = 0;
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work: Array<{ node: string; edges: Iterator<string> }> = [];
    const enter = (node: string) => {
      index.set(node, next);
      low.set(node, next);
      next += 1;
      stack.push(node);
      onStack.add(node);
      work.push({ node, edges: (graph.get(node) ?? new Set<string>()).values() });
    };
    enter(start);
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      const edge = frame.edges.next();
      if (!edge.done) {
        const target = edge.value;
        if (!index.has(target)) enter(target);
        else if (onStack.has(target)) low.set(frame.node, Math.min(low.get(frame.node)!, index.get(target)!));
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(frame.node)!));
      if (low.get(frame.node) === index.get(frame.node)) {
        const component: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.node);
        if (component.length > 1 || graph.get(frame.node)?.has(frame.node)) components.push(component.sort());
      }
    }
  }
  return components;
}

/** One shortest cycle through `start` within its component (breadth-first), as `a -> b -> a`. */
export function cycleThrough(graph: ImportGraph, component: readonly string[], start: string): string[] {
  const members = new Set(component);
  const previous = new Map<string, string>();
  const queue = [start];
  for (let i = 0; i < queue.length; i += 1) {
    const node = queue[i]!;
    for (const target of graph.get(node) ?? []) {
      if (!members.has(target)) continue;
      if (target === start) {
        const path = [node];
        while (path[0] !== start) path.unshift(previous.get(path[0]!)!);
        return [...path, start];
      }
      if (!previous.has(target)) {
        previous.set(target, node);
        queue.push(target);
      }
    }
  }
  return [start];
}

function describeComponent(graph: ImportGraph, component: readonly string[]): string {
  return [`${component.length} files, e.g. ${cycleThrough(graph, component, component[0]!).join(' -> ')}`, ...component.map((file) => `  ${file}`)].join('\n');
}

describe('import cycles', () => {
  it('reads every kind of import and resolves the workspace alias', () => {
    const code = [
      "import type { A } from './a.ts';",
      "export type { B } from './b.ts';",
      "export * from './c.ts';",
      "import './d.ts';",
      "const lazy = () => import('./e.tsx');",
      "import { type F } from '@erp/domain';",
      "// import { G } from './commented-out.ts';",
    ].join('\n');
    expect(importedSpecifiers(code)).toEqual(['./a.ts', './b.ts', './c.ts', './d.ts', './e.tsx', '@erp/domain']);
    expect(relative(root, resolveImport(join(root, 'apps/web/src/main.tsx'), '@erp/domain')!)).toBe('packages/domain/src/index.ts');
    expect(resolveImport(join(root, 'apps/web/src/main.tsx'), 'react')).toBeUndefined();
  });

  it('finds cycles, type-only and lazy ones included', () => {
    const graph: ImportGraph = new Map([
      ['a', new Set(['b'])],
      ['b', new Set(['c'])],
      ['c', new Set(['a', 'd'])],
      ['d', new Set<string>()],
      ['e', new Set(['e'])],
    ]);
    const components = cyclicComponents(graph);
    expect(components).toEqual([['a', 'b', 'c'], ['e']]);
    expect(cycleThrough(graph, components[0]!, 'b')).toEqual(['b', 'c', 'a', 'b']);
  });

  it('the known exceptions still name real imports', () => {
    for (const { from, to } of knownExceptions) {
      const file = join(root, from);
      expect(isFile(file), from).toBe(true);
      const targets = importedSpecifiers(readFileSync(file, 'utf8')).map((specifier) => resolveImport(file, specifier));
      expect(targets.map((target) => target && relative(root, target)), `${from} no longer imports ${to}: remove the exception`).toContain(to);
    }
  });

  it('apps/ and packages/ have none', () => {
    const graph = importGraph();
    // The scan saw the code: a check reading nothing would pass.
    expect(graph.size).toBeGreaterThan(500);
    expect(graph.get('apps/server/src/app.ts')?.size).toBeGreaterThan(0);
    const found = cyclicComponents(graph).map((component) => describeComponent(graph, component));
    expect(found, `Import cycles:\n${found.join('\n\n')}`).toEqual([]);
  });
});
