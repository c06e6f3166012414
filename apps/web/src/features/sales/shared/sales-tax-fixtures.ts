import {
  addDecimals,
  type DocumentTaxAnswer,
  type LineTaxAnswer,
  lineTaxAnswer,
  type LineTaxFields,
  type LineTaxPreview,
  rateLabelOf,
  type RegistrationType,
  taxSummaryOf,
} from '@erp/domain';

/** What a test line says of its tax; the rest is a standard-rate line at 17% bearing no further tax. */
export type LineTaxGiven = Partial<Omit<LineTaxFields, 'rateLabel'>>;

/** Tests' copied tax facts of a line: standard rate 17%, no further tax, unless given. */
export function lineTaxFieldsOf(given: LineTaxGiven = {}): LineTaxFields {
  const fields = { hsCode: null, fbrUom: null, saleType: 'standardRate' as const, taxRate: '17.00', sroScheduleNo: '', sroItemSerialNo: '', retailPrice: null, furtherTaxRate: '0.00', ...given };
  return { ...fields, rateLabel: rateLabelOf(fields.saleType, fields.taxRate) };
}

/** Tests' sales line with its tax answer as the server gives it (rate label and value incl. tax derived the server's way). */
export function withLineTax<Line extends { amount: string; taxAmount: string }>(line: Line, given: LineTaxGiven & { furtherTaxAmount?: string } = {}): Line & LineTaxAnswer {
  const { furtherTaxAmount = '0.00', ...facts } = given;
  return { ...line, ...lineTaxAnswer({ ...lineTaxFieldsOf(facts), furtherTaxAmount, amount: line.amount, taxAmount: line.taxAmount }) };
}

/** Tests' document tax answer summed from its lines, as the server sums it. */
export function documentTaxOf(
  lines: readonly (Pick<LineTaxAnswer, 'saleType' | 'taxRate' | 'furtherTaxAmount'> & { amount: string; taxAmount: string })[],
  buyerRegistrationType: RegistrationType = 'registered',
): DocumentTaxAnswer & { buyerRegistrationType: RegistrationType } {
  return { furtherTaxAmount: addDecimals(lines.map((line) => line.furtherTaxAmount)), taxSummary: taxSummaryOf(lines), buyerRegistrationType };
}

/** Tests' answer of GET /api/sales/line-tax for the items asked (`itemIds=7,8`): each item's fields, 17% unless `fieldsOf` says. */
export function lineTaxAnswerOf(itemIds: unknown, fieldsOf: (itemId: number) => LineTaxFields = () => lineTaxFieldsOf(), buyerRegistrationType: RegistrationType | null = null) {
  const ids = String(itemIds ?? '').split(',').filter(Boolean).map(Number);
  const preview: LineTaxPreview = { buyerRegistrationType, lines: Object.fromEntries(ids.map((id) => [String(id), fieldsOf(id)])) };
  return { status: 200, data: { status: 200, message: 'OK', ...preview } };
}
