// CLI: `node db/server/main.ts --file .data/app.db --port 8788`
// (or DB_FILE / DB_PORT / DB_HOST / DB_AUTH_TOKEN). Prints one line when ready.
import { parseArgs } from "node:util";
import { createDbServer } from "./hrana.ts";

const { values } = parseArgs({
  options: {
    file: { type: "string" },
    port: { type: "string" },
    host: { type: "string" },
    "auth-token": { type: "string" },
    "allow-non-loopback": { type: "boolean" },
  },
});

const file = values.file ?? process.env.DB_FILE ?? ".data/app.db";
const portText = values.port ?? process.env.DB_PORT ?? "8788";
const port = Number(portText);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`invalid port: ${portText}`);
  process.exit(2);
}

const server = await createDbServer({
  file,
  port,
  host: values.host ?? process.env.DB_HOST,
  authToken: values["auth-token"] ?? process.env.DB_AUTH_TOKEN,
  allowNonLoopback: values["allow-non-loopback"],
});
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
