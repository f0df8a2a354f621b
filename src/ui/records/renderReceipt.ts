import type { Transaction } from '../../../core/contract';
import { formatDateTime } from '../../domain/kit/dateTime';
import { formatNaira } from '../../../core/money';
import { transactionFacts } from '../../domain/records/transactionDetails';
import { STATUS_LOOK, STATUS_WORDS, type StatusColour } from '../../domain/records/transactionStatus';
import { t } from '../kit/language';

// A receipt as a PNG, drawn on a canvas: no PDF library to download, and an image opens and
// shares on every phone. Loaded only when a user asks for one (TransactionDetail), and written in
// the language the app speaks then.

const WIDTH = 640;
const PADDING = 40;
const SCALE = 2;
const FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', Arial, sans-serif";
const MONO = "ui-monospace, 'SFMono-Regular', Menlo, Consolas, monospace";

// The light palette of global.css; a receipt is paper, whatever the screen's colour scheme.
const INK = '#101816';
const MUTED = '#4a5752';
const RULE = '#dce3df';
const BRAND = '#008751';
const TINT = '#e7f4ed';
const STATUS_INK: Record<StatusColour, string> = {
  orange: '#c2410c',
  yellow: '#a16207',
  green: '#00703f',
  gray: '#4b5563',
};

type Draw = (context: CanvasRenderingContext2D, top: number) => void;

/**
 * Splits text into lines no wider than `width`; a word too long for a line (a token, a reference)
 * is broken by character.
 */
function wrap(context: CanvasRenderingContext2D, text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (context.measureText(candidate).width <= width) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    line = '';
    for (const character of word) {
      if (context.measureText(line + character).width > width && line) {
        lines.push(line);
        line = '';
      }
      line += character;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** Lays the receipt out top to bottom: each block knows its height and how to draw itself. */
function layout(
  measure: CanvasRenderingContext2D,
  transaction: Transaction,
  printedAt: Date,
): { height: number; blocks: [number, Draw][] } {
  const blocks: [number, Draw][] = [];
  let y = 0;
  const add = (height: number, draw: Draw) => {
    blocks.push([y, draw]);
    y += height;
  };
  const inner = WIDTH - 2 * PADDING;
  const look = STATUS_LOOK[transaction.status];

  add(96, (c, top) => {
    c.fillStyle = BRAND;
    c.fillRect(0, top, WIDTH, 96);
    c.fillStyle = '#ffffff';
    c.font = `800 26px ${FONT}`;
    c.fillText('₦ Naira Wallet', PADDING, top + 44);
    c.font = `500 16px ${FONT}`;
    c.fillText(t(/*i18n*/ { id: 'txn.receipt.title', message: 'Transaction receipt' }), PADDING, top + 72);
  });
  add(128, (c, top) => {
    c.textAlign = 'center';
    c.fillStyle = INK;
    c.font = `700 40px ${FONT}`;
    c.fillText(formatNaira(transaction.amount), WIDTH / 2, top + 72);
    c.fillStyle = STATUS_INK[look.colour];
    c.font = `700 18px ${FONT}`;
    c.fillText(t(STATUS_WORDS[transaction.status]), WIDTH / 2, top + 106);
    c.textAlign = 'start';
  });

  if (transaction.display_value) {
    measure.font = `700 22px ${MONO}`;
    const lines = wrap(measure, transaction.display_value, inner - 32);
    const height = 56 + lines.length * 30;
    add(height + 24, (c, top) => {
      c.fillStyle = TINT;
      c.fillRect(PADDING, top, inner, height);
      c.fillStyle = MUTED;
      c.font = `600 15px ${FONT}`;
      c.fillText(
        transaction.display_name || t(/*i18n*/ { id: 'txn.detail.details', message: 'Details' }),
        PADDING + 16,
        top + 30,
      );
      c.fillStyle = INK;
      c.font = `700 22px ${MONO}`;
      lines.forEach((line, index) => c.fillText(line, PADDING + 16, top + 62 + index * 30));
    });
  }

  measure.font = `500 17px ${FONT}`;
  for (const [name, value] of transactionFacts(transaction, t)) {
    const lines = wrap(measure, value, inner * 0.62);
    const height = Math.max(1, lines.length) * 24 + 24;
    add(height, (c, top) => {
      c.strokeStyle = RULE;
      c.beginPath();
      c.moveTo(PADDING, top + 0.5);
      c.lineTo(WIDTH - PADDING, top + 0.5);
      c.stroke();
      c.fillStyle = MUTED;
      c.font = `500 16px ${FONT}`;
      c.fillText(name, PADDING, top + 30);
      c.fillStyle = INK;
      c.font = `500 17px ${FONT}`;
      c.textAlign = 'end';
      lines.forEach((line, index) => c.fillText(line, WIDTH - PADDING, top + 30 + index * 24));
      c.textAlign = 'start';
    });
  }

  add(88, (c, top) => {
    c.fillStyle = MUTED;
    c.font = `400 14px ${FONT}`;
    c.fillText(
      t(
        /*i18n*/ { id: 'txn.receipt.printed', message: 'Printed {time}. Keep this receipt for your records.' },
        { time: formatDateTime(printedAt) },
      ),
      PADDING,
      top + 48,
    );
  });
  return { height: y, blocks };
}

/** Draws the receipt of `transaction` and saves it as receipt-<reference>.png. */
export async function downloadReceipt(transaction: Transaction, printedAt = new Date()): Promise<void> {
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d');
  if (!context) throw new Error('This browser cannot draw the receipt.');
  const { height, blocks } = layout(context, transaction, printedAt);
  // Resizing the canvas resets its drawing state, so the size is set before anything is drawn.
  canvas.width = WIDTH * SCALE;
  canvas.height = height * SCALE;
  context.scale(SCALE, SCALE);
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, WIDTH, height);
  context.textBaseline = 'alphabetic';
  for (const [top, draw] of blocks) draw(context, top);

  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
  if (!blob) throw new Error('This browser cannot save the receipt.');
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `receipt-${transaction.reference.replace(/[^\w.-]+/g, '_') || transaction.id}.png`;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the blob after click() returns; freeing it later costs nothing.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
