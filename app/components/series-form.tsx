// The series' rules as a form (decision 029), shared by creating a series (/td/series) and editing one
// (/td/series/{slug}): the name, the points by place, best N and top N. A plain form: the action checks it with the
// API's schema and sends it back with each error beside its field. The points are disabled once locked, with why.
import { DEFAULT_POINTS, pointsFields } from "~/features/series/domain/series.ts";
import { FieldError } from "./fields.tsx";
import { inputClass } from "./styles.ts";

const labelClass = "block text-sm font-medium";
const hintClass = "text-sm text-slate-600 dark:text-slate-400";

type Values = Record<string, string | undefined>;

/** The form's values for a stored series (or the defaults for a new one). */
export function seriesFormValues(
  stored: { name: string; points: Record<string, number>; bestOf: number | null; qualify: number | null } | null,
): Values {
  const points: Record<string, number> = stored?.points ?? DEFAULT_POINTS;
  return {
    name: stored?.name ?? "",
    ...Object.fromEntries(pointsFields.map(({ key }) => [`points.${key}`, String(points[key] ?? "")])),
    bestOf: stored?.bestOf === null || stored?.bestOf === undefined ? "" : String(stored.bestOf),
    qualify: stored?.qualify === null || stored?.qualify === undefined ? "" : String(stored.qualify),
  };
}

export function SeriesFields({
  id,
  values,
  errors = {},
  pointsLocked,
}: {
  /** Prefixes the inputs' ids (two forms may share a page). */
  id: string;
  values: Values;
  errors?: Record<string, string>;
  /** Why the points can no longer change, or null. */
  pointsLocked?: string | null;
}) {
  const field = (name: string, label: string, hint?: string, extra: { disabled?: boolean; wide?: boolean } = {}) => {
    const inputId = `${id}-${name.replace(/\W/g, "-")}`;
    const error = errors[name];
    const describedBy = [hint ? `${inputId}-hint` : null, error ? `${inputId}-error` : null].filter(Boolean);
    return (
      <div className="space-y-1.5">
        <label htmlFor={inputId} className={labelClass}>
          {label}
        </label>
        <input
          id={inputId}
          name={name}
          defaultValue={values[name] ?? ""}
          inputMode={extra.wide ? undefined : "numeric"}
          autoComplete="off"
          disabled={extra.disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy.length > 0 ? describedBy.join(" ") : undefined}
          className={`${inputClass} ${extra.disabled ? "cursor-not-allowed opacity-60" : ""}`}
        />
        {hint ? (
          <p id={`${inputId}-hint`} className={hintClass}>
            {hint}
          </p>
        ) : null}
        <FieldError id={`${inputId}-error`} errors={error ? [error] : undefined} />
      </div>
    );
  };
  const locked = Boolean(pointsLocked);
  return (
    <div className="space-y-4">
      {field("name", "Series name", undefined, { wide: true })}
      <fieldset className="space-y-2">
        <legend className={labelClass}>Points by finishing place</legend>
        {pointsLocked ? (
          <p className="text-sm font-medium text-amber-800 dark:text-amber-300" data-testid="points-locked">
            {`Locked: ${pointsLocked}.`}
          </p>
        ) : null}
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          {pointsFields.map(({ key, label }) => (
            <div key={key}>{field(`points.${key}`, label, undefined, { disabled: locked })}</div>
          ))}
        </div>
        <FieldError id={`${id}-points-error`} errors={errors.points ? [errors.points] : undefined} />
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        {field("bestOf", "Best nights count (optional)", "Only each player's best N nights score. Empty: all.")}
        {field("qualify", "Top places qualify (optional)", "A line under the top N on the ranking. Empty: none.")}
      </div>
    </div>
  );
}
