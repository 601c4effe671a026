// The few parts of autocannon's API the benchmarks use (the package ships no types).
declare module 'autocannon' {
  interface Options {
    url: string;
    headers?: Record<string, string>;
    connections?: number;
    duration?: number;
    /** Requests to cycle through (each connection goes through the list in order). */
    requests?: { method?: string; path?: string; headers?: Record<string, string> }[];
  }
  interface Result {
    requests: { average: number; p50: number; p99: number };
    latency: { p50: number; p99: number };
    errors: number;
    non2xx: number;
  }
  export default function autocannon(options: Options): Promise<Result>;
}
