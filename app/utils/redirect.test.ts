import { expect, test } from "vitest";
import { safeRedirectPath, withReturn } from "./redirect.ts";

test("same-site paths pass, normalised as a browser would read them", () => {
  expect(safeRedirectPath("/player/dashboard", "/")).toBe("/player/dashboard");
  expect(safeRedirectPath("/player/tournaments?tab=registered", "/")).toBe("/player/tournaments?tab=registered");
  expect(safeRedirectPath("/tournament/friday#bracket", "/")).toBe("/tournament/friday#bracket");
  expect(safeRedirectPath("/a/../td/dashboard", "/")).toBe("/td/dashboard");
  expect(safeRedirectPath("/search?q=%2F%2Fevil.example", "/")).toBe("/search?q=%2F%2Fevil.example");
});

test("anything that could lead off the site falls back", () => {
  const offsite = [
    "//evil.example",
    "///evil.example",
    "/\\evil.example",
    "\\\\evil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "/\r/evil.example",
    "/\r\nSet-Cookie: a=b",
    "/x\u0000",
    "/\u007f",
    "/\u2028/evil.example",
    "/\u2029/evil.example",
    "/%2Fevil.example",
    "/%2f%2fevil.example",
    "/%5Cevil.example",
    "/%09/evil.example",
    "/%0d%0a",
    "/%7f",
    "https://evil.example",
    "http:evil.example",
    "javascript:alert(1)",
    "evil.example",
    " /player",
    "",
    "/".padEnd(2049, "a"),
  ];
  for (const target of offsite) expect(safeRedirectPath(target, "/fallback"), JSON.stringify(target)).toBe("/fallback");
  for (const target of [null, undefined]) expect(safeRedirectPath(target, "/fallback")).toBe("/fallback");
});

test("withReturn carries only a safe same-site return address", () => {
  expect(withReturn("/signup", "/tournament/friday-abc")).toBe("/signup?redirectTo=%2Ftournament%2Ffriday-abc");
  expect(withReturn("/signup", "/tournament/x", { role: "td" })).toBe("/signup?role=td&redirectTo=%2Ftournament%2Fx");
  expect(withReturn("/login", null)).toBe("/login");
  expect(withReturn("/signup", null, { role: "player" })).toBe("/signup?role=player");
  for (const evil of ["//evil.example", "https://evil.example/", "/\\evil.example", ""]) {
    expect(withReturn("/login", evil), evil).toBe("/login");
  }
});
