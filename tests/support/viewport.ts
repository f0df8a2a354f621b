/**
 * jsdom has no matchMedia. This stands in for it with a fixed viewport width, answering the
 * min-width queries the app asks (useMediaQuery) and "no" to anything else.
 */
export function setViewportWidth(width: number): void {
  window.matchMedia = (query: string) => {
    const minWidth = /\(min-width:\s*(\d+)px\)/.exec(query);
    return {
      matches: minWidth ? width >= Number(minWidth[1]) : false,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    };
  };
}
