// Zod for the schemas the browser runs as well as the server: the functional
// build ("zod/mini"), so a form page carries only the checks its own schema
// uses (decision 016). Parsers are never compiled with `new Function`: the
// Content-Security-Policy (rightly) forbids eval in the browser and Workers
// forbid it on the server, so Zod's probe would only be a blocked-eval report.
// The setting is Zod's own, shared with the classic build the server's other
// schemas use.
import * as z from "zod/mini";

z.config({ jitless: true });

export { z };
