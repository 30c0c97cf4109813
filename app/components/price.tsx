// A price as a player reads it (headlinePrice): the total first and strongest, the split beside it.
import type { HeadlinePrice } from "~/features/money/domain/headline-price.ts";

export function Price({
  price,
  className = "",
  totalClassName = "font-semibold tabular-nums",
}: {
  price: HeadlinePrice;
  className?: string;
  totalClassName?: string;
}) {
  return (
    <span className={className}>
      <span className={totalClassName}>{price.total}</span>
      {price.per ? ` ${price.per}` : null}
      {price.split ? (
        <span className="text-slate-600 dark:text-slate-300">
          {" — "}
          {price.split}
        </span>
      ) : null}
    </span>
  );
}
