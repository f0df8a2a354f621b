/**
 * Tells `listener` whether the browser can reach the network: once at once, then at every change
 * (the window's online and offline events). Answers the unsubscribe. The browser's word is what
 * it knows of its own connection; a server out of reach behind a working network shows as
 * failed calls instead.
 */
export function watchNetwork(listener: (online: boolean) => void): () => void {
  if (typeof window === 'undefined') return () => undefined;
  const online = () => listener(true);
  const offline = () => listener(false);
  window.addEventListener('online', online);
  window.addEventListener('offline', offline);
  listener(navigator.onLine);
  return () => {
    window.removeEventListener('online', online);
    window.removeEventListener('offline', offline);
  };
}
