// A table's access code, typed on a tablet: the scoreboard's start page and its change-table page.
import type { InputHTMLAttributes } from "react";
import { fieldSurfaceClass } from "./styles.ts";

/** The `code` field: large, spaced, upper case, no autocorrect; value and placeholder are the page's. */
export function AccessCodeInput(
  props: Pick<InputHTMLAttributes<HTMLInputElement>, "value" | "onChange" | "placeholder">,
) {
  return (
    <input
      id="code"
      name="code"
      required
      autoComplete="off"
      autoCapitalize="characters"
      spellCheck={false}
      maxLength={32}
      className={
        `block w-full ${fieldSurfaceClass} px-4 py-3 text-center font-mono text-2xl ` + "tracking-[0.3em] uppercase"
      }
      {...props}
    />
  );
}
