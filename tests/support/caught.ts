/** The error `fn` throws, which must be an instance of `type` (fails the test otherwise). */
export function caught<E extends Error>(fn: () => unknown, type: abstract new (...args: never[]) => E): E {
  try {
    fn();
  } catch (e) {
    if (e instanceof type) return e;
    throw e;
  }
  throw new Error(`expected ${type.name} to be thrown, but nothing was`);
}
