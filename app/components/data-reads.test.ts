import { expect, test } from "vitest";
import { isDataRead, isNetworkError, retryDelayMs } from "./data-reads.ts";

const origin = "https://breakandrun.example";

test("only the router's GET reads of this site's data are tried again", () => {
  expect(isDataRead(new URL(`${origin}/tournament/friday.data?_routes=root`), "GET", origin)).toBe(true);
  expect(isDataRead(new URL(`${origin}/_root.data`), "get", origin)).toBe(true);
  // A write is never repeated; another site's file, a page, the manifest and the API are not the router's data.
  expect(isDataRead(new URL(`${origin}/tournament/friday.data`), "POST", origin)).toBe(false);
  expect(isDataRead(new URL("https://elsewhere.example/x.data"), "GET", origin)).toBe(false);
  expect(isDataRead(new URL(`${origin}/tournament/friday`), "GET", origin)).toBe(false);
  expect(isDataRead(new URL(`${origin}/__manifest?p=/login`), "GET", origin)).toBe(false);
  expect(isDataRead(new URL(`${origin}/api/tournaments/1/matches`), "GET", origin)).toBe(false);
});

test("the waits double from a second and stop growing at ten", () => {
  expect([1, 2, 3, 4, 5, 6, 20].map(retryDelayMs)).toEqual([1000, 2000, 4000, 8000, 10_000, 10_000, 10_000]);
});

test("a network failure is told from a fault in the page", () => {
  for (const message of ["Failed to fetch", "NetworkError when attempting to fetch resource.", "Load failed"]) {
    expect(isNetworkError(new TypeError(message)), message).toBe(true);
  }
  expect(isNetworkError(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false);
  expect(isNetworkError(new Error("Failed to fetch"))).toBe(false);
  expect(isNetworkError("Failed to fetch")).toBe(false);
});
