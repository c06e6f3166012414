import { items as itemsDeclaration } from '@erp/domain';
import { items } from '../../db/schema/index.ts';
import { resourceImport } from '../../lib/import/resource-import.ts';

/**
 * Items from a spreadsheet (issue 7, section 5): the item form's fields, the vendor, category
 * and sub-category by name (the sub-category within the row's category), checked by the
 * items' create schema; unique article number per vendor within the file and against the
 * table. Imported items are unapproved, like created ones.
 */
export const itemsImport = resourceImport({
  kind: 'items',
  declaration: itemsDeclaration,
  table: items,
  aliases: {
    itemName: ['Item name', 'Name', 'Description'],
    articleNumber: ['Article no', 'Article', 'Catalogue number', 'Catalog number', 'Cat no'],
    subCategoryId: ['Subcategory', 'Sub-category'],
    costPrice: ['Cost'],
    salePrice: ['Price'],
    lotTracked: ['Lot tracked', 'Lot and expiry'],
    storageCondition: ['Storage condition'],
  },
  examples: {
    itemName: 'CBC Reagent Pack',
    articleNumber: 'SYS-CBC-01',
    vendorId: 'Sysmex',
    categoryId: 'Reagents',
    subCategoryId: 'Haematology',
    unit: 'kit',
    costPrice: '1250.50',
    salePrice: '1800.00',
    reorderLevel: '10',
    lotTracked: 'yes',
    storageCondition: 'Refrigerated (2-8 °C)',
    active: 'yes',
  },
});
