// A read-only value with a Copy button. Without JavaScript the text can be
// selected and copied by hand.
import { useToast } from "./toaster.tsx";

export function CopyBox({ label, value, copiedMessage }: { label: string; value: string; copiedMessage: string }) {
  const { show } = useToast();
  const id = `copy-${label.replace(/\W+/g, "-").toLowerCase()}`;
  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      show({ type: "success", title: "Copied!", description: copiedMessage });
    } catch {
      show({ type: "error", title: "Failed to copy", description: "Select the text and copy it instead." });
    }
  }
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          readOnly
          value={value}
          onFocus={(event) => event.currentTarget.select()}
          className={
            "block w-full min-w-0 rounded-lg border border-slate-300 bg-slate-50 px-3 py-2 text-sm " +
            "dark:border-slate-700 dark:bg-slate-950"
          }
        />
        <button type="button" onClick={copy} className="btn-secondary shrink-0">
          Copy
        </button>
      </div>
    </div>
  );
}
