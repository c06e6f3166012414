import type { FieldDeclaration } from '@erp/domain';

/**
 * Cells are text; the API's schemas want numbers, booleans and enum values. Each reader
 * answers the value the schema expects when the text reads as one, else the text itself, so
 * the same schema refuses it with the API's own message.
 */

/** "1,234.50" as a spreadsheet shows it: thousands separators dropped when they are where they belong. */
export function numberTextOf(text: string): string {
  const compact = text.replace(/\s+/g, '');
  return /^[+-]?\d{1,3}(,\d{3})+(\.\d+)?$/.test(compact) ? compact.replace(/,/g, '') : compact;
}

export function integerOf(text: string): number | string {
  const compact = numberTextOf(text);
  if (!/^[+-]?\d+(\.0+)?$/.test(compact)) return text;
  const value = Number(compact);
  return Number.isSafeInteger(value) ? value : text;
}

const yes = new Set(['yes', 'y', 'true', '1', 'x']);
const no = new Set(['no', 'n', 'false', '0']);

export function booleanOf(text: string): boolean | string {
  const lower = text.toLowerCase();
  if (yes.has(lower)) return true;
  if (no.has(lower)) return false;
  return text;
}

/**
 * `YYYY-MM-DD`, also `D/M/YYYY` and `D-M-YYYY` read day first (the company's locale, PKR),
 * and an Excel date cell (`YYYY-MM-DD` already). Anything else is left for the schema to refuse.
 */
export function dateOf(text: string): string {
  const dayFirst = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text);
  if (dayFirst) return `${dayFirst[3]}-${dayFirst[2]!.padStart(2, '0')}-${dayFirst[1]!.padStart(2, '0')}`;
  const withTime = /^(\d{4}-\d{2}-\d{2})[ T]00:00(:00)?$/.exec(text);
  return withTime ? withTime[1]! : text;
}

/** An enum cell by its value or its label, case aside. */
export function enumOf(field: FieldDeclaration, text: string): string | undefined {
  const lower = text.toLowerCase();
  return field.enumValues?.find((v) => v.value.toLowerCase() === lower || v.label.toLowerCase() === lower)?.value;
}

/** What a cell holds for the schema of a field that is not a reference; `undefined` is "not given". */
export function cellValueOf(field: FieldDeclaration, text: string): unknown {
  if (text === '') {
    if (field.defaultValue !== undefined) return field.defaultValue;
    return field.required ? undefined : null;
  }
  switch (field.kind) {
    case 'integer':
      return integerOf(text);
    case 'decimal':
      return numberTextOf(text);
    case 'boolean':
      return booleanOf(text);
    case 'enum':
      return enumOf(field, text) ?? text;
    case 'date':
      return dateOf(text);
    default:
      return text;
  }
}

/** What the template and the columns' hints say a cell holds. */
export function hintOf(field: FieldDeclaration, referenceSingular?: string): string | undefined {
  switch (field.kind) {
    case 'reference':
      return `the ${referenceSingular ?? 'record'}'s name`;
    case 'boolean':
      return 'yes or no';
    case 'date':
      return 'YYYY-MM-DD';
    case 'enum':
      return (field.enumValues ?? []).map((v) => v.label).join(', ');
    case 'decimal':
      return `a number with at most ${field.scale ?? 2} decimals`;
    case 'integer':
      return 'a whole number';
    default:
      return undefined;
  }
}
