import { jsonError } from "~/web/http.server.ts";

// Unknown API paths answer JSON, not the HTML not-found page.
export const loader = () => jsonError(404, "Not found");
export const action = () => jsonError(404, "Not found");
