import { z } from 'zod';
import type { ResourceDeclaration } from '../resource/declaration.ts';

export const regions = {
  name: 'regions',
  route: '/regions',
  singular: 'region',
  title: 'Regions',
  nameField: 'regionName',
  defaultSort: { field: 'regionName', order: 'asc' },
  rowPermission: { area: 'regions', field: 'id' },
  optionsAlsoFor: ['/user', '/planning/form'],
  fields: [
    { name: 'regionName', label: 'Region', kind: 'text', required: true, maxLength: 100, unique: true, searchable: true },
    {
      name: 'regionCode',
      label: 'Code',
      kind: 'text',
      required: true,
      maxLength: 10,
      unique: true,
      searchable: true,
      schema: z
        .string({ error: 'Code is required' })
        .trim()
        .toUpperCase()
        .regex(/^[A-Z0-9-]{1,10}$/, { error: 'Code must be 1 to 10 letters, digits or dashes' }),
    },
  ],
} as const satisfies ResourceDeclaration;

export const cities = {
  name: 'cities',
  route: '/cities',
  singular: 'city',
  title: 'Cities',
  nameField: 'cityName',
  defaultSort: { field: 'cityName', order: 'asc' },
  rowPermission: { area: 'regions', field: 'regionId' },
  fields: [
    { name: 'cityName', label: 'City', kind: 'text', required: true, maxLength: 100, searchable: true, unique: true, uniqueWith: 'regionId' },
    { name: 'regionId', label: 'Region', kind: 'reference', reference: 'regions', required: true, filterable: true },
  ],
} as const satisfies ResourceDeclaration;

export const categories = {
  name: 'categories',
  route: '/categories',
  singular: 'category',
  title: 'Categories',
  nameField: 'categoryName',
  defaultSort: { field: 'categoryName', order: 'asc' },
  rowPermission: { area: 'categories', field: 'id' },
  optionsAlsoFor: ['/user'],
  fields: [
    { name: 'categoryName', label: 'Category', kind: 'text', required: true, maxLength: 100, unique: true, searchable: true },
    { name: 'description', label: 'Description', kind: 'textarea', maxLength: 500, list: false },
  ],
} as const satisfies ResourceDeclaration;

export const subCategories = {
  name: 'sub-categories',
  route: '/sub-categories',
  singular: 'sub category',
  title: 'Sub Categories',
  nameField: 'subCategoryName',
  defaultSort: { field: 'subCategoryName', order: 'asc' },
  rowPermission: { area: 'categories', field: 'categoryId' },
  fields: [
    { name: 'subCategoryName', label: 'Sub Category', kind: 'text', required: true, maxLength: 100, searchable: true, unique: true, uniqueWith: 'categoryId' },
    { name: 'categoryId', label: 'Category', kind: 'reference', reference: 'categories', required: true, filterable: true },
  ],
} as const satisfies ResourceDeclaration;

export const depreciationMethods = [
  { value: 'straightLine', label: 'Straight line' },
  { value: 'decliningBalance', label: 'Declining balance' },
] as const;

export const assetCategories = {
  name: 'asset-categories',
  route: '/asset-categories',
  singular: 'asset category',
  title: 'Asset Categories',
  nameField: 'assetCategoryName',
  defaultSort: { field: 'assetCategoryName', order: 'asc' },
  fields: [
    { name: 'assetCategoryName', label: 'Asset Category', kind: 'text', required: true, maxLength: 100, unique: true, searchable: true },
    { name: 'usefulLifeMonths', label: 'Useful Life (months)', kind: 'integer', required: true, min: 1, max: 1200, defaultValue: 60 },
    {
      name: 'depreciationMethod',
      label: 'Depreciation Method',
      kind: 'enum',
      enumValues: depreciationMethods,
      required: true,
      defaultValue: 'straightLine',
      filterable: true,
    },
    // The three accounts an asset of the category posts to (issue 9, section 5).
    { name: 'assetAccountId', label: 'Asset account', kind: 'reference', reference: 'accounts', required: true, list: false },
    { name: 'accumulatedDepreciationAccountId', label: 'Accumulated depreciation account', kind: 'reference', reference: 'accounts', required: true, list: false },
    { name: 'depreciationExpenseAccountId', label: 'Depreciation expense account', kind: 'reference', reference: 'accounts', required: true, list: false },
  ],
} as const satisfies ResourceDeclaration;

export const couriers = {
  name: 'couriers',
  route: '/couriers',
  singular: 'courier',
  title: 'Couriers',
  nameField: 'courierName',
  defaultSort: { field: 'courierName', order: 'asc' },
  fields: [
    { name: 'courierName', label: 'Courier', kind: 'text', required: true, maxLength: 100, unique: true, searchable: true },
    { name: 'phone', label: 'Phone', kind: 'phone', maxLength: 30, searchable: true },
    {
      name: 'trackingUrlPattern',
      label: 'Tracking URL',
      kind: 'url',
      list: false,
      sortable: false,
      schema: z.union([
        z.literal(''),
        z
          .url({ error: 'Tracking URL must be a web address' })
          .max(500)
          .refine((v) => v.includes('{trackingNumber}'), { error: 'Tracking URL must contain {trackingNumber}' }),
      ]),
    },
  ],
} as const satisfies ResourceDeclaration;

/** The Setup resources served by the generic resource code, in menu order. */
export const setupResources = [regions, cities, categories, subCategories, assetCategories, couriers] as const;
