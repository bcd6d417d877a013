// @ts-check
/** Runs async work one piece at a time, in the order it was asked for. */

/**
 * Returns run(work): work starts once every earlier piece has settled; run resolves or rejects
 * as work does, and a failure does not stop the pieces after it.
 * @returns {<T>(work: () => Promise<T>) => Promise<T>}
 */
export function serialQueue() {
  /** @type {Promise<unknown>} */
  let tail = Promise.resolve();
  return (work) => {
    const run = tail.then(work);
    tail = run.catch(() => {});
    return run;
  };
}
