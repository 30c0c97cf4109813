// Liveness probe for `npm start`, the tests and load balancers. Touches no
// database so it also measures the runtime's own ceiling in benchmarks.
export function loader() {
  return new Response("ok", { headers: { "Content-Type": "text/plain", "Cache-Control": "no-store" } });
}
