import PDFDocument from 'pdfkit';
import { lagosDateTime } from '../../../../core/days';
import { koboText, type StatementHeader, type StatementLine } from './ledgerStatement';
import { drawable, type StatementWords } from './statementWords';

/**
 * A statement as PDF (pdfkit, why: docs/architecture.md, "Statements"): the holder and the
 * period, the four totals, then every ledger entry with its running balance, on as many A4
 * pages as it takes, the column heads repeated on each. The standard PDF fonts carry no ₦,
 * so amounts are written NGN. Drawn a page of entries at a time, in a worker thread
 * (pdfWorker.ts): pdfkit hands out each finished part of the file as it goes.
 */

const MARGIN = 40;
/**
 * Only the description and the reference may wrap: the other cells are one line, so only those two
 * are measured (a statement has up to 100,000 rows). The heads are the statement's words.
 */
const COLUMNS = [
  { head: 'date', width: 78, align: 'left', wraps: false },
  { head: 'description', width: 179, align: 'left', wraps: true },
  { head: 'reference', width: 90, align: 'left', wraps: true },
  { head: 'moneyOut', width: 56, align: 'right', wraps: false },
  { head: 'moneyIn', width: 56, align: 'right', wraps: false },
  { head: 'balance', width: 56, align: 'right', wraps: false },
] as const;
const FONT_SIZE = 8.5;
const INK = '#1a1a1a';
const MUTED = '#5f6b66';
const BRAND = '#0a7a4f';

const ngn = (kobo: bigint) => {
  const [whole, fraction] = koboText(kobo).split('.');
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${fraction}`;
};

export interface StatementPdf {
  /** Draws the next entries. */
  draw(lines: StatementLine[]): void;
  /** Finishes the document; resolves once its last bytes were handed out. */
  end(): Promise<void>;
}

/**
 * Starts the document (holder, period, totals, column heads); every part of the file goes to
 * `write` as pdfkit finishes it.
 */
export function startStatementPdf(
  header: StatementHeader,
  words: StatementWords,
  write: (chunk: Buffer) => void,
): StatementPdf {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: {
      Title: `Naira Wallet statement ${header.from} to ${header.to}`,
      Author: 'Naira Wallet',
      CreationDate: header.generatedAt,
    },
  });
  doc.on('data', write);
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  drawTitle(doc, header, words);

  const bottom = doc.page.height - MARGIN;
  let drawnAny = false;
  const drawRow = (cells: string[], font: string, color: string) => {
    doc.font(font).fontSize(FONT_SIZE).fillColor(color);
    const oneLine = doc.currentLineHeight(true);
    const height = Math.max(
      oneLine,
      ...cells.map((text, i) =>
        COLUMNS[i].wraps && text ? doc.heightOfString(text, { width: COLUMNS[i].width - 4 }) : oneLine,
      ),
    );
    if (doc.y + height > bottom) {
      doc.addPage();
      drawHead();
      doc.font(font).fontSize(FONT_SIZE).fillColor(color);
    }
    const y = doc.y;
    let x = MARGIN;
    cells.forEach((text, i) => {
      if (text) doc.text(text, x, y, { width: COLUMNS[i].width - 4, align: COLUMNS[i].align });
      x += COLUMNS[i].width;
    });
    doc.x = MARGIN;
    doc.y = y + height + 4;
  };
  const drawHead = () => {
    drawRow(
      COLUMNS.map((column) => drawable(words.columns[column.head])),
      'Helvetica-Bold',
      INK,
    );
    doc
      .moveTo(MARGIN, doc.y - 2)
      .lineTo(doc.page.width - MARGIN, doc.y - 2)
      .strokeColor(MUTED)
      .lineWidth(0.5)
      .stroke();
  };
  drawHead();

  return {
    draw(lines) {
      for (const line of lines) {
        drawnAny = true;
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
    },
    end() {
      if (!drawnAny) drawRow(['', drawable(words.nothingMoved), '', '', '', ''], 'Helvetica', MUTED);
      doc.end();
      return ended;
    },
  };
}

function drawTitle(doc: PDFKit.PDFDocument, header: StatementHeader, words: StatementWords) {
  doc.fillColor(BRAND).font('Helvetica-Bold').fontSize(18).text('Naira Wallet');
  doc.fillColor(INK).fontSize(13).text(drawable(words.title));
  doc.moveDown(0.5).font('Helvetica').fontSize(10);
  doc.text(drawable(header.holder.name));
  doc.fillColor(MUTED).text(header.holder.email);
  doc.text(drawable(words.period));
  doc.text(drawable(words.generated));
  doc.moveDown();
  const totals: [string, bigint][] = [
    [words.opening, header.openingKobo],
    [words.moneyIn, header.creditsKobo],
    [words.moneyOut, header.debitsKobo],
    [words.closing, header.closingKobo],
  ];
  for (const [name, kobo] of totals) {
    const y = doc.y;
    doc.fillColor(MUTED).font('Helvetica').text(drawable(name), MARGIN, y, { width: 200 });
    doc
      .fillColor(INK)
      .font('Helvetica-Bold')
      .text(`NGN ${ngn(kobo)}`, MARGIN + 200, y, { width: 150, align: 'right' });
  }
  doc.moveDown();
}
