/**
 * A blank in the font of the text of `className`: nothing to see, but a line the browser lays out
 * in that font. Each size, weight and family of text is a font the browser sets up the first time
 * it lays one out (on Linux a round trip to the browser process each, more for a family it has to
 * fall back from), and on a slow phone that set-up made the frame that draws an answer the longest
 * task after the page had painted. A placeholder that holds a blank of each font its answer brings
 * has them set up with the page's first layout, before it paints. Once a page is enough: in every
 * placeholder they would make that first layout longer.
 */
export const FontOf = ({ className }: { className: string }) => (
  <span className={`skeleton-font ${className}`}>{'\u00a0'}</span>
);

/** A blank in each font of `classNames`, in a placeholder line that stands for several texts. */
export const FontsOf = ({ classNames }: { classNames: string[] }) => (
  <>
    {classNames.map((className) => (
      <FontOf key={className} className={className} />
    ))}
  </>
);
