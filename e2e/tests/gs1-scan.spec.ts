import { renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type APIRequestContext, type Page, type Request } from '@playwright/test';
import { test } from './fixtures.ts';
import bwipjs from 'bwip-js/node';
import { chromiumLaunch } from '../chromium.ts';
import { apiHeaders, expectNoSeriousA11yViolations, openAs, pick, screenshot } from './support.ts';

const GS = '\u001d';
const cameraText = '(01)04012345678901(17)261231(10)ABC123';

/**
 * A few frames of 640 x 480 video (YUV4MPEG2, 4:2:0) showing the GS1 DataMatrix of `text`,
 * 16 pixels a module, black on white, centred: what Chromium's fake camera plays in a loop.
 */
function dataMatrixVideo(text: string): string {
  const [symbol] = bwipjs.raw({ bcid: 'gs1datamatrix', text }) as Array<{ pixs: number[]; pixx: number; pixy: number }>;
  const width = 640;
  const height = 480;
  const size = 16;
  // Video-range luma: 235 white, 16 black; the chroma planes' 128 is grey (no colour).
  const luma = Buffer.alloc(width * height, 235);
  const left = (width - symbol!.pixx * size) >> 1;
  const top = (height - symbol!.pixy * size) >> 1;
  symbol!.pixs.forEach((dark, index) => {
    if (!dark) return;
    const x = left + (index % symbol!.pixx) * size;
    const y = top + Math.floor(index / symbol!.pixx) * size;
    for (let row = y; row < y + size; row += 1) luma.fill(16, row * width + x, row * width + x + size);
  });
  const chroma = Buffer.alloc(width * height / 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  // Every process loading the spec writes the same bytes: each writes its own copy and renames it
  // over the one file, so a browser never opens a half-written video.
  const file = join(tmpdir(), 'erp-e2e-gs1-datamatrix.y4m');
  writeFileSync(`${file}.${process.pid}`, Buffer.concat([Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`), ...Array<Buffer>(5).fill(frame)]));
  renameSync(`${file}.${process.pid}`, file);
  return file;
}

// The camera: Chromium grants it without asking and plays the DataMatrix video as its picture (an absolute path).
test.use({
  launchOptions: {
    ...chromiumLaunch,
    args: [...chromiumLaunch.args, '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${dataMatrixVideo(cameraText)}`],
  },
});

interface CountedLot {
  gtin: string;
  itemName: string;
  lotNumber: string;
  dateExpiry: string;
  regionName: string;
}

/** A demo reagent's `each` GTIN and one of its warehouse lots with an expiry. */
async function reagentLot(request: APIRequestContext): Promise<CountedLot> {
  const headers = await apiHeaders(request, 'admin');
  const links = ((await (await request.get('/api/item-gtins', { headers, params: { pageSize: 100 } })).json()) as { data: { itemId: number; gtin: string; packLevel: string }[] }).data;
  for (const link of links.filter((l) => l.packLevel === 'each')) {
    const lots = ((await (await request.get('/api/inventory', { headers, params: { itemId: link.itemId, pageSize: 20 } })).json()) as {
      data: { lotNumber: string; dateExpiry: string | null; quantity: number; item: { itemName: string }; region: { regionName: string } }[];
    }).data;
    const lot = lots.find((l) => l.lotNumber && /^[A-Za-z0-9-]+$/.test(l.lotNumber) && l.dateExpiry);
    if (lot) return { gtin: link.gtin, itemName: lot.item.itemName, lotNumber: lot.lotNumber, dateExpiry: lot.dateExpiry!, regionName: lot.region.regionName };
  }
  throw new Error('No demo reagent with a GTIN and a lot with an expiry');
}

async function setSeparators(request: APIRequestContext, gs1Separators: string) {
  const saved = await request.put('/api/settings', { headers: await apiHeaders(request, 'admin'), data: { gs1Separators } });
  expect(saved.status()).toBe(200);
}

const isLookup = (request: Request) => request.method() === 'POST' && new URL(request.url()).pathname === '/api/gs1/lookup';

async function openCount(page: Page, regionName: string) {
  await openAs(page, 'inventorySupervisor', '/inventory?tab=count');
  // The first screen after the login, its chunks through the camera test's route on a loaded machine: more than the usual wait.
  await expect(page.getByRole('tab', { name: 'Stock count', selected: true })).toBeVisible({ timeout: 20_000 });
  const panel = page.getByRole('tabpanel', { name: 'Stock count' });
  await expect(panel.getByRole('combobox', { name: 'Region' })).toBeVisible({ timeout: 20_000 });
  await pick(page, panel, 'Region', regionName, new RegExp(`^${regionName}$`));
  const box = panel.getByRole('textbox', { name: 'Scan a pack' });
  await expect(box).toBeEnabled();
  return { panel, box };
}

test('a keyboard-wedge scan (Ctrl+], Alt 0 2 9, a substitute, Enter) reaches the server as one scan with GS, and the page does not move', async ({ page, request }) => {
  test.setTimeout(120_000);
  const lot = await reagentLot(request);
  await setSeparators(request, '+');
  try {
    const { panel, box } = await openCount(page, lot.regionName);
    const before = { url: page.url(), history: await page.evaluate(() => history.length), scale: await page.evaluate(() => window.visualViewport?.scale), ratio: await page.evaluate(() => devicePixelRatio) };
    const navigations: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) navigations.push(frame.url());
    });

    const expiry = lot.dateExpiry.slice(2).replaceAll('-', '');
    const sent = page.waitForRequest(isLookup);
    await box.focus();
    await page.keyboard.type(`]d201${lot.gtin}10${lot.lotNumber}`);
    await page.keyboard.press('Control+BracketRight');
    await page.keyboard.type('21SER1');
    await page.keyboard.down('Alt');
    for (const digit of ['Numpad0', 'Numpad2', 'Numpad9']) await page.keyboard.press(digit);
    await page.keyboard.up('Alt');
    await page.keyboard.type(`301+17${expiry}`);
    await page.keyboard.press('Enter');

    const lookup = await sent;
    expect(lookup.postDataJSON()).toMatchObject({ scan: `]d201${lot.gtin}10${lot.lotNumber}${GS}21SER1${GS}301+17${expiry}` });
    const answer = (await (await lookup.response())!.json()) as { data: { scan: { lot: string; serial: string; count: number; expiry: string }; lot: unknown } };
    // The server read the substitute as GS (settings): the serial and count are elements of their own.
    expect(answer.data.scan).toMatchObject({ lot: lot.lotNumber, serial: 'SER1', count: 1, expiry: lot.dateExpiry });
    expect(answer.data.lot).not.toBeNull();
    await expect(panel.getByRole('row', { name: new RegExp(`^${lot.lotNumber}\\b`) })).toContainText(lot.itemName);
    await expect(panel.getByText(new RegExp(`${lot.itemName} · lot ${lot.lotNumber}.*: 1 counted`))).toBeVisible();
    expect(await page.evaluate(() => window.visualViewport?.scale)).toBe(before.scale);
    expect(await page.evaluate(() => devicePixelRatio)).toBe(before.ratio);
    expect(await page.evaluate(() => history.length)).toBe(before.history);
    expect(page.url()).toBe(before.url);
    expect(navigations).toEqual([]);
    await expect(box).toBeFocused();
    await expect(box).toHaveValue('');

    await screenshot(page, 'gs1-stock-count-1280');
    await expectNoSeriousA11yViolations(page, 'the stock count at 1280 px');
    await page.setViewportSize({ width: 768, height: 900 });
    await expectNoSeriousA11yViolations(page, 'the stock count at 768 px');
    await screenshot(page, 'gs1-stock-count-768');
  } finally {
    await setSeparators(request, '');
  }
});

test('the camera reads a DataMatrix with every request off our origin aborted, through ZXing served from our origin', async ({ page, request, baseURL }) => {
  test.setTimeout(120_000);
  const lot = await reagentLot(request);
  const origin = new URL(baseURL!).origin;
  const offOrigin: string[] = [];
  await page.route('**/*', (route) => {
    const url = route.request().url();
    if (new URL(url).origin === origin) return route.continue();
    offOrigin.push(url);
    return route.abort();
  });
  const { panel } = await openCount(page, lot.regionName);
  // The path under test is the ponyfill's: Chromium on Linux has no BarcodeDetector of its own.
  expect(await page.evaluate(() => 'BarcodeDetector' in window)).toBe(false);

  const wasm = page.waitForResponse((response) => /\/assets\/zxing_reader-[\w-]+\.wasm$/.test(response.url()));
  const sent = page.waitForRequest(isLookup);
  await panel.getByRole('button', { name: 'Scan with the camera' }).click();
  const dialog = page.getByRole('dialog', { name: 'Scan with the camera' });
  await expect(dialog).toBeVisible();
  const lookup = await sent;
  expect(lookup.postDataJSON()).toMatchObject({ scan: ']d2010401234567890117261231' + '10ABC123' });
  // The ponyfill's wasm came from our build, as WebAssembly.
  const served = await wasm;
  expect(new URL(served.url()).origin).toBe(origin);
  expect(served.headers()['content-type']).toBe('application/wasm');
  expect((await lookup.response())!.status()).toBe(200);
  await expect(dialog).toBeHidden();
  // Its GTIN is no demo item's: the outcome names it.
  await expect(panel.getByRole('alert')).toContainText('GTIN 04012345678901');
  expect(offOrigin).toEqual([]);
});
