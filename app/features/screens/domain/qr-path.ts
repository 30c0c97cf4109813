// A QR code's modules as one SVG path (a unit per module, each row's dark runs as rectangles), and back: the setup
// sheet draws it, the tests read it.

/** How our codes are made (uqr): medium error correction survives a creased or chalky print; four modules of quiet
 * zone, as the standard asks. */
export const QR_OPTIONS = { ecc: "M", border: 4 } as const;

/** `modules[row][col]` true for dark → "M{col} {row}h{run}v1h-{run}z" for each run of dark modules in a row. */
export function qrPath(modules: readonly (readonly boolean[])[]): string {
  let path = "";
  modules.forEach((row, y) => {
    let x = 0;
    while (x < row.length) {
      if (!row[x]) {
        x++;
        continue;
      }
      let run = 1;
      while (row[x + run]) run++;
      path += `M${x} ${y}h${run}v1h-${run}z`;
      x += run;
    }
  });
  return path;
}

/** The modules a path from `qrPath` draws, in a `size` × `size` grid. */
export function modulesOfQrPath(path: string, size: number): boolean[][] {
  const modules = Array.from({ length: size }, () => Array<boolean>(size).fill(false));
  for (const [, x, y, run] of path.matchAll(/M(\d+) (\d+)h(\d+)v1h-\d+z/g)) {
    const row = modules[Number(y)];
    if (!row) throw new Error(`row ${y} is outside a ${size}-module code`);
    for (let i = 0; i < Number(run); i++) {
      if (Number(x) + i >= size) throw new Error(`column ${Number(x) + i} is outside a ${size}-module code`);
      row[Number(x) + i] = true;
    }
  }
  return modules;
}
