import { standIn } from '../../engine/module-stand-in';

type Exports = Record<string | symbol, unknown>;

/** A name lodash ships as a module of its own (lodash/omit.js), not a path or a symbol. */
const METHOD_NAME = /^[A-Za-z]+$/;

/**
 * @nestjs/swagger, without lodash's whole build and js-yaml until they are used. The swagger
 * decorators on our DTOs load @nestjs/swagger with the app, and it asks for all of lodash (1 MB of
 * source text on the HTTP thread's heap, for the thirty functions it reads) and for js-yaml
 * (260 KB, for /openapi.yaml alone). lodash's own per-function modules stand in for the whole
 * build, each loaded when first read (the same code, as lodash publishes both); js-yaml loads the
 * first time /openapi.yaml is asked for. Both stand-ins serve property reads, which is how
 * @nestjs/swagger uses them, and nothing else: `_()` or `Object.keys` would need the real module.
 * Call before @nestjs/swagger loads (main.ts); test/process/module-stand-ins.spec.ts runs it.
 */
export function standInForSwagger(): void {
  standIn('@nestjs/swagger', 'lodash', (loadReal, fromSwagger) => {
    const functions = new Map<string, unknown>();
    const method = (name: string): unknown => {
      if (!functions.has(name)) functions.set(name, loadMethod(name) ?? (loadReal() as Exports)[name]);
      return functions.get(name);
    };
    const loadMethod = (name: string): unknown => {
      if (!METHOD_NAME.test(name)) return undefined;
      try {
        return fromSwagger(`lodash/${name}`);
      } catch (error) {
        // No such function module; a module that one of them fails to find is a broken install.
        if ((error as NodeJS.ErrnoException).code === 'MODULE_NOT_FOUND' && (error as Error).message.startsWith(`Cannot find module 'lodash/${name}'`)) return undefined;
        throw error;
      }
    };
    return new Proxy({}, { get: (_target, key) => (typeof key === 'string' ? method(key) : (loadReal() as Exports)[key]) });
  });
  // An ES module to TypeScript's __importStar, which then keeps the stand-in rather than copying its (no) keys.
  standIn('@nestjs/swagger', 'js-yaml', (loadReal) => new Proxy({}, { get: (_target, key) => (key === '__esModule' ? true : (loadReal() as Exports)[key]) }));
}
