/** A character no message holds (Unicode's private use area), standing in for the value drawn apart. */
const SLOT = '\uE000';

/**
 * A translated sentence cut where one of its values goes, so the view can draw that value in an
 * element of its own (an address in bold) wherever the language puts it in the sentence.
 * `say` translates the sentence with the value it is given for that placeholder.
 */
export function splitAround(say: (slot: string) => string): [before: string, after: string] {
  const [before = '', after = ''] = say(SLOT).split(SLOT);
  return [before, after];
}
