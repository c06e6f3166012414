import type { FastifySchema } from 'fastify';
import { z } from 'zod';
import { aOrAn, envelope, fileDownload, idParams, routeSchema } from '../openapi.ts';
import { exportFormatQuery } from '../resource/resource-export.ts';
import { fieldValueDoc } from '../resource/resource-docs.ts';
import type { AnyDocumentBinding } from './document-binding.ts';
import { answerFieldSchemas } from './document-hooks.ts';
import { documentListQuerySchema } from './document-query.ts';

export interface DocumentRouteDocs {
  list: FastifySchema;
  export: FastifySchema;
  get: FastifySchema;
  create: FastifySchema;
  update: FastifySchema;
  remove: FastifySchema;
  transition(action: string): FastifySchema;
}

/**
 * The OpenAPI schemas of a document type's routes, derived from its definition: the save
 * schema is the body, the states and transitions are said in the summaries.
 */
export function documentRouteDocs(binding: AnyDocumentBinding): DocumentRouteDocs {
  const { definition } = binding;
  const { title, singular, name } = definition;
  const tags = [title];
  const header: Record<string, z.ZodType> = {
    id: z.int(),
    status: z.enum(definition.states as [string, ...string[]]),
    documentNumber: z.string().nullable().describe(`\`${definition.numberPrefix}-<year>-<6 digits>\`, given when posted`),
  };
  if (definition.numberField) header[definition.numberField] = z.string().nullable();
  for (const field of definition.fields) header[field.name] = field.required ? fieldValueDoc(field) : fieldValueDoc(field).nullable();
  Object.assign(header, answerFieldSchemas(name));
  const line = z.looseObject(Object.fromEntries(definition.lines.fields.map((f) => [f.name, f.required ? fieldValueDoc(f) : fieldValueDoc(f).nullable()])));
  const row = z.looseObject(header).describe(`A ${singular} (list row: without lines)`);
  const detail = z
    .looseObject(definition.lines.max === 0 ? header : { ...header, [definition.lines.key ?? 'lines']: z.array(line) })
    .describe(`A ${singular} with its lines`);
  const listQuery = documentListQuerySchema(binding);
  const states = definition.states.join(', ');
  const editable = definition.editableIn.join(' or ');
  const saved = (status: 200 | 201) => ({ [status]: envelope({ data: detail }, `Saved (or, with \`post\`, posted: the message says which)`) });

  return {
    list: routeSchema({
      tags,
      summary: `List ${title.toLowerCase()}`,
      description: `Newest first unless sorted. Status: ${states}; from/to filter the ${definition.dateField}.`,
      querystring: listQuery,
      response: {
        200: envelope(
          {
            data: z.array(row),
            total: z.int(),
            ...(definition.listTotals?.length
              ? { totals: z.object(Object.fromEntries(definition.listTotals.map((t) => [t.name, z.string().describe(`${t.label}: the sum over every row matching (every page)`)]))) }
              : {}),
          },
          'One page of rows, the count of all rows matching and, for a type with totals, their sums',
        ),
      },
    }),
    export: routeSchema({
      tags,
      summary: `Export ${title.toLowerCase()} (the list's filters)`,
      querystring: listQuery.omit({ page: true, pageSize: true }).extend(exportFormatQuery.shape),
      response: { 200: fileDownload },
    }),
    get: routeSchema({ tags, summary: `Read ${aOrAn(singular)} with its lines`, params: idParams, response: { 200: envelope({ data: detail }) } }),
    create: routeSchema({
      tags,
      summary: `Create ${aOrAn(singular)} (${aOrAn(editable)})`,
      description: '`"post": true` saves and posts in one transaction.',
      body: definition.saveSchema,
      response: saved(201),
    }),
    update: routeSchema({
      tags,
      summary: `Replace a ${editable} ${singular}, header and lines`,
      description: '`"post": true` saves and posts in one transaction.',
      params: idParams,
      body: definition.saveSchema,
      response: saved(200),
    }),
    remove: routeSchema({
      tags,
      summary: `Delete a ${editable} ${singular}`,
      description: definition.keepsDrafts ? `Refused (409): ${definition.keepsDrafts}.` : `Needs the scope \`${name}:delete\`.`,
      params: idParams,
      response: { 200: envelope({}, 'Deleted') },
    }),
    transition: (action) => {
      const transition = definition.transitions[action];
      const scope = transition?.scope ? ` Needs the scope \`${transition.scope}\`.` : '';
      return routeSchema({
        tags,
        summary: `${transition?.label ?? action} ${aOrAn(singular)}`,
        description: `From ${transition?.from.join(' or ')} to ${transition?.to}.${scope}${transition?.input ? '' : ' Takes no body (an empty JSON body is accepted).'}`,
        params: idParams,
        ...(transition?.input ? { body: transition.input } : {}),
        response: { 200: envelope({ data: detail }, transition?.done ?? 'Done') },
      });
    },
  };
}
