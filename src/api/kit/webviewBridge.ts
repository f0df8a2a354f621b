/**
 * /iamhuman runs inside a mobile app's webview and hands the captcha token to the app. The app
 * registers one of these handlers; their names are the contract with the app:
 *
 * - React Native (react-native-webview): `window.ReactNativeWebView.postMessage(token)`,
 *   received by the WebView's `onMessage`.
 * - Flutter (flutter_inappwebview): `window.flutter_inappwebview.callHandler('captcha', token)`,
 *   received by the JavaScript handler named `captcha`.
 * - iOS (WKWebView): `window.webkit.messageHandlers.captcha.postMessage(token)`, received by the
 *   script message handler named `captcha`.
 */
interface WebviewHosts {
  ReactNativeWebView?: { postMessage(message: string): void };
  flutter_inappwebview?: { callHandler(name: string, ...args: unknown[]): Promise<unknown> };
  webkit?: { messageHandlers?: { captcha?: { postMessage(message: string): void } } };
}

const HANDLER_NAME = 'captcha';

/** Delivers the token to whichever handler the embedding app registered; throws when there is none. */
export async function postTokenToHost(token: string): Promise<void> {
  const host = globalThis as unknown as WebviewHosts;
  if (host.ReactNativeWebView) return host.ReactNativeWebView.postMessage(token);
  if (host.flutter_inappwebview) {
    await host.flutter_inappwebview.callHandler(HANDLER_NAME, token);
    return;
  }
  const ios = host.webkit?.messageHandlers?.[HANDLER_NAME];
  if (ios) return ios.postMessage(token);
  throw new Error('No app is listening for the captcha token');
}
