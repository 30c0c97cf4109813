// The director's seed order while open: a number per entry, saved in one go. With JavaScript the same
// form's list can also be put in order by dragging a handle (pointer events, so touch works too) or with the
// arrow keys on a focused handle; the numbers follow and Save posts them as before.
import { type KeyboardEvent, type PointerEvent, type RefObject, useEffect, useRef, useState } from "react";
import { Form } from "react-router";
import { useHydrated } from "~/components/hydrated.ts";
import { fieldSurfaceClass } from "~/components/styles.ts";
import { pageActionPath } from "~/features/tournaments/domain/page-actions.ts";
import { Panel } from "./panel.tsx";

type Seed = { playerId: string; name: string; seed: number | null };

export function SeedingForm({ seeds, slug, open }: { seeds: Seed[]; slug: string; open: boolean }) {
  const hydrated = useHydrated();
  return (
    <Panel
      id="seeding"
      titleId="seeding-heading"
      title="Seeding"
      summary={seeds.length === 0 ? "No paid entries yet" : `${seeds.length} entries to put in order`}
      open={open}
      className="mt-6"
    >
      {seeds.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">Paid entries appear here to be put in order.</p>
      ) : (
        <Form
          method="post"
          navigate={false}
          action={pageActionPath(slug, "play")}
          className="space-y-3"
          preventScrollReset
        >
          <input type="hidden" name="intent" value="seeds" />
          <p id="seeding-help" className="text-sm text-slate-600 dark:text-slate-300">
            {hydrated
              ? "Drag the entries into order by their handles (or focus a handle and use the arrow keys), or number " +
                "them from 1 (top seed). "
              : "Number the entries from 1 (top seed). "}
            Seeds meet as late as the format allows; anyone paid after you save is drawn after them.
          </p>
          {hydrated ? (
            <SortableSeeds seeds={seeds} />
          ) : (
            <ol className="space-y-2">
              {seeds.map((entry, index) => (
                <li key={entry.playerId} className="flex items-center gap-3">
                  <input
                    type="number"
                    name={`seed:${entry.playerId}`}
                    id={`seed-${entry.playerId}`}
                    min={1}
                    max={seeds.length}
                    defaultValue={entry.seed ?? index + 1}
                    className={`w-20 ${fieldSurfaceClass} px-3 py-2 text-base`}
                  />
                  <label htmlFor={`seed-${entry.playerId}`} className="font-medium">
                    {entry.name}
                  </label>
                </li>
              ))}
            </ol>
          )}
          <button type="submit" className="btn-primary">
            Save order
          </button>
        </Form>
      )}
    </Panel>
  );
}

/** `order` with `id` moved to index `to` (kept within the list). */
function moved(order: readonly string[], id: string, to: number): string[] {
  const from = order.indexOf(id);
  const target = Math.max(0, Math.min(order.length - 1, to));
  if (from < 0 || target === from) return [...order];
  const next = order.filter((other) => other !== id);
  next.splice(target, 0, id);
  return next;
}

// The order the numbers without JavaScript would give: by number, ties in the listed order.
function listedOrder(seeds: readonly Seed[]): string[] {
  return seeds
    .map((entry, index) => ({ id: entry.playerId, at: entry.seed ?? index + 1, index }))
    .sort((a, b) => a.at - b.at || a.index - b.index)
    .map((entry) => entry.id);
}

function SortableSeeds({ seeds }: { seeds: Seed[] }) {
  const [arranged, setOrder] = useState(() => listedOrder(seeds));
  const names = new Map(seeds.map((entry) => [entry.playerId, entry.name]));
  // The page reads the entries again after any action: someone paid since joins the end, a refunded entry leaves.
  const order = [
    ...arranged.filter((id) => names.has(id)),
    ...listedOrder(seeds).filter((id) => !arranged.includes(id)),
  ];
  const [typed, setTyped] = useState<Record<string, string>>({});
  const [announcement, setAnnouncement] = useState("");
  const rows = useRef(new Map<string, HTMLLIElement>());
  const handles = useRef(new Map<string, HTMLButtonElement>());
  const refocus = useRef<string | null>(null);

  // Moving a row moves its element, which can lose focus: the handle that moved it gets it back.
  useEffect(() => {
    if (refocus.current === null) return;
    handles.current.get(refocus.current)?.focus();
    refocus.current = null;
  });

  const announce = (id: string, next: readonly string[]) =>
    setAnnouncement(`${names.get(id) ?? "Entry"} moved to seed ${next.indexOf(id) + 1}`);
  const moveTo = (id: string, to: number) => {
    const next = moved(order, id, to);
    setOrder(next);
    return next;
  };
  const { dragging, onPointerDown } = useDragToOrder({ order, announce, setOrder, rows });

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, id: string) => {
    const at = order.indexOf(id);
    const to = { ArrowUp: at - 1, ArrowDown: at + 1, Home: 0, End: order.length - 1 }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    if (to < 0 || to >= order.length || to === at) return;
    refocus.current = id;
    announce(id, moveTo(id, to));
  };
  const onNumber = (id: string) => {
    const value = typed[id];
    setTyped(({ [id]: _, ...rest }) => rest);
    if (value === undefined || !/^\d{1,3}$/.test(value.trim())) return;
    const to = Number(value) - 1;
    if (to === order.indexOf(id)) return;
    announce(id, moveTo(id, to));
  };

  return (
    <>
      <ol className="space-y-2">
        {order.map((id, index) => (
          <SeedRow
            key={id}
            id={id}
            name={names.get(id) ?? ""}
            seed={index + 1}
            count={order.length}
            lifted={dragging === id}
            typed={typed[id]}
            rows={rows.current}
            handles={handles.current}
            onPointerDown={(event) => onPointerDown(event, id)}
            onKeyDown={(event) => onKeyDown(event, id)}
            onType={(value) => setTyped((all) => ({ ...all, [id]: value }))}
            onNumber={() => onNumber(id)}
          />
        ))}
      </ol>
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </>
  );
}

/**
 * Dragging an entry by its handle: while the pointer is down the window follows it (the handle's own events stop
 * when React moves its row), the entry taking its place after every row whose middle the pointer has passed.
 */
function useDragToOrder({
  order,
  announce,
  setOrder,
  rows,
}: {
  order: string[];
  announce: (id: string, next: readonly string[]) => void;
  setOrder: (order: string[]) => void;
  rows: RefObject<Map<string, HTMLLIElement>>;
}) {
  const [dragging, setDragging] = useState<string | null>(null);
  const dragStart = useRef(-1);
  const latest = useRef({ order, announce });
  latest.current = { order, announce };
  useEffect(() => {
    if (dragging === null) return;
    const id = dragging;
    const follow = (event: globalThis.PointerEvent) => {
      const current = latest.current.order;
      // Its place is after every other row whose middle the pointer has passed.
      let to = 0;
      for (const other of current) {
        const rect = other === id ? null : rows.current.get(other)?.getBoundingClientRect();
        if (rect && event.clientY > rect.top + rect.height / 2) to += 1;
      }
      if (to === current.indexOf(id)) return;
      // Pointer events can outrun rendering: the next one starts from this order.
      latest.current.order = moved(current, id, to);
      setOrder(latest.current.order);
    };
    const drop = () => {
      setDragging(null);
      const { order: current, announce: say } = latest.current;
      if (current.indexOf(id) !== dragStart.current) say(id, current);
    };
    window.addEventListener("pointermove", follow);
    window.addEventListener("pointerup", drop);
    window.addEventListener("pointercancel", drop);
    return () => {
      window.removeEventListener("pointermove", follow);
      window.removeEventListener("pointerup", drop);
      window.removeEventListener("pointercancel", drop);
    };
  }, [dragging, rows, setOrder]);

  const onPointerDown = (event: PointerEvent<HTMLButtonElement>, id: string) => {
    if (event.button !== 0) return;
    event.preventDefault();
    dragStart.current = order.indexOf(id);
    setDragging(id);
  };
  return { dragging, onPointerDown };
}

/** One entry in the order: its handle (dragged, or moved with the arrow keys), its seed number and its name. */
function SeedRow({
  id,
  name,
  seed,
  count,
  lifted,
  typed,
  rows,
  handles,
  onPointerDown,
  onKeyDown,
  onType,
  onNumber,
}: {
  id: string;
  name: string;
  seed: number;
  count: number;
  /** Being dragged. */
  lifted: boolean;
  /** The number being typed in its box, until the box is left. */
  typed: string | undefined;
  rows: Map<string, HTMLLIElement>;
  handles: Map<string, HTMLButtonElement>;
  onPointerDown: (event: PointerEvent<HTMLButtonElement>) => void;
  onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => void;
  onType: (value: string) => void;
  onNumber: () => void;
}) {
  return (
    <li
      ref={(element) => {
        if (element) rows.set(id, element);
        else rows.delete(id);
      }}
      className={`flex items-center gap-3 rounded-lg ${
        lifted ? "bg-baize-50 shadow-md ring-2 ring-baize-600 dark:bg-baize-950 dark:ring-baize-400" : ""
      }`}
    >
      <button
        type="button"
        ref={(element) => {
          if (element) handles.set(id, element);
          else handles.delete(id);
        }}
        aria-label={`Move ${name}, seed ${seed}`}
        aria-describedby="seeding-help"
        onPointerDown={onPointerDown}
        onKeyDown={onKeyDown}
        className={
          "flex h-11 w-11 shrink-0 touch-none select-none items-center justify-center rounded-lg " +
          `text-slate-500 hover:bg-slate-100 dark:text-slate-400 dark:hover:bg-slate-800 ${
            lifted ? "cursor-grabbing" : "cursor-grab"
          }`
        }
      >
        <svg viewBox="0 0 20 20" aria-hidden="true" className="h-5 w-5 fill-current">
          {[5, 10, 15].flatMap((y) => [7, 13].map((x) => <circle key={`${x}-${y}`} cx={x} cy={y} r={1.6} />))}
        </svg>
      </button>
      <input
        type="number"
        name={`seed:${id}`}
        id={`seed-${id}`}
        min={1}
        max={count}
        value={typed ?? String(seed)}
        onChange={(event) => onType(event.target.value)}
        onBlur={onNumber}
        className={`w-20 ${fieldSurfaceClass} px-3 py-2 text-base`}
      />
      <label htmlFor={`seed-${id}`} className="min-w-0 break-words font-medium">
        {name}
      </label>
    </li>
  );
}
