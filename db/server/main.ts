// CLI: `node db/server/main.ts --file .data/app.db --port 8788` (or DB_FILE / DB_PORT), on 127.0.0.1.
// Prints one line when ready; SIGINT or SIGTERM closes the database and exits.
import { parseArgs } from "node:util";
import { createDbServer } from "./hrana.ts";

const { values } = parseArgs({
  options: {
    file: { type: "string" },
    port: { type: "string" },
  },
});

const file = values.file ?? process.env.DB_FILE ?? ".data/app.db";
const portText = values.port ?? process.env.DB_PORT ?? "8788";
const port = Number(portText);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`invalid port: ${portText}`);
  process.exit(2);
}

const server = await createDbServer({ file, port });
console.log(`libsql server listening on ${server.url} (${file})`);

let stopping = false;
function stop() {
  if (stopping) process.exit(1); // second signal: give up waiting
  stopping = true;
  server.close().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
