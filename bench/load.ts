// The tablet load: many tablets polling current-match, against a trivial
// route of the same Worker (the runtime's ceiling). Bounded in time; loopback only.
import autocannon from "autocannon";

export type LoadResult = {
  route: string;
  requestsPerSec: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  non2xx: number;
};

export async function load(url: string, route: string, seconds: number, connections: number): Promise<LoadResult> {
  const result = await autocannon({ url: url + route, connections, duration: seconds, timeout: 10 });
  return {
    route,
    requestsPerSec: Math.round(result.requests.average),
    p50: result.latency.p50,
    p95: result.latency.p97_5 ?? result.latency.p90,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}
