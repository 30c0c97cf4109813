// The house's rules as `npm run lint` runs them (lint-layers.ts, lint-sizes.ts), given planted
// violations in memory: each is reported, and clean code passes. Nothing is written to app/.
import { expect, test } from "vitest";
import { adapterViolations, importsOf, layerViolations, parseSource, type SourceImports } from "./lint-layers.ts";
import { type Baseline, measure, offenders, shrunkBaseline, sizeProblems } from "./lint-sizes.ts";

/** A module's imports, read from its source as the runner reads them. */
const module = (file: string, text: string): SourceImports => ({ file, imports: importsOf(parseSource(file, text)) });

const violations = (file: string, text: string) =>
  layerViolations([module(file, text)]).map((v) => `${v.line} ${v.specifier}`);

test("domain code may import domain modules and zod, by either path", () => {
  const text = [
    'import { z } from "zod";',
    'import type { Pence } from "./pence.ts";',
    'import { DomainError } from "~/domain/errors.ts";',
    'export * from "./money.ts";',
  ].join("\n");
  expect(violations("app/domain/prizes.ts", text)).toEqual([]);
});

test("domain code importing drizzle, a service, the database, React or node: is reported", () => {
  const text = [
    'import { eq } from "drizzle-orm";',
    'import { startTournament } from "~/features/play/server/start.server.ts";',
    'import type { players } from "../db/schema.ts";',
    'import { useState } from "react";',
    'import { readFileSync } from "node:fs";',
    'const lazy = () => import("../components/badges.tsx");',
  ].join("\n");
  expect(violations("app/domain/prizes.ts", text)).toEqual([
    "1 drizzle-orm",
    "2 ~/features/play/server/start.server.ts",
    "3 ../db/schema.ts",
    "4 react",
    "5 node:fs",
    "6 ../components/badges.tsx",
  ]);
});

test("a feature's domain is domain: it may import another feature's domain, and no server module", () => {
  const text = [
    'import type { QueueState } from "~/features/floor/domain/queue-views.ts";',
    'import { formatGBP } from "../../../domain/pence.ts";',
    'import { queueQuery } from "~/features/floor/server/queue-reads.server.ts";',
    'import { payments } from "../server/payments/provider.ts";',
  ].join("\n");
  expect(violations("app/features/play/domain/bracket.ts", text)).toEqual([
    "3 ~/features/floor/server/queue-reads.server.ts",
    "4 ../server/payments/provider.ts",
  ]);
});

test("a domain test may import what it needs", () => {
  expect(violations("app/domain/prizes.test.ts", 'import { test } from "vitest";')).toEqual([]);
});

test("a component importing a server module is reported, a type-only import too", () => {
  const text = [
    'import { scoreboardQuery } from "~/features/floor/server/tables.server.ts";',
    'import type { Db } from "../db/client.server.ts";',
    'import { thing } from "../routes/x/queries.server.ts";',
    'export type { Read } from "~/db/batch.server.ts";',
    'type Row = import("~/features/floor/server/tables.server.ts").Row;',
  ].join("\n");
  expect(violations("app/components/board.tsx", text)).toEqual([
    "1 ~/features/floor/server/tables.server.ts",
    "2 ../db/client.server.ts",
    "3 ../routes/x/queries.server.ts",
    "4 ~/db/batch.server.ts",
    "5 ~/features/floor/server/tables.server.ts",
  ]);
  const [first] = layerViolations([module("app/components/board.tsx", 'import type { T } from "~/db/x.ts";')]);
  expect(first?.message).toMatch(/type-only imports count too/);
});

test("a component may import domain, other components and packages", () => {
  const text = [
    'import { formatGBP } from "~/features/money/domain/money.ts";',
    'import { Badge } from "./badges.tsx";',
    'import { useEffect } from "react";',
  ].join("\n");
  expect(violations("app/components/board.tsx", text)).toEqual([]);
});

test("server code importing a component or any other .tsx is reported", () => {
  const text = [
    'import { BoardRegion } from "~/components/scoreboard-board.tsx";',
    'import { Seeding } from "../routes/tournament.$slug/seeding.tsx";',
    'import { styles } from "~/components/styles.ts";',
  ].join("\n");
  expect(violations("app/features/floor/server/boards.server.ts", text)).toEqual([
    "1 ~/components/scoreboard-board.tsx",
    "2 ../routes/tournament.$slug/seeding.tsx",
    "3 ~/components/styles.ts",
  ]);
  // A .server.ts beside a route is server code as much as one in a feature's server folder.
  expect(violations("app/routes/x/queries.server.ts", 'import { Card } from "./card.tsx";')).toEqual(["1 ./card.tsx"]);
});

test("server code may import services, the database, domain and a renderer; a renderer may import components", () => {
  const server = [
    'import { eq } from "drizzle-orm";',
    'import { players } from "~/db/schema.ts";',
    'import { drawBoards } from "./boards.server.tsx";',
    'import { money } from "~/features/money/domain/money.ts";',
  ].join("\n");
  expect(violations("app/features/live/server/after-change.server.ts", server)).toEqual([]);
  const renderer = 'import { BoardRegion } from "~/components/scoreboard-board.tsx";';
  expect(violations("app/features/floor/server/boards.server.tsx", renderer)).toEqual([]);
});

test("a classic script's code may import domain and client modules, of its feature or another", () => {
  const text = [
    'import { followChannel } from "../../live/client/channel.ts";',
    'import { OTHER_MATCH } from "../domain/table-scoring.ts";',
    'import type { ChannelMessages } from "~/features/live/domain/messages.ts";',
    'import { tableReads } from "./table-reads.ts";',
  ].join("\n");
  expect(violations("app/features/floor/client/board.ts", text)).toEqual([]);
});

test("a classic script's code importing a server module, a component, a route or a package is reported", () => {
  const text = [
    'import type { TableBoard } from "../server/tables.server.ts";',
    'import { BoardRegion } from "~/components/scoreboard-board.tsx";',
    'import { handle } from "~/routes/scoreboard.$code/route.tsx";',
    'import { z } from "zod";',
    'import { useState } from "react";',
  ].join("\n");
  expect(violations("app/features/floor/client/board.ts", text)).toEqual([
    "1 ../server/tables.server.ts",
    "2 ~/components/scoreboard-board.tsx",
    "3 ~/routes/scoreboard.$code/route.tsx",
    "4 zod",
    "5 react",
  ]);
});

test("an exception listed lets exactly that import through", () => {
  const sources = [module("app/features/play/domain/bracket-testing.ts", 'import { expect } from "vitest";')];
  expect(layerViolations(sources)).toEqual([]);
  expect(layerViolations(sources, [])).toHaveLength(1);
  expect(layerViolations([module("app/domain/other.ts", 'import { expect } from "vitest";')])).toHaveLength(1);
});

test("a route that runs a consequence or sends e-mail itself is reported; perform and a use case are not", () => {
  const route = "app/routes/api.tournaments.$id.leave/route.ts";
  const adapter = (file: string, text: string) => adapterViolations([module(file, text)]).map((v) => v.line);
  const running = [
    'import { afterChange } from "~/features/live/server/after-change.server.ts";',
    'import { getMailer, outboxIsReadable } from "~/server/email.server.ts";',
    'import { leaveTournament as leave, tellOffered } from "../../services/check-in.server.ts";',
    'import { afterChanges as after } from "~/features/live/server/after-change.server.ts";',
  ].join("\n");
  expect(adapter(route, running)).toEqual([1, 2, 3, 4]);
  const clean = [
    'import { leave } from "~/features/entries/server/use-cases.server.ts";',
    'import { perform } from "~/web/use-case.server.ts";',
    'import type { Change } from "~/features/live/server/after-change.server.ts";',
    'import { outboxIsReadable, readOutbox } from "~/server/email.server.ts";',
  ].join("\n");
  expect(adapter(route, clean)).toEqual([]);
  // A use case (not a route) runs nothing either, but may build what perform runs: not this rule's business.
  expect(adapter("app/features/entries/server/use-cases.server.ts", running)).toEqual([]);
});

const lines = (count: number) => Array.from({ length: count }, (_, i) => `// line ${i + 1}`).join("\n");

/** A function declaration spanning exactly `count` lines. */
const fn = (name: string, count: number) =>
  `export function ${name}() {\n${Array.from({ length: count - 2 }, () => "  work();").join("\n")}\n}`;

const sizes = (file: string, text: string) => offenders([measure(parseSource(file, text))]);

test("a file of 401 lines is an offender, 400 is not, and the schema never is", () => {
  expect(sizes("app/features/play/server/big.ts", `${lines(401)}\n`).files).toEqual({
    "app/features/play/server/big.ts": 401,
  });
  expect(sizes("app/features/play/server/big.ts", `${lines(400)}\n`).files).toEqual({});
  expect(sizes("app/db/schema.ts", lines(900)).files).toEqual({});
});

test("a function of 101 lines is an offender, 100 is not, whatever its kind", () => {
  expect(sizes("app/domain/a.ts", fn("plan", 101)).functions).toEqual({ "app/domain/a.ts:plan": 101 });
  expect(sizes("app/domain/a.ts", fn("plan", 100)).functions).toEqual({});
  const body = Array.from({ length: 99 }, () => "  work();").join("\n");
  const text = [
    `export const Board = () => {\n${body}\n};`,
    `export default function () {\n${body}\n}`,
    `class Ledger {\n  post() {\n${body}\n  }\n}`,
    `items.map((item) => {\n${body}\n});`,
    `export const handlers = { submit: function () {\n${body}\n} };`,
  ].join("\n");
  expect(sizes("app/components/a.tsx", text).functions).toEqual({
    "app/components/a.tsx:Board": 101,
    "app/components/a.tsx:default": 101,
    "app/components/a.tsx:post": 101,
    "app/components/a.tsx:items.map(…)": 101,
    "app/components/a.tsx:submit": 101,
  });
});

test("a nested function is named by its outer one, and a second of the same name is numbered", () => {
  const inner = fn("draw", 101).replace("export ", "");
  const text = `export function Page() {\n${inner}\n${inner}\n}`;
  expect(Object.keys(sizes("app/components/a.tsx", text).functions)).toEqual([
    "app/components/a.tsx:Page",
    "app/components/a.tsx:Page.draw",
    "app/components/a.tsx:Page.draw#2",
  ]);
});

const baseline: Baseline = {
  files: { "app/features/play/server/big.ts": 450 },
  functions: { "app/features/play/server/big.ts:startTournament": 140 },
};

test("offenders as the baseline records them pass", () => {
  expect(sizeProblems(baseline, baseline)).toEqual([]);
});

test("a new offender, or a listed one grown past its size, fails", () => {
  const grown: Baseline = {
    files: { "app/features/play/server/big.ts": 451, "app/domain/new.ts": 401 },
    functions: { "app/features/play/server/big.ts:startTournament": 140, "app/domain/new.ts:plan": 101 },
  };
  expect(sizeProblems(grown, baseline)).toEqual([
    "app/features/play/server/big.ts: file grew to 451 lines, from the baseline's 450; split it",
    "app/domain/new.ts: file of 401 lines, over 400; split it",
    "app/domain/new.ts:plan: function of 101 lines, over 100; split it",
  ]);
});

test("an offender that shrank or is gone fails until the baseline is lowered, and lowering never raises", () => {
  const better: Baseline = { files: { "app/features/play/server/big.ts": 430 }, functions: {} };
  expect(sizeProblems(better, baseline)).toEqual([
    "app/features/play/server/big.ts: file shrank to 430 lines; lower its baseline entry from 450",
    "app/features/play/server/big.ts:startTournament: function no longer over 100 lines (was 140), or renamed;" +
      " remove its baseline entry",
  ]);
  expect(shrunkBaseline(better, baseline)).toEqual(better);
  const worse: Baseline = {
    files: { "app/features/play/server/big.ts": 470, "app/domain/new.ts": 401 },
    functions: {},
  };
  expect(shrunkBaseline(worse, baseline)).toEqual({ files: { "app/features/play/server/big.ts": 450 }, functions: {} });
});
