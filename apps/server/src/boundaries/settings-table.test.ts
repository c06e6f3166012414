import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { serverSourceFiles, serverSrc } from '../test/source-scan.ts';

/**
 * The company settings are the setup area's row (docs/decisions/setup.md, "Other areas read the
 * settings through setup"): another area reads a setting by its key through setup.api.ts
 * (`companySettingSql`, `readSettingValues`), so no file outside modules/setup/ and db/ names the
 * table, in SQL, a string or a comment.
 */
const owners = ['modules/setup/', 'db/'];
const tableName = /\bcompany_settings\b/;

/** `file:line` of each line of `text` that names the table. */
function namingLines(file: string, text: string): string[] {
  return text.split('\n').flatMap((line, index) => (tableName.test(line) ? [`${file}:${index + 1}`] : []));
}

describe('the settings table', () => {
  it('finds the table in SQL and in comments, not in a longer name', () => {
    const text = [
      'const a = sql`SELECT tax_rate FROM company_settings LIMIT 1`;',
      '// company_settings.net_rounding_step',
      'const b = companySettings;',
      "const c = 'old_company_settings_x';",
    ].join('\n');
    expect(namingLines('x.ts', text)).toEqual(['x.ts:1', 'x.ts:2']);
  });

  it('is named only in modules/setup/ and db/', () => {
    const outside = serverSourceFiles().filter((file) => !owners.some((owner) => file.startsWith(owner)));
    expect(outside.length).toBeGreaterThan(100);
    expect(outside.flatMap((file) => namingLines(file, readFileSync(join(serverSrc, file), 'utf8')))).toEqual([]);
  });
});
