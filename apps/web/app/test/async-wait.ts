/** How long a web test waits for a condition (`findBy…`, `waitFor`, `vi.waitFor`) before it fails. */
export const ASYNC_WAIT_MS = 10_000;
