// autocannon ships no type declarations; only what load-worker.ts uses is declared.
declare module 'autocannon' {
  interface Result {
    duration: number;
    errors: number;
    non2xx: number;
    timeouts: number;
    throughput: { average: number };
  }
  interface Instance extends PromiseLike<Result> {
    on(event: 'response', listener: (client: unknown, statusCode: number, bytes: number, time: number) => void): void;
  }
  function autocannon(options: Record<string, unknown>): Instance;
  export default autocannon;
}
