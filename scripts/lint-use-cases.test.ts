// The use-case rule as `npm run lint` runs it (lint-use-cases.ts), given planted modules in memory: a write that
// does not reach `perform`, a batch written by a route, a service called with the handle, each reported; the same
// writes through `perform` pass. Nothing is written to app/.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { expect, test } from "vitest";
import { parseSource } from "./lint-layers.ts";
import { adapterWriteViolations, useCaseViolations, writesJudged } from "./lint-use-cases.ts";

const files = (modules: Record<string, string>) =>
  Object.entries(modules).map(([file, text]) => parseSource(file, text));
const writes = (modules: Record<string, string>) =>
  useCaseViolations(files(modules)).map((v) => `${v.file}:${v.line} ${v.message.split(":")[0]}`);
const adapters = (modules: Record<string, string>) =>
  adapterWriteViolations(files(modules)).map((v) => `${v.file}:${v.line} ${v.message.split(":")[0]}`);

const service = [
  'import type { Sender } from "~/db/batch.server.ts";',
  "export async function setSeeds(db: Sender, order: string[]) { return db.write(order); }",
  "export const saveSeeds = async (db: Sender, order: string[]) =>",
  "  ({ answer: await setSeeds(db, order), changes: [] });",
].join("\n");

test("a JSON route's write and a page action that run their use case with perform pass", () => {
  const route = [
    'import { endpoint, on } from "~/web/endpoint.server.ts";',
    'import { saveSeeds } from "~/features/play/server/use-cases.server.ts";',
    'import { perform } from "~/web/use-case.server.ts";',
    "const api = endpoint({",
    "  GET: on({ who: 'anyone' }, async () => Response.json({})),",
    "  PUT: on({ who: 'organiser' }, async ({ app, caller, body }) =>",
    "    Response.json(await perform(app, caller, saveSeeds, body))),",
    "});",
    "export { api as loader, api as action };",
  ].join("\n");
  const page = [
    'import { saveSeeds } from "~/features/play/server/use-cases.server.ts";',
    'import { seedsAction } from "./seeding.server.ts";',
    "export async function action({ request, context }) { return seedsAction(request, context); }",
  ].join("\n");
  const beside = [
    'import { perform } from "~/web/use-case.server.ts";',
    'import { saveSeeds } from "~/features/play/server/use-cases.server.ts";',
    "export async function seedsAction(request, context) {",
    "  return perform(context.app, context.caller, saveSeeds, []);",
    "}",
  ].join("\n");
  const modules = {
    "app/features/play/server/use-cases.server.ts": service,
    "app/routes/api.seeds/route.ts": route,
    "app/routes/tournament/route.tsx": page,
    "app/routes/tournament/seeding.server.ts": beside,
  };
  expect(writes(modules)).toEqual([]);
  expect(adapters(modules)).toEqual([]);
});

test("a write that never reaches perform is reported, in a JSON route, a page action and a shared endpoint", () => {
  const route = [
    'import { endpoint, on } from "~/web/endpoint.server.ts";',
    'import { setSeeds } from "~/features/play/server/use-cases.server.ts";',
    "const api = endpoint({",
    "  GET: on({ who: 'anyone' }, async () => Response.json({})),",
    "  PUT: on({ who: 'organiser' }, async ({ caller, body }) => Response.json(await setSeeds(caller, body))),",
    "  DELETE: on({ who: 'organiser' }, async () => Response.json({})),",
    "});",
    "export { api as loader, api as action };",
  ].join("\n");
  const page = "export async function action({ context }) {\n  return null;\n}";
  const shared = [
    'import { endpoint, on } from "./endpoint.server.ts";',
    "export const signUpEndpoint = () => endpoint({ POST: on({ who: 'anyone' }, async () => new Response()) });",
  ].join("\n");
  const modules = {
    "app/features/play/server/use-cases.server.ts": service,
    "app/routes/api.seeds/route.ts": route,
    "app/routes/td.series/route.tsx": page,
    "app/web/api-auth.server.ts": shared,
  };
  expect(writes(modules)).toEqual([
    "app/routes/api.seeds/route.ts:5 PUT writes without a use case",
    "app/routes/api.seeds/route.ts:6 DELETE writes without a use case",
    "app/routes/td.series/route.tsx:1 action writes without a use case",
    "app/web/api-auth.server.ts:2 POST writes without a use case",
  ]);
});

test("an adapter writing a batch itself, or calling a service with its handle, is reported beside perform", () => {
  const page = [
    'import { setSeeds, saveSeeds } from "~/features/play/server/use-cases.server.ts";',
    'import { perform } from "~/web/use-case.server.ts";',
    "export async function action({ context }) {",
    "  if (context.intent === 'seeds') await setSeeds(context.caller, []);",
    "  else if (context.intent === 'end') await context.caller.write(endOthers(context.caller.session));",
    "  return perform(context.app, context.caller, saveSeeds, []);",
    "}",
  ].join("\n");
  const modules = { "app/features/play/server/use-cases.server.ts": service, "app/routes/tournament/route.tsx": page };
  expect(writes(modules)).toEqual([]);
  expect(adapters(modules)).toEqual([
    "app/routes/tournament/route.tsx:4 setSeeds takes the database handle",
    "app/routes/tournament/route.tsx:5 an adapter writes no batch itself",
  ]);
});

test("the theme cookie's action, which writes nothing of ours, is the listed exception", () => {
  const page = "export async function action({ request }) {\n  return new Response(null);\n}";
  expect(writes({ "app/routes/action.set-theme/route.ts": page })).toEqual([]);
  expect(writes({ "app/routes/action.set-colour/route.ts": page })).toEqual([
    "app/routes/action.set-colour/route.ts:1 action writes without a use case",
  ]);
});

test("this app: every JSON write and every page action runs its use case with perform, and no adapter writes", () => {
  const listed = spawnSync("git", ["ls-files", "--cached", "--others", "--exclude-standard", "app"], {
    encoding: "utf8",
  });
  const app = listed.stdout
    .split("\n")
    .filter((file) => /\.tsx?$/.test(file))
    .map((file) => parseSource(file, readFileSync(file, "utf8")));
  const judged = writesJudged(app);
  // The rule sees the writes: the join, the webhook, a tablet's tap, the page actions, the sign-ups built elsewhere.
  expect(judged).toEqual(
    expect.arrayContaining([
      "app/routes/api.tournaments.join/route.ts POST",
      "app/routes/api.stripe.webhook/route.ts POST",
      "app/routes/api.tables.by-code.$code.$tap/route.ts POST",
      "app/routes/api.auth.signup.player/route.ts POST",
      "app/routes/tournament.$slug.results/route.ts action",
      "app/routes/tournament.$slug.entries/route.ts action",
      "app/routes/tournament.$slug.play/route.ts action",
      "app/routes/td.dashboard/route.tsx action",
    ]),
  );
  expect(judged.length).toBeGreaterThan(60);
  expect(useCaseViolations(app)).toEqual([]);
  expect(adapterWriteViolations(app)).toEqual([]);
});
