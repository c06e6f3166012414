import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import ts from 'typescript';

/**
 * Reading the server's own source for the boundary tests (docs/ARCHITECTURE.md, "Boundaries"):
 * which tables a file writes, what SQL a file holds. The compiler's parser, not text search, so
 * comments never count and a template's interpolations are known for what they are.
 */
export const serverSrc = resolve(import.meta.dirname, '..');

/** Every non-test server file, relative to src/ with forward slashes (`modules/hr/hr.module.ts`). */
export function serverSourceFiles(): string[] {
  return readdirSync(serverSrc, { recursive: true, encoding: 'utf8' })
    .map((file) => file.split('\\').join('/'))
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.startsWith('test/'))
    .sort();
}

/** A server file parsed; `text` stands in for its content (the tests of the scan itself). */
export function parseServerFile(file: string, text = readFileSync(join(serverSrc, file), 'utf8')): ts.SourceFile {
  return ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
}

function visit(node: ts.Node, each: (node: ts.Node) => void): void {
  each(node);
  node.forEachChild((child) => visit(child, each));
}

const lineOf = (source: ts.SourceFile, node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;

/** `local name -> exported name` of what a file imports from `db/schema` (`import { auditLog as log }`), and its namespace imports of it. */
function schemaImports(source: ts.SourceFile): { named: Map<string, string>; namespaces: Set<string> } {
  const named = new Map<string, string>();
  const namespaces = new Set<string>();
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    if (!/(^|\/)db\/schema(\/|$)/.test(statement.moduleSpecifier.text)) continue;
    const bindings = statement.importClause?.namedBindings;
    if (bindings && ts.isNamespaceImport(bindings)) namespaces.add(bindings.name.text);
    if (bindings && ts.isNamedImports(bindings)) for (const element of bindings.elements) named.set(element.name.text, (element.propertyName ?? element.name).text);
  }
  return { named, namespaces };
}

export interface TableWrite {
  file: string;
  line: number;
  table: string;
  /** `INSERT INTO`, `UPDATE`, `DELETE FROM` (raw SQL) or `.insert()`, `.update()`, `.delete()` (Drizzle). */
  how: string;
}

const name = String.raw`("[^"]+"|[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)?|\u0000\d+\u0000)`;
/** SQL's writes, keyword first; `UPDATE` only with its `SET`, so `FOR UPDATE` and `ON CONFLICT ... DO UPDATE` are not writes of a table. */
const sqlWrites = [
  { how: 'INSERT INTO', pattern: new RegExp(String.raw`\bINSERT\s+INTO\s+${name}`, 'gi') },
  { how: 'DELETE FROM', pattern: new RegExp(String.raw`\bDELETE\s+FROM\s+(?:ONLY\s+)?${name}`, 'gi') },
  { how: 'UPDATE', pattern: new RegExp(String.raw`(?<!\b(?:DO|FOR|KEY)\s+)\bUPDATE\s+(?:ONLY\s+)?${name}(?:\s+(?:AS\s+)?(?!SET\b)[A-Za-z_][A-Za-z0-9_]*)?\s+SET\b`, 'gi') },
];

/**
 * The tables a file writes: raw SQL in its string and template literals (`INSERT INTO t`,
 * `UPDATE t ... SET`, `DELETE FROM t`, the table written out or interpolated as a schema table,
 * `${glEntries}`), and Drizzle's `.insert(t)`, `.update(t)`, `.delete(t)` of a table it imports
 * from `db/schema`. `tableOf` maps a schema export's name to its table's. A table given by a
 * variable (the generic resource and document writers, a backup's restore) is not known here.
 */
export function tableWritesOf(file: string, tableOf: (exportName: string) => string | undefined, text?: string): TableWrite[] {
  const source = parseServerFile(file, text);
  const { named, namespaces } = schemaImports(source);
  const schemaTable = (expression: ts.Expression): string | undefined => {
    if (ts.isIdentifier(expression)) return named.has(expression.text) ? tableOf(named.get(expression.text)!) : undefined;
    if (ts.isPropertyAccessExpression(expression) && ts.isIdentifier(expression.expression) && namespaces.has(expression.expression.text)) return tableOf(expression.name.text);
    return undefined;
  };
  const writes: TableWrite[] = [];
  visit(source, (node) => {
    let text: string | undefined;
    let holes: readonly ts.Expression[] = [];
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) text = node.text;
    if (ts.isTemplateExpression(node)) {
      text = node.head.text + node.templateSpans.map((span, index) => `\u0000${index}\u0000${span.literal.text}`).join('');
      holes = node.templateSpans.map((span) => span.expression);
    }
    if (text !== undefined) {
      for (const { how, pattern } of sqlWrites) {
        for (const match of text.matchAll(pattern)) {
          const written = match[1]!;
          const hole = /^\u0000(\d+)\u0000$/.exec(written);
          const table = hole ? schemaTable(holes[Number(hole[1])]!) : written.replace(/"/g, '').split('.').pop()!;
          if (table) writes.push({ file, line: lineOf(source, node), table, how });
        }
      }
    }
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && ['insert', 'update', 'delete'].includes(node.expression.name.text)) {
      const table = node.arguments[0] && schemaTable(node.arguments[0]);
      if (table) writes.push({ file, line: lineOf(source, node), table, how: `.${node.expression.name.text}()` });
    }
  });
  return writes;
}

/** What reads or writes the database itself: a database handle's query builders and `execute`, `queryRows` and `queryPrepared`. */
const databaseMethods = new Set(['execute', 'select', 'selectDistinct', 'selectDistinctOn', 'insert', 'update', 'delete', 'query']);
/** A database handle: `tx`, `db`, `executor`, `db()`, `app.ctx.db`, `ctx.db`. */
const isDatabase = (receiver: ts.Expression): boolean =>
  (ts.isIdentifier(receiver) && ['tx', 'trx', 'db', 'executor'].includes(receiver.text)) ||
  (ts.isPropertyAccessExpression(receiver) && receiver.name.text === 'db') ||
  (ts.isCallExpression(receiver) && isDatabase(receiver.expression));

export interface SqlUse {
  file: string;
  line: number;
  what: string;
}

/**
 * SQL a file holds: a `sql` tagged template or a call of `sql.raw` (and the rest of `sql.*`),
 * `queryRows` / `queryPrepared`, or a query builder or `execute` called on a database handle.
 * A route's `app.delete(...)` or a schema's `docs.update(...)` is neither.
 */
export function sqlUsesOf(file: string, text?: string): SqlUse[] {
  const source = parseServerFile(file, text);
  const uses: SqlUse[] = [];
  const use = (node: ts.Node, what: string) => uses.push({ file, line: lineOf(source, node), what });
  visit(source, (node) => {
    if (ts.isTaggedTemplateExpression(node) && ts.isIdentifier(node.tag) && node.tag.text === 'sql') use(node, 'sql`...`');
    if (!ts.isCallExpression(node)) return;
    const callee = node.expression;
    if (ts.isIdentifier(callee) && ['queryRows', 'queryPrepared'].includes(callee.text)) use(node, `${callee.text}()`);
    if (ts.isPropertyAccessExpression(callee) && ts.isIdentifier(callee.expression) && callee.expression.text === 'sql') use(node, `sql.${callee.name.text}()`);
    if (ts.isPropertyAccessExpression(callee) && databaseMethods.has(callee.name.text) && isDatabase(callee.expression)) use(node, `${callee.expression.getText(source)}.${callee.name.text}()`);
  });
  return uses;
}
