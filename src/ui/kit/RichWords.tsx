import { Fragment, type ReactNode } from 'react';
import type { Words } from '../../../core/i18n/words';
import { useT } from './language';

/** Characters of Unicode's private use area: no translation nor value holds them. */
const FIRST_MARK = 0xe000;

/**
 * Words whose placeholders hold elements (a link, an address in bold): each language puts them
 * where its sentence wants them. The words are translated with a mark in each placeholder, and
 * the marks are then replaced by the elements.
 */
export function RichWords({ words, parts }: { words: Words; parts: Readonly<Record<string, ReactNode>> }) {
  const t = useT();
  const names = Object.keys(parts);
  const marks = Object.fromEntries(names.map((name, index) => [name, String.fromCharCode(FIRST_MARK + index)]));
  const pieces = t(words, marks).split(/([\uE000-\uF8FF])/);
  return (
    <>
      {pieces.map((piece, index) => {
        const name = names[piece.charCodeAt(0) - FIRST_MARK];
        return index % 2 === 1 && name !== undefined ? <Fragment key={index}>{parts[name]}</Fragment> : piece;
      })}
    </>
  );
}
