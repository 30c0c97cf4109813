// The TV's look shared by its pages.

/** Secondary text, light and dark. */
export const muted = "text-slate-600 dark:text-slate-300";
