/**
 * Tells `listener` whether the page is shown: once at once, then at every change (the document's
 * visibilitychange). A page is hidden in a background tab, a minimised window, behind another app
 * or on a locked phone; a page still being prerendered counts as shown.
 */
export function watchVisibility(listener: (visible: boolean) => void): () => void {
  if (typeof document === 'undefined') return () => undefined;
  const changed = () => listener(document.visibilityState !== 'hidden');
  document.addEventListener('visibilitychange', changed);
  changed();
  return () => document.removeEventListener('visibilitychange', changed);
}
