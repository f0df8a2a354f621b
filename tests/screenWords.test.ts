import { globSync, readFileSync } from 'node:fs';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * No text a customer reads bypasses the translator: the screens' text, their accessible names and
 * hints, and the messages their flows toast are `/*i18n*\/ { id, message }` literals said through
 * it (src/ui/kit/language.ts), never English written straight into the page. What this finds, by
 * reading the code's syntax:
 * - text between a screen's tags that holds a letter;
 * - a quoted string with a letter given to an attribute a person reads (`aria-label`, `title`,
 *   `placeholder`, `alt`, a field's `label`…) or placed between tags as `{'…'}`;
 * - a flow's or a view's `message: '…'` outside a Words literal (one with an `id`);
 * - a quoted string with a letter given to a page's title or to a toast (SAYING_CALLS).
 */

/** Attributes and props whose value is read or heard by the customer. */
const READ_ATTRIBUTES = new Set([
  'aria-label',
  'aria-description',
  'aria-roledescription',
  'aria-valuetext',
  'title',
  'subtitle',
  'placeholder',
  'alt',
  'label',
  'hint',
  'heading',
  'description',
  'text',
  'confirmLabel',
  'cancelLabel',
  'busyLabel',
]);

/**
 * The screens that speak English in every language. The list only shrinks: a file here that no
 * longer bypasses the translator fails the test until removed.
 */
const STILL_ENGLISH = new Set<string>([
  // The terms and the privacy policy are English in every language (a line in the reader's
  // language says so): a legal text is binding as written, and a translation would be a second one.
  'src/ui/site/LegalDocument.tsx',
  'src/ui/site/PolicyScreen.tsx',
  'src/ui/site/TermsScreen.tsx',
]);

/** Calls whose quoted arguments the customer reads: a page's title, a toast. */
const SAYING_CALLS = new Set(['useDocumentTitle', 'showToast']);

const TOAST_LEVELS = new Set(['error', 'success', 'info']);
/** Names, the same in every language. */
const NAMES = new Set(['Naira Wallet']);
const HAS_LETTER = /[A-Za-z]/;

interface Bypass {
  line: number;
  text: string;
}

/** The quoted strings an expression can come out as: itself, either side of a choice, a fallback. */
function spoken(expression: ts.Expression | undefined): ts.StringLiteralLike[] {
  if (!expression) return [];
  if (ts.isStringLiteralLike(expression)) return [expression];
  if (ts.isParenthesizedExpression(expression)) return spoken(expression.expression);
  if (ts.isConditionalExpression(expression)) return [...spoken(expression.whenTrue), ...spoken(expression.whenFalse)];
  if (ts.isBinaryExpression(expression)) {
    const operator = expression.operatorToken.kind;
    if (operator === ts.SyntaxKind.AmpersandAmpersandToken) return spoken(expression.right);
    if (operator === ts.SyntaxKind.BarBarToken || operator === ts.SyntaxKind.QuestionQuestionToken)
      return [...spoken(expression.left), ...spoken(expression.right)];
  }
  return [];
}

const bypassesIn = (file: string): Bypass[] => bypassesOf(file, readFileSync(file, 'utf8'));

function bypassesOf(file: string, text: string): Bypass[] {
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const found: Bypass[] = [];
  const report = (node: ts.Node, text: string) =>
    found.push({
      line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1,
      text: text.trim().slice(0, 60),
    });
  /** The quoted strings with a letter that `node` hands the customer as they are. */
  const bypassing = (node: ts.Node): readonly ts.Node[] => {
    if (ts.isJsxText(node)) return HAS_LETTER.test(node.text) && !NAMES.has(node.text.trim()) ? [node] : [];
    if (ts.isJsxAttribute(node) && node.initializer && READ_ATTRIBUTES.has(node.name.getText(source))) {
      const value = node.initializer;
      return ts.isStringLiteral(value) ? [value] : ts.isJsxExpression(value) ? spoken(value.expression) : [];
    }
    if (ts.isJsxExpression(node) && !ts.isJsxAttribute(node.parent)) return spoken(node.expression);
    if (ts.isPropertyAssignment(node) && node.name.getText(source) === 'message') {
      const isWords = node.parent.properties.some((property) => property.name?.getText(source) === 'id');
      return !isWords && ts.isStringLiteralLike(node.initializer) ? [node.initializer] : [];
    }
    if (ts.isCallExpression(node) && SAYING_CALLS.has(node.expression.getText(source)))
      return node.arguments.filter(ts.isStringLiteralLike).filter((argument) => !TOAST_LEVELS.has(argument.text));
    return [];
  };
  const visit = (node: ts.Node): void => {
    for (const found of bypassing(node)) {
      const text = ts.isJsxText(found) ? found.text : (found as ts.StringLiteralLike).text;
      if (HAS_LETTER.test(text)) report(found, text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The customer's app: its screens and its flows (the operator console is for staff, in English). */
const files = globSync('src/{ui,machines}/**/*.{ts,tsx}')
  .filter((file) => !/\/console\//.test(file))
  .sort();

describe('the screens say their words through the translator', () => {
  it('finds the files it reads', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(files).toContain('src/ui/site/LandingScreen.tsx');
  });

  it.each(files.filter((file) => !STILL_ENGLISH.has(file)))('%s', (file) => {
    expect(bypassesIn(file)).toEqual([]);
  });

  it.each([...STILL_ENGLISH])('%s is still English, as the list says', (file) => {
    expect(bypassesIn(file).length).toBeGreaterThan(0);
  });

  it('catches what it is written to catch, and lets the translated words be', () => {
    const probe = `
      const words = /*i18n*/ { id: 'probe.ok', message: 'Said through the translator' };
      export const Probe = () => (
        <div>
          <button type="button">Pay now</button>
          <button type="button" aria-label="Close the dialog">{t(words)}</button>
          <Field label={'Phone number'} name="phone" />
          {'Welcome'}
          {'…'}
          {busy ? 'Saving…' : ''}
          <p title={open && 'Details'} className={open ? 'is-open' : 'shut'} />
        </div>
      );
      const failed = { level: 'error', message: 'Something failed' };
      useDocumentTitle('Dashboard');
      showToast('error', 'No receipt');
    `;
    expect(bypassesOf('probe.tsx', probe).map((bypass) => bypass.text)).toEqual([
      'Pay now',
      'Close the dialog',
      'Phone number',
      'Welcome',
      'Saving…',
      'Details',
      'Something failed',
      'Dashboard',
      'No receipt',
    ]);
  });
});
