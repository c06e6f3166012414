import PDFDocument from 'pdfkit';
import { type TextRun, hasArabicScript, visualRuns } from './bidi-runs.ts';
import { arabicFontBytes } from './fonts.ts';
import { winAnsiText } from './win-ansi.ts';

/** PNG or JPEG (the only raster types PDF embeds as they are); any other type is left out. */
export interface PrintImage {
  bytes: Uint8Array;
  mimeType: string;
}

/**
 * A block printed at the left of the totals: a caption over a QR code and an image, each 1 inch
 * (another area's, through print-additions.ts: FBR's number, its QR code and logo).
 */
export interface PrintMark {
  caption: string;
  /** A QR code's modules, row by row, true for dark: drawn 72 x 72 pt, with a white margin of 4 modules outside that square. */
  qr?: readonly (readonly boolean[])[];
  /** Fitted into 72 x 72 pt beside the QR code; bytes that are not an image are left out. */
  image?: PrintImage | null;
}

/**
 * A business document as it prints, already formatted: the renderer knows no document type
 * (purchase orders today, invoices later), only a letterhead, a table and totals.
 */
export interface PrintableDocument {
  company: {
    name: string;
    address?: string;
    phone?: string;
    taxNumber?: string;
    logo?: PrintImage | null;
    /** More lines of the letterhead, under the tax number (another area's: the company's DRAP licence). */
    lines?: readonly string[];
  };
  /** 'Purchase Order'. */
  title: string;
  /** Lines in bold under the title ('NOT YET A TAX INVOICE'). */
  notices?: readonly string[];
  /** The document number, or what stands for it before there is one ('Draft #12'). */
  number: string;
  /** The state as users read it ('Approved'). */
  status?: string;
  dateLines: { label: string; value: string }[];
  /** Blocks side by side under the letterhead: the vendor, where to deliver. */
  parties: { title: string; lines: string[] }[];
  /** `width` is a share of the table's width (default 1); amounts go `align: 'right'`. */
  columns: { key: string; label: string; align?: 'left' | 'right' | 'center'; width?: number }[];
  rows: Record<string, string>[];
  totals: { label: string; value: string }[];
  /** Beside the totals, one under another. */
  marks?: readonly PrintMark[];
  notes?: string;
  /** The heading over the notes ('Terms' on a quotation); 'Notes' by default. */
  notesTitle?: string;
  /** Framed blocks after the totals, for a person to fill in by hand: a delivery note's "Received by" (title, then its lines). */
  boxes?: readonly { title: string; lines: readonly string[] }[];
  /** Small print at the foot of every page. */
  footer?: string;
  /** The PDF's CreationDate: given, the same model renders the same bytes. */
  createdAt?: Date;
}

export interface RenderPdfOptions {
  /** Deflate the page contents (default). Tests turn it off to read the text. */
  compress?: boolean;
}

const page = { width: 595.28, height: 841.89, margin: 40 };
/** Later pages' top margin leaves room for the "continued" band drawn there at the end. */
const topMargin = 64;
/** Room at the foot of every page for the footer and "Page x of y". */
const bottomMargin = 56;
const contentWidth = page.width - 2 * page.margin;
const contentBottom = page.height - bottomMargin;
const cellPadding = { x: 4, y: 3 };
const fixedCreationDate = new Date(Date.UTC(2000, 0, 1));
const muted = '#555555';
const rule = '#bbbbbb';

type Doc = PDFKit.PDFDocument;
type Column = PrintableDocument['columns'][number];

const printableImage = (image: PrintImage | null | undefined) => (image && (image.mimeType === 'image/png' || image.mimeType === 'image/jpeg') ? image : undefined);

const openedImages = new WeakMap<Doc, Map<Uint8Array, { width: number; height: number }>>();

/**
 * The image at most `box` (never enlarged), or nothing when the bytes are not an image pdfkit can
 * read. Answers the size drawn (0 x 0 for nothing).
 */
function drawImage(doc: Doc, printed: PrintImage, x: number, y: number, box: { width: number; height: number }): { width: number; height: number } {
  try {
    // Opened once per file: all slips of a run share one embedded logo.
    const opened = openedImages.get(doc) ?? new Map<Uint8Array, { width: number; height: number }>();
    openedImages.set(doc, opened);
    const image = opened.get(printed.bytes) ?? (doc as unknown as { openImage(src: Buffer): { width: number; height: number } }).openImage(Buffer.from(printed.bytes));
    opened.set(printed.bytes, image);
    const scale = Math.min(box.width / image.width, box.height / image.height, 1);
    const size = { width: image.width * scale, height: image.height * scale };
    doc.image(image as never, x, y, size);
    return size;
  } catch {
    return { width: 0, height: 0 };
  }
}

type TextOptions = PDFKit.Mixins.TextOptions & { width: number };

const latinBold = 'Helvetica-Bold';
const arabicFont = { regular: 'NotoNaskhArabic', bold: 'NotoNaskhArabic-Bold' };

function registerArabicFonts(doc: Doc): void {
  doc.registerFont(arabicFont.regular, arabicFontBytes('regular'));
  doc.registerFont(arabicFont.bold, arabicFontBytes('bold'));
}

/** The Helvetica face in use, so Arabic runs take the same weight and the face comes back after them. */
const currentLatinFont = (doc: Doc): string => (doc as unknown as { _font: { name: string } })._font.name;

interface Faces {
  latin: string;
  arabic: string;
}

function facesOf(doc: Doc): Faces {
  const latin = currentLatinFont(doc);
  return { latin, arabic: latin === latinBold ? arabicFont.bold : arabicFont.regular };
}

/**
 * The pieces a run is drawn in, left to right, with their face. pdfkit shapes an embedded
 * font's text word by word and keeps the words in the order given, so a right-to-left run
 * goes word by word, last word first; its spaces take the Latin space's width.
 */
function pieces(run: TextRun): { face: keyof Faces; text: string }[] {
  if (run.face === 'latin') return [{ face: 'latin', text: winAnsiText(run.text) }];
  return run.text
    .split(/(\s+)/)
    .filter((token) => token !== '')
    .reverse()
    .map((token) => (/^\s+$/.test(token) ? { face: 'latin', text: token.replace(/\s/g, ' ') } : { face: 'arabic', text: token }));
}

function runWidth(doc: Doc, run: TextRun, faces: Faces): number {
  return pieces(run).reduce((total, piece) => total + doc.font(faces[piece.face]).widthOfString(piece.text), 0);
}

function lineWidth(doc: Doc, line: string, faces: Faces): number {
  return visualRuns(line).reduce((total, run) => total + runWidth(doc, run, faces), 0);
}

/**
 * Text with Arabic script, broken into lines by words in reading order (pdfkit's own wrapping
 * places the words of a line left to right, which reverses a right-to-left sentence), each
 * line then put in visual order.
 */
function bidiLines(doc: Doc, value: string, width: number, faces: Faces): string[] {
  const lines: string[] = [];
  for (const paragraph of value.split('\n')) {
    let line = '';
    for (const token of paragraph.split(/(\s+)/)) {
      const candidate = line + token;
      if (line.trim() && lineWidth(doc, candidate.trimEnd(), faces) > width) {
        lines.push(line.trimEnd());
        line = token.trimStart();
      } else line = candidate;
    }
    lines.push(line);
  }
  return lines;
}

function bidiLineHeight(doc: Doc, faces: Faces): number {
  const arabic = doc.font(faces.arabic).currentLineHeight(true);
  return Math.max(doc.font(faces.latin).currentLineHeight(true), arabic);
}

/**
 * Text in the standard Helvetica, whose WinAnsi glyphs cover the Latin names; text with
 * Arabic script (Urdu names and addresses) is laid out here: its Arabic runs in the embedded
 * Noto Naskh Arabic (shaped by fontkit), every run placed in bidirectional order.
 */
function drawText(doc: Doc, value: string, x: number, y: number, options: TextOptions): void {
  if (!hasArabicScript(value)) {
    doc.text(winAnsiText(value), x, y, options);
    return;
  }
  const faces = facesOf(doc);
  const lineHeight = bidiLineHeight(doc, faces);
  const lines = bidiLines(doc, value, options.width, faces);
  const shown = options.height === undefined ? lines : lines.slice(0, Math.max(1, Math.floor(options.height / lineHeight)));
  shown.forEach((line, index) => {
    const runs = visualRuns(line);
    const total = runs.reduce((sum, run) => sum + runWidth(doc, run, faces), 0);
    let left = options.align === 'right' ? x + options.width - total : options.align === 'center' ? x + (options.width - total) / 2 : x;
    for (const piece of runs.flatMap(pieces)) {
      doc.font(faces[piece.face]).text(piece.text, left, y + index * lineHeight, { lineBreak: false });
      left += doc.widthOfString(piece.text);
    }
  });
  doc.font(faces.latin);
}

/** The height drawText takes. */
function measureText(doc: Doc, value: string, options: TextOptions): number {
  if (!hasArabicScript(value)) return doc.heightOfString(winAnsiText(value), options);
  const faces = facesOf(doc);
  const height = bidiLines(doc, value, options.width, faces).length * bidiLineHeight(doc, faces);
  doc.font(faces.latin);
  return height;
}

function text(doc: Doc, value: string, x: number, y: number, options: TextOptions): number {
  const height = measureText(doc, value, options);
  drawText(doc, value, x, y, options);
  return height;
}

/** Company on the left (logo, else its name), title, number, status and dates on the right. Answers the y below. */
function drawLetterhead(doc: Doc, model: PrintableDocument): number {
  const left = page.margin;
  const half = contentWidth / 2;
  let y = page.margin;
  const logo = printableImage(model.company.logo);
  const logoHeight = logo ? drawImage(doc, logo, left, y, { width: 180, height: 54 }).height : 0;
  if (logoHeight > 0) y += logoHeight + 6;
  doc.font('Helvetica-Bold').fontSize(logoHeight > 0 ? 10 : 14).fillColor('black');
  y += text(doc, model.company.name, left, y, { width: half - 10 });
  doc.font('Helvetica').fontSize(8.5).fillColor(muted);
  for (const line of [model.company.address, model.company.phone && `Phone: ${model.company.phone}`, model.company.taxNumber && `Tax number: ${model.company.taxNumber}`, ...(model.company.lines ?? [])]) {
    if (line) y += text(doc, line, left, y, { width: half - 10 });
  }

  const right = left + half;
  let ry = page.margin;
  doc.font('Helvetica-Bold').fontSize(18).fillColor('black');
  ry += text(doc, model.title, right, ry, { width: half, align: 'right' }) + 2;
  doc.fontSize(11);
  for (const notice of model.notices ?? []) ry += text(doc, notice, right, ry, { width: half, align: 'right' }) + 2;
  ry += text(doc, model.number, right, ry, { width: half, align: 'right' }) + 2;
  doc.font('Helvetica').fontSize(9);
  const details = [...(model.status ? [{ label: 'Status', value: model.status }] : []), ...model.dateLines];
  for (const line of details) ry += text(doc, `${line.label}: ${line.value}`, right, ry, { width: half, align: 'right' });
  return Math.max(y, ry) + 14;
}

/** The parties side by side, each title bold over its lines. */
function drawParties(doc: Doc, parties: PrintableDocument['parties'], y: number): number {
  if (parties.length === 0) return y;
  const gap = 16;
  const width = (contentWidth - gap * (parties.length - 1)) / parties.length;
  let bottom = y;
  parties.forEach((party, index) => {
    const x = page.margin + index * (width + gap);
    let py = y;
    doc.font('Helvetica-Bold').fontSize(9).fillColor(muted);
    py += text(doc, party.title.toUpperCase(), x, py, { width }) + 2;
    doc.font('Helvetica').fontSize(9.5).fillColor('black');
    for (const line of party.lines) if (line) py += text(doc, line, x, py, { width, height: contentBottom - py });
    bottom = Math.max(bottom, py);
  });
  return bottom + 14;
}

function columnWidths(columns: readonly Column[]): number[] {
  const shares = columns.map((c) => (c.width !== undefined && c.width > 0 ? c.width : 1));
  const total = shares.reduce((a, b) => a + b, 0);
  return shares.map((share) => (contentWidth * share) / total);
}

function drawRow(doc: Doc, columns: readonly Column[], widths: readonly number[], cells: readonly string[], y: number, height: number): void {
  let x = page.margin;
  columns.forEach((column, index) => {
    const width = widths[index]!;
    // `height` makes pdfkit stop (with an ellipsis) rather than add a page of its own.
    drawText(doc, cells[index]!, x + cellPadding.x, y + cellPadding.y, { width: width - 2 * cellPadding.x, align: column.align ?? 'left', height: height - cellPadding.y, ellipsis: true });
    x += width;
  });
}

function rowHeight(doc: Doc, widths: readonly number[], cells: readonly string[], limit: number): number {
  const tallest = Math.max(...cells.map((cell, index) => measureText(doc, cell, { width: widths[index]! - 2 * cellPadding.x })));
  return Math.min(tallest + 2 * cellPadding.y, limit);
}

function drawTableHeader(doc: Doc, columns: readonly Column[], widths: readonly number[], y: number): number {
  doc.font('Helvetica-Bold').fontSize(8.5);
  const labels = columns.map((c) => c.label);
  const height = rowHeight(doc, widths, labels, contentBottom - y);
  doc.rect(page.margin, y, contentWidth, height).fill('#eeeeee');
  doc.fillColor('black');
  drawRow(doc, columns, widths, labels, y, height);
  return y + height;
}

/** The lines; a row that does not fit goes to a new page under the table's header again. */
function drawTable(doc: Doc, model: PrintableDocument, y: number): number {
  const { columns } = model;
  if (columns.length === 0) return y;
  const widths = columnWidths(columns);
  // A header alone at the foot of a page helps nobody: it moves with its first row.
  if (y + 48 > contentBottom) {
    doc.addPage();
    y = topMargin;
  }
  y = drawTableHeader(doc, columns, widths, y);
  const tallestRow = contentBottom - topMargin - 40;
  for (const row of model.rows) {
    const cells = columns.map((c) => row[c.key] ?? '');
    doc.font('Helvetica').fontSize(9);
    const height = rowHeight(doc, widths, cells, tallestRow);
    if (y + height > contentBottom) {
      doc.addPage();
      y = drawTableHeader(doc, columns, widths, topMargin);
      doc.font('Helvetica').fontSize(9);
    }
    doc.fillColor('black');
    drawRow(doc, columns, widths, cells, y, height);
    y += height;
    doc.moveTo(page.margin, y).lineTo(page.margin + contentWidth, y).lineWidth(0.5).strokeColor(rule).stroke();
  }
  return y + 8;
}

/** A QR code's side, 1 inch, and the light margin it needs around it to be read, in modules. */
const qrSide = 72;
const qrQuietModules = 4;
const markGap = 8;
const markCaption = { font: 'Helvetica-Bold', size: 9 } as const;
const markWidth = contentWidth * 0.5 - 10;

/** The QR code and its quiet zone: 4 modules of white outside the square. */
const qrFootprint = (qr: PrintMark['qr']) => (qr && qr.length > 0 ? qrSide + (2 * qrQuietModules * qrSide) / qr.length : 0);

function markHeight(doc: Doc, mark: PrintMark): number {
  doc.font(markCaption.font).fontSize(markCaption.size);
  const caption = measureText(doc, mark.caption, { width: markWidth });
  const image = printableImage(mark.image) ? qrSide : 0;
  const pictures = Math.max(qrFootprint(mark.qr), image);
  return caption + (pictures > 0 ? 4 + pictures : 0);
}

/**
 * The modules as filled squares in a 72 pt square at (x, y): drawn in module units under one
 * transform, so the content stream states the module's size once and each row's dark runs.
 */
function drawQr(doc: Doc, modules: readonly (readonly boolean[])[], x: number, y: number): void {
  const moduleSize = qrSide / modules.length;
  doc.save();
  doc.fillColor('black');
  doc.transform(moduleSize, 0, 0, moduleSize, x, y);
  modules.forEach((row, r) => {
    for (let c = 0; c < row.length; c += 1) {
      if (!row[c]) continue;
      const start = c;
      while (c + 1 < row.length && row[c + 1]) c += 1;
      doc.rect(start, r, c - start + 1, 1);
    }
  });
  doc.fill();
  doc.restore();
}

/** A mark at (x, y): its caption, then the QR code inside its quiet zone and the image beside it. Answers the y below. */
function drawMark(doc: Doc, mark: PrintMark, x: number, y: number): number {
  doc.font(markCaption.font).fontSize(markCaption.size).fillColor('black');
  y += text(doc, mark.caption, x, y, { width: markWidth }) + 4;
  const footprint = qrFootprint(mark.qr);
  if (mark.qr && footprint > 0) drawQr(doc, mark.qr, x + (footprint - qrSide) / 2, y + (footprint - qrSide) / 2);
  const image = printableImage(mark.image);
  // Level with the QR code's square, past its quiet zone.
  const drawn = image ? drawImage(doc, image, x + (footprint > 0 ? footprint + markGap : 0), y + (footprint > 0 ? (footprint - qrSide) / 2 : 0), { width: qrSide, height: qrSide }) : { height: 0 };
  const pictures = Math.max(footprint, drawn.height);
  return y + pictures;
}

/**
 * Label and amount pairs at the right, kept together, the last one bold (the grand total); the
 * marks at the left beside them, on the same page.
 */
function drawTotals(doc: Doc, totals: PrintableDocument['totals'], marks: readonly PrintMark[], y: number): number {
  if (totals.length === 0 && marks.length === 0) return y;
  const lineHeight = 15;
  const marksHeight = marks.reduce((sum, mark, index) => sum + (index > 0 ? 10 : 0) + markHeight(doc, mark), 0);
  if (y + Math.max(totals.length * lineHeight, marksHeight) > contentBottom) {
    doc.addPage();
    y = topMargin;
  }
  let my = y;
  marks.forEach((mark, index) => {
    my = drawMark(doc, mark, page.margin, my + (index > 0 ? 10 : 0));
  });
  const labelX = page.margin + contentWidth * 0.5;
  const width = contentWidth * 0.25;
  totals.forEach((total, index) => {
    doc.font(index === totals.length - 1 ? 'Helvetica-Bold' : 'Helvetica').fontSize(10).fillColor('black');
    text(doc, total.label, labelX, y, { width, align: 'right', lineBreak: false });
    text(doc, total.value, labelX + width, y, { width, align: 'right', lineBreak: false });
    y += lineHeight;
  });
  return Math.max(y, my) + 10;
}

/** Each box framed, its title in bold over its lines, side by side when there are several; answers the y below. */
function drawBoxes(doc: Doc, boxes: PrintableDocument['boxes'], y: number): number {
  if (!boxes?.length) return y;
  const gap = 12;
  const width = (contentWidth - gap * (boxes.length - 1)) / boxes.length;
  const lineHeight = 18;
  const height = 22 + Math.max(...boxes.map((box) => box.lines.length)) * lineHeight + 6;
  if (y + height > contentBottom) {
    doc.addPage();
    y = topMargin;
  }
  boxes.forEach((box, index) => {
    const x = page.margin + index * (width + gap);
    doc.lineWidth(0.8).strokeColor(rule).rect(x, y, width, height).stroke();
    doc.font('Helvetica-Bold').fontSize(9.5).fillColor('black');
    text(doc, box.title, x + 8, y + 7, { width: width - 16 });
    doc.font('Helvetica').fontSize(9).fillColor('black');
    box.lines.forEach((line, lineIndex) => text(doc, line, x + 8, y + 26 + lineIndex * lineHeight, { width: width - 16 }));
  });
  return y + height + 10;
}

/** The notes flow onto further pages if long (pdfkit breaks them at the bottom margin). */
function drawNotes(doc: Doc, notes: string | undefined, y: number, title = 'Notes'): void {
  if (!notes?.trim()) return;
  if (y + 40 > contentBottom) {
    doc.addPage();
    y = topMargin;
  }
  doc.font('Helvetica-Bold').fontSize(9).fillColor(muted);
  y += text(doc, title.toUpperCase(), page.margin, y, { width: contentWidth }) + 2;
  doc.font('Helvetica').fontSize(9.5).fillColor('black');
  drawText(doc, notes.trim(), page.margin, y, { width: contentWidth });
}

/** Drawn on every page of a document (pages `start` to `start + count - 1`) at the end, once its page count is known. */
function drawPageFurniture(doc: Doc, model: PrintableDocument, start: number, count: number): void {
  for (let index = start; index < start + count; index += 1) {
    doc.switchToPage(index);
    // Writing inside the bottom margin would otherwise make pdfkit start another page.
    doc.page.margins.bottom = 0;
    doc.font('Helvetica').fontSize(8).fillColor(muted);
    if (index > start) text(doc, `${model.title} ${model.number} (continued)`, page.margin, page.margin - 4, { width: contentWidth, lineBreak: false });
    const footY = page.height - page.margin;
    if (model.footer) text(doc, model.footer, page.margin, footY - 12, { width: contentWidth * 0.75, height: 20, ellipsis: true });
    text(doc, `Page ${index - start + 1} of ${count}`, page.margin, footY, { width: contentWidth, align: 'right', lineBreak: false });
  }
}

/**
 * An A4 PDF of a document in pdfkit's standard Helvetica, with Noto Naskh Arabic embedded
 * (subset) for Arabic-script text: letterhead,
 * parties, the lines with their header repeated on each page, totals, notes, "Page x of y".
 */
export async function renderDocumentPdf(model: PrintableDocument, options: RenderPdfOptions = {}): Promise<Buffer> {
  return renderDocumentsPdf([model], options);
}

/**
 * Several documents in one PDF (all pay slips of a run), each starting on a page of its own
 * with its own "Page x of y"; the file's title is the first one's.
 */
export async function renderDocumentsPdf(models: readonly PrintableDocument[], options: RenderPdfOptions & { title?: string } = {}): Promise<Buffer> {
  const first = models[0];
  if (!first) throw new Error('Nothing to print');
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: topMargin, bottom: bottomMargin, left: page.margin, right: page.margin },
    bufferPages: true,
    compress: options.compress ?? true,
    info: { Title: winAnsiText(options.title ?? `${first.title} ${first.number}`), Author: winAnsiText(first.company.name), CreationDate: first.createdAt ?? fixedCreationDate },
  });
  registerArabicFonts(doc);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const ranges: { model: PrintableDocument; start: number; count: number }[] = [];
  models.forEach((model, index) => {
    if (index > 0) doc.addPage();
    const start = doc.bufferedPageRange().count - 1;
    let y = drawLetterhead(doc, model);
    y = drawParties(doc, model.parties, y);
    y = drawTable(doc, model, y);
    y = drawTotals(doc, model.totals, model.marks ?? [], y);
    y = drawBoxes(doc, model.boxes, y);
    drawNotes(doc, model.notes, y, model.notesTitle);
    ranges.push({ model, start, count: doc.bufferedPageRange().count - start });
  });
  for (const range of ranges) drawPageFurniture(doc, range.model, range.start, range.count);
  doc.end();
  return done;
}
