// Tailwind class lists that more than one component uses, kept in one place so every copy looks the same.

/** The sticky bar at the top of every page, signed in or not. */
export const headerBarClass =
  "sticky top-0 z-30 border-b border-slate-200 bg-white/90 backdrop-blur dark:border-slate-800 dark:bg-slate-950/90";

/** The border and background of a text field or select, light and dark. */
export const fieldSurfaceClass = "rounded-lg border border-slate-300 bg-white dark:border-slate-700 dark:bg-slate-950";

/** A full-width text field or select at the size the forms use, without a shadow. */
export const plainInputClass = `block w-full ${fieldSurfaceClass} px-3 py-2.5 text-base`;

/** A full-width text field or select at the size the forms use. */
export const inputClass = `${plainInputClass} shadow-sm`;

/** A full-width text field or select in a dialog, a little shorter than the forms'. */
export const dialogFieldClass = `block w-full ${fieldSurfaceClass} px-3 py-2 text-base`;

/** The bold total over a price breakdown: what is paid comes first, how it splits under it. */
export const totalRowClass =
  "flex justify-between border-b border-slate-200 pb-2 text-base font-bold dark:border-slate-800";

/** A label around a radio button that shows as a card, highlighted while its radio is checked. */
export const choiceCardClass =
  "cursor-pointer rounded-lg border-2 border-slate-200 has-checked:border-baize-600 has-checked:bg-baize-50 " +
  "dark:border-slate-700 dark:has-checked:border-baize-400 dark:has-checked:bg-baize-950";

/** A line of secondary text under a heading or beside a control. */
export const noteClass = "text-sm text-slate-600 dark:text-slate-300";

/** A player's name that links to their profile: it keeps the text's colour and weight, underlined on hover or focus. */
export const nameLinkClass = "hover:underline focus-visible:underline";
