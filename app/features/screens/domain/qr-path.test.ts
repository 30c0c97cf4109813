import { encode } from "uqr";
import { expect, test } from "vitest";
import { modulesOfQrPath, QR_OPTIONS, qrPath } from "./qr-path.ts";

test("a row's dark runs are one rectangle each; blank rows draw nothing", () => {
  expect(
    qrPath([
      [true, true, false, true],
      [false, false, false, false],
      [false, true, true, true],
    ]),
  ).toBe("M0 0h2v1h-2zM3 0h1v1h-1zM1 2h3v1h-3z");
  expect(qrPath([[false]])).toBe("");
});

test("a real code's path gives its modules back", () => {
  const code = encode("https://breakandrun.example/scoreboard/ABCD2345", QR_OPTIONS);
  expect(modulesOfQrPath(qrPath(code.data), code.size)).toEqual(code.data);
});

test("a path outside the grid is refused", () => {
  expect(() => modulesOfQrPath("M5 0h1v1h-1z", 4)).toThrow(/outside/);
  expect(() => modulesOfQrPath("M0 9h1v1h-1z", 4)).toThrow(/outside/);
});
