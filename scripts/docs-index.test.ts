import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// docs/API.md and docs/DECISIONS.md are indexes (issue 28, section 5): the conventions that hold
// everywhere and a list of area files, docs/api/<area>.md and docs/decisions/<area>.md. Every area
// file is reached from its index, and every relative link of the docs and the README leads to a
// file and, where it names an anchor, to a heading of that file.
const root = join(import.meta.dirname, '..');

/** README.md and every Markdown file under docs/. */
function markdownFiles(): string[] {
  const found = [join(root, 'README.md')];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name.endsWith('.md')) found.push(path);
    }
  };
  walk(join(root, 'docs'));
  return found;
}

/** The lines outside fenced code blocks. */
function proseLines(text: string): string[] {
  let fenced = false;
  return text.split('\n').filter((line) => {
    if (/^\s*(```|~~~)/.test(line)) {
      fenced = !fenced;
      return false;
    }
    return !fenced;
  });
}

/** GitHub's anchor of a heading: lower case, punctuation but hyphens dropped, each space a hyphen. */
export function slugOf(heading: string): string {
  return heading
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** The anchors a file's headings produce; a repeated one gets -1, -2, as on GitHub. */
function anchorsOf(path: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const line of proseLines(readFileSync(path, 'utf8'))) {
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const slug = slugOf(heading[1]!);
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

/** The relative links of a file (inline code and fenced blocks left out: a link there is an example). */
function relativeLinks(path: string): string[] {
  const text = proseLines(readFileSync(path, 'utf8')).join('\n').replace(/`[^`\n]*`/g, '');
  const links = [...text.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((match) => match[1]!);
  return links.filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target));
}

/** Where a link of `from` leads: the file (`from` itself for a bare anchor) and the anchor, if any. */
function targetOf(from: string, link: string): { file: string; anchor: string | undefined } {
  const hash = link.indexOf('#');
  const pathPart = hash === -1 ? link : link.slice(0, hash);
  const anchor = hash === -1 ? undefined : decodeURIComponent(link.slice(hash + 1));
  return { file: pathPart === '' ? from : resolve(dirname(from), decodeURIComponent(pathPart)), anchor };
}

describe('the docs indexes (issue 28)', () => {
  for (const [index, folder] of [
    ['docs/API.md', 'docs/api'],
    ['docs/DECISIONS.md', 'docs/decisions'],
  ] as const) {
    it(`${index} links every file of ${folder}/`, () => {
      const indexPath = join(root, index);
      const linked = new Set(relativeLinks(indexPath).map((link) => targetOf(indexPath, link).file));
      const areaFiles = readdirSync(join(root, folder)).filter((name) => name.endsWith('.md'));
      expect(areaFiles.length).toBeGreaterThan(0);
      expect(areaFiles.filter((name) => !linked.has(join(root, folder, name)))).toEqual([]);
    });
  }

  it('every relative link of the docs and the README leads to a file and to a heading of it', () => {
    const broken: string[] = [];
    for (const path of markdownFiles()) {
      for (const link of relativeLinks(path)) {
        const { file, anchor } = targetOf(path, link);
        const where = `${relative(root, path)}: ${link}`;
        if (!existsSync(file)) broken.push(`${where} (no such file)`);
        else if (anchor !== undefined && file.endsWith('.md') && !anchorsOf(file).has(anchor)) broken.push(`${where} (no such heading)`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('makes anchors as GitHub does', () => {
    expect(slugOf('Issue 22: scale-out — several server processes over one PostgreSQL')).toBe(
      'issue-22-scale-out--several-server-processes-over-one-postgresql',
    );
    expect(slugOf('`GET /api/planning/actuals?year&regionId` (route /planning/form)')).toBe('get-apiplanningactualsyearregionid-route-planningform');
    expect(slugOf("~~Known limit~~ (fixed by issue 17)")).toBe('known-limit-fixed-by-issue-17');
    expect(slugOf('The P&L and the ledger_idx')).toBe('the-pl-and-the-ledger_idx');
  });
});
