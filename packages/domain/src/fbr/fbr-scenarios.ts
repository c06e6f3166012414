import { z } from 'zod';
import type { SaleType } from '../inventory/inventory.area.ts';
import { addDecimals, multiply } from '../money.ts';
import {
  type businessActivities,
  lineMoney,
  lineTaxFields,
  lineTotalOf,
  type Province,
  saleTaxFactsOf,
  type TaxFactsInForce,
  type taxSectors,
} from '../sales/sales.area.ts';
import type { FbrPayloadInput, FbrPayloadLine } from './fbr-payload.ts';

/**
 * The sandbox scenarios (issue 30, section 7): before FBR issues a production token, the company
 * posts one invoice in the sandbox for every scenario its business activity and sector require.
 * The scenarios, their sale types and sample goods are the spec's §9, the table of what each
 * activity and sector require its §10. The spec is not kept here: the table was transcribed from
 * two independent copies of §10 that agree row for row, and what could not be checked against
 * the spec itself is listed in docs/decisions/fbr.md.
 */
export const fbrScenarioSpec = 'PRAL DI API v1.12';

export const fbrScenarioStatuses = ['notRun', 'running', 'passed', 'failed'] as const;
export type FbrScenarioStatus = (typeof fbrScenarioStatuses)[number];

export type BusinessActivity = (typeof businessActivities)[number]['value'];
export type TaxSector = (typeof taxSectors)[number]['value'];

/** The scenarios some activity and sector of ours require (§10 names others only for sectors the settings do not offer: steel, textile, telecom...). */
export const fbrScenarioIds = [
  'SN001', 'SN002', 'SN005', 'SN006', 'SN007', 'SN008', 'SN015', 'SN016', 'SN017',
  'SN018', 'SN019', 'SN021', 'SN022', 'SN024', 'SN025', 'SN026', 'SN027', 'SN028',
] as const;
export type FbrScenarioId = (typeof fbrScenarioIds)[number];

/** §10's note: these are required only of a company registered as a retailer in its sales tax profile. */
export const fbrRetailerScenarioIds: readonly FbrScenarioId[] = ['SN026', 'SN027', 'SN028'];

/** The spec's sample line of a scenario: what is sent when the company sells nothing of the scenario's sale type. */
export interface FbrScenarioSample {
  hsCode: string;
  productDescription: string;
  fbrUom: string;
  quantity: number;
  /** Per unit, before tax. */
  price: string;
  /** Percent, as our tax is computed. */
  rate: string;
  /** FBR's words for the rate: `18%`, `Exempt`, `Rs.3`. */
  rateLabel: string;
  /** A fixed tax per unit on top of the rate (SN021 Rs.3 a block, SN022 Rs.60 a kilogram). */
  taxPerUnit?: string;
  sroScheduleNo?: string;
  sroItemSerialNo?: string;
  /** Per unit, Third Schedule goods only. */
  retailPrice?: string;
  /** The spec's sample charges further tax (an unregistered buyer of standard-rate goods). */
  furtherTax?: boolean;
}

export interface FbrScenario {
  scenarioId: FbrScenarioId;
  description: string;
  /** Our sale type, when the domain models the scenario's; null for one it does not (the sample is then always sent). */
  saleType: SaleType | null;
  /** FBR's transactioN_DESC for a sale type the domain does not model. */
  fbrSaleType?: string;
  buyerRegistrationType: 'registered' | 'unregistered';
  sample: FbrScenarioSample;
}

const units = 'Numbers, pieces, units';
const sample = (hsCode: string, productDescription: string, rate: string, rateLabel: string, rest: Partial<FbrScenarioSample> = {}): FbrScenarioSample => ({
  hsCode,
  productDescription,
  fbrUom: units,
  quantity: 1,
  price: '1000.00',
  rate,
  rateLabel,
  ...rest,
});

const scenario = (
  scenarioId: FbrScenarioId,
  description: string,
  saleType: SaleType | null,
  buyerRegistrationType: 'registered' | 'unregistered',
  goods: FbrScenarioSample,
  fbrSaleType?: string,
): FbrScenario => ({ scenarioId, description, saleType, ...(fbrSaleType ? { fbrSaleType } : {}), buyerRegistrationType, sample: goods });

/** §9: each scenario, its sale type (FBR's words where ours has none) and the spec's sample goods. */
export const fbrScenarios: Readonly<Record<FbrScenarioId, FbrScenario>> = {
  SN001: scenario('SN001', 'Goods at standard rate to registered buyers', 'standardRate', 'registered', sample('0101.2100', 'Sample goods at standard rate', '18.00', '18%')),
  SN002: scenario('SN002', 'Goods at standard rate to unregistered buyers', 'standardRate', 'unregistered', sample('0101.2100', 'Sample goods at standard rate', '18.00', '18%', { furtherTax: true })),
  SN005: scenario('SN005', 'Reduced rate sale', 'reducedRate', 'unregistered', sample('0102.2930', 'Sample goods at reduced rate', '1.00', '1%', { sroScheduleNo: 'EIGHTH SCHEDULE Table 1', sroItemSerialNo: '82' })),
  SN006: scenario('SN006', 'Exempt goods sale', 'exempt', 'unregistered', sample('0102.2930', 'Sample exempt goods', '0.00', 'Exempt', { sroScheduleNo: '6th Schd Table I', sroItemSerialNo: '100' })),
  SN007: scenario('SN007', 'Zero rated sale', 'zeroRate', 'unregistered', sample('0101.2100', 'Sample zero-rated goods', '0.00', '0%', { sroScheduleNo: '327(I)/2008', sroItemSerialNo: '1' })),
  SN008: scenario('SN008', 'Sale of 3rd schedule goods', 'thirdSchedule', 'unregistered', sample('0101.2100', 'Sample Third Schedule goods', '18.00', '18%', { price: '800.00', retailPrice: '1000.00' })),
  SN015: scenario('SN015', 'Sale of mobile phones', null, 'unregistered', sample('0101.2100', 'Sample mobile phone', '18.00', '18%', { sroScheduleNo: 'NINTH SCHEDULE', sroItemSerialNo: '1(A)' }), 'Mobile Phones'),
  SN016: scenario('SN016', 'Processing / Conversion of Goods', null, 'unregistered', sample('0101.2100', 'Sample processing charges', '5.00', '5%'), 'Processing/ Conversion of Goods'),
  SN017: scenario('SN017', 'Sale of Goods where FED is charged in ST mode', null, 'unregistered', sample('0101.2100', 'Sample excisable goods', '8.00', '8%'), 'Goods (FED in ST Mode)'),
  SN018: scenario('SN018', 'Services rendered or provided where FED is charged in ST mode', null, 'unregistered', sample('0101.2100', 'Sample excisable services', '8.00', '8%'), 'Services (FED in ST Mode)'),
  SN019: scenario('SN019', 'Services rendered or provided', null, 'unregistered', sample('0101.2900', 'Sample services', '5.00', '5%', { sroScheduleNo: 'ICTO TABLE I', sroItemSerialNo: '1(ii)(ii)(a)' }), 'Services'),
  SN021: scenario('SN021', 'Sale of Cement /Concrete Block', null, 'unregistered', sample('0101.2100', 'Sample concrete blocks', '0.00', 'Rs.3', { quantity: 12, price: '10.00', taxPerUnit: '3.00' }), 'Cement /Concrete Block'),
  SN022: scenario(
    'SN022',
    'Sale of Potassium Chlorate',
    null,
    'unregistered',
    sample('3104.2000', 'Sample potassium chlorate', '18.00', '18% along with rupees 60 per kilogram', { fbrUom: 'KG', price: '100.00', taxPerUnit: '60.00', sroScheduleNo: 'EIGHTH SCHEDULE Table 1', sroItemSerialNo: '56' }),
    'Potassium Chlorate',
  ),
  SN024: scenario('SN024', 'Goods sold that are listed in SRO 297(1)/2023', null, 'unregistered', sample('0101.2100', 'Sample SRO 297 goods', '25.00', '25%', { sroScheduleNo: '297(I)/2023-Table-I', sroItemSerialNo: '12' }), 'Goods as per SRO.297(|)/2023'),
  SN025: scenario('SN025', 'Drugs sold at fixed ST rate under serial 81 of Eighth Schedule Table 1', 'nonAdjustable', 'unregistered', sample('0101.2100', 'Sample medicine', '0.00', '0%', { sroScheduleNo: 'EIGHTH SCHEDULE Table 1', sroItemSerialNo: '81' })),
  SN026: scenario('SN026', 'Sale to End Consumer by retailers (goods at standard rate)', 'standardRate', 'unregistered', sample('0101.2100', 'Sample retail goods', '18.00', '18%')),
  SN027: scenario('SN027', 'Sale to End Consumer by retailers (3rd Schedule goods)', 'thirdSchedule', 'unregistered', sample('0101.2100', 'Sample branded retail goods', '18.00', '18%', { price: '80.00', retailPrice: '100.00' })),
  SN028: scenario('SN028', 'Sale to End Consumer by retailers (goods at reduced rate)', 'reducedRate', 'unregistered', sample('0101.2100', 'Sample reduced-rate retail goods', '1.00', '1%', { sroScheduleNo: 'EIGHTH SCHEDULE Table 1', sroItemSerialNo: '70' })),
};

type Row = readonly FbrScenarioId[];
const common: Row = ['SN001', 'SN002', 'SN005', 'SN006', 'SN007', 'SN015', 'SN016', 'SN017', 'SN021', 'SN022', 'SN024'];
const toEndConsumers: Row = ['SN026', 'SN027', 'SN028', 'SN008'];
const services: Row = ['SN018', 'SN019'];

/**
 * §10, "Applicable Scenarios based on Business Activity", the rows of our sectors (the spec's
 * Wholesale / Retails is our wholesaleRetails), each in the spec's order. §10 lists SN008 twice in
 * the Distributor and Wholesaler rows of FMCG: once here.
 */
export const fbrScenarioTable: Readonly<Record<BusinessActivity, Readonly<Record<TaxSector, Row>>>> = {
  manufacturer: { allOtherSectors: common, pharmaceuticals: common, wholesaleRetails: [...common, ...toEndConsumers], fmcg: [...common, 'SN008'], services: [...common, ...services] },
  importer: { allOtherSectors: common, pharmaceuticals: [...common, 'SN025'], wholesaleRetails: [...common, ...toEndConsumers], fmcg: [...common, 'SN008'], services: [...common, ...services] },
  distributor: {
    allOtherSectors: [...common, ...toEndConsumers],
    pharmaceuticals: ['SN025', ...toEndConsumers],
    wholesaleRetails: ['SN001', 'SN002', ...toEndConsumers],
    fmcg: ['SN008', 'SN026', 'SN027', 'SN028'],
    services: [...services, ...toEndConsumers],
  },
  wholesaler: {
    allOtherSectors: [...common, ...toEndConsumers],
    pharmaceuticals: ['SN025', ...toEndConsumers],
    wholesaleRetails: ['SN001', 'SN002', ...toEndConsumers],
    fmcg: ['SN008', 'SN026', 'SN027', 'SN028'],
    services: [...services, ...toEndConsumers],
  },
  exporter: { allOtherSectors: common, pharmaceuticals: [...common, 'SN025'], wholesaleRetails: [...common, ...toEndConsumers], fmcg: [...common, 'SN008'], services: [...common, ...services] },
  retailer: { allOtherSectors: [...common, ...toEndConsumers], pharmaceuticals: ['SN025', ...toEndConsumers], wholesaleRetails: toEndConsumers, fmcg: toEndConsumers, services: [...services, ...toEndConsumers] },
  serviceProvider: { allOtherSectors: [...common, ...services], pharmaceuticals: ['SN025', ...services], wholesaleRetails: [...toEndConsumers, ...services], fmcg: ['SN008', ...services], services },
  other: { allOtherSectors: common, pharmaceuticals: [...common, 'SN025'], wholesaleRetails: [...common, ...toEndConsumers], fmcg: [...common, 'SN008'], services: [...common, ...services] },
};

/** The scenarios the company must pass, in the spec's order; SN026-SN028 only when it is registered as a retailer. */
export function fbrScenariosFor(activity: BusinessActivity, sector: TaxSector, registeredAsRetailer: boolean): FbrScenarioId[] {
  return fbrScenarioTable[activity][sector].filter((id) => registeredAsRetailer || !fbrRetailerScenarioIds.includes(id));
}

export function isFbrScenarioId(value: string): value is FbrScenarioId {
  return (fbrScenarioIds as readonly string[]).includes(value);
}

/** What a scenario's transient invoice takes from the company. */
export interface FbrScenarioSeller {
  ntn: string;
  businessName: string;
  province: Province | null;
  address: string;
  /** The settings' further tax rate (percent). */
  furtherTaxRate: string;
}

/** An item the company sells of the scenario's sale type, with its facts in force on the invoice's date. */
export interface FbrScenarioGoods {
  productDescription: string;
  /** Its sale price; the sample's when it has none. */
  price: string | null;
  facts: TaxFactsInForce;
}

/**
 * FBR's sandbox buyers of the spec's sample payloads: the registered NTN is one FBR's sandbox
 * holds as registered (it checks the registration type against the number), the unregistered one
 * a dummy CNIC.
 */
export const fbrSandboxBuyers = {
  registered: { ntn: '2046004', cnic: null, businessName: 'FERTILIZER MANUFAC IRS NEW' },
  unregistered: { ntn: null, cnic: '1000000000000', businessName: 'Sandbox unregistered buyer' },
} as const;

/**
 * A scenario's transient invoice as the payload builder reads it: never saved, never numbered.
 * One line: the company's own goods of the scenario's sale type when it sells any (what its real
 * invoices will carry), else the spec's sample goods.
 */
export function fbrScenarioInvoice(scenarioId: FbrScenarioId, seller: FbrScenarioSeller, invoiceDate: string, goods?: FbrScenarioGoods | null): FbrPayloadInput {
  const definition = fbrScenarios[scenarioId];
  const registrationType = definition.buyerRegistrationType;
  const buyer = fbrSandboxBuyers[registrationType];
  const own = goods && definition.saleType !== null && goods.facts.saleType === definition.saleType ? goods : null;
  return {
    invoiceType: 'Sale Invoice',
    invoiceDate,
    environment: 'sandbox',
    scenarioId,
    seller: { ntn: seller.ntn, businessName: seller.businessName, province: seller.province, address: seller.address },
    // A sale within the company's own province: the buyer's address is not what a scenario tests.
    buyer: { ...buyer, province: seller.province, address: seller.address, registrationType },
    lines: [own ? ownLine(own, registrationType, seller.furtherTaxRate, definition.sample) : sampleLine(definition, registrationType, seller.furtherTaxRate)],
  };
}

function ownLine(goods: FbrScenarioGoods, registrationType: 'registered' | 'unregistered', furtherTaxRate: string, fallback: FbrScenarioSample): FbrPayloadLine {
  // The standard rate is only a fallback for an item without facts; the goods found always have theirs.
  const fields = lineTaxFields(goods.facts, { registrationType, furtherTaxRate, standardRate: goods.facts.rate });
  const price = goods.price !== null && Number(goods.price) > 0 ? goods.price : fallback.price;
  const money = lineMoney({ quantity: 1, price }, saleTaxFactsOf(fields));
  return {
    hsCode: fields.hsCode,
    productDescription: goods.productDescription,
    saleType: fields.saleType,
    taxRate: fields.taxRate,
    rateLabel: fields.rateLabel,
    fbrUom: fields.fbrUom,
    quantity: 1,
    amount: money.amount,
    taxAmount: money.taxAmount,
    furtherTaxAmount: money.furtherTaxAmount,
    lineTotal: lineTotalOf(money),
    retailPrice: fields.retailPrice,
    sroScheduleNo: fields.sroScheduleNo,
    sroItemSerialNo: fields.sroItemSerialNo,
    discount: '0.00',
  };
}

function sampleLine(definition: FbrScenario, registrationType: 'registered' | 'unregistered', furtherTaxRate: string): FbrPayloadLine {
  const goods = definition.sample;
  // A sale type we do not model is taxed as a standard-rate line would be; FBR reads its own words for it.
  const saleType = definition.saleType ?? 'standardRate';
  const further = goods.furtherTax === true && registrationType === 'unregistered';
  const money = lineMoney({ quantity: goods.quantity, price: goods.price }, { rate: goods.rate, saleType, retailPrice: goods.retailPrice ?? null, furtherTaxRate: further ? furtherTaxRate : '0' });
  const taxAmount = goods.taxPerUnit ? addDecimals([money.taxAmount, multiply(goods.quantity, goods.taxPerUnit)]) : money.taxAmount;
  return {
    hsCode: goods.hsCode,
    productDescription: goods.productDescription,
    saleType,
    taxRate: goods.rate,
    rateLabel: goods.rateLabel,
    fbrUom: goods.fbrUom,
    quantity: goods.quantity,
    amount: money.amount,
    taxAmount,
    furtherTaxAmount: money.furtherTaxAmount,
    lineTotal: lineTotalOf({ amount: money.amount, taxAmount, furtherTaxAmount: money.furtherTaxAmount }),
    retailPrice: goods.retailPrice ?? null,
    sroScheduleNo: goods.sroScheduleNo ?? '',
    sroItemSerialNo: goods.sroItemSerialNo ?? '',
    discount: '0.00',
    ...(definition.fbrSaleType ? { fbrSaleType: definition.fbrSaleType } : {}),
  };
}

/** POST /api/fbr/scenarios/:scenarioId/run: a scenario of the spec's form; whether it is the company's is the service's to say (404). */
export const fbrScenarioParamsSchema = z.object({
  scenarioId: z.string().regex(/^SN\d{3}$/, { error: 'Scenario must be as SN001' }).describe('SN001, SN002...'),
});

export const fbrScenarioMessages = {
  production: "Sandbox scenarios run in FBR's sandbox: the environment is production. Switch it to sandbox to run them",
  token: "Sandbox scenarios cannot be run: the sandbox token is not set, or this server's key cannot read it",
  running: 'A run of the sandbox scenarios is under way: wait for it to finish',
  notRequired: (scenarioId: string) => `${scenarioId} is not a scenario of the company's business activity and sector`,
  started: (count: number) => `${count} sandbox scenario${count === 1 ? '' : 's'} started`,
  passed: (scenarioId: string) => `${scenarioId} passed: FBR accepted its invoice`,
  failed: (scenarioId: string, error: string) => `${scenarioId} failed: ${error}`,
  stopped: 'The run stopped before FBR answered: run it again',
  notStarted: 'The run never started: run it again',
} as const;

/** One scenario as GET /api/fbr/scenarios answers it. */
export interface FbrScenarioResult {
  scenarioId: FbrScenarioId;
  description: string;
  status: FbrScenarioStatus;
  payload: unknown;
  response: unknown;
  error: string | null;
  ranAt: string | null;
}
