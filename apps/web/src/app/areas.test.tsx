import { allRoutes } from '@erp/domain';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DocumentStatusTag } from '../components/document/document-status-tag.tsx';
import { documentHref, pathAddress } from '../components/document/document-address.ts';
import { installAreas } from '../lib/areas/area-registry.ts';
import { foldAreas } from '../lib/areas/fold-areas.ts';
import { type DocumentPartProps, lazyDocumentPart, lazyPart, lazyScreen } from '../lib/areas/screen-map.ts';
import { defineArea } from '../lib/areas/web-area.ts';
import { renderWithApp } from '../test/harness.tsx';
import { areaFold, areas } from './areas.ts';

// A new area, as payroll came: its own folder's manifest plus one entry in app/areas.ts give it
// its route, its documents' ledger links and its states' colours; no other shared file. (It takes
// /pay-slips in place of the payroll area that serves it now.)
const payrollFixture = defineArea({
  name: 'payroll-fixture',
  screens: { '/pay-slips': lazyScreen(() => import('../features/modules/module-not-available-screen.tsx'), 'ModuleNotAvailableScreen') },
  documentLinks: { 'pay-slips': pathAddress('/pay-slips') },
  statusColours: { approvedForPayment: 'cyan' },
});

afterEach(() => installAreas(areaFold));

describe('the areas (app/areas.ts)', () => {
  it('fold into one screen per route, each route served by one area at most', () => {
    const served = areas.flatMap((area) => Object.keys(area.screens));
    expect(new Set(served).size).toBe(served.length);
    for (const route of served) expect(allRoutes).toContain(route);
  });

  it('take a new area from its manifest alone', () => {
    const withoutPayroll = areas.filter((area) => !('/pay-slips' in area.screens));
    expect(withoutPayroll).toHaveLength(areas.length - 1);
    const fold = foldAreas([...withoutPayroll, payrollFixture]);
    expect(fold.screens['/pay-slips']).toBe(payrollFixture.screens['/pay-slips']);
    installAreas(fold);
    expect(documentHref('pay-slips', 12)).toBe('/pay-slips/12');
    renderWithApp(<DocumentStatusTag definition={{ stateLabels: { approvedForPayment: 'Approved for payment' } }} status="approvedForPayment" />);
    expect(screen.getByText('Approved for payment')).toHaveClass('ant-tag-cyan');
  });

  it('refuse a route, a document type or a title two areas both declare, and a status given two colours', () => {
    const sales = areas.find((area) => area.name === 'sales')!;
    expect(() => foldAreas([...areas, defineArea({ name: 'copy', screens: { '/invoices': payrollFixture.screens['/pay-slips'] } })])).toThrow(
      'Route /invoices is declared by both sales and copy',
    );
    expect(() => foldAreas([...areas, defineArea({ name: 'copy', screens: {}, documentLinks: { invoice: pathAddress('/x') } })])).toThrow('Document type invoice');
    expect(() => foldAreas([...areas, defineArea({ name: 'copy', screens: {}, titles: { '/invoice/:id': 'Bill' } })])).toThrow('Title of route /invoice/:id');
    expect(() => foldAreas([...areas, defineArea({ name: 'copy', screens: {}, statusColours: { bounced: 'orange' } })])).toThrow('Colour of status bounced');
    expect(() => foldAreas([...areas, defineArea({ name: 'copy', screens: {}, statusColours: { bounced: 'red' } })])).not.toThrow();
    expect(() => foldAreas([sales, sales])).toThrow('Area sales is listed twice');
  });

  it("compose the settings screen from each area's part, in the areas' order, as the server composes the sections", () => {
    expect(areaFold.settingsSections.map((part) => part.area)).toEqual(['settings', 'accounting', 'inventory', 'sales', 'payroll', 'ordering', 'cold-chain', 'licences', 'gs1', 'currencies']);
    const withPart = foldAreas([...areas, defineArea({ name: 'fixture', screens: {}, settings: lazyPart(() => import('../features/accounting/accounting-settings.tsx'), 'AccountingSettings') })]);
    expect(withPart.settingsSections.at(-1)?.area).toBe('fixture');
  });

  it("add a tab to another area's screen from the manifest alone: /accounting shows it after its own, opened by its key", async () => {
    const tab = { key: 'fixture-tab', label: 'Fixture tab', ...lazyPart(() => Promise.resolve({ FixtureTab: () => <p>Fixture content</p> }), 'FixtureTab') };
    installAreas(foldAreas([...areas, defineArea({ name: 'fixture', screens: {}, screenTabs: { '/accounting': [tab] } })]));
    const { AccountingScreen } = await import('../features/accounting/accounting-screen.tsx');
    renderWithApp(<AccountingScreen />, { path: '/accounting?tab=fixture-tab' });
    expect(await screen.findByText('Fixture content')).toBeInTheDocument();
    const labels = screen.getAllByRole('tab').map((t) => t.textContent);
    expect(labels.at(-1)).toBe('Fixture tab');
    expect(labels.indexOf('Period close')).toBeLessThan(labels.indexOf('Fixture tab'));
    expect(() => foldAreas([...areas, defineArea({ name: 'a', screens: {}, screenTabs: { '/accounting': [tab] } }), defineArea({ name: 'b', screens: {}, screenTabs: { '/accounting': [tab] } })])).toThrow(
      'Tab fixture-tab of /accounting is declared twice',
    );
  });

  it("show a part in another area's document view from the manifest alone, given the document", async () => {
    const part = lazyDocumentPart(() => Promise.resolve({ FixturePart: ({ document }: DocumentPartProps) => <p>Fixture of {String(document.documentNumber)}</p> }), 'FixturePart');
    installAreas(foldAreas([...areas, defineArea({ name: 'fixture', screens: {}, documentParts: { invoices: [part] } })]));
    const { DocumentSummary } = await import('../components/document/document-summary.tsx');
    const { invoiceDocument } = await import('@erp/domain');
    renderWithApp(<DocumentSummary definition={invoiceDocument} document={{ id: 1, status: 'posted', documentNumber: 'INV-2026-000001', invoiceDate: '2026-12-01' }} />);
    expect(await screen.findByText('Fixture of INV-2026-000001')).toBeInTheDocument();
  });
});
