import { z } from 'zod';
import type { AccountKind } from '../accounting/accounts.ts';
import type { HeadType } from '../accounting/account-heads.ts';
import type { LayoutRoute } from '../access/routes.ts';
import type { Role } from '../access/roles.ts';
import type { DocumentDefinition } from '../document/define-document.ts';
import type { FieldDeclaration, NamedValueFilterDeclaration, ResourceDeclaration } from '../resource/declaration.ts';

/** An account the default chart creates for a new company (bootstrap). */
export interface DefaultAccount {
  accountCode: string;
  accountName: string;
  /** A head of the default chart and its sub-head; a sub-head no head lists is created under it. */
  head: string;
  subHead: string;
  kind: AccountKind;
}

/** A key postings read their account by (settings, Posting accounts), and the default chart's account for it. */
export interface PostingAccountDeclaration {
  key: string;
  label: string;
  account: DefaultAccount;
}

/** A head of the default chart and the sub-heads it starts with. */
export interface ChartHead {
  headName: string;
  headType: HeadType;
  subHeads: readonly string[];
}

/**
 * An area's section of the company settings (docs/decisions/setup.md, "Issue 28, section 3: each
 * area declares its settings"): its fields as a save validates them (no defaults), and the default
 * of each field a whole save may leave out. The sections compose into the one settings row and
 * /api/settings; a section holds no secret (the settings screen shows every field it composes).
 */
export interface SettingsSection<Shape extends z.ZodRawShape = z.ZodRawShape, Defaulted extends keyof Shape = keyof Shape> {
  schema: z.ZodObject<Shape, z.core.$strict>;
  defaults: { readonly [K in Defaulted]: z.output<Shape[K]> };
}

/** The values of a settings field's options (`[{value, label}]`), as `z.enum` takes them. */
export const optionValues = <T extends readonly { value: string }[]>(options: T) => options.map((o) => o.value) as unknown as [T[number]['value'], ...T[number]['value'][]];

/** An area's settings section, its defaults typed by its fields (`defineSettings(z.strictObject({...}), { days: 30 })`). */
export function defineSettings<Shape extends z.ZodRawShape, const Defaulted extends keyof Shape = never>(
  schema: z.ZodObject<Shape, z.core.$strict>,
  defaults: { readonly [K in Defaulted]: z.output<Shape[K]> },
): SettingsSection<Shape, Defaulted> {
  return { schema, defaults };
}

/**
 * Fields an area adds to another area's resource (issue 32: the licences area's DRAP fields on
 * vendors, items and customers), kept in the contributing area's own tables: the resource's
 * bodies take them, its rows answer them and its form shows them after its own; and list filters
 * taking a whole number (`?registrationExpiringWithin=30`).
 */
export interface ResourceFieldsContribution {
  fields: readonly FieldDeclaration[];
  valueFilters?: readonly NamedValueFilterDeclaration[];
}

/**
 * One business area as the domain knows it: what it declares (resources, documents), the
 * scopes an admin may grant in it beyond its documents' transitions, and its accounts of the
 * default chart with the posting keys they fill. `areas.ts` folds every area into the lists
 * the rest of the code reads (resources, knownScopes, postingAccountKeys, the default chart).
 */
export interface AreaDeclaration {
  name: string;
  resources?: readonly ResourceDeclaration[];
  documents?: readonly DocumentDefinition[];
  /** Grantable scopes that are no transition's (`items:approve`); transitions' scopes are read from `documents`. */
  scopes?: readonly string[];
  postingAccounts?: readonly PostingAccountDeclaration[];
  /** Accounts of the default chart that no posting names (a second bank account, capital). */
  chartAccounts?: readonly DefaultAccount[];
  /** The default chart's heads (the accounting area's). */
  chartHeads?: readonly ChartHead[];
  /**
   * This area's screens whose pickers read another area's resource, by resource name
   * (`{ regions: ['/employees'] }`): who may open them may read its options. A screen of the
   * resource's own area is in its `optionsAlsoFor`; a screen that references it is found anyway.
   */
  optionRoutes?: Readonly<Record<string, readonly LayoutRoute[]>>;
  /** The kinds of import the area's screens offer (`items`: /api/imports/items); the server declares their columns. */
  imports?: readonly string[];
  /** The area's section of the company settings (`defineSettings`). */
  settings?: SettingsSection;
  /**
   * What each role holds of the area's scopes without a grant on its user record (the operation
   * manager's `recalls:open`); the admin holds every scope anyway. Each must be a scope the areas
   * declare.
   */
  defaultScopes?: Readonly<Partial<Record<Role, readonly string[]>>>;
  /** Fields and list filters the area adds to other areas' resources, by resource name. */
  resourceFields?: Readonly<Record<string, ResourceFieldsContribution>>;
}

/** Keeps the literal types of an area (its posting keys become `PostingAccountKey`). */
export function defineArea<const Area extends AreaDeclaration>(area: Area): Area {
  return area;
}

/** The import kinds an area declares, as a type. */
export type ImportKindsOf<Area> = Area extends { imports: readonly (infer Kind)[] } ? Kind : never;

/** The posting keys an area declares, as a type. */
export type PostingKeysOf<Area> = Area extends { postingAccounts: readonly { key: infer Key }[] } ? Key : never;

type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;

/** The settings fields of some areas (a union of areas), merged into one shape. */
export type SettingsFieldsOf<Area> = UnionToIntersection<Area extends { settings: { schema: z.ZodObject<infer Shape, z.core.$strict> } } ? Shape : never>;

/** The settings keys some areas give a default. */
export type SettingsDefaultedOf<Area> = Area extends { settings: { defaults: infer Defaults } } ? keyof Defaults : never;

/** Scopes any resource or document shares (`*:delete`: delete on every screen the role writes on). */
export const generalScopes = ['*:delete', '*:cancel'] as const;

/** An area's grantable scopes: its own, then each transition's that needs one. */
export function scopesOfArea(area: AreaDeclaration): string[] {
  const fromDocuments = (area.documents ?? []).flatMap((document) =>
    Object.values(document.transitions as Record<string, { scope?: string }>).flatMap((transition) => (transition.scope ? [transition.scope] : [])),
  );
  return [...new Set([...(area.scopes ?? []), ...fromDocuments])];
}

export interface DefaultChartAccount extends DefaultAccount {
  postingKey?: string;
}

/** The folded areas: what the hubs used to list by hand. */
export interface AreasFold {
  resources: readonly ResourceDeclaration[];
  documents: readonly DocumentDefinition[];
  /** Grantable scopes, area by area, then the general ones. */
  scopes: readonly string[];
  /** Posting keys in the order of their default accounts' codes (the chart's order). */
  postingAccounts: readonly PostingAccountDeclaration[];
  chart: { heads: readonly ChartHead[]; accounts: readonly DefaultChartAccount[] };
  /** Every area's import kinds. */
  imports: readonly string[];
  /** Every area's `optionRoutes`, by resource name. */
  optionRoutes: Readonly<Record<string, readonly LayoutRoute[]>>;
  /** Every area's settings section, area by area: their fields and their defaults. */
  settings: { fields: Readonly<Record<string, z.ZodType>>; defaults: Readonly<Record<string, unknown>> };
  /** Every area's `defaultScopes`, by role, in the areas' order. */
  defaultScopes: Readonly<Partial<Record<Role, readonly string[]>>>;
  /** Every area's contributed fields and value filters, by resource name, in the areas' order. */
  resourceFields: Readonly<Record<string, ResourceFieldsContribution>>;
}

function refuseDuplicates(what: string, names: readonly string[]): void {
  const seen = new Set<string>();
  for (const name of names) {
    if (seen.has(name)) throw new Error(`Two areas declare the ${what} ${name}`);
    seen.add(name);
  }
}

/** Folds areas once; two areas declaring one resource, document, posting key or account code is a programming error. */
export function foldAreas(areas: readonly AreaDeclaration[]): AreasFold {
  refuseDuplicates('area', areas.map((a) => a.name));
  const resources = areas.flatMap((a) => a.resources ?? []);
  const documents = areas.flatMap((a) => a.documents ?? []);
  refuseDuplicates('resource or document', [...resources.map((r) => r.name), ...documents.map((d) => d.name)]);
  refuseDuplicates('import kind', areas.flatMap((a) => a.imports ?? []));
  const byCode = (x: DefaultAccount, y: DefaultAccount) => x.accountCode.localeCompare(y.accountCode);
  const postingAccounts = areas.flatMap((a) => a.postingAccounts ?? []).sort((x, y) => byCode(x.account, y.account));
  refuseDuplicates('posting key', postingAccounts.map((p) => p.key));
  const accounts: DefaultChartAccount[] = [
    ...postingAccounts.map(({ key, account }) => ({ ...account, postingKey: key })),
    ...areas.flatMap((a) => a.chartAccounts ?? []),
  ].sort(byCode);
  refuseDuplicates('default account code', accounts.map((a) => a.accountCode));
  const optionRoutes: Record<string, LayoutRoute[]> = {};
  for (const area of areas) {
    for (const [resource, routes] of Object.entries(area.optionRoutes ?? {})) optionRoutes[resource] = [...(optionRoutes[resource] ?? []), ...routes];
  }
  const scopes = [...new Set([...areas.flatMap(scopesOfArea), ...generalScopes])];
  return {
    resourceFields: resourceFieldsOf(areas, resources),
    settings: settingsOf(areas),
    resources,
    documents,
    scopes,
    defaultScopes: defaultScopesOf(areas, scopes),
    postingAccounts,
    chart: { heads: chartHeadsOf(areas.flatMap((a) => a.chartHeads ?? []), accounts), accounts },
    optionRoutes,
    imports: areas.flatMap((a) => a.imports ?? []),
  };
}

/** The areas' default scopes by role; a scope no area declares is a programming error (a typo would grant nothing). */
function defaultScopesOf(areas: readonly AreaDeclaration[], known: readonly string[]): AreasFold['defaultScopes'] {
  const byRole: Partial<Record<Role, string[]>> = {};
  for (const area of areas) {
    for (const [role, scopes] of Object.entries(area.defaultScopes ?? {}) as [Role, readonly string[]][]) {
      const unknown = scopes.filter((scope) => !known.includes(scope));
      if (unknown.length > 0) throw new Error(`The ${area.name} area gives ${role} the scopes ${unknown.join(', ')}, which no area declares`);
      byRole[role] = [...new Set([...(byRole[role] ?? []), ...scopes])];
    }
  }
  return byRole;
}

/** The areas' contributions merged by resource; a field or filter the resource (or another area) already has, or a resource no area declares, is a programming error. */
function resourceFieldsOf(areas: readonly AreaDeclaration[], resources: readonly ResourceDeclaration[]): AreasFold['resourceFields'] {
  const merged: Record<string, { fields: FieldDeclaration[]; valueFilters: NamedValueFilterDeclaration[] }> = {};
  for (const area of areas) {
    for (const [name, contribution] of Object.entries(area.resourceFields ?? {})) {
      const resource = resources.find((r) => r.name === name);
      if (!resource) throw new Error(`The ${area.name} area adds fields to ${name}, which no area declares`);
      const entry = (merged[name] ??= { fields: [], valueFilters: [] });
      entry.fields.push(...contribution.fields);
      entry.valueFilters.push(...(contribution.valueFilters ?? []));
      refuseDuplicates(`field of ${name}`, [...resource.fields.map((f) => f.name), ...entry.fields.map((f) => f.name)]);
      refuseDuplicates(`filter of ${name}`, [...(resource.namedFilters ?? []).map((f) => f.name), ...entry.valueFilters.map((f) => f.name)]);
    }
  }
  return merged;
}

/** Keys that name a secret: a composed section is answered by GET /api/settings, so it holds none. */
const secretKey = /password|secret|token|apikey|credential|privatekey/i;

/** The areas' settings sections merged; a key two areas declare, a secret's key, or a default of no field, is a programming error. */
function settingsOf(areas: readonly AreaDeclaration[]): AreasFold['settings'] {
  const sections = areas.flatMap((a) => (a.settings ? [{ area: a.name, ...a.settings }] : []));
  const keys = sections.flatMap((s) => Object.keys(s.schema.shape));
  refuseDuplicates('setting', keys);
  const secret = keys.find((key) => secretKey.test(key));
  if (secret) throw new Error(`The setting ${secret} looks like a secret: settings are answered to the settings screen, a secret is its area's own table`);
  for (const section of sections) {
    const unknown = Object.keys(section.defaults).filter((key) => !(key in section.schema.shape));
    if (unknown.length > 0) throw new Error(`The ${section.area} area's settings give a default to ${unknown.join(', ')}, which it does not declare`);
  }
  return {
    fields: Object.assign({}, ...sections.map((s) => s.schema.shape)) as Record<string, z.ZodType>,
    defaults: Object.assign({}, ...sections.map((s) => s.defaults)) as Record<string, unknown>,
  };
}

/** The declared heads, each with the sub-heads its accounts name that it does not list yet. */
function chartHeadsOf(declared: readonly ChartHead[], accounts: readonly DefaultAccount[]): ChartHead[] {
  return declared.map((head) => {
    const extra = accounts.filter((a) => a.head === head.headName && !head.subHeads.includes(a.subHead)).map((a) => a.subHead);
    return { ...head, subHeads: [...new Set([...head.subHeads, ...extra])] };
  });
}

/** Settings' posting accounts: every key required, each an account id. */
export function postingAccountsSchemaOf<Key extends string>(keys: readonly { key: Key; label: string }[]) {
  return z.strictObject(
    Object.fromEntries(keys.map(({ key, label }) => [key, z.number({ error: `${label} account is required` }).int().positive()])) as Record<Key, z.ZodNumber>,
  );
}
