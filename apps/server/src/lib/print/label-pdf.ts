import PDFDocument from 'pdfkit';
import { winAnsiText } from './win-ansi.ts';

/**
 * A small label as it prints, one a page (a label printer's roll): a code's image at the top
 * left, lines beside it, a caption under it across the label. No business knowledge: GS1's
 * labels of relabelled lots are the first (modules/gs1/gs1-labels.service.ts).
 */
export interface PrintableLabel {
  /** The page, in millimetres. */
  size: { width: number; height: number };
  /** A PNG, drawn as a square of `codeSize` millimetres. */
  code: { png: Uint8Array; size: number };
  /** Beside the code, each at most `maxLines` lines (the first in bold). */
  lines: readonly string[];
  /**
   * Under the code, across the label: pieces written one after another with nothing between them,
   * broken into lines only between pieces (a human-readable element string between its elements),
   * and a piece wider than the label shrunk to fit.
   */
  caption: readonly string[];
  /** The PDF's title. */
  title: string;
}

const pointsPerMillimetre = 72 / 25.4;
const margin = 2 * pointsPerMillimetre;
const gap = 1.5 * pointsPerMillimetre;
const captionSize = 6;
const lineSize = { first: 7, other: 6 };
/** How many lines a text beside the code may take before it is cut with an ellipsis. */
const maxLines = 3;
const fixedCreationDate = new Date(Date.UTC(2000, 0, 1));

/** The caption's pieces packed into as few lines as fit `width`, in order. */
function captionLines(doc: PDFKit.PDFDocument, pieces: readonly string[], width: number): string[] {
  doc.font('Helvetica').fontSize(captionSize);
  const lines: string[] = [];
  let line = '';
  for (const piece of pieces.map(winAnsiText)) {
    if (line !== '' && doc.widthOfString(line + piece) > width) {
      lines.push(line);
      line = '';
    }
    line += piece;
  }
  if (line !== '') lines.push(line);
  return lines;
}

/** `copies` pages of the same label in one PDF, the code's image embedded once. */
export async function renderLabelsPdf(label: PrintableLabel, copies: number): Promise<Buffer> {
  const width = label.size.width * pointsPerMillimetre;
  const height = label.size.height * pointsPerMillimetre;
  const doc = new PDFDocument({ size: [width, height], margin: 0, autoFirstPage: false, info: { Title: winAnsiText(label.title), CreationDate: fixedCreationDate } });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  // Opened once: every page draws the same image object.
  const image = (doc as unknown as { openImage(src: Buffer): unknown }).openImage(Buffer.from(label.code.png));
  const codeSize = label.code.size * pointsPerMillimetre;
  const besideX = margin + codeSize + gap;
  const besideWidth = width - besideX - margin;
  const captionWidth = width - 2 * margin;
  for (let copy = 0; copy < copies; copy += 1) {
    doc.addPage({ size: [width, height], margin: 0 });
    doc.image(image as never, margin, margin, { width: codeSize, height: codeSize });
    let y = margin;
    label.lines.forEach((line, index) => {
      doc.font(index === 0 ? 'Helvetica-Bold' : 'Helvetica').fontSize(index === 0 ? lineSize.first : lineSize.other);
      const options = { width: besideWidth, height: doc.currentLineHeight(true) * maxLines, ellipsis: true };
      const text = winAnsiText(line);
      doc.text(text, besideX, y, options);
      y += Math.min(doc.heightOfString(text, options), options.height) + 1;
    });
    let captionY = margin + codeSize + gap / 2;
    for (const line of captionLines(doc, label.caption, captionWidth)) {
      const size = Math.min(captionSize, (captionSize * captionWidth) / doc.fontSize(captionSize).widthOfString(line));
      doc.fontSize(size).text(line, margin, captionY, { width: captionWidth, lineBreak: false });
      captionY += doc.currentLineHeight(true);
    }
  }
  doc.end();
  return done;
}
