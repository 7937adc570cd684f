import { register } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * The screens import their stylesheets for webpack; on the server a stylesheet is nothing. CommonJS
 * requires (tsx's static imports) and ES-module imports (the screens' lazy import()) both meet one.
 */
let installed = false;
export function ignoreStylesheetImports(): void {
  if (installed) return;
  installed = true;
  // Under jest the module registry maps CSS itself (jest.config.js) and has no require.extensions.
  const extensions = (require as NodeJS.Require | undefined)?.extensions;
  if (extensions) extensions['.css'] = (module) => void (module.exports = {});
  if (!process.env.JEST_WORKER_ID) register(pathToFileURL(path.join(__dirname, 'css-hook.mjs')).href);
}
