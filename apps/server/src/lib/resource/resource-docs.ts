import { createSchemaOf, type FieldDeclaration, optionsQuerySchema, type ResourceDeclaration, updateSchemaOf } from '@erp/domain';
import type { FastifySchema } from 'fastify';
import { type ZodType, z } from 'zod';
import { aOrAn, decimalString, envelope, fileDownload, idParams, isoDate, isoDateTime, routeSchema } from '../openapi.ts';
import type { ResourceBinding } from './resource-binding.ts';
import { exportQuerySchemaOf, listQuerySchemaOf, withAliases } from './resource-list-query.ts';
import { referenceKeyOf } from './resource-query.ts';
import { contributedBodyShape, contributedFields } from './resource-fields.ts';

function enumOf(field: FieldDeclaration) {
  return z.enum((field.enumValues ?? []).map((v) => v.value) as [string, ...string[]]);
}

/** A field's value as rows answer it. */
export function fieldValueDoc(field: FieldDeclaration): z.ZodType {
  switch (field.kind) {
    case 'integer':
    case 'reference':
      return z.int();
    case 'decimal':
      return decimalString;
    case 'boolean':
      return z.boolean();
    case 'enum':
      return enumOf(field);
    case 'date':
      return isoDate;
    default:
      return z.string();
  }
}

/** A row as lists and get answer it: the declared fields, each reference's joined `{id, name}`, and the stamps. */
function rowDocOf(declaration: ResourceDeclaration) {
  const shape: Record<string, z.ZodType> = { id: z.int() };
  for (const field of [...declaration.fields, ...contributedFields(declaration.name)]) {
    const value = fieldValueDoc(field);
    shape[field.name] = field.required ? value : value.nullable();
    if (field.kind === 'reference') {
      shape[referenceKeyOf(field.name)] = z
        .looseObject({ id: z.int() })
        .nullable()
        .describe(`The ${field.reference} referenced by ${field.name}: its id and name`);
    }
  }
  shape.createdAt = isoDateTime;
  shape.updatedAt = isoDateTime;
  return z.looseObject(shape).describe(`A ${declaration.singular}`);
}

export interface ResourceRouteDocs {
  list: FastifySchema;
  options: FastifySchema;
  export: FastifySchema;
  get: FastifySchema;
  create: FastifySchema;
  update: FastifySchema;
  remove: FastifySchema;
  action(name: string): FastifySchema;
}

/**
 * The schemas of a resource's generic routes, derived from its declaration (and the bodies
 * its hooks read, when they replace the generic writes): they validate the input and are
 * the OpenAPI document.
 */
export function resourceRouteDocs(binding: ResourceBinding): ResourceRouteDocs {
  const { declaration, hooks } = binding;
  const tags = [declaration.title];
  const { title, singular } = declaration;
  const row = rowDocOf(declaration);
  const saved = envelope({ data: row }, 'Saved: the row as stored');
  // Other areas' fields (resource-fields.ts) join the bodies, whoever's schema they are.
  const contributed = contributedBodyShape(declaration.name);
  const withContributed = (schema: ZodType): ZodType => (Object.keys(contributed).length > 0 && schema instanceof z.ZodObject ? schema.extend(contributed) : schema);
  const writeNote = declaration.writeScope ? `Needs the scope ${declaration.writeScope}.` : undefined;
  return {
    list: routeSchema({
      tags,
      summary: `List ${title.toLowerCase()}`,
      querystring: listQuerySchemaOf(declaration),
      response: {
        200: envelope(
          {
            data: z.array(row),
            total: z.int(),
            ...(declaration.listTotals?.length
              ? { totals: z.object(Object.fromEntries(declaration.listTotals.map((t) => [t.name, z.string().describe(`${t.label}: the sum over every row matching`)]))) }
              : {}),
          },
          'One page of rows and the count of all rows matching',
        ),
      },
    }),
    options: routeSchema({
      tags,
      summary: `${title} as picker options`,
      description: declaration.hasOptions === false ? 'This resource offers no options: the route answers 404.' : undefined,
      querystring: optionsQuerySchema,
      response: {
        200: envelope({ options: z.array(z.looseObject({ id: z.int(), name: z.string() })), hasMore: z.boolean() }, 'Options sorted by name'),
      },
    }),
    export: routeSchema({
      tags,
      summary: `Export ${title.toLowerCase()} (the list's filters)`,
      querystring: exportQuerySchemaOf(declaration),
      response: { 200: fileDownload },
    }),
    get: routeSchema({ tags, summary: `Read ${aOrAn(singular)}`, params: idParams, response: { 200: envelope({ data: row }) } }),
    create: routeSchema({
      tags,
      summary: `Create ${aOrAn(singular)}`,
      description: writeNote,
      body: hooks?.schemas?.create ? withContributed(hooks.schemas.create) : withAliases(declaration, withContributed(createSchemaOf(declaration))),
      response: { 201: saved },
    }),
    update: routeSchema({
      tags,
      summary: `Update ${aOrAn(singular)}`,
      description: writeNote,
      params: idParams,
      body: hooks?.schemas?.update ? withContributed(hooks.schemas.update) : withAliases(declaration, withContributed(updateSchemaOf(declaration))),
      response: { 200: saved },
    }),
    remove: routeSchema({
      tags,
      summary: `Delete ${aOrAn(singular)}`,
      description: `Needs the scope ${declaration.name}:delete${declaration.writeScope ? ` and ${declaration.writeScope}` : ''}.`,
      params: idParams,
      response: { 200: envelope({}, 'Deleted') },
    }),
    action: (name) =>
      routeSchema({
        tags,
        summary: `${singular[0]!.toUpperCase()}${singular.slice(1)}: ${name.replaceAll('-', ' ')}`,
        params: idParams,
        body: hooks?.schemas?.actions?.[name],
        response: { 200: envelope({ data: row.optional() }) },
      }),
  };
}
