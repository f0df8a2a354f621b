import { expect } from 'vitest';

/** The classes of each font blank (src/ui/kit/FontOf.tsx) a placeholder holds, in order. */
export const fontBlanksIn = (placeholder: Element): string[] =>
  [...placeholder.querySelectorAll('.skeleton-font')].map((blank) => blank.className.replace('skeleton-font ', ''));

/**
 * Each blank stands for text the answer draws in the same classes (or at `selectorOf`'s selector):
 * a blank whose text went away would only make the page's first layout longer.
 */
export function expectEachBlankDrawn(
  blanks: string[],
  selectorOf = (classes: string) => `.${classes.replaceAll(' ', '.')}`,
): void {
  expect(document.querySelectorAll('.skeleton-font')).toHaveLength(0);
  for (const classes of blanks)
    expect(document.querySelector(selectorOf(classes))?.textContent?.trim(), classes).toBeTruthy();
}
