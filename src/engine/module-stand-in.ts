import Module, { createRequire } from 'node:module';

/**
 * Puts a stand-in into Node's module cache for the file that `request` resolves to from
 * `fromPackage`, so that the package gets the stand-in when it loads. `make` receives the loader of
 * the real module, for what the stand-in does not do itself, and `require` as seen from the package,
 * for the other modules it may load instead. Nothing happens when the real file is loaded already:
 * then it is what the package got.
 */
export function standIn(fromPackage: string, request: string, make: (loadReal: () => unknown, fromThere: NodeJS.Require) => unknown): void {
  const fromThere = createRequire(require.resolve(fromPackage));
  const file = fromThere.resolve(request);
  if (require.cache[file]) return;
  let real: unknown;
  const loadReal = (): unknown => {
    if (real === undefined) {
      delete require.cache[file];
      real = fromThere(request);
    }
    return real;
  };
  const module = new Module(file);
  module.filename = file;
  module.loaded = true;
  module.exports = make(loadReal, fromThere);
  require.cache[file] = module;
}
