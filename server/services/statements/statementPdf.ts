import PDFDocument from 'pdfkit';
import { lagosDateTime } from '../../../core/days';
import { koboText, type Statement } from './ledgerStatement';

/**
 * A statement as PDF (pdfkit: see the README's architecture notes for why): the holder and the
 * period, the four totals, then every ledger entry with its running balance, on as many A4
 * pages as it takes, the column heads repeated on each. The standard PDF fonts carry no ₦,
 * so amounts are written NGN.
 */

const MARGIN = 40;
const COLUMNS = [
  { head: 'Date (Lagos)', width: 78, align: 'left' },
  { head: 'Description', width: 179, align: 'left' },
  { head: 'Reference', width: 90, align: 'left' },
  { head: 'Money out', width: 56, align: 'right' },
  { head: 'Money in', width: 56, align: 'right' },
  { head: 'Balance', width: 56, align: 'right' },
] as const;
const GAP = 0;
const INK = '#1a1a1a';
const MUTED = '#5f6b66';
const BRAND = '#0a7a4f';

/** What the standard fonts cannot draw becomes text they can: ₦ as NGN, anything else outside Latin-1 as '?'. */
const drawable = (text: string) => text.replace(/₦/g, 'NGN ').replace(/[^\n\x20-\x7E\xA0-\xFF]/g, '?');

const ngn = (kobo: bigint) => {
  const [whole, fraction] = koboText(kobo).split('.');
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${fraction}`;
};

export function statementPdf(statement: Statement): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: {
      Title: `Naira Wallet statement ${statement.from} to ${statement.to}`,
      Author: 'Naira Wallet',
      CreationDate: statement.generatedAt,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.fillColor(BRAND).font('Helvetica-Bold').fontSize(18).text('Naira Wallet');
  doc.fillColor(INK).fontSize(13).text('Wallet statement');
  doc.moveDown(0.5).font('Helvetica').fontSize(10);
  doc.text(drawable(statement.holder.name));
  doc.fillColor(MUTED).text(statement.holder.email);
  doc.text(`Period: ${statement.from} to ${statement.to} (Lagos time)`);
  doc.text(`Generated: ${lagosDateTime(statement.generatedAt)}`);
  doc.moveDown();

  const totals: [string, bigint][] = [
    ['Opening balance', statement.openingKobo],
    ['Money in', statement.creditsKobo],
    ['Money out', statement.debitsKobo],
    ['Closing balance', statement.closingKobo],
  ];
  for (const [name, kobo] of totals) {
    const y = doc.y;
    doc.fillColor(MUTED).font('Helvetica').text(name, MARGIN, y, { width: 200 });
    doc.fillColor(INK).font('Helvetica-Bold').text(`NGN ${ngn(kobo)}`, MARGIN + 200, y, { width: 150, align: 'right' });
  }
  doc.moveDown();

  const bottom = doc.page.height - MARGIN;
  const drawRow = (cells: string[], font: string, color: string) => {
    doc.font(font).fontSize(8.5).fillColor(color);
    const height = Math.max(...cells.map((text, i) => doc.heightOfString(text, { width: COLUMNS[i].width - 4 })));
    if (doc.y + height > bottom) {
      doc.addPage();
      drawHead();
      doc.font(font).fontSize(8.5).fillColor(color);
    }
    const y = doc.y;
    let x = MARGIN;
    cells.forEach((text, i) => {
      doc.text(text, x, y, { width: COLUMNS[i].width - 4, align: COLUMNS[i].align });
      x += COLUMNS[i].width + GAP;
    });
    doc.x = MARGIN;
    doc.y = y + height + 4;
  };
  const drawHead = () => {
    drawRow(
      COLUMNS.map((column) => column.head),
      'Helvetica-Bold',
      INK,
    );
    doc.moveTo(MARGIN, doc.y - 2).lineTo(doc.page.width - MARGIN, doc.y - 2).strokeColor(MUTED).lineWidth(0.5).stroke();
  };

  drawHead();
  if (statement.lines.length === 0) drawRow(['', 'No money moved in this period.', '', '', '', ''], 'Helvetica', MUTED);
  for (const line of statement.lines) {
    drawRow(
      [
        lagosDateTime(line.at),
        drawable(line.description),
        drawable(line.reference),
        line.amountKobo < 0n ? ngn(-line.amountKobo) : '',
        line.amountKobo > 0n ? ngn(line.amountKobo) : '',
        ngn(line.balanceKobo),
      ],
      'Helvetica',
      INK,
    );
  }
  doc.end();
  return done;
}
