/**
 * A step that waits, once it has started, until the test lets it go on (or fail): a send stalled
 * mid-flight while another worker claims, for the queues' lease tests.
 */
export function gate() {
  let enter!: () => void;
  let open!: (err?: Error) => void;
  const entered = new Promise<void>((resolve) => (enter = resolve));
  const opened = new Promise<void>((resolve, reject) => (open = (err) => (err ? reject(err) : resolve())));
  return {
    /** Resolves once the step has started. */
    entered,
    /** The step itself: says it started, then waits for `open` or `fail`. */
    async pass() {
      enter();
      await opened;
    },
    open: () => open(),
    fail: (err: Error) => open(err),
  };
}
