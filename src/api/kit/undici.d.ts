// ofetch's types import undici (Node's fetch), whose types load all of @types/node. The browser
// has no undici, so the app project resolves 'undici' here (tsconfig.app.json "paths") and stays
// free of Node types: `node:*`, `process` and `Buffer` do not compile in src/.
export declare const Dispatcher: abstract new () => never;
