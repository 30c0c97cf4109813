// The table page's dialogs, each opened by its address (?delete=, ?new-code=, ?send=) so they work without
// JavaScript: deleting a table, giving it a new code, sending its tablet to another table.
import { ConfirmDialog } from "~/components/confirm-dialog.tsx";
import { inputClass } from "~/components/styles.ts";
import { useNavigation } from "react-router";

type Table = { id: string; name: string; accessCode: string };

export function DeleteTableDialog({ table: target, busy }: { table: Table | undefined; busy: boolean }) {
  return (
    <ConfirmDialog
      open={Boolean(target)}
      title={`Delete ${target?.name ?? ""}?`}
      description="This will remove the table and its access code. Any tablets using this code will no longer work."
      confirmLabel="Delete"
      cancelTo="/td/tables"
      destructive
      busy={busy}
    >
      <input type="hidden" name="intent" value="delete" />
      <input type="hidden" name="tableId" value={target?.id ?? ""} />
    </ConfirmDialog>
  );
}

/** A code seen by the wrong people is replaced; the tablets using it are disconnected. */
export function NewCodeDialog({ table: renewed, busy }: { table: Table | undefined; busy: boolean }) {
  return (
    <ConfirmDialog
      open={Boolean(renewed)}
      title={`Give ${renewed?.name ?? ""} a new code?`}
      description={
        `Tablets using ${renewed?.accessCode ?? "the old code"} will be disconnected and show ` +
        "'Invalid access code' until the new code is entered."
      }
      confirmLabel="New code"
      cancelTo="/td/tables"
      busy={busy}
    >
      <input type="hidden" name="intent" value="new-code" />
      <input type="hidden" name="tableId" value={renewed?.id ?? ""} />
    </ConfirmDialog>
  );
}

/** "Send a tablet to another table": the tablet at `from` follows to the table chosen (decision 024). */
export function SendTablet({
  from,
  tables,
}: {
  from: { id: string; name: string } | undefined;
  tables: { id: string; name: string }[];
}) {
  const navigation = useNavigation();
  const others = tables.filter((t) => t.id !== from?.id);
  return (
    <ConfirmDialog
      open={Boolean(from)}
      title={`Send ${from?.name ?? ""}'s tablet to another table`}
      description={
        others.length > 0
          ? "The tablet showing this table's scoreboard switches to the table you choose, and stays there."
          : "There is no other table to send it to: add one first."
      }
      confirmLabel="Send tablet"
      cancelTo="/td/tables"
      instead={others.length > 0 ? undefined : { to: "/td/tables", label: "Add a table" }}
      busy={navigation.state !== "idle" && navigation.formData?.get("intent") === "send-tablet"}
    >
      <input type="hidden" name="intent" value="send-tablet" />
      <input type="hidden" name="tableId" value={from?.id ?? ""} />
      {others.length > 0 ? (
        <>
          <label htmlFor="send-to" className="block text-sm font-medium">
            Send it to
          </label>
          <select id="send-to" name="toTableId" required className={`${inputClass} mt-1.5`}>
            {others.map((t) => (
              <option key={t.id} value={t.id}>
                {t.name}
              </option>
            ))}
          </select>
        </>
      ) : null}
    </ConfirmDialog>
  );
}
