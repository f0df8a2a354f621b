/**
 * Registered in vite.config.ts `test.setupFiles`, so it runs before every test file. jsdom
 * (chosen by the tests/ui files with a `@vitest-environment jsdom` docblock) has <dialog> but
 * not its modal behaviour; these stand in for the browser's showModal() and close(). Files
 * that run in Node have no HTMLDialogElement and are left as they are.
 */
if (typeof HTMLDialogElement !== 'undefined') {
  HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function (this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
}
